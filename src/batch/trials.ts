import type { Verdict } from '../core/grade.js';
import { compareTrialCases, isTrialSuccess, trialStats, type TrialStats } from '../trials/case-stats.js';
import { passCurves } from '../trials/estimators.js';
import { isScoredLine } from './results-line.js';
import type { BatchLine, BatchTopIssue, BatchTrial, BatchTrialCase, BatchTrials } from './types.js';

/** How many flaky cases a summary lists (`trials.flaky` counts them all). */
const SUMMARY_FLAKY_CASES = 100;

/** What the summary keeps of a line with a trial until the run ends (success depends on --min-score, known then). */
export interface TrialLine {
  id: string;
  trial: number;
  /** Null for an error line. */
  score: number | null;
  verdict: Verdict | null;
  top_issue: BatchTopIssue | null;
  /** Why the trial could not be read or scored. */
  error?: string;
}

/** The part of a results line the trial statistics need, or undefined for a line without `trial`. */
export function trialLineOf(line: BatchLine): TrialLine | undefined {
  if (line.trial === undefined) return undefined;
  if (!isScoredLine(line))
    return { id: line.id, trial: line.trial, score: null, verdict: null, top_issue: null, error: line.error };
  return { id: line.id, trial: line.trial, score: line.score, verdict: line.verdict, top_issue: line.top_issue };
}

/**
 * `summary.trials` from the run's lines with a trial (in index order), grouped by case id in the order
 * the ids first came; undefined when there are none.
 */
export function trialsSummary(lines: readonly TrialLine[], minScore: number | undefined): BatchTrials | undefined {
  if (lines.length === 0) return undefined;
  const cases = new Map<string, TrialLine[]>();
  for (const line of lines) {
    const trials = cases.get(line.id);
    if (trials === undefined) cases.set(line.id, [line]);
    else trials.push(line);
  }
  return summarizeTrials(cases, lines.length, minScore);
}

/** A case run several times: its trial lines (in the order given) and their statistics. */
export interface TrialCase {
  id: string;
  lines: TrialLine[];
  stats: TrialStats;
}

/**
 * The cases of results lines that carry a trial, by id in the order the ids first came, each with its
 * statistics (success: PASS, or the score meeting `minScore` when given). Lines without a trial are left out.
 */
export function trialCasesOf(lines: Iterable<BatchLine>, minScore: number | undefined): Map<string, TrialCase> {
  const grouped = new Map<string, TrialLine[]>();
  for (const line of lines) {
    const trial = trialLineOf(line);
    if (trial === undefined) continue;
    const trials = grouped.get(trial.id);
    if (trials === undefined) grouped.set(trial.id, [trial]);
    else trials.push(trial);
  }
  return new Map(
    [...grouped].map(([id, trials]) => [id, { id, lines: trials, stats: trialCaseStats(trials, minScore) }]),
  );
}

/** One case's statistics from its trial lines (success: PASS, or the score meeting `minScore` when given). */
function trialCaseStats(trials: readonly TrialLine[], minScore: number | undefined): TrialStats {
  return trialStats(
    trials.map((line) => ({
      score: line.score,
      success: isTrialSuccess(
        line.score === null || line.verdict === null ? null : { score: line.score, verdict: line.verdict },
        minScore,
      ),
    })),
  );
}

function summarizeTrials(
  cases: ReadonlyMap<string, readonly TrialLine[]>,
  lines: number,
  minScore: number | undefined,
): BatchTrials {
  const all: { id: string; stats: TrialStats; trials: readonly TrialLine[] }[] = [];
  for (const [id, trials] of cases) all.push({ id, stats: trialCaseStats(trials, minScore), trials });
  const counts = all.map(({ stats }) => stats);
  const curves = passCurves(counts);
  const flaky = all.filter(({ stats }) => stats.flaky).sort(compareTrialCases);
  // A loop, not Math.min(...all): spreading a run's every case into one call overflows the stack past ~120,000.
  let minTrials = Number.POSITIVE_INFINITY;
  let maxTrials = 0;
  for (const { n } of counts) {
    minTrials = Math.min(minTrials, n);
    maxTrials = Math.max(maxTrials, n);
  }
  const byK = (values: number[]): Record<string, number> =>
    Object.fromEntries(values.map((value, i) => [String(i + 1), value]));
  return {
    cases: all.length,
    trials: lines,
    min_trials: minTrials,
    max_trials: maxTrials,
    always: counts.filter(({ n, c }) => c === n).length,
    never: counts.filter(({ c }) => c === 0).length,
    flaky: flaky.length,
    success: minScore === undefined ? 'verdict' : 'min_score',
    pass_hat_k: byK(curves.passHatK),
    pass_at_k: byK(curves.passAtK),
    flaky_cases: flaky
      .slice(0, SUMMARY_FLAKY_CASES)
      .map(({ id, stats, trials }) => flakyCase(id, stats, trials, minScore)),
  };
}

function flakyCase(
  id: string,
  stats: TrialStats,
  trials: readonly TrialLine[],
  minScore: number | undefined,
): BatchTrialCase {
  // In trial order; lines of one trial number keep their dataset order.
  const ordered = [...trials].sort((a, b) => a.trial - b.trial);
  return {
    id,
    n: stats.n,
    c: stats.c,
    success_rate: stats.successRate,
    mean_score: stats.meanScore,
    score_std_dev: stats.scoreStdDev,
    trials: ordered.map((line): BatchTrial => {
      if (line.score === null || line.verdict === null)
        return { trial: line.trial, success: false, error: line.error ?? '' };
      return {
        trial: line.trial,
        score: line.score,
        verdict: line.verdict,
        success: isTrialSuccess({ score: line.score, verdict: line.verdict }, minScore),
        top_issue: line.top_issue,
      };
    }),
  };
}
