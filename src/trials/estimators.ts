/*
 * τ-bench's unbiased estimators over cases run n times each, c of them successes (Yao et al. 2024,
 * "τ-bench", §4; pass@k from Chen et al. 2021). For one case:
 *
 *   pass^k = C(c, k) / C(n, k)          the chance that k trials drawn from its n all succeed
 *   pass@k = 1 − C(n − c, k) / C(n, k)  the chance that at least one of them does
 *
 * and a run's value is the mean over its cases. Cases may have different n: each case uses its own,
 * so k goes from 1 to the smallest n (past it, a case cannot answer). The binomial ratios are products
 * of ratios, C(a, k) / C(n, k) = ∏ (a − i) / (n − i) for i < k, each factor in [0, 1]: no factorial
 * grows past a double, and the relative error stays near k ulps.
 */

/** One case's trials: how many ran, how many succeeded. */
export interface TrialCount {
  /** Trials run, a whole number ≥ 1. */
  n: number;
  /** Successes, a whole number in [0, n]. */
  c: number;
}

/** C(a, k) / C(n, k) for whole numbers 0 ≤ a ≤ n and 0 ≤ k ≤ n, as a product of ratios (0 when a < k). */
export function binomialRatio(a: number, n: number, k: number): number {
  if (k > a) return 0;
  let ratio = 1;
  for (let i = 0; i < k; i++) ratio *= (a - i) / (n - i);
  return ratio;
}

/** pass^k of a run: the mean over cases of C(c, k) / C(n, k). */
export function passHatK(counts: readonly TrialCount[], k: number): number {
  checkCounts(counts, k);
  let sum = 0;
  for (const { n, c } of counts) sum += binomialRatio(c, n, k);
  return sum / counts.length;
}

/** pass@k of a run: the mean over cases of 1 − C(n − c, k) / C(n, k). */
export function passAtK(counts: readonly TrialCount[], k: number): number {
  checkCounts(counts, k);
  let sum = 0;
  for (const { n, c } of counts) sum += 1 - binomialRatio(n - c, n, k);
  return sum / counts.length;
}

/** The largest k both estimators take on these cases: the smallest n (0 when there are no cases). */
export function largestK(counts: readonly TrialCount[]): number {
  let smallest = 0;
  for (const { n } of counts) if (smallest === 0 || n < smallest) smallest = n;
  return smallest;
}

/** pass^k and pass@k for k = 1 … the smallest n (index k − 1); empty when there are no cases. */
export function passCurves(counts: readonly TrialCount[]): { passHatK: number[]; passAtK: number[] } {
  const ks = Array.from({ length: largestK(counts) }, (_, i) => i + 1);
  return { passHatK: ks.map((k) => passHatK(counts, k)), passAtK: ks.map((k) => passAtK(counts, k)) };
}

/** Refuses what the estimators are not defined on, naming the case (0-based) and the value. */
function checkCounts(counts: readonly TrialCount[], k: number): void {
  if (counts.length === 0) throw new RangeError('pass^k and pass@k need at least one case');
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError(`k must be a whole number ≥ 1, got ${k}`);
  counts.forEach(({ n, c }, i) => {
    if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`case ${i}: n must be a whole number ≥ 1, got ${n}`);
    if (!Number.isSafeInteger(c) || c < 0 || c > n)
      throw new RangeError(`case ${i}: c must be a whole number in [0, ${n}], got ${c}`);
    if (k > n) throw new RangeError(`case ${i} has ${n} trials; pass^${k} and pass@${k} need at least ${k}`);
  });
}
