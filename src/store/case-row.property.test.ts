import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { objectKeys } from './case-row.js';

describe('objectKeys', () => {
  test('the keys of an object text in the order it writes them, whatever they hold and whatever they map to', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.oneof(fc.string(), fc.nat().map(String), fc.constantFrom('"', '\\', ':', '{', '}', '__proto__')),
          {
            maxLength: 8,
          },
        ),
        fc.array(fc.jsonValue(), { minLength: 8, maxLength: 8 }),
        fc.boolean(),
        (keys, values, spaced) => {
          const sep = spaced ? ' ' : '';
          const text = `{${sep}${keys.map((key, k) => `${JSON.stringify(key)}${sep}:${sep}${JSON.stringify(values[k])}`).join(`,${sep}`)}${sep}}`;
          expect(objectKeys(text)).toEqual(keys);
        },
      ),
    );
  });

  test('keys that look like array indices keep their place (JSON.parse would move them first)', () => {
    expect(objectKeys('{"refund":{"n":1},"2":{},"10":{"a":[1,{"x":2}]},"1":null}')).toEqual(['refund', '2', '10', '1']);
    expect(objectKeys('{}')).toEqual([]);
  });
});
