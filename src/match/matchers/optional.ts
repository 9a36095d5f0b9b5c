import { valuesEqual } from '../equality.js';
import { Matcher, formatOperand } from './matcher.js';

/**
 * Marks an argument (or a member of an expected object) that may be absent: when present it must match
 * `value`; when absent it is neither matched nor missed. Equality reads the mark on the member that
 * holds it and compares `value` in the mode in force, so `matches` is only the lenient reading.
 */
export class OptionalMatcher extends Matcher {
  override readonly optional: { readonly value: unknown };

  constructor(value: unknown) {
    super();
    this.optional = { value };
  }

  /** What a present member must match. */
  get value(): unknown {
    return this.optional.value;
  }

  matches(value: unknown): boolean {
    return valuesEqual(this.optional.value, value);
  }

  toString(): string {
    return `Optional(${formatOperand(this.optional.value)})`;
  }

  toJSON(): Record<string, unknown> {
    return { $optional: this.optional.value };
  }
}

/** An argument that may be absent and must match `value` when present. Gold-file form: `{"$optional": value}`. */
export function Optional(value: unknown): OptionalMatcher {
  return new OptionalMatcher(value);
}
