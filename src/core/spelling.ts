/**
 * Edit distance with adjacent transpositions (optimal string alignment, the restricted
 * Damerau–Levenshtein distance): `agrs` is one edit from `args`, not two.
 */
export function spellingDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Most edits between a misspelt name and the name it is taken for. */
const MAX_SPELLING_DISTANCE = 2;

/**
 * The known name `word` was most likely meant to be: a synonym's target, else the nearest known name
 * within two edits (case ignored) that is not as far from `word` as `word` is long (so `id` is not
 * "corrected" to `tool`); ties go to the earlier candidate. Undefined when none is near.
 */
export function closestName(
  word: string,
  candidates: readonly string[],
  synonyms: Readonly<Record<string, string>> = {},
): string | undefined {
  const lower = word.toLowerCase();
  const synonym = Object.hasOwn(synonyms, lower) ? synonyms[lower] : undefined;
  if (synonym !== undefined && candidates.includes(synonym)) return synonym;
  const limit = Math.min(MAX_SPELLING_DISTANCE, word.length - 1);
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = spellingDistance(lower, candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
