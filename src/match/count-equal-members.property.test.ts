import fc from 'fast-check';
import { expect, test } from 'vitest';
import { readGold } from '../gold/gold.js';
import { parseJson } from '../io/json.js';
import { hasOwnProperty } from '../core/objects.js';
import { countEqualMembers, memberEqual, type EqualityMode } from './equality.js';

// countEqualMembers is memberEqual over each own key of the expected arguments, in one loop: the two
// must count the same for any gold arguments (matchers, `$optional`, `1.0` kept apart from `1`) and any
// actual arguments (inherited keys, extra keys, padded strings), in both modes.

/** The reference: memberEqual asked key by key. */
function countByMember(expected: object, actual: object, mode: EqualityMode): number {
  let count = 0;
  for (const key of Object.keys(expected))
    if (hasOwnProperty.call(actual, key) && memberEqual(expected, actual, key, mode)) count++;
  return count;
}

const valueText = fc.constantFrom(
  '1',
  '1.0',
  '2',
  '-0',
  '"x"',
  '" x "',
  '"y"',
  'null',
  'true',
  '[1, 2.0]',
  '[1, 2]',
  '{"p": 1.0}',
  '{"p": 1}',
  '{"p": 1, "q": null}',
);
const goldValueText = fc.oneof(
  { weight: 4, arbitrary: valueText },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"$optional": 1}',
      '{"$optional": "x"}',
      '{"$any": true}',
      '{"$regex": "x"}',
      '{"$approx": 1, "abs": 0.5}',
      '{"$one_of": [1, "x"]}',
      '{"p": {"$optional": 1.0}}',
    ),
  },
);
const keys = fc.constantFrom('a', 'b', 'c', 'toString', '__proto__');
const objectText = (value: fc.Arbitrary<string>) =>
  fc
    .uniqueArray(fc.tuple(keys, value), { selector: ([key]) => key, maxLength: 4 })
    .map((members) => `{${members.map(([key, text]) => `${JSON.stringify(key)}: ${text}`).join(', ')}}`);

test('countEqualMembers counts the own keys memberEqual finds equal', () => {
  fc.assert(
    fc.property(
      objectText(goldValueText),
      objectText(valueText),
      fc.constantFrom('lenient', 'strict'),
      (goldText, actualText, mode) => {
        const goldArgs = parseJson(`[{"tool": "t", "args": ${goldText}}]`, 'gold', { keepNumberKinds: true });
        const expected = readGold(goldArgs).calls[0]!.args!;
        const actual = parseJson(actualText, 'trace', { keepNumberKinds: true }) as object;
        expect(countEqualMembers(expected, actual, mode as EqualityMode)).toBe(
          countByMember(expected, actual, mode as EqualityMode),
        );
      },
    ),
    { numRuns: 3000 },
  );
});
