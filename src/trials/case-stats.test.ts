import { describe, expect, it } from 'vitest';
import { compareTrialCases, isTrialSuccess, trialStats } from './case-stats.js';

describe('trialStats', () => {
  it('counts successes, and takes the mean and population spread of the scored trials only', () => {
    // Scores 0.5, 1, (error): mean 0.75, deviations ±0.25 → std dev sqrt((0.0625 + 0.0625) / 2) = 0.25.
    const stats = trialStats([
      { score: 0.5, success: false },
      { score: 1, success: true },
      { score: null, success: false },
    ]);
    expect(stats).toEqual({ n: 3, c: 1, successRate: 1 / 3, meanScore: 0.75, scoreStdDev: 0.25, flaky: true });
  });

  it('is not flaky when every trial agrees; a case of error trials has no mean', () => {
    expect(trialStats([{ score: 1, success: true }]).flaky).toBe(false);
    expect(
      trialStats([
        { score: null, success: false },
        { score: null, success: false },
      ]),
    ).toEqual({ n: 2, c: 0, successRate: 0, meanScore: null, scoreStdDev: null, flaky: false });
  });
});

describe('isTrialSuccess', () => {
  it('is a PASS verdict, or the score meeting --min-score when given; an error trial fails', () => {
    expect(isTrialSuccess({ score: 0.95, verdict: 'PASS' })).toBe(true);
    expect(isTrialSuccess({ score: 0.95, verdict: 'WARN' })).toBe(false);
    expect(isTrialSuccess({ score: 0.8, verdict: 'WARN' }, 0.8)).toBe(true);
    expect(isTrialSuccess({ score: 0.79, verdict: 'PASS' }, 0.8)).toBe(false);
    expect(isTrialSuccess(null)).toBe(false);
  });
});

describe('compareTrialCases', () => {
  it('lists the lowest success rate first, then the lowest mean score (none lowest), then the id', () => {
    const of = (id: string, c: number, n: number, meanScore: number | null) => ({
      id,
      stats: { n, c, successRate: c / n, meanScore, scoreStdDev: 0, flaky: true },
    });
    const cases = [of('d', 2, 3, 0.9), of('c', 1, 3, 0.8), of('b', 2, 6, 0.8), of('a', 1, 3, null), of('e', 1, 3, 0.8)];
    expect(cases.sort(compareTrialCases).map(({ id }) => id)).toEqual(['a', 'b', 'c', 'e', 'd']);
  });
});
