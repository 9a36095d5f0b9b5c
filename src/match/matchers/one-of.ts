import { valuesEqual } from '../equality.js';
import { STRING_NORMALIZATIONS, normalizeStrings, type StringNormalization } from '../normalize.js';
import { Matcher, formatOperand } from './matcher.js';

/**
 * Matches a value equal to any of several candidates. With a named `normalize`, strings inside the
 * value and the candidates are compared after that normalisation (see `match/normalize.ts`).
 */
export class OneOfMatcher extends Matcher {
  /** The accepted values (may be matchers). */
  readonly candidates: readonly unknown[];
  /** The string normalisation both sides are compared under, if any. */
  readonly normalize: StringNormalization | undefined;
  readonly #normalized: readonly unknown[];

  constructor(candidates: readonly unknown[], normalize?: StringNormalization) {
    super();
    this.candidates = candidates;
    this.normalize = normalize;
    this.#normalized = normalize
      ? candidates.map((candidate) => normalizeStrings(candidate, STRING_NORMALIZATIONS[normalize]))
      : candidates;
  }

  matches(value: unknown): boolean {
    const seen = this.normalize ? normalizeStrings(value, STRING_NORMALIZATIONS[this.normalize]) : value;
    return this.#normalized.some((candidate) => valuesEqual(candidate, seen));
  }

  toString(): string {
    const normalize = this.normalize ? `, normalize=${this.normalize}` : '';
    return `OneOf(${this.candidates.map(formatOperand).join(', ')}${normalize})`;
  }

  toJSON(): Record<string, unknown> {
    return this.normalize
      ? { $one_of: [...this.candidates], normalize: this.normalize }
      : { $one_of: [...this.candidates] };
  }
}

/** Matches a value leniently equal to any candidate. Gold-file form: `{"$one_of": ["NYC", "New York"]}`. */
export function OneOf(...candidates: unknown[]): OneOfMatcher {
  return new OneOfMatcher(candidates);
}
