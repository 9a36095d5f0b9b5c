import type { ExpectedCall, ToolCall } from '../core/types.js';
import { indexTools, type ToolIndex } from './tool-index.js';

/** `metrics.sequence_metrics`. */
export interface SequenceMetrics {
  /** Levenshtein distance between the tool-name sequences. */
  edit_distance: number;
  /** Distance divided by the longer sequence's length (at least 1). */
  normalized_distance: number;
  /** 1 − normalized distance. */
  sequence_accuracy: number;
}

/** Compares the order of tool names: insertions, deletions and substitutions each cost 1. */
export function sequenceMetrics(expected: readonly ExpectedCall[], actual: readonly ToolCall[], index: ToolIndex = indexTools(expected, actual)): SequenceMetrics {
  const distance = levenshtein(index.expected, index.actual);
  const normalized = distance / Math.max(expected.length, actual.length, 1);
  return { edit_distance: distance, normalized_distance: normalized, sequence_accuracy: 1 - normalized };
}

/** Levenshtein distance between two sequences of ids, in O(|a|·|b|) time and O(|b|) memory. */
export function levenshtein(left: Int32Array, right: Int32Array): number {
  if (left.length === 0) return right.length;
  if (right.length === 0) return left.length;
  let previous = new Int32Array(right.length + 1);
  let current = new Int32Array(right.length + 1);
  for (let j = 0; j <= right.length; j++) previous[j] = j;
  for (let i = 1; i <= left.length; i++) {
    current[0] = i;
    const symbol = left[i - 1]!;
    for (let j = 1; j <= right.length; j++) {
      const substitution = previous[j - 1]! + (symbol === right[j - 1] ? 0 : 1);
      const deletion = previous[j]! + 1;
      const insertion = current[j - 1]! + 1;
      current[j] = Math.min(substitution, deletion, insertion);
    }
    [previous, current] = [current, previous];
  }
  return previous[right.length]!;
}
