import type { ExpectedCall, ToolCall } from '../core/types.js';
import { filledArray } from '../core/objects.js';

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

/** Up to this many calls in all, names are found by scanning the list; a Map costs more at that size. */
const SCAN_LIMIT = 32;

/** Interns the tool names of both sides. */
export function indexTools(expected: readonly ExpectedCall[], actual: readonly ToolCall[]): ToolIndex {
  const n = expected.length;
  const m = actual.length;
  const names: string[] = [];
  const ids = n + m > SCAN_LIMIT ? new Map<string, number>() : undefined;
  const expectedIds = new Array<number>(n);
  for (let i = 0; i < n; i++) expectedIds[i] = idOf(expected[i]!.tool, names, ids);
  const actualIds = new Array<number>(m);
  for (let j = 0; j < m; j++) actualIds[j] = idOf(actual[j]!.tool, names, ids);
  const tools = names.length;
  const expectedCount = filledArray(tools, 0);
  const actualCount = filledArray(tools, 0);
  const succeededCount = filledArray(tools, 0);
  for (let i = 0; i < n; i++) expectedCount[expectedIds[i]!]!++;
  for (let j = 0; j < m; j++) {
    const id = actualIds[j]!;
    actualCount[id]!++;
    if (!actual[j]!.is_error) succeededCount[id]!++;
  }
  const expectedStart = groupStarts(expectedCount);
  const expectedByTool = groupById(expectedIds, expectedStart, expectedCount);
  const actualStart = groupStarts(actualCount);
  const actualByTool = groupById(actualIds, actualStart, actualCount);
  return {
    names,
    expected: expectedIds,
    actual: actualIds,
    expectedCount,
    actualCount,
    succeededCount,
    expectedByTool,
    expectedStart,
    actualByTool,
    actualStart,
  };
}

/** The id of a tool name, a new one when it is new (`ids` is the map of a long list; a short one scans `names`). */
function idOf(name: string, names: string[], ids: Map<string, number> | undefined): number {
  if (ids === undefined) {
    const found = names.indexOf(name);
    if (found >= 0) return found;
  } else {
    const found = ids.get(name);
    if (found !== undefined) return found;
    ids.set(name, names.length);
  }
  names.push(name);
  return names.length - 1;
}

/** Where each id's group starts, from the counts per id. */
function groupStarts(counts: readonly number[]): number[] {
  const start = new Array<number>(counts.length);
  for (let id = 0, at = 0; id < counts.length; id++) {
    start[id] = at;
    at += counts[id]!;
  }
  return start;
}

/**
 * Positions grouped by id (a counting sort, stable), each group from its start. `start` serves as the
 * cursor of each group while placing (no array of its own for that) and is restored afterwards.
 */
function groupById(ids: readonly number[], start: number[], counts: readonly number[]): number[] {
  const grouped = new Array<number>(ids.length);
  for (let k = 0; k < ids.length; k++) grouped[start[ids[k]!]!++] = k;
  for (let id = 0; id < start.length; id++) start[id]! -= counts[id]!;
  return grouped;
}
