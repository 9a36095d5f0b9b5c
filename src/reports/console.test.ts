import { describe, expect, it } from 'vitest';
import { readGold } from '../gold/gold.js';
import { resolveSettings } from '../evaluation/evaluate.js';
import { scoreGold } from '../evaluation/turns.js';
import { evaluate } from '../evaluation/evaluate.js';
import { SECRET, exampleResult, hostileStateResult, outcomeResult } from '../../test/report-fixtures.js';
import { renderReportConsole } from './console.js';

describe('the console report of a conversation', () => {
  it('shows a table of the turns: score, grade, verdict, the user message and the top issue', () => {
    const gold = readGold({
      turns: [
        { calls: [{ tool: 'get_order', args: { id: 7 } }] },
        { calls: [{ tool: 'refund_order', args: { id: 7 } }] },
        { calls: [] },
      ],
    });
    const result = scoreGold(
      gold,
      {
        calls: [
          { tool: 'get_order', args: { id: 7 }, is_error: false, turn: 1 },
          { tool: 'refund_order', args: { id: 7 }, is_error: false, turn: 3 },
        ],
        userMessages: ['Where is order 7?', 'Refund it\u001b[2J', 'Thanks!'],
      },
      resolveSettings({}),
    ).result();
    const text = renderReportConsole(result);
    const table = text.slice(text.indexOf('Turns'), text.indexOf('  Required calls'));
    expect(table).toBe(
      [
        'Turns  1 of 3 turns passed (33.3%); score: the mean of the turns; first failing turn: 2',
        '   1  100.0%  A  PASS  "Where is order 7?"',
        '   2    0.0%  F  FAIL  "Refund it\\u001b[2J"  refund_order expected in turn 2, made in turn 3',
        '   3    0.0%  F  FAIL  "Thanks!"             refund_order expected in turn 2, made in turn 3',
        '',
        '',
      ].join('\n'),
    );
    // The late call completes nothing in its own turn.
    expect(text).toContain(
      'Required calls completed: 1 of 2 (not part of the score; weight it with --weight required_call_recall=0.3)',
    );
  });

  it('a flat gold shows no turns', () => {
    expect(renderReportConsole(evaluate({ expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] }))).not.toContain(
      'Turns',
    );
  });
});

describe('the console report of outcome checks and the state diff', () => {
  it('shows "Outcome checks" with the counts and each failed check, then the changed paths, unexpected ones marked', () => {
    const text = renderReportConsole(outcomeResult());
    const section = text.slice(text.indexOf('Outcome checks'), text.indexOf('Top issues to fix'));
    expect(section).toBe(
      [
        'Outcome checks  2 of 5 outcome checks passed (40.0%): result 0 of 1, reply 1 of 2, state 1 of 2',
        '  ✗ result  get_order returned status "shipped", expected "delivered"',
        '  ✗ reply   the reply says "refund", which it must not',
        '  ✗ state   changes nobody expected: $.tmp removed (was 1); $.lines.L2 "active" → "suspended"; $.lines.L3 added "active"',
        '',
        'State changes  5 paths changed, 3 unexpected; expected values matched: 1 of 1',
        '  ! $.tmp removed (was 1)  unexpected',
        '    $.lines.L1 "active" → "suspended"  (covered by expected)',
        '  ! $.lines.L2 "active" → "suspended"  unexpected',
        '  ! $.lines.L3 added "active"  unexpected',
        '    $.log[0] added "suspend L1"  (covered by allowed)',
        '',
        '',
      ].join('\n'),
    );
    // Ahead of the Top issues, which rank the same failures above any argument detail.
    expect(text.indexOf('Outcome checks')).toBeLessThan(text.indexOf('Top issues to fix'));
    // Verbose: the outcome rate among the checks with its share of the score, and the given weight listed.
    const verbose = renderReportConsole(outcomeResult(), { verbose: true });
    expect(verbose).toContain('  Outcome checks passed     40.0%   2 of 5 checks passed\n');
    expect(verbose).toContain(', outcome 33.3%\n');
  });

  it('every check passed: the section says so; no state compared: no state section', () => {
    const result = evaluate({
      expected: [{ tool: 'get_order', result: { status: 'shipped' } }],
      actual: [{ tool: 'get_order', result: { status: 'shipped' } }],
    });
    const text = renderReportConsole(result);
    expect(text).toContain(
      'Outcome checks  1 of 1 outcome check passed (100.0%): result 1 of 1\n  Every outcome check passed\n',
    );
    expect(text).not.toContain('State changes');
  });

  it('a long diff is cut after 20 paths with "… and N more changes"', () => {
    const result = outcomeResult();
    const changes = Array.from({ length: 23 }, (_, k) => ({
      path: `$.items[${k}]`,
      change: 'added' as const,
      after: k,
      covered_by: null,
    }));
    result.metrics.state = { ...result.metrics.state!, unexpected_changes: 23, changes };
    const lines = renderReportConsole(result).split('\n');
    const start = lines.indexOf('State changes  23 paths changed, 23 unexpected; expected values matched: 1 of 1');
    expect(lines.slice(start + 1, start + 23)).toEqual([
      ...changes.slice(0, 20).map((_, k) => `  ! $.items[${k}] added ${k}  unexpected`),
      '  … and 3 more changes',
      '',
    ]);
  });

  it('hostile paths and values print inert: ANSI escapes written out, credentials masked; colour only from the report', () => {
    const plain = renderReportConsole(hostileStateResult());
    expect(plain).toContain(
      '  ! $.notes["tmp\\u001b[2J"] 1 → "key [REDACTED openai_api_key: sk-p…cd]\\u001b[31m"  unexpected\n',
    );
    expect(plain).toContain(
      '  ! $["<script>window.__pwned=1</script>"] "old" → "<img src=x onerror=\\"window.__pwned=2\\">"',
    );
    expect(plain).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(plain).not.toContain(SECRET);
    // With colour, every escape is one of the report's own: bold, dim, red, green, yellow and their resets.
    const colored = renderReportConsole(hostileStateResult(), { color: true });
    expect(new Set(colored.match(/\u001b\[[0-9;]*m/g))).toEqual(
      new Set(['\u001b[1m', '\u001b[22m', '\u001b[2m', '\u001b[31m', '\u001b[39m', '\u001b[32m', '\u001b[33m']),
    );
  });

  it('a result without outcome checks prints as before: no outcome section', async () => {
    expect(renderReportConsole(await exampleResult(), { verbose: true })).not.toMatch(/Outcome checks|State changes/);
  });
});
