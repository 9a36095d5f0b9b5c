import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canonicalJson } from './canonical.js';
import { ANY } from './matchers/any.js';
import { Regex } from './matchers/regex.js';

/** The same value with the keys of every object in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).reverse()) {
      Object.defineProperty(out, key, {
        value: reverseKeys((value as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

describe('canonicalJson', () => {
  test('object keys are sorted at every depth; arrays keep their order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson([2, 1])).toBe('[2,1]');
    expect(canonicalJson({})).toBe('{}');
  });

  test('scalars as JSON; missing values and non-finite numbers as JSON-safe text', () => {
    expect(canonicalJson('a"b')).toBe('"a\\"b"');
    expect(canonicalJson(1.5)).toBe('1.5');
    expect(canonicalJson(-0)).toBe('0');
    expect(canonicalJson(1e21)).toBe('1e+21');
    expect(canonicalJson(true)).toBe('true');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(Number.NaN)).toBe('"NaN"');
    expect(canonicalJson(-Infinity)).toBe('"-Infinity"');
  });

  test('matchers by their operator form', () => {
    expect(canonicalJson({ q: ANY, id: Regex('a', 'i') })).toBe('{"id":{"$regex":"a","flags":"i"},"q":{"$any":true}}');
  });

  test('values that differ only in key order get the same text; other values differ', () => {
    expect(canonicalJson({ q: 'x', n: 1 })).toBe(canonicalJson({ n: 1, q: 'x' }));
    expect(canonicalJson({ q: 'x' })).not.toBe(canonicalJson({ q: ' x' }));
    expect(canonicalJson({ q: 1 })).not.toBe(canonicalJson({ q: '1' }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  test('property: valid JSON, equal to the value, and blind to key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(reverseKeys(value))).toBe(text);
      }),
    );
  });
});
