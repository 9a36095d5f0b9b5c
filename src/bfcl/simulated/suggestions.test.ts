import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { closestPythonName, levenshteinDistance } from './suggestions.js';

const utf8 = new TextEncoder();
const distance = (a: string, b: string, maxCost = 1000) => levenshteinDistance(utf8.encode(a), utf8.encode(b), maxCost);

describe("CPython's edit distance (Python/suggestions.c levenshtein_distance)", () => {
  // A handful of CPython's own examples: Lib/test/levenshtein_examples.json (python/cpython at
  // c26c7ae36ce3ac7858baeaf94fcebb7f7a83912f), which Lib/test/test_traceback.py checks its edit cost against.
  const EXAMPLES: [string, string, number][] = [
    ['', '', 0],
    ['', 'AabBbb', 12],
    ['A', 'a', 1],
    ['A', 'aC', 3],
    ['A', 'BBaBBaa', 13],
    ['AAb', 'AbB', 3],
    ['AAc', 'ACAc', 2],
    ['AACA', 'aaCB', 4],
    ['AAaaB', 'cAaaAB', 4],
    ['AAABACbC', 'BBBC', 11],
    ['AABaCccb', 'AABaAAbc', 8],
  ];

  test.each(EXAMPLES)('%j → %j: %i', (a, b, expected) => {
    expect(distance(a, b)).toBe(expected);
    // test_traceback's short circuit: a bound at or above the distance leaves it; one below is only "over".
    for (const bound of [expected, expected + 1, expected + 2]) expect(distance(a, b, bound)).toBe(expected);
    for (let bound = 0; bound < expected; bound++) expect(distance(a, b, bound)).toBeGreaterThan(bound);
  });

  test('bytes, not characters: é is two UTF-8 bytes, neither a case flip of e', () => {
    // 'café' / 'cafe' trim to C3 A9 / 65: a substitution and an insertion, 2 + 2.
    expect(distance('café', 'cafe')).toBe(4);
    expect(distance('Élan', 'élan')).toBe(2);
  });

  test('names still longer than 40 bytes once trimmed are never within the bound', () => {
    const long = 'x'.repeat(41);
    expect(distance(`a${long}`, `b${'y'.repeat(41)}`, 500)).toBe(501);
    // Common affixes go first: what is left here is one byte against none.
    expect(distance(`${long}a`, long, 7)).toBe(2);
  });
});

describe("CPython 3.13's suggestion for a name (_Py_CalculateSuggestions)", () => {
  // CPython's Lib/test/test_call.py, TestErrorMessagesSuggestions.test_unexpected_keyword_suggestion_kinds:
  // each function's parameters, called with `bluch=None`, and the name the TypeError suggests.
  test.each([
    [['noise', 'more_noise', 'a', 'bluchin'], 'bluchin'], // addition
    [['noise', 'more_noise', 'a', 'blech'], 'blech'], // substitution
    [['noise', 'more_noise', 'a', 'blch'], 'blch'], // elimination
    [['blach', 'bluc'], 'blach'], // substitution over elimination
    [['blach', 'bluchi'], 'blach'], // substitution over addition
    [['bluc', 'blucha'], 'bluc'], // elimination over addition
    [['BLuch', 'Luch', 'fluch'], 'BLuch'], // case change over substitution
  ])('bluch among %j → %s', (candidates, expected) => {
    expect(closestPythonName(candidates, 'bluch')).toBe(expected);
  });

  // The same class's test_unexpected_keyword_suggestion_valid_positions: `def foo(blech=None, /, aaa=None,
  // *args, late1=None)` takes keywords `aaa` and `late1` only (co_varnames past the positional-only ones,
  // up to the keyword-only ones), so `blach` gets no suggestion.
  test.each([
    ['blach', undefined],
    ['aa', 'aaa'],
    ['orgs', undefined],
    ['late11', 'late1'],
  ])('foo(%s=None) → %s', (keyword, expected) => {
    expect(closestPythonName(['aaa', 'late1'], keyword)).toBe(expected);
  });

  test('ties go to the first candidate; the name itself is never suggested', () => {
    // 'bluch' is 2 from 'BLuch' (two case flips) and 2 from 'fluch' (a substitution).
    expect(closestPythonName(['fluch', 'BLuch'], 'bluch')).toBe('fluch');
    expect(closestPythonName(['bluch'], 'bluch')).toBeUndefined();
    expect(closestPythonName(['bluch', 'blech'], 'bluch')).toBe('blech');
  });

  test('the bound: (len(name) + len(candidate) + 3) * 2 // 6', () => {
    // 'file' / 'file_name': 5 insertions (10) over (4 + 9 + 3) * 2 // 6 = 5.
    expect(closestPythonName(['self', 'file_name'], 'file')).toBeUndefined();
    // 'ab' / 'abc': one insertion (2) within (2 + 3 + 3) * 2 // 6 = 2; 'ab' / 'abcd': 4 over 3.
    expect(closestPythonName(['abc'], 'ab')).toBe('abc');
    expect(closestPythonName(['abcd'], 'ab')).toBeUndefined();
  });

  test('750 candidates or more get no suggestion', () => {
    const noise = Array.from({ length: 748 }, (_, k) => `zzzzzz${k}`);
    expect(closestPythonName([...noise, 'tweet_id'], 'tweetId')).toBe('tweet_id');
    expect(closestPythonName([...noise, 'q', 'tweet_id'], 'tweetId')).toBeUndefined();
  });

  const name = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'B', '_', 'é', '1'), maxLength: 12 });

  test('property: the distance is symmetric, and 0 exactly when the names are equal', () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(distance(a, b)).toBe(distance(b, a));
        expect(distance(a, b) === 0).toBe(a === b);
      }),
    );
  });

  test('property: a suggestion is another candidate, within its bound, and none is nearer', () => {
    fc.assert(
      fc.property(name, fc.array(name, { maxLength: 8 }), (wrong, candidates) => {
        const suggestion = closestPythonName(candidates, wrong);
        const bound = (c: string) => Math.floor(((utf8.encode(wrong).length + utf8.encode(c).length + 3) * 2) / 6);
        const near = candidates.filter((c) => c !== wrong && distance(wrong, c) <= bound(c));
        if (suggestion === undefined) {
          expect(near).toEqual([]);
          return;
        }
        expect(suggestion).not.toBe(wrong);
        expect(candidates).toContain(suggestion);
        expect(distance(wrong, suggestion)).toBeLessThanOrEqual(bound(suggestion));
        const best = Math.min(...near.map((c) => distance(wrong, c)));
        expect(distance(wrong, suggestion)).toBe(best);
        expect(suggestion).toBe(near.find((c) => distance(wrong, c) === best));
      }),
    );
  });
});
