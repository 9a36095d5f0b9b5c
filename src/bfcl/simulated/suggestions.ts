/**
 * CPython's "Did you mean" for a misspelt name, which Python 3.13 added to the `TypeError` of an
 * unexpected keyword argument: `_Py_CalculateSuggestions` and its `levenshtein_distance` of
 * `Python/suggestions.c`, ported rule for rule. Read in its 3.13 form (the function exported for
 * `Python/ceval.c`'s `initialize_locals`, which calls it for the keyword message) in the python/cpython
 * fork hugovk/cpython at 2070cf8c042f135a812a35519d92fdb6d29c56cd: the v3.13.0 tag's own file was not at
 * hand. Python compares the names' UTF-8 bytes; so does the port.
 */

/** A list of this many candidates or more gets no suggestion at all. */
const MAX_CANDIDATE_ITEMS = 750;
/** Names still longer than this, in bytes, once their common prefix and suffix are trimmed, are never close. */
const MAX_STRING_SIZE = 40;
const MOVE_COST = 2;
const CASE_COST = 1;

const utf8 = new TextEncoder();

/** `substitution_cost`: 0 for the same byte, 1 for an ASCII letter whose case flips, else 2. */
function substitutionCost(a: number, b: number): number {
  // LEAST_FIVE_BITS: a case flip keeps them (C's signed char has the same five low bits as the byte).
  if ((a & 31) !== (b & 31)) return MOVE_COST;
  if (a === b) return 0;
  return lowerAscii(a) === lowerAscii(b) ? CASE_COST : MOVE_COST;
}

function lowerAscii(byte: number): number {
  return byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte;
}

/**
 * `levenshtein_distance(a, b, max_cost)`: the edit distance of two byte strings where an insertion,
 * a deletion or a substitution costs 2 and a case flip 1; once the distance is known to exceed
 * `maxCost`, some value above `maxCost` (CPython gives up early, so only "too far" is meaningful then).
 */
export function levenshteinDistance(first: Uint8Array, second: Uint8Array, maxCost: number): number {
  let a = first;
  let b = second;
  // Trim away common affixes.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let aEnd = a.length;
  let bEnd = b.length;
  while (aEnd > start && bEnd > start && a[aEnd - 1] === b[bEnd - 1]) {
    aEnd--;
    bEnd--;
  }
  a = a.subarray(start, aEnd);
  b = b.subarray(start, bEnd);
  if (a.length === 0 || b.length === 0) return (a.length + b.length) * MOVE_COST;
  if (a.length > MAX_STRING_SIZE || b.length > MAX_STRING_SIZE) return maxCost + 1;
  // Prefer the shorter row.
  if (b.length < a.length) [a, b] = [b, a];
  // Quick fail when a match is impossible.
  if ((b.length - a.length) * MOVE_COST > maxCost) return maxCost + 1;
  // One row of the matrix, updated in place: buffer[i] is the cost from b[:bIndex] to a[:i+1].
  const buffer = Array.from(a, (_, i) => (i + 1) * MOVE_COST);
  let result = 0;
  for (let bIndex = 0; bIndex < b.length; bIndex++) {
    const code = b[bIndex]!;
    let distance = bIndex * MOVE_COST;
    result = distance;
    let minimum = Number.POSITIVE_INFINITY;
    for (let index = 0; index < a.length; index++) {
      const substitute = distance + substitutionCost(code, a[index]!);
      distance = buffer[index]!;
      result = Math.min(Math.min(result, distance) + MOVE_COST, substitute);
      buffer[index] = result;
      if (result < minimum) minimum = result;
    }
    // Everything in this row is too big already.
    if (minimum > maxCost) return maxCost + 1;
  }
  return result;
}

/**
 * `_Py_CalculateSuggestions(dir, name)`: the candidate nearest to `name` that needs changing in no more
 * than about a third of the characters involved (`(len(name) + len(candidate) + 3) * 2 // 6`, lengths
 * in UTF-8 bytes); the first of the nearest on a tie; never `name` itself. Undefined when none is near
 * enough, or when there are 750 candidates or more.
 */
export function closestPythonName(candidates: readonly string[], name: string): string | undefined {
  if (candidates.length >= MAX_CANDIDATE_ITEMS) return undefined;
  const nameBytes = utf8.encode(name);
  let suggestion: string | undefined;
  let suggestionDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const candidateBytes = utf8.encode(candidate);
    // Don't take matches already beaten: a later candidate must be strictly nearer.
    const maxDistance = Math.min(
      Math.floor(((nameBytes.length + candidateBytes.length + 3) * MOVE_COST) / 6),
      suggestionDistance - 1,
    );
    const distance = levenshteinDistance(nameBytes, candidateBytes, maxDistance);
    if (distance > maxDistance) continue;
    suggestion = candidate;
    suggestionDistance = distance;
  }
  return suggestion;
}
