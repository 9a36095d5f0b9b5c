import { resolve } from 'node:path';
import {
  BAND_TEXT,
  FAILURE_TABLE,
  REPORT_COLUMNS,
  REPORT_TEXT,
  gateText,
  generatedText,
  scoreShareText,
  sourcesText,
} from '../text/report.js';
import { moreText } from '../text/values.js';
import type { Verdict } from '../core/grade.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { escapeMarkdown as md } from './escape.js';
import { percent } from './text.js';
import {
  buildReportView,
  type ArgView,
  type Band,
  type CallView,
  type ReportOptions,
  type ReportView,
} from './view-model.js';

/*
 * Sized for a pull-request comment (at most 65,536 characters) and a GitHub job summary (1 MiB): long
 * lists are cut, and the cut says where the rest is.
 */

/** How many Top issues are listed. */
const SHOWN_ISSUES = 10;

/** How many rows the call table and the full metrics show. */
const SHOWN_CALL_ROWS = 50;
const SHOWN_FLAT_ROWS = 250;

/** The mark before a verdict. */
export const VERDICT_MARK: Readonly<Record<Verdict, string>> = { PASS: '✅', WARN: '⚠️', FAIL: '❌' };
/** The mark before a band. */
export const BAND_MARK: Readonly<Record<Band, string>> = { good: '🟢', warn: '🟡', bad: '🔴', info: '' };

/** A GitHub-flavoured Markdown table; cells are already escaped. */
export function table(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly ('l' | 'r')[] = [],
): string[] {
  const rule = head.map((_, k) => (align[k] === 'r' ? '---:' : '---'));
  return [head, rule, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
}

function bandText(band: Band): string {
  return band === 'info' ? '' : `${BAND_MARK[band]} ${BAND_TEXT[band]}`;
}

/** `key=value` with differing arguments in bold and keys the call lacks struck through. */
function argText(arg: ArgView): string {
  const text = `${md(arg.key)}=${md(arg.value)}`;
  if (arg.diff === null) return text;
  return arg.present ? `**${text}**` : `~~${md(arg.key)}~~`;
}

function callCell(call: CallView | null, whenNull: string): string {
  if (call === null) return FAILURE_TABLE.none;
  const args = call.args === null ? whenNull : call.args.map(argText).join(', ');
  return `${md(call.tool)}(${args})${call.failed ? ` ❌ ${md(call.error ?? '')}` : ''}`;
}

function cut<T>(
  items: readonly T[],
  shown: number,
  noun: string,
  lines: string[],
  render: (shownItems: readonly T[]) => string[],
): void {
  lines.push(...render(items.slice(0, shown)));
  if (items.length > shown) lines.push('', `${moreText(items.length - shown, noun)} (${REPORT_TEXT.truncated})`);
}

/** The verdict line, the files, the gate and call counts, and the metric table. */
function summaryLines(view: ReportView): string[] {
  const lines: string[] = [];
  lines.push(`## ${VERDICT_MARK[view.verdict]} ${REPORT_TEXT.title}: ${view.verdictLine}`, '');
  if (view.goldFile !== null && view.traceFile !== null) lines.push(md(sourcesText(view.goldFile, view.traceFile)), '');
  const facts: string[] = [];
  if (view.gate)
    facts.push(
      `${view.gate.passed ? '✅' : '❌'} ${gateText(view.scoreText, view.gate.minScoreText, view.gate.passed)}`,
    );
  if (view.requiredCalls) facts.push(`**${view.requiredCalls.text}** (${view.requiredCalls.note})`);
  facts.push(
    `${REPORT_COLUMNS.expectedCalls}: ${view.counts.expected} · ${REPORT_COLUMNS.actualCalls}: ${view.counts.actual}`,
  );
  lines.push(facts.join('  \n'), '');

  lines.push(
    ...table(
      [REPORT_COLUMNS.metric, REPORT_COLUMNS.value, REPORT_COLUMNS.status, REPORT_COLUMNS.note],
      view.metrics.map((row) => {
        const note = [row.note, row.weight > 0 ? scoreShareText(percent(row.weight)) : ''].filter(Boolean).join(' · ');
        return [row.label, row.text, bandText(row.band), md(note)];
      }),
      ['l', 'r'],
    ),
    '',
  );
  return lines;
}

/** A conversation's turns: the pass-rate line and a row per turn (nothing for a flat gold). */
function turnLines(view: ReportView): string[] {
  if (view.turns === null) return [];
  const lines = [`### ${REPORT_TEXT.turns}`, '', md(view.turns.summary), ''];
  cut(view.turns.rows, SHOWN_CALL_ROWS, 'turn', lines, (rows) =>
    table(
      [
        REPORT_COLUMNS.turn,
        REPORT_COLUMNS.userMessage,
        REPORT_COLUMNS.score,
        REPORT_COLUMNS.grade,
        REPORT_COLUMNS.verdict,
        REPORT_COLUMNS.topIssue,
      ],
      rows.map((turn) => [
        String(turn.turn),
        turn.user === null ? '' : md(turn.user),
        `${BAND_MARK[turn.band]} ${turn.scoreText}`,
        turn.grade,
        `${VERDICT_MARK[turn.verdict]} ${turn.verdict}`,
        turn.reached ? md(turn.issues[0]?.problem ?? '') : REPORT_TEXT.notReached,
      ]),
      ['r', 'l', 'r'],
    ),
  );
  lines.push('');
  return lines;
}

/** The outcome checks (nothing when the gold checks no outcome), then the state diff (nothing when no state was compared). */
function outcomeLines(view: ReportView): string[] {
  const outcomes = view.outcomes;
  if (outcomes === null) return [];
  const lines = [`### ${REPORT_TEXT.outcomes}`, '', `**${md(outcomes.summary)}**`, ''];
  lines.push(
    ...table(
      [REPORT_COLUMNS.check, REPORT_COLUMNS.passed, REPORT_COLUMNS.checks],
      outcomes.counts.map((count) => [count.label, `${BAND_MARK[count.band]} ${count.passed}`, String(count.checks)]),
      ['l', 'r', 'r'],
    ),
    '',
  );
  if (outcomes.failures.length === 0) lines.push(`✅ ${REPORT_TEXT.noFailedChecks}`);
  cut(outcomes.failures, SHOWN_ISSUES, 'failed check', lines, (failures) =>
    failures.map((failure) => `- ❌ **${failure.label}** ${md(failure.message)}`),
  );
  lines.push('');
  const state = view.state;
  if (state === null) return lines;
  lines.push(`### ${REPORT_TEXT.stateChanges}`, '', md(state.summary), '');
  if (state.changes.length === 0) lines.push(REPORT_TEXT.noStateChanges);
  else
    cut(state.changes, SHOWN_CALL_ROWS, 'change', lines, (changes) =>
      table(
        [
          REPORT_COLUMNS.path,
          REPORT_COLUMNS.change,
          REPORT_COLUMNS.before,
          REPORT_COLUMNS.after,
          REPORT_COLUMNS.coveredBy,
        ],
        changes.map((change) => [
          md(change.path),
          change.changeText,
          change.before === null ? FAILURE_TABLE.none : md(change.before),
          change.after === null ? FAILURE_TABLE.none : md(change.after),
          change.unexpected ? `❌ **${REPORT_TEXT.unexpected}**` : change.coveredText,
        ]),
      ),
    );
  lines.push('');
  return lines;
}

/** The LLM judge's scores of the paired calls (nothing when the judge was not asked). */
function semanticLines(view: ReportView): string[] {
  if (!view.semantic) return [];
  const lines: string[] = [];
  lines.push(`### ${REPORT_TEXT.semantic}`, '', md(view.semantic.summary), '');
  cut(view.semantic.pairs, SHOWN_CALL_ROWS, 'pair', lines, (pairs) =>
    table(
      [
        REPORT_COLUMNS.expected,
        REPORT_COLUMNS.actual,
        REPORT_COLUMNS.tool,
        REPORT_COLUMNS.score,
        REPORT_COLUMNS.explanation,
      ],
      pairs.map((pair) => [
        String(pair.expectedNumber),
        String(pair.actualNumber),
        md(pair.tool),
        `${BAND_MARK[pair.band]} ${pair.scoreText}`,
        md(pair.explanation),
      ]),
      ['r', 'r', 'l', 'r'],
    ),
  );
  lines.push('');
  return lines;
}

/**
 * The Markdown report: a verdict line, the metric table, a conversation's turns, the outcome checks and the state diff, Top issues, behaviour and safety findings, the
 * LLM judge's scores when it was asked, and collapsible sections with the expected-vs-actual calls and every metric. Fits a pull-request comment
 * and a GitHub job summary; every text from the input is escaped, so it renders as written.
 */
export function renderReportMarkdown(view: ReportView): string {
  const lines = [...summaryLines(view), ...turnLines(view), ...outcomeLines(view)];
  lines.push(`### ${REPORT_TEXT.topIssues}`, '');
  if (view.topIssues.length === 0) lines.push(`✅ ${REPORT_TEXT.noIssues}`);
  cut(view.topIssues, SHOWN_ISSUES, 'issue', lines, (issues) =>
    issues.map((issue, k) => `${k + 1}. **${md(issue.problem)}**  \n   fix: ${md(issue.fix)}`),
  );
  lines.push('');

  lines.push(`### ${REPORT_TEXT.findings}`, '');
  if (view.findings.length === 0) lines.push(REPORT_TEXT.noFindings);
  for (const finding of view.findings)
    lines.push(
      `- ${finding.severity === 'error' ? '🔴' : '🟡'} **${finding.severity.toUpperCase()}** ${md(finding.message)}`,
    );
  lines.push('');

  lines.push(...semanticLines(view));

  if (view.calls.length > 0) {
    lines.push('<details>', `<summary>${FAILURE_TABLE.title}</summary>`, '');
    cut(view.calls, SHOWN_CALL_ROWS, 'row', lines, (rows) =>
      table(
        FAILURE_TABLE.columns,
        rows.map((row, k) => [
          String(k + 1),
          callCell(row.expected, FAILURE_TABLE.anyArgs),
          callCell(row.actual, ''),
          md(row.statusText),
        ]),
        ['r'],
      ),
    );
    lines.push('', '</details>', '');
  }

  lines.push('<details>', `<summary>${REPORT_TEXT.allMetrics}</summary>`, '');
  cut(view.flat, SHOWN_FLAT_ROWS, 'metric', lines, (rows) =>
    table(
      [REPORT_COLUMNS.category, REPORT_COLUMNS.metric, REPORT_COLUMNS.value],
      rows.map((row) => [md(row.category), md(row.metric), md(String(row.value))]),
    ),
  );
  lines.push('', '</details>', '');

  if (view.warnings.length > 0) {
    lines.push(`### ${REPORT_TEXT.warnings}`, '', ...view.warnings.map((warning) => `- ${md(warning)}`), '');
  }
  lines.push(`<sub>${md(generatedText(view.version, view.generatedAt))}</sub>`);
  return `${lines.join('\n')}\n`;
}

/** Writes the Markdown report to `path` atomically (folders created as needed); returns the absolute path. */
export async function generateMarkdownReport(
  result: EvaluationResult,
  path: string,
  options: ReportOptions = {},
): Promise<string> {
  await writeFileAtomic(path, renderReportMarkdown(buildReportView(result, options)));
  return resolve(path);
}
