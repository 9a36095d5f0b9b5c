import type { ExpectedCall, ToolCall } from '../core/types.js';

/**
 * Tool names interned to small integers, once per evaluation, so every name-based metric (selection,
 * invocation, sequence, recall, redundancy, pairing) runs on integer arrays instead of maps of strings.
 */
export interface ToolIndex {
  /** Tool name of each id. */
  readonly names: readonly string[];
  /** Tool id of each expected call. */
  readonly expected: Int32Array;
  /** Tool id of each actual call. */
  readonly actual: Int32Array;
  /** Expected calls per tool id. */
  readonly expectedCount: Int32Array;
  /** Actual calls per tool id. */
  readonly actualCount: Int32Array;
  /** Actual calls that did not fail, per tool id. */
  readonly succeededCount: Int32Array;
}

/** Interns the tool names of both sides. */
export function indexTools(expected: readonly ExpectedCall[], actual: readonly ToolCall[]): ToolIndex {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const idOf = (name: string): number => {
    let id = ids.get(name);
    if (id === undefined) {
      id = names.length;
      ids.set(name, id);
      names.push(name);
    }
    return id;
  };
  const expectedIds = new Int32Array(expected.length);
  for (let i = 0; i < expected.length; i++) expectedIds[i] = idOf(expected[i]!.tool);
  const actualIds = new Int32Array(actual.length);
  for (let j = 0; j < actual.length; j++) actualIds[j] = idOf(actual[j]!.tool);
  const expectedCount = new Int32Array(names.length);
  const actualCount = new Int32Array(names.length);
  const succeededCount = new Int32Array(names.length);
  for (const id of expectedIds) expectedCount[id]!++;
  for (let j = 0; j < actual.length; j++) {
    const id = actualIds[j]!;
    actualCount[id]!++;
    if (!actual[j]!.is_error) succeededCount[id]!++;
  }
  return { names, expected: expectedIds, actual: actualIds, expectedCount, actualCount, succeededCount };
}
