import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluation/evaluate.js';
import {
  EXAMPLE_OPTIONS,
  FIXED_TIME,
  IMG_PAYLOAD,
  SCRIPT_PAYLOAD,
  SECRET,
  conversationResult,
  exampleResult,
  expectGolden,
  hostileResult,
  hostileStateResult,
  outcomeResult,
} from '../../test/report-fixtures.js';
import { renderReportMarkdown } from './markdown.js';
import { buildReportView } from './view-model.js';

describe('renderReportMarkdown', () => {
  it('matches the golden file for the bundled example', async () => {
    expectGolden('example.md', renderReportMarkdown(buildReportView(await exampleResult(), EXAMPLE_OPTIONS)));
  });

  it('opens with the verdict line and the required calls, and shows the --min-score gate', async () => {
    const text = renderReportMarkdown(buildReportView(await exampleResult(), { ...EXAMPLE_OPTIONS, minScore: 0.9 }));
    const lines = text.split('\n');
    expect(lines[0]).toBe('## ⚠️ Toolscore evaluation: WARN: score 83.5%, grade B');
    expect(text).toContain('❌ Score 83.5% is below the required 90.0%  \n**Required calls completed: 3 of 4**');
    expect(text).toContain(
      '| Selection accuracy | 80.0% | 🟡 fair | calls whose tool was expected · 40.0% of the score |',
    );
    expect(text).toContain(
      '1. **book\\_flight failed: "Payment declined: card expired" and was not retried successfully**',
    );
    expect(text).toContain('- 🟡 **WARNING** 1 of 5 tool calls failed (book\\_flight)');
  });

  it('escapes every text from the trace and masks credentials', () => {
    const text = renderReportMarkdown(buildReportView(hostileResult(), { now: FIXED_TIME }));
    expect(text).not.toContain(SCRIPT_PAYLOAD);
    expect(text).not.toContain(IMG_PAYLOAD);
    expect(text).not.toContain('<img');
    expect(text).not.toContain('<script');
    expect(text).toContain('&lt;script&gt;window.\\_\\_pwned=1&lt;/script&gt;');
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/@octocat/);
    // Every table row keeps its column count: no pipe from the trace splits a cell.
    for (const line of text.split('\n').filter((row) => row.startsWith('| '))) {
      const cells = line.replace(/\\\|/g, '').split('|').length - 2;
      expect([3, 4, 5]).toContain(cells);
    }
  });

  it('says when there is nothing to fix, and cuts long lists with a pointer to the full reports', () => {
    const perfect = renderReportMarkdown(
      buildReportView(evaluate({ expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] }), { now: FIXED_TIME }),
    );
    expect(perfect.split('\n')[0]).toBe('## ✅ Toolscore evaluation: PASS: score 100.0%, grade A');
    expect(perfect).toContain('✅ No tool-calling issues found');
    expect(perfect).toContain('No behavior or safety findings');

    const many = evaluate({ expected: Array.from({ length: 60 }, (_, k) => ({ tool: `step_${k}` })), actual: [] });
    const text = renderReportMarkdown(buildReportView(many, { now: FIXED_TIME }));
    expect(text).toContain('10. **expected call to step\\_9 was not made**');
    expect(text).not.toContain('11. ');
    expect(text).toContain('… and 50 more issues (the CSV and JSON reports have them all)');
    expect(text).toContain('… and 10 more rows (the CSV and JSON reports have them all)');
    expect(text.length).toBeLessThan(65_536);
  });

  it("shows a conversation's turns: the pass-rate line and one row per turn, user messages escaped, masked and cut", () => {
    const text = renderReportMarkdown(buildReportView(conversationResult(), { now: FIXED_TIME }));
    // Turn scores 1, 1, 0, 1: 3 of 4 turns pass (0.75), the first failing one is turn 3.
    expect(text).toContain(
      [
        '### Turns',
        '',
        '3 of 4 turns passed (75.0%); score: the mean of the turns; first failing turn: 3',
        '',
        '| Turn | User message | Score | Grade | Verdict | Top issue |',
        '| ---: | --- | ---: | --- | --- | --- |',
        '| 1 | Where is order 7? | 🟢 100.0% | A | ✅ PASS |  |',
        '| 2 | Cancel it. | 🟢 100.0% | A | ✅ PASS |  |',
        '| 3 | Thanks! \\[REDACTED openai\\_api\\_key: sk-p…… | 🔴 0.0% | F | ❌ FAIL | unexpected call to get\\_order |',
        '| 4 | Refund &lt;script&gt;window.\\_\\_pwned=1&lt;/script… | 🟢 100.0% | A | ✅ PASS |  |',
        '',
        '### Top issues to fix',
      ].join('\n'),
    );
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('<script');
  });

  it('shows no turns for a flat gold', async () => {
    const text = renderReportMarkdown(buildReportView(await exampleResult(), EXAMPLE_OPTIONS));
    expect(text).not.toContain('### Turns');
  });
});

describe('renderReportMarkdown: outcome checks and the state diff', () => {
  it('matches the golden file for a run failing a result, a reply and the state', () => {
    expectGolden('outcomes.md', renderReportMarkdown(buildReportView(outcomeResult(), { now: FIXED_TIME })));
  });

  it('counts the checks per kind, lists each failure and tables each changed path, unexpected ones in words', () => {
    const text = renderReportMarkdown(buildReportView(outcomeResult(), { now: FIXED_TIME }));
    const section = text.slice(text.indexOf('### Outcome checks'), text.indexOf('### Top issues to fix'));
    expect(section).toBe(
      [
        '### Outcome checks',
        '',
        '**2 of 5 outcome checks passed (40.0%)**',
        '',
        '| Check | Passed | Checks |',
        '| --- | ---: | ---: |',
        '| result | 🔴 0 | 1 |',
        '| reply | 🔴 1 | 2 |',
        '| state | 🔴 1 | 2 |',
        '',
        '- ❌ **result** get\\_order returned status "shipped", expected "delivered"',
        '- ❌ **reply** the reply says "refund", which it must not',
        '- ❌ **state** changes nobody expected: $.tmp removed (was 1); $.lines.L2 "active" → "suspended"; $.lines.L3 added "active"',
        '',
        '### State changes',
        '',
        '5 paths changed, 3 unexpected; expected values matched: 1 of 1',
        '',
        '| Path | Change | Before | After | Covered by |',
        '| --- | --- | --- | --- | --- |',
        '| $.tmp | removed | 1 | — | ❌ **unexpected** |',
        '| $.lines.L1 | changed | "active" | "suspended" | expected |',
        '| $.lines.L2 | changed | "active" | "suspended" | ❌ **unexpected** |',
        '| $.lines.L3 | added | — | "active" | ❌ **unexpected** |',
        '| $.log\\[0\\] | added | — | "suspend L1" | allowed |',
        '',
        '',
      ].join('\n'),
    );
    // The outcome rate is a row of the metric table, with its share of the score.
    expect(text).toContain('| Outcome checks passed | 40.0% | 🔴 poor | 2 of 5 checks passed · 33.3% of the score |');
  });

  it('escapes hostile paths and values: no markup, no control character, no credential', () => {
    const text = renderReportMarkdown(buildReportView(hostileStateResult(), { now: FIXED_TIME }));
    expect(text).toContain(
      '| $\\["&lt;script&gt;window.\\_\\_pwned=1&lt;/script&gt;"\\] | changed | "old" | "&lt;img src=x onerror=\\\\"window.\\_\\_pwned=2\\\\"&gt;" | ❌ **unexpected** |',
    );
    expect(text).not.toMatch(/<script|<img/);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(text).not.toContain(SECRET);
  });

  it('a long diff is cut after 50 rows, saying where the rest is', () => {
    const result = outcomeResult();
    const changes = Array.from({ length: 52 }, (_, k) => ({
      path: `$.items[${k}]`,
      change: 'added' as const,
      after: k,
      covered_by: null,
    }));
    result.metrics.state = { ...result.metrics.state!, changes };
    const text = renderReportMarkdown(buildReportView(result, { now: FIXED_TIME }));
    expect(text).toContain(
      '| $.items\\[49\\] | added | — | 49 | ❌ **unexpected** |\n\n… and 2 more changes (the CSV and JSON reports have them all)',
    );
    expect(text).not.toContain('$.items\\[50\\]');
  });
});
