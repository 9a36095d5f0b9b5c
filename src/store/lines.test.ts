import { describe, expect, test } from 'vitest';
import { chunkColumns } from '../batch/line-columns.js';
import { LineRows, lineAt } from './lines.js';

const line = (id: string, score: number, tools: string[]) => ({
  id,
  score,
  grade: score >= 0.9 ? 'A' : 'F',
  verdict: score >= 0.9 ? 'PASS' : 'FAIL',
  tools: Object.fromEntries(tools.map((name) => [name, {}])),
});
const LINES = [line('a', 1, ['refund']), line('b', 0.5, ['refund', 'search']), line('c', 0.25, [])];
const text = (lines: readonly object[]) => lines.map((value) => `${JSON.stringify(value)}\n`).join('');

describe("LineRows: a run's lines as case rows and chunks of text", () => {
  test('text as the scoring threads give it is kept as it is, its rows numbered on from the run so far', () => {
    const rows = new LineRows();
    rows.fromText(text(LINES.slice(0, 1)), chunkColumns(LINES.slice(0, 1)));
    const { cases, lines } = rows.fromText(text(LINES.slice(1)), chunkColumns(LINES.slice(1)));
    expect(cases.map((row) => [row[0], row[1], row[3]])).toEqual([
      [1, 'b', 0.5],
      [2, 'c', 0.25],
    ]);
    expect(lines).toEqual([1, text(LINES.slice(1)), null]);
    expect(rows.tally.cases).toBe(3);
    // refund: a (1) and b (0.5, FAIL); search: b alone.
    expect(Object.fromEntries(rows.tally.tools)).toEqual({
      refund: { cases: 2, scoreSum: 1.5, scored: 2, failed: 1 },
      search: { cases: 1, scoreSum: 0.5, scored: 1, failed: 1 },
    });
  });

  test("blank lines and a shard's closing line are left out of the text kept, so positions still find their line", () => {
    const given = `\n${JSON.stringify(LINES[0])}\n  \n${JSON.stringify(LINES[1])}\n`;
    const withColumns = new LineRows().fromText(given, chunkColumns(LINES.slice(0, 2)));
    expect(withColumns.lines).toEqual([0, text(LINES.slice(0, 2)), null]);
    const shard = JSON.stringify({ shard: { index: 0, count: 2 }, dataset: {} });
    const parsed = new LineRows().fromText(`${text(LINES)}${shard}\n`);
    expect(parsed.cases).toHaveLength(3);
    expect(parsed.lines).toEqual([0, text(LINES), null]);
  });

  test('columns that do not match the lines are refused, never kept beside the wrong line', () => {
    expect(() => new LineRows().fromText(text(LINES), chunkColumns(LINES.slice(0, 2)))).toThrow(
      "2 lines' columns were given for 3 lines",
    );
  });

  test('one line kept with its report', () => {
    const rows = new LineRows();
    rows.fromText(text(LINES.slice(0, 2)));
    expect(rows.fromLine(LINES[2]!, { report: 1 }).lines).toEqual([2, text(LINES.slice(2)), '{"report":1}']);
    expect(rows.fromLine({ shard: { index: 0, count: 2 } }).lines).toBeUndefined();
  });

  test('lineAt: line k of whole lines, or undefined past the last', () => {
    const whole = 'x\ny\nz\n';
    expect([0, 1, 2, 3].map((k) => lineAt(whole, k))).toEqual(['x', 'y', 'z', undefined]);
    expect(lineAt('', 0)).toBeUndefined();
  });
});
