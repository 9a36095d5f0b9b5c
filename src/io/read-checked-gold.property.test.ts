import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ANY } from '../match/matchers/any.js';
import { readPlainGold } from '../gold/gold.js';
import { readCheckedGold, readCheckedGoldPlainly } from './gold-check.js';

/*
 * `readCheckedGold` reads a list of plain `{tool, args}` calls on a fast path (`readPlainGold`: one walk,
 * no decoding, no key check). Golds at and around that shape (a `$` key at some depth, nesting at the
 * limit, a matcher, a blank or non-string tool, a key beside tool and args, a recorded error, groups,
 * non-object entries, the object forms) must read as `readCheckedGoldPlainly` reads them: the same gold,
 * the same warnings, or the same error.
 */

const key = fc.constantFrom('a', 'b', 'city', '$x', '$any', 'to');
const leaf = fc.constantFrom('paris', ' Paris ', '', 0, 1.5, -3, true, false, null);
const { data } = fc.letrec((tie) => ({
  data: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('data'), { maxLength: 3 }) },
    { weight: 2, arbitrary: fc.dictionary(key, tie('data'), { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(ANY, { $regex: 'p.*' }, { $literal: { $any: 1 } }) },
  ),
}));
/** Arguments: mostly plain data (keys without `$`), sometimes anything above or not an object. */
const args = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom('a', 'b', 'city'), data, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(key, data, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, 'city=paris', [1], ANY) },
);
const plainCall = fc.record(
  {
    tool: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('search', ' pay ', 'book') },
      { weight: 1, arbitrary: fc.constantFrom('', '  ', 7, null, { $one_of: ['search', 'pay'] }) },
    ),
    args,
  },
  { requiredKeys: ['tool'] },
);
/** A call with one more key: a gold key, an unknown one, or one a trace records. */
const otherCall = fc
  .tuple(
    plainCall,
    fc.constantFrom(
      ['description', null],
      ['description', 'finds'],
      ['optional', true],
      ['arguments', {}],
      ['error', 'boom'],
      ['duration', 1.5],
      ['result', null],
    ),
  )
  .map(([call, [name, value]]) => ({ ...call, [name as string]: value }));
const entry = fc.oneof(
  { weight: 12, arbitrary: plainCall },
  { weight: 2, arbitrary: otherCall },
  { weight: 1, arbitrary: fc.record({ $any_order: fc.array(plainCall, { minLength: 1, maxLength: 2 }) }) },
  { weight: 1, arbitrary: fc.constantFrom(null, 'search', [] as unknown[]) },
);
const list = fc.oneof(
  { weight: 3, arbitrary: fc.array(plainCall, { maxLength: 5 }) },
  { weight: 2, arbitrary: fc.array(entry, { maxLength: 5 }) },
);
const gold = fc.oneof(
  { weight: 8, arbitrary: list },
  { weight: 1, arbitrary: list.map((calls) => ({ calls })) },
  { weight: 1, arbitrary: fc.constantFrom(null, 'gold.json', { actions: [] }) },
);
const options = fc.record({
  strictGold: fc.boolean(),
  maxDepth: fc.constantFrom(1, 2, 3, 1000),
  path: fc.constantFrom(undefined, '$.expected'),
});

type Options = { strictGold: boolean; maxDepth: number; path: string | undefined };

/** What a reading gives: the gold and warnings, or the error's class and message. */
function reading(read: typeof readCheckedGold, input: unknown, given: Options): unknown {
  const warnings: string[] = [];
  const { path, ...rest } = given;
  try {
    const gold = read(input, 'cases.jsonl', { ...rest, warnings, ...(path === undefined ? {} : { path }) });
    return { gold, warnings };
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message, warnings };
  }
}

describe('readCheckedGold (fast path for plain call lists)', () => {
  test('reads every gold as the plain reading does: same gold, warnings or error', () => {
    let fast = 0;
    fc.assert(
      fc.property(gold, options, (input, given) => {
        if (readPlainGold(input, given.maxDepth) !== undefined) fast++;
        expect(reading(readCheckedGold, input, given)).toStrictEqual(reading(readCheckedGoldPlainly, input, given));
      }),
      { numRuns: 2000 },
    );
    // The fast path must be taken often enough for the property to say something about it.
    expect(fast).toBeGreaterThan(400);
  });

  test('a plain list reads on the fast path, its arguments the caller’s own objects', () => {
    const args = { city: 'Paris', when: { day: [1, 2] } };
    const gold = readPlainGold([{ tool: ' search ', args }, { tool: 'pay' }]);
    expect(gold).toStrictEqual({
      calls: [
        { tool: 'search', args: { city: 'Paris', when: { day: [1, 2] } } },
        { tool: 'pay', args: null },
      ],
      options: { order: 'strict', extra_args: 'deny', ignore_tools: [], allow_extra_calls: false },
    });
    expect(gold?.calls[0]?.args).toBe(args);
  });

  test('what it cannot read plainly it leaves to the plain reading', () => {
    expect(readPlainGold([{ tool: 'search', args: { when: { $any: true } } }])).toBeUndefined();
    expect(readPlainGold([{ tool: 'search', args: { a: { b: { c: 1 } } } }], 2)).toBeUndefined();
    expect(readPlainGold([{ tool: 'search', args: { a: { b: { c: 1 } } } }], 3)).toBeDefined();
    expect(readPlainGold([{ tool: 'search', args: { a: [{ b: { $literal: 1 } }] } }])).toBeUndefined();
    expect(readPlainGold([{ tool: ' ', args: {} }])).toBeUndefined();
    expect(readPlainGold([{ tool: 'search', args: {}, error: 'boom' }])).toBeUndefined();
    expect(readPlainGold({ calls: [] })).toBeUndefined();
  });
});
