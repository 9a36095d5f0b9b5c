import { isCaseLine, lineColumns, type LineColumns } from '../batch/line-columns.js';
import type { Verdict } from '../core/grade.js';
import { summaryHeadline } from './case-row.js';
import type { RunEnd } from './types.js';

/** A case row after `run_id`, in `CASE_COLUMNS` order. */
export type CaseRow = [position: number, ...LineColumns, line: string, detail: string | null];

/** A run's headline numbers, counted as its rows pass. */
export class Tally {
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
 * A run's lines as case rows, numbered in order and tallied: whole lines of JSON Lines text (with their
 * columns when the scoring threads read them; else each line is parsed here), or one line as an object
 * (with the case's full report when there is one). A shard's closing line is not a case and is skipped.
 */
export class LineRows {
  readonly tally = new Tally();
  private position = 0;

  fromText(text: string, columns?: readonly LineColumns[]): CaseRow[] {
    const rows: CaseRow[] = [];
    let start = 0;
    while (start < text.length) {
      const end = text.indexOf('\n', start);
      const stop = end < 0 ? text.length : end;
      const line = text.slice(start, stop);
      start = stop + 1;
      if (line.trim() === '') continue;
      if (columns !== undefined) {
        const read = columns[rows.length];
        if (read === undefined) throw new Error('fewer columns than lines were given');
        rows.push(this.row(read, line, null));
        continue;
      }
      const parsed = JSON.parse(line) as Record<string, unknown>;
      if (isCaseLine(parsed)) rows.push(this.row(lineColumns(parsed), line, null));
    }
    return rows;
  }

  fromLine(line: Record<string, unknown>, detail?: unknown): CaseRow[] {
    if (!isCaseLine(line)) return [];
    return [this.row(lineColumns(line), JSON.stringify(line), detail === undefined ? null : JSON.stringify(detail))];
  }

  private row(columns: LineColumns, line: string, detail: string | null): CaseRow {
    const position = this.position++;
    const row: CaseRow = [position, ...columns, line, detail];
    if (row[1] === null) row[1] = String(position);
    this.tally.add(row);
    return row;
  }
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
