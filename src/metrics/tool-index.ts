import type { ExpectedCall, ToolCall } from '../core/types.js';

/**
 * Tool names interned to small integers, once per evaluation, so every name-based metric (selection,
 * invocation, sequence, recall, redundancy, pairing) runs on integer arrays instead of maps of strings.
 */
export interface ToolIndex {
  /** Tool name of each id. */
  readonly names: readonly string[];
  /** Tool id of each expected call. */
  readonly expected: readonly number[];
  /** Tool id of each actual call. */
  readonly actual: readonly number[];
  /** Expected calls per tool id. */
  readonly expectedCount: readonly number[];
  /** Actual calls per tool id. */
  readonly actualCount: readonly number[];
  /** Actual calls that did not fail, per tool id. */
  readonly succeededCount: readonly number[];
  /** Positions of the expected calls grouped by tool id, each group in call order. */
  readonly expectedByTool: readonly number[];
  /** Where each tool's group starts in `expectedByTool`. */
  readonly expectedStart: readonly number[];
  /** Positions of the actual calls grouped by tool id, each group in call order. */
  readonly actualByTool: readonly number[];
  /** Where each tool's group starts in `actualByTool`. */
  readonly actualStart: readonly number[];
}

/** `length` zeros; plain arrays, because typed arrays cost more to allocate at these small sizes. */
function zeros(length: number): number[] {
  return new Array<number>(length).fill(0);
}

/** Positions grouped by id (a counting sort, stable), with each group's start. */
function groupById(ids: readonly number[], counts: readonly number[]): [number[], number[]] {
  const start = zeros(counts.length);
  for (let id = 1; id < counts.length; id++) start[id] = start[id - 1]! + counts[id - 1]!;
  const next = start.slice();
  const grouped = zeros(ids.length);
  for (let k = 0; k < ids.length; k++) grouped[next[ids[k]!]!++] = k;
  return [grouped, start];
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
  const expectedIds = zeros(expected.length);
  for (let i = 0; i < expected.length; i++) expectedIds[i] = idOf(expected[i]!.tool);
  const actualIds = zeros(actual.length);
  for (let j = 0; j < actual.length; j++) actualIds[j] = idOf(actual[j]!.tool);
  const expectedCount = zeros(names.length);
  const actualCount = zeros(names.length);
  const succeededCount = zeros(names.length);
  for (const id of expectedIds) expectedCount[id]!++;
  for (let j = 0; j < actual.length; j++) {
    const id = actualIds[j]!;
    actualCount[id]!++;
    if (!actual[j]!.is_error) succeededCount[id]!++;
  }
  const [expectedByTool, expectedStart] = groupById(expectedIds, expectedCount);
  const [actualByTool, actualStart] = groupById(actualIds, actualCount);
  return { names, expected: expectedIds, actual: actualIds, expectedCount, actualCount, succeededCount, expectedByTool, expectedStart, actualByTool, actualStart };
}
