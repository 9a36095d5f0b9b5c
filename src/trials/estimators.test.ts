import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { binomialRatio, largestK, passAtK, passCurves, passHatK, type TrialCount } from './estimators.js';

/** C(n, k) exactly, in BigInt. */
function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let value = 1n;
  for (let i = 0; i < k; i++) value = (value * BigInt(n - i)) / BigInt(i + 1);
  return value;
}

/**
 * The estimators written out directly: each binomial exact (BigInt; below 2^53 for n ≤ 50, so each
 * converts to a double without loss), one division per case, a plain mean.
 */
function directPassHatK(counts: readonly TrialCount[], k: number): number {
  let sum = 0;
  for (const { n, c } of counts) sum += Number(binomial(c, k)) / Number(binomial(n, k));
  return sum / counts.length;
}

function directPassAtK(counts: readonly TrialCount[], k: number): number {
  let sum = 0;
  for (const { n, c } of counts) sum += 1 - Number(binomial(n - c, k)) / Number(binomial(n, k));
  return sum / counts.length;
}

/** A table of cases: each its own n in [1, 50] and c in [0, n]. */
const tables = fc.array(
  fc.integer({ min: 1, max: 50 }).chain((n) => fc.record({ n: fc.constant(n), c: fc.integer({ min: 0, max: n }) })),
  { minLength: 1, maxLength: 40 },
);

test('property: pass^k and pass@k agree with the direct estimators to 1e-12, for every k up to the smallest n', () => {
  fc.assert(
    fc.property(tables, (counts) => {
      const curves = passCurves(counts);
      const smallest = Math.min(...counts.map(({ n }) => n));
      expect(curves.passHatK).toHaveLength(smallest);
      for (let k = 1; k <= smallest; k++) {
        expect(Math.abs(curves.passHatK[k - 1]! - directPassHatK(counts, k))).toBeLessThanOrEqual(1e-12);
        expect(Math.abs(curves.passAtK[k - 1]! - directPassAtK(counts, k))).toBeLessThanOrEqual(1e-12);
      }
    }),
    { numRuns: 300 },
  );
});

test('property: pass^k falls and pass@k rises with k, pass^1 = pass@1 = the mean success rate', () => {
  fc.assert(
    fc.property(tables, (counts) => {
      const { passHatK: hat, passAtK: at } = passCurves(counts);
      const rate = counts.reduce((sum, { n, c }) => sum + c / n, 0) / counts.length;
      expect(hat[0]).toBeCloseTo(rate, 12);
      expect(at[0]).toBeCloseTo(rate, 12);
      for (let k = 1; k < hat.length; k++) {
        expect(hat[k]!).toBeLessThanOrEqual(hat[k - 1]! + 1e-15);
        expect(at[k]!).toBeGreaterThanOrEqual(at[k - 1]! - 1e-15);
      }
    }),
  );
});

describe('the estimators by hand', () => {
  it('one case, 2 successes of 4: pass^2 = C(2,2)/C(4,2) = 1/6, pass@2 = 1 − C(2,2)/C(4,2) = 5/6', () => {
    expect(passHatK([{ n: 4, c: 2 }], 2)).toBeCloseTo(1 / 6, 15);
    expect(passAtK([{ n: 4, c: 2 }], 2)).toBeCloseTo(5 / 6, 15);
    expect(passHatK([{ n: 4, c: 2 }], 3)).toBe(0);
    expect(passAtK([{ n: 4, c: 2 }], 3)).toBe(1);
  });

  it('cases with different n: each uses its own, k up to the smallest n', () => {
    // Case 1: 2 of 3 → pass^2 = C(2,2)/C(3,2) = 1/3; case 2: 1 of 2 → 0. Mean 1/6.
    const counts = [
      { n: 3, c: 2 },
      { n: 2, c: 1 },
    ];
    expect(largestK(counts)).toBe(2);
    expect(passHatK(counts, 1)).toBeCloseTo((2 / 3 + 1 / 2) / 2, 15);
    expect(passHatK(counts, 2)).toBeCloseTo(1 / 6, 15);
    // pass@2: case 1: 1 − C(1,2)/C(3,2) = 1; case 2: 1 − C(1,2)/C(2,2) = 1. Mean 1.
    expect(passAtK(counts, 2)).toBe(1);
    expect(() => passHatK(counts, 3)).toThrow('case 1 has 2 trials; pass^3 and pass@3 need at least 3');
  });

  it('stays exact far past factorials a double can hold: C(200,100)/C(400,100) as a product of ratios', () => {
    const exact = Number((binomial(200, 100) * 10n ** 80n) / binomial(400, 100)) / 1e80;
    expect(Math.abs(binomialRatio(200, 400, 100) - exact) / exact).toBeLessThan(1e-12);
  });

  it('refuses what the estimators are not defined on', () => {
    expect(() => passHatK([], 1)).toThrow('at least one case');
    expect(() => passHatK([{ n: 2, c: 3 }], 1)).toThrow('case 0: c must be a whole number in [0, 2], got 3');
    expect(() => passAtK([{ n: 2, c: 1 }], 0)).toThrow('k must be a whole number ≥ 1, got 0');
    expect(passCurves([])).toEqual({ passHatK: [], passAtK: [] });
  });
});
