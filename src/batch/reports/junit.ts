import { meetsMinScore } from '../../core/grade.js';
import { REPORT_COLUMNS, gateText } from '../../text/report.js';
import { BATCH_COLUMNS, BATCH_TEXT, caseFailureText, inputLineText, trialCaseName, trialOutcomeText } from './text.js';
import { escapeXml as xml } from '../../reports/escape.js';
import { type TestCase, caseXml } from '../../reports/junit.js';
import { displayText, percent } from '../../reports/text.js';
import type { BatchLine, BatchScoredLine } from '../types.js';
import {
  type BatchReportInput,
  buildBatchView,
  buildCaseView,
  effectiveMinScore,
  errorCaseView,
  gatePassRateText,
  isScored,
  type TrialsView,
} from './view.js';

/*
 * The batch as JUnit XML in the Apache Ant layout the single report uses (src/reports/junit.ts): one
 * <testsuite>, one <testcase> per case in dataset order (name = the case id, classname toolscore.batch).
 * A case fails below the minimum score (without one, on a FAIL verdict); a case that could not be read or
 * scored is an <error>. The suite's counts come first in the file, so the lines are read twice: once to
 * count, once to write.
 */

const CASE_CLASS = 'toolscore.batch';

/** Test cases written per chunk. */
const CASES_PER_CHUNK = 500;

/** Whether a scored case fails: below the minimum score, or without one, on a FAIL verdict. */
function failsCase(line: BatchScoredLine, minScore: number | null): boolean {
  return minScore === null ? line.verdict === 'FAIL' : !meetsMinScore(line.score, minScore);
}

/** A line's test name: its id, and its trial when it is one of several runs of its case. */
function caseName(line: BatchLine): string {
  const id = displayText(line.id);
  return line.trial === undefined ? id : trialCaseName(id, line.trial);
}

function testCase(line: BatchLine, minScore: number | null): TestCase {
  const base: TestCase = { name: caseName(line), classname: CASE_CLASS, time: 0 };
  if (!isScored(line)) {
    const error = errorCaseView(line);
    const where = error.line === null ? '' : `${inputLineText(error.line)}: `;
    return { ...base, error: { type: 'input', message: error.error, body: `${where}${error.error}` } };
  }
  // Most cases pass: only a failing one needs its whole view.
  if (!failsCase(line, minScore)) return base;
  const view = buildCaseView(line);
  const gate = minScore === null ? view.verdictLine : gateText(view.scoreText, percent(minScore), false);
  const counts = [
    `${REPORT_COLUMNS.expectedCalls}: ${view.counts.expected}`,
    `${REPORT_COLUMNS.actualCalls}: ${view.counts.actual}`,
    `${BATCH_COLUMNS.failedCalls}: ${view.counts.failed}`,
    `${BATCH_COLUMNS.policyViolations}: ${view.counts.violations}`,
    `${BATCH_COLUMNS.secrets}: ${view.counts.secrets}`,
  ].join(' · ');
  const metrics = view.metrics.map((metric) => `${metric.label}: ${metric.text}`).join('\n');
  const issue = view.issue
    ? `${BATCH_TEXT.topIssue}: ${view.issue.problem}\n   fix: ${view.issue.fix}`
    : `${BATCH_TEXT.topIssue}: ${BATCH_TEXT.noIssue}`;
  return {
    ...base,
    failure: {
      type: 'score',
      message: caseFailureText(gate, view.issue?.problem ?? null),
      body: [
        view.verdictLine,
        view.turnsText === null ? '' : `${BATCH_TEXT.turns}: ${view.turnsText}`,
        counts,
        metrics,
        issue,
      ]
        .filter(Boolean)
        .join('\n'),
    },
  };
}

/** The trials in the suite's output: the headline, pass^k for each k, each flaky case with its trials. */
function trialsOut(trials: TrialsView | null): string[] {
  if (trials === null) return [];
  const lines = [
    `${BATCH_TEXT.trials}: ${trials.headline}`,
    trials.passK.map((row) => `pass^${row.k} ${row.passHatKText}`).join(' · '),
    trials.countsText,
  ];
  if (trials.flakyCount > 0) lines.push(`${BATCH_TEXT.flakyCases}:`);
  for (const flaky of trials.flaky) {
    lines.push(`${flaky.id}: ${flaky.passedText}`);
    for (const trial of flaky.trials)
      lines.push(
        `  ${
          'error' in trial
            ? trialOutcomeText(trial.trial, { error: trial.error })
            : trialOutcomeText(trial.trial, { score: trial.scoreText, verdict: trial.verdict, problem: trial.problem })
        }`,
      );
  }
  return lines;
}

/**
 * The batch JUnit report, in chunks: one suite whose properties hold the mean score, grade, gate and
 * counts, and one test case per results line.
 */
export async function* renderBatchJunit(input: BatchReportInput): AsyncIterable<string> {
  const view = await buildBatchView(input);
  const minScore = effectiveMinScore(input);
  let tests = 0;
  let failures = 0;
  let errors = 0;
  for await (const line of input.lines()) {
    tests++;
    if (!isScored(line)) errors++;
    else if (failsCase(line, minScore)) failures++;
  }
  const properties: [string, string][] = [
    ...(view.mean === null ? [] : [['mean_score', String(view.mean)] as [string, string]]),
    ...(view.grade === null ? [] : [['grade', view.grade] as [string, string]]),
    ['cases', String(view.cases.total)],
    ['scored', String(view.cases.scored)],
    ['failed_to_score', String(view.cases.failed)],
    ...(view.gate
      ? [
          ['min_score', String(view.gate.minScore)] as [string, string],
          ['pass_rate', String(view.cases.scored === 0 ? 0 : view.gate.passing / view.cases.scored)] as [
            string,
            string,
          ],
        ]
      : []),
    ...(view.trials === null
      ? []
      : [
          ...view.trials.passK.flatMap((row): [string, string][] => [
            [`pass_hat_k.${row.k}`, String(row.passHatK)],
            [`pass_at_k.${row.k}`, String(row.passAtK)],
          ]),
          ['flaky_cases', String(view.trials.flakyCount)] as [string, string],
        ]),
    ...(view.turns === null ? [] : [['mean_turn_pass_rate', String(view.turns.meanPassRate)] as [string, string]]),
    ['toolscore_version', view.version],
  ];
  // The schema's timestamp has no time zone: the report's UTC time, to the second.
  const timestamp = view.generatedAt.slice(0, 19);
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite package="toolscore" id="0" name="${xml(view.title)}" timestamp="${timestamp}" hostname="localhost" tests="${tests}" failures="${failures}" errors="${errors}" skipped="0" time="0">`,
    '    <properties>',
    ...properties.map(([key, value]) => `      <property name="${key}" value="${xml(value)}"/>`),
    '    </properties>',
    '',
  ].join('\n');
  let chunk: string[] = [];
  for await (const line of input.lines()) {
    chunk.push(caseXml(testCase(line, minScore)));
    if (chunk.length === CASES_PER_CHUNK) {
      yield `${chunk.join('\n')}\n`;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield `${chunk.join('\n')}\n`;
  const out = [
    view.headline,
    view.gate ? `${view.gate.text}; ${gatePassRateText(view.gate)}` : '',
    ...trialsOut(view.trials),
    view.turns === null ? '' : `${BATCH_TEXT.turns}: ${view.turns.headline}`,
  ].filter(Boolean);
  yield [
    `    <system-out>${xml(out.join('\n'))}</system-out>`,
    '    <system-err/>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
