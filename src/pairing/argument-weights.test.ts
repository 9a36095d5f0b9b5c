import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Args } from '../core/types.js';
import type { EqualityMode } from '../match/equality.js';
import { ANY } from '../match/matchers/any.js';
import { Regex } from '../match/matchers/regex.js';
import { markFloatLiteral } from '../match/number-kinds.js';
import { countMatchingArgs, joinedArgumentWeights, pairwiseArgumentWeights } from './argument-weights.js';
import { pairCalls } from './pairing.js';
import { toActualCalls } from '../formats/support/calls.js';
import { toExpectedCalls } from '../gold/gold.js';

/** The weights by comparing every pair: the definition the hash join must reproduce. */
function pairwise(wanted: readonly (Args | null)[], given: readonly (Args | null)[], mode: EqualityMode): number[] {
  return wanted.flatMap((args) => given.map((other) => countMatchingArgs(args, other, mode)));
}

describe('pairing weights', () => {
  test('an 8 × 8 group, by hash join and pairwise: hand-counted weights', () => {
    const wanted: (Args | null)[] = [
      { city: 'NYC', days: 3 },
      { city: ANY },
      null,
      { q: [1, { a: ' x' }] },
      {},
      { days: 3.0 },
      { city: Regex('L.*') },
      { n: Number.NaN },
    ];
    const given: (Args | null)[] = [
      { city: ' NYC', days: 3 },
      { city: 'LA' },
      null,
      { q: [1, { a: 'x' }] },
      { days: '3' },
      {},
      { city: 'NYC', days: 4 },
      { n: Number.NaN },
    ];
    const lenient = joinedArgumentWeights(wanted, given, 'lenient');
    expect([...pairwiseArgumentWeights(wanted, given, 'lenient')]).toEqual([...lenient]);
    expect([...lenient]).toEqual([
      // NYC/3: " NYC"+3 → 2; LA → 0; null → 0; q → 0; "3" → 0; {} → 0; NYC/4 → 1; n → 0
      2, 0, 0, 0, 0, 0, 1, 0,
      // city: ANY matches any present city
      1, 1, 0, 0, 0, 0, 1, 0,
      // null expected arguments weigh nothing
      0, 0, 0, 0, 0, 0, 0, 0,
      // nested values, strings trimmed inside
      0, 0, 0, 1, 0, 0, 0, 0,
      // no expected arguments
      0, 0, 0, 0, 0, 0, 0, 0,
      // days 3.0 equals 3 by value
      1, 0, 0, 0, 0, 0, 0, 0,
      // Regex L.* on the whole string
      0, 1, 0, 0, 0, 0, 0, 0,
      // NaN never equals anything
      0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    const strict = joinedArgumentWeights(wanted, given, 'strict');
    expect(strict[0]).toBe(1); // " NYC" is not "NYC" in strict mode
    expect(strict[3 * 8 + 3]).toBe(0); // nor " x" "x"
    expect([...strict]).toEqual(pairwise(wanted, given, 'strict'));
  });

  // {} equals a matcher met as data (no own keys): a keyed expected value against an unkeyed actual one.
  const leaf = fc.constantFrom<unknown>(
    'a',
    ' a',
    'b',
    1,
    2,
    1.5,
    true,
    null,
    [1],
    {},
    [],
    { k: 'a' },
    { k: ' a' },
    Number.NaN,
    ANY,
    Regex('a|b'),
  );
  const args = fc.option(fc.dictionary(fc.constantFrom('x', 'y', 'z', 'w'), leaf, { maxKeys: 4 }), {
    nil: null,
    freq: 8,
  });
  /** Some integers marked as written `1.0`, so strict mode has float literals to tell apart. */
  const marked = args.chain((value) =>
    fc.boolean().map((mark) => {
      if (value && mark) for (const key of Object.keys(value)) if (value[key] === 1) markFloatLiteral(value, key);
      return value;
    }),
  );

  test('the hash join gives exactly the pairwise weights (both modes, matchers, NaN, float literals)', () => {
    fc.assert(
      fc.property(fc.array(marked, { maxLength: 14 }), fc.array(marked, { maxLength: 12 }), (wanted, given) => {
        for (const mode of ['lenient', 'strict'] as const) {
          expect([...joinedArgumentWeights(wanted, given, mode)]).toEqual(pairwise(wanted, given, mode));
          expect([...pairwiseArgumentWeights(wanted, given, mode)]).toEqual(pairwise(wanted, given, mode));
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('pairCalls on 40 × 40 calls of one tool (hash-joined weights): every expected call paired with its true partner', () => {
    // Each expected call's arguments are unique; the actual calls are the same, reversed, with strings padded.
    const expected = toExpectedCalls(
      Array.from({ length: 40 }, (_, i) => ({ tool: 'get', args: { id: i, name: `n${i % 7}`, tags: [i % 3] } })),
    );
    const actual = toActualCalls(
      Array.from({ length: 40 }, (_, k) => ({
        tool: 'get',
        args: { tags: [(39 - k) % 3], name: ` n${(39 - k) % 7} `, id: 39 - k },
      })),
    );
    const pairing = pairCalls(expected, actual, 'lenient');
    expect(pairing.actualFor).toEqual(Array.from({ length: 40 }, (_, i) => 39 - i));
    expect(pairing.matchedArgs).toEqual(new Array(40).fill(3));
    expect(pairCalls(expected, actual, 'strict').matchedArgs).toEqual(new Array(40).fill(2));
  });
});
