import { type Colors, createColors } from './colors.js';
import { REPORT_COLUMNS, REPORT_TEXT, coveredByText, sourcesText } from '../text/report.js';
import { moreText } from '../text/values.js';
import type { Verdict } from '../core/grade.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { WEIGHT_NAMES } from '../core/weights.js';
import { displayText, percent } from './text.js';
import { HEADLINE_METRICS, buildReportView, type Band, type MetricRow, type ReportView } from './view-model.js';

/** ANSI colour functions, or pass-throughs when colour is off. */
type Paint = Colors['red'];

/** Options of `renderReportConsole()`. */
export interface ConsoleSummaryOptions {
  /** Show every metric, the call counts and the missing and extra tools. */
  verbose?: boolean;
  /** Colour the text with ANSI escapes (the CLI decides from the terminal, NO_COLOR and --no-color). */
  color?: boolean;
  /** Gold file path, named in the header. */
  goldFile?: string;
  /** Trace file path, named in the header. */
  traceFile?: string;
}

/** How many Top issues are listed before "… and N more". */
const SHOWN_ISSUES = 8;

/** How many failed outcome checks and changed paths are listed before "… and N more". */
const SHOWN_FAILED_CHECKS = 8;
const SHOWN_STATE_CHANGES = 20;

/** Width of the label column of metric tables. */
const LABEL_WIDTH = 24;

const BAND_PAINT: Readonly<Record<Band, (colors: Colors) => Paint>> = {
  good: (colors) => colors.green,
  warn: (colors) => colors.yellow,
  bad: (colors) => colors.red,
  info: (colors) => colors.dim,
};

const VERDICT_PAINT: Readonly<Record<Verdict, (colors: Colors) => Paint>> = {
  PASS: (colors) => colors.green,
  WARN: (colors) => colors.yellow,
  FAIL: (colors) => colors.red,
};

/** One metric table row: label, right-aligned value, and the note when asked for (or when there is no value to show). */
function row(colors: Colors, metric: MetricRow, withNote: boolean): string {
  const line = `  ${metric.label.padEnd(LABEL_WIDTH)}${BAND_PAINT[metric.band](colors)(metric.text.padStart(7))}`;
  return metric.note && (withNote || metric.value === null) ? `${line}   ${metric.note}` : line;
}

/**
 * The console verdict of an evaluation, from the same view as the other reports: header, score, grade
 * and PASS/WARN/FAIL, a metric table, the required-calls line, "Top issues to fix" and "Behavior and
 * safety". Every text from the input is shown as the view holds it (credentials redacted, control
 * characters escaped).
 */
export function renderReportConsole(result: EvaluationResult, options: ConsoleSummaryOptions = {}): string {
  const colors = createColors(options.color === true);
  const view = buildReportView(result, { goldFile: options.goldFile, traceFile: options.traceFile });
  const lines: string[] = [];

  const files =
    view.goldFile !== null && view.traceFile !== null ? `  ${sourcesText(view.goldFile, view.traceFile)}` : '';
  lines.push(`${colors.bold(REPORT_TEXT.title)}${colors.dim(files)}`, '');
  const scoreColor = BAND_PAINT[view.scoreBand](colors);
  const score = scoreColor(colors.bold(view.scoreText));
  const grade = scoreColor(colors.bold(view.grade));
  const verdict = colors.bold(VERDICT_PAINT[view.verdict](colors)(view.verdict));
  // When error findings or incomplete required calls decided the verdict, say so beside it.
  const cause = view.verdictNote ? ` ${colors.dim(`(${view.verdictNote})`)}` : '';
  lines.push(
    `  ${colors.bold(REPORT_COLUMNS.score)} ${score}   ${colors.bold(REPORT_COLUMNS.grade)} ${grade}   ${verdict}${cause}`,
    '',
  );

  if (options.verbose) {
    lines.push(
      `  ${REPORT_COLUMNS.expectedCalls}: ${view.counts.expected}   ${REPORT_COLUMNS.actualCalls}: ${view.counts.actual}`,
      '',
    );
    lines.push(
      colors.bold(REPORT_TEXT.coreMetrics),
      ...view.metrics.filter((metric) => metric.group === 'core').map((metric) => row(colors, metric, true)),
    );
    const given = result.weights.outcome === undefined ? [] : [`outcome ${percent(result.weights.outcome)}`];
    const weights = [...WEIGHT_NAMES.map((name) => `${name} ${percent(result.weights[name])}`), ...given].join(', ');
    lines.push(colors.dim(`  Weights: ${weights}`), '');
    const others = view.metrics.filter((metric) => metric.group !== 'core');
    if (others.length > 0)
      lines.push(colors.bold(REPORT_TEXT.otherMetrics), ...others.map((metric) => row(colors, metric, true)), '');
    lines.push(colors.bold(REPORT_TEXT.coverage));
    lines.push(
      `  ${REPORT_COLUMNS.missingTools}: ${view.coverage.missing.length ? view.coverage.missing.join(', ') : REPORT_TEXT.none}`,
    );
    lines.push(
      `  ${REPORT_COLUMNS.extraTools}: ${view.coverage.extra.length ? view.coverage.extra.join(', ') : REPORT_TEXT.none}`,
      '',
    );
  } else {
    lines.push(
      ...HEADLINE_METRICS.map((key) => row(colors, view.metrics.find((metric) => metric.key === key)!, false)),
      '',
    );
  }

  if (view.turns !== null) {
    lines.push(`${colors.bold(REPORT_TEXT.turns)}  ${colors.dim(view.turns.summary)}`);
    const users = view.turns.rows.map((turn) => (turn.user === null ? '' : `"${turn.user}"`));
    const width = Math.max(0, ...users.map((user) => user.length));
    view.turns.rows.forEach((turn, k) => {
      const paint = BAND_PAINT[turn.band](colors);
      const verdict = VERDICT_PAINT[turn.verdict](colors)(turn.verdict.padEnd(4));
      const what = turn.reached ? (turn.issues[0]?.problem ?? '') : REPORT_TEXT.notReached;
      lines.push(
        `  ${String(turn.turn).padStart(2)}  ${paint(turn.scoreText.padStart(6))}  ${turn.grade}  ${verdict}  ${users[k]!.padEnd(width)}  ${colors.dim(what)}`.trimEnd(),
      );
    });
    lines.push('');
  }

  const required = view.requiredCalls;
  if (required && required.recall < 1)
    lines.push(`  ${colors.yellow(required.text)} ${colors.dim(`(${required.note})`)}`, '');

  lines.push(...outcomeLines(colors, view));

  lines.push(colors.bold(REPORT_TEXT.topIssues));
  if (view.topIssues.length === 0) lines.push(`  ${colors.green(REPORT_TEXT.noIssues)}`);
  view.topIssues.slice(0, SHOWN_ISSUES).forEach((issue, k) => {
    lines.push(`  ${k + 1}. ${issue.problem}`, `     ${colors.dim(`fix: ${issue.fix}`)}`);
  });
  const hidden = view.topIssues.length - SHOWN_ISSUES;
  if (hidden > 0) lines.push(`  ${moreText(hidden, 'issue')}`);
  lines.push('');

  if (view.findings.length > 0) {
    lines.push(colors.bold(REPORT_TEXT.findings));
    for (const finding of view.findings) {
      const paint = finding.severity === 'error' ? colors.red : colors.yellow;
      lines.push(`  ${paint(finding.severity.toUpperCase().padEnd(8))} ${finding.message}`);
    }
    lines.push('');
  }

  if (!options.verbose) lines.push(colors.dim(REPORT_TEXT.verboseHint));
  return `${lines.join('\n')}\n`;
}

/**
 * "Outcome checks" (only when the gold checks outcomes): the pass rate, the counts per kind and each
 * failed check; then "State changes" (only when a state was compared): each changed path with its old
 * and new value, the unexpected ones marked in words, not only in colour.
 */
function outcomeLines(colors: Colors, view: ReportView): string[] {
  const outcomes = view.outcomes;
  if (outcomes === null) return [];
  const paint = BAND_PAINT[outcomes.band](colors);
  const counts = outcomes.counts.map((count) => count.text).join(', ');
  const lines = [`${colors.bold(REPORT_TEXT.outcomes)}  ${paint(outcomes.summary)}${colors.dim(`: ${counts}`)}`];
  if (outcomes.failures.length === 0) lines.push(`  ${colors.green(REPORT_TEXT.noFailedChecks)}`);
  const width = Math.max(...outcomes.failures.map((failure) => failure.label.length));
  for (const failure of outcomes.failures.slice(0, SHOWN_FAILED_CHECKS))
    lines.push(`  ${colors.red(`✗ ${failure.label.padEnd(width)}`)}  ${failure.message}`);
  const hiddenChecks = outcomes.failures.length - SHOWN_FAILED_CHECKS;
  if (hiddenChecks > 0) lines.push(`  ${moreText(hiddenChecks, 'failed check')}`);
  lines.push('');

  const state = view.state;
  if (state === null) return lines;
  lines.push(`${colors.bold(REPORT_TEXT.stateChanges)}  ${colors.dim(state.summary)}`);
  if (state.changes.length === 0) lines.push(`  ${colors.green(REPORT_TEXT.noStateChanges)}`);
  for (const change of state.changes.slice(0, SHOWN_STATE_CHANGES)) {
    const mark = change.unexpected
      ? colors.red(`! ${change.text}  ${REPORT_TEXT.unexpected}`)
      : `  ${change.text}  ${colors.dim(`(${coveredByText(change.coveredText)})`)}`;
    lines.push(`  ${mark}`);
  }
  const hiddenChanges = state.changes.length - SHOWN_STATE_CHANGES;
  if (hiddenChanges > 0) lines.push(`  ${moreText(hiddenChanges, 'change')}`);
  lines.push('');
  return lines;
}

/** Warnings about skipped or repaired input, one `warning:` line each (the CLI prints them on stderr). */
export function renderWarnings(warnings: readonly string[], options: { color?: boolean } = {}): string {
  const colors = createColors(options.color === true);
  return warnings.map((warning) => `${colors.yellow('warning:')} ${displayText(warning)}\n`).join('');
}
