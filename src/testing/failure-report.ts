import { type Colors, createColors } from '../reports/colors.js';
import { alignCalls, type AlignedRow } from '../evaluation/alignment.js';
import { FAILURE_TABLE } from '../text/report.js';
import { scoreLineText } from './text.js';
import { meetsMinScore } from '../core/grade.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { displayText } from '../reports/text.js';
import { rowStatus } from '../reports/view-model.js';
import type { TopIssue } from '../evaluation/top-issues.js';
import { callText } from './call-text.js';

/** Options of `renderFailureReport()`. */
export interface FailureReportOptions {
  /** The score the result had to reach, if one was required. */
  minScore?: number | undefined;
  /** What the calls failed to do whatever the score (see `unmetExpectations`), listed above the table. */
  unmet?: readonly Pick<TopIssue, 'problem'>[];
  /** Colour with ANSI escapes (assertions decide from the terminal and NO_COLOR). */
  color?: boolean;
}

/** How many distinct fixes are listed as tips. */
const SHOWN_TIPS = 5;

/** One table row as plain cell texts, with the paint of its status. */
interface TableRow {
  cells: [string, string, string, string];
  paint: (text: string) => string;
}

function tableRow(result: EvaluationResult, row: AlignedRow, number: number, colors: Colors): TableRow {
  const expected = row.expectedIndex === null ? undefined : result.goldCalls[row.expectedIndex];
  const actual = row.actualIndex === null ? undefined : result.traceCalls[row.actualIndex];
  const expectedText = expected ? callText(expected.tool, expected.args, false) : FAILURE_TABLE.none;
  const actualText = actual ? callText(actual.tool, actual.args) : FAILURE_TABLE.none;
  const status = rowStatus(result, row);
  const paint = status.band === 'good' ? colors.green : status.band === 'warn' ? colors.yellow : colors.red;
  return { cells: [String(number), expectedText, actualText, status.text], paint };
}

/** A score and a minimum written with as few decimals (at least 2) as keep a failing score visibly below its minimum. */
export function scoreTexts(score: number, minScore: number | undefined, passed: boolean): [string, string | undefined] {
  if (minScore === undefined) return [score.toFixed(2), undefined];
  let digits = 2;
  while (!passed && digits < 6 && score.toFixed(digits) === minScore.toFixed(digits)) digits++;
  return [score.toFixed(digits), minScore.toFixed(digits)];
}

/**
 * The message of a failed tool-call assertion: what the calls failed to do (when given), the expected-vs-actual table (rows paired by the core's
 * pairing, with the status words of every report: ✓, FAILED, argument differences, MISSING, EXTRA), the score line, the fixes of the top issues as
 * tips, and any behaviour and safety findings. Every text from the calls is shown with credentials
 * redacted and control characters escaped.
 */
export function renderFailureReport(result: EvaluationResult, options: FailureReportOptions): string {
  const colors = createColors(options.color === true);
  const rows = alignCalls(result).map((row, k) => tableRow(result, row, k + 1, colors));
  const head = [...FAILURE_TABLE.columns] as [string, string, string, string];
  const widths = [0, 1, 2].map((column) =>
    Math.max(head[column]!.length, ...rows.map((row) => row.cells[column]!.length)),
  );
  const line = (cells: readonly string[], paintStatus: (text: string) => string): string =>
    `  ${cells
      .slice(0, 3)
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')}  ${paintStatus(cells[3]!)}`.trimEnd();

  const lines: string[] = [];
  if (options.unmet && options.unmet.length > 0) {
    lines.push(
      colors.red(FAILURE_TABLE.unmet),
      ...options.unmet.map((issue) => `  - ${displayText(issue.problem)}`),
      '',
    );
  }
  lines.push(colors.bold(FAILURE_TABLE.title), colors.dim(line(head, (text) => text)));
  for (const row of rows) lines.push(line(row.cells, row.paint));

  const passed = options.minScore === undefined || meetsMinScore(result.score, options.minScore);
  const [scoreText, minText] = scoreTexts(result.score, options.minScore, passed);
  const scoreLine = scoreLineText(scoreText, passed, minText, {
    selection: result.selectionAccuracy.toFixed(2),
    args: result.argumentF1.toFixed(2),
    sequence: result.sequenceAccuracy.toFixed(2),
  });
  lines.push('', passed ? scoreLine : colors.red(scoreLine));

  const tips = [...new Set(result.topIssues.map((issue) => issue.fix))].slice(0, SHOWN_TIPS);
  if (tips.length > 0) lines.push(FAILURE_TABLE.tips, ...tips.map((tip) => `  - ${displayText(tip)}`));
  for (const finding of result.findings) {
    const paint = finding.severity === 'error' ? colors.red : colors.yellow;
    lines.push(`${paint(`${finding.severity}:`)} ${displayText(finding.message)}`);
  }
  return lines.join('\n');
}
