import type { ExpectedCall, ToolCall } from '../core/types.js';

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
export function toolCorrectnessMetrics(expected: readonly ExpectedCall[], actual: readonly ToolCall[]): ToolCorrectnessMetrics {
  const wanted = new Set(expected.map((call) => call.tool));
  const made = new Set(actual.map((call) => call.tool));
  const sorted = (names: Iterable<string>): string[] => [...names].sort();
  const missing = sorted([...wanted].filter((tool) => !made.has(tool)));
  const extra = sorted([...made].filter((tool) => !wanted.has(tool)));
  const correct = wanted.size - missing.length;
  return {
    tool_correctness: wanted.size === 0 ? (made.size === 0 ? 1 : 0) : correct / wanted.size,
    expected_tools: sorted(wanted),
    called_tools: sorted(made),
    missing_tools: missing,
    extra_tools: extra,
    correct_count: correct,
    total_expected: wanted.size,
    strict_order: false,
  };
}
