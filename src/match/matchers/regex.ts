import { createRequire } from 'node:module';
import { Matcher } from './matcher.js';

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
    const hint = /\(\?<?[=!]|\\[1-9]/.test(pattern) ? ' (lookarounds and backreferences are not supported: patterns run on a linear-time engine)' : '';
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
  private readonly compiled: CompiledPattern;

  /** Throws a SyntaxError for an invalid pattern or flag. */
  constructor(pattern: string, flags = '', mode: RegexMode = 'full') {
    super();
    this.pattern = pattern;
    this.flags = flags;
    this.mode = mode;
    this.compiled = compile(pattern, flags.replace(/[gy]/g, ''));
  }

  matches(value: unknown): boolean {
    if (this.mode === 'full') return typeof value === 'string' && this.compiled.matches(value);
    const text = searchableText(value);
    return text !== undefined && this.compiled.matcher(text).find();
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
