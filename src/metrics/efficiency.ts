import type { ExpectedCall, ToolCall } from '../core/types.js';
import { canonicalJson } from '../match/canonical.js';
import { valuesEqual } from '../match/equality.js';
import { indexTools, type ToolIndex } from './tool-index.js';

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

/** Same tool and same arguments (key order ignored, no trimming, `null` ≡ `{}`): an exact repeat. */
export function sameCall(a: ToolCall, b: ToolCall): boolean {
  return a.tool === b.tool && valuesEqual(a.args ?? EMPTY_ARGS, b.args ?? EMPTY_ARGS, 'strict');
}

const EMPTY_ARGS = Object.freeze({});

/** Beyond this many distinct calls of one tool, repeats are found by canonical text instead of pairwise comparison. */
const PAIRWISE_LIMIT = 16;

/** How many calls repeat an earlier call exactly. */
function countRepeats(actual: readonly ToolCall[]): number {
  const distinctByTool = new Map<string, ToolCall[]>();
  const signaturesByTool = new Map<string, Set<string>>();
  let repeats = 0;
  for (const call of actual) {
    const signatures = signaturesByTool.get(call.tool);
    if (signatures) {
      const size = signatures.size;
      signatures.add(canonicalJson(call.args ?? EMPTY_ARGS));
      if (signatures.size === size) repeats++;
      continue;
    }
    const distinct = distinctByTool.get(call.tool);
    if (!distinct) {
      distinctByTool.set(call.tool, [call]);
    } else if (distinct.some((other) => sameCall(other, call))) {
      repeats++;
    } else if (distinct.length < PAIRWISE_LIMIT) {
      distinct.push(call);
    } else {
      signaturesByTool.set(call.tool, new Set([...distinct, call].map((one) => canonicalJson(one.args ?? EMPTY_ARGS))));
    }
  }
  return repeats;
}

/** Calls beyond the expected number, tool by tool. */
export function redundantCount(index: ToolIndex): number {
  let redundant = 0;
  for (let id = 0; id < index.names.length; id++) redundant += Math.max(0, index.actualCount[id]! - index.expectedCount[id]!);
  return redundant;
}

/** Redundant, identical, failed and blindly retried calls. */
export function efficiencyMetrics(expected: readonly ExpectedCall[], actual: readonly ToolCall[], index: ToolIndex = indexTools(expected, actual)): EfficiencyMetrics {
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
  const redundant = redundantCount(index);
  let errors = 0;
  let retries = 0;
  for (let k = 0; k < n; k++) {
    const call = actual[k]!;
    if (call.is_error) {
      errors++;
      const next = actual[k + 1];
      if (next && sameCall(call, next)) retries++;
    }
  }
  const identical = countRepeats(actual);
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
