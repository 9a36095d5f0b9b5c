import type { ExpectedCall, ToolCall } from '../core/types.js';
import { indexTools, type ToolIndex } from '../pairing/tool-index.js';

/**
 * Share of expected calls that were made with the outcome they ask for, counting repeats: per tool,
 * min(calls expected to succeed, successful calls) + min(calls expected to fail (`"succeeds": false`),
 * failed calls), summed over tools, over |expected|. Arguments and order are ignored. `null` when nothing
 * is expected ("does not apply", not zero).
 */
export function requiredCallRecall(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  index: ToolIndex = indexTools(expected, actual),
): number | null {
  if (expected.length === 0) return null;
  // A refused transfer is expected to fail: a failed call of its tool meets it, a successful one does not.
  let mustFail: number[] | undefined;
  for (let i = 0; i < expected.length; i++)
    if (expected[i]!.succeeds === false)
      (mustFail ??= new Array<number>(index.names.length).fill(0))[index.expected[i]!]!++;
  let met = 0;
  for (let id = 0; id < index.names.length; id++) {
    const failing = mustFail?.[id] ?? 0;
    const succeeded = index.succeededCount[id]!;
    met +=
      Math.min(index.expectedCount[id]! - failing, succeeded) + Math.min(failing, index.actualCount[id]! - succeeded);
  }
  return met / expected.length;
}
