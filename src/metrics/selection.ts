import type { ExpectedCall, ToolCall } from '../core/types.js';

/**
 * Share of actual calls whose tool is one of the expected tools (membership, not counts). No calls
 * made ⇒ 1 if none were expected, else 0; calls made when none were expected ⇒ 0.
 */
export function selectionAccuracy(expected: readonly ExpectedCall[], actual: readonly ToolCall[]): number {
  if (actual.length === 0) return expected.length === 0 ? 1 : 0;
  if (expected.length === 0) return 0;
  const wanted = new Set(expected.map((call) => call.tool));
  let hits = 0;
  for (const call of actual) if (wanted.has(call.tool)) hits++;
  return hits / actual.length;
}
