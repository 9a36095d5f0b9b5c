import { BATCH_METRICS, type BatchLine, type BatchMetric, type BatchScoredLine } from '../batch/types.js';
import type { EvaluationResult } from '../evaluation/result.js';
import type { BaselineCounts } from './types.js';

/** How a measure is judged: by its threshold (an absolute delta), or any rise is a regression. */
export type MeasureRule = 'threshold' | 'any_rise';

/** One thing a regression run compares. */
export interface Measure {
  name: string;
  /** Which way is better. */
  better: 'higher' | 'lower';
  rule: MeasureRule;
  /** A share in [0, 1], or a count of calls or cases. */
  unit: 'share' | 'count';
  /** Compared only when a (Python) baseline holds it; this tool's baselines keep the core metrics. */
  pythonOnly?: true;
}

const share = (name: string, better: 'higher' | 'lower' = 'higher'): Measure => ({
  name,
  better,
  rule: 'threshold',
  unit: 'share',
});
const safety = (name: string): Measure => ({ name, better: 'lower', rule: 'any_rise', unit: 'count' });

/**
 * Every measure, in the order reports list them: the score, the core metrics, failed calls, the safety
 * counts (a rise is a regression whatever the threshold), cases a batch could not score, then the metrics
 * only Python baselines hold.
 */
export const MEASURES: readonly Measure[] = [
  share('score'),
  ...BATCH_METRICS.map((name) => share(name, name === 'redundant_rate' ? 'lower' : 'higher')),
  { name: 'failed_calls', better: 'lower', rule: 'threshold', unit: 'count' },
  safety('forbidden_calls'),
  safety('credentials'),
  safety('budget_violations'),
  { name: 'cases_not_scored', better: 'lower', rule: 'threshold', unit: 'count' },
  // pass^k of runs with trials: one item per k (`pass^1`, …), all judged by this measure's threshold.
  share('pass_hat_k'),
  ...['tool_correctness', 'argument_precision', 'argument_recall', 'semantic_score'].map(
    (name): Measure => ({ ...share(name), pythonOnly: true }),
  ),
];

/** The measure of a name, if there is one. */
export function measureNamed(name: string): Measure | undefined {
  return MEASURES.find((measure) => measure.name === name);
}

/** A run's value of each measure it has; null where the measure does not apply (recall when nothing was expected). */
export type Values = Record<string, number | null>;

/** Failed calls and the safety counts of a trace's result. */
export function countsOf(result: EvaluationResult): BaselineCounts {
  const metrics = result.metrics;
  return {
    failed_calls: metrics.efficiency_metrics.error_count,
    forbidden_calls: metrics.policy_metrics?.violation_count ?? 0,
    credentials: metrics.security_metrics.secret_count,
    budget_violations: metrics.budget_metrics?.violation_count ?? 0,
  };
}

/** The core metrics of a trace's result, as a results line carries them. */
export function coreMetricsOf(result: EvaluationResult): Record<(typeof BATCH_METRICS)[number], number | null> {
  const metrics = result.metrics;
  return {
    invocation_accuracy: metrics.invocation_accuracy,
    selection_accuracy: metrics.selection_accuracy,
    argument_f1: metrics.argument_metrics.f1,
    sequence_accuracy: metrics.sequence_metrics.sequence_accuracy,
    redundant_rate: metrics.efficiency_metrics.redundant_rate,
    required_call_recall: metrics.required_call_recall,
  };
}

/** Every measure a trace's result has (the Python tool's extra metrics too, so its baselines compare). */
export function traceValues(result: EvaluationResult): Values {
  const metrics = result.metrics;
  return {
    score: result.score,
    ...coreMetricsOf(result),
    ...countsOf(result),
    tool_correctness: metrics.tool_correctness_metrics.tool_correctness,
    argument_precision: metrics.argument_metrics.precision,
    argument_recall: metrics.argument_metrics.recall,
    ...(metrics.semantic_metrics ? { semantic_score: metrics.semantic_metrics.semantic_score } : {}),
  };
}

/** Whether a results line is a scored case (not an error line). */
export function isScored(line: BatchLine): line is BatchScoredLine {
  return !('error' in line);
}

/** Mean of the numbers, null when there are none (summed in the order given, as the batch summary sums). */
function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Each core metric's mean over the scored lines that have it (null when none has). */
export function meanMetrics(scored: readonly BatchScoredLine[]): Record<BatchMetric, number | null> {
  return Object.fromEntries(
    BATCH_METRICS.map((name) => [
      name,
      mean(scored.flatMap((line) => (line.metrics[name] === null ? [] : [line.metrics[name]!]))),
    ]),
  ) as Record<BatchMetric, number | null>;
}

/**
 * The aggregate of a batch's results lines: mean score and metrics over the scored cases (recall over those
 * that expected something), summed counts, and the cases that could not be scored.
 */
export function batchValues(lines: readonly BatchLine[]): Values {
  const scored = lines.filter(isScored);
  const values: Values = { score: mean(scored.map((line) => line.score)), ...meanMetrics(scored) };
  const sum = (count: (line: BatchScoredLine) => number): number =>
    scored.reduce((total, line) => total + count(line), 0);
  values.failed_calls = sum((line) => line.failed_calls);
  values.forbidden_calls = sum((line) => line.policy_violations);
  values.credentials = sum((line) => line.secrets);
  values.budget_violations = sum((line) => line.budget_violations);
  values.cases_not_scored = lines.length - scored.length;
  return values;
}
