import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { signTestP, signTestPReference } from './sign-test.js';

describe('the exact sign test', () => {
  test('values worked out by hand', () => {
    // 10 wins, 0 losses: 2 · (1/2)^10 = 1/512.
    expect(signTestP(10, 0)).toBeCloseTo(2 / 1024, 15);
    // 8 vs 2: 2 · (C(10,0) + C(10,1) + C(10,2)) / 1024 = 2 · 56 / 1024 = 0.109375.
    expect(signTestP(8, 2)).toBeCloseTo(0.109375, 12);
    // 6 vs 4: 2 · (1 + 10 + 45 + 120 + 210) / 1024 = 772 / 1024.
    expect(signTestP(6, 4)).toBeCloseTo(772 / 1024, 12);
    // An even split, or no cases with a difference: no evidence either way.
    expect(signTestP(5, 5)).toBe(1);
    expect(signTestP(0, 0)).toBe(1);
    // Symmetric in the two models.
    expect(signTestP(2, 8)).toBe(signTestP(8, 2));
  });

  test('a hundred thousand cases: no overflow, and a 1% edge is far from chance', () => {
    const p = signTestP(50_500, 49_500);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(0.01);
    expect(signTestP(50_010, 49_990)).toBeGreaterThan(0.9);
  });

  test('agrees with the plain sum of binomial coefficients (property)', () => {
    fc.assert(
      fc.property(fc.nat(150), fc.nat(150), (wins, losses) => {
        const reference = signTestPReference(wins, losses);
        expect(Math.abs(signTestP(wins, losses) - reference)).toBeLessThanOrEqual(1e-9 * Math.max(1, reference));
      }),
    );
  });
});
