import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseJson } from '../io/json.js';
import { memberEqual, valuesEqual } from './equality.js';
import { ANY } from './matchers/any.js';
import { Regex } from './matchers/regex.js';

/** Parses JSON text the way gold and trace files are read, keeping `1` apart from `1.0`. */
function fromFile(text: string): Record<string, unknown> {
  return parseJson(text, 'f', { keepNumberKinds: true }) as Record<string, unknown>;
}

describe('lenient mode (the default)', () => {
  test('numbers compare by value: 1 equals 1.0, 1 does not equal 1.5', () => {
    expect(valuesEqual(1, 1.0)).toBe(true);
    expect(valuesEqual(0.1 + 0.2, 0.30000000000000004)).toBe(true);
    expect(valuesEqual(1, 1.5)).toBe(false);
    expect(valuesEqual(-0, 0)).toBe(true);
  });

  test('1 and 1.0 read from files are equal too', () => {
    const expected = fromFile('{"n": 1, "a": [1]}');
    const actual = fromFile('{"n": 1.0, "a": [1.0]}');
    expect(memberEqual(expected, actual, 'n', 'lenient')).toBe(true);
    expect(memberEqual(expected, actual, 'a', 'lenient')).toBe(true);
  });

  test('strings are trimmed at every depth', () => {
    expect(valuesEqual('NYC', ' NYC ')).toBe(true);
    expect(valuesEqual(' NYC ', 'NYC')).toBe(true);
    expect(valuesEqual('NYC', '\tNYC\n')).toBe(true);
    expect(valuesEqual({ city: 'NYC' }, { city: ' NYC ' })).toBe(true);
    expect(valuesEqual(['NYC', 'LA'], [' NYC', 'LA '])).toBe(true);
    expect(valuesEqual({ a: [{ b: ' x' }] }, { a: [{ b: 'x ' }] })).toBe(true);
    // trimming only removes the outside: inner spaces and case still count
    expect(valuesEqual('New York', 'New  York')).toBe(false);
    expect(valuesEqual('NYC', 'nyc')).toBe(false);
  });

  test('object key order is ignored; key sets must be identical', () => {
    expect(valuesEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(valuesEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(valuesEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(valuesEqual({ a: 1 }, { b: 1 })).toBe(false);
    expect(valuesEqual({}, {})).toBe(true);
  });

  test('arrays are positional', () => {
    expect(valuesEqual([1, 2], [1, 2])).toBe(true);
    expect(valuesEqual([1, 2], [2, 1])).toBe(false);
    expect(valuesEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(valuesEqual([], [])).toBe(true);
    expect(valuesEqual([], {})).toBe(false);
    expect(valuesEqual({}, [])).toBe(false);
    expect(valuesEqual({ 0: 'a' }, ['a'])).toBe(false);
  });

  test('booleans never equal numbers (unlike Python, where 1 == True)', () => {
    expect(valuesEqual(true, 1)).toBe(false);
    expect(valuesEqual(1, true)).toBe(false);
    expect(valuesEqual(false, 0)).toBe(false);
    expect(valuesEqual(0, false)).toBe(false);
    expect(valuesEqual(true, true)).toBe(true);
    expect(valuesEqual(true, false)).toBe(false);
  });

  test('numbers never equal their text', () => {
    expect(valuesEqual(1, '1')).toBe(false);
    expect(valuesEqual('1', 1)).toBe(false);
  });

  test('null and undefined are different', () => {
    expect(valuesEqual(null, null)).toBe(true);
    expect(valuesEqual(undefined, undefined)).toBe(true);
    expect(valuesEqual(null, undefined)).toBe(false);
    expect(valuesEqual(undefined, null)).toBe(false);
    expect(valuesEqual(null, {})).toBe(false);
    expect(valuesEqual({}, null)).toBe(false);
    expect(valuesEqual(null, 0)).toBe(false);
    expect(valuesEqual(null, '')).toBe(false);
  });

  test('NaN never equals anything, itself included (as in Python)', () => {
    expect(valuesEqual(Number.NaN, Number.NaN)).toBe(false);
    expect(valuesEqual([Number.NaN], [Number.NaN])).toBe(false);
    expect(valuesEqual(Number.NaN, Number.NaN, 'strict')).toBe(false);
  });

  test('matchers run their logic at any depth', () => {
    expect(valuesEqual(ANY, undefined)).toBe(true);
    expect(valuesEqual({ id: Regex('FL-\\d+') }, { id: 'FL-123' })).toBe(true);
    expect(valuesEqual({ id: Regex('FL-\\d+') }, { id: 'FL-12a' })).toBe(false);
    expect(valuesEqual([ANY, 2], ['anything', 2])).toBe(true);
    // a matcher still needs its key: the object key sets must agree
    expect(valuesEqual({ a: ANY }, {})).toBe(false);
  });
});

describe('strict mode', () => {
  test('no trimming at any depth', () => {
    expect(valuesEqual('NYC', ' NYC ', 'strict')).toBe(false);
    expect(valuesEqual({ c: 'NYC' }, { c: 'NYC ' }, 'strict')).toBe(false);
    expect(valuesEqual(['NYC'], [' NYC'], 'strict')).toBe(false);
    expect(valuesEqual('NYC', 'NYC', 'strict')).toBe(true);
  });

  test('{"n": 1} and {"n": 1.0} read from files differ', () => {
    const expected = fromFile('{"n": 1}');
    const actual = fromFile('{"n": 1.0}');
    expect(memberEqual(expected, actual, 'n', 'strict')).toBe(false);
    expect(memberEqual(actual, expected, 'n', 'strict')).toBe(false);
    expect(memberEqual(actual, fromFile('{"n": 1.00}'), 'n', 'strict')).toBe(true);
    expect(memberEqual(expected, fromFile('{"n": 1}'), 'n', 'strict')).toBe(true);
  });

  test('exponent forms are floats too: 1e3 differs from 1000 and equals 1000.0', () => {
    const int = fromFile('{"n": 1000}');
    const exp = fromFile('{"n": 1e3}');
    const float = fromFile('{"n": 1000.0}');
    expect(memberEqual(int, exp, 'n', 'strict')).toBe(false);
    expect(memberEqual(exp, float, 'n', 'strict')).toBe(true);
  });

  test('the float mark is seen at every depth: {"a": [1.0]} vs {"a": [1]}', () => {
    const expected = fromFile('{"a": [1.0]}');
    const actual = fromFile('{"a": [1]}');
    expect(memberEqual(expected, actual, 'a', 'strict')).toBe(false);
    expect(memberEqual(expected, actual, 'a', 'lenient')).toBe(true);
    const deepE = fromFile('{"a": {"b": [0, {"c": 2}]}}');
    const deepA = fromFile('{"a": {"b": [0, {"c": 2.0}]}}');
    expect(memberEqual(deepE, deepA, 'a', 'strict')).toBe(false);
    expect(memberEqual(deepE, fromFile('{"a": {"b": [0, {"c": 2}]}}'), 'a', 'strict')).toBe(true);
  });

  test('non-integral numbers are floats whichever way they were written', () => {
    expect(memberEqual(fromFile('{"n": 1.5}'), fromFile('{"n": 15e-1}'), 'n', 'strict')).toBe(true);
  });

  test('in memory, 1 and 1.0 are the same JavaScript number, so strict mode finds them equal (documented limitation)', () => {
    expect(valuesEqual(1, 1.0, 'strict')).toBe(true);
    expect(valuesEqual({ n: 1 }, { n: 1.0 }, 'strict')).toBe(true);
    // valuesEqual has no containers, so even file values compare by value at the top level
    const actual = fromFile('{"n": 1.0}');
    expect(valuesEqual(1, actual.n, 'strict')).toBe(true);
  });

  test('types must agree; booleans are not numbers; null is not undefined', () => {
    expect(valuesEqual(true, 1, 'strict')).toBe(false);
    expect(valuesEqual(1, '1', 'strict')).toBe(false);
    expect(valuesEqual(null, undefined, 'strict')).toBe(false);
    expect(valuesEqual({ a: 1, b: [true] }, { b: [true], a: 1 }, 'strict')).toBe(true);
  });

  test('matchers are not affected by strict mode', () => {
    expect(valuesEqual({ c: Regex(' ?NYC ?') }, { c: ' NYC ' }, 'strict')).toBe(true);
    expect(valuesEqual([ANY], [null], 'strict')).toBe(true);
  });
});

describe('properties', () => {
  const json = fc.jsonValue({ maxDepth: 4 });

  test('valuesEqual is reflexive on JSON values, in both modes', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(valuesEqual(value, value)).toBe(true);
        expect(valuesEqual(value, value, 'strict')).toBe(true);
        // a structurally identical copy too
        const copy = JSON.parse(JSON.stringify(value)) as unknown;
        expect(valuesEqual(value, copy)).toBe(true);
        expect(valuesEqual(value, copy, 'strict')).toBe(true);
      }),
    );
  });

  test('lenient valuesEqual is symmetric for JSON values without matchers', () => {
    // mixing in padded copies of strings makes the lenient trimming branch reachable
    const pair = fc.oneof(
      fc.tuple(json, json),
      json.map((value) => [value, padStrings(value)] as const),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(valuesEqual(a, b)).toBe(valuesEqual(b, a));
        expect(valuesEqual(a, b, 'strict')).toBe(valuesEqual(b, a, 'strict'));
      }),
    );
  });

  test('strict equality implies lenient equality', () => {
    const pair = fc.oneof(
      fc.tuple(json, json),
      json.map((value) => [value, padStrings(value)] as const),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        if (valuesEqual(a, b, 'strict')) expect(valuesEqual(a, b)).toBe(true);
      }),
    );
  });

  test('padding strings with spaces keeps lenient equality and breaks strict equality', () => {
    fc.assert(
      fc.property(json, (value) => {
        const padded = padStrings(value);
        expect(valuesEqual(value, padded)).toBe(true);
        if (JSON.stringify(padded) !== JSON.stringify(value)) expect(valuesEqual(value, padded, 'strict')).toBe(false);
      }),
    );
  });
});

/** The same value with every string padded by a space on each side. */
function padStrings(value: unknown): unknown {
  if (typeof value === 'string') return ` ${value} `;
  if (Array.isArray(value)) return value.map(padStrings);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      Object.defineProperty(out, key, {
        value: padStrings((value as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
