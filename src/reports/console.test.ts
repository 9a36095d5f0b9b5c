import { describe, expect, it } from 'vitest';
import { readGold } from '../gold/gold.js';
import { resolveSettings } from '../evaluation/evaluate.js';
import { scoreGold } from '../evaluation/turns.js';
import { evaluate } from '../evaluation/evaluate.js';
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
