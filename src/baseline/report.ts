import { createColors } from '../reports/colors.js';
import {
  REGRESSION_TEXT,
  STATUS_TEXT,
  baselineSourceText,
  casesText,
  itemFailureText,
  thresholdsText,
  trialCaseText,
  trialSignTestText,
  trialsText,
  TRIALS_TEXT,
  verdictText,
} from './text.js';
import { escapeMarkdown as md, escapeXml as xml } from '../reports/escape.js';
import { caseXml, type TestCase } from '../reports/junit.js';
import { table } from '../reports/markdown.js';
import { displayText } from '../reports/text.js';
import type { CaseChange, Regression, RegressionItem, TrialCaseChange } from './compare.js';

/*
 * The views of a comparison: a console table, a Markdown job summary and JUnit XML (one test case per
 * metric). Texts from the input (file names, case ids, issues) are redacted and escaped for each format.
 */

/** A share as 0.850, a count as 3, a missing value as n/a. */
function valueText(item: RegressionItem, value: number | null): string {
  if (value === null) return REGRESSION_TEXT.notAvailable;
  return item.unit === 'count' ? String(value) : value.toFixed(3);
}

/** A delta with its sign: +0.050, -2, 0.000. */
function deltaText(item: RegressionItem): string {
  if (item.delta === null) return REGRESSION_TEXT.notAvailable;
  const text = item.unit === 'count' ? String(Math.abs(item.delta)) : Math.abs(item.delta).toFixed(3);
  return item.delta > 0 ? `+${text}` : item.delta < 0 && Number(text) !== 0 ? `-${text}` : text;
}

function ruleText(item: RegressionItem): string {
  return item.threshold === null ? REGRESSION_TEXT.safetyRule : `threshold ${item.threshold}`;
}

function rowOf(item: RegressionItem): string[] {
  return [
    item.metric,
    valueText(item, item.baseline),
    valueText(item, item.current),
    deltaText(item),
    STATUS_TEXT[item.status],
  ];
}

function caseRow(change: CaseChange): string[] {
  return [
    displayText(change.id),
    change.baseline_score.toFixed(3),
    change.current_score.toFixed(3),
    `-${Math.abs(change.delta).toFixed(3)}`,
    change.top_issue === null ? REGRESSION_TEXT.noIssue : displayText(change.top_issue.problem),
  ];
}

/** The verdict of a regression, counting the cases of trials that regressed. */
function verdictOf(regression: Regression): string {
  const trials = regression.trials;
  return verdictText(
    regression.passed,
    regression.regression_count,
    regression.improvement_count,
    trials === undefined ? undefined : { flaky: trials.became_flaky, failing: trials.stopped_passing },
  );
}

/** A regressed case of trials, and what went wrong in its first failed trial. */
function trialCaseLine(change: TrialCaseChange): string {
  const issue = change.error ?? change.top_issue?.problem;
  return displayText(
    `${trialCaseText(change.id, change.change, change.baseline, change.current)}${issue === undefined ? '' : ` (${issue})`}`,
  );
}

/** The trials section: the counts, the sign test, the cases that regressed. */
function trialLines(regression: Regression): { summary: string; signTest: string; cases: string[] } | undefined {
  const trials = regression.trials;
  if (trials === undefined) return undefined;
  const { better, worse, ties, p_value } = trials.sign_test;
  return {
    summary: trialsText(trials.success, trials.min_score, trials.compared, trials.became_flaky, trials.stopped_passing),
    signTest: trialSignTestText(better, worse, ties, p_value),
    cases: trials.regressed_cases.map(trialCaseLine),
  };
}

function aligned(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, k) => Math.max(...rows.map((row) => row[k]!.length)));
  return rows.map((row) =>
    row
      .map((cell, k) => (k === 0 || k === row.length - 1 ? cell.padEnd(widths[k]!) : cell.padStart(widths[k]!)))
      .join('  ')
      .trimEnd(),
  );
}

/** The console view: verdict, the baseline, the metric table, what thresholds mean, warnings, the worst cases. */
export function renderRegressionConsole(regression: Regression, options: { color?: boolean } = {}): string {
  const colors = createColors(options.color === true);
  const lines = [
    (regression.passed ? colors.green : colors.red)(verdictOf(regression)),
    displayText(
      baselineSourceText(regression.baseline.file, regression.baseline.format, regression.baseline.created_at),
    ),
    '',
  ];
  const rows = aligned([REGRESSION_TEXT.columns, ...regression.items.map(rowOf)]);
  lines.push(
    rows[0]!,
    ...rows.slice(1).map((row, k) => {
      const status = regression.items[k]!.status;
      return status === 'regressed' ? colors.red(row) : status === 'improved' ? colors.green(row) : row;
    }),
    '',
    thresholdsText(regression.thresholds.default, regression.thresholds.per_metric),
  );
  if (regression.cases) {
    const { compared, added, removed, regressed, worst } = regression.cases;
    lines.push('', casesText(compared, added, removed, regressed));
    if (worst.length > 0)
      lines.push(
        '',
        `${REGRESSION_TEXT.worstCases}:`,
        ...aligned([REGRESSION_TEXT.caseColumns, ...worst.map(caseRow)]),
      );
  }
  const trials = trialLines(regression);
  if (trials !== undefined) {
    lines.push('', trials.summary, trials.signTest);
    if (trials.cases.length > 0)
      lines.push('', `${TRIALS_TEXT.regressedTitle}:`, ...trials.cases.map((text) => colors.red(`  ${text}`)));
  }
  for (const warning of regression.warnings) lines.push(colors.yellow(`warning: ${displayText(warning)}`));
  return `${lines.join('\n')}\n`;
}

/** The Markdown view, for a job summary or a pull-request comment. */
export function renderRegressionMarkdown(regression: Regression): string {
  const verdict = verdictOf(regression);
  const lines = [
    `## ${regression.passed ? '✅' : '❌'} ${REGRESSION_TEXT.title}: ${md(verdict)}`,
    '',
    md(
      displayText(
        baselineSourceText(regression.baseline.file, regression.baseline.format, regression.baseline.created_at),
      ),
    ),
    '',
    ...table(
      REGRESSION_TEXT.columns,
      regression.items.map((item) => {
        const [metric, ...rest] = rowOf(item);
        const row = [md(metric!), ...rest.map(md)];
        if (item.status === 'regressed') row[4] = `❌ **${row[4]}**`;
        return row;
      }),
      ['l', 'r', 'r', 'r'],
    ),
    '',
    md(thresholdsText(regression.thresholds.default, regression.thresholds.per_metric)),
  ];
  for (const warning of regression.warnings) lines.push('', `⚠️ ${md(displayText(warning))}`);
  if (regression.cases) {
    const { compared, added, removed, regressed, worst } = regression.cases;
    lines.push('', md(casesText(compared, added, removed, regressed)));
    if (worst.length > 0)
      lines.push(
        '',
        `### ${REGRESSION_TEXT.worstCases}`,
        '',
        ...table(
          REGRESSION_TEXT.caseColumns,
          worst.map((change) => caseRow(change).map(md)),
          ['l', 'r', 'r', 'r'],
        ),
      );
  }
  const trials = trialLines(regression);
  if (trials !== undefined) {
    lines.push('', md(trials.summary), '', md(trials.signTest));
    if (trials.cases.length > 0)
      lines.push('', `### ${TRIALS_TEXT.regressedTitle}`, '', ...trials.cases.map((text) => `- ❌ ${md(text)}`));
  }
  return `${lines.join('\n')}\n`;
}

/** JUnit XML: one test case per metric, failing when it regressed. */
export function renderRegressionJunit(regression: Regression): string {
  const cases: TestCase[] = regression.items.map((item) => {
    const testCase: TestCase = { name: item.metric, classname: 'toolscore.regression', time: 0 };
    if (item.status === 'regressed') {
      const message = itemFailureText(
        item.metric,
        valueText(item, item.baseline),
        valueText(item, item.current),
        ruleText(item),
      );
      testCase.failure = { type: 'regression', message, body: `${message}\ndelta: ${deltaText(item)}` };
    }
    return testCase;
  });
  for (const change of regression.trials?.regressed_cases ?? []) {
    const message = trialCaseLine(change);
    cases.push({
      name: `case ${displayText(change.id)}`,
      classname: 'toolscore.regression',
      time: 0,
      failure: { type: 'regression', message, body: message },
    });
  }
  const failures = cases.filter((testCase) => testCase.failure).length;
  const out = [
    verdictOf(regression),
    thresholdsText(regression.thresholds.default, regression.thresholds.per_metric),
    ...regression.warnings.map((warning) => `warning: ${displayText(warning)}`),
  ].join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite package="toolscore" id="0" name="${REGRESSION_TEXT.suiteName}" timestamp="${regression.created_at.slice(0, 19)}" hostname="localhost" tests="${cases.length}" failures="${failures}" errors="0" skipped="0" time="0">`,
    '    <properties>',
    `      <property name="baseline" value="${xml(displayText(regression.baseline.file))}"/>`,
    `      <property name="threshold" value="${regression.thresholds.default}"/>`,
    `      <property name="toolscore_version" value="${xml(regression.toolscore_version)}"/>`,
    '    </properties>',
    ...cases.map(caseXml),
    `    <system-out>${xml(out)}</system-out>`,
    '    <system-err/>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** `regression.json`: the comparison as it is, file names and issues redacted. */
export function renderRegressionJson(regression: Regression): string {
  return `${JSON.stringify(regression, (key, value: unknown) => (typeof value === 'string' && key !== 'created_at' ? displayText(value) : value), 2)}\n`;
}
