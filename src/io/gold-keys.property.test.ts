import fc from 'fast-check';
import { expect, test } from 'vitest';
import { GOLD_KEYS, unknownGoldKeys } from './gold-keys.js';

const KNOWN = new Set<string>([...GOLD_KEYS.call, ...GOLD_KEYS.pythonCall, GOLD_KEYS.anyOrder]);

/** A call made of known keys only, with any values (the check never looks into them). */
const call = fc.subarray([...GOLD_KEYS.call.filter((key) => key !== 'tool'), ...GOLD_KEYS.pythonCall]).chain((keys) =>
  fc.tuple(fc.string(), fc.tuple(...keys.map(() => fc.jsonValue()))).map(([tool, values]) => ({
    tool,
    ...Object.fromEntries(keys.map((key, k) => [key, values[k]])),
  })),
);

/** A call list with any-order groups nested up to three deep. */
const { calls } = fc.letrec<{ calls: unknown[]; item: unknown }>((tie) => ({
  calls: fc.array(tie('item'), { maxLength: 5 }),
  item: fc.oneof({ depthSize: 'small', withCrossShrink: true }, call, fc.record({ $any_order: tie('calls') })),
}));

test('a gold file written with known keys only raises nothing, whatever the values', () => {
  fc.assert(
    fc.property(calls, (gold) => {
      expect(unknownGoldKeys(gold)).toEqual([]);
    }),
  );
});

test('one unknown key added to one call is one finding, at that call', () => {
  fc.assert(
    fc.property(
      fc.array(call, { minLength: 1, maxLength: 6 }),
      fc.nat(),
      fc.string({ minLength: 1 }).filter((key) => !KNOWN.has(key) && key !== '__proto__'),
      (gold, at, key) => {
        const index = at % gold.length;
        const calls = gold.map((item, i) => (i === index ? { ...item, [key]: 1 } : item));
        const found = unknownGoldKeys(calls);
        expect(found.map((item) => [item.path, item.key, item.alsoIn])).toEqual([[`$[${index}]`, key, 0]]);
      },
    ),
  );
});
