import { resolve } from 'node:path';
import {
  FAILURE_TABLE,
  REPORT_TEXT,
  callCaseText,
  coveredByText,
  gateText,
  sourcesText,
  turnCaseText,
} from '../text/report.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { escapeXml as xml } from './escape.js';
import { buildReportView, type IssueView, type ReportOptions, type ReportView } from './view-model.js';

/*
 * JUnit XML as the Apache Ant JUnit schema describes it (the layout CI test views read): <testsuites>
 * without attributes, then per evaluation a <testsuite> with package, id, name, timestamp (no time
 * zone), hostname, counts and time, holding <properties>, the test cases, <system-out> and <system-err>.
 */

/** The classname of the test cases about the whole evaluation and about single calls. */
const SUITE_CLASS = 'toolscore';
const CALL_CLASS = 'toolscore.calls';
const TURN_CLASS = 'toolscore.turns';

/** One test case before it is written. */
export interface TestCase {
  name: string;
  classname: string;
  /** Seconds. */
  time: number;
  /** A check that did not pass. */
  failure?: TestOutcome;
  /** A case that could not be run (batch cases that could not be read or scored). */
  error?: TestOutcome;
}

/** What a <failure> or <error> element says. */
export interface TestOutcome {
  type: string;
  message: string;
  body: string;
}

function issueLines(issues: readonly IssueView[]): string {
  return issues.map((issue, k) => `${k + 1}. ${issue.problem}\n   fix: ${issue.fix}`).join('\n');
}

/** The score test case: it fails when the score is below --min-score, or without one when the verdict is FAIL. */
function scoreCase(view: ReportView): TestCase {
  const summary = view.verdictLine;
  const passed = view.gate ? view.gate.passed : view.verdict !== 'FAIL';
  const testCase: TestCase = { name: REPORT_TEXT.scoreCase, classname: SUITE_CLASS, time: 0 };
  if (!passed) {
    const message = view.gate ? gateText(view.scoreText, view.gate.minScoreText, false) : summary;
    const body = [summary, view.requiredCalls?.text ?? '', `${REPORT_TEXT.topIssues}:`, issueLines(view.topIssues)]
      .filter(Boolean)
      .join('\n');
    testCase.failure = { type: 'score', message, body };
  }
  return testCase;
}

/** The behaviour-and-safety test case: it fails on error findings (forbidden calls, credentials, broken budgets, tools not offered). */
function safetyCase(view: ReportView): TestCase {
  const testCase: TestCase = { name: REPORT_TEXT.safetyCase, classname: SUITE_CLASS, time: 0 };
  const errors = view.findings.filter((finding) => finding.severity === 'error');
  if (errors.length > 0) {
    const body = view.findings.map((finding) => `${finding.severity.toUpperCase()} ${finding.message}`).join('\n');
    testCase.failure = { type: 'behavior_and_safety', message: errors[0]!.message, body };
  }
  return testCase;
}

/**
 * The outcome-checks test case (only when the gold checks outcomes): it fails on any failed check, the
 * first failure its message, every failure and the state diff its body.
 */
function outcomeCases(view: ReportView): TestCase[] {
  const outcomes = view.outcomes;
  if (outcomes === null) return [];
  const testCase: TestCase = { name: REPORT_TEXT.outcomesCase, classname: SUITE_CLASS, time: 0 };
  const first = outcomes.failures[0];
  if (first !== undefined) {
    const counts = outcomes.counts.map((count) => count.text).join(', ');
    const state = view.state;
    const body = [
      `${outcomes.summary}: ${counts}`,
      ...outcomes.failures.map((failure) => `${failure.label}: ${failure.message}`),
      ...(state === null
        ? []
        : [
            `${REPORT_TEXT.stateChanges}: ${state.summary}`,
            ...state.changes.map(
              (change) =>
                `${change.text} (${change.unexpected ? REPORT_TEXT.unexpected : coveredByText(change.coveredText)})`,
            ),
          ]),
    ];
    testCase.failure = { type: 'outcome', message: first.message, body: body.join('\n') };
  }
  return [testCase];
}

/** One test case per turn of a conversation; it fails unless the turn's verdict is PASS, with the turn's Top issues. */
function turnCases(view: ReportView): TestCase[] {
  if (view.turns === null) return [];
  return view.turns.rows.map((turn) => {
    const testCase: TestCase = { name: turnCaseText(turn.turn), classname: TURN_CLASS, time: 0 };
    if (turn.verdict !== 'PASS') {
      const first = turn.issues[0];
      const message = turn.reached ? (first?.problem ?? turn.verdictLine) : REPORT_TEXT.notReached;
      testCase.failure = {
        type: turn.reached ? (first?.kind ?? 'score') : 'not_reached',
        message,
        body: [turn.verdictLine, issueLines(turn.issues)].filter(Boolean).join('\n'),
      };
    }
    return testCase;
  });
}

/** One test case per row of the expected-vs-actual table; it fails unless the row matched, with the Top issues about its calls. */
function callCases(view: ReportView): TestCase[] {
  return view.calls.map((row) => {
    const tool = (row.expected ?? row.actual)!.tool;
    const testCase: TestCase = {
      name: callCaseText(row.expected?.number ?? null, row.actual?.number ?? null, tool),
      classname: CALL_CLASS,
      time: row.actual?.duration ?? 0,
    };
    if (row.status !== 'match' || row.issues.length > 0) {
      const [, expected, actual, status] = FAILURE_TABLE.columns;
      const sides = [
        `${expected}: ${row.expected?.text ?? FAILURE_TABLE.none}`,
        `${actual}: ${row.actual?.text ?? FAILURE_TABLE.none}`,
        `${status}: ${row.statusText}`,
      ];
      const first = row.issues[0];
      testCase.failure = {
        type: first?.kind ?? row.status,
        message: first?.problem ?? row.statusText,
        body: [issueLines(row.issues), ...sides].filter(Boolean).join('\n'),
      };
    }
    return testCase;
  });
}

/** A decimal for the schema's `time` (xs:decimal: no exponent). */
export function seconds(value: number): string {
  return Number.isFinite(value) && value > 0 ? value.toFixed(3) : '0';
}

/** A <testcase> element, indented for its place in a <testsuite>, with its <failure> or <error>. */
export function caseXml(testCase: TestCase): string {
  const open = `    <testcase name="${xml(testCase.name)}" classname="${testCase.classname}" time="${seconds(testCase.time)}"`;
  const element = testCase.error ? 'error' : testCase.failure ? 'failure' : null;
  if (element === null) return `${open}/>`;
  const { type, message, body } = (testCase.error ?? testCase.failure)!;
  return `${open}>\n      <${element} message="${xml(message)}" type="${xml(type)}">${xml(body)}</${element}>\n    </testcase>`;
}

/**
 * The JUnit XML report: one <testsuite> per evaluation, with a test case for the score, one for
 * behaviour and safety, one for the outcome checks when the gold has any, one per turn of a conversation, and one per expected-vs-actual row, failing with the Top issues. Well-formed
 * whatever the input holds: markup characters are escaped and characters XML 1.0 forbids replaced.
 */
export function renderReportJunit(view: ReportView): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>', ...suiteLines(view, 0), '</testsuites>', ''].join(
    '\n',
  );
}

/** The <testsuite> of one evaluation; `id` counts suites from 0 in a document. */
function suiteLines(view: ReportView, id: number): string[] {
  const cases = [scoreCase(view), safetyCase(view), ...outcomeCases(view), ...turnCases(view), ...callCases(view)];
  const failures = cases.filter((testCase) => testCase.failure).length;
  const time = view.calls.reduce((sum, row) => sum + (row.actual?.duration ?? 0), 0);
  const name =
    view.goldFile !== null && view.traceFile !== null ? sourcesText(view.goldFile, view.traceFile) : REPORT_TEXT.title;
  const properties: [string, string][] = [
    ['score', String(view.score)],
    ['grade', view.grade],
    ['verdict', view.verdict],
    ...(view.gate ? [['min_score', String(view.gate.minScore)] as [string, string]] : []),
    ...(view.requiredCalls ? [['required_call_recall', String(view.requiredCalls.recall)] as [string, string]] : []),
    ...(view.outcomes ? [['outcome_rate', String(view.outcomes.rate)] as [string, string]] : []),
    ...(view.turns
      ? [
          ['turn_pass_rate', String(view.turns.passRate)] as [string, string],
          ['first_failing_turn', String(view.turns.firstFailingTurn ?? '')] as [string, string],
        ]
      : []),
    ['toolscore_version', view.version],
  ];
  // The schema's timestamp has no time zone: the report's UTC time, to the second.
  const timestamp = view.generatedAt.slice(0, 19);
  const summary = [view.verdictLine, view.requiredCalls?.text ?? '', ...view.warnings].filter(Boolean).join('\n');
  return [
    `  <testsuite package="toolscore" id="${id}" name="${xml(name)}" timestamp="${timestamp}" hostname="localhost" tests="${cases.length}" failures="${failures}" errors="0" skipped="0" time="${seconds(time)}">`,
    '    <properties>',
    ...properties.map(([key, value]) => `      <property name="${key}" value="${xml(value)}"/>`),
    '    </properties>',
    ...cases.map(caseXml),
    `    <system-out>${xml(summary)}</system-out>`,
    '    <system-err/>',
    '  </testsuite>',
  ];
}

/** Writes the JUnit XML report to `path` atomically (folders created as needed); returns the absolute path. */
export async function generateJunitReport(
  result: EvaluationResult,
  path: string,
  options: ReportOptions = {},
): Promise<string> {
  await writeFileAtomic(path, renderReportJunit(buildReportView(result, options)));
  return resolve(path);
}
