import type { ToolCall } from '../../core/types.js';
import { encodeArgs } from '../../match/operators.js';
import { findSecretsInText } from '../../metrics/security.js';
import type { SnapshotCall } from './store.js';

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

function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskString(value);
  if (Array.isArray(value)) return value.map(maskValue);
  if (value === null || typeof value !== 'object') return value;
  // `$literal` data is kept as written: inside it, a `$regex` object would be data, not a matcher.
  if ('$literal' in value) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskValue(item)]));
}

/** Whether snapshots may keep credentials as recorded (`TOOLSCORE_SHOW_SECRETS=1`). */
function showSecrets(): boolean {
  const flag = process.env.TOOLSCORE_SHOW_SECRETS;
  return flag !== undefined && !['', '0', 'false', 'no'].includes(flag.toLowerCase());
}

/**
 * Calls as a snapshot stores them: tool and arguments (`{}` when none), data with `$` keys kept
 * literal, and credentials replaced by patterns unless `TOOLSCORE_SHOW_SECRETS=1`.
 */
export function recordedCalls(calls: readonly ToolCall[]): SnapshotCall[] {
  const keep = showSecrets();
  return calls.map((call) => {
    const args = encodeArgs(call.args ?? {})!;
    return { tool: call.tool, args: keep ? args : (maskValue(args) as Record<string, unknown>) };
  });
}
