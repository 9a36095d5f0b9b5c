import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Regex } from './regex.js';
import { simpleFullMatch } from './simple-pattern.js';

/*
 * A simple whole-string pattern runs on JavaScript's engine; re2js (the plain path, which runs every
 * other pattern) is the reference: on any pattern the subset takes and any text, both answer alike.
 */
const { RE2JS } = createRequire(import.meta.url)('re2js') as {
  RE2JS: { compile(pattern: string): { matches(input: string): boolean } };
};
const reference = (pattern: string, text: string) => RE2JS.compile(pattern).matches(text);

/** Pieces of patterns: the subset's atoms and quantifiers, and what it must refuse (., \s, groups, negation). */
const ATOMS = [
  'a',
  'Z',
  '7',
  '-',
  '_',
  ' ',
  '#',
  '\\d',
  '\\w',
  '\\.',
  '\\$',
  '\\\\',
  '[a-f]',
  '[0-9_]',
  '[\\dA-C]',
  'é',
];
const OUTSIDE = ['.', '\\s', '\\S', '\\D', '\\W', '[^a]', '(a|b)', '(?i)', '\\b', '\\-', '[a-]', '}', ']', '\\n'];
const QUANTIFIERS = ['', '', '?', '*', '+', '{2}', '{1,3}', '{0,1}', '{2,}', '{,2}', '*?', '+?', '{3,1}'];
/** Characters of texts: what the atoms take, line breaks and spaces the engines read differently, non-ASCII. */
const TEXT = [
  'a',
  'b',
  'f',
  'Z',
  'C',
  '0',
  '7',
  '9',
  '_',
  '-',
  '.',
  ' ',
  '#',
  '$',
  '\\',
  '\n',
  '\r',
  '\v',
  '\u2028',
  '\u00a0',
  'é',
  '𝟙',
  '\ud800',
];

const unit = fc.tuple(fc.constantFrom(...ATOMS, ...ATOMS, ...OUTSIDE), fc.constantFrom(...QUANTIFIERS));
const pattern = fc
  .tuple(fc.boolean(), fc.array(unit, { maxLength: 6 }), fc.boolean())
  .map(
    ([start, units, end]) =>
      `${start ? '^' : ''}${units.map(([atom, count]) => atom + count).join('')}${end ? '$' : ''}`,
  );
const text = fc.array(fc.constantFrom(...TEXT), { maxLength: 12 }).map((characters) => characters.join(''));

describe('simple whole-string patterns on JavaScript engine', () => {
  test('answer as re2js does, on any pattern of the subset and any text', () => {
    let taken = 0;
    fc.assert(
      fc.property(pattern, fc.array(text, { minLength: 1, maxLength: 8 }), (source, texts) => {
        const simple = simpleFullMatch(source);
        if (simple === undefined) return;
        taken += 1;
        for (const input of texts)
          expect(simple.test(input), `${source} on ${JSON.stringify(input)}`).toBe(reference(source, input));
      }),
      { numRuns: 4000 },
    );
    // The subset is not empty: about a quarter of the generated patterns fall in it (1,030 of 4,000 on
    // average over runs, a standard deviation of about 28), so 800 fails only when the subset shrinks.
    expect(taken).toBeGreaterThan(800);
  });

  test('texts built to match: each atom filled from what it takes', () => {
    const fill: Record<string, string[]> = {
      a: ['a'],
      '7': ['7'],
      '\\d': ['0', '5', '9'],
      '\\w': ['a', 'Z', '_', '3'],
      '[a-f]': ['a', 'c', 'f'],
      '[0-9_]': ['0', '_'],
    };
    const counted = fc.tuple(fc.constantFrom(...Object.keys(fill)), fc.constantFrom('', '?', '+', '*', '{2}', '{1,3}'));
    fc.assert(
      fc.property(fc.array(counted, { minLength: 1, maxLength: 5 }), fc.nat(), (units, seed) => {
        const source = units.map(([atom, count]) => atom + count).join('');
        const simple = simpleFullMatch(source);
        if (simple === undefined) return;
        const input = units
          .map(([atom, count], k) => {
            const times = {
              '': 1,
              '?': seed % 2,
              '+': 1 + (seed % 3),
              '*': seed % 3,
              '{2}': 2,
              '{1,3}': 1 + ((seed + k) % 3),
            }[count]!;
            const choices = fill[atom]!;
            return Array.from({ length: times }, (_, n) => choices[(seed + n + k) % choices.length]).join('');
          })
          .join('');
        expect(simple.test(input), `${source} on ${input}`).toBe(true);
        expect(reference(source, input)).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  test('what the subset leaves to re2js', () => {
    for (const source of [
      '.',
      'a\\s',
      '(a+)+$',
      'a|b',
      '[^a]',
      '(?i)a',
      'a*b*',
      'a{1,9}b{1,9}',
      'a*?',
      'a{2}{3}',
      '\\-',
    ])
      expect(simpleFullMatch(source), source).toBeUndefined();
    for (const source of ['TP\\d{3,4}', '2025-06-1[4-8]', 'FL-\\d+', '^[a-z_]+$', '', '^$', 'a{0}b?c{2,}'])
      expect(simpleFullMatch(source), source).toBeInstanceOf(RegExp);
  });

  test('matchers built alike compare equal, on either engine', () => {
    expect(Regex('TP\\d{3,4}')).toEqual(Regex('TP\\d{3,4}'));
    expect(Regex('tp\\d+', 'i')).toEqual(Regex('tp\\d+', 'i'));
    expect(Regex('TP\\d{3}')).not.toEqual(Regex('TP\\d{4}'));
  });

  test('a gold $regex answers the same either way, flags and search included', () => {
    expect(Regex('TP\\d{3,4}').matches('TP1351')).toBe(true);
    expect(Regex('TP\\d{3,4}').matches('TP13510')).toBe(false);
    expect(Regex('TP\\d{3,4}', 'u').matches('TP135')).toBe(true);
    // Flags other than u run on re2js.
    expect(Regex('tp\\d+', 'i').matches('TP1')).toBe(true);
    expect(Regex('\\d+').matches(12 as unknown as string)).toBe(false);
  });
});
