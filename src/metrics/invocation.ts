import type { ExpectedCall, ToolCall } from '../core/types.js';
import { indexTools, type ToolIndex } from '../pairing/tool-index.js';

/**
 * Whether the agent invoked tools when needed and refrained when not: on the sets of tool names,
 * (shared − ½·(missing + extra)) / |expected|, clamped to [0, 1]. Both empty ⇒ 1, one empty ⇒ 0.
 */
export function invocationAccuracy(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  index: ToolIndex = indexTools(expected, actual),
): number {
  if (expected.length === 0 && actual.length === 0) return 1;
  if (expected.length === 0 || actual.length === 0) return 0;
  let wanted = 0;
  let shared = 0;
  let extra = 0;
  for (let id = 0; id < index.names.length; id++) {
    const isWanted = index.expectedCount[id]! > 0;
    const isMade = index.actualCount[id]! > 0;
    if (isWanted) wanted++;
    if (isWanted && isMade) shared++;
    else if (isMade) extra++;
  }
  const penalty = extra + (wanted - shared);
  return Math.min(1, Math.max(0, (shared - 0.5 * penalty) / wanted));
}
