import type { ExpectedCall, ToolCall } from '../core/types.js';

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
export function sequenceMetrics(expected: readonly ExpectedCall[], actual: readonly ToolCall[]): SequenceMetrics {
  const distance = editDistance(
    expected.map((call) => call.tool),
    actual.map((call) => call.tool),
  );
  const normalized = distance / Math.max(expected.length, actual.length, 1);
  return { edit_distance: distance, normalized_distance: normalized, sequence_accuracy: 1 - normalized };
}

/** Levenshtein distance between two sequences of names, in O(|a|·|b|) time and O(|b|) memory. */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Intern names so the inner loop compares integers.
  const ids = new Map<string, number>();
  const intern = (name: string): number => {
    let id = ids.get(name);
    if (id === undefined) ids.set(name, (id = ids.size));
    return id;
  };
  const left = Int32Array.from(a, intern);
  const right = Int32Array.from(b, intern);
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
