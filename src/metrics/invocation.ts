import type { ExpectedCall, ToolCall } from '../core/types.js';

/**
 * Whether the agent invoked tools when needed and refrained when not: on the sets of tool names,
 * (shared − ½·(missing + extra)) / |expected|, clamped to [0, 1]. Both empty ⇒ 1, one empty ⇒ 0.
 */
export function invocationAccuracy(expected: readonly ExpectedCall[], actual: readonly ToolCall[]): number {
  if (expected.length === 0 && actual.length === 0) return 1;
  if (expected.length === 0 || actual.length === 0) return 0;
  const wanted = new Set(expected.map((call) => call.tool));
  const made = new Set(actual.map((call) => call.tool));
  let shared = 0;
  for (const tool of made) if (wanted.has(tool)) shared++;
  const penalty = made.size - shared + (wanted.size - shared);
  return Math.min(1, Math.max(0, (shared - 0.5 * penalty) / wanted.size));
}
