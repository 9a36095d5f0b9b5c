import { ToolscoreInputError } from './errors.js';
import { hasOwnProperty } from './objects.js';

/**
 * Bounds that keep hostile or huge input from exhausting the stack, memory or time. Each has a
 * documented default and can be raised (`limits` option, `--max-*` flags).
 */
export interface EvaluationLimits {
  /** Deepest nesting of arguments, in objects and arrays (default 1,000; at most `MAX_DEPTH_CEILING`). */
  maxDepth: number;
  /** Most cells (expected × actual calls of one tool) the exact pairing may weigh (default 4,000,000: 2,000 × 2,000). */
  maxPairingCells: number;
  /** Most cells the sequence edit distance may fill (default 400,000,000); long traces with few edits stay far below it. */
  maxSequenceCells: number;
  /** Longest line of a JSON Lines file, in bytes (default 268,435,456: 256 MiB, well below the longest string JavaScript holds). */
  maxLineBytes: number;
  /** Most characters `$regex` matchers may read in one evaluation, summed over every value tested (default 200,000,000); repeats are answered from a cache. */
  maxRegexChars: number;
  /** Largest before-state or after-state (docs/outcomes.md), in bytes of its JSON (default 16,777,216: 16 MiB). */
  maxStateBytes: number;
}

/** The defaults. */
export const DEFAULT_LIMITS: Readonly<EvaluationLimits> = Object.freeze({
  maxDepth: 1_000,
  maxPairingCells: 4_000_000,
  maxSequenceCells: 400_000_000,
  maxLineBytes: 256 * 1024 * 1024,
  maxRegexChars: 200_000_000,
  maxStateBytes: 16 * 1024 * 1024,
});

/**
 * The highest `maxDepth` allowed. Copies, comparisons, masking and reports walk arguments recursively
 * once their depth is known to be within the limit; past about 1,900 levels those walks overflow
 * Node's default stack, so a higher limit would turn deep input into a crash instead of an error.
 */
export const MAX_DEPTH_CEILING = 1_500;

/** The error for a depth limit above `MAX_DEPTH_CEILING`. */
export function depthCeilingError(source: string, path?: string): ToolscoreInputError {
  return new ToolscoreInputError(
    { source, ...(path === undefined ? {} : { path }) },
    `expected at most ${MAX_DEPTH_CEILING}: deeper nesting overflows the stack of the walks that read it`,
  );
}

const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as (keyof EvaluationLimits)[];

/** Merges user limits over the defaults; each must be a positive whole number. */
export function resolveLimits(input?: Partial<EvaluationLimits> | null, source = 'limits'): EvaluationLimits {
  if (input === undefined || input === null) return DEFAULT_LIMITS;
  const limits: EvaluationLimits = { ...DEFAULT_LIMITS };
  for (const [name, value] of Object.entries(input)) {
    if (!(LIMIT_NAMES as string[]).includes(name)) {
      throw new ToolscoreInputError(
        { source, path: name },
        `unknown limit ${JSON.stringify(name)}; valid names: ${LIMIT_NAMES.join(', ')}`,
      );
    }
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || (value as number) < 1)
      throw new ToolscoreInputError({ source, path: name }, 'expected a positive whole number');
    if (name === 'maxDepth' && (value as number) > MAX_DEPTH_CEILING) throw depthCeilingError(source, name);
    limits[name as keyof EvaluationLimits] = value as number;
  }
  return limits;
}

/** The error for arguments (or results, metadata, side effects…) nested past the limit. */
export function tooDeepError(source: string, path: string, limit: number, what = 'arguments'): ToolscoreInputError {
  return new ToolscoreInputError(
    { source, path },
    limit >= MAX_DEPTH_CEILING
      ? `${what} nested deeper than ${limit} levels, the most limits.maxDepth (--max-depth) allows`
      : `${what} nested deeper than ${limit} levels; raise limits.maxDepth (--max-depth) if this is intended`,
  );
}

/**
 * Refuses a before-state or after-state past the limits (docs/outcomes.md): more than `maxStateBytes`
 * of JSON, or nested deeper than `maxDepth` (the state diff walks it recursively).
 */
export function checkStateLimits(value: unknown, source: string, limits: EvaluationLimits, path = '$'): void {
  if (jsonLongerThan(value, limits.maxStateBytes)) throw stateTooLargeError(source, limits.maxStateBytes, path);
  if (nestedDeeperThan(value, limits.maxDepth)) throw tooDeepError(source, path, limits.maxDepth, 'the state');
}

/** The error for a before-state or after-state larger than `limits.maxStateBytes`. */
export function stateTooLargeError(source: string, limit: number, path = '$'): ToolscoreInputError {
  return new ToolscoreInputError(
    { source, path },
    `the state is over ${limit} bytes of JSON; raise limits.maxStateBytes (--max-state-bytes) if this is intended`,
  );
}

/**
 * Whether `value` written as compact JSON takes more than `limit` UTF-8 bytes. The walk keeps its own
 * stack and stops as soon as the count passes the limit, so a huge value costs no more than the limit.
 */
export function jsonLongerThan(value: unknown, limit: number): boolean {
  let bytes = 0;
  const stack: unknown[] = [value];
  for (let item = stack.pop(); stack.length > 0 || item !== undefined; item = stack.pop()) {
    if (item !== null && typeof item === 'object') {
      const keys = Object.keys(item);
      // Brackets and commas; an object adds its quoted keys and colons.
      bytes += 2 + Math.max(0, keys.length - 1);
      for (const key of keys) {
        if (!Array.isArray(item)) bytes += Buffer.byteLength(JSON.stringify(key)) + 1;
        stack.push((item as Record<string, unknown>)[key] ?? null);
      }
    } else bytes += typeof item === 'bigint' ? String(item).length : Buffer.byteLength(JSON.stringify(item) ?? 'null');
    if (bytes > limit) return true;
  }
  return false;
}

/**
 * Whether `value` has objects or arrays nested more than `limit` levels deep (a scalar is level 0, `{}`
 * level 1). The walk keeps its own stack, so it is safe on any depth, and it stops descending at the
 * limit: values checked here can then be walked recursively (copied, compared, printed) without risk.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: { item: object; depth: number }[] = [{ item: value, depth: 1 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (top.depth > limit) return true;
    const item = top.item as Record<string, unknown>;
    for (const key in item) {
      if (!hasOwnProperty.call(item, key)) continue;
      const child = item[key];
      if (child !== null && typeof child === 'object') stack.push({ item: child, depth: top.depth + 1 });
    }
  }
  return false;
}

/**
 * Runs `work`, turning a stack overflow (possible only when limits.maxDepth was raised past what the
 * stack holds) into an input error instead of a crash.
 */
export function withStackGuard<T>(work: () => T, source: string): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new ToolscoreInputError(
        { source },
        'input is nested too deeply to process; lower limits.maxDepth (--max-depth) or flatten the arguments',
      );
    }
    throw error;
  }
}
