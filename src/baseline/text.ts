/* Every sentence `toolscore regression` and `eval --save-baseline` print. */

/** A baseline made from another gold file. */
export function goldMismatchText(baseline: string, current: string): string {
  return `the gold file differs from the one the baseline was made from (baseline ${baseline}, now ${current}); the numbers may not be comparable`;
}

/** A baseline checked against forbidden rules, compared with a run checked against none. */
export function forbiddenRulesMissingText(rules: number): string {
  return `the baseline was checked against ${rules} forbidden rule${rules === 1 ? '' : 's'} and this run against none: pass --forbidden so forbidden_calls compare`;
}

/** One run has trials and the other has none. */
export function trialsNotComparedText(baselineHasTrials: boolean): string {
  return baselineHasTrials
    ? 'the baseline was made from a run with trials and this run has none: pass^k and flaky cases are not compared'
    : 'this run has trials and the baseline has none: make the baseline from a run with trials (batch --save-baseline) to compare pass^k and flaky cases';
}

/** The status column. */
export const STATUS_TEXT = {
  regressed: 'REGRESSED',
  improved: 'improved',
  stable: 'ok',
  not_measured: 'not measured',
  not_in_baseline: 'new',
} as const;

export const REGRESSION_TEXT = {
  title: 'Toolscore regression check',
  columns: ['Metric', 'Baseline', 'Now', 'Delta', 'Status'] as const,
  caseColumns: ['Case', 'Baseline', 'Now', 'Delta', 'Top issue'] as const,
  worstCases: 'Cases that regressed most',
  noIssue: 'no top issue',
  notAvailable: 'n/a',
  safetyRule: 'any rise',
  suiteName: 'toolscore regression',
} as const;

/** What the thresholds mean, said once under every table. */
export function thresholdsText(threshold: number, perMetric: Readonly<Record<string, number>>): string {
  const own = Object.entries(perMetric).map(([name, value]) => `${name} ${value}`);
  return `Thresholds are absolute deltas on each metric's scale (${threshold} = ${+(threshold * 100).toFixed(4)} points of a share, or that many calls of a count)${
    own.length > 0 ? `; own thresholds: ${own.join(', ')}` : ''
  }. A rise in forbidden calls, credentials or broken budgets is a regression whatever the threshold.`;
}

/** The verdict line; with trials, the cases that stopped passing every trial count too. */
export function verdictText(
  passed: boolean,
  regressions: number,
  improvements: number,
  trialCases: { flaky: number; failing: number } = { flaky: 0, failing: 0 },
): string {
  if (!passed) {
    const parts = [
      ...(regressions > 0 || trialCases.flaky + trialCases.failing === 0
        ? [`${regressions} metric${regressions === 1 ? '' : 's'} regressed`]
        : []),
      ...(trialCases.flaky > 0 ? [`${trialCases.flaky} case${trialCases.flaky === 1 ? '' : 's'} became flaky`] : []),
      ...(trialCases.failing > 0
        ? [`${trialCases.failing} case${trialCases.failing === 1 ? '' : 's'} stopped passing`]
        : []),
    ];
    return `FAIL: ${parts.join(', ')}`;
  }
  return improvements > 0 ? `PASS: nothing regressed, ${improvements} improved` : 'PASS: nothing regressed';
}

/** Which baseline was compared. */
export function baselineSourceText(file: string, format: 'toolscore' | 'python', createdAt: string | null): string {
  return `Baseline ${file}${format === 'python' ? ' (Python toolscore format)' : ''}${createdAt ? `, made ${createdAt}` : ''}`;
}

/** How the cases of a batch compare. */
export function casesText(compared: number, added: number, removed: number, regressed: number): string {
  return `Cases compared: ${compared} · added since the baseline: ${added} · removed: ${removed} · score dropped past the threshold: ${regressed}`;
}

export const TRIALS_TEXT = {
  regressedTitle: 'Cases that passed every trial in the baseline and not now',
} as const;

/** How the trials of both runs compare. */
export function trialsText(
  success: 'verdict' | 'min_score',
  minScore: number | null,
  compared: number,
  flaky: number,
  failing: number,
): string {
  const rule = success === 'verdict' ? 'a PASS verdict' : `a score of at least ${minScore}`;
  return `Trials (a success is ${rule}): cases run in both: ${compared} · became flaky: ${flaky} · stopped passing: ${failing} (a case that passed every trial in the baseline and not now is a regression)`;
}

/** The sign test on per-case success rates, which reports and gates nothing. */
export function trialSignTestText(better: number, worse: number, ties: number, p: number): string {
  return `Success rates c/n case by case: better in ${better}, worse in ${worse}, ${ties} unchanged; p = ${p >= 0.001 ? p.toFixed(3) : p.toExponential(1)} (two-sided exact sign test, ties dropped; it does not gate)`;
}

/** One case that passed every trial in the baseline and not now. */
export function trialCaseText(
  id: string,
  change: 'became_flaky' | 'stopped_passing',
  baseline: { n: number; c: number },
  current: { n: number; c: number },
): string {
  return `${id} ${change === 'became_flaky' ? 'became flaky' : 'stopped passing'}: passed ${baseline.c} of ${baseline.n} trials in the baseline, ${current.c} of ${current.n} now`;
}

/** The failure message of a metric's JUnit test case. */
export function itemFailureText(metric: string, baseline: string, current: string, rule: string): string {
  return `${metric} regressed from ${baseline} to ${current} (${rule})`;
}

/** The lines naming the files a regression run wrote, by flag. */
export const REGRESSION_FILE_LABELS = {
  '--output': 'JSON comparison',
  '--markdown': 'Markdown comparison',
  '--junit': 'JUnit report',
} as const;

/** The line naming the baseline `eval --save-baseline` wrote. */
export const BASELINE_FILE_LABEL = 'Baseline';
