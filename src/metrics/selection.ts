import type { ExpectedCall, ToolCall } from '../core/types.js';
import { indexTools, type ToolIndex } from '../pairing/tool-index.js';

/**
 * Share of actual calls whose tool is one of the expected tools (membership, not counts). No calls
 * made ⇒ 1 if none were expected, else 0; calls made when none were expected ⇒ 0.
 */
export function selectionAccuracy(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  index: ToolIndex = indexTools(expected, actual),
): number {
  if (actual.length === 0) return expected.length === 0 ? 1 : 0;
  if (expected.length === 0) return 0;
  let hits = 0;
  for (const id of index.actual) if (index.expectedCount[id]! > 0) hits++;
  return hits / actual.length;
}
