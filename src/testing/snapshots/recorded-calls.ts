import type { ToolCall } from '../../core/types.js';
import { encodeArgs } from '../../match/operators.js';
import { findSecretsInText, redactSecretKinds } from '../../metrics/security.js';
import type { SnapshotCall, SnapshotContent, SnapshotTurn } from './store.js';

/** Characters with a meaning in a regular expression. */
const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|]/g;

/**
 * A string holding credentials becomes a whole-string `$regex` in which each credential is `\S+`: the
 * snapshot keeps the shape of the argument (`Bearer …`, a URL with a token in it) and replays against
 * any token, but the secret itself never lands in a file that gets committed.
 */
function maskString(text: string): unknown {
  const found = findSecretsInText(text);
  if (found.length === 0) return text;
  let pattern = '';
  let at = 0;
  for (const { start, end } of found) {
    pattern += `${text.slice(at, start).replace(REGEX_SPECIAL, '\\$&')}\\S+`;
    at = end;
  }
  return { $regex: pattern + text.slice(at).replace(REGEX_SPECIAL, '\\$&') };
}

/**
 * A tool name or an argument key with each credential replaced by `[REDACTED kind]`. A name cannot be
 * a pattern, so the replay masks the actual calls' names the same way (`maskNames`); without the
 * preview, a rotated credential still replays.
 */
const maskName = redactSecretKinds;

/** A copy with the object keys at every depth through `maskName`; other values as they are. */
function maskKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskKeys);
  if (value === null || typeof value !== 'object') return value;
  // Object.fromEntries defines own properties, so a "__proto__" key stays data.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [maskName(key), maskKeys(item)]));
}

function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskString(value);
  if (Array.isArray(value)) return value.map(maskValue);
  if (value === null || typeof value !== 'object') return value;
  // Inside `$literal` data a `$regex` object would be data, not a matcher: its strings are masked as names.
  if ('$literal' in value) return { $literal: maskLiteral((value as { $literal: unknown }).$literal) };
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [maskName(key), maskValue(item)]));
}

/** `$literal` data with its keys and strings masked like names (no pattern can stand in for a value there). */
function maskLiteral(value: unknown): unknown {
  if (typeof value === 'string') return maskName(value);
  if (Array.isArray(value)) return value.map(maskLiteral);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [maskName(key), maskLiteral(item)]));
}

/** Whether snapshots may keep credentials as recorded (`TOOLSCORE_SHOW_SECRETS=1`). */
function showSecrets(): boolean {
  const flag = process.env.TOOLSCORE_SHOW_SECRETS;
  return flag !== undefined && !['', '0', 'false', 'no'].includes(flag.toLowerCase());
}

/**
 * A recorded text (a user message a gold file expects) as it is stored: the text, or with credentials
 * a `$regex` of its shape (as `recordedCalls` stores argument strings), unless `TOOLSCORE_SHOW_SECRETS=1`.
 */
function recordedText(text: string): unknown {
  return showSecrets() ? text : maskString(text);
}

/**
 * Calls as a snapshot stores them: tool and arguments (`{}` when none), data with `$` keys kept
 * literal, and credentials replaced by patterns unless `TOOLSCORE_SHOW_SECRETS=1`.
 */
export function recordedCalls(calls: readonly ToolCall[]): SnapshotCall[] {
  const keep = showSecrets();
  return calls.map((call) => {
    const args = encodeArgs(call.args ?? {})!;
    return keep
      ? { tool: call.tool, args }
      : { tool: maskName(call.tool), args: maskValue(args) as Record<string, unknown> };
  });
}

/**
 * The calls a replay scores against a snapshot: tool names and argument keys masked as `recordedCalls`
 * stored them (values stay, the stored patterns match them), unless `TOOLSCORE_SHOW_SECRETS=1`.
 */
export function maskNames(calls: readonly ToolCall[]): readonly ToolCall[] {
  if (showSecrets()) return calls;
  return calls.map((call) => {
    const tool = maskName(call.tool);
    const args = call.args === null ? null : (maskKeys(call.args) as ToolCall['args']);
    return { ...call, tool, args };
  });
}

/**
 * Recorded calls split into the turns of their trace, in the conversation gold's shape: one turn per
 * user message (its text through `recordedText`), or per turn up to the calls' highest `turn` when that
 * is more (without `user`), each with the calls made in it (`call.turn`, unmarked calls in turn 1); a
 * turn without a call records none (`"calls": []`). Undefined for a trace of one turn.
 * `recorded[i]` is the stored form of `calls[i]`.
 */
export function recordedTurns(
  recorded: readonly SnapshotCall[],
  calls: readonly ToolCall[],
  userMessages: readonly string[] | undefined,
): SnapshotTurn[] | undefined {
  let count = userMessages?.length ?? 0;
  for (const call of calls) count = Math.max(count, call.turn ?? 1);
  if (count < 2) return undefined;
  const turns = Array.from({ length: count }, (_, k): SnapshotTurn => {
    const user = userMessages?.[k];
    return user === undefined ? { calls: [] } : { user: recordedText(user), calls: [] };
  });
  recorded.forEach((entry, i) => turns[(calls[i]!.turn ?? 1) - 1]!.calls.push(entry));
  return turns;
}

/** What a snapshot of a trace records: its calls, or a conversation's turns (`recordedTurns`). */
export function recordedSnapshot(trace: {
  calls: readonly ToolCall[];
  userMessages?: readonly string[] | undefined;
}): SnapshotContent {
  const calls = recordedCalls(trace.calls);
  const turns = recordedTurns(calls, trace.calls, trace.userMessages);
  return turns === undefined ? { calls } : { turns };
}
