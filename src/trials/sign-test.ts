/**
 * The two-sided exact sign test: with `wins` cases where A scored higher and `losses` where B did (ties
 * dropped), the probability of a split at least this uneven if neither were better (each case a fair
 * coin): 2 · P(X ≤ min(wins, losses)) for X ~ Binomial(wins + losses, 1/2), at most 1. Summed in log
 * space, so a hundred thousand cases neither overflow nor lose the tail.
 */
export function signTestP(wins: number, losses: number): number {
  const n = wins + losses;
  if (n === 0) return 1;
  const k = Math.min(wins, losses);
  if (2 * k === n) return 1;
  // log C(n, j) − n·log 2, for j = 0 … k, accumulated with log-sum-exp.
  const half = n * Math.LN2;
  let term = -half; // j = 0
  let logSum = term;
  for (let j = 0; j < k; j++) {
    term += Math.log(n - j) - Math.log(j + 1);
    logSum = logAdd(logSum, term);
  }
  return Math.min(1, 2 * Math.exp(logSum));
}

function logAdd(a: number, b: number): number {
  const high = Math.max(a, b);
  return high + Math.log(Math.exp(a - high) + Math.exp(b - high));
}

/**
 * The same probability summed directly from the binomial coefficients: the plain reference the log-space
 * version is tested against (exact for small n only).
 * @internal
 */
export function signTestPReference(wins: number, losses: number): number {
  const n = wins + losses;
  if (n === 0) return 1;
  const k = Math.min(wins, losses);
  let coefficient = 1;
  let sum = 0;
  for (let j = 0; j <= k; j++) {
    sum += coefficient;
    coefficient = (coefficient * (n - j)) / (j + 1);
  }
  return Math.min(1, (2 * sum) / 2 ** n);
}
