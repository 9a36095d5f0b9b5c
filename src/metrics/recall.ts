import type { ExpectedCall, ToolCall } from '../core/types.js';
import { indexTools, type ToolIndex } from '../pairing/tool-index.js';

/**
 * Share of expected calls that were made and did not fail, counting repeats: Σ over tools of
 * min(expected, successful) / |expected|. Arguments and order are ignored. `null` when nothing is
 * expected ("does not apply", not zero).
 */
export function requiredCallRecall(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  index: ToolIndex = indexTools(expected, actual),
): number | null {
  if (expected.length === 0) return null;
  let met = 0;
  for (let id = 0; id < index.names.length; id++) met += Math.min(index.expectedCount[id]!, index.succeededCount[id]!);
  return met / expected.length;
}
