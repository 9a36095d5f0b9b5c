import type { ExpectedCall, ToolCall } from '../core/types.js';
import { canonicalJson } from '../match/canonical.js';

/** `metrics.efficiency_metrics`. */
export interface EfficiencyMetrics {
  /** Calls beyond the expected number per tool. */
  redundant_count: number;
  /** redundant_count / total_calls. */
  redundant_rate: number;
  /** Exact repeats: calls minus distinct (tool, arguments) signatures. */
  identical_count: number;
  /** identical_count / total_calls. */
  identical_rate: number;
  /** Calls that failed. */
  error_count: number;
  /** error_count / total_calls. */
  error_rate: number;
  /** Failed calls immediately repeated with the same tool and arguments. */
  retry_after_error_count: number;
  /** Number of actual calls. */
  total_calls: number;
}

/** The signature of a call: tool plus canonical arguments (key order ignored, null ≡ {}). */
export function callSignature(call: ToolCall): string {
  return `${call.tool}\u0000${canonicalJson(call.args ?? {})}`;
}

/** Redundant, identical, failed and blindly retried calls. */
export function efficiencyMetrics(expected: readonly ExpectedCall[], actual: readonly ToolCall[]): EfficiencyMetrics {
  const n = actual.length;
  if (n === 0) {
    return {
      redundant_count: 0,
      redundant_rate: 0,
      identical_count: 0,
      identical_rate: 0,
      error_count: 0,
      error_rate: 0,
      retry_after_error_count: 0,
      total_calls: 0,
    };
  }
  const budget = new Map<string, number>();
  for (const call of expected) budget.set(call.tool, (budget.get(call.tool) ?? 0) + 1);
  let redundant = 0;
  let errors = 0;
  let retries = 0;
  const signatures = new Set<string>();
  let previousSignature = '';
  let previousFailed = false;
  for (const call of actual) {
    const left = budget.get(call.tool) ?? 0;
    if (left > 0) budget.set(call.tool, left - 1);
    else redundant++;
    const signature = callSignature(call);
    signatures.add(signature);
    if (previousFailed && signature === previousSignature) retries++;
    if (call.is_error) errors++;
    previousSignature = signature;
    previousFailed = call.is_error;
  }
  const identical = n - signatures.size;
  return {
    redundant_count: redundant,
    redundant_rate: redundant / n,
    identical_count: identical,
    identical_rate: identical / n,
    error_count: errors,
    error_rate: errors / n,
    retry_after_error_count: retries,
    total_calls: n,
  };
}
