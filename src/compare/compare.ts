import { ToolscoreInputError } from '../core/errors.js';
import { letterGrade, type Grade } from '../core/grade.js';
import { VERSION } from '../core/version.js';
import { BATCH_METRICS, type BatchLine, type BatchMetric, type BatchScoredLine } from '../batch/types.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { trialCasesOf } from '../batch/trials.js';
import { redactSecrets } from '../metrics/security.js';
import { isTrialSuccess } from '../trials/case-stats.js';
import { largestK, passCurves, type TrialCount } from '../trials/estimators.js';
import { signTestP } from '../trials/sign-test.js';

/** Layout version of `comparison.json`. */
const COMPARISON_SCHEMA_VERSION = 1;

/** What is compared: the composite score, then the core metrics; `redundant_rate` is better lower. */
export const COMPARED = ['score', ...BATCH_METRICS] as const;
export type Compared = (typeof COMPARED)[number];

/** Below this p-value a per-case difference between two models is called significant. */
const SIGNIFICANCE = 0.05;

/** The test `pairs` report, named in every output. */
const PAIRED_TEST = 'two-sided exact sign test on per-case score differences (ties dropped)';

/** The test `pairs` report when a run has trials: on each case's success rate instead of its score. */
const PAIRED_TRIAL_TEST = 'two-sided exact sign test on per-case success rates c/n (ties dropped)';

/** One model's run: a trace scored against the gold, or a batch's results lines. */
export type ModelRun =
  | { name: string; file: string; result: EvaluationResult }
  | { name: string; file: string; lines: readonly BatchLine[] };

/** One model in `comparison.json`. */
export interface ComparedModel {
  name: string;
  file: string;
  /** The composite score (for a batch: the mean over its scored cases); null when no case was scored. */
  score: number | null;
  grade: Grade | null;
  metrics: Record<BatchMetric, number | null>;
  /** For a batch: cases scored, and cases that could not be. */
  cases: { scored: number; not_scored: number } | null;
  /** When a run of the comparison has trials: this run's trial statistics (a line without `trial` is a case of one trial). */
  trials?: ComparedTrials;
}

/** One model's trials, as a batch summary's `trials` block counts them (success: a PASS verdict). */
interface ComparedTrials {
  cases: number;
  trials: number;
  min_trials: number;
  max_trials: number;
  /** Cases all of whose trials passed, none did, and some did (flaky). */
  always: number;
  never: number;
  flaky: number;
  /** pass^k and pass@k for k = 1 … min_trials, keyed "1", "2", … */
  pass_hat_k: Record<string, number>;
  pass_at_k: Record<string, number>;
}

/** What a comparison of runs with trials adds: the k compared and the best per trial measure. */
interface ComparisonTrials {
  success: 'verdict';
  /** pass^k is compared for k = 1 … this: the fewest trials of a case in any run. */
  largest_k: number;
  /** The models with the best pass^k (keys "pass^1", …; higher is better) and the fewest flaky cases ("flaky"). */
  winners: Record<string, string[]>;
}

/** Two models compared case by case (batches only). */
export interface ComparedPair {
  a: string;
  b: string;
  /** Cases scored in both runs (matched by id). */
  cases: number;
  a_wins: number;
  b_wins: number;
  ties: number;
  /** Mean of (a's score − b's score) over the shared cases; with trials, of (a's success rate − b's). */
  mean_difference: number | null;
  p_value: number;
  significant: boolean;
}

/** `comparison.json`. */
export interface Comparison {
  schema_version: typeof COMPARISON_SCHEMA_VERSION;
  toolscore_version: string;
  created_at: string;
  kind: 'traces' | 'results';
  models: ComparedModel[];
  /** Per measure, the models with the best value (more than one on a tie; none when no model has a value). */
  winners: Record<Compared, string[]>;
  /** The models with the best composite score. */
  winner: string[];
  paired_test: typeof PAIRED_TEST | typeof PAIRED_TRIAL_TEST | null;
  pairs: ComparedPair[];
  /** Present when a run has lines with `trial`: the pairs are then on per-case success rates. */
  trials?: ComparisonTrials;
}

/**
 * Names given by `--names`, or each file's stem; either way every name must be its own. A credential in
 * a name is masked here, once, so every output (and any cut of a name for a chart) shows it masked.
 */
export function modelNames(files: readonly string[], given: readonly string[] | undefined): string[] {
  if (given !== undefined && given.length !== files.length)
    throw new ToolscoreInputError(
      { source: '--names' },
      `${given.length} name${given.length === 1 ? '' : 's'} for ${files.length} runs; give one name per run, in order`,
    );
  const names = (given === undefined ? files.map(stemOf) : given).map(redactSecrets);
  const first = new Map<string, number>();
  names.forEach((name, i) => {
    if (name.trim() === '') throw new ToolscoreInputError({ source: '--names' }, `name ${i + 1} is empty`);
    const earlier = first.get(name);
    if (earlier !== undefined)
      throw new ToolscoreInputError(
        { source: given === undefined ? files[i]! : '--names' },
        `two runs are named ${JSON.stringify(name)} (${files[earlier]} and ${files[i]}); names must be unique: pass --names`,
      );
    first.set(name, i);
  });
  return names;
}

function stemOf(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  const dot = base.indexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

const isScored = (line: BatchLine): line is BatchScoredLine => !('error' in line);

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function modelOf(run: ModelRun): ComparedModel {
  if ('result' in run) {
    const { result } = run;
    const m = result.metrics;
    return {
      name: run.name,
      file: redactSecrets(run.file),
      score: result.score,
      grade: result.grade,
      metrics: {
        invocation_accuracy: m.invocation_accuracy,
        selection_accuracy: m.selection_accuracy,
        argument_f1: m.argument_metrics.f1,
        sequence_accuracy: m.sequence_metrics.sequence_accuracy,
        redundant_rate: m.efficiency_metrics.redundant_rate,
        required_call_recall: m.required_call_recall,
      },
      cases: null,
    };
  }
  const scored = run.lines.filter(isScored);
  const score = mean(scored.map((line) => line.score));
  const metrics = Object.fromEntries(
    BATCH_METRICS.map((name) => [
      name,
      mean(scored.map((line) => line.metrics[name]).filter((value): value is number => value !== null)),
    ]),
  ) as Record<BatchMetric, number | null>;
  return {
    name: run.name,
    file: redactSecrets(run.file),
    score,
    grade: score === null ? null : letterGrade(score),
    metrics,
    cases: { scored: scored.length, not_scored: run.lines.length - scored.length },
  };
}

/** Values this close are a tie (float sums of the same cases in another order). */
const TIE = 1e-12;

function winnersOf(models: readonly ComparedModel[], measure: Compared): string[] {
  const valueOf = (model: ComparedModel) => (measure === 'score' ? model.score : model.metrics[measure]);
  const lower = measure === 'redundant_rate';
  const valued = models.filter((model) => valueOf(model) !== null);
  if (valued.length === 0) return [];
  const best = valued.reduce(
    (top, model) => (lower ? Math.min(top, valueOf(model)!) : Math.max(top, valueOf(model)!)),
    lower ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY,
  );
  return valued.filter((model) => Math.abs(valueOf(model)! - best) <= TIE).map((model) => model.name);
}

function pairOf(a: ModelRun & { lines: readonly BatchLine[] }, b: typeof a): ComparedPair {
  const scores = new Map<string, number>();
  for (const line of b.lines) if (isScored(line)) scores.set(line.id, line.score);
  const differences: CaseDifference[] = [];
  for (const line of a.lines) {
    if (!isScored(line)) continue;
    const other = scores.get(line.id);
    if (other === undefined) continue;
    const value = line.score - other;
    differences.push({ sign: value > TIE ? 1 : value < -TIE ? -1 : 0, value });
  }
  return pairedComparison(a.name, b.name, differences);
}

/** A case both runs scored: who did better (1: a, −1: b, 0: a tie) and by how much (a − b). */
interface CaseDifference {
  sign: number;
  value: number;
}

/** The paired sign test and mean difference over the cases two runs share. */
function pairedComparison(a: string, b: string, differences: readonly CaseDifference[]): ComparedPair {
  let aWins = 0;
  let bWins = 0;
  let total = 0;
  for (const { sign, value } of differences) {
    total += value;
    if (sign > 0) aWins++;
    else if (sign < 0) bWins++;
  }
  const cases = differences.length;
  const p = signTestP(aWins, bWins);
  return {
    a,
    b,
    cases,
    a_wins: aWins,
    b_wins: bWins,
    ties: cases - aWins - bWins,
    mean_difference: cases === 0 ? null : total / cases,
    p_value: p,
    significant: p < SIGNIFICANCE,
  };
}

/**
 * A run's cases as trial counts, by id: the lines sharing an id with a trial are one case of n trials; a
 * line without a trial is a case of one. A success is a PASS verdict; an error line is a failure.
 */
function trialCounts(lines: readonly BatchLine[]): Map<string, TrialCount> {
  const counts = new Map<string, TrialCount>();
  const trialCases = trialCasesOf(lines, undefined);
  for (const line of lines) {
    if (counts.has(line.id) && line.trial !== undefined) continue;
    const trialCase = line.trial === undefined ? undefined : trialCases.get(line.id);
    counts.set(
      line.id,
      trialCase === undefined
        ? { n: 1, c: isTrialSuccess(isScored(line) ? line : null) ? 1 : 0 }
        : { n: trialCase.stats.n, c: trialCase.stats.c },
    );
  }
  return counts;
}

function trialsOf(counts: ReadonlyMap<string, TrialCount>): ComparedTrials {
  const all = [...counts.values()];
  const curves = passCurves(all);
  const byK = (values: number[]): Record<string, number> =>
    Object.fromEntries(values.map((value, i) => [String(i + 1), value]));
  return {
    cases: all.length,
    trials: all.reduce((sum, { n }) => sum + n, 0),
    min_trials: largestK(all),
    max_trials: Math.max(0, ...all.map(({ n }) => n)),
    always: all.filter(({ n, c }) => c === n).length,
    never: all.filter(({ c }) => c === 0).length,
    flaky: all.filter(({ n, c }) => c > 0 && c < n).length,
    pass_hat_k: byK(curves.passHatK),
    pass_at_k: byK(curves.passAtK),
  };
}

/** The best per trial measure: each pass^k (higher is better), then the flaky cases (fewer is better). */
function trialWinners(models: readonly ComparedModel[], largest: number): Record<string, string[]> {
  const best = (valueOf: (trials: ComparedTrials) => number, lower: boolean): string[] => {
    const values = models.map((model) => valueOf(model.trials!));
    if (values.length === 0) return [];
    const top = lower ? Math.min(...values) : Math.max(...values);
    return models.filter((_, i) => Math.abs(values[i]! - top) <= TIE).map((model) => model.name);
  };
  const winners: Record<string, string[]> = {};
  for (let k = 1; k <= largest; k++) winners[`pass^${k}`] = best((trials) => trials.pass_hat_k[String(k)]!, false);
  winners.flaky = best((trials) => trials.flaky, true);
  return winners;
}

/** Two runs with trials case by case: which had the higher success rate c/n (compared exactly, as fractions). */
function trialPairOf(
  a: { name: string; counts: ReadonlyMap<string, TrialCount> },
  b: { name: string; counts: ReadonlyMap<string, TrialCount> },
): ComparedPair {
  const differences: CaseDifference[] = [];
  for (const [id, mine] of a.counts) {
    const other = b.counts.get(id);
    if (other === undefined) continue;
    differences.push({
      sign: Math.sign(mine.c * other.n - other.c * mine.n),
      value: mine.c / mine.n - other.c / other.n,
    });
  }
  return pairedComparison(a.name, b.name, differences);
}

/**
 * Compares runs of several models (or prompts) on the same gold: side by side on the composite score and
 * each core metric, the best per measure, and for batches every pair of models case by case with a
 * paired significance test. All runs must be of one kind.
 */
export function compareRuns(runs: readonly ModelRun[], options: { now?: Date } = {}): Comparison {
  if (runs.length < 2)
    throw new ToolscoreInputError({ source: 'compare' }, `expected at least two runs to compare, got ${runs.length}`);
  const kind = 'result' in runs[0]! ? 'traces' : 'results';
  const models = runs.map(modelOf);
  const winners = Object.fromEntries(COMPARED.map((measure) => [measure, winnersOf(models, measure)])) as Record<
    Compared,
    string[]
  >;
  const pairs: ComparedPair[] = [];
  const batches = kind === 'results' ? (runs as (ModelRun & { lines: readonly BatchLine[] })[]) : [];
  const withTrials = batches.some((run) => run.lines.some((line) => line.trial !== undefined));
  let trials: ComparisonTrials | undefined;
  if (withTrials) {
    const counted = batches.map((run) => ({ name: run.name, counts: trialCounts(run.lines) }));
    models.forEach((model, i) => {
      model.trials = trialsOf(counted[i]!.counts);
    });
    const largest = Math.min(...models.map((model) => model.trials!.min_trials));
    trials = { success: 'verdict', largest_k: largest, winners: trialWinners(models, largest) };
    for (let i = 0; i < counted.length; i++)
      for (let j = i + 1; j < counted.length; j++) pairs.push(trialPairOf(counted[i]!, counted[j]!));
  } else
    for (let i = 0; i < batches.length; i++)
      for (let j = i + 1; j < batches.length; j++) pairs.push(pairOf(batches[i]!, batches[j]!));
  return {
    schema_version: COMPARISON_SCHEMA_VERSION,
    toolscore_version: VERSION,
    created_at: (options.now ?? new Date()).toISOString(),
    kind,
    models,
    winners,
    winner: winners.score,
    paired_test: kind === 'results' ? (withTrials ? PAIRED_TRIAL_TEST : PAIRED_TEST) : null,
    pairs,
    ...(trials === undefined ? {} : { trials }),
  };
}
