import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PyDict, PyException, PyFloat, type PyData, PyTuple, jsonDumps, pyData, pyRepr } from './py.js';

const file = { pyClass: 'File', pyEq: () => false, pyRepr: () => '<<File: a.txt, Content: x>>' };

describe("json.dumps, as Python's defaults print it", () => {
  test('separators, int and float kept apart, tuples as lists, non-str keys as strings', () => {
    // python3 -c "import json; print(json.dumps({'a': 1.0, 'b': [1, (2, 3)], 1: None, True: False, 'n': float('nan'), 'i': float('-inf'), 'e': 1e-05, 'g': 1e16, 'big': 10**21}))"
    const value = new PyDict([
      ['a', new PyFloat(1)],
      ['b', [1, new PyTuple([2, 3])]],
      [1, null],
      [true, false],
      ['n', new PyFloat(Number.NaN)],
      ['i', new PyFloat(-Infinity)],
      ['e', new PyFloat(1e-5)],
      ['g', new PyFloat(1e16)],
      ['big', 1e21],
    ]);
    expect(jsonDumps(value)).toBe(
      '{"a": 1.0, "b": [1, [2, 3]], "1": null, "true": false, "n": NaN, "i": -Infinity, "e": 1e-05, "g": 1e+16, "big": 1000000000000000000000}',
    );
  });

  test('ensure_ascii: quotes, backslashes and controls escaped, anything past "~" as \\uXXXX (UTF-16 units)', () => {
    // python3 -c "import json; print(json.dumps('é\u2028\x7f\"\\\\\n\t\x01😀'))"
    expect(jsonDumps('é\u2028\x7f"\\\n\t\x01😀')).toBe('"\\u00e9\\u2028\\u007f\\"\\\\\\n\\t\\u0001\\ud83d\\ude00"');
  });

  test("an object of the APIs' own is Python's TypeError, with its message", () => {
    // python3 -c "import json; json.dumps({'a': object()})" → TypeError: Object of type object is not JSON serializable
    expect(() => jsonDumps(PyDict.of({ root: file }))).toThrow(
      new PyException('TypeError', 'Object of type File is not JSON serializable'),
    );
  });

  const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ unit: 'binary' }),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.string({ unit: 'binary' }), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

  /** A JSON value as the APIs hold it: every number a float, so none is printed as an int. */
  const held = (value: unknown): PyData => {
    if (typeof value === 'number') return new PyFloat(value);
    if (Array.isArray(value)) return value.map(held);
    if (value !== null && typeof value === 'object')
      return new PyDict(Object.entries(value).map(([key, item]) => [key, held(item)]));
    return value as PyData;
  };

  test('property: what it prints is printable ASCII that JSON.parse reads back to the same value', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        const text = jsonDumps(held(value));
        expect(text).toMatch(/^[ -~]*$/);
        // -0 prints as -0.0, which JSON reads back as -0; JSON.stringify cannot tell them apart.
        expect(JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(value));
      }),
    );
  });

  test('property: a list or dict of ints and strs prints as JSON.stringify does, with Python’s separators', () => {
    const plain = fc.array(fc.oneof(fc.integer(), fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', ':') })), {
      maxLength: 5,
    });
    fc.assert(
      fc.property(plain, (items) => {
        expect(jsonDumps(items)).toBe(`[${items.map((item) => JSON.stringify(item)).join(', ')}]`);
      }),
    );
  });
});

describe('pyData: a parsed JSON value as the APIs hold it', () => {
  test('objects become dicts (keys in order), floats stay floats, lists stay lists', () => {
    const value = pyData({ b: [1, new PyFloat(2)], a: { c: null } });
    expect(value).toBeInstanceOf(PyDict);
    expect(pyRepr(value)).toBe("{'b': [1, 2.0], 'a': {'c': None}}");
  });
});
