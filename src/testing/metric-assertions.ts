import { metricThresholdText } from '../evaluation/findings.js';
import { checkMinScore, meetsMinScore } from '../core/grade.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { percent } from '../reports/text.js';
import { ToolscoreAssertionError } from './assertion-error.js';
import { DEFAULT_MIN_SCORE, requireScore } from './assert-tools.js';

/** Throws when `value` misses its limit; `message` goes in front of the numbers. */
function check(result: EvaluationResult, label: string, value: number, limit: number, message: string | undefined, lowerIsBetter = false): void {
  checkMinScore(limit, lowerIsBetter ? 'maxRate' : 'threshold');
  const passed = lowerIsBetter ? value <= limit + 1e-9 : meetsMinScore(value, limit);
  if (passed) return;
  const text = metricThresholdText(label, percent(value), percent(limit), lowerIsBetter);
  throw new ToolscoreAssertionError(message ? `${message}: ${text}` : text, result);
}

/** Invocation accuracy (tools called when needed, not otherwise) is at least `threshold`. */
export function assertInvocationAccuracy(result: EvaluationResult, threshold: number, message?: string): void {
  check(result, 'Invocation accuracy', result.invocationAccuracy, threshold, message);
}

/** Selection accuracy (share of calls whose tool was expected) is at least `threshold`. */
export function assertSelectionAccuracy(result: EvaluationResult, threshold: number, message?: string): void {
  check(result, 'Selection accuracy', result.selectionAccuracy, threshold, message);
}

/** Sequence accuracy (1 − normalized edit distance of the tool order) is at least `threshold`. */
export function assertSequenceAccuracy(result: EvaluationResult, threshold: number, message?: string): void {
  check(result, 'Sequence accuracy', result.sequenceAccuracy, threshold, message);
}

/** Argument F1 is at least `minF1`. */
export function assertArgumentF1(result: EvaluationResult, minF1: number, message?: string): void {
  check(result, 'Argument F1', result.argumentF1, minF1, message);
}

/** The redundant call rate (calls beyond the expected number) is at most `maxRate`. */
export function assertRedundancyBelow(result: EvaluationResult, maxRate: number, message?: string): void {
  check(result, 'Redundant call rate', result.metrics.efficiency_metrics.redundant_rate, maxRate, message, true);
}

/** Invocation, selection and sequence accuracy and argument F1 are each at least `threshold`. */
export function assertAllMetricsAbove(result: EvaluationResult, threshold: number, message?: string): void {
  assertInvocationAccuracy(result, threshold, message);
  assertSelectionAccuracy(result, threshold, message);
  assertSequenceAccuracy(result, threshold, message);
  assertArgumentF1(result, threshold, message);
}

/** The composite score is at least `minScore` (default 0.9); the failure message is the expected-vs-actual table. */
export function assertScore(result: EvaluationResult, minScore = DEFAULT_MIN_SCORE, message?: string): void {
  try {
    requireScore(result, checkMinScore(minScore));
  } catch (error) {
    if (message && error instanceof ToolscoreAssertionError) throw new ToolscoreAssertionError(`${message}\n${error.message}`, result);
    throw error;
  }
}
