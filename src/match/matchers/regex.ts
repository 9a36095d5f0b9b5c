import { Matcher } from './matcher.js';

/**
 * Where a pattern must match: `full` (the whole string, as in gold arguments) or `search` (anywhere,
 * as in forbidden rules).
 */
export type RegexMode = 'full' | 'search';

/** Matches strings against a JavaScript regular expression. */
export class RegexMatcher extends Matcher {
  /** The pattern as written. */
  readonly pattern: string;
  /** JavaScript flags such as `i`, `s`, `m`. */
  readonly flags: string;
  /** Whole-string match or search anywhere. */
  readonly mode: RegexMode;
  private readonly compiled: RegExp;

  constructor(pattern: string, flags = '', mode: RegexMode = 'full') {
    super();
    this.pattern = pattern;
    this.flags = flags;
    this.mode = mode;
    const compileFlags = flags.replace(/[gy]/g, '');
    // Compile the pattern alone first, so an unbalanced one such as `a)|(b` is rejected before
    // anchoring could balance it into a different expression.
    const alone = new RegExp(pattern, compileFlags);
    // Anchors that do not depend on the `m` flag (`^`/`$` would match at line breaks under it).
    this.compiled = mode === 'full' ? new RegExp(`(?<![\\s\\S])(?:${pattern})(?![\\s\\S])`, compileFlags) : alone;
  }

  matches(value: unknown): boolean {
    if (this.mode === 'full') return typeof value === 'string' && this.compiled.test(value);
    const text = searchableText(value);
    return text !== undefined && this.compiled.test(text);
  }

  toString(): string {
    const name = this.mode === 'full' ? 'Regex' : 'RegexSearch';
    return this.flags ? `${name}(${JSON.stringify(this.pattern)}, ${JSON.stringify(this.flags)})` : `${name}(${JSON.stringify(this.pattern)})`;
  }

  toJSON(): Record<string, unknown> {
    return this.flags ? { $regex: this.pattern, flags: this.flags } : { $regex: this.pattern };
  }
}

/** Text a search pattern reads: strings as they are, argv-style arrays joined by spaces, other values as JSON. */
function searchableText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(' ');
  return JSON.stringify(value);
}

/**
 * Matches a string whose whole text matches `pattern` (anchored for you). Non-strings never match.
 * Gold-file form: `{"$regex": "FL-\\d+"}`, optionally with `"flags": "i"`.
 */
export function Regex(pattern: string, flags = ''): RegexMatcher {
  return new RegexMatcher(pattern, flags, 'full');
}

/**
 * Matches when `pattern` is found anywhere in the value: strings as they are, arrays joined by spaces
 * (`["rm", "-rf", "/"]` reads `rm -rf /`), other values as JSON text; `null` never matches. This is
 * what `$regex` means in forbidden rules.
 */
export function RegexSearch(pattern: string, flags = ''): RegexMatcher {
  return new RegexMatcher(pattern, flags, 'search');
}
