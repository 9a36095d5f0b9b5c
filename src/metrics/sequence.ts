import type { ExpectedCall, ToolCall } from '../core/types.js';
import { ToolscoreInputError } from '../core/errors.js';
import { DEFAULT_LIMITS } from '../core/limits.js';
import { filledArray } from '../core/objects.js';
import { indexTools, type ToolIndex } from '../pairing/tool-index.js';

/** `metrics.sequence_metrics`. */
export interface SequenceMetrics {
  /** Levenshtein distance between the tool-name sequences. */
  edit_distance: number;
  /** Distance divided by the longer sequence's length (at least 1). */
  normalized_distance: number;
  /** 1 − normalized distance. */
  sequence_accuracy: number;
}

/** Compares the order of tool names: insertions, deletions and substitutions each cost 1. */
export function sequenceMetrics(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  index: ToolIndex = indexTools(expected, actual),
  maxCells: number = DEFAULT_LIMITS.maxSequenceCells,
): SequenceMetrics {
  const distance = levenshtein(index.expected, index.actual, maxCells);
  const normalized = distance / Math.max(expected.length, actual.length, 1);
  return { edit_distance: distance, normalized_distance: normalized, sequence_accuracy: 1 - normalized };
}

/**
 * Levenshtein distance between two sequences of ids, exact. When one side has at most 32 calls, a
 * bit-parallel pass gives it in O(n). Otherwise small inputs fill the whole table; long ones use a
 * diagonal band that doubles until the distance fits inside it (O(n·d) for distance d),
 * so a million-call trace with a few edits is cheap. Past `maxCells` it stops with an input error.
 */
export function levenshtein(
  left: ArrayLike<number>,
  right: ArrayLike<number>,
  maxCells: number = DEFAULT_LIMITS.maxSequenceCells,
): number {
  if (left.length === 0) return right.length;
  if (right.length === 0) return left.length;
  const leftIsShorter = left.length <= right.length;
  const shorter = leftIsShorter ? left : right;
  const longer = leftIsShorter ? right : left;
  if (shorter.length <= WORD_BITS) {
    const distance = bitParallelLevenshtein(shorter, longer);
    if (distance >= 0) return distance;
  }
  if (left.length * right.length <= maxCells)
    return bandedLevenshtein(left, right, Math.max(left.length, right.length));
  for (let band = Math.max(Math.abs(left.length - right.length), 16); ; band *= 2) {
    if (left.length * (2 * band + 1) > maxCells) {
      throw new ToolscoreInputError(
        { source: 'limits', path: 'maxSequenceCells' },
        `the sequence edit distance between ${left.length} and ${right.length} calls needs more than ${maxCells} cells; raise limits.maxSequenceCells (--max-sequence-cells)`,
      );
    }
    const distance = bandedLevenshtein(left, right, band);
    if (distance <= band) return distance;
  }
}

/** Sequences up to this long fit one 32-bit word per column of the table. */
const WORD_BITS = 32;

/** Symbols above this are not given a bit-mask slot of their own (tool ids are small). */
const MAX_MASKED_SYMBOL = 4096;

/**
 * Myers' bit-parallel edit distance (as formulated by Hyyrö, 2001): the whole column of the table for
 * `pattern` (at most 32 symbols) is kept as bits of vertical +1/−1 deltas, so each symbol of `text`
 * costs a dozen word operations instead of a loop over the column. Returns -1 for symbols it does not
 * handle (negative, fractional or large), so the caller falls back to the table.
 */
function bitParallelLevenshtein(pattern: ArrayLike<number>, text: ArrayLike<number>): number {
  const m = pattern.length;
  let maxSymbol = 0;
  for (let j = 0; j < m; j++) {
    const symbol = pattern[j]!;
    if (!Number.isInteger(symbol) || symbol < 0 || symbol > MAX_MASKED_SYMBOL) return -1;
    if (symbol > maxSymbol) maxSymbol = symbol;
  }
  // peq[symbol]: bit j set where pattern[j] is that symbol. A plain array: allocating a typed array costs
  // more than this whole pass at a case's sizes.
  const peq = filledArray(maxSymbol + 1, 0);
  for (let j = 0; j < m; j++) peq[pattern[j]!]! |= 1 << j;
  const last = 1 << (m - 1);
  let positive = -1; // vertical +1 deltas: the first column is 0, 1, …, m
  let negative = 0; // vertical −1 deltas
  let distance = m;
  for (let i = 0; i < text.length; i++) {
    const symbol = text[i]!;
    const equal = symbol >= 0 && symbol <= maxSymbol ? peq[symbol]! | 0 : 0;
    const verticalMatch = equal | negative;
    const horizontalMatch = ((((equal & positive) + positive) | 0) ^ positive) | equal;
    let horizontalPositive = negative | ~(horizontalMatch | positive);
    let horizontalNegative = positive & horizontalMatch;
    if (horizontalPositive & last) distance++;
    else if (horizontalNegative & last) distance--;
    // The top row is 0, 1, …, n: every step along the text adds 1 there.
    horizontalPositive = (horizontalPositive << 1) | 1;
    horizontalNegative <<= 1;
    positive = horizontalNegative | ~(verticalMatch | horizontalPositive);
    negative = horizontalPositive & verticalMatch;
  }
  return distance;
}

/**
 * The edit distance restricted to cells with |i − j| ≤ band; exact whenever the result is ≤ band (a
 * cheaper path would have to leave the band, which costs more than band edits).
 */
function bandedLevenshtein(left: ArrayLike<number>, right: ArrayLike<number>, band: number): number {
  const n = left.length;
  const m = right.length;
  const outside = n + m + 1;
  let previous = new Int32Array(m + 2).fill(outside);
  let current = new Int32Array(m + 2).fill(outside);
  for (let j = 0; j <= Math.min(m, band); j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(1, i - band);
    const hi = Math.min(m, i + band);
    current[lo - 1] = lo === 1 && i <= band ? i : outside;
    const symbol = left[i - 1]!;
    for (let j = lo; j <= hi; j++) {
      const substitution = previous[j - 1]! + (symbol === right[j - 1] ? 0 : 1);
      const deletion = previous[j]! + 1;
      const insertion = current[j - 1]! + 1;
      // Plain comparisons, not Math.min: this is the innermost loop.
      current[j] =
        substitution < deletion
          ? substitution < insertion
            ? substitution
            : insertion
          : deletion < insertion
            ? deletion
            : insertion;
    }
    current[hi + 1] = outside;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return previous[m]!;
}
