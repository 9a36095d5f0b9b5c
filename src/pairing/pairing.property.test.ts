import fc from 'fast-check';
import { expect, test } from 'vitest';
import { toActualCalls } from '../formats/support/calls.js';
import { readGold } from '../gold/gold.js';
import type { EqualityMode } from '../match/equality.js';
import { pairCalls, pairCallsPlainly } from './pairing.js';

// pairCalls pairs a tool's calls straight (r-th with r-th) without comparing the other cells when each
// straight pair matches every expected argument and no more calls are expected than made; the plain way
// compares every cell. Both must give the same pairing: partners and matched arguments, for golds with
// optional calls, null arguments, `$optional` and other matchers, in both modes, over calls of few tools
// and few argument values so that repeated and straight-matching calls are common.

const value = fc.constantFrom<unknown>(1, 2, 'p', ' p ', null, [1], { q: 1 });
const goldValue = fc.oneof(
  { weight: 5, arbitrary: value },
  { weight: 1, arbitrary: fc.constantFrom({ $optional: 1 }, { $any: true }, { $one_of: [1, 2] }, { $optional: 'p' }) },
);
const keys = fc.constantFrom('x', 'y');
const goldCall = fc.record(
  {
    tool: fc.constantFrom('a', 'b'),
    args: fc.option(fc.dictionary(keys, goldValue, { maxKeys: 2 }), { nil: null, freq: 6 }),
    optional: fc.boolean(),
  },
  { requiredKeys: ['tool', 'args'] },
);
const actualCall = fc.record({
  tool: fc.constantFrom('a', 'b', 'c'),
  args: fc.option(fc.dictionary(fc.constantFrom('x', 'y', 'z'), value, { maxKeys: 3 }), { nil: null, freq: 8 }),
});

test('the straight-pairing shortcut pairs as comparing every cell does', () => {
  fc.assert(
    fc.property(
      fc.array(goldCall, { maxLength: 6 }),
      fc.array(actualCall, { maxLength: 7 }),
      fc.constantFrom<EqualityMode>('lenient', 'strict'),
      (gold, trace, mode) => {
        const expected = readGold(gold).calls;
        const actual = toActualCalls(trace);
        expect(pairCalls(expected, actual, mode)).toEqual(pairCallsPlainly(expected, actual, mode));
      },
    ),
    { numRuns: 4000 },
  );
});

test('a copy of each expected call, repeated, is paired straight and as comparing every cell does', () => {
  // Traces made of the gold's own calls, each maybe repeated or changed: most groups take the shortcut.
  fc.assert(
    fc.property(
      fc.array(goldCall, { minLength: 1, maxLength: 5 }),
      fc.array(fc.tuple(fc.nat(4), fc.constantFrom('copy', 'twice', 'change')), { maxLength: 7 }),
      fc.constantFrom<EqualityMode>('lenient', 'strict'),
      (gold, picks, mode) => {
        const plainArgs = (args: Record<string, unknown> | null) =>
          args === null ? null : Object.fromEntries(Object.entries(args).map(([k, v]) => [k, isOperator(v) ? 1 : v]));
        const trace = picks.flatMap(([k, how]) => {
          const call = gold[k % gold.length]!;
          const args = plainArgs(call.args);
          if (how === 'change') return [{ tool: call.tool, args: { ...args, x: 3 } }];
          return how === 'twice'
            ? [
                { tool: call.tool, args },
                { tool: call.tool, args },
              ]
            : [{ tool: call.tool, args }];
        });
        const expected = readGold(gold).calls;
        const actual = toActualCalls(trace);
        expect(pairCalls(expected, actual, mode)).toEqual(pairCallsPlainly(expected, actual, mode));
      },
    ),
    { numRuns: 4000 },
  );
});

function isOperator(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).some((k) => k.startsWith('$'))
  );
}
