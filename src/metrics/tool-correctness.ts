import type { ExpectedCall, ToolCall } from '../core/types.js';
import { indexTools, type ToolIndex } from '../pairing/tool-index.js';

/** `metrics.tool_correctness_metrics`. */
export interface ToolCorrectnessMetrics {
  /** Share of expected tool names that were called at least once. */
  tool_correctness: number;
  /** Expected tool names, sorted. */
  expected_tools: string[];
  /** Called tool names, sorted. */
  called_tools: string[];
  /** Expected but never called, sorted. */
  missing_tools: string[];
  /** Called but not expected, sorted. */
  extra_tools: string[];
  /** Number of expected tool names that were called. */
  correct_count: number;
  /** Number of distinct expected tool names. */
  total_expected: number;
  /** Always false: order is judged by sequence metrics. */
  strict_order: false;
}

/** Which expected tools were called at all, on sets of names. */
export function toolCorrectnessMetrics(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  index: ToolIndex = indexTools(expected, actual),
): ToolCorrectnessMetrics {
  const wanted: string[] = [];
  const made: string[] = [];
  const missing: string[] = [];
  const extra: string[] = [];
  index.names.forEach((name, id) => {
    const isWanted = index.expectedCount[id]! > 0;
    const isMade = index.actualCount[id]! > 0;
    if (isWanted) wanted.push(name);
    if (isMade) made.push(name);
    if (isWanted && !isMade) missing.push(name);
    if (isMade && !isWanted) extra.push(name);
  });
  const correct = wanted.length - missing.length;
  return {
    tool_correctness: wanted.length === 0 ? (made.length === 0 ? 1 : 0) : correct / wanted.length,
    expected_tools: wanted.sort(),
    called_tools: made.sort(),
    missing_tools: missing.sort(),
    extra_tools: extra.sort(),
    correct_count: correct,
    total_expected: wanted.length,
    strict_order: false,
  };
}
