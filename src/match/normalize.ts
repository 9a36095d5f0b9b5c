/**
 * Named string normalisations a `$one_of` may compare under (`{"$one_of": [...], "normalize": "bfcl"}`).
 * Each maps a string to the text it is compared as; values of other types are compared unchanged.
 */

/** The characters the Berkeley Function Calling Leaderboard strips before comparing strings. */
const BFCL_STRIPPED = /[ ,./\-_*^]/g;

export const STRING_NORMALIZATIONS = {
  /**
   * The leaderboard's `standardize_string`: drops spaces and `,./-_*^`, lowercases, and reads `'` as `"`,
   * so `April 1, 2024` and `april 1 2024` compare equal.
   */
  bfcl: (text: string): string => text.replace(BFCL_STRIPPED, '').toLowerCase().replaceAll("'", '"'),
} as const;

export type StringNormalization = keyof typeof STRING_NORMALIZATIONS;

export const STRING_NORMALIZATION_NAMES = Object.keys(STRING_NORMALIZATIONS) as StringNormalization[];

/** `value` with every string inside it normalised (arrays and objects rebuilt only when they hold strings). */
export function normalizeStrings(value: unknown, normalize: (text: string) => string): unknown {
  if (typeof value === 'string') return normalize(value);
  if (Array.isArray(value)) return value.map((item) => normalizeStrings(item, normalize));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = normalizeStrings(item, normalize);
    return out;
  }
  return value;
}
