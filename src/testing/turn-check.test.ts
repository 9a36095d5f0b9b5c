import { describe, expect, it } from 'vitest';
import { lateRefundChat, supportChat } from '../../test/conversation-fixtures.js';
import { ToolscoreInputError } from '../core/errors.js';
import '../vitest.js';

/*
 * toCallToolsByTurn on a recorded three-turn support chat (an OpenAI message list: "Where is order 7?",
 * "Please refund it", "Thanks!"). Scores use the default weights: a turn whose only expected call is
 * missing, or whose only call is unexpected, scores 0; a right turn 1; the conversation is their mean.
 */

const byTurn = [
  [{ tool: 'get_order', args: { id: 7 } }],
  { user: { $contains: 'refund' }, calls: [{ tool: 'refund_order', args: { id: 7 } }] },
  [],
];

describe('toCallToolsByTurn', () => {
  it('passes when every turn makes its calls, and a [] turn none', () => {
    expect(supportChat).toCallToolsByTurn(byTurn);
    expect(supportChat).toCallToolsByTurn(byTurn, { minScore: 1 });
    expect(supportChat).not.toCallToolsByTurn([[{ tool: 'get_order' }], [], []]);
  });

  it('a call one turn late fails, named as such, although every call is right in a flat list', () => {
    const failure = () => expect(lateRefundChat).toCallToolsByTurn(byTurn);
    // Turn 1: 1; turn 2: its call missing, 0; turn 3: an unexpected call, 0 ⇒ 1/3.
    expect(failure).toThrow(
      [
        'the calls do not meet the expectation:',
        '  - refund_order expected in turn 2, made in turn 3',
        '',
        'Expected vs actual tool calls',
      ].join('\n'),
    );
    expect(failure).toThrow('score 0.33 · selection 1.00 · args 1.00 · sequence 1.00');
    expect(failure).toThrow('warning: refund_order expected in turn 2, made in turn 3');
    expect(lateRefundChat).not.toCallToolsByTurn(byTurn);
    expect(lateRefundChat).toCallTools(byTurn.flatMap((turn) => (Array.isArray(turn) ? turn : turn.calls)));
  });

  it('a turn listing [] allows no call, whatever the mode', () => {
    const again = [
      { tool: 'get_order', args: { id: 7 }, turn: 1 },
      { tool: 'refund_order', args: { id: 7 }, turn: 2 },
      { tool: 'get_order', args: { id: 7 }, turn: 3 },
    ];
    for (const mode of [undefined, 'superset'] as const)
      expect(() => expect(again).toCallToolsByTurn(byTurn, { mode })).toThrow(
        'the calls do not meet the expectation:\n  - turn 3: unexpected call to get_order\n',
      );
  });

  it('other calls in a turn that lists some are allowed by default, as in toCallTools', () => {
    const thinking = [
      { tool: 'think', args: {}, turn: 1 },
      { tool: 'get_order', args: { id: 7 }, turn: 1 },
      { tool: 'refund_order', args: { id: 7 }, turn: 2 },
    ];
    const userMessages = ['Where is order 7?', 'Please refund it', 'Thanks!'];
    expect(thinking).toCallToolsByTurn(byTurn, { userMessages });
    expect(() => expect(thinking).toCallToolsByTurn(byTurn, { userMessages, mode: 'strict' })).toThrow(
      '  - turn 1: unexpected call to think\n',
    );
  });

  it('a wrong argument and a missing call name their turns', () => {
    const wrong = [[{ tool: 'get_order', args: { id: 8 } }], [{ tool: 'refund_order' }, { tool: 'notify' }], []];
    expect(() => expect(supportChat).toCallToolsByTurn(wrong)).toThrow(
      [
        'the calls do not meet the expectation:',
        '  - turn 1: get_order called with different arguments: id: expected 8, got 7',
        '  - turn 2: expected call to notify was not made',
        '',
      ].join('\n'),
    );
  });

  it('a diverged user message and a turn the trace never reached fail', () => {
    const diverged = [[{ tool: 'get_order' }], { user: 'Cancel it', calls: [{ tool: 'refund_order' }] }, []];
    expect(() => expect(supportChat).toCallToolsByTurn(diverged)).toThrow(
      '  - the conversation diverged at turn 2: the user was expected to say "Cancel it", the trace has "Please refund it"\n',
    );
    expect(() => expect(supportChat).toCallToolsByTurn([...byTurn, [{ tool: 'close_ticket' }]])).toThrow(
      'the calls do not meet the expectation:\n  - the trace ends after turn 3; turn 4 (1 expected call) was never reached\n',
    );
    // A list of calls records no user messages: its last turn is its last call's unless they are given.
    const calls = [
      { tool: 'get_order', args: { id: 7 }, turn: 1 },
      { tool: 'refund_order', args: { id: 7 }, turn: 2 },
    ];
    expect(() => expect(calls).toCallToolsByTurn(byTurn)).toThrow(
      'the trace ends after turn 2; turn 3 (0 expected calls) was never reached',
    );
    expect(calls).toCallToolsByTurn(byTurn, { userMessages: ['Where is order 7?', 'Please refund it', 'Thanks!'] });
  });

  it('a typo in a turn throws with the path as the test wrote it, with or without .not', () => {
    const typo = [[{ tool: 'get_order', arguments: { id: 7 } }], [], []] as never;
    const error = new ToolscoreInputError(
      { source: 'expected', path: '$[0][0]' },
      'unknown key "arguments" in turn 1; did you mean "args"?',
    );
    expect(() => expect(supportChat).toCallToolsByTurn(typo)).toThrow(error);
    expect(() => expect(supportChat).not.toCallToolsByTurn(typo)).toThrow(error);
    expect(() => expect(supportChat).toCallToolsByTurn([[], { usr: 'Thanks!', calls: [] }] as never)).toThrow(
      'expected at $[1]: unknown key "usr" in turn 2; did you mean "user"?',
    );
    expect(() =>
      expect(supportChat).toCallToolsByTurn([[], { calls: [{ tool: 'refund_order', args: 7 }] }] as never),
    ).toThrow('expected at $[1].calls[0].args: turn 2: expected an object of arguments (or null), got a number');
    expect(() => expect(supportChat).toCallToolsByTurn([])).toThrow(
      'expected at $: expected a non-empty array of turns',
    );
    expect(() => expect(supportChat).toCallToolsByTurn({ turns: [] } as never)).toThrow(
      'expected at $: expected an array of turns, each a list of calls or {user?, calls}, got an object',
    );
  });
});
