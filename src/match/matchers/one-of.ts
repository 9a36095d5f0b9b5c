import { valuesEqual } from '../equality.js';
import { Matcher, formatOperand } from './matcher.js';

/** Matches a value equal to any of several candidates. */
export class OneOfMatcher extends Matcher {
  /** The accepted values (may be matchers). */
  readonly candidates: readonly unknown[];

  constructor(candidates: readonly unknown[]) {
    super();
    this.candidates = candidates;
  }

  matches(value: unknown): boolean {
    return this.candidates.some((candidate) => valuesEqual(candidate, value));
  }

  toString(): string {
    return `OneOf(${this.candidates.map(formatOperand).join(', ')})`;
  }

  toJSON(): Record<string, unknown> {
    return { $one_of: [...this.candidates] };
  }
}

/** Matches a value leniently equal to any candidate. Gold-file form: `{"$one_of": ["NYC", "New York"]}`. */
export function OneOf(...candidates: unknown[]): OneOfMatcher {
  return new OneOfMatcher(candidates);
}
