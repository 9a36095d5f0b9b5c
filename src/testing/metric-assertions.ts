import { METRIC_LABELS, metricThresholdText } from '../text/report.js';
import { checkMinScore, meetsMinScore } from '../core/grade.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { percent } from '../reports/text.js';
import { ToolscoreAssertionError } from './assertion-error.js';
import { DEFAULT_MIN_SCORE, requireScore } from './assert-tools.js';

/** One metric, its value and its limit; `lowerIsBetter` for rates that must stay under the limit. */
interface MetricCheck {
  label: string;
  value: number;
  limit: number;
  lowerIsBetter?: boolean;
}

/** Throws one error listing every metric that misses its limit; `message` goes in front of the numbers. */
function check(result: EvaluationResult, checks: readonly MetricCheck[], message: string | undefined): void {
  const missed: string[] = [];
  for (const { label, value, limit, lowerIsBetter = false } of checks) {
    checkMinScore(limit, lowerIsBetter ? 'maxRate' : 'threshold');
    const passed = lowerIsBetter ? value <= limit + 1e-9 : meetsMinScore(value, limit);
    if (!passed) missed.push(metricThresholdText(label, percent(value), percent(limit), lowerIsBetter));
  }
  if (missed.length === 0) return;
  const text = missed.join('; ');
  throw new ToolscoreAssertionError(message ? `${message}: ${text}` : text, result);
}

const invocation = (result: EvaluationResult, limit: number): MetricCheck => ({
  label: METRIC_LABELS.invocation_accuracy,
  value: result.invocationAccuracy,
  limit,
});
const selection = (result: EvaluationResult, limit: number): MetricCheck => ({
  label: METRIC_LABELS.selection_accuracy,
  value: result.selectionAccuracy,
  limit,
});
const sequence = (result: EvaluationResult, limit: number): MetricCheck => ({
  label: METRIC_LABELS.sequence_accuracy,
  value: result.sequenceAccuracy,
  limit,
});
const argumentF1 = (result: EvaluationResult, limit: number): MetricCheck => ({
  label: METRIC_LABELS.argument_f1,
  value: result.argumentF1,
  limit,
});

/** Invocation accuracy (tools called when needed, not otherwise) is at least `threshold`. */
export function assertInvocationAccuracy(result: EvaluationResult, threshold: number, message?: string): void {
  check(result, [invocation(result, threshold)], message);
}

/** Selection accuracy (share of calls whose tool was expected) is at least `threshold`. */
export function assertSelectionAccuracy(result: EvaluationResult, threshold: number, message?: string): void {
  check(result, [selection(result, threshold)], message);
}

/** Sequence accuracy (1 − normalized edit distance of the tool order) is at least `threshold`. */
export function assertSequenceAccuracy(result: EvaluationResult, threshold: number, message?: string): void {
  check(result, [sequence(result, threshold)], message);
}

/** Argument F1 is at least `minF1`. */
export function assertArgumentF1(result: EvaluationResult, minF1: number, message?: string): void {
  check(result, [argumentF1(result, minF1)], message);
}

/** The redundant call rate (calls beyond the expected number) is at most `maxRate`. */
export function assertRedundancyBelow(result: EvaluationResult, maxRate: number, message?: string): void {
  check(
    result,
    [
      {
        label: METRIC_LABELS.redundant_rate,
        value: result.metrics.efficiency_metrics.redundant_rate,
        limit: maxRate,
        lowerIsBetter: true,
      },
    ],
    message,
  );
}

/** Invocation, selection and sequence accuracy and argument F1 are each at least `threshold`; a failure lists every one that is not. */
export function assertAllMetricsAbove(result: EvaluationResult, threshold: number, message?: string): void {
  check(
    result,
    [
      invocation(result, threshold),
      selection(result, threshold),
      sequence(result, threshold),
      argumentF1(result, threshold),
    ],
    message,
  );
}

/** The composite score is at least `minScore` (default 0.9); the failure message is the expected-vs-actual table. */
export function assertScore(result: EvaluationResult, minScore = DEFAULT_MIN_SCORE, message?: string): void {
  try {
    requireScore(result, checkMinScore(minScore));
  } catch (error) {
    if (message && error instanceof ToolscoreAssertionError)
      throw new ToolscoreAssertionError(`${message}\n${error.message}`, result);
    throw error;
  }
}
