import { describe, expect, test } from 'vitest';
import { valuesEqual } from '../equality.js';
import { ANY } from './any.js';
import { Approx, ApproxMatcher } from './approx.js';
import { Contains } from './contains.js';
import { IsType, JSON_TYPE_NAMES } from './is-type.js';
import { Matcher, formatOperand, isMatcher } from './matcher.js';
import { OneOf } from './one-of.js';
import { Regex, RegexMatcher, RegexSearch } from './regex.js';

describe('ANY', () => {
  test('matches every value, missing ones included (presence is checked by the argument comparison)', () => {
    for (const value of ['x', '', 0, -1.5, true, false, null, undefined, [], {}, [1, [2]], { a: { b: null } }]) {
      expect(ANY.matches(value)).toBe(true);
    }
  });

  test('text and JSON forms', () => {
    expect(ANY.toString()).toBe('ANY');
    expect(ANY.toJSON()).toEqual({ $any: true });
    expect(String(ANY)).toBe('ANY');
    expect(JSON.stringify({ q: ANY })).toBe('{"q":{"$any":true}}');
  });

  test('is a matcher; plain values are not', () => {
    expect(isMatcher(ANY)).toBe(true);
    expect(ANY).toBeInstanceOf(Matcher);
    for (const value of [null, undefined, 'ANY', { $any: true }, [], 0]) expect(isMatcher(value)).toBe(false);
  });
});

describe('Regex (whole-string match)', () => {
  test('the whole string must match', () => {
    const flight = Regex('FL-\\d+');
    expect(flight.matches('FL-123')).toBe(true);
    expect(flight.matches('FL-')).toBe(false);
    expect(flight.matches('xFL-123')).toBe(false);
    expect(flight.matches('FL-123x')).toBe(false);
    expect(flight.matches('FL-123\n')).toBe(false);
    // no trimming: a matcher is not lenient equality
    expect(flight.matches(' FL-123 ')).toBe(false);
  });

  test('alternation is anchored as a whole, like Python fullmatch', () => {
    expect(Regex('cat|dog').matches('dog')).toBe(true);
    expect(Regex('cat|dog').matches('catdog')).toBe(false);
    expect(Regex('cat|dog').matches('hotdog')).toBe(false);
    // the first alternative matching a prefix does not stop the full match
    expect(Regex('a|ab').matches('ab')).toBe(true);
  });

  test('non-strings never match', () => {
    const digits = Regex('\\d+');
    for (const value of [123, 0, true, null, undefined, ['123'], { n: '123' }])
      expect(digits.matches(value)).toBe(false);
    expect(Regex('.*').matches(null)).toBe(false);
    expect(Regex('null').matches(null)).toBe(false);
    expect(Regex('true').matches(true)).toBe(false);
  });

  test('flags i and s work as in JavaScript', () => {
    expect(Regex('nyc').matches('NYC')).toBe(false);
    expect(Regex('nyc', 'i').matches('NYC')).toBe(true);
    expect(Regex('a.b').matches('a\nb')).toBe(false);
    expect(Regex('a.b', 's').matches('a\nb')).toBe(true);
  });

  test('with the m flag the match still spans the whole string, not one line', () => {
    const flight = Regex('FL-\\d+', 'm');
    expect(flight.matches('FL-12')).toBe(true);
    expect(flight.matches('abc\nFL-12\nxyz')).toBe(false);
    expect(flight.matches('FL-12\nxyz')).toBe(false);
    // ^ and $ inside the pattern still mean line starts and ends
    expect(Regex('^a$\\n^b$', 'm').matches('a\nb')).toBe(true);
  });

  test('g and y flags are ignored, so repeated calls give the same answer', () => {
    const global = Regex('a+', 'gy');
    expect([global.matches('aaa'), global.matches('aaa'), global.matches('aaa')]).toEqual([true, true, true]);
  });

  test('an invalid pattern throws, also one that anchoring would have balanced', () => {
    expect(() => Regex('(')).toThrow(SyntaxError);
    expect(() => Regex('a)|(b')).toThrow(SyntaxError);
    expect(() => RegexSearch('a)|(b')).toThrow(SyntaxError);
  });

  test('text and JSON forms', () => {
    expect(Regex('FL-\\d+').toString()).toBe('Regex("FL-\\\\d+")');
    expect(Regex('nyc', 'i').toString()).toBe('Regex("nyc", "i")');
    expect(Regex('say "hi"').toString()).toBe('Regex("say \\"hi\\"")');
    expect(Regex('FL-\\d+').toJSON()).toEqual({ $regex: 'FL-\\d+' });
    expect(Regex('nyc', 'i').toJSON()).toEqual({ $regex: 'nyc', flags: 'i' });
    const matcher = Regex('x', 'is');
    expect(matcher).toBeInstanceOf(RegexMatcher);
    expect([matcher.pattern, matcher.flags, matcher.mode]).toEqual(['x', 'is', 'full']);
  });
});

describe('RegexSearch (search anywhere, the forbidden-rule $regex)', () => {
  test('finds the pattern anywhere in a string', () => {
    const rm = RegexSearch('rm\\s+-rf');
    expect(rm.matches('rm -rf /')).toBe(true);
    expect(rm.matches('sudo rm  -rf /tmp')).toBe(true);
    expect(rm.matches('ls -la')).toBe(false);
    expect(RegexSearch('^ls').matches('sudo ls')).toBe(false);
  });

  test('arrays read as their items joined by single spaces (argv)', () => {
    expect(RegexSearch('rm -rf /').matches(['rm', '-rf', '/'])).toBe(true);
    expect(RegexSearch('^rm -rf /$').matches(['rm', '-rf', '/'])).toBe(true);
    expect(RegexSearch('rm,-rf').matches(['rm', '-rf'])).toBe(false);
    // non-string items are written as JSON
    expect(RegexSearch('^sleep 10 true null$').matches(['sleep', 10, true, null])).toBe(true);
    expect(RegexSearch('^a \\{"b":1\\}$').matches(['a', { b: 1 }])).toBe(true);
    expect(RegexSearch('^$').matches([])).toBe(true);
  });

  test('other values read as JSON text', () => {
    expect(RegexSearch('^42$').matches(42)).toBe(true);
    expect(RegexSearch('^1.5$').matches(1.5)).toBe(true);
    expect(RegexSearch('^true$').matches(true)).toBe(true);
    expect(RegexSearch('"force":true').matches({ path: '/', force: true })).toBe(true);
    expect(RegexSearch('^\\{"path":"/"\\}$').matches({ path: '/' })).toBe(true);
  });

  test('null and missing values never match', () => {
    expect(RegexSearch('null').matches(null)).toBe(false);
    expect(RegexSearch('').matches(null)).toBe(false);
    expect(RegexSearch('').matches(undefined)).toBe(false);
  });

  test('text form', () => {
    expect(RegexSearch('rm').toString()).toBe('RegexSearch("rm")');
    expect(RegexSearch('rm', 'i').toString()).toBe('RegexSearch("rm", "i")');
    expect(RegexSearch('rm', 'i').toJSON()).toEqual({ $regex: 'rm', flags: 'i' });
    expect(RegexSearch('rm').mode).toBe('search');
  });
});

describe('Approx', () => {
  test('default tolerance is relative 1e-6', () => {
    expect(Approx(3.14).matches(3.14)).toBe(true);
    // |diff| = 5e-5 ≤ 1e-6·100 = 1e-4
    expect(Approx(100).matches(100.00005)).toBe(true);
    expect(Approx(100).matches(99.99995)).toBe(true);
    // |diff| = 2e-4 > 1e-4
    expect(Approx(100).matches(100.0002)).toBe(false);
    expect(Approx(3.14).matches(3.14001)).toBe(false);
  });

  test('abs defaults to 0, so Approx(0) needs exactly 0', () => {
    expect(Approx(0).matches(0)).toBe(true);
    expect(Approx(0).matches(-0)).toBe(true);
    expect(Approx(0).matches(1e-12)).toBe(false);
    expect(Approx(0).matches(-1e-300)).toBe(false);
    expect(Approx(0, { abs: 0.01 }).matches(0.005)).toBe(true);
    expect(Approx(0, { abs: 0.01 }).matches(-0.005)).toBe(true);
    expect(Approx(0, { abs: 0.01 }).matches(0.02)).toBe(false);
  });

  test('the larger of rel·|value| and abs wins', () => {
    expect(Approx(10, { rel: 0.1 }).matches(11)).toBe(true);
    expect(Approx(10, { rel: 0.1 }).matches(9)).toBe(true);
    expect(Approx(10, { rel: 0.1 }).matches(11.5)).toBe(false);
    expect(Approx(-5, { rel: 0.1 }).matches(-5.4)).toBe(true);
    expect(Approx(-5, { rel: 0.1 }).matches(-4.4)).toBe(false);
    // max(0.001·1000, 5) = 5
    expect(Approx(1000, { rel: 0.001, abs: 5 }).matches(1004)).toBe(true);
    expect(Approx(1000, { rel: 0.001, abs: 5 }).matches(1006)).toBe(false);
    // max(0.5·1000, 5) = 500
    expect(Approx(1000, { rel: 0.5, abs: 5 }).matches(1400)).toBe(true);
    expect(Approx(1, { rel: 0, abs: 0 }).matches(1)).toBe(true);
    expect(Approx(1, { rel: 0, abs: 0 }).matches(1 + Number.EPSILON)).toBe(false);
  });

  test('only numbers match: booleans, numeric strings, NaN and null are rejected', () => {
    expect(Approx(1).matches(true)).toBe(false);
    expect(Approx(0).matches(false)).toBe(false);
    expect(Approx(1, { abs: 10 }).matches('1')).toBe(false);
    expect(Approx(1, { abs: 10 }).matches(Number.NaN)).toBe(false);
    expect(Approx(0, { abs: 10 }).matches(null)).toBe(false);
    expect(Approx(0, { abs: 10 }).matches(undefined)).toBe(false);
    expect(Approx(1, { abs: 10 }).matches([1])).toBe(false);
  });

  test('text and JSON forms show only tolerances that differ from the defaults', () => {
    expect(Approx(3.14).toString()).toBe('Approx(3.14)');
    expect(Approx(3.14, { rel: 0.01 }).toString()).toBe('Approx(3.14, rel=0.01)');
    expect(Approx(0, { abs: 0.5 }).toString()).toBe('Approx(0, abs=0.5)');
    expect(Approx(1, { rel: 0.1, abs: 0.2 }).toString()).toBe('Approx(1, rel=0.1, abs=0.2)');
    expect(Approx(1, { rel: 1e-6, abs: 0 }).toString()).toBe('Approx(1)');
    expect(Approx(-2.5, { rel: 0 }).toString()).toBe('Approx(-2.5, rel=0)');
    expect(Approx(3.14).toJSON()).toEqual({ $approx: 3.14 });
    expect(Approx(3.14, { rel: 0.01 }).toJSON()).toEqual({ $approx: 3.14, rel: 0.01 });
    expect(Approx(1, { rel: 0.1, abs: 0.2 }).toJSON()).toEqual({ $approx: 1, rel: 0.1, abs: 0.2 });
    const matcher = Approx(2, { abs: 1 });
    expect(matcher).toBeInstanceOf(ApproxMatcher);
    expect([matcher.value, matcher.rel, matcher.abs]).toEqual([2, 1e-6, 1]);
  });
});

describe('Contains', () => {
  test('strings: substring, case-sensitive; only a string item can be found', () => {
    expect(Contains('NYC').matches('Flights to NYC today')).toBe(true);
    expect(Contains('NYC').matches('nyc')).toBe(false);
    expect(Contains('').matches('')).toBe(true);
    expect(Contains(1).matches('a1b')).toBe(false);
    expect(Contains(null).matches('null')).toBe(false);
  });

  test('arrays: an element leniently equal to the item', () => {
    expect(Contains('b').matches(['a', 'b'])).toBe(true);
    expect(Contains('b').matches(['a', ' b '])).toBe(true);
    expect(Contains('c').matches(['a', 'b'])).toBe(false);
    expect(Contains(2).matches([1, 2, 3])).toBe(true);
    expect(Contains(1).matches([1.0])).toBe(true);
    expect(Contains(2).matches([1, '2'])).toBe(false);
    expect(Contains(true).matches([1])).toBe(false);
    expect(Contains(1).matches([true])).toBe(false);
    expect(Contains({ id: 1 }).matches([{ id: 2 }, { id: 1 }])).toBe(true);
    expect(Contains({ id: 1 }).matches([{ id: 1, x: 0 }])).toBe(false);
    expect(Contains(['a']).matches([['a'], 'b'])).toBe(true);
    expect(Contains('a').matches([['a']])).toBe(false);
    expect(Contains('a').matches([])).toBe(false);
  });

  test('arrays: the item may be a matcher', () => {
    expect(Contains(Regex('a\\d')).matches(['x', 'a1'])).toBe(true);
    expect(Contains(Regex('a\\d')).matches(['x', 'a1b'])).toBe(false);
    expect(Contains(Approx(1, { abs: 0.1 })).matches([0, 1.05])).toBe(true);
    expect(Contains(ANY).matches([])).toBe(false);
    expect(Contains(ANY).matches([null])).toBe(true);
  });

  test('objects: an own key equal to the item', () => {
    expect(Contains('id').matches({ id: 1 })).toBe(true);
    expect(Contains('name').matches({ id: 1 })).toBe(false);
    expect(Contains('toString').matches({})).toBe(false);
    expect(Contains('__proto__').matches(JSON.parse('{"__proto__": 1}'))).toBe(true);
    expect(Contains(1).matches({ 1: 'x' })).toBe(false);
  });

  test('other values never match', () => {
    for (const value of [1, 0, true, null, undefined]) expect(Contains('1').matches(value)).toBe(false);
    expect(Contains(1).matches(1)).toBe(false);
  });

  test('text and JSON forms', () => {
    expect(Contains('NYC').toString()).toBe('Contains("NYC")');
    expect(Contains(1).toString()).toBe('Contains(1)');
    expect(Contains({ id: 1 }).toString()).toBe('Contains({"id":1})');
    expect(Contains(Regex('a')).toString()).toBe('Contains(Regex("a"))');
    expect(Contains(undefined).toString()).toBe('Contains(undefined)');
    expect(Contains('NYC').toJSON()).toEqual({ $contains: 'NYC' });
  });
});

describe('OneOf', () => {
  test('any candidate leniently equal to the value', () => {
    const city = OneOf('NYC', 'New York');
    expect(city.matches('New York')).toBe(true);
    expect(city.matches(' NYC ')).toBe(true);
    expect(city.matches('LA')).toBe(false);
    expect(city.matches(undefined)).toBe(false);
    expect(OneOf(1, 2).matches(2.0)).toBe(true);
    expect(OneOf(1).matches(true)).toBe(false);
    expect(OneOf({ a: 1 }).matches({ a: 1.0 })).toBe(true);
    expect(OneOf(null).matches(null)).toBe(true);
    expect(OneOf(null).matches(undefined)).toBe(false);
  });

  test('candidates may be matchers, nested too', () => {
    const id = OneOf(Regex('FL-\\d+'), null);
    expect(id.matches('FL-9')).toBe(true);
    expect(id.matches(null)).toBe(true);
    expect(id.matches('FL-x')).toBe(false);
    expect(OneOf(Approx(1, { abs: 0.1 }), 'one').matches(1.05)).toBe(true);
    expect(OneOf(Approx(1, { abs: 0.1 }), 'one').matches('one')).toBe(true);
    expect(OneOf(Approx(1, { abs: 0.1 }), 'one').matches(1.2)).toBe(false);
    expect(OneOf({ q: Contains('x') }).matches({ q: 'xyz' })).toBe(true);
    expect(OneOf(OneOf('a', 'b'), 'c').matches('b')).toBe(true);
  });

  test('no candidates: nothing matches', () => {
    expect(OneOf().matches(null)).toBe(false);
    expect(OneOf().matches('')).toBe(false);
  });

  test('text and JSON forms', () => {
    expect(OneOf('NYC', 'New York').toString()).toBe('OneOf("NYC", "New York")');
    expect(OneOf(Regex('a'), null, 1).toString()).toBe('OneOf(Regex("a"), null, 1)');
    expect(OneOf().toString()).toBe('OneOf()');
    expect(OneOf('NYC', 'New York').toJSON()).toEqual({ $one_of: ['NYC', 'New York'] });
  });
});

describe('IsType', () => {
  const samples: Record<string, unknown> = {
    int: 1,
    intAsFloat: 1.0,
    negInt: -7,
    float: 1.5,
    nan: Number.NaN,
    inf: Infinity,
    true: true,
    false: false,
    string: '1',
    empty: '',
    null: null,
    undefined: undefined,
    array: [1],
    object: { a: 1 },
  };
  const accepted = (matcher: Matcher) => Object.keys(samples).filter((name) => matcher.matches(samples[name]));

  test('each type accepts exactly its values; booleans are never numbers', () => {
    expect(accepted(IsType('integer'))).toEqual(['int', 'intAsFloat', 'negInt']);
    expect(accepted(IsType('number'))).toEqual(['int', 'intAsFloat', 'negInt', 'float']);
    expect(accepted(IsType('boolean'))).toEqual(['true', 'false']);
    expect(accepted(IsType('string'))).toEqual(['string', 'empty']);
    expect(accepted(IsType('null'))).toEqual(['null']);
    expect(accepted(IsType('array'))).toEqual(['array']);
    expect(accepted(IsType('object'))).toEqual(['object']);
  });

  test('several types: any of them', () => {
    expect(accepted(IsType('string', 'null'))).toEqual(['string', 'empty', 'null']);
    expect(accepted(IsType('integer', 'boolean'))).toEqual(['int', 'intAsFloat', 'negInt', 'true', 'false']);
    expect(accepted(IsType())).toEqual([]);
  });

  test('unknown type names throw', () => {
    expect(() => IsType('float' as never)).toThrow(TypeError);
    expect(() => IsType('string', 'int' as never)).toThrow(/unknown type "int"/);
  });

  test('text and JSON forms', () => {
    expect(IsType('integer').toString()).toBe('IsType(integer)');
    expect(IsType('string', 'null').toString()).toBe('IsType(string, null)');
    expect(IsType('integer').toJSON()).toEqual({ $type: 'integer' });
    expect(IsType('string', 'null').toJSON()).toEqual({ $type: ['string', 'null'] });
    expect(JSON_TYPE_NAMES).toEqual(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
  });
});

describe('formatOperand', () => {
  test('matchers by their text, everything else as JSON', () => {
    expect(formatOperand(ANY)).toBe('ANY');
    expect(formatOperand('a')).toBe('"a"');
    expect(formatOperand([1, 'b'])).toBe('[1,"b"]');
    expect(formatOperand(null)).toBe('null');
    expect(formatOperand(undefined)).toBe('undefined');
  });
});

describe('matchers inside lenient and strict equality', () => {
  test('strict mode never changes what a matcher accepts', () => {
    const cases: [Matcher, unknown][] = [
      [Regex('a'), 'a'],
      [Approx(1), 1],
      [Contains('b'), [' b ']],
      [OneOf('x'), ' x '],
      [IsType('integer'), 2],
      [ANY, undefined],
    ];
    for (const [matcher, value] of cases) {
      expect(valuesEqual(matcher, value, 'strict')).toBe(true);
      expect(valuesEqual(matcher, value, 'lenient')).toBe(true);
    }
  });
});
