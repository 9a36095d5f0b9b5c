import type { BatchCase } from '../src/batch/cases.js';

/*
 * Three kinds of trial, scored by hand (score = 0.4·selection + 0.3·argument F1 + 0.2·sequence +
 * 0.1·(1 − redundant rate)):
 * perfect: search{q:1} for search{q:1} ⇒ 1, PASS.
 * half: a{x:1} for a{x:1}, b{y:2} ⇒ 0.4 + 0.3·2/3 + 0.2·1/2 + 0.1 = 0.8, WARN.
 * wrong: lookup for search ⇒ 0, FAIL.
 */
export const perfect = { expected: [{ tool: 'search', args: { q: 1 } }], actual: [{ tool: 'search', args: { q: 1 } }] };
export const half = {
  expected: [
    { tool: 'a', args: { x: 1 } },
    { tool: 'b', args: { y: 2 } },
  ],
  actual: [{ tool: 'a', args: { x: 1 } }],
};
export const wrong = { expected: [{ tool: 'search' }], actual: [{ tool: 'lookup' }] };

/*
 * A: perfect, half, wrong (n 3; PASS-successes 1; with --min-score 0.8, 2); mean 0.6, spread
 *    sqrt((0.4² + 0.2² + 0.6²) / 3) = sqrt(0.56 / 3).
 * B: perfect × 3 (c 3). C: wrong, an error trial (no actual), perfect (c 1; mean of the two scored 0.5,
 *    spread 0.5). D: wrong × 2 (n 2, c 0). E: no trial, so not part of the trial statistics.
 */
export const TRIAL_DATASET: BatchCase[] = [
  { id: 'A', trial: 1, ...perfect },
  { id: 'B', trial: 1, ...perfect },
  { id: 'C', trial: 1, ...wrong },
  { id: 'D', trial: 1, ...wrong },
  { id: 'E', ...perfect },
  { id: 'A', trial: 2, ...half },
  { id: 'B', trial: 2, ...perfect },
  { id: 'C', trial: 2, expected: wrong.expected } as BatchCase,
  { id: 'D', trial: 2, ...wrong },
  { id: 'A', trial: 3, ...wrong },
  { id: 'B', trial: 3, ...perfect },
  { id: 'C', trial: 3, ...perfect },
];
