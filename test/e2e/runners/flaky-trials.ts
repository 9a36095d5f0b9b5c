/*
 * The trials fixtures' agent calls get_weather(NYC) but on trial 2 of 3 get_weather(LA): that trial
 * scores 0.4 (selection) + 0 (arguments) + 0.2 (sequence) + 0.1 (no redundancy) = 0.70, WARN; the others
 * 1, PASS. c = 2 of 3: pass^1 = 2/3, pass^2 = C(2,2)/C(3,2) = 1/3, pass^3 = 0; pass@1 = 2/3, pass@2 =
 * pass@3 = 1. Required pass^3 = 1 (the default with 3 trials), it fails with this message.
 */
export const FLAKY_TRIALS = [
  'pass^3 0.00 < 1.00 required',
  '2 of 3 trials passed (a success is a PASS verdict)',
  '  trial 1  ✓  score 1.00  PASS',
  '  trial 2  ✗  score 0.70  WARN  get_weather called with different arguments: city: expected "NYC", got "LA"',
  '              fix: align the arguments the agent passes to get_weather (prompt, parameter descriptions), or relax the gold standard with ANY / Regex / Approx',
  '  trial 3  ✓  score 1.00  PASS',
  'pass^k 0.667 0.333 0.000 · pass@k 0.667 1.000 1.000 (k = 1…3)',
] as const;
