import type { Args, ExpectedCall, ToolCall } from '../core/types.js';
import { ToolscoreInputError } from '../core/errors.js';
import { DEFAULT_LIMITS } from '../core/limits.js';
import { filledArray, ownKeyCount } from '../core/objects.js';
import type { EqualityMode } from '../match/equality.js';
import { indexTools, type ToolIndex } from './tool-index.js';
import {
  HASH_JOIN_CELLS,
  countMatchingArgs,
  joinedArgumentWeights,
  pairwiseArgumentWeights,
} from './argument-weights.js';
import { costMatrix, minCostAssignment } from './assignment.js';

/**
 * The one-to-one pairing of expected calls with actual calls of the same tool. Every consumer that
 * asks "which actual call answers this expected call" uses it: argument F1, Top issues, side effects,
 * reports.
 */
export interface Pairing {
  /** For each expected call, the index of its actual call, or -1 when it has none. */
  readonly actualFor: readonly number[];
  /** For each actual call, the index of its expected call, or -1 when it answers none. */
  readonly expectedFor: readonly number[];
  /** For each expected call, how many of its expected arguments the partner matches (0 when unpaired). */
  readonly matchedArgs: readonly number[];
}

/**
 * Pairs expected and actual calls tool by tool, optimally: as many pairs as possible (every expected
 * call gets a partner while same-tool actual calls remain), then as many matching arguments as
 * possible, then required calls before `optional` ones, then the pairs closest to the calls' order
 * within the tool. Polynomial at every size.
 */
export function pairCalls(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  mode: EqualityMode,
  index: ToolIndex = indexTools(expected, actual),
  maxCells: number = DEFAULT_LIMITS.maxPairingCells,
): Pairing {
  return pairCallsOf(expected, actual, mode, index, maxCells, true);
}

/**
 * `pairCalls` without the straight-pairing shortcut: every cell of every group compared. The reference
 * `pairing.property.test.ts` holds `pairCalls` to.
 * @internal Exported for that test.
 */
export function pairCallsPlainly(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  mode: EqualityMode,
  index: ToolIndex = indexTools(expected, actual),
  maxCells: number = DEFAULT_LIMITS.maxPairingCells,
): Pairing {
  return pairCallsOf(expected, actual, mode, index, maxCells, false);
}

function pairCallsOf(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  mode: EqualityMode,
  index: ToolIndex,
  maxCells: number,
  straightFirst: boolean,
): Pairing {
  const actualFor = filledArray(expected.length, -1);
  const expectedFor = filledArray(actual.length, -1);
  const matchedArgs = filledArray(expected.length, 0);
  const { expectedByTool, expectedStart, actualByTool, actualStart } = index;
  for (let id = 0; id < index.names.length; id++) {
    const rowCount = index.expectedCount[id]!;
    const columnCount = index.actualCount[id]!;
    if (rowCount === 0 || columnCount === 0) continue;
    const firstRow = expectedStart[id]!;
    const firstColumn = actualStart[id]!;
    if (rowCount === 1 && columnCount === 1) {
      // The common case: one call of the tool on each side.
      const i = expectedByTool[firstRow]!;
      const j = actualByTool[firstColumn]!;
      actualFor[i] = j;
      expectedFor[j] = i;
      matchedArgs[i] = countMatchingArgs(expected[i]!.args, actual[j]!.args, mode);
      continue;
    }
    if (rowCount * columnCount > maxCells) {
      throw new ToolscoreInputError(
        { source: 'limits', path: 'maxPairingCells' },
        `pairing ${rowCount} expected with ${columnCount} actual calls of ${JSON.stringify(index.names[id])} needs more than ${maxCells} cells; raise limits.maxPairingCells (--max-pairing-cells) or split the trace`,
      );
    }
    if (
      straightFirst &&
      rowCount <= columnCount &&
      pairedStraight(expected, actual, mode, expectedByTool, firstRow, actualByTool, firstColumn, rowCount, matchedArgs)
    ) {
      for (let r = 0; r < rowCount; r++) {
        const i = expectedByTool[firstRow + r]!;
        const j = actualByTool[firstColumn + r]!;
        actualFor[i] = j;
        expectedFor[j] = i;
      }
      continue;
    }
    const wanted = new Array<Args | null>(rowCount);
    for (let r = 0; r < rowCount; r++) wanted[r] = expected[expectedByTool[firstRow + r]!]!.args;
    const given = new Array<Args | null>(columnCount);
    for (let c = 0; c < columnCount; c++) given[c] = actual[actualByTool[firstColumn + c]!]!.args;
    const weights =
      rowCount * columnCount >= HASH_JOIN_CELLS
        ? joinedArgumentWeights(wanted, given, mode)
        : pairwiseArgumentWeights(wanted, given, mode);
    // Only when rows outnumber columns does it matter which expected calls go unpaired.
    const optional = rowCount > columnCount ? optionalRows(expected, expectedByTool, firstRow, rowCount) : null;
    const partner =
      rowCount === 2 && columnCount === 2
        ? twoByTwoAssignment(weights)
        : bestAssignment(weights, rowCount, columnCount, optional);
    for (let r = 0; r < rowCount; r++) {
      const c = partner[r]!;
      if (c < 0) continue;
      const i = expectedByTool[firstRow + r]!;
      const j = actualByTool[firstColumn + c]!;
      actualFor[i] = j;
      expectedFor[j] = i;
      matchedArgs[i] = weights[r * columnCount + c]!;
    }
  }
  return { actualFor, expectedFor, matchedArgs };
}

/**
 * Whether each of a tool's expected calls matches every one of its arguments in the actual call of the
 * same rank (the r-th expected call of the tool and its r-th actual call), with no more expected calls
 * than actual ones: then that straight pairing is the one `bestAssignment` finds (every row paired, each
 * with all the weight its arguments can give, at distance 0, where any other pairing has the same weight
 * at most and a distance above 0), and the group's other cells need no comparison. Most groups of a
 * repeated call are like that. Sets `matchedArgs` of the rows when it answers yes.
 */
function pairedStraight(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  mode: EqualityMode,
  expectedByTool: readonly number[],
  firstRow: number,
  actualByTool: readonly number[],
  firstColumn: number,
  rowCount: number,
  matchedArgs: number[],
): boolean {
  for (let r = 0; r < rowCount; r++) {
    const wanted = expected[expectedByTool[firstRow + r]!]!.args;
    if (wanted === null) continue;
    // The most a pair can match is every argument the expected call names.
    if (countMatchingArgs(wanted, actual[actualByTool[firstColumn + r]!]!.args, mode) !== ownKeyCount(wanted))
      return false;
  }
  for (let r = 0; r < rowCount; r++) {
    const wanted = expected[expectedByTool[firstRow + r]!]!.args;
    matchedArgs[expectedByTool[firstRow + r]!] = wanted === null ? 0 : ownKeyCount(wanted);
  }
  return true;
}

/** Which rows of a tool's group are optional calls; null when none is. */
function optionalRows(
  expected: readonly ExpectedCall[],
  expectedByTool: readonly number[],
  firstRow: number,
  rowCount: number,
): Uint8Array | null {
  let marks: Uint8Array | null = null;
  for (let r = 0; r < rowCount; r++) {
    if (expected[expectedByTool[firstRow + r]!]!.optional) (marks ??= new Uint8Array(rowCount))[r] = 1;
  }
  return marks;
}

/**
 * For an r × c weight matrix, the partner column of each row (-1 when rows outnumber columns), with
 * maximum pairs, then maximum weight, then the fewest optional rows paired, then minimum total distance
 * |row − column| between ranks.
 */
function bestAssignment(
  weights: readonly number[],
  rows: number,
  columns: number,
  optional: Uint8Array | null,
): ArrayLike<number> {
  if (rows === 1 || columns === 1) return singleAssignment(weights, rows, optional);
  const transpose = rows > columns;
  const n = transpose ? columns : rows;
  const m = transpose ? rows : columns;
  let maxWeight = 0;
  for (const w of weights) if (w > maxWeight) maxWeight = w;
  // Weight dominates the optional marks, which dominate distance: one argument more beats pairing a
  // required call instead of an optional one, which beats any reordering of the distances.
  const scale = n * m + 1;
  const marks = optional === null ? 0 : rows + 1;
  const cost = costMatrix(n * m);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      const w = transpose ? weights[j * columns + i]! : weights[i * columns + j]!;
      const mark = optional === null ? 0 : optional[transpose ? j : i]!;
      cost[i * m + j] = ((maxWeight - w) * (marks || 1) + mark) * scale + Math.abs(i - j);
    }
  }
  const assigned = minCostAssignment(cost, n, m);
  if (!transpose) return assigned;
  const partner = filledArray(rows, -1);
  for (let i = 0; i < n; i++) partner[assigned[i]!] = i;
  return partner;
}

/**
 * The 2 × 2 case, the most common after 1 × 1: crossing over must gain weight, since the straight
 * pairing is closer in rank (distance 0 against 2) and wins ties, as in `bestAssignment`.
 */
function twoByTwoAssignment(weights: readonly number[]): readonly number[] {
  const cross = weights[1]! + weights[2]! > weights[0]! + weights[3]!;
  return cross ? TWO_BY_TWO_CROSSED : TWO_BY_TWO_STRAIGHT;
}

const TWO_BY_TWO_STRAIGHT: readonly number[] = Object.freeze([0, 1]);
const TWO_BY_TWO_CROSSED: readonly number[] = Object.freeze([1, 0]);

/**
 * The one-row or one-column case: the best weight, then (one column) a required row before an optional
 * one, ties to the lowest.
 */
function singleAssignment(weights: readonly number[], rows: number, optional: Uint8Array | null): number[] {
  const partner = filledArray(rows, -1);
  let best = -1;
  let bestWeight = -1;
  for (let k = 0; k < weights.length; k++) {
    const better =
      weights[k]! > bestWeight ||
      (weights[k]! === bestWeight && optional !== null && optional[best]! === 1 && optional[k]! === 0);
    if (better) {
      bestWeight = weights[k]!;
      best = k;
    }
  }
  // With one row, k is the column; with one column, k is the row.
  if (rows === 1) partner[0] = best;
  else partner[best] = 0;
  return partner;
}
