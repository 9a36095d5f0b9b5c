import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readGold } from './gold.js';

/*
 * A call holding only `tool` and `args` is read without looking up its other keys (readCall's fast
 * path). Giving every call a key that means nothing (`"description": null` reads as absent) sends it
 * down the full path: both must read the same gold, or fail with the same message.
 */

const value = fc.oneof(
  fc.constantFrom('paris', ' Lisbon ', '', 1, 1.5, true, null),
  fc.constantFrom({ $regex: 'p.*', flags: 'i' }, { $one_of: ['a', 'b'] }, { $any: true }, { $optional: 'x' }),
  fc.array(fc.constantFrom('a', 1, null), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('x', 'y'), fc.constantFrom(1, 'a', { $contains: 'a' }), { maxKeys: 2 }),
);
const call = fc.record(
  {
    tool: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom('search', 'book', ' pay ') },
      { weight: 1, arbitrary: fc.constantFrom({ $one_of: ['search', 'pay'] }, '', 7) },
    ),
    args: fc.oneof(
      { weight: 6, arbitrary: fc.dictionary(fc.constantFrom('city', 'n', 'when'), value, { maxKeys: 3 }) },
      { weight: 1, arbitrary: fc.constantFrom(null, 'city=paris', [1]) },
    ),
  },
  { requiredKeys: ['tool'] },
);
const entries = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: call },
    { weight: 1, arbitrary: fc.record({ $any_order: fc.array(call, { minLength: 1, maxLength: 3 }) }) },
  ),
  { maxLength: 5 },
);
const fileOptions = fc.record(
  {
    mode: fc.constantFrom('strict', 'unordered', 'subset', 'superset'),
    extra_args: fc.constantFrom('allow', 'deny'),
    require_success: fc.boolean(),
  },
  { requiredKeys: [] },
);
const gold = fc.oneof(
  entries,
  fc.tuple(entries, fileOptions).map(([calls, options]) => ({ calls, ...options })),
  fc
    .tuple(fc.array(fc.record({ calls: entries }), { minLength: 1, maxLength: 2 }), fileOptions)
    .map(([turns, options]) => ({ turns, ...options })),
);

/** The gold with `"description": null` added to every call object (inside groups and turns too). */
function withNullDescriptions(data: unknown): unknown {
  const calls = (list: unknown[]): unknown[] =>
    list.map((entry) => {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
      const group = (entry as { $any_order?: unknown }).$any_order;
      if (Array.isArray(group)) return { $any_order: calls(group) };
      return { ...entry, description: null };
    });
  if (Array.isArray(data)) return calls(data);
  const object = data as { calls?: unknown[]; turns?: { calls: unknown[] }[] };
  if (object.turns) return { ...object, turns: object.turns.map((turn) => ({ ...turn, calls: calls(turn.calls) })) };
  return { ...object, calls: calls(object.calls ?? []) };
}

function read(data: unknown): unknown {
  try {
    return readGold(data, 'expected', { maxDepth: 8 });
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('a {tool, args} call read on the fast path', () => {
  test('reads as the same call with its other keys looked up', () => {
    fc.assert(
      fc.property(gold, (data) => {
        expect(read(data)).toEqual(read(withNullDescriptions(data)));
      }),
      { numRuns: 1500 },
    );
  });

  test('a subset mode still marks a plain call optional, a file extra_args still applies, require_success still asks', () => {
    const gold = readGold({
      calls: [{ tool: 'search', args: {} }],
      mode: 'subset',
      extra_args: 'allow',
      require_success: true,
    });
    // subset means order any: the calls form one any-order group.
    expect(gold.calls).toEqual([
      { tool: 'search', args: {}, optional: true, extra_args: 'allow', succeeds: true, any_order_group: 0 },
    ]);
  });

  test('a call with any other key is read in full', () => {
    const read = (extra: Record<string, unknown>) =>
      readGold([{ tool: 'pay', args: { n: 1 }, ...extra }]).calls[0] as unknown as Record<string, unknown>;
    expect(read({ optional: true })).toEqual({ tool: 'pay', args: { n: 1 }, optional: true });
    expect(read({ extra_args: 'allow' })).toEqual({ tool: 'pay', args: { n: 1 }, extra_args: 'allow' });
    expect(read({ succeeds: false })).toEqual({ tool: 'pay', args: { n: 1 }, succeeds: false });
    expect(read({ description: 'charge the card' })).toEqual({
      tool: 'pay',
      args: { n: 1 },
      description: 'charge the card',
    });
    expect(read({ result: 'ok' })).toEqual({ tool: 'pay', args: { n: 1 }, result: 'ok' });
  });
});
