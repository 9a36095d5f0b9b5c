import { Matcher } from './matcher.js';

/** Accepts any value; the key must still be present. */
class AnyMatcher extends Matcher {
  matches(): boolean {
    return true;
  }
  toString(): string {
    return 'ANY';
  }
  toJSON(): Record<string, unknown> {
    return { $any: true };
  }
}

/** Matches any value, as long as the argument is present. Gold-file form: `{"$any": true}`. */
export const ANY: Matcher = new AnyMatcher();
