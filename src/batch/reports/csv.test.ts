import { describe, expect, it } from 'vitest';
import {
  LONG_ID,
  collect,
  exampleInput,
  exampleLines,
  hostileInput,
  linesOf,
} from '../../../test/batch-report-fixtures.js';
import { SECRET, expectGolden } from '../../../test/report-fixtures.js';
import { parseCsv } from '../../../test/report-readers.js';
import { BATCH_CSV_COLUMNS, renderBatchCsv } from './csv.js';

describe('renderBatchCsv', () => {
  it('matches the golden file for the example batch, reading the lines once', async () => {
    const lines = linesOf(exampleLines());
    expectGolden('batch.csv', await collect(renderBatchCsv(exampleInput({ lines }))));
    expect(lines.reads).toBe(1);
  });

  it('has a header and one row per case in dataset order, numbers as numbers, errors in their column', async () => {
    const rows = parseCsv(await collect(renderBatchCsv(exampleInput())));
    expect(rows[0]).toEqual([
      'id',
      'index',
      'score',
      'grade',
      'verdict',
      'invocation_accuracy',
      'selection_accuracy',
      'argument_f1',
      'sequence_accuracy',
      'redundant_rate',
      'required_call_recall',
      'expected_calls',
      'actual_calls',
      'failed_calls',
      'policy_violations',
      'secrets',
      'top_issue_kind',
      'top_issue_tool',
      'top_issue_problem',
      'error',
    ]);
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row).toHaveLength(BATCH_CSV_COLUMNS.length);
    const cell = (row: number, column: string) => rows[row]![BATCH_CSV_COLUMNS.indexOf(column as never)];
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      'weather-1',
      'flights-2',
      'cleanup-3',
      'broken"case',
      'ping-5',
    ]);
    expect(Number(cell(2, 'argument_f1'))).toBe(11 / 12);
    expect(cell(2, 'top_issue_problem')).toBe(
      'book_flight failed: "Payment declined: card expired" and was not retried successfully',
    );
    expect(cell(5, 'required_call_recall')).toBe('');
    expect(cell(1, 'top_issue_kind')).toBe('');
    expect(rows[4]!.slice(2, -1).every((value) => value === '')).toBe(true);
    expect(cell(4, 'error')).toBe(
      'cases.jsonl:4: expected a JSON object, got invalid JSON (Unexpected end of JSON input)',
    );
  });

  it('guards formulas, keeps long ids whole and masks credentials', async () => {
    const text = await collect(renderBatchCsv(hostileInput()));
    expect(text).not.toContain(SECRET);
    const rows = parseCsv(text);
    expect(rows[1]![0]).toBe(LONG_ID);
    expect(rows[5]![0]).toBe('\'=HYPERLINK("http://x")');
    expect(rows[4]![19]).toContain('[REDACTED openai_api_key: sk-p…cd]');
    for (const row of rows) expect(row).toHaveLength(BATCH_CSV_COLUMNS.length);
  });
});
