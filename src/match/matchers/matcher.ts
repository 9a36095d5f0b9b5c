/**
 * A value inside expected arguments (or forbidden-rule arguments) that matches by running logic
 * instead of by equality. Strict mode never changes what a matcher accepts.
 */
export abstract class Matcher {
  /**
   * For `$optional` only: what the member must match when present. Equality and the argument metrics
   * read it on the member that holds it (an absent member is then neither matched nor missed).
   */
  readonly optional: { readonly value: unknown } | null = null;
  /** Whether `value` is accepted. */
  abstract matches(value: unknown): boolean;
  /** The readable text form used in diffs and reports, such as `Regex("FL-\\d+")`. */
  abstract toString(): string;
  /** The gold-file operator form, such as `{"$regex": "FL-\\d+"}`; used by `toDict()` and snapshots. */
  abstract toJSON(): Record<string, unknown>;
}

/** Whether a value is a matcher. */
export function isMatcher(value: unknown): value is Matcher {
  return value instanceof Matcher;
}

/** Whether a member value is marked `$optional` (may be absent). */
export function isOptional(value: unknown): value is Matcher & { readonly optional: { readonly value: unknown } } {
  return value instanceof Matcher && value.optional !== null;
}

/** Text of a value inside a matcher's text form: matchers by their text, everything else as JSON. */
export function formatOperand(value: unknown): string {
  if (value instanceof Matcher) return value.toString();
  if (value === undefined) return 'undefined';
  return JSON.stringify(value);
}
