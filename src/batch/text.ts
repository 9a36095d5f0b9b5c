/**
 * Every sentence `toolscore batch` and `toolscore merge` print: the summary, the progress line, the
 * gates. Values that came from the input (ids, errors, top issues) are passed in already made safe.
 */
import type { BatchDistribution } from './types.js';

/** A number in [0, 1] as the summary prints it. */
function share(value: number | null): string {
  return value === null ? '–' : value.toFixed(3);
}

/** `12,345`. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** `2000 cases scored, 3 could not be read` (the first line of the printed summary). */
export function casesText(scored: number, failed: number): string {
  return `${count(scored)} ${scored === 1 ? 'case' : 'cases'} scored${failed > 0 ? `, ${count(failed)} could not be read or scored` : ''}`;
}

/** The columns of a distribution row. */
export const DISTRIBUTION_HEADER = ['', 'mean', 'median', 'p10', 'p90', 'min', 'max'] as const;

/** One row: a number's name and its distribution. */
export function distributionRow(name: string, d: BatchDistribution): string[] {
  return [name, share(d.mean), share(d.median), share(d.p10), share(d.p90), share(d.min), share(d.max)];
}

/** `Grades: A 1450 · B 300 · …`. */
export function gradesText(grades: Record<string, number>): string {
  return `Grades: ${Object.entries(grades)
    .map(([grade, n]) => `${grade} ${count(n)}`)
    .join(' · ')}`;
}

/** `Pass rate at --min-score 0.8: 91.2% of scored cases`. */
export function passRateText(minScore: number, passRate: number | null): string {
  return `Pass rate at --min-score ${minScore}: ${passRate === null ? '–' : `${(passRate * 100).toFixed(1)}%`} of scored cases`;
}

export const WORST_CASES_TITLE = 'Lowest scores:';
export const ERRORS_TITLE = 'Could not be read or scored:';

/** `Gold warnings (3 cases; --strict-gold makes them errors):`. */
export function goldWarningsTitle(cases: number): string {
  return `Gold warnings (${count(cases)} ${cases === 1 ? 'case' : 'cases'}; --strict-gold makes them errors):`;
}

/** After the first gold warnings printed (the summary keeps 100 distinct ones, each line its own). */
export const MORE_GOLD_WARNINGS_TEXT =
  "  … and more (each case's warnings are on its line of the results, as gold_warnings)";
export const TOOLS_TITLE = 'Per tool (expected calls, actual calls, selection misses, error rate):';

/** `  w00012  0.412 F  missing: …`. */
export function worstCaseText(id: string, score: number, grade: string, issue: string | undefined): string {
  return `  ${id}  ${score.toFixed(3)} ${grade}${issue === undefined ? '' : `  ${issue}`}`;
}

/** `Trials: 50 cases × 4 trials (200 lines; a success is a PASS verdict)`. */
export function trialsTitle(
  cases: number,
  fewest: number,
  most: number,
  lines: number,
  minScore: number | null,
): string {
  const per = fewest === most ? `${count(fewest)}` : `${count(fewest)}–${count(most)}`;
  const success = minScore === null ? 'a PASS verdict' : `a score ≥ --min-score ${minScore}`;
  return `Trials: ${count(cases)} ${cases === 1 ? 'case' : 'cases'} × ${per} trials (${count(lines)} lines; a success is ${success})`;
}

/** `Turns: 3 conversation cases, 6 of 9 turns passed, mean turn pass rate 0.694; every turn passed in 1`. */
export function turnsTitle(
  cases: number,
  turns: number,
  passed: number,
  meanPassRate: number,
  allPassed: number,
): string {
  return `Turns: ${count(cases)} conversation ${cases === 1 ? 'case' : 'cases'}, ${count(passed)} of ${count(turns)} turns passed, mean turn pass rate ${share(meanPassRate)}; every turn passed in ${count(allPassed)}`;
}

/** The first column of the first-failing-turn table's rows. */
export const FIRST_FAILING_LABELS = { turn: 'first failing turn', cases: 'cases' } as const;

/** The first column of the pass^k table's rows. */
export const PASS_K_LABELS = { k: 'k', hat: 'pass^k', at: 'pass@k' } as const;

/** `Always passed 10 · never 14 · flaky 26`. */
export function trialCountsText(always: number, never: number, flaky: number): string {
  return `Every trial passed: ${count(always)} · none: ${count(never)} · flaky: ${count(flaky)}`;
}

/** `Flaky cases (26, worst first):`. */
export function flakyTitle(flaky: number): string {
  return `Flaky cases (${count(flaky)}, worst first):`;
}

/** `  task-7  1/4 passed · score 0.412 ± 0.210`. */
export function flakyCaseText(id: string, c: number, n: number, mean: number | null, spread: number | null): string {
  const score = mean === null ? 'no trial scored' : `score ${mean.toFixed(3)} ± ${(spread ?? 0).toFixed(3)}`;
  return `  ${id}  ${count(c)}/${count(n)} passed · ${score}`;
}

/** `    trial 2  0.412 FAIL  missing: …` (or its error). */
export function trialLineText(
  trial: number,
  outcome: { score: number; verdict: string; issue: string | undefined } | { error: string },
): string {
  if ('error' in outcome) return `    trial ${trial}  could not be read or scored: ${outcome.error}`;
  return `    trial ${trial}  ${outcome.score.toFixed(3)} ${outcome.verdict}${outcome.issue === undefined ? '' : `  ${outcome.issue}`}`;
}

/** After the flaky cases printed. */
export function moreFlakyText(more: number): string {
  return `  … and ${count(more)} more flaky (the summary lists 100, worst first; every trial has its line in the results)`;
}

/** `… and 95 more (all of them are in the results file)`. */
export function moreText(more: number): string {
  return `  … and ${count(more)} more (every one has its line in the results)`;
}

/**
 * The progress line on a terminal: cases done (`1,200 / 6,000 cases` when the total is known), rate,
 * and the time left when the input's size is known.
 */
export function progressText(
  done: number,
  total: number | undefined,
  failed: number,
  seconds: number,
  readShare: number | undefined,
): string {
  const rate = seconds > 0 ? done / seconds : 0;
  const eta =
    readShare !== undefined && readShare > 0 && readShare < 1
      ? ` · ${Math.ceil((seconds * (1 - readShare)) / readShare)} s left`
      : '';
  const cases = total === undefined || total < done ? count(done) : `${count(done)} / ${count(total)}`;
  return `${cases} cases${failed > 0 ? ` (${count(failed)} unreadable)` : ''} · ${count(Math.round(rate))}/s${eta}`;
}

/** The one line printed when not on a terminal (and the last one on it). */
export function finishedText(done: number, seconds: number, jobs: number): string {
  const rate = seconds > 0 ? Math.round(done / seconds) : done;
  return `toolscore batch: ${count(done)} cases in ${seconds.toFixed(1)} s (${count(rate)} cases/s, ${jobs} ${jobs === 1 ? 'job' : 'jobs'})`;
}

/** Where each output went. */
export const OUTPUT_LABELS = {
  results: 'Results',
  summary: 'Summary',
} as const;

/** Gate failures and the run's stops, on stderr. */
export function meanBelowText(mean: number, minScore: number): string {
  return `toolscore: mean score ${mean} is below --min-score ${minScore}`;
}

export function casesBelowText(below: number, minScore: number): string {
  return `toolscore: --min-score-each: ${count(below)} ${below === 1 ? 'case scores' : 'cases score'} below ${minScore}`;
}

export function violationsText(found: string): string {
  return `toolscore: --fail-on-violations: ${found}`;
}

/** `toolscore: 2 of 5 cases could not be read or scored; --max-errors 0 allows none`. */
export function lostCasesText(lost: number, total: number, maxErrors: number): string {
  const allowed = maxErrors === 0 ? 'none' : count(maxErrors);
  return `toolscore: ${count(lost)} of ${count(total)} cases could not be read or scored; --max-errors ${maxErrors} allows ${allowed} (their lines in the results say why)`;
}

export const NOTHING_SCORED_TEXT = 'toolscore: no case could be read or scored';

/** `toolscore: pass^4 0.2 is below --min-pass-hat-k 4=0.5`. */
export function passHatKBelowText(k: number, value: number, min: number): string {
  return `toolscore: pass^${k} ${value} is below --min-pass-hat-k ${k}=${min}`;
}

/** The gate names a k past the fewest trials of a case. */
export function passHatKBeyondText(k: number, fewest: number): string {
  return `toolscore: --min-pass-hat-k ${k}=…: pass^${k} needs every case to have at least ${k} trials; a case has only ${fewest}`;
}

/** The gate on a run without trials. */
export function noTrialsText(k: number): string {
  return `toolscore: --min-pass-hat-k ${k}=…: no case has trials (a case's lines share its id and carry "trial": 1, 2, …)`;
}

/** A malformed `--min-pass-hat-k`. */
export function minPassHatKFormatText(text: string): string {
  return `expected k=X such as 4=0.6 (k a whole number ≥ 1, X a number between 0 and 1), got ${JSON.stringify(text)}`;
}

export function failFastText(error: string): string {
  return `toolscore: --fail-fast: stopped at the first case that could not be read or scored: ${error}`;
}

/** A case's `options.limits` above the run's, without `--allow-case-limits`. */
export function caseRaisesLimitText(name: string, value: number, bound: number): string {
  return `${value} raises the run's ${name} of ${bound}; a case may lower the run's limits, not raise them (--allow-case-limits, allowCaseLimits: true in evaluateBatch, lets a dataset raise them)`;
}
