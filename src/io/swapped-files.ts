import { childPath } from '../core/errors.js';
import { isObject } from '../core/objects.js';
import type { ToolCall } from '../core/types.js';
import { detectFormat } from '../formats/registry.js';
import { OPERATORS, closestOperator } from '../match/operators.js';

/** A hint that a gold file and a trace were given the wrong way round. */
export interface SwapHint {
  /** JSON path of what gave it away (`$` for the whole file); empty for a trace, whose calls have no one path. */
  path: string;
  message: string;
}

const SWAPPED = 'are the gold and trace files swapped?';

/**
 * Keys only a recorded call has a value for: what happened when it ran. Not `result`: a gold call's
 * `result` says what the call must return (docs/outcomes.md). The Python tool writes `result`,
 * `duration` and `timestamp` as null into the gold files it generates, so only a value counts.
 */
const RECORDED_KEYS = ['error', 'is_error', 'duration', 'timestamp'] as const;

/** The call lists of a parsed gold file, with their paths (as `goldCallsOf` finds them; a conversation's, turn by turn). */
function goldLists(data: unknown): [list: unknown[], path: string][] {
  if (Array.isArray(data)) return [[data, '$']];
  if (!isObject(data)) return [];
  if (Array.isArray(data.calls)) return [[data.calls, '$.calls']];
  if (Array.isArray(data.turns))
    return data.turns.flatMap((turn, k): [unknown[], string][] =>
      isObject(turn) && Array.isArray(turn.calls) ? [[turn.calls, `$.turns[${k}].calls`]] : [],
    );
  if (isObject(data.calls) && Array.isArray(data.calls.expected)) return [[data.calls.expected, '$.calls.expected']];
  return [];
}

/**
 * Whether a parsed gold file looks like a trace: the whole file is a trace format other than the plain
 * call list (a provider response, an OpenTelemetry export, ...), or a call carries what only running it
 * gives (an error, a duration, a timestamp). Calls inside any-order groups are not looked into: a trace has none.
 */
export function goldLooksLikeTrace(data: unknown): SwapHint | undefined {
  const format = detectFormat(data);
  if (format !== undefined && format !== 'custom')
    return { path: '$', message: `this looks like a trace (${format} format), not a gold file; ${SWAPPED}` };
  return recordedCallHint(data);
}

/** The part of `goldLooksLikeTrace` about calls with a recorded error, duration or timestamp (cheap: no format detection). */
export function recordedCallHint(data: unknown): SwapHint | undefined {
  for (const [list, path] of goldLists(data)) {
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      if (!isObject(item)) continue;
      const key = RECORDED_KEYS.find((name) => item[name] !== undefined && item[name] !== null);
      if (key !== undefined)
        return {
          path: childPath(childPath(path, i), key),
          message: `a call has a recorded ${key}, as a trace's calls do and a gold file's do not; ${SWAPPED}`,
        };
    }
  }
  return undefined;
}

/** Keys of a call only the gold language gives it: a trace's calls never carry them. */
const GOLD_ONLY_CALL_KEYS = ['optional', 'extra_args', 'side_effects', '$any_order'] as const;
/** Keys of the object a gold call list sits in that no trace has. */
const GOLD_ONLY_FILE_KEYS = ['order', 'ignore_tools', 'allow_extra_calls'] as const;

const isKnownOperator = (key: string): boolean => (OPERATORS as readonly string[]).includes(key);
/** An operator or a typo of one (`$regx`); other `$` keys (MongoDB's `$gt`) may be a trace's data. */
const isOperatorLike = (key: string): boolean =>
  key.startsWith('$') && (isKnownOperator(key) || closestOperator(key) !== undefined);

/**
 * What marks a parsed file as gold rather than a trace, for a file that may be either (`validate`): a
 * key only gold has (`optional`, `$any_order`, `ignore_tools`, ...), or an operator where one stands
 * (in a call's arguments, or its tool), or a typo of one (`$regx`), in a file none of whose calls has a
 * recorded error, duration or timestamp. Returns the JSON path of the first one; undefined when none.
 */
export function goldMarkIn(data: unknown): string | undefined {
  if (recordedCallHint(data) !== undefined) return undefined;
  if (isObject(data) && Array.isArray(data.calls)) {
    const key = GOLD_ONLY_FILE_KEYS.find((name) => Object.hasOwn(data, name));
    if (key !== undefined) return childPath('$', key);
  }
  // No trace has turns of expected calls.
  if (isObject(data) && Array.isArray(data.turns) && goldLists(data).length > 0) return '$.turns';
  for (const [list, path] of goldLists(data)) {
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      if (!isObject(item)) continue;
      const at = childPath(path, i);
      const key = GOLD_ONLY_CALL_KEYS.find((name) => Object.hasOwn(item, name));
      if (key !== undefined) return childPath(at, key);
      if (isObject(item.tool) && Object.keys(item.tool).some(isOperatorLike)) return childPath(at, 'tool');
      const found = isObject(item.args) ? operatorIn(item.args, isOperatorLike) : undefined;
      if (found !== undefined) return `${at}.${found.path}`;
    }
  }
  return undefined;
}

/** The path below a call's arguments of the first `$` operator object in them, e.g. `args.q`; undefined when none. */
function operatorIn(
  args: Record<string, unknown>,
  isOperator: (key: string) => boolean = isKnownOperator,
): { path: string; operator: string } | undefined {
  // Iterative, so arguments not yet checked against the nesting limit cannot overflow the stack.
  const stack: [value: unknown, path: string][] = [[args, 'args']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], childPath(path, i)]);
      continue;
    }
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj);
    const operator = path === 'args' ? undefined : keys.find(isOperator);
    if (operator !== undefined) return { path, operator };
    for (let k = keys.length - 1; k >= 0; k--) stack.push([obj[keys[k]!], childPath(path, keys[k]!)]);
  }
  return undefined;
}

/**
 * Whether a trace looks like a gold file: a call's arguments hold a `$` operator (`{"$regex": ...}`)
 * and no call has a result, an error or a duration. Tools whose arguments really hold such keys
 * (MongoDB queries) are recorded with their results, so they are not taken for gold.
 */
export function traceLooksLikeGold(calls: readonly ToolCall[]): SwapHint | undefined {
  if (calls.some((call) => call.result !== undefined || call.is_error || call.duration !== undefined)) return undefined;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    const found = call.args === null ? undefined : operatorIn(call.args);
    if (found !== undefined)
      return {
        path: '',
        message: `call ${i + 1} (${call.tool}) has a ${found.operator} operator in its arguments (at ${found.path}) and no call has a recorded result: this looks like a gold file; ${SWAPPED}`,
      };
  }
  return undefined;
}
