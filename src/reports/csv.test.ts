import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_OPTIONS,
  FIXED_TIME,
  SECRET,
  exampleResult,
  expectGolden,
  hostileResult,
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
