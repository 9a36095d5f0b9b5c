import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_OPTIONS,
  FIXED_TIME,
  SECRET,
  conversationResult,
  exampleResult,
  expectGolden,
  hostileResult,
  hostileStateResult,
  outcomeResult,
} from '../../test/report-fixtures.js';
import { parseCsv } from '../../test/report-readers.js';
import { csvCell, renderReportCsv } from './csv.js';
import { buildReportView } from './view-model.js';

describe('renderReportCsv', () => {
  it('matches the golden file for the bundled example', async () => {
    expectGolden('example.csv', renderReportCsv(buildReportView(await exampleResult(), EXAMPLE_OPTIONS)));
  });

  it('has a header and one row per flattened metric, each with three cells, values as computed', async () => {
    const view = buildReportView(await exampleResult(), EXAMPLE_OPTIONS);
    const rows = parseCsv(renderReportCsv(view));
    expect(rows[0]).toEqual(['category', 'metric', 'value']);
    expect(rows).toHaveLength(view.flat.length + 1);
    for (const row of rows) expect(row).toHaveLength(3);
    const value = (category: string, metric: string) =>
      rows.find((row) => row[0] === category && row[1] === metric)?.[2];
    expect(value('summary', 'score')).toBe('0.835');
    expect(value('summary', 'verdict')).toBe('WARN');
    expect(Number(value('argument_metrics', 'f1'))).toBe(11 / 12);
    expect(value('tool_correctness_metrics', 'extra_tools')).toBe('["charge_card"]');
    expect(value('trajectory_metrics', 'trajectory_details[4].actual_args.body')).toBe(
      'Flights TP1351 booked for 2 passengers on 14 June. Expect sun, 27°C.',
    );
    expect(value('trajectory_metrics', 'trajectory_details[4].expected_args')).toBe('');
  });

  it('neutralises cells a spreadsheet would run as formulas, keeps numbers as numbers, and masks credentials', () => {
    const text = renderReportCsv(buildReportView(hostileResult(), { now: FIXED_TIME }));
    expect(text).not.toContain(SECRET);
    const rows = parseCsv(text);
    for (const [, , value] of rows) expect(value).not.toMatch(/^[=+\-@\t\r]/);
    const cells = rows.map((row) => row[2]);
    expect(cells).toContain(`'=HYPERLINK("http://x")`);
    expect(cells).toContain(`'+1-2`);
    expect(cells).toContain(`'@SUM(A1)`);
    expect(rows.find((row) => row[1] === 'trajectory_details[0].actual_args.key')![2]).toBe(
      '[REDACTED openai_api_key: sk-p…cd]',
    );
  });

  it("writes a conversation's turns as rows of categories turn_1, turn_2, … named by their path in the turn's record", () => {
    const rows = parseCsv(renderReportCsv(buildReportView(conversationResult(), { now: FIXED_TIME })));
    const value = (category: string, metric: string): string | undefined =>
      rows.find((row) => row[0] === category && row[1] === metric)?.[2];
    expect(rows.every((row) => row.length === 3)).toBe(true);
    expect([1, 2, 3, 4].map((turn) => value(`turn_${turn}`, 'score'))).toEqual(['1', '1', '0', '1']);
    expect([1, 2, 3, 4].map((turn) => value(`turn_${turn}`, 'verdict'))).toEqual(['PASS', 'PASS', 'FAIL', 'PASS']);
    expect(value('turn_3', 'metrics.efficiency_metrics.redundant_rate')).toBe('1');
    expect(value('turn_3', 'top_issues[0].problem')).toBe('unexpected call to get_order');
    expect(value('turn_3', 'user')).toBe('Thanks! [REDACTED openai_api_key: sk-p…cd]');
    expect(value('core', 'turn_pass_rate')).toBe('0.75');
    expect(value('core', 'first_failing_turn')).toBe('3');
    expect(value('core', 'turn_aggregate')).toBe('mean');
    // The turn number is the category, not a row, and no row is named by a 0-based list position.
    expect(rows.some((row) => row[0] === 'turns' || row[1] === 'turn')).toBe(false);
  });
});

describe('renderReportCsv: outcome checks and the state diff', () => {
  it('has the outcome rate, the counts per kind, each failure and each changed path as rows, like every metric', () => {
    const rows = parseCsv(renderReportCsv(buildReportView(outcomeResult(), { now: FIXED_TIME })));
    const value = (category: string, metric: string): string | undefined =>
      rows.find((row) => row[0] === category && row[1] === metric)?.[2];
    expect(['checks', 'passed', 'failed', 'rate'].map((key) => value('outcome_metrics', key))).toEqual([
      '5',
      '2',
      '3',
      '0.4',
    ]);
    expect(value('outcome_metrics', 'reply_checks.passed')).toBe('1');
    expect(value('outcome_metrics', 'failures[1].message')).toBe('the reply says "refund", which it must not');
    // The outcome weight 0.5 beside the defaults' 1: 0.5 / 1.5.
    expect(Number(value('weights', 'outcome'))).toBeCloseTo(1 / 3, 12);
    expect(value('state', 'unexpected_changes')).toBe('3');
    expect(
      ['path', 'change', 'before', 'after', 'covered_by'].map((key) => value('state', `changes[2].${key}`)),
    ).toEqual(['$.lines.L2', 'changed', 'active', 'suspended', '']);
    expect(value('state', 'changes[4].covered_by')).toBe('allowed');
  });

  it('hostile state paths and values: no control character, no credential, no formula', () => {
    const text = renderReportCsv(buildReportView(hostileStateResult(), { now: FIXED_TIME }));
    expect(text).not.toContain(SECRET);
    // Line ends are CRLF; no other control character.
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const rows = parseCsv(text);
    expect(rows.find((row) => row[1] === 'changes[0].path')![2]).toBe('$["<script>window.__pwned=1</script>"]');
    expect(rows.find((row) => row[1] === 'changes[1].after')![2]).toBe(
      'key [REDACTED openai_api_key: sk-p…cd]\\u001b[31m',
    );
  });
});

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks; prefixes formula starts; writes numbers, flags and nothing plainly', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('@x,y')).toBe(`"'@x,y"`);
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
  });
});
