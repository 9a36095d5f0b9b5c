/* Every sentence `toolscore compare` prints and writes. */
import { BAND_TEXT } from '../text/report.js';
import type { ComparedPair } from './compare.js';

export const COMPARE_TEXT = {
  title: 'Toolscore comparison',
  measure: 'Measure',
  best: 'Best',
  none: 'n/a',
  tie: 'tie',
  pairsTitle: 'Case by case',
  chartsTitle: 'Each measure per model',
  modelsTitle: 'Models',
  lowerIsBetter: 'lower is better',
  /** The row of flaky cases (0 < c < n) when the runs have trials. */
  flakyCases: 'flaky cases (fewer is better)',
  /** Beside the best value of a measure, in the page's table and charts. */
  bestMark: '★',
} as const;

/** The comparison page's legend: the best mark, then the colours, in the other reports' bands. */
export const COMPARE_LEGEND = {
  best: 'best value of the measure (every model on a tie)',
  good: `${BAND_TEXT.good}: 0.900 or more; redundant_rate below 0.100`,
  warn: `${BAND_TEXT.warn}: 0.700 to 0.900; redundant_rate below 0.300`,
  bad: `${BAND_TEXT.bad}: below 0.700; redundant_rate 0.300 or more`,
} as const;

/** `Winner: gpt-4o (score 0.912)`, or the tie. */
export function winnerText(names: readonly string[], score: number | null): string {
  if (names.length === 0) return 'Winner: none (no run was scored)';
  const value = score === null ? '' : ` (score ${score.toFixed(3)})`;
  return names.length === 1 ? `Winner: ${names[0]}${value}` : `Winner: a tie between ${names.join(', ')}${value}`;
}

/** What the trial rows mean, under the table of runs with trials. */
export function trialsNoteText(largestK: number): string {
  return `Trials: a success is a PASS verdict; pass^k is the chance that k trials of a case all pass, shown for k = 1 to ${largestK} (the fewest trials of a case in any run; a line without a trial is a case of one trial).`;
}

/** One pair of models, case by case: on the score, or with trials on each case's success rate c/n. */
export function pairText(pair: ComparedPair, onSuccessRates = false): string {
  if (pair.cases === 0) return `${pair.a} vs ${pair.b}: no case ${onSuccessRates ? 'run' : 'scored'} in both runs`;
  const difference = pair.mean_difference ?? 0;
  const sign = difference > 0 ? '+' : difference < 0 ? '-' : '';
  const verdict = pair.significant
    ? `significant at 0.05: ${difference > 0 ? pair.a : pair.b} is better`
    : 'not significant at 0.05: the difference may be noise';
  const measure = onSuccessRates ? 'success rate' : 'score';
  return `${pair.a} vs ${pair.b}: ${pair.cases} cases in both, ${pair.a} better in ${pair.a_wins}, ${pair.b} better in ${pair.b_wins}, ${pair.ties} tied; mean ${measure} difference ${sign}${Math.abs(difference).toFixed(3)}; p = ${formatP(pair.p_value)} (${verdict})`;
}

/** The test, said once under the pairs. */
export function pairedTestText(test: string): string {
  return `Test: ${test}.`;
}

function formatP(p: number): string {
  return p >= 0.001 ? p.toFixed(3) : p.toExponential(1);
}

/** The lines naming the files a comparison wrote, by flag. */
export const COMPARE_FILE_LABELS = {
  '--output': 'JSON comparison',
  '--markdown': 'Markdown comparison',
  '--html': 'HTML comparison',
} as const;
