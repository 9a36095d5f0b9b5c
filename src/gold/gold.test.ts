import { describe, expect, it } from 'vitest';
import { isMatcher } from '../match/matchers/matcher.js';
import { DEFAULT_GOLD_OPTIONS, readGold } from './gold.js';

describe('readGold: a conversation {"turns": [...]}', () => {
  it('reads each turn, its calls flattened into gold.calls in turn order', () => {
    const gold = readGold({
      turns: [
        { user: 'where is my order?', calls: [{ tool: 'get_order', args: { id: 7 } }] },
        { calls: [] },
        { user: { $regex: 'refund' }, calls: [{ tool: 'refund_order' }] },
      ],
    });
    expect(gold.turns).toHaveLength(3);
    expect(gold.turns![0]!.user).toBe('where is my order?');
    expect(gold.turns![0]!.calls).toEqual([{ tool: 'get_order', args: { id: 7 } }]);
    expect(gold.turns![1]!.calls).toEqual([]);
    expect(gold.turns![1]!.user).toBeUndefined();
    expect(isMatcher(gold.turns![2]!.user)).toBe(true);
    expect(gold.calls.map((call) => call.tool)).toEqual(['get_order', 'refund_order']);
    expect(gold.turns![0]!.options).toBe(DEFAULT_GOLD_OPTIONS);
  });

  it('gives every turn the file options, a turn overriding them with its own keys', () => {
    const gold = readGold({
      extra_args: 'allow',
      ignore_tools: ['think'],
      turns: [
        { calls: [{ tool: 'a', args: {} }] },
        { ignore_tools: [], extra_args: 'deny', calls: [{ tool: 'b', args: {} }] },
        { mode: 'superset', calls: [{ tool: 'c' }] },
      ],
    });
    expect(gold.options).toEqual({
      order: 'strict',
      extra_args: 'allow',
      ignore_tools: ['think'],
      allow_extra_calls: false,
    });
    expect(gold.turns![0]!.options).toEqual(gold.options);
    expect(gold.turns![0]!.calls[0]!.extra_args).toBe('allow');
    expect(gold.turns![1]!.options).toBe(DEFAULT_GOLD_OPTIONS);
    expect(gold.turns![1]!.calls[0]!.extra_args).toBeUndefined();
    expect(gold.turns![2]!.options).toEqual({
      order: 'any',
      extra_args: 'allow',
      ignore_tools: ['think'],
      allow_extra_calls: true,
    });
  });

  it("applies the file's subset mode to every turn's calls", () => {
    const gold = readGold({ mode: 'subset', turns: [{ calls: [{ tool: 'a' }] }, { calls: [{ tool: 'b' }] }] });
    expect(gold.calls.map((call) => call.optional)).toEqual([true, true]);
  });

  it('names the turn and the JSON path of a malformed turn', () => {
    const bad = (data: unknown) => () => readGold(data, 'gold.json');
    expect(bad({ turns: [{ calls: [] }, { calls: [] }, { calls: [{ tool: 'a', args: 5 }] }] })).toThrow(
      'gold.json at $.turns[2].calls[0].args: turn 3: expected an object of arguments (or null), got a number',
    );
    expect(bad({ turns: [{ calls: [] }, { user: 'hi' }] })).toThrow(
      'gold.json at $.turns[1].calls: turn 2: expected an array of calls ([] for "answer without calling a tool"), got nothing',
    );
    expect(bad({ turns: ['hi'] })).toThrow('gold.json at $.turns[0]: turn 1: expected a turn');
    expect(bad({ turns: [] })).toThrow('gold.json at $.turns: expected a non-empty array of turns');
    expect(bad({ turns: [{ calls: [], user: 3 }] })).toThrow(
      "gold.json at $.turns[0].user: turn 1: expected the user's message as a string or a matcher",
    );
    expect(bad({ turns: [{ calls: [], order: 'sideways' }] })).toThrow(
      'gold.json at $.turns[0].order: turn 1: expected "strict" or "any", got a string',
    );
    expect(bad({ turns: [{ calls: [], mode: 'superset', order: 'strict' }] })).toThrow(
      'gold.json at $.turns[0].order: turn 1: "order": "strict" conflicts with "mode": "superset"',
    );
    expect(bad({ calls: [], turns: [{ calls: [] }] })).toThrow(
      'gold.json at $.calls: a gold file has "calls" or "turns", not both',
    );
  });

  it('keeps the meaning of a flat gold', () => {
    expect(readGold([{ tool: 'a' }]).turns).toBeUndefined();
    expect(readGold({ calls: [{ tool: 'a' }] }).turns).toBeUndefined();
  });
});
