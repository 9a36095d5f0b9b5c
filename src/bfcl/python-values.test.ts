import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseJson } from '../io/json.js';
import { PyFloat, pyContains, pyEquals, pyRepr, pyType, pyValue, toJson } from './python-values.js';

const py = (text: string) => pyValue(parseJson(text, 'test', { keepNumberKinds: true }));

describe('JSON in the Python view', () => {
  test('1 is an int, 1.0 and 1e3 are floats, true is a bool', () => {
    expect(pyType(py('1'))).toBe('int');
    expect(py('[1.0, 1e3, 2.5]')).toEqual([new PyFloat(1), new PyFloat(1000), new PyFloat(2.5)]);
    expect(pyType(py('true'))).toBe('bool');
    expect(pyType(py('{"a": null}'))).toBe('dict');
  });

  test("== as Python's: True == 1 == 1.0, lists in order, dicts by members", () => {
    expect(pyEquals(true, 1)).toBe(true);
    expect(pyEquals(new PyFloat(1), 1)).toBe(true);
    expect(pyEquals(py('[1, 2]'), py('[1.0, 2.0]'))).toBe(true);
    expect(pyEquals(py('[1, 2]'), py('[2, 1]'))).toBe(false);
    expect(pyEquals(py('{"a": 1, "b": "x"}'), py('{"b": "x", "a": 1.0}'))).toBe(true);
    expect(pyEquals('1', 1)).toBe(false);
    expect(pyEquals(null, py('{}'))).toBe(false);
  });

  test('in: list elements, substrings, dict keys', () => {
    expect(pyContains(['a', ''], '')).toBe(true);
    expect(pyContains('abc', '')).toBe(true);
    expect(pyContains(py('{"k": 1}'), 'k')).toBe(true);
    expect(pyContains(5, '')).toBe(false);
  });

  test('repr as Python prints values in its messages', () => {
    expect(pyRepr(py('[12, 1.0, 0.1, 1e-05, 1e16, true, null, "it\'s", "a\\"b", "x"]'))).toBe(
      `[12, 1.0, 0.1, 1e-05, 1e+16, True, None, "it's", 'a"b', 'x']`,
    );
    expect(pyRepr(py('{"a": [1, {"b": "c\\nd"}]}'))).toBe(`{'a': [1, {'b': 'c\\nd'}]}`);
    expect(pyRepr('both \' and "')).toBe(`'both \\' and "'`);
  });

  test('a key named __proto__ is a member like any other', () => {
    const value = py('{"__proto__": {"x": 1}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

describe('properties', () => {
  const json = fc.jsonValue({ maxDepth: 3 });

  test('toJson(pyValue(x)) is x, and every value equals itself', () => {
    fc.assert(
      fc.property(json, (value) => {
        const held = pyValue(JSON.parse(JSON.stringify(value)));
        expect(toJson(held)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(pyEquals(held, held)).toBe(true);
      }),
    );
  });

  test('== is symmetric', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const [x, y] = [pyValue(JSON.parse(JSON.stringify(a))), pyValue(JSON.parse(JSON.stringify(b)))];
        expect(pyEquals(x, y)).toBe(pyEquals(y, x));
      }),
    );
  });
});
