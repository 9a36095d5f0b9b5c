/**
 * Every sentence the batch reports (HTML, Markdown, JUnit, CSV) say about a whole dataset, so they agree
 * word for word. Sentences about one case reuse the single-trace wording (text/report.ts).
 */
import { METRIC_LABELS, metricThresholdText } from '../../text/report.js';
import { countText } from '../../text/values.js';

/** Section titles, labels and fixed sentences of the batch reports. */
export const BATCH_TEXT = {
  title: 'Toolscore batch evaluation',
  meanScore: 'Mean score',
  grade: 'Grade of the mean',
  scored: 'Cases scored',
  unreadable: 'Could not be scored',
  passRate: 'Pass rate',
  histogram: 'Score distribution',
  histogramCaption: 'Scored cases per score band of 10 points',
  metrics: 'Metrics over the cases',
  grades: 'Grades',
  tools: 'Calls per tool, over the cases',
  worstCases: 'Worst cases',
  errors: 'Cases that could not be scored',
  noErrors: 'Every case was read and scored',
  cases: 'Cases',
  noCases: 'No case was scored',
  detailCounts: 'Calls',
  detailMetrics: 'Metrics',
  detailTools: 'Per tool',
  topIssue: 'Top issue',
  noIssue: 'No tool-calling issues found',
  allTools: 'the summary file and the HTML report have them all',
  allErrors: 'the results file has them all',
  trials: 'Trials',
  flakyCases: 'Flaky cases, worst first',
  noFlakyCases: 'No case is flaky: every case passed all its trials or none',
  allFlakyCases: 'the summary file lists 100, every trial has its line in the results file',
  turns: 'Turns',
} as const;

/** Column heads of the batch tables. */
export const BATCH_COLUMNS = {
  case: 'Case',
  index: '#',
  line: 'Line',
  count: 'Cases',
  share: 'Share',
  mean: 'Mean',
  median: 'Median',
  p10: 'P10',
  p90: 'P90',
  min: 'Min',
  max: 'Max',
  selectionMisses: 'Selection misses',
  errorRate: 'Error rate',
  failedCalls: 'Failed calls',
  policyViolations: 'Policy violations',
  secrets: METRIC_LABELS.leaked_credentials,
  topIssue: 'Top issue',
  k: 'k',
  passHatK: 'pass^k (all k trials pass)',
  passAtK: 'pass@k (at least one of k passes)',
  passed: 'Passed',
  meanScore: 'Mean score',
  spread: 'Spread',
  trials: 'Trials',
  firstFailingTurn: 'First failing turn',
} as const;

/** `3 conversation cases, 6 of 9 turns passed; mean turn pass rate 69.4%; every turn passed in 1 case`. */
export function turnsHeadlineText(
  cases: number,
  turns: number,
  passed: number,
  meanPassRate: string,
  allPassed: number,
): string {
  return `${countText(cases, 'conversation case')}, ${passed} of ${countText(turns, 'turn')} passed; mean turn pass rate ${meanPassRate}; every turn passed in ${countText(allPassed, 'case')}`;
}

/** `3 of 4 turns passed; first failing turn: 3`: a conversation case's turns. */
export function caseTurnsText(passed: number, count: number, firstFailing: number | null): string {
  return `${passed} of ${countText(count, 'turn')} passed${firstFailing === null ? '' : `; first failing turn: ${firstFailing}`}`;
}

/** `50 cases × 4 trials, 200 trials in all; a success is a PASS verdict` (cases may have different n). */
export function trialsHeadlineText(
  cases: number,
  fewest: number,
  most: number,
  lines: number,
  minScore: string | null,
): string {
  const per = fewest === most ? `${fewest}` : `${fewest}–${most}`;
  const success = minScore === null ? 'a PASS verdict' : `a score of at least ${minScore}`;
  return `${countText(cases, 'case')} × ${per} trials, ${countText(lines, 'trial')} in all; a success is ${success}`;
}

/** `Every trial passed: 10 cases · none passed: 14 · flaky: 26`. */
export function trialCountsText(always: number, never: number, flaky: number): string {
  return `Every trial passed: ${countText(always, 'case')} · none passed: ${never} · flaky: ${flaky}`;
}

/** `pass^4 20.0% · 26 flaky cases`: the trials' line in a report's heading. */
export function trialsFactText(k: number, value: string, flaky: number): string {
  return `pass^${k} ${value} · ${countText(flaky, 'flaky case')}`;
}

/** `1 of 4`. */
export function passedOfText(c: number, n: number): string {
  return `${c} of ${n}`;
}

/** `trial 2: 80.0% WARN, expected call to b was not made` / `trial 2: could not be scored: …`. */
export function trialOutcomeText(
  trial: number,
  outcome: { score: string; verdict: string; problem: string | null } | { error: string },
): string {
  if ('error' in outcome) return `trial ${trial}: could not be read or scored: ${outcome.error}`;
  return `trial ${trial}: ${outcome.score} ${outcome.verdict}${outcome.problem === null ? '' : `, ${outcome.problem}`}`;
}

/** A results line's name in the JUnit report when it is one trial of its case: `task-7 [trial 2]`. */
export function trialCaseName(id: string, trial: number): string {
  return `${id} [trial ${trial}]`;
}

/** `83.5% over 1000 scored cases`, the mean that heads every batch report. */
export function batchHeadlineText(mean: string, grade: string, scored: number): string {
  return `mean score ${mean}, grade ${grade}, over ${countText(scored, 'scored case')}`;
}

/** `Mean score 83.5% meets the required 80.0%` / `Mean score 73.5% is below the required 80.0%`. */
export function meanGateText(mean: string, minScore: string, passed: boolean): string {
  return passed
    ? `Mean score ${mean} meets the required ${minScore}`
    : metricThresholdText('Mean score', mean, minScore);
}

/** `Every case meets the required 80.0%` / `3 of 10 cases are below the required 80.0%` (--min-score-each). */
export function eachGateText(below: number, scored: number, minScore: string): string {
  return below === 0
    ? `Every scored case meets the required ${minScore}`
    : `${below} of ${countText(scored, 'scored case')} ${below === 1 ? 'is' : 'are'} below the required ${minScore}`;
}

/** `92.0% of the cases score at least 80.0%`. */
export function passRateText(rate: string, minScore: string): string {
  return `${rate} of the scored cases score at least ${minScore}`;
}

/** `2 cases could not be read or scored`. */
export function unreadableText(count: number): string {
  return `${countText(count, 'case')} could not be read or scored`;
}

/** `The 2000 lowest-scoring of 100000 scored cases; the other 98000 are in the results file and the CSV report.` */
export function casesCapText(shown: number, scored: number): string {
  return `The ${shown} lowest-scoring of ${scored} scored cases, lowest first; the other ${scored - shown} are in the results file and the CSV report.`;
}

/** `All 12 scored cases, lowest first.` */
export function allCasesText(scored: number): string {
  return `All ${countText(scored, 'scored case')}, lowest first.`;
}

/** `… and 12 more in the results file`. */
export function moreInResultsText(count: number, noun: string): string {
  return `… and ${countText(count, `more ${noun}`)} in the results file`;
}

/** `line 12`: where a case that could not be scored sits in a JSON Lines input. */
export function inputLineText(line: number): string {
  return `line ${line}`;
}

/**
 * A case's number in the reports' `#` column: its place counted from 1, as a case without an id is named
 * (`#1` is the first case, `index` 0 in the results file).
 */
export function caseNumber(index: number): number {
  return index + 1;
}

/** `#4, line 4`: where a case that could not be scored sits (its number, and its line in a JSON Lines input). */
export function errorPlaceText(index: number, line: number | null): string {
  const number = `#${caseNumber(index)}`;
  return line === null ? number : `${number}, ${inputLineText(line)}`;
}

/** `Score 42.0% is below the required 80.0%; top issue: expected call to search was not made`. */
export function caseFailureText(gate: string, problem: string | null): string {
  return problem === null ? gate : `${gate}; top issue: ${problem}`;
}

/** `0–10%` … `90–100%`: a histogram bar's range. */
export function histogramRangeText(bin: number): string {
  return `${bin * 10}–${bin * 10 + 10}%`;
}

/** `12 cases scored 80–90%`: a histogram bar's tooltip. */
export function histogramBarText(count: number, range: string): string {
  return `${countText(count, 'case')} scored ${range}`;
}
