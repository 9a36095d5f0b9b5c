/* Every sentence `toolscore view` shows and prints. */

export const VIEW_TEXT = {
  brand: 'toolscore view',
  skip: 'Skip to content',
  runsTitle: 'Runs',
  trendTitle: 'Score and pass rate over time',
  trendLegendScore: 'mean score',
  trendLegendRate: 'pass rate',
  trendEmpty: 'No runs to draw yet.',
  noRuns: 'No runs kept yet: run eval, batch, run, bfcl or compare with --store.',
  filters: 'Filters',
  apply: 'Apply',
  clear: 'Clear',
  any: 'any',
  branch: 'Branch',
  gold: 'Gold file',
  compareTitle: 'Compare two runs',
  compareBase: 'Before (A)',
  compareHead: 'After (B)',
  compareGo: 'Compare',
  comparePrevious: 'vs previous',
  casesTitle: 'Cases',
  noCases: 'No case matches these filters.',
  search: 'Search id, problem or tool',
  grade: 'Grade',
  tool: 'Tool (exact name)',
  kind: 'Top issue kind',
  lines: 'Lines',
  linesOnlyErrors: 'not scored',
  linesOnlyScored: 'scored',
  sort: 'Sort',
  sortNames: { position: 'position', score: 'score, lowest first', '-score': 'score, highest first', id: 'id' },
  exportedFilters: 'This is an exported copy: filters and sorting need `toolscore view`.',
  caseTitle: 'Case',
  trials: 'Trials of this case',
  topIssue: 'Top issue',
  topIssues: 'Top issues to fix',
  calls: 'Expected and actual calls',
  expected: 'Expected',
  actual: 'Actual',
  argumentDiffs: 'Argument differences',
  noCallsKept: 'This run kept the results line only (batch, run, bfcl): the calls are in the report eval writes.',
  perTool: 'Calls per tool',
  metrics: 'Metrics',
  turns: 'Turns',
  outcomes: 'Outcomes',
  rawLine: 'Results line (credentials masked)',
  rawTrace: 'Actual calls as recorded (credentials masked)',
  notScored: 'not scored',
  changes: 'Changes',
  perToolChanges: 'Per-tool changes',
  matrix: 'Cases × runs',
  change: 'Change',
  noJoined: 'No case matches these filters.',
  previous: 'Previous',
  next: 'Next',
  pages: 'Pages',
  watching: 'Watching the store: this page reloads when a run is kept.',
  none: '—',
} as const;

export const VIEW_COLUMNS = {
  run: 'Run',
  started: 'Started',
  command: 'Command',
  branch: 'Branch',
  commit: 'Commit',
  gold: 'Gold',
  cases: 'Cases',
  errors: 'Errors',
  meanScore: 'Mean score',
  passRate: 'Pass rate',
  passHatK: 'pass^k',
  verdicts: 'PASS / WARN / FAIL',
  compare: 'Compare',
  position: '#',
  id: 'Id',
  trial: 'Trial',
  score: 'Score',
  grade: 'Grade',
  verdict: 'Verdict',
  issue: 'Top issue',
  problem: 'Problem',
  tools: 'Tools',
  tool: 'Tool',
  argument: 'Argument',
  expected: 'Expected',
  actual: 'Actual',
  difference: 'Difference',
  delta: 'Δ',
  failed: 'Failed',
  value: 'Value',
  key: 'Key',
} as const;

/** `Showing 51–100 of 100,000 cases`. */
export function showingText(from: number, to: number, total: number, noun: string): string {
  if (total === 0) return `No ${noun}`;
  return `Showing ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun}`;
}

/** `Page 2 of 2,000`. */
export function pageText(page: number, pages: number): string {
  return `Page ${page.toLocaleString('en-US')} of ${pages.toLocaleString('en-US')}`;
}

/** What a sortable column's link says to a screen reader: where it is sorted now, and what a press does. */
export function sortLabel(column: string, current: 'ascending' | 'descending' | undefined, next: string): string {
  return `${column}${current === undefined ? '' : `, sorted ${current}`}: sort by ${next}`;
}

/** `Run #12`. */
export function runName(id: number): string {
  return `Run #${id}`;
}

/** The sign test's sentence on two runs' paired cases. */
export function signTestText(improved: number, regressed: number, p: number): string {
  if (improved + regressed === 0) return 'No paired case changed its score: nothing for the sign test to weigh.';
  const verdict =
    p < 0.05
      ? `B is ${improved > regressed ? 'better' : 'worse'} than A beyond chance (p < 0.05).`
      : 'The difference could be chance (p ≥ 0.05).';
  return `${improved} improved, ${regressed} regressed; two-sided sign test p = ${p < 0.0001 ? p.toExponential(2) : p.toFixed(4)}. ${verdict}`;
}

/** What `toolscore view` prints once it listens. */
export function listeningText(url: string, store: string): string {
  return `toolscore view: ${store} at ${url}\n(only this machine can open it; Ctrl+C stops it)`;
}

/** What `toolscore view --export` prints when the site is written. */
export function exportedText(pages: number, dir: string): string {
  return `toolscore view: wrote ${pages} page${pages === 1 ? '' : 's'} to ${dir} (open index.html)`;
}

/** Refusals of `--export DIR` (each one line, exit 2). */
export const EXPORT_TEXT = {
  notAFolder: 'is a file, not a folder: --export writes a folder of pages',
  notOurs: 'is a folder that holds other files and no earlier export: give a new or empty folder (nothing was written)',
} as const;
