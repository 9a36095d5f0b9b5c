import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import { nestedDeeperThan, tooDeepError } from '../../core/limits.js';
import type { Args, ToolCall } from '../../core/types.js';
import { hasOwnProperty, isObject, setOwn } from '../../core/objects.js';
import { plainCallTool } from '../../core/plain-call.js';

/**
 * A JSON path, or what builds it: a function, or a `ChildPath`. Normalizing runs on every evaluation,
 * so paths are built only when there is an error to report.
 */
export type LazyPath = string | (() => string) | ChildPath;

/**
 * The path one or two steps below `parent` (`parent.key`, `parent.key.next`), built when read: one
 * small object where a closure would allocate itself and its scope, for readers that keep a path per
 * item of a long history. `pathText` of it is `childPath` applied step by step.
 */
export class ChildPath {
  constructor(
    readonly parent: LazyPath,
    readonly key: string | number,
    readonly next?: string | number,
  ) {}
}

/** The text of a lazy path. */
export function pathText(where: LazyPath): string {
  if (typeof where === 'string') return where;
  if (typeof where === 'function') return where();
  const path = childPath(pathText(where.parent), where.key);
  return where.next === undefined ? path : childPath(path, where.next);
}

/** @internal A lazy path with segments added. */
export function pathOf(where: LazyPath, ...segments: (string | number)[]): string {
  let path = pathText(where);
  for (const segment of segments) path = childPath(path, segment);
  return path;
}

/**
 * Arguments a reader could not read (text that is not JSON), each with its text and the error of its
 * call: the `{}` `readArguments` gives in their place is the key, so the mark travels with the
 * arguments through any reader to the normalization of the call (`toActualCall`, `collectedCall`),
 * which marks it failed, and to the credential scan, which reads the text.
 */
const UNREADABLE_ARGUMENTS = new WeakMap<Args, { text: string; error: string }>();

/** @internal Empty arguments standing for `text`, which could not be read; their call fails with `error`. */
export function unreadableArguments(text: string, error: string): Args {
  const args: Args = {};
  UNREADABLE_ARGUMENTS.set(args, { text, error });
  return args;
}

/** @internal Why a call's arguments could not be read, when `unreadableArguments` made them. */
export function argumentsError(args: Args | null): string | undefined {
  return args === null ? undefined : UNREADABLE_ARGUMENTS.get(args)?.error;
}

/** The text a call's arguments could not be read from, when `unreadableArguments` made them (for the credential scan). */
export function unreadableArgumentsText(args: Args | null): string | undefined {
  return args === null ? undefined : UNREADABLE_ARGUMENTS.get(args)?.text;
}

/**
 * For readers that build their calls themselves: a call whose arguments could not be read failed with
 * that error, whatever its response said (as `toActualCall` has it).
 */
export function failIfArgumentsUnreadable(call: ToolCall): void {
  const error = argumentsError(call.args);
  if (error === undefined) return;
  call.is_error = true;
  call.error = error;
}

/** @internal Throws an input error at a path below `where`. */
export function failAt(source: string, where: LazyPath, reason: string, ...segments: (string | number)[]): never {
  throw new ToolscoreInputError({ source, path: pathOf(where, ...segments) }, reason);
}

function requireCallObject(item: unknown, source: string, where: LazyPath): Record<string, unknown> {
  if (!isObject(item))
    return failAt(source, where, `expected a call object with a "tool" name, got ${describeType(item)}`);
  const tool = item.tool;
  if (typeof tool !== 'string' || tool.trim() === '') {
    return failAt(source, where, `expected a non-empty tool name, got ${describeType(tool)}`, 'tool');
  }
  return item;
}

/** @internal The `args` of a call object: an object or null. */
export function requireArgs(value: unknown, source: string, where: LazyPath): Args | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value))
    return failAt(source, where, `expected an object of arguments (or null), got ${describeType(value)}`, 'args');
  return value;
}

function optionalNumber(
  item: Record<string, unknown>,
  key: string,
  source: string,
  where: LazyPath,
): number | undefined {
  const value = item[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    return failAt(source, where, `expected a number, got ${describeType(value)}`, key);
  return value;
}

/** Keys of an actual call object that have a field of their own; the rest go to `metadata`. */
function isActualField(key: string): boolean {
  switch (key) {
    case 'tool':
    case 'args':
    case 'result':
    case 'error':
    case 'is_error':
    case 'duration':
    case 'cost':
    case 'id':
    case 'timestamp':
    case 'turn':
    case 'metadata':
      return true;
    default:
      return false;
  }
}

/** A call's `turn`: a whole number from 1 (the conversation turn it was made in), or absent. */
function optionalTurn(item: Record<string, unknown>, source: string, where: LazyPath): number | undefined {
  const value = item.turn;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    return failAt(
      source,
      where,
      `expected a whole number from 1 (the conversation turn), got ${typeof value === 'number' ? value : describeType(value)}`,
      'turn',
    );
  return value;
}

/**
 * Normalizes one actual call `{tool, args?, result?, error?, is_error?, duration?, cost?, id?,
 * timestamp?, turn?, metadata?}`. A call failed when it has an error message or `is_error: true` (a message
 * wins over `is_error: false`); `error: true` alone also marks it failed. A call whose arguments a
 * reader could not read failed with that error, whatever its result says.
 */
export function toActualCall(item: unknown, path: LazyPath, source = 'actual'): ToolCall {
  return plainActualCall(item) ?? toActualCallPlainly(item, path, source);
}

/**
 * The fast path of `toActualCall` for the call nearly every list holds, `{tool, args}` and nothing else
 * (a tool name, arguments an object or null that no reader marked unreadable): its other keys are not
 * looked up one by one. Undefined for anything else. `calls.property.test.ts` holds it to the plain path.
 */
function plainActualCall(item: unknown): ToolCall | undefined {
  if (!isObject(item)) return undefined;
  const name = plainCallTool(item);
  if (name === undefined) return undefined;
  const args = item.args;
  if (args === undefined || args === null) return { tool: name, args: null, is_error: false };
  if (!isObject(args) || UNREADABLE_ARGUMENTS.has(args)) return undefined;
  return { tool: name, args, is_error: false };
}

/**
 * `toActualCall` with no fast path: the reference its property test holds it to.
 * @internal Exported for that test.
 */
export function toActualCallPlainly(item: unknown, path: LazyPath, source = 'actual'): ToolCall {
  const call = requireCallObject(item, source, path);
  const args = requireArgs(call.args, source, path);
  const normalized: ToolCall = { tool: (call.tool as string).trim(), args, is_error: false };
  if (call.result !== undefined) normalized.result = call.result;
  const error = call.error;
  const unreadable = argumentsError(args);
  let flagged: boolean | undefined;
  if (unreadable !== undefined) normalized.error = unreadable;
  else if (typeof error === 'boolean') flagged = error;
  else if (isTruthyError(error)) normalized.error = typeof error === 'string' ? error : errorText(error, source, path);
  if (call.is_error !== undefined && call.is_error !== null) {
    if (typeof call.is_error !== 'boolean')
      failAt(source, path, `expected true or false, got ${describeType(call.is_error)}`, 'is_error');
    flagged = call.is_error as boolean;
  }
  normalized.is_error = normalized.error !== undefined || flagged === true;
  const duration = optionalNumber(call, 'duration', source, path);
  if (duration !== undefined) normalized.duration = duration;
  const cost = optionalNumber(call, 'cost', source, path);
  if (cost !== undefined) normalized.cost = cost;
  const timestamp = optionalNumber(call, 'timestamp', source, path);
  if (timestamp !== undefined) normalized.timestamp = timestamp;
  const turn = optionalTurn(call, source, path);
  if (turn !== undefined) normalized.turn = turn;
  if (call.id !== undefined && call.id !== null)
    normalized.id =
      typeof call.id === 'string'
        ? call.id
        : typeof call.id === 'number'
          ? String(call.id)
          : (JSON.stringify(call.id) ?? String(call.id));
  let metadata: Record<string, unknown> | undefined;
  if (isObject(call.metadata)) metadata = { ...call.metadata };
  for (const key in call) {
    if (!isActualField(key) && hasOwnProperty.call(call, key)) setOwn((metadata ??= {}), key, call[key]);
  }
  if (metadata) normalized.metadata = metadata;
  return normalized;
}

/** A structured error as its JSON text; one too deep for that is an input error, not a stack overflow. */
function errorText(error: unknown, source: string, path: LazyPath): string {
  try {
    return JSON.stringify(error);
  } catch (failure) {
    if (failure instanceof RangeError && /call stack/i.test(failure.message))
      return failAt(source, path, 'the error is nested too deeply to read; flatten it', 'error');
    throw failure;
  }
}

/** Empty strings, 0, empty arrays and empty objects mean "no error". */
function isTruthyError(error: unknown): boolean {
  if (error === undefined || error === null || error === '' || error === 0 || error === false) return false;
  if (Array.isArray(error)) return error.length > 0;
  if (typeof error === 'object') return Object.keys(error).length > 0;
  return true;
}

/**
 * Checks that the results and metadata of actual calls nest within `maxDepth` levels: reports copy,
 * mask and print them recursively. Arguments have their own guard (the credential scan).
 */
export function checkResultNesting(actual: readonly ToolCall[], maxDepth: number, source = 'actual'): void {
  for (let i = 0; i < actual.length; i++) {
    const call = actual[i]!;
    if (nestedDeeperThan(call.result, maxDepth)) throw tooDeepError(source, `$[${i}].result`, maxDepth, 'results');
    if (nestedDeeperThan(call.metadata, maxDepth)) throw tooDeepError(source, `$[${i}].metadata`, maxDepth, 'metadata');
  }
}

/** Normalizes a list of actual calls. */
export function toActualCalls(input: readonly unknown[], source = 'actual'): ToolCall[] {
  const calls = new Array<ToolCall>(input.length);
  let i = 0;
  const where = (): string => childPath('$', i);
  for (; i < input.length; i++) calls[i] = toActualCall(input[i], where, source);
  return calls;
}

/**
 * Whether a value is a list of call objects (`[]`, or items with a `tool` key) rather than a raw
 * response. LangChain's legacy actions also have `tool`, but their arguments sit in `tool_input`.
 */
export function isCallList(value: unknown): value is unknown[] {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (!isObject(item) || !('tool' in item) || 'tool_input' in item || 'toolInput' in item) return false;
  }
  return true;
}
