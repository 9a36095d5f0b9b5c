import type { ExpectedCall, ToolCall } from '../core/types.js';
import { equalityKey } from '../match/equality-key.js';
import { valuesEqual } from '../match/equality.js';
import { indexTools, type ToolIndex } from '../pairing/tool-index.js';

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
function sameCall(a: ToolCall, b: ToolCall): boolean {
  return a.tool === b.tool && valuesEqual(a.args ?? EMPTY_ARGS, b.args ?? EMPTY_ARGS, 'strict');
}

const EMPTY_ARGS = Object.freeze({});

/** Beyond this many distinct calls of one tool, repeats are found by equality key instead of pairwise comparison. */
const PAIRWISE_LIMIT = 16;

/** The calls of one tool seen so far. */
interface SeenCalls {
  /** Every distinct call, in order. */
  calls: ToolCall[];
  /** Equality keys of the distinct calls, once there are more than PAIRWISE_LIMIT of them. */
  keys?: Set<string>;
  /** Distinct calls whose arguments have no equality key (NaN, matchers met as data, functions). */
  unkeyed: ToolCall[];
}

/** How many calls repeat an earlier call exactly. */
function countRepeats(actual: readonly ToolCall[]): number {
  const seenByTool = new Map<string, SeenCalls>();
  let repeats = 0;
  for (const call of actual) {
    const seen = seenByTool.get(call.tool);
    if (seen === undefined) seenByTool.set(call.tool, { calls: [call], unkeyed: [] });
    else if (repeatsSeen(seen, call)) repeats++;
  }
  return repeats;
}

/** Whether `call` repeats a seen call; if not, it is added to them. */
function repeatsSeen(seen: SeenCalls, call: ToolCall): boolean {
  if (seen.keys === undefined) {
    if (seen.calls.some((other) => sameCall(other, call))) return true;
    seen.calls.push(call);
    if (seen.calls.length > PAIRWISE_LIMIT) {
      seen.keys = new Set();
      for (const one of seen.calls) {
        const key = signature(one);
        if (key === undefined) seen.unkeyed.push(one);
        else seen.keys.add(key);
      }
    }
    return false;
  }
  const key = signature(call);
  // Equal keys mean equal arguments; a call without a key can only be compared.
  if (key !== undefined && seen.keys.has(key)) return true;
  if (seen.unkeyed.some((other) => sameCall(other, call))) return true;
  if (key === undefined) {
    if (seen.calls.some((other) => sameCall(other, call))) return true;
    seen.unkeyed.push(call);
  } else {
    seen.keys.add(key);
  }
  seen.calls.push(call);
  return false;
}

/** The equality key of a call's arguments under `sameCall`'s rules. */
function signature(call: ToolCall): string | undefined {
  return equalityKey(call.args ?? EMPTY_ARGS, 'strict');
}

/** Calls beyond the expected number, tool by tool. */
export function redundantCount(index: ToolIndex): number {
  let redundant = 0;
  for (let id = 0; id < index.names.length; id++)
    redundant += Math.max(0, index.actualCount[id]! - index.expectedCount[id]!);
  return redundant;
}

/** Redundant, identical, failed and blindly retried calls. */
export function efficiencyMetrics(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  index: ToolIndex = indexTools(expected, actual),
): EfficiencyMetrics {
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
