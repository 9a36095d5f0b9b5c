import { toActualCall } from '../support/calls.js';
import { setOwn } from '../../core/objects.js';
import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import { describeKeys } from '../support/call-collector.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { isObject } from '../../core/objects.js';
import type { ParseContext, TraceFormat } from '../types.js';

/** Aliases the custom format accepts, first present wins (present, not truthy: `0` and `{}` are kept). */
const NAME_KEYS = ['tool', 'name', 'function'] as const;
const ARGS_KEYS = ['args', 'arguments', 'input'] as const;
const ALIASES: readonly (readonly [string, string])[] = [
  ['output', 'result'],
  ['time', 'timestamp'],
  ['elapsed', 'duration'],
];

function firstPresent(item: Record<string, unknown>, keys: readonly string[]): [string, unknown] | undefined {
  for (const key of keys) if (item[key] !== undefined) return [key, item[key]];
  return undefined;
}

/** Reads one custom call entry; returns undefined (with a warning) for entries that name no tool. */
function readCall(item: unknown, path: string, context: ParseContext): ToolCall | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    context.warn(path, `skipped ${describeType(item)}: expected a call object`);
    return undefined;
  }
  const entry = item as Record<string, unknown>;
  const named = firstPresent(entry, NAME_KEYS);
  let name = named?.[1];
  let rawArgs = firstPresent(entry, ARGS_KEYS);
  // OpenAI-style {"function": {"name", "arguments"}} entries.
  if (named?.[0] === 'function' && name !== null && typeof name === 'object') {
    const fn = name as Record<string, unknown>;
    name = fn.name;
    rawArgs ??= fn.arguments === undefined ? undefined : ['function.arguments', fn.arguments];
  }
  if (typeof name !== 'string' || name.trim() === '') {
    context.warn(path, 'skipped a call with no tool name');
    return undefined;
  }
  const normalized: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if ((NAME_KEYS as readonly string[]).includes(key) || (ARGS_KEYS as readonly string[]).includes(key)) continue;
    const alias = ALIASES.find(([from]) => from === key);
    if (alias && entry[alias[1]] === undefined) normalized[alias[1]] = value;
    else setOwn(normalized, key, value);
  }
  normalized.tool = name;
  normalized.args = rawArgs === undefined ? null : readArguments(rawArgs[1], childPath(path, rawArgs[0]), context);
  return toActualCall(normalized, path, context.source);
}

/** The guide's own trace shape: a list of `{tool, args, result, error, is_error, duration, cost, id}`, or `{calls: [...]}`. */
export const customFormat: TraceFormat = {
  name: 'custom',
  looksFor: 'a list of {tool, args} calls or {"calls": [...]}',
  marks: ['calls', 'tool', 'args'],
  detect: looksLikeCustom,
  description: 'a list of {tool, args, result, error, is_error, duration, cost, id} calls, or {"calls": [...]}',
  parse(data, context) {
    let items: unknown;
    let path = '$';
    if (Array.isArray(data)) items = data;
    else if (isObject(data)) {
      if (data.calls !== undefined) [items, path] = [data.calls, '$.calls'];
      else if (data.tool_calls !== undefined) [items, path] = [data.tool_calls, '$.tool_calls'];
      else if (isOneCall(data)) items = [data];
    }
    if (!Array.isArray(items)) {
      throw new ToolscoreInputError(
        { source: context.source, path },
        `expected a list of calls, {"calls": [...]} or one call {"tool", "args"}; got ${items === undefined ? describeKeys(data) : describeType(items)}`,
      );
    }
    const calls: ToolCall[] = [];
    items.forEach((item: unknown, i) => {
      const call = readCall(item, path === '$' && !Array.isArray(data) ? path : childPath(path, i), context);
      if (call) calls.push(call);
    });
    return calls;
  },
  // JSON Lines: one call per line (a line holding a list gives one call per element).
  createStreamReader(context) {
    const calls: ToolCall[] = [];
    return {
      push(item, path) {
        const entries = Array.isArray(item) ? item : [item];
        entries.forEach((entry: unknown, i) => {
          const call = readCall(entry, Array.isArray(item) ? childPath(path, i) : path, context);
          if (call) calls.push(call);
        });
      },
      finish: () => calls,
    };
  },
};

const CALL_NAME_KEYS = ['tool', 'name', 'function'];

/** The keys a call object of this format may hold; the others of an object named by `name` mean it is something else. */
const CALL_KEYS = new Set<string>([
  ...NAME_KEYS,
  ...ARGS_KEYS,
  ...ALIASES.flat(),
  'error',
  'is_error',
  'cost',
  'id',
  'metadata',
]);

/**
 * Whether an object is one call rather than some other record: it has a `tool`, or a `name` beside
 * arguments, or only keys a call has. An object named by `name` is often no call at all (an ADK eval
 * set is `{eval_set_id, name, eval_cases}`); reading it as one would invent a call named after it.
 */
function isOneCall(data: Record<string, unknown>): boolean {
  if (data.tool !== undefined) return true;
  if (data.name === undefined) return false;
  return ARGS_KEYS.some((key) => data[key] !== undefined) || Object.keys(data).every((key) => CALL_KEYS.has(key));
}

function isCustomCall(item: unknown): boolean {
  return isObject(item) && CALL_NAME_KEYS.some((key) => item[key] !== undefined);
}

/** A list of calls (or the empty list), or an object holding `calls` / `tool_calls` lists or one `tool` call. */
function looksLikeCustom(data: unknown): boolean {
  return (
    (Array.isArray(data) && (data.length === 0 || data.some(isCustomCall))) ||
    (isObject(data) && (Array.isArray(data.calls) || Array.isArray(data.tool_calls) || typeof data.tool === 'string'))
  );
}
