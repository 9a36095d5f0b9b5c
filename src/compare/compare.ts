import { ToolscoreInputError } from '../core/errors.js';
import { letterGrade, type Grade } from '../core/grade.js';
import { VERSION } from '../core/version.js';
import { BATCH_METRICS, type BatchLine, type BatchMetric, type BatchScoredLine } from '../batch/types.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { redactSecrets } from '../metrics/security.js';
import { signTestP } from './sign-test.js';

/** Layout version of `comparison.json`. */
const COMPARISON_SCHEMA_VERSION = 1;

/** What is compared: the composite score, then the core metrics; `redundant_rate` is better lower. */
export const COMPARED = ['score', ...BATCH_METRICS] as const;
export type Compared = (typeof COMPARED)[number];

/** Below this p-value a per-case difference between two models is called significant. */
const SIGNIFICANCE = 0.05;

/** The test `pairs` report, named in every output. */
const PAIRED_TEST = 'two-sided exact sign test on per-case score differences (ties dropped)';

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
  /** Mean of (a's score − b's score) over the shared cases. */
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
  paired_test: typeof PAIRED_TEST | null;
  pairs: ComparedPair[];
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
  let aWins = 0;
  let bWins = 0;
  let ties = 0;
  let total = 0;
  for (const line of a.lines) {
    if (!isScored(line)) continue;
    const other = scores.get(line.id);
    if (other === undefined) continue;
    const difference = line.score - other;
    total += difference;
    if (difference > TIE) aWins++;
    else if (difference < -TIE) bWins++;
    else ties++;
  }
  const cases = aWins + bWins + ties;
  const p = signTestP(aWins, bWins);
  return {
    a: a.name,
    b: b.name,
    cases,
    a_wins: aWins,
    b_wins: bWins,
    ties,
    mean_difference: cases === 0 ? null : total / cases,
    p_value: p,
    significant: p < SIGNIFICANCE,
  };
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
  if (kind === 'results') {
    const batches = runs as (ModelRun & { lines: readonly BatchLine[] })[];
    for (let i = 0; i < batches.length; i++)
      for (let j = i + 1; j < batches.length; j++) pairs.push(pairOf(batches[i]!, batches[j]!));
  }
  return {
    schema_version: COMPARISON_SCHEMA_VERSION,
    toolscore_version: VERSION,
    created_at: (options.now ?? new Date()).toISOString(),
    kind,
    models,
    winners,
    winner: winners.score,
    paired_test: kind === 'results' ? PAIRED_TEST : null,
    pairs,
  };
}
