import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseJson } from '../io/json.js';
import { memberEqual, valuesEqual, type EqualityMode } from './equality.js';
import { equalityKey } from './equality-key.js';
import { ANY } from './matchers/any.js';
import { markFloatLiteral } from './number-kinds.js';

const MODES: readonly EqualityMode[] = ['lenient', 'strict'];

describe('equalityKey', () => {
  test('hand-worked keys', () => {
    expect(equalityKey({ b: [' x', 1], a: null }, 'lenient')).toBe('{"a":null,"b":["x",1]}');
    expect(equalityKey({ b: [' x', 1], a: null }, 'strict')).toBe('{"a":null,"b":[" x",1]}');
    expect(equalityKey(-0, 'lenient')).toBe('0');
    expect(equalityKey(true, 'lenient')).not.toBe(equalityKey('true', 'lenient'));
    expect(equalityKey(1, 'lenient')).not.toBe(equalityKey('1', 'lenient'));
    expect(equalityKey([1], 'lenient')).not.toBe(equalityKey({ 0: 1 }, 'lenient'));
    expect(equalityKey(null, 'lenient')).not.toBe(equalityKey(undefined, 'lenient'));
  });

  test('values only a comparison can decide have no key', () => {
    expect(equalityKey(ANY, 'lenient')).toBeUndefined();
    expect(equalityKey({ q: [ANY] }, 'strict')).toBeUndefined();
    expect(equalityKey(Number.NaN, 'lenient')).toBeUndefined();
    expect(equalityKey(() => 1, 'lenient')).toBeUndefined();
    expect(equalityKey(1n, 'lenient')).toBeUndefined();
  });

  test('strict mode keeps 1 and 1.0 apart as written in a file; lenient mode does not', () => {
    const expected = parseJson('{"n": 1, "a": [2.0]}', 'f', { keepNumberKinds: true }) as Record<string, unknown>;
    const actual = parseJson('{"n": 1.0, "a": [2.0]}', 'f', { keepNumberKinds: true }) as Record<string, unknown>;
    expect(equalityKey(expected.n, 'strict', expected, 'n')).toBe('1');
    expect(equalityKey(actual.n, 'strict', actual, 'n')).toBe('1.0');
    expect(equalityKey(actual.n, 'lenient', actual, 'n')).toBe('1');
    expect(equalityKey(expected.a, 'strict', expected, 'a')).toBe(equalityKey(actual.a, 'strict', actual, 'a'));
    expect(equalityKey(expected.a, 'strict', expected, 'a')).toBe('[2.0]');
  });

  // Leaves chosen to collide under one mode and not the other: padded strings, 1 vs 1.0 marks, -0.
  const leaf = fc.constantFrom<unknown>(
    'a',
    ' a',
    'a ',
    'b',
    '',
    ' ',
    1,
    2,
    -0,
    0,
    1.5,
    true,
    false,
    null,
    undefined,
    Number.NaN,
    Infinity,
    '1',
    'true',
  );
  const value = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 3 }),
    object: fc.dictionary(fc.constantFrom('x', 'y', 'z'), tie('value'), { maxKeys: 3 }),
  })).value;

  /** A copy with keys reordered, strings padded, and some integers marked as written `1.0`. */
  function variant(input: unknown, random: () => number): unknown {
    if (typeof input === 'string') return random() < 0.3 ? ` ${input}` : input;
    if (input === null || typeof input !== 'object') return input;
    if (Array.isArray(input)) {
      const copy = input.map((item) => variant(item, random));
      copy.forEach(
        (item, i) => typeof item === 'number' && Number.isInteger(item) && random() < 0.3 && markFloatLiteral(copy, i),
      );
      return copy;
    }
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(input).reverse())
      copy[key] = variant((input as Record<string, unknown>)[key], random);
    for (const key of Object.keys(copy))
      if (typeof copy[key] === 'number' && Number.isInteger(copy[key]) && random() < 0.3) markFloatLiteral(copy, key);
    return copy;
  }

  test('two values share a key exactly when they are equal (both modes, nested, with float-literal marks)', () => {
    fc.assert(
      fc.property(value, value, fc.integer(), fc.boolean(), (left, other, seed, related) => {
        let state = seed;
        const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
        // Half the pairs are variants of one value, so equal pairs are common.
        const a = { v: left };
        const b = { v: related ? variant(left, random) : other };
        for (const mode of MODES) {
          const keyA = equalityKey(a.v, mode, a, 'v');
          const keyB = equalityKey(b.v, mode, b, 'v');
          if (keyA === undefined || keyB === undefined) continue;
          expect(keyA === keyB).toBe(memberEqual(a, b, 'v', mode));
          expect(keyA === keyB).toBe(memberEqual(b, a, 'v', mode));
        }
      }),
      { numRuns: 3000 },
    );
  });

  test('a value has a key unless it holds a matcher, NaN or a non-JSON value', () => {
    fc.assert(
      fc.property(value, (input) => {
        const text = JSON.stringify(input, (_k, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? 'NaN!' : v));
        const hasNaN = text?.includes('NaN!') ?? false;
        expect(equalityKey(input, 'lenient') === undefined).toBe(hasNaN);
        if (!hasNaN) expect(valuesEqual(input, input)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
