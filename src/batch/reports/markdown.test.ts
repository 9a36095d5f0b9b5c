import { describe, expect, it } from 'vitest';
import {
  LONG_ID,
  exampleInput,
  exampleLines,
  exampleSummary,
  hostileInput,
  linesOf,
} from '../../../test/batch-report-fixtures.js';
import { IMG_PAYLOAD, SCRIPT_PAYLOAD, SECRET, expectGolden } from '../../../test/report-fixtures.js';
import { renderBatchMarkdown } from './markdown.js';

describe('renderBatchMarkdown', () => {
  it('matches the golden file for the example batch, reading no results line', async () => {
    const lines = linesOf(exampleLines());
    expectGolden('batch.md', await renderBatchMarkdown(exampleInput({ lines })));
    expect(lines.reads).toBe(0);
  });

  it('opens with the gate mark and the mean, then the gate, counts and the metric table', async () => {
    const text = await renderBatchMarkdown(exampleInput());
    const lines = text.split('\n');
    expect(lines[0]).toBe('## ❌ Toolscore batch evaluation: mean score 70.0%, grade C, over 4 scored cases');
    expect(lines[2]).toBe(
      '❌ Mean score 70.0% is below the required 80.0% · 50.0% of the scored cases score at least 80.0%  ',
    );
    expect(text).toContain('| Argument F1 | 🔴 60.4% | 50.0% | 0.0% | 100.0% | 0.0% | 100.0% | 4 |');
    expect(text).toContain('| 3 | cleanup-3 | 🔴 25.0% | F | expected call to delete\\_db was not made |');
    expect(text).toContain('❌ 1 case could not be read or scored');
    expect(text).toContain(
      '- broken"case (#4, line 4): cases.jsonl:4: expected a JSON object, got invalid JSON (Unexpected end of JSON input)',
    );
    const passing = await renderBatchMarkdown(exampleInput({ minScore: 0.7 }));
    expect(passing.split('\n')[0]).toBe(
      '## ✅ Toolscore batch evaluation: mean score 70.0%, grade C, over 4 scored cases',
    );
    const ungated = await renderBatchMarkdown({
      summary: { ...exampleSummary(), min_score: null, pass_rate: null },
      lines: linesOf([]),
    });
    // Without a gate, the mean's band: 70% needs attention.
    expect(ungated.split('\n')[0]).toBe(
      '## ⚠️ Toolscore batch evaluation: mean score 70.0%, grade C, over 4 scored cases',
    );
    expect(ungated).not.toContain('required');
  });

  it('escapes every text, masks credentials, keeps table rows whole and cuts long ids', async () => {
    const text = await renderBatchMarkdown(hostileInput());
    expect(text).not.toContain(SCRIPT_PAYLOAD);
    expect(text).not.toContain(IMG_PAYLOAD);
    expect(text).not.toMatch(/<script|<img/);
    expect(text).toContain('&lt;script&gt;window.\\_\\_pwned=1&lt;/script&gt;');
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/@octocat/);
    expect(text).not.toContain(LONG_ID);
    expect(text).toContain(`| 1 | ${LONG_ID.slice(0, 79)}… |`);
    for (const line of text.split('\n').filter((row) => row.startsWith('| '))) {
      const cells = line.replace(/\\\|/g, '').split('|').length - 2;
      expect([3, 5, 6, 8]).toContain(cells);
    }
  });

  it('stays job-summary sized whatever the number of tools and errors', async () => {
    const summary = exampleSummary();
    for (let k = 0; k < 500; k++)
      summary.tools[`tool_${k}_${'y'.repeat(300)}`] = {
        expected_calls: 1,
        actual_calls: 1,
        selection_misses: 0,
        failed_calls: 0,
        error_rate: 0,
      };
    summary.cases = { total: 10_004, scored: 4, failed: 10_000 };
    summary.errors = Array.from({ length: 100 }, (_, index) => ({
      id: `bad-${index}`,
      index: index + 4,
      error: 'e'.repeat(5000),
    }));
    const text = await renderBatchMarkdown({ summary, lines: linesOf([]) });
    expect(text).toContain('… and 489 more tools (the summary file and the HTML report have them all)');
    expect(text).toContain('… and 9990 more cases (the results file has them all)');
    expect(text.length).toBeLessThan(65_536);
  });
});
