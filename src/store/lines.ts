import {
  addToolTallies,
  chunkColumns,
  type ChunkColumns,
  type LineColumns,
  type ToolTally,
  isCaseLine,
} from '../batch/line-columns.js';
import type { Verdict } from '../core/grade.js';
import { summaryHeadline } from './case-row.js';
import { VERSION } from '../core/version.js';
import type { NewRun, RunEnd } from './types.js';

/** A case row after `run_id`, in `CASE_COLUMNS` order. */
export type CaseRow = [position: number, ...LineColumns];

/** A chunk of a run's results lines as kept: its first line's position, whole lines, a lone case's report. */
type LinesRow = [first: number, lines: string, detail: string | null];

/** What a run's lines add to its tables: a case row each, and the chunk of their text. */
export interface RunRows {
  cases: CaseRow[];
  lines: LinesRow | undefined;
}

/** A run's headline numbers and its tallies by tool, counted as its rows pass. */
export class Tally {
  readonly tools = new Map<string, ToolTally>();
  cases = 0;
  errors = 0;
  readonly verdicts: Record<Verdict, number> = { PASS: 0, WARN: 0, FAIL: 0 };
  private scored = 0;
  private total = 0;

  add(row: CaseRow): void {
    this.cases++;
    if (row[9] !== null) this.errors++;
    const score = row[3];
    if (score !== null) {
      this.scored++;
      this.total += score;
    }
    const verdict = row[5] as Verdict | null;
    if (verdict !== null) this.verdicts[verdict]++;
  }

  /** The mean score of the scored rows; null when none was scored. */
  get meanScore(): number | null {
    return this.scored === 0 ? null : this.total / this.scored;
  }
}

/**
 * A run's lines as case rows, numbered in order and tallied, with the text kept: whole lines of JSON
 * Lines text (with their columns when the scoring threads read them; else each line is parsed here), or
 * one line as an object (with the case's full report when there is one). A shard's closing line is not a
 * case and is skipped.
 */
export class LineRows {
  readonly tally = new Tally();
  private position = 0;

  fromText(text: string, columns?: ChunkColumns): RunRows {
    // The scoring threads' text is their lines, each ending in a line break: kept as it is, uncut.
    if (columns !== undefined && wholeLines(text, columns.lines.length)) return this.rows(columns, text, null);
    const lines: string[] = [];
    const parsed: Record<string, unknown>[] = [];
    let start = 0;
    while (start < text.length) {
      const end = text.indexOf('\n', start);
      const stop = end < 0 ? text.length : end;
      const line = text.slice(start, stop);
      start = stop + 1;
      if (line.trim() === '') continue;
      if (columns === undefined) {
        const object = JSON.parse(line) as Record<string, unknown>;
        // Skipped here as chunkColumns skips it, so lines and columns stay in step.
        if (!isCaseLine(object)) continue;
        parsed.push(object);
      }
      lines.push(line);
    }
    const read = columns ?? chunkColumns(parsed);
    if (read.lines.length !== lines.length)
      throw new Error(`${read.lines.length} lines' columns were given for ${lines.length} lines`);
    return this.rows(read, lines.length === 0 ? '' : `${lines.join('\n')}\n`, null);
  }

  fromLine(line: Record<string, unknown>, detail?: unknown): RunRows {
    const read = chunkColumns([line]);
    return this.rows(
      read,
      read.lines.length === 0 ? '' : `${JSON.stringify(line)}\n`,
      detail === undefined ? null : JSON.stringify(detail),
    );
  }

  private rows(read: ChunkColumns, text: string, detail: string | null): RunRows {
    addToolTallies(this.tally.tools, read.tools);
    const first = this.position;
    const cases = read.lines.map((columns): CaseRow => {
      const position = this.position++;
      const row: CaseRow = [position, ...columns];
      if (row[1] === null) row[1] = String(position);
      this.tally.add(row);
      return row;
    });
    return { cases, lines: cases.length === 0 ? undefined : [first, text, detail] };
  }
}

/** Whether text is `count` lines, none blank, each ending in a line break. */
function wholeLines(text: string, count: number): boolean {
  if (count === 0 || !text.endsWith('\n')) return false;
  let breaks = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    if (at === 0 || text.charCodeAt(at - 1) === 10) return false;
    breaks++;
  }
  return breaks === count;
}

/** Line `index` (from 0) of whole lines of text. */
export function lineAt(text: string, index: number): string | undefined {
  let start = 0;
  for (let i = 0; i < index; i++) {
    start = text.indexOf('\n', start) + 1;
    if (start === 0) return undefined;
  }
  const end = text.indexOf('\n', start);
  return end < 0 ? undefined : text.slice(start, end);
}

/** The statement that adds a run's row when it starts (its headline numbers come at its end) and answers its id, for either database. */
export function newRunStatement(run: NewRun): { sql: string; params: unknown[] } {
  return {
    sql: `INSERT INTO toolscore_runs (command, started_at, finished_at, toolscore_version, options, git_commit, git_branch, gold, gold_sha256, tools_sha256, cases, errors, verdict_pass, verdict_warn, verdict_fail, summary)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, 'null') RETURNING id`,
    params: [
      run.command,
      run.started_at,
      run.started_at,
      VERSION,
      JSON.stringify(run.options),
      run.git_commit,
      run.git_branch,
      run.gold,
      run.gold_sha256,
      run.tools_sha256,
    ],
  };
}

/** The statement that gives a run its end (when it finished, its headline numbers and summary), for either database. */
export function finishRunStatement(id: number, end: RunEnd, tally: Tally): { sql: string; params: unknown[] } {
  const { passRate, passHatK } = summaryHeadline(end.summary);
  return {
    sql: 'UPDATE toolscore_runs SET finished_at = ?, cases = ?, errors = ?, mean_score = ?, pass_rate = ?, verdict_pass = ?, verdict_warn = ?, verdict_fail = ?, pass_hat_k = ?, summary = ? WHERE id = ?',
    params: [
      end.finished_at,
      tally.cases,
      tally.errors,
      tally.meanScore,
      passRate,
      tally.verdicts.PASS,
      tally.verdicts.WARN,
      tally.verdicts.FAIL,
      passHatK,
      JSON.stringify(end.summary ?? null),
      id,
    ],
  };
}

/** Tool rows bound per INSERT (six parameters each, well under either database's limit). */
const TOOLS_PER_STATEMENT = 500;

/** The statements that keep a run's tallies by tool (one row per tool), for either database. */
export function runToolsStatements(id: number, tally: Tally): { sql: string; params: unknown[] }[] {
  const rows = [...tally.tools];
  const statements: { sql: string; params: unknown[] }[] = [];
  for (let start = 0; start < rows.length; start += TOOLS_PER_STATEMENT) {
    const part = rows.slice(start, start + TOOLS_PER_STATEMENT);
    statements.push({
      sql: `INSERT INTO toolscore_run_tools (run_id, tool, cases, score_sum, scored, failed) VALUES ${part.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      params: part.flatMap(([tool, { cases, scoreSum, scored, failed }]) => [
        id,
        tool,
        cases,
        scoreSum,
        scored,
        failed,
      ]),
    });
  }
  return statements;
}
