import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { parseJson } from '../io/json.js';
import { memberEqual, valuesEqual } from './equality.js';
import { ANY } from './matchers/any.js';
import { Approx } from './matchers/approx.js';
import { Contains } from './matchers/contains.js';
import { IsType, JSON_TYPE_NAMES, type JsonTypeName } from './matchers/is-type.js';
import { isMatcher } from './matchers/matcher.js';
import { OneOf } from './matchers/one-of.js';
import { Regex, type RegexMatcher, RegexSearch } from './matchers/regex.js';
import {
  OPERATORS,
  decodeMembers,
  decodeOperators,
  encodeArgs,
  encodeOperators,
  type DecodeContext,
} from './operators.js';

const GOLD: DecodeContext = { source: 'gold.json', regexMode: 'full' };
const RULES: DecodeContext = { source: 'rules.json', regexMode: 'search' };

/** Decodes a value as the `city` argument of the first gold call. */
function decodeCity(city: unknown, context = GOLD): unknown {
  return decodeMembers({ city }, '$[0].args', context).city;
}

/** The ToolscoreInputError thrown by `fn`. */
function inputError(fn: () => unknown): ToolscoreInputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolscoreInputError);
    return error as ToolscoreInputError;
  }
  throw new Error('expected a ToolscoreInputError, nothing was thrown');
}

/** A value as text, matchers by their text form, so a matcher and its `$` form never look alike. */
function render(value: unknown): string {
  if (isMatcher(value)) return `<${value.toString()}>`;
  if (Array.isArray(value)) return `[${value.map(render).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${render((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

describe('decoding $ operators', () => {
  test('each operator becomes its matcher', () => {
    expect(decodeCity({ $any: true })).toBe(ANY);
    expect(render(decodeCity({ $regex: 'FL-\\d+' }))).toBe('<Regex("FL-\\\\d+")>');
    expect(render(decodeCity({ $regex: 'nyc', flags: 'i' }))).toBe('<Regex("nyc", "i")>');
    expect(render(decodeCity({ $approx: 3.14 }))).toBe('<Approx(3.14)>');
    expect(render(decodeCity({ $approx: 3.14, rel: 0.01, abs: 0 }))).toBe('<Approx(3.14, rel=0.01)>');
    expect(render(decodeCity({ $approx: 0, abs: 0.5 }))).toBe('<Approx(0, abs=0.5)>');
    expect(render(decodeCity({ $contains: 'NYC' }))).toBe('<Contains("NYC")>');
    expect(render(decodeCity({ $contains: { $regex: 'a' } }))).toBe('<Contains(Regex("a"))>');
    expect(render(decodeCity({ $one_of: ['NYC', { $regex: 'New York.*' }] }))).toBe(
      '<OneOf("NYC", Regex("New York.*"))>',
    );
    expect(render(decodeCity({ $type: 'integer' }))).toBe('<IsType(integer)>');
    expect(render(decodeCity({ $type: ['string', 'null'] }))).toBe('<IsType(string, null)>');
    expect(OPERATORS).toEqual(['$any', '$regex', '$approx', '$contains', '$one_of', '$type', '$optional', '$literal']);
  });

  test('$regex is a whole-string match in gold files and a search in forbidden rules', () => {
    const gold = decodeCity({ $regex: 'rm' }) as RegexMatcher;
    const rule = decodeCity({ $regex: 'rm' }, RULES) as RegexMatcher;
    expect([gold.mode, rule.mode]).toEqual(['full', 'search']);
    expect(gold.matches('rm -rf /')).toBe(false);
    expect(rule.matches('rm -rf /')).toBe(true);
    expect(rule.matches(['sudo', 'rm'])).toBe(true);
  });

  test('decoded matchers behave as the in-memory ones', () => {
    const city = decodeCity({ $one_of: ['NYC', { $regex: 'new york', flags: 'i' }] });
    expect(valuesEqual(city, ' NYC ')).toBe(true);
    expect(valuesEqual(city, 'New York')).toBe(true);
    expect(valuesEqual(city, 'Boston')).toBe(false);
    const amount = decodeCity({ $approx: 10, rel: 0.1 });
    expect([valuesEqual(amount, 11), valuesEqual(amount, 11.5), valuesEqual(amount, true)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  test('$literal keeps its operand as data, unread', () => {
    expect(decodeCity({ $literal: { $regex: 'x' } })).toEqual({ $regex: 'x' });
    expect(isMatcher(decodeCity({ $literal: { $regex: 'x' } }))).toBe(false);
    expect(decodeCity({ $literal: { $gt: 5, nested: { $any: true } } })).toEqual({ $gt: 5, nested: { $any: true } });
    expect(decodeCity({ $literal: null })).toBe(null);
    expect(decodeCity({ $literal: 'x' })).toBe('x');
  });

  test('operators work at any depth of objects and arrays', () => {
    const value = { a: [1, { b: { $any: true } }], c: { d: { $type: 'string' } } };
    const decoded = decodeOperators(value, '$', GOLD) as { a: [number, { b: unknown }]; c: { d: unknown } };
    expect(decoded.a[1].b).toBe(ANY);
    expect(render(decoded.c.d)).toBe('<IsType(string)>');
    expect(decoded.a[0]).toBe(1);
    // the input is copied, not changed
    expect(value.a[1]).toEqual({ b: { $any: true } });
    expect(decoded).not.toBe(value);
  });

  test('values without operators are returned as they are', () => {
    const value = { a: [1, { b: 'x', price$: 2, a$b: null }], c: '$notAnOperator' };
    expect(decodeOperators(value, '$', GOLD)).toBe(value);
    const args = { q: 'x', n: [1, 2] };
    expect(decodeMembers(args, '$[0].args', GOLD)).toBe(args);
    for (const scalar of [null, 1, 'x', true]) expect(decodeOperators(scalar, '$', GOLD)).toBe(scalar);
  });

  test('an argument object own keys are names even when they start with $', () => {
    const args = { $where: { $any: true } };
    expect(decodeMembers(args, '$[0].args', GOLD).$where).toBe(ANY);
  });

  test('strict mode still sees 1.0 in values copied around decoded matchers', () => {
    const fromFile = (text: string) =>
      parseJson(text, 'gold.json', { keepNumberKinds: true }) as Record<string, unknown>;
    const gold = fromFile('{"q": {"$any": true}, "n": 1.0, "list": [{"$any": true}, 2.0]}');
    const decoded = decodeMembers(gold, '$[0].args', GOLD);
    expect(decoded).not.toBe(gold);
    const trace = fromFile('{"q": "x", "n": 1, "list": ["y", 2]}');
    expect(memberEqual(decoded, trace, 'n', 'strict')).toBe(false);
    expect(memberEqual(decoded, trace, 'list', 'strict')).toBe(false);
    expect(memberEqual(decoded, fromFile('{"n": 1.0}'), 'n', 'strict')).toBe(true);
    expect(memberEqual(decoded, fromFile('{"list": [null, 2.0]}'), 'list', 'strict')).toBe(true);
    expect(memberEqual(decoded, trace, 'n', 'lenient')).toBe(true);
  });

  test('strict mode sees 1.0 written inside $literal', () => {
    const gold = parseJson('{"n": {"$literal": 1.0}, "m": {"$literal": 1}}', 'gold.json', {
      keepNumberKinds: true,
    }) as Record<string, unknown>;
    const decoded = decodeMembers(gold, '$[0].args', GOLD);
    const trace = parseJson('{"n": 1, "m": 1.0}', 'trace.json', { keepNumberKinds: true }) as Record<string, unknown>;
    expect(memberEqual(decoded, trace, 'n', 'strict')).toBe(false);
    expect(memberEqual(decoded, trace, 'm', 'strict')).toBe(false);
    expect(memberEqual(decoded, trace, 'n', 'lenient')).toBe(true);
  });
});

describe('decoding errors name the JSON path', () => {
  const cases: [string, unknown, string, RegExp][] = [
    ['an operator typo', { $regx: 'a' }, '$[0].args.city', /unknown operator \$regx; did you mean "\$regex"\? \(wrap/],
    ['an unknown operator', { $gte: 1 }, '$[0].args.city', /unknown operator \$gte; known operators: \$any, \$regex/],
    // Compared without the "$": MongoDB's $in is not one edit from anything, so it is not taken for $any.
    ['a MongoDB operator', { $in: [1] }, '$[0].args.city', /unknown operator \$in; known operators: \$any, \$regex/],
    ['two $ keys', { $regex: 'a', $flags: 'i' }, '$[0].args.city', /expected one \$ operator, found \$regex, \$flags/],
    ['a key beside the operator', { $any: true, flags: 'i' }, '$[0].args.city', /unexpected key "flags" beside \$any/],
    ['an option of none', { $approx: 1, tolerance: 0.1 }, '$[0].args.city', /beside \$approx; allowed: rel, abs$/],
    [
      'an unknown option',
      { $regex: 'a', flag: 'i' },
      '$[0].args.city',
      /unexpected key "flag" beside \$regex; did you mean "flags"\?$/,
    ],
    ['$any not true', { $any: false }, '$[0].args.city.$any', /expected true, got a boolean/],
    ['$regex not a string', { $regex: 5 }, '$[0].args.city.$regex', /expected a pattern string, got a number/],
    ['$regex null', { $regex: null }, '$[0].args.city.$regex', /expected a pattern string, got null/],
    ['$regex invalid', { $regex: '(' }, '$[0].args.city.$regex', /invalid regular expression/],
    ['$regex unbalanced', { $regex: 'a)|(b' }, '$[0].args.city.$regex', /invalid regular expression/],
    [
      'flags with g',
      { $regex: 'a', flags: 'g' },
      '$[0].args.city.flags',
      /expected flags made of the letters i, m, s, u/,
    ],
    ['flags not a string', { $regex: 'a', flags: 1 }, '$[0].args.city.flags', /expected flags/],
    ['flags repeated', { $regex: 'a', flags: 'ii' }, '$[0].args.city.flags', /expected flags/],
    ['$approx a string', { $approx: '3' }, '$[0].args.city.$approx', /expected a finite number, got a string/],
    ['$approx null', { $approx: null }, '$[0].args.city.$approx', /expected a finite number, got null/],
    ['negative rel', { $approx: 1, rel: -0.1 }, '$[0].args.city.rel', /expected a non-negative number/],
    ['abs a string', { $approx: 1, abs: 'x' }, '$[0].args.city.abs', /expected a non-negative number/],
    ['rel null', { $approx: 1, rel: null }, '$[0].args.city.rel', /expected a non-negative number/],
    ['$one_of a string', { $one_of: 'NYC' }, '$[0].args.city.$one_of', /expected an array of candidates, got a string/],
    ['normalize unknown', { $one_of: ['a'], normalize: 'case' }, '$[0].args.city.normalize', /expected one of bfcl/],
    [
      '$type unknown',
      { $type: 'float' },
      '$[0].args.city.$type',
      /expected a type name or an array of them \(string, number, integer/,
    ],
    ['$type empty', { $type: [] }, '$[0].args.city.$type', /expected a type name/],
    ['$type with a number', { $type: ['string', 5] }, '$[0].args.city.$type', /expected a type name/],
    [
      'nested in $one_of',
      { $one_of: [1, { $regex: 5 }] },
      '$[0].args.city.$one_of[1].$regex',
      /expected a pattern string/,
    ],
    ['nested in $contains', { $contains: { $type: 'x' } }, '$[0].args.city.$contains.$type', /expected a type name/],
    ['deep in data', { a: [0, { $nope: 1 }] }, '$[0].args.city.a[1]', /unknown operator \$nope/],
  ];

  test.each(cases)('%s', (_name, city, path, reason) => {
    const error = inputError(() => decodeCity(city));
    expect(error.location).toEqual({ source: 'gold.json', path });
    expect(error.reason).toMatch(reason);
    expect(error.message).toBe(`gold.json at ${path}: ${error.reason}`);
  });

  test('keys that are not identifiers are bracketed in the path', () => {
    const args = { 'my city': { $regex: 5 } };
    const error = inputError(() => decodeMembers(args, '$[2].args', GOLD));
    expect(error.location.path).toBe('$[2].args["my city"].$regex');
    const inArray = { tags: ['a', { $bad: 1 }] };
    expect(inputError(() => decodeMembers(inArray, '$[0].args', GOLD)).location.path).toBe('$[0].args.tags[1]');
  });
});

describe('$one_of with normalize: "bfcl"', () => {
  const date = decodeCity({ $one_of: ['April 1, 2024', "O'Hare"], normalize: 'bfcl' });

  test("compares strings as the leaderboard's standardize_string does", () => {
    // Spaces and , . / - _ * ^ dropped, lower-cased, ' read as ".
    expect(valuesEqual(date, 'april 1 2024')).toBe(true);
    expect(valuesEqual(date, 'APRIL-1_2024.')).toBe(true);
    expect(valuesEqual(date, 'O"Hare')).toBe(true);
    expect(valuesEqual(date, 'ohare')).toBe(false);
    expect(valuesEqual(date, 'April 2, 2024')).toBe(false);
    // Other punctuation is kept.
    expect(valuesEqual(date, 'April 1; 2024')).toBe(false);
  });

  test('normalises strings inside lists and objects on both sides; other values compare as they are', () => {
    const cities = decodeCity({ $one_of: [['New York', 'San Francisco'], { unit: 'km' }, 5], normalize: 'bfcl' });
    expect(valuesEqual(cities, ['new york', 'SanFrancisco'])).toBe(true);
    expect(valuesEqual(cities, ['San Francisco', 'New York'])).toBe(false);
    expect(valuesEqual(cities, { unit: 'K.M.' })).toBe(true);
    expect(valuesEqual(cities, 5)).toBe(true);
    expect(valuesEqual(cities, '5')).toBe(false);
  });

  test('without normalize, strings compare exactly', () => {
    expect(valuesEqual(decodeCity({ $one_of: ['April 1, 2024'] }), 'april 1 2024')).toBe(false);
  });

  test('is written back with its normalisation, and shown with it', () => {
    expect(encodeOperators(date)).toEqual({ $one_of: ['April 1, 2024', "O'Hare"], normalize: 'bfcl' });
    expect(render(date)).toBe('<OneOf("April 1, 2024", "O\'Hare", normalize=bfcl)>');
  });
});

describe('encoding to $ operators', () => {
  test('every matcher becomes its operator object', () => {
    expect(encodeOperators(ANY)).toEqual({ $any: true });
    expect(encodeOperators(Regex('a', 'i'))).toEqual({ $regex: 'a', flags: 'i' });
    expect(encodeOperators(Approx(2, { abs: 1 }))).toEqual({ $approx: 2, abs: 1 });
    expect(encodeOperators(Contains(Regex('a')))).toEqual({ $contains: { $regex: 'a' } });
    expect(encodeOperators(OneOf('a', IsType('null')))).toEqual({ $one_of: ['a', { $type: 'null' }] });
    expect(encodeOperators({ q: [ANY, 1] })).toEqual({ q: [{ $any: true }, 1] });
  });

  test('literal data with $ keys is wrapped in $literal, at any depth', () => {
    expect(encodeOperators({ $gt: 5 })).toEqual({ $literal: { $gt: 5 } });
    expect(encodeOperators({ filter: [{ $regex: 'x' }] })).toEqual({ filter: [{ $literal: { $regex: 'x' } }] });
    expect(encodeOperators(Contains({ $x: 1 }))).toEqual({ $contains: { $literal: { $x: 1 } } });
    expect(encodeOperators(OneOf({ $x: 1 }, 'a'))).toEqual({ $one_of: [{ $literal: { $x: 1 } }, 'a'] });
  });

  test('encodeArgs leaves the argument names alone', () => {
    expect(encodeArgs(null)).toBe(null);
    expect(encodeArgs({ $where: ANY, q: { $x: 1 } })).toEqual({ $where: { $any: true }, q: { $literal: { $x: 1 } } });
  });
});

describe('round trip: decodeOperators(encodeOperators(x))', () => {
  const SAFE_PATTERNS = ['a', 'FL-\\d+', 'a|ab', '[A-Z]{2}', 'x.*y', '(?:ab)+', '\\w+@\\w+\\.com', '^a$', 'new york'];
  const pattern = fc.oneof(
    fc.constantFrom(...SAFE_PATTERNS),
    fc.string({
      unit: fc.constantFrom('a', 'b', '.', '*', '|', '(', ')', '\\', '?', '+', '[', ']', '-'),
      maxLength: 6,
    }),
  );
  const flags = fc.subarray(['i', 'm', 's', 'u']).map((letters) => letters.join(''));
  const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
  const tolerance = fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: undefined });
  const key = fc.constantFrom('a', 'b', 'q', '$x', '$regex', '$literal', 'flags');
  const scalar = fc.oneof(
    fc.string({ maxLength: 4 }),
    fc.integer({ min: -3, max: 3 }),
    fc.boolean(),
    fc.constant(null),
    finite,
  );

  /** Trees of data and matchers; objects with `$` keys (literal data) hold no matchers, since `$literal` is never read. */
  const { tree } = fc.letrec<{ tree: unknown; data: unknown; matcher: unknown }>((tie) => ({
    data: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('data'), { maxLength: 3 }),
      fc.dictionary(key, tie('data'), { maxKeys: 3 }),
    ),
    matcher: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(ANY),
      fc
        .tuple(pattern, flags)
        .filter(([p, f]) => compiles(p, f))
        .map(([p, f]) => Regex(p, f)),
      fc
        .tuple(finite, tolerance, tolerance)
        .map(([value, rel, abs]) =>
          Approx(value, { ...(rel === undefined ? {} : { rel }), ...(abs === undefined ? {} : { abs }) }),
        ),
      fc.subarray([...JSON_TYPE_NAMES], { minLength: 1 }).map((types) => IsType(...(types as JsonTypeName[]))),
      tie('tree').map((item) => Contains(item)),
      fc.array(tie('tree'), { maxLength: 3 }).map((candidates) => OneOf(...candidates)),
    ),
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      tie('data'),
      tie('matcher'),
      fc.array(tie('tree'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'q'), tie('tree'), { maxKeys: 3 }),
    ),
  }));

  const samples: unknown[] = [
    null,
    true,
    false,
    0,
    1,
    -1,
    1.5,
    3.14,
    'a',
    'ab',
    'A',
    'FL-12',
    'x\ny',
    'new york',
    'New York',
    '',
    ' a ',
    [],
    ['a'],
    ['a', 'b'],
    [1, 2],
    [null],
    {},
    { a: 1 },
    { $x: 1 },
    { q: 'a' },
    { a: null, b: [] },
  ];

  test('gives matchers with the same text forms and the same answers', () => {
    fc.assert(
      fc.property(tree, fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }), (value, extra) => {
        const json = JSON.parse(JSON.stringify(encodeOperators(value))) as unknown;
        const decoded = decodeOperators(json, '$', GOLD);
        expect(render(decoded)).toBe(render(value));
        for (const sample of [...samples, ...extra, value instanceof Object ? undefined : value]) {
          expect(valuesEqual(decoded, sample)).toBe(valuesEqual(value, sample));
        }
      }),
      { numRuns: 300 },
    );
  });

  test('literal data with $ keys comes back as the same data', () => {
    const dollarJson = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        scalar,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('$a', '$regex', '$literal', '$any', 'b', 'flags'), tie('value'), {
          maxKeys: 3,
          noNullPrototype: true,
        }),
      ),
    })).value;
    // Through JSON once first: JSON has no -0, so the data compared is data a file can hold.
    const asJson = dollarJson.map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    fc.assert(
      fc.property(asJson, (value) => {
        const json = JSON.parse(JSON.stringify(encodeOperators(value))) as unknown;
        const decoded = decodeOperators(json, '$', GOLD);
        expect(render(decoded)).toBe(render(value));
        expect(decoded).toEqual(value);
      }),
      { numRuns: 2000 },
    );
  });

  test('RegexSearch round-trips through a forbidden-rule context', () => {
    const matcher = RegexSearch('rm\\s+-rf', 'i');
    const decoded = decodeOperators(JSON.parse(JSON.stringify(encodeOperators(matcher))), '$', RULES);
    expect(render(decoded)).toBe('<RegexSearch("rm\\\\s+-rf", "i")>');
    expect((decoded as RegexMatcher).matches(['sudo', 'RM', '-rf'])).toBe(true);
  });
});

function compiles(pattern: string, flags: string): boolean {
  try {
    Regex(pattern, flags);
    return true;
  } catch {
    return false;
  }
}
