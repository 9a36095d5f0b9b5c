import { DEFAULT_LIMITS, nestedDeeperThan, tooDeepError } from '../../core/limits.js';
import { isObject, setOwn } from '../../core/objects.js';
import type { Args, ToolCall } from '../../core/types.js';
import { IsTypeMatcher, type JsonTypeName } from '../../match/matchers/is-type.js';
import type { Matcher } from '../../match/matchers/matcher.js';
import { RegexMatcher } from '../../match/matchers/regex.js';
import type { SnapshotCall } from '../../testing/snapshots/store.js';
import { recordedCalls, recordedTurns } from '../../testing/snapshots/recorded-calls.js';
import type { GoldArgsMode } from './gold-text.js';

/*
 * A gold file written from recorded calls (`toolscore gold --from-trace`, `--from-adk`): one entry per
 * call, volatile values as patterns, credentials masked, a conversation by turn.
 */

const ISO_TIMESTAMP = '\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?';
const LETTER_DIGIT_BOUNDARY = /[A-Za-z](?=\d)|\d(?=[A-Za-z])/g;
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * Values that differ on every run although the call is the same, and what a gold file written from a
 * trace holds instead, first match wins. Only strings and numbers are looked at, at any depth.
 * A date alone (`2024-05-15`) is kept: it is usually what the user asked for.
 */
const VOLATILE_VALUES: readonly { looksLike: (value: unknown) => boolean; becomes: (value: unknown) => Matcher }[] = [
  // An ISO 8601 date and time: `2024-05-15T10:30:00Z`, `2024-05-15 10:30:00.123+02:00`.
  { looksLike: (value) => matchesWhole(value, ISO_TIMESTAMP), becomes: () => new RegexMatcher(ISO_TIMESTAMP) },
  // A UUID of any version.
  { looksLike: (value) => matchesWhole(value, UUID), becomes: () => new RegexMatcher(UUID) },
  // A hex id of 16 digits or more, with both digits and letters (an ObjectId, a hash): the same length of hex.
  {
    looksLike: (value) => matchesWhole(value, '(?=.*\\d)(?=.*[a-fA-F])[0-9a-fA-F]{16,}'),
    becomes: (value) => new RegexMatcher(`[0-9a-fA-F]{${(value as string).length}}`),
  },
  // A random base64url id (`call_oIHazX6yQrB8hUwl4cRilFKj`): 20 characters or more, capitals and small
  // letters, digits scattered among them (four letter-digit boundaries, so `getUserDetails2024` stays).
  {
    looksLike: (value) =>
      matchesWhole(value, '(?=.*[A-Z])(?=.*[a-z])[A-Za-z0-9_-]{20,}={0,2}') &&
      ((value as string).match(LETTER_DIGIT_BOUNDARY)?.length ?? 0) >= 4,
    becomes: () => new IsTypeMatcher(['string']),
  },
  // Milliseconds since 1970 (a whole number from 2001-09-09 to 2286-11-20): any whole number.
  {
    looksLike: (value) => Number.isInteger(value) && (value as number) >= 1e12 && (value as number) < 1e13,
    becomes: () => new IsTypeMatcher(['integer']),
  },
];

/** Whole-string tests of the table, on JavaScript's engine: the patterns are ours and bounded. */
const WHOLE = new Map<string, RegExp>();
function matchesWhole(value: unknown, pattern: string): boolean {
  if (typeof value !== 'string') return false;
  let regex = WHOLE.get(pattern);
  if (regex === undefined) WHOLE.set(pattern, (regex = new RegExp(`^(?:${pattern})$`)));
  return regex.test(value);
}

/** A copy of a value with volatile-looking values replaced by matchers; `count` says how many. */
function withoutVolatile(value: unknown, count: { volatile: number }): unknown {
  const rule = VOLATILE_VALUES.find((entry) => entry.looksLike(value));
  if (rule !== undefined) {
    count.volatile++;
    return rule.becomes(value);
  }
  if (Array.isArray(value)) return value.map((item) => withoutVolatile(item, count));
  // An object with `$` keys is data a gold file wraps in `$literal`, where a matcher would be data too.
  if (!isObject(value) || Object.keys(value).some((key) => key.startsWith('$'))) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) setOwn(copy, key, withoutVolatile(item, count));
  return copy;
}

/** The JSON type `keys` mode checks a value against; every number is a `number`, so 3 and 3.5 both pass. */
function typeOf(value: unknown): JsonTypeName {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'object';
}

/** The arguments a gold entry expects, before masking, in each mode (`null`: not checked). */
function expectedArgs(args: Args | null, mode: GoldArgsMode, count: { volatile: number }): Args | null {
  if (mode === 'none') return null;
  const given = args ?? {};
  const out: Args = {};
  for (const [key, value] of Object.entries(given))
    setOwn(out, key, mode === 'keys' ? new IsTypeMatcher([typeOf(value)]) : withoutVolatile(value, count));
  return out;
}

/**
 * A gold file's calls written from a trace's calls: one entry per call, in order, with its arguments as
 * `mode` says (`exact`: as recorded, volatile-looking values as patterns; `keys`: each argument's JSON
 * type; `none`: `args: null`, not checked). Credentials become `$regex` shapes as snapshots store them
 * (`TOOLSCORE_SHOW_SECRETS=1` keeps them).
 */
function goldFromCalls(calls: readonly ToolCall[], mode: GoldArgsMode): { gold: SnapshotCall[]; volatile: number } {
  const count = { volatile: 0 };
  const shaped = calls.map((call) => ({ ...call, args: expectedArgs(call.args, mode, count) }));
  const recorded = recordedCalls(shaped);
  const gold = recorded.map((call, i) => (shaped[i]!.args === null ? { tool: call.tool, args: null } : call));
  return { gold, volatile: count.volatile };
}

/** A gold file's text written from a reading's calls, and what the summary line counts. */
export interface GoldFileText {
  text: string;
  calls: number;
  /** The conversation's turns, when the gold file has them. */
  turns: number | undefined;
  volatile: number;
}

/**
 * The gold file for a reading's calls (and, for a conversation, its user messages: then by turn,
 * `{"turns": [{"user", "calls"}, ...]}`, as `recordedTurns` splits a snapshot); arguments nested deeper than the limit are an input error naming `source`.
 */
export function goldFileText(
  calls: readonly ToolCall[],
  userMessages: readonly string[] | undefined,
  mode: GoldArgsMode,
  source: string,
): GoldFileText {
  const limit = DEFAULT_LIMITS.maxDepth;
  calls.forEach((call, i) => {
    if (nestedDeeperThan(call.args, limit)) throw tooDeepError(source, `$[${i}].args`, limit);
  });
  const { gold, volatile } = goldFromCalls(calls, mode);
  // A conversation is written by turn, as its snapshot is.
  const turns = recordedTurns(gold, calls, userMessages);
  const text = `${JSON.stringify(turns === undefined ? gold : { turns }, null, 2)}\n`;
  return { text, calls: gold.length, turns: turns?.length, volatile };
}
