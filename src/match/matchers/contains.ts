import { valuesEqual } from '../equality.js';
import { Matcher, formatOperand } from './matcher.js';

/** Matches strings containing a substring, arrays containing an element, objects having a key. */
export class ContainsMatcher extends Matcher {
  /** The substring, element or key looked for. */
  readonly item: unknown;

  constructor(item: unknown) {
    super();
    this.item = item;
  }

  matches(value: unknown): boolean {
    if (typeof value === 'string') return typeof this.item === 'string' && value.includes(this.item);
    if (Array.isArray(value)) return value.some((element) => valuesEqual(this.item, element));
    if (value !== null && typeof value === 'object') {
      return typeof this.item === 'string' && Object.hasOwn(value, this.item);
    }
    return false;
  }

  toString(): string {
    return `Contains(${formatOperand(this.item)})`;
  }

  toJSON(): Record<string, unknown> {
    return { $contains: this.item };
  }
}

/**
 * Matches a string that contains `item` as a substring, an array with an element equal to `item`
 * (leniently; `item` may be a matcher), or an object with the key `item`. Gold-file form:
 * `{"$contains": "NYC"}`.
 */
export function Contains(item: unknown): ContainsMatcher {
  return new ContainsMatcher(item);
}
