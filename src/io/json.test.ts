import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { memberEqual } from '../match/equality.js';
import { isFloatLiteral } from '../match/number-kinds.js';
import { parseJson } from './json.js';

/** The ToolscoreInputError thrown by parsing `text` (in both modes, which must agree). */
function parseError(text: string): ToolscoreInputError {
  const errors = [false, true].map((keepNumberKinds) => {
    try {
      parseJson(text, 'f.json', { keepNumberKinds });
    } catch (error) {
      expect(error).toBeInstanceOf(ToolscoreInputError);
      return error as ToolscoreInputError;
    }
    throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
  });
  expect(errors[1]!.message).toBe(errors[0]!.message);
  return errors[0]!;
}

const kinds = (text: string) => parseJson(text, 'f.json', { keepNumberKinds: true });

describe('valid documents', () => {
  test('parse as JSON.parse does, with or without number kinds', () => {
    const text =
      '{"tool": "a", "args": {"n": 1.0, "list": [1, 2.5, -3e2, true, null, "x"]}, "nested": {"a": {"b": []}}}';
    expect(parseJson(text, 'f.json')).toEqual(JSON.parse(text));
    expect(kinds(text)).toEqual(JSON.parse(text));
  });

  test('a byte order mark is skipped', () => {
    expect(parseJson('\uFEFF{"a": 1}', 'f.json')).toEqual({ a: 1 });
    expect(kinds('\uFEFF[1.0]')).toEqual([1]);
    expect(parseJson('\uFEFF"x"', 'f.json')).toBe('x');
  });

  test('numbers of any length are read whole', () => {
    const tiny = `[0.${'0'.repeat(450)}1]`;
    expect(kinds(tiny)).toEqual([0]);
    expect(parseJson(tiny, 'f.json')).toEqual([0]);
    const long = `[${'9'.repeat(300)}]`;
    expect(kinds(long)).toEqual(JSON.parse(long));
    expect(kinds(`{"a": 1.0, "b": ${'1'.repeat(500)}.5}`)).toEqual({ a: 1, b: Infinity });
  });

  test('property: any JSON value, in any spacing, parses equal to JSON.parse', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom(undefined, 0, 2, '\t'),
        fc.boolean(),
        (value, space, keepNumberKinds) => {
          const text = JSON.stringify(value, null, space);
          expect(parseJson(text, 'f.json', { keepNumberKinds })).toEqual(JSON.parse(text));
          // a float literal beside it sends the whole document through the careful parser
          const careful = `[${text}, 1.0]`;
          expect(parseJson(careful, 'f.json', { keepNumberKinds })).toEqual(JSON.parse(careful));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('number kinds (keepNumberKinds)', () => {
  test('integral numbers written as floats are marked, wherever they are', () => {
    const doc = kinds('{"a": 1.0, "b": 1, "c": 1.5, "d": 1e3, "e": 1E+0, "f": [2, 2.00, -0.0], "g": {"h": 10.0}}') as {
      f: number[];
      g: object;
    };
    const marked = ['a', 'b', 'c', 'd', 'e'].filter((key) => isFloatLiteral(doc, key));
    expect(marked).toEqual(['a', 'd', 'e']);
    expect([0, 1, 2].map((i) => isFloatLiteral(doc.f, i))).toEqual([false, true, true]);
    expect(isFloatLiteral(doc.g, 'h')).toBe(true);
  });

  test('literals whose fraction rounds away are marked too', () => {
    const doc = kinds(
      '{"a": 1.0000000000000001, "b": 9007199254740993.5, "c": 0.99999999999999999, "d": 1.000000000000001}',
    ) as Record<string, number>;
    expect(doc).toEqual({ a: 1, b: 9007199254740994, c: 1, d: 1.000000000000001 });
    expect(['a', 'b', 'c', 'd'].filter((key) => isFloatLiteral(doc, key))).toEqual(['a', 'b', 'c']);
    expect(memberEqual(doc, kinds('{"a": 1}') as object, 'a', 'strict')).toBe(false);
  });

  test('without keepNumberKinds nothing is marked', () => {
    const doc = parseJson('{"a": 1.0, "f": [2.0]}', 'f.json') as { f: number[] };
    expect(isFloatLiteral(doc, 'a')).toBe(false);
    expect(isFloatLiteral(doc.f, 0)).toBe(false);
  });

  test('keys named as Object.prototype members are own keys, __proto__ too, as JSON.parse makes them', () => {
    const text =
      '{"__proto__": {"polluted": 1.0}, "constructor": 2.0, "toString": [1], "hasOwnProperty": null, "a": {"__proto__": 1}}';
    for (const doc of [kinds(text), parseJson(text, 'f.json')] as Record<string, unknown>[]) {
      expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
      expect(Object.keys(doc)).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'a']);
      expect(Object.hasOwn(doc, '__proto__')).toBe(true);
      expect((doc as { polluted?: unknown }).polluted).toBeUndefined();
      expect(Object.hasOwn(doc.a as object, '__proto__')).toBe(true);
    }
    expect(kinds(text)).toEqual(JSON.parse(text));
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  test('a repeated key keeps the kind of its last value', () => {
    const doc = kinds('{"n": 1.0, "n": 1, "m": 1, "m": 1.0}') as Record<string, number>;
    expect(doc).toEqual({ n: 1, m: 1 });
    expect(isFloatLiteral(doc, 'n')).toBe(false);
    expect(isFloatLiteral(doc, 'm')).toBe(true);
  });

  test('property: exactly the numbers written with a fraction or exponent are marked', () => {
    const item = fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom('int', '.0', '.000', 'e0', 'E+1'));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), (items) => {
        const text = `[${items.map(([n, form]) => (form === 'int' ? `${n}` : `${n}${form}`)).join(', ')}]`;
        const arr = kinds(text) as number[];
        expect(arr).toEqual(JSON.parse(text));
        items.forEach(([, form], i) => expect(isFloatLiteral(arr, i)).toBe(form !== 'int'));
      }),
    );
  });
});

describe('syntax errors name the line, the column and the JSON path', () => {
  test('a missing comma on line 3', () => {
    const error = parseError('[\n  {"tool": "a"},\n  {"tool": "b" "args": {}}\n]');
    expect(error.location).toEqual({ source: 'f.json', line: 3, column: 16, path: '$[1]' });
    expect(error.message).toBe(`f.json:3:16 at $[1]: invalid JSON: unexpected '"args"'; expected ',' or '}'`);
  });

  test('the same on one line', () => {
    expect(parseError('[{"tool":"a"}, {"tool": "b" "args": {}}]').location).toEqual({
      source: 'f.json',
      line: 1,
      column: 29,
      path: '$[1]',
    });
  });

  const cases: [string, string, number, number, string, string][] = [
    ['empty file', '', 1, 1, '$', 'the file is empty; expected a JSON value'],
    ['only spaces', '\n\n  ', 3, 3, '$', 'the file is empty; expected a JSON value'],
    ['trailing garbage', '{"a": 1} x', 1, 10, '$', "unexpected 'x' after the end of the JSON value"],
    ['a second value', '[1]]', 1, 4, '$', "unexpected ']' after the end of the JSON value"],
    ['missing colon after a BOM', '\uFEFF{"a" 1}', 1, 6, '$', "unexpected '1}'; expected ':' after property name"],
    ['CRLF line ends', '{\r\n"a" 1}', 2, 5, '$', "unexpected '1}'; expected ':' after property name"],
    ['unterminated string', '{"a": "abc', 1, 7, '$.a', 'unterminated string'],
    [
      'invalid escape',
      '["\\x"]',
      1,
      2,
      '$[0]',
      'invalid string: control characters must be escaped and escapes must be valid',
    ],
    [
      'raw tab in a string',
      '["a\tb"]',
      1,
      2,
      '$[0]',
      'invalid string: control characters must be escaped and escapes must be valid',
    ],
    ['trailing comma in an array', '[1, 2,]', 1, 7, '$[2]', "unexpected ']'; expected a JSON value"],
    [
      'trailing comma in an object',
      '{"a": 1,}',
      1,
      9,
      '$',
      "unexpected '}'; expected a property name in double quotes",
    ],
    ['single quotes', "{'a': 1}", 1, 2, '$', "unexpected ''a''; expected a property name in double quotes"],
    ['leading zero', '[01]', 1, 3, '$', "unexpected '1]'; expected ',' or ']'"],
    ['a bad literal', 'tru', 1, 1, '$', "unexpected 'tru'; expected a JSON value"],
    ['NaN', '{"x": NaN}', 1, 7, '$.x', "unexpected 'NaN}'; expected a JSON value"],
    ['a lone minus', '[-]', 1, 2, '$[0]', "invalid number '-]'"],
    ['deep inside', '{"a": {"b c": [1, 2 3]}}', 1, 21, '$.a["b c"]', "unexpected '3]}}'; expected ',' or ']'"],
    ['cut short', '{"a": {"b": [1, 2,', 1, 19, '$.a.b[2]', 'unexpected end of file; expected a JSON value'],
  ];

  test.each(cases)('%s', (_name, text, line, column, path, reason) => {
    const error = parseError(text);
    expect(error.location).toEqual({ source: 'f.json', line, column, path });
    expect(error.reason).toBe(`invalid JSON: ${reason}`);
    expect(error.message).toBe(`f.json:${line}:${column} at ${path}: invalid JSON: ${reason}`);
  });

  test('nesting too deep to read is an input error with a short path', () => {
    const error = parseError('['.repeat(200_000));
    expect(error.reason).toBe('invalid JSON: nesting is too deep to read');
    expect(error.location.path).toMatch(/^\$(\[0\]){8}…(\[0\]){8}$/);
    expect(error.message.length).toBeLessThan(200);
  });

  test('property: arbitrary text is parsed or rejected with a one-line ToolscoreInputError, never anything else', () => {
    const jsonish = fc.oneof(
      fc.string(),
      fc.string({
        unit: fc.constantFrom(
          '{',
          '}',
          '[',
          ']',
          '"',
          ':',
          ',',
          ' ',
          '\n',
          '1',
          '.',
          '0',
          'e',
          '-',
          't',
          'n',
          '\\',
          'a',
          '\uFEFF',
        ),
      }),
      // valid JSON with a cut or an inserted character
      fc.tuple(fc.json(), fc.nat(), fc.string({ maxLength: 2 })).map(([text, at, insert]) => {
        const pos = at % (text.length + 1);
        return text.slice(0, pos) + insert + text.slice(pos + (insert === '' ? 1 : 0));
      }),
    );
    fc.assert(
      fc.property(jsonish, fc.boolean(), (text, keepNumberKinds) => {
        let builtIn: unknown;
        let builtInFailed = false;
        try {
          builtIn = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
        } catch {
          builtInFailed = true;
        }
        try {
          const value = parseJson(text, 'f.json', { keepNumberKinds });
          expect(builtInFailed).toBe(false);
          expect(value).toEqual(builtIn);
        } catch (error) {
          expect(error).toBeInstanceOf(ToolscoreInputError);
          expect(builtInFailed).toBe(true);
          const { line, column } = (error as ToolscoreInputError).location;
          expect((error as Error).message).not.toContain('\n');
          expect(line! >= 1 && line! <= text.split('\n').length).toBe(true);
          expect(column! >= 1).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('__proto__ keys', () => {
  test.each([false, true])(
    'become own data properties and leave Object.prototype clean (keepNumberKinds: %s)',
    (keepNumberKinds) => {
      const doc = parseJson('{"__proto__": {"polluted": 1.0}, "a": [{"__proto__": {"x": 1}}]}', 'f.json', {
        keepNumberKinds,
      }) as Record<string, unknown> & { a: Record<string, unknown>[] };
      expect(Object.hasOwn(doc, '__proto__')).toBe(true);
      expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
      expect(Object.keys(doc)).toEqual(['__proto__', 'a']);
      expect(Object.getOwnPropertyDescriptor(doc, '__proto__')?.value).toEqual({ polluted: 1 });
      expect((doc as { polluted?: unknown }).polluted).toBeUndefined();
      expect(Object.hasOwn(doc.a[0]!, '__proto__')).toBe(true);
      expect(({} as { polluted?: unknown; x?: unknown }).polluted).toBeUndefined();
      expect(({} as { polluted?: unknown; x?: unknown }).x).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    },
  );
});
