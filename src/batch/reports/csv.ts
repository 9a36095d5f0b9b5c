import { csvCell } from '../../reports/csv.js';
import { displayText } from '../../reports/text.js';
import { BATCH_METRICS, type BatchLine } from '../types.js';
import type { BatchReportInput } from './view.js';

/*
 * One row per case in dataset order, for a spreadsheet or a data frame: the results line's numbers as
 * numbers, its texts made safe to show, every cell quoted as RFC 4180 says and guarded against formulas
 * by the single report's `csvCell`. A case that could not be scored has its id, index and error only.
 */

/** The columns, in order (with trials, `trial` follows `index`). */
export const BATCH_CSV_COLUMNS = [
  'id',
  'index',
  'score',
  'grade',
  'verdict',
  ...BATCH_METRICS,
  'expected_calls',
  'actual_calls',
  'failed_calls',
  'policy_violations',
  'secrets',
  'top_issue_kind',
  'top_issue_tool',
  'top_issue_problem',
  'error',
] as const;

/** The columns a run with conversation cases adds at the end (empty for a flat gold's case): its `turns`. */
const BATCH_CSV_TURN_COLUMNS = ['turns', 'turns_passed', 'turn_pass_rate', 'first_failing_turn'] as const;

/** Rows written per chunk. */
const ROWS_PER_CHUNK = 1000;

function row(line: BatchLine, withTrials: boolean, withTurns: boolean): string {
  const cells: (string | number | null)[] =
    'error' in line
      ? [displayText(line.id), line.index, ...Array(BATCH_CSV_COLUMNS.length - 3).fill(null), displayText(line.error)]
      : [
          displayText(line.id),
          line.index,
          line.score,
          line.grade,
          line.verdict,
          ...BATCH_METRICS.map((key) => line.metrics[key]),
          line.expected_calls,
          line.actual_calls,
          line.failed_calls,
          line.policy_violations,
          line.secrets,
          line.top_issue?.kind ?? null,
          line.top_issue ? displayText(line.top_issue.tool) : null,
          line.top_issue ? displayText(line.top_issue.problem) : null,
          null,
        ];
  if (withTrials) cells.splice(2, 0, line.trial ?? null);
  if (withTurns) {
    const turns = 'error' in line ? undefined : line.turns;
    cells.push(turns?.count ?? null, turns?.passed ?? null, turns?.pass_rate ?? null, turns?.first_failing ?? null);
  }
  return cells.map(csvCell).join(',');
}

/** The columns of a run, with `trial` after `index` when its lines carry trials, and the turn columns last when it has conversation cases. */
function columns(withTrials: boolean, withTurns: boolean): readonly string[] {
  const base = withTrials ? ['id', 'index', 'trial', ...BATCH_CSV_COLUMNS.slice(2)] : BATCH_CSV_COLUMNS;
  return withTurns ? [...base, ...BATCH_CSV_TURN_COLUMNS] : base;
}

/**
 * The batch CSV report, in chunks: a header of {@link BATCH_CSV_COLUMNS} (with `trial` after `index` when
 * the run has trials, and {@link BATCH_CSV_TURN_COLUMNS} last when it has conversation cases), then a row
 * per results line (CRLF line ends).
 */
export async function* renderBatchCsv(input: BatchReportInput): AsyncIterable<string> {
  const withTrials = input.summary.trials !== undefined;
  const withTurns = input.summary.turns !== undefined;
  yield `${columns(withTrials, withTurns).join(',')}\r\n`;
  let rows: string[] = [];
  for await (const line of input.lines()) {
    rows.push(row(line, withTrials, withTurns));
    if (rows.length === ROWS_PER_CHUNK) {
      yield `${rows.join('\r\n')}\r\n`;
      rows = [];
    }
  }
  if (rows.length > 0) yield `${rows.join('\r\n')}\r\n`;
}
