import type { Args } from '../core/types.js';
import { countEqualMembers, memberEqual, type EqualityMode } from '../match/equality.js';
import { equalityKey } from '../match/equality-key.js';
import { filledArray, hasOwnProperty } from '../core/objects.js';

/** How many keys of `expected` are present in `actual` with an equal value. */
export function countMatchingArgs(expected: Args | null, actual: Args | null, mode: EqualityMode): number {
  return expected === null || actual === null ? 0 : countEqualMembers(expected, actual, mode);
}

/**
 * From this many cells (expected × actual calls of one tool) on, pairing takes its weights from the hash
 * join; below it, comparing every pair costs less than building the keys (measured: the join wins from
 * about 32 × 32 calls with a fifth of the arguments changed, from 10 × 10 when all tie).
 */
export const HASH_JOIN_CELLS = 1024;

// Both functions give the pairing weights of one tool's calls: for each expected call (row) and actual
// call (column), how many expected arguments the actual call matches, row-major (a plain array: a typed
// array costs more to allocate than a small group's comparisons). Null arguments (not checked) weigh 0.

/** The weights by comparing every pair. */
export function pairwiseArgumentWeights(
  wanted: readonly (Args | null)[],
  given: readonly (Args | null)[],
  mode: EqualityMode,
): number[] {
  const columns = given.length;
  const weights = filledArray(wanted.length * columns, 0);
  for (let r = 0; r < wanted.length; r++) {
    const args = wanted[r]!;
    if (args === null) continue;
    for (let c = 0; c < columns; c++) weights[r * columns + c] = countMatchingArgs(args, given[c]!, mode);
  }
  return weights;
}

/** The weights by a hash join on argument values: each expected value finds its equal actual values by key. */
export function joinedArgumentWeights(
  wanted: readonly (Args | null)[],
  given: readonly (Args | null)[],
  mode: EqualityMode,
): number[] {
  const columns = given.length;
  const weights = filledArray(wanted.length * columns, 0);
  const byName = indexArgumentValues(given, mode);
  for (let r = 0; r < wanted.length; r++) {
    const args = wanted[r]!;
    if (args === null) continue;
    const row = r * columns;
    for (const name in args) {
      if (!hasOwnProperty.call(args, name)) continue;
      const index = byName.get(name);
      if (index === undefined) continue;
      const key = equalityKey(args[name], mode, args, name);
      if (key === undefined) {
        // A matcher (or NaN, a function…): only a comparison can tell.
        for (const c of index.columns) if (memberEqual(args, given[c]!, name, mode)) weights[row + c]!++;
        continue;
      }
      const equal = index.buckets.get(key);
      if (equal !== undefined) for (const c of equal) weights[row + c]!++;
      for (const c of index.unkeyed) if (memberEqual(args, given[c]!, name, mode)) weights[row + c]!++;
    }
  }
  return weights;
}

/** Where the actual calls' values of one argument name are. */
interface ValueIndex {
  /** Every column that has the argument. */
  columns: number[];
  /** Columns by the equality key of their value. */
  buckets: Map<string, number[]>;
  /** Columns whose value has no equality key. */
  unkeyed: number[];
}

function indexArgumentValues(given: readonly (Args | null)[], mode: EqualityMode): Map<string, ValueIndex> {
  const byName = new Map<string, ValueIndex>();
  for (let c = 0; c < given.length; c++) {
    const args = given[c]!;
    if (args === null) continue;
    for (const name in args) {
      if (!hasOwnProperty.call(args, name)) continue;
      let index = byName.get(name);
      if (index === undefined) byName.set(name, (index = { columns: [], buckets: new Map(), unkeyed: [] }));
      index.columns.push(c);
      const key = equalityKey(args[name], mode, args, name);
      if (key === undefined) {
        index.unkeyed.push(c);
        continue;
      }
      const bucket = index.buckets.get(key);
      if (bucket === undefined) index.buckets.set(key, [c]);
      else bucket.push(c);
    }
  }
  return byName;
}
