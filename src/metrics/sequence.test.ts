import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { levenshtein } from './sequence.js';

/** The textbook table, as the reference: every cell, no shortcuts. */
function referenceLevenshtein(left: readonly number[], right: readonly number[]): number {
  let previous = Array.from({ length: right.length + 1 }, (_, j) => j);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[right.length]!;
}

describe('levenshtein', () => {
  test('hand-worked distances, on both sides of the 32-symbol word', () => {
    const ids = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0) - 97);
    expect(levenshtein(ids('kitten'), ids('sitting'))).toBe(3);
    expect(levenshtein(ids('flaw'), ids('lawn'))).toBe(2);
    expect(levenshtein([0, 1, 2], [2, 1, 0])).toBe(2);
    expect(levenshtein([], [4, 4])).toBe(2);
    // 32 symbols against 33: one insertion; 33 against 34 uses the table.
    const run = (n: number) => Array.from({ length: n }, (_, i) => i % 7);
    expect(levenshtein(run(32), run(33))).toBe(1);
    expect(levenshtein(run(33), run(34))).toBe(1);
    expect(levenshtein(run(32), [])).toBe(32);
    // A symbol only the longer side has never matches.
    expect(levenshtein([1, 2, 3], [1, 9000, 3])).toBe(1);
  });

  test('symbols without a bit-mask slot (negative, fractional, large) fall back to the table', () => {
    expect(levenshtein([-1, -2, -3], [-1, -3])).toBe(1);
    expect(levenshtein([0.5, 1], [0.5, 2])).toBe(1);
    expect(levenshtein([100_000, 5], [5])).toBe(1);
  });

  test('equals the full table for any pair of sequences (up to 40 symbols, both orders)', () => {
    const symbols = fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 40 });
    fc.assert(
      fc.property(symbols, symbols, (left, right) => {
        const expected = referenceLevenshtein(left, right);
        expect(levenshtein(left, right)).toBe(expected);
        expect(levenshtein(right, left)).toBe(expected);
        expect(levenshtein(Int32Array.from(left), Int32Array.from(right))).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
