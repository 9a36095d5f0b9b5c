import { meetsMinScore, type Verdict } from '../core/grade.js';

/*
 * What one case's trials say, whoever ran them (a batch dataset with `trial`, `toolscore run`, a test's
 * trials): successes of n, the score's mean and spread, flakiness, and the order flaky cases are listed in.
 */

/** One trial as the statistics see it: its score (null for a trial that could not be scored) and whether it succeeded. */
export interface TrialOutcome {
  score: number | null;
  success: boolean;
}

/** One case's trial statistics. */
export interface TrialStats {
  /** Trials. */
  n: number;
  /** Successful trials. */
  c: number;
  /** c / n. */
  successRate: number;
  /** Mean score of the trials that were scored (an error trial has no score); null when none was. */
  meanScore: number | null;
  /** Population standard deviation of those scores (divided by their count, not count − 1); null when none. */
  scoreStdDev: number | null;
  /** Some trials succeeded and some did not: 0 < c < n. */
  flaky: boolean;
}

/**
 * Whether a trial succeeded: its verdict is PASS, or, when a minimum score is given, its score meets it
 * (the rule of `--min-score`). A trial that could not be read or scored (`null`) is a failure.
 */
export function isTrialSuccess(trial: { score: number; verdict: Verdict } | null, minScore?: number): boolean {
  if (trial === null) return false;
  return minScore === undefined ? trial.verdict === 'PASS' : meetsMinScore(trial.score, minScore);
}

/** The statistics of a case's trials (at least one). The spread is computed around the mean, in two passes. */
export function trialStats(trials: readonly TrialOutcome[]): TrialStats {
  if (trials.length === 0) throw new RangeError('a case has at least one trial');
  const n = trials.length;
  let c = 0;
  let scored = 0;
  let sum = 0;
  for (const { score, success } of trials) {
    if (success) c++;
    if (score !== null) {
      scored++;
      sum += score;
    }
  }
  const meanScore = scored === 0 ? null : sum / scored;
  let squares = 0;
  if (meanScore !== null) for (const { score } of trials) if (score !== null) squares += (score - meanScore) ** 2;
  return {
    n,
    c,
    successRate: c / n,
    meanScore,
    scoreStdDev: meanScore === null ? null : Math.sqrt(squares / scored),
    flaky: c > 0 && c < n,
  };
}

/**
 * Worst first: the lower success rate (compared exactly, as fractions), then the lower mean score (no
 * score at all is lowest), then the id in code-unit order.
 */
export function compareTrialCases(a: { id: string; stats: TrialStats }, b: { id: string; stats: TrialStats }): number {
  const rate = a.stats.c * b.stats.n - b.stats.c * a.stats.n;
  if (rate !== 0) return rate;
  const meanA = a.stats.meanScore ?? Number.NEGATIVE_INFINITY;
  const meanB = b.stats.meanScore ?? Number.NEGATIVE_INFINITY;
  if (meanA !== meanB) return meanA < meanB ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
