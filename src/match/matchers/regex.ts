import { createRequire } from 'node:module';
import { ToolscoreInputError } from '../../core/errors.js';
import { Matcher } from './matcher.js';
import { simpleFullMatch } from './simple-pattern.js';

/**
 * Where a pattern must match: `full` (the whole string, as in gold arguments) or `search` (anywhere,
 * as in forbidden rules).
 */
export type RegexMode = 'full' | 'search';

/** The compiled form of a pattern in the linear-time engine. */
interface CompiledPattern {
  matches(input: string): boolean;
  /** Whether the pattern is found anywhere in the input. */
  test(input: string): boolean;
  matcher(input: string): { find(): boolean };
}

interface Re2Engine {
  RE2JS: {
    compile(pattern: string, flags: number): CompiledPattern;
    translateRegExp(pattern: string): string;
    CASE_INSENSITIVE: number;
    DOTALL: number;
    MULTILINE: number;
  };
}

// re2js (a port of RE2) matches in linear time, so a pattern from a gold, rule or snapshot file such as
// (a+)+$ cannot hang a run. It is loaded on the first pattern only: importing toolscore stays cheap.
const require = createRequire(import.meta.url);
let engine: Re2Engine | undefined;

/** Letters accepted in `flags`: i (ignore case), s (dot matches newlines), m (multi-line ^ $), u (Unicode, always on). */
const FLAG_BITS = { i: 'CASE_INSENSITIVE', s: 'DOTALL', m: 'MULTILINE', u: undefined } as const;

function loadEngine(): Re2Engine {
  engine ??= require('re2js') as Re2Engine;
  return engine;
}

/** Compiles on the linear-time engine; a pattern it cannot run is a SyntaxError saying why. */
function compileLinear(pattern: string, translated: () => string, bits: number): CompiledPattern {
  try {
    return loadEngine().RE2JS.compile(translated(), bits);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    const hint = /\(\?<?[=!]|\\[1-9]/.test(pattern)
      ? ' (lookarounds and backreferences are not supported: patterns run on a linear-time engine)'
      : '';
    throw new SyntaxError(`${reason}${hint}`);
  }
}

function compile(pattern: string, flags: string): CompiledPattern {
  const { RE2JS } = loadEngine();
  let bits = 0;
  for (const flag of flags) {
    if (!(flag in FLAG_BITS)) throw new SyntaxError(`unknown flag ${JSON.stringify(flag)}; use i, m, s or u`);
    const name = FLAG_BITS[flag as keyof typeof FLAG_BITS];
    if (name) bits |= RE2JS[name];
  }
  return compileLinear(pattern, () => pattern, bits);
}

/**
 * A JSON Schema `pattern` (ECMA-262 syntax such as `\u00e9`, found anywhere in the string) on the
 * linear-time engine, so a schema from a file or a server cannot hang a run with `^(a+)+$`. Throws a
 * SyntaxError for a pattern the engine cannot run (lookarounds, backreferences).
 */
export function linearSchemaPattern(pattern: string): { test(input: string): boolean } {
  return compileLinear(pattern, () => loadEngine().RE2JS.translateRegExp(pattern), 0);
}

/** Characters `$regex` matchers may still read in the scoring pass under way; unbounded outside one. */
let budget: { limit: number; left: number } | undefined;

/**
 * Runs `work` (pairing, where every expected pattern meets every actual value of its tool) with at most
 * `limit` characters read by regex matchers; past it, an input error names the limit. Answers from a
 * matcher's cache cost nothing.
 */
export function withRegexBudget<T>(limit: number, work: () => T): T {
  const outer = budget;
  budget = { limit, left: limit };
  try {
    return work();
  } finally {
    budget = outer;
  }
}

function spend(characters: number): void {
  if (budget === undefined) return;
  budget.left -= characters;
  if (budget.left < 0) {
    throw new ToolscoreInputError(
      { source: 'limits', path: 'maxRegexChars' },
      `$regex matchers would read more than ${budget.limit} characters of argument values; raise limits.maxRegexChars (--max-regex-chars) or split the trace`,
    );
  }
}

/** Entries a matcher's cache holds before it starts afresh, so a long-lived matcher cannot grow without end. */
const CACHE_ENTRIES = 65_536;

/**
 * Matches strings against a regular expression in RE2 syntax (the common subset of JavaScript and
 * Python syntax, plus inline flags such as `(?i)`), in time linear in the input.
 */
export class RegexMatcher extends Matcher {
  /** The pattern as written. */
  readonly pattern: string;
  /** Flags such as `i`, `s`, `m`. */
  readonly flags: string;
  /** Whole-string match or search anywhere. */
  readonly mode: RegexMode;
  /**
   * A simple whole-string pattern on JavaScript's engine (`simple-pattern.ts`), or the pattern on re2js.
   * Data, not closures: matchers built alike compare equal.
   */
  private readonly compiled: RegExp | CompiledPattern;
  /** Answers by text already read: pairing tests one pattern against the same values many times. */
  private readonly answers = new Map<string, boolean>();

  /** Throws a SyntaxError for an invalid pattern or flag. */
  constructor(pattern: string, flags = '', mode: RegexMode = 'full') {
    super();
    this.pattern = pattern;
    this.flags = flags;
    this.mode = mode;
    const engineFlags = flags.replace(/[gy]/g, '');
    const simple = mode === 'full' && /^u*$/.test(engineFlags) ? simpleFullMatch(pattern) : undefined;
    this.compiled = simple ?? compile(pattern, engineFlags);
  }

  matches(value: unknown): boolean {
    const text = this.mode === 'full' ? (typeof value === 'string' ? value : undefined) : searchableText(value);
    if (text === undefined) return false;
    const known = this.answers.get(text);
    if (known !== undefined) return known;
    spend(text.length);
    const compiled = this.compiled;
    const answer =
      compiled instanceof RegExp
        ? compiled.test(text)
        : this.mode === 'full'
          ? compiled.matches(text)
          : compiled.matcher(text).find();
    if (this.answers.size >= CACHE_ENTRIES) this.answers.clear();
    this.answers.set(text, answer);
    return answer;
  }

  toString(): string {
    const name = this.mode === 'full' ? 'Regex' : 'RegexSearch';
    return this.flags
      ? `${name}(${JSON.stringify(this.pattern)}, ${JSON.stringify(this.flags)})`
      : `${name}(${JSON.stringify(this.pattern)})`;
  }

  toJSON(): Record<string, unknown> {
    return this.flags ? { $regex: this.pattern, flags: this.flags } : { $regex: this.pattern };
  }
}

/** Text a search pattern reads: strings as they are, argv-style arrays joined by spaces, other values as JSON. */
function searchableText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(' ');
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
