import type { ExpectedCall, ToolCall } from '../core/types.js';

/**
 * Share of expected calls that were made and did not fail, counting repeats: Σ over tools of
 * min(expected, successful) / |expected|. Arguments and order are ignored. `null` when nothing is
 * expected ("does not apply", not zero).
 */
export function requiredCallRecall(expected: readonly ExpectedCall[], actual: readonly ToolCall[]): number | null {
  if (expected.length === 0) return null;
  const succeeded = new Map<string, number>();
  for (const call of actual) if (!call.is_error) succeeded.set(call.tool, (succeeded.get(call.tool) ?? 0) + 1);
  let met = 0;
  for (const call of expected) {
    const left = succeeded.get(call.tool) ?? 0;
    if (left > 0) {
      met++;
      succeeded.set(call.tool, left - 1);
    }
  }
  return met / expected.length;
}
