import { caseRow, RunTally, type CaseRow } from './case-row.js';

/**
 * The rows of a run as its lines arrive: positions counted, the headline tallied. A shard's closing
 * line (which dataset, which shard) is not a case and is passed over.
 */
export class RowMaker {
  readonly tally = new RunTally();
  private position = 0;

  /** The rows of whole lines of JSON Lines text. */
  fromText(text: string): CaseRow[] {
    const rows: CaseRow[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); start < text.length; end = text.indexOf('\n', start)) {
      const stop = end < 0 ? text.length : end;
      const lineText = text.slice(start, stop);
      start = stop + 1;
      if (lineText.trim() === '') continue;
      const line = JSON.parse(lineText) as Record<string, unknown>;
      if (!('id' in line) && 'shard' in line) continue;
      rows.push(this.row(line, lineText));
    }
    return rows;
  }

  /** The row of one line given as an object, with its full report when there is one. */
  fromLine(line: Record<string, unknown>, detail?: unknown): CaseRow {
    return this.row(line, JSON.stringify(line), detail === undefined ? undefined : JSON.stringify(detail));
  }

  private row(line: Record<string, unknown>, lineText: string, detail?: string): CaseRow {
    const row = caseRow(line, lineText, this.position++, detail);
    this.tally.add(row);
    return row;
  }
}
