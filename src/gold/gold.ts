import { decodeMembers, decodeOperators, type DecodeContext } from '../match/operators.js';
import { canonicalJson } from '../match/canonical.js';
import { isMatcher } from '../match/matchers/matcher.js';
import { OneOfMatcher } from '../match/matchers/one-of.js';
import { RegexSearch } from '../match/matchers/regex.js';
import { ToolscoreInputError, childPath, describeType } from '../core/errors.js';
import { DEFAULT_LIMITS, nestedDeeperThan, tooDeepError } from '../core/limits.js';
import type {
  ExpectedCall,
  Gold,
  GoldOptions,
  GoldTurn,
  ReplyNormalization,
  ResponseCheck,
  StateCheck,
  TrajectoryMode,
} from '../core/types.js';
import { hasOwnProperty, isObject } from '../core/objects.js';
import { onlyToolAndArgs, plainCallTool } from '../core/plain-call.js';
import { parsePathPattern } from '../core/state-paths.js';
import { failAt, pathOf, requireArgs, type LazyPath } from '../formats/support/calls.js';

/*
 * The gold language: a list of expected calls (or `{"calls": [...], ...options}`, or a conversation's
 * `{"turns": [{"user"?, "calls": [...], ...options}, ...], ...options}`), each
 * `{tool, args?, description?, side_effects?, schema?, optional?, extra_args?}` or an any-order group
 * `{"$any_order": [call, ...]}`. docs/gold-language.md is the one description of what each key means;
 * this file reads them, the scoring (pairing/gold-view.ts) applies them.
 */

/** File-level options when a gold file says nothing: today's meaning, the Python tool's. */
export const DEFAULT_GOLD_OPTIONS: GoldOptions = Object.freeze({
  order: 'strict',
  extra_args: 'deny',
  ignore_tools: Object.freeze([]) as readonly string[],
  allow_extra_calls: false,
});

/**
 * What each of agentevals' trajectory match modes means in the gold language (docs/gold-language.md
 * says where the meanings differ). Arguments are not part of a mode: `extra_args` stays its own key.
 */
export const TRAJECTORY_MODES: {
  readonly [Mode in TrajectoryMode]: { order: GoldOptions['order']; allow_extra_calls: boolean; optional: boolean };
} = {
  strict: { order: 'strict', allow_extra_calls: false, optional: false },
  unordered: { order: 'any', allow_extra_calls: false, optional: false },
  subset: { order: 'any', allow_extra_calls: false, optional: true },
  superset: { order: 'any', allow_extra_calls: true, optional: false },
};

/** The mode names, in agentevals' order. */
export const TRAJECTORY_MODE_NAMES = Object.keys(TRAJECTORY_MODES) as TrajectoryMode[];

/** The file-level options read, and the mode they were named by (`subset` also marks every call optional). */
interface FileReading {
  options: GoldOptions;
  mode: TrajectoryMode | undefined;
  /** `"require_success": true`: every call without its own `succeeds` must succeed. */
  requireSuccess: boolean;
  /** `"response"`: what the reply must say. */
  response: ResponseCheck | undefined;
}

/** Where expected calls sit and how deep their arguments may nest. */
export interface ExpectedCallsOptions {
  /** JSON path of the list inside its source, for messages (default `$`). */
  path?: string;
  /** Deepest nesting of arguments (default `DEFAULT_LIMITS.maxDepth`). */
  maxDepth?: number;
}

/**
 * Reads a gold standard: a JSON array of entries, an object `{"calls": [...]}` with file-level options
 * (`order`, `extra_args`, `ignore_tools`, `allow_extra_calls`), a conversation `{"turns": [...]}`, or a
 * snapshot / `toDict()` record, whose `calls.expected` serve as gold. `$` operators in `args` become matchers.
 */
export function readGold(data: unknown, source = 'expected', options: ExpectedCallsOptions = {}): Gold {
  const base = options.path ?? '$';
  if (Array.isArray(data))
    return { calls: readEntries(data, source, base, options, PLAIN_READING), options: DEFAULT_GOLD_OPTIONS };
  if (isObject(data)) {
    if (hasOwnProperty.call(data, 'turns')) return readConversation(data, source, base, options);
    const calls = data.calls;
    if (Array.isArray(calls)) {
      const file = readGoldOptions(data, source, base);
      const gold: Gold = {
        calls: readEntries(calls, source, childPath(base, 'calls'), options, file),
        options: file.options,
      };
      if (file.response) gold.response = file.response;
      readStateKey(gold, data, source, base, options);
      return gold;
    }
    if (isObject(calls) && Array.isArray(calls.expected)) {
      const path = childPath(childPath(base, 'calls'), 'expected');
      return {
        calls: readEntries(calls.expected, source, path, options, PLAIN_READING),
        options: DEFAULT_GOLD_OPTIONS,
      };
    }
  }
  throw new ToolscoreInputError(
    { source, path: base },
    `expected a JSON array of calls (or {"calls": [...]}), got ${describeType(data)}`,
  );
}

/**
 * The fast path of `readGold` for the gold nearly every evaluation gets: a list of calls each holding a
 * tool name and `args` (an object or null) and nothing else, with no `$` key or nesting past `maxDepth`
 * inside the arguments. Such a list reads as its calls with their arguments as they are
 * (there is nothing to decode), in one walk with no path, trail or copy. Undefined for anything else,
 * which `readGold` reads (and rejects, when it must) itself. `plain-gold.property.test.ts` holds the two
 * to the same gold.
 */
export function readPlainGold(data: unknown, maxDepth: number = DEFAULT_LIMITS.maxDepth): Gold | undefined {
  if (!Array.isArray(data)) return undefined;
  const calls: ExpectedCall[] = [];
  for (let i = 0; i < data.length; i++) {
    const item: unknown = data[i];
    if (!isObject(item)) return undefined;
    const name = plainCallTool(item);
    if (name === undefined) return undefined;
    const args = item.args;
    if (args === undefined || args === null) calls.push({ tool: name, args: null });
    else if (isObject(args) && plainData(args, 0, maxDepth)) calls.push({ tool: name, args });
    else return undefined;
  }
  return { calls, options: DEFAULT_GOLD_OPTIONS };
}

/**
 * Whether a container (at `depth` keys and positions below the arguments) holds nothing the decoder
 * would change or reject: no `$` key (an operator, or a literal name the plain path decides on), nothing
 * nested `maxDepth` levels deep. A matcher given in memory is walked as data: the decoder keeps it as
 * it is, and whatever this walk finds in it only sends the gold to the plain path.
 */
function plainData(container: object, depth: number, maxDepth: number): boolean {
  if (depth >= maxDepth) return false;
  if (Array.isArray(container)) {
    for (let i = 0; i < container.length; i++) {
      const item: unknown = container[i];
      if (item !== null && typeof item === 'object' && !plainData(item, depth + 1, maxDepth)) return false;
    }
    return true;
  }
  for (const key in container) {
    if (key.charCodeAt(0) === 0x24 /* $ */) return false;
    if (!hasOwnProperty.call(container, key)) continue;
    const item: unknown = (container as Record<string, unknown>)[key];
    if (item !== null && typeof item === 'object' && !plainData(item, depth + 1, maxDepth)) return false;
  }
  return true;
}

/**
 * Normalizes a list of expected calls given in memory or read from a gold file (see `readGold` for the
 * object form). Any-order groups are flattened in place, their members marked with a group number.
 */
export function toExpectedCalls(
  input: unknown,
  source = 'expected',
  options: ExpectedCallsOptions = {},
): ExpectedCall[] {
  const base = options.path ?? '$';
  if (!Array.isArray(input)) return failAt(source, base, `expected an array of calls, got ${describeType(input)}`);
  return readEntries(input, source, base, options, PLAIN_READING);
}

/** A list of calls with no file around it: every option at its default. */
const PLAIN_READING: FileReading = {
  options: DEFAULT_GOLD_OPTIONS,
  mode: undefined,
  requireSuccess: false,
  response: undefined,
};

/**
 * A conversation gold: `{"turns": [{"user"?, "calls": [...], ...options}, ...], ...options}`. Each turn
 * is read as a gold file of its own whose options are the file's with the turn's own keys laid over them.
 */
function readConversation(
  data: Record<string, unknown>,
  source: string,
  base: string,
  options: ExpectedCallsOptions,
): Gold {
  const at = childPath(base, 'turns');
  if (data.calls !== undefined)
    throw new ToolscoreInputError(
      { source, path: childPath(base, 'calls') },
      'a gold file has "calls" or "turns", not both; put the calls in their turns',
    );
  const list = data.turns;
  if (!Array.isArray(list) || list.length === 0)
    throw new ToolscoreInputError(
      { source, path: at },
      `expected a non-empty array of turns {"user"?, "calls": [...]}, got ${describeType(list)}`,
    );
  const file = readGoldOptions(data, source, base);
  const context: DecodeContext = { source, regexMode: 'full', maxDepth: options.maxDepth ?? DEFAULT_LIMITS.maxDepth };
  const turns = list.map((item, k): GoldTurn => {
    const where = childPath(at, k);
    if (!isObject(item))
      throw new ToolscoreInputError(
        { source, path: where },
        `turn ${k + 1}: expected a turn {"user"?, "calls": [...]}, got ${describeType(item)}`,
      );
    if (!Array.isArray(item.calls))
      throw new ToolscoreInputError(
        { source, path: childPath(where, 'calls') },
        `turn ${k + 1}: expected an array of calls ([] for "answer without calling a tool"), got ${describeType(item.calls)}`,
      );
    const reading = inTurn(() => turnReading(file, item, source, where), k);
    const turn: GoldTurn = {
      calls: inTurn(() => readEntries(item.calls as unknown[], source, childPath(where, 'calls'), options, reading), k),
      options: reading.options,
    };
    if (item.user !== undefined && item.user !== null) turn.user = inTurn(() => readUser(item.user, where, context), k);
    if (reading.response) turn.response = reading.response;
    return turn;
  });
  const gold: Gold = { calls: turns.flatMap((turn) => turn.calls), options: file.options, turns };
  if (file.response) gold.response = file.response;
  readStateKey(gold, data, source, base, options);
  return gold;
}

/** Runs a reading of turn `k`, its errors saying which turn they are in (`turn 3: ...`) beside the path. */
function inTurn<T>(read: () => T, k: number): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ToolscoreInputError && !error.reason.startsWith('turn '))
      throw new ToolscoreInputError(error.location, `turn ${k + 1}: ${error.reason}`);
    throw error;
  }
}

/** A turn's `user`: a string, or a matcher of one (`{"$regex": "refund"}`). */
function readUser(value: unknown, where: string, context: DecodeContext): unknown {
  const path = childPath(where, 'user');
  if (typeof value === 'string') return value;
  if (isMatcher(value)) return value;
  if (isObject(value)) {
    const decoded = decodeOperators(value, path, context);
    if (isMatcher(decoded)) return decoded;
  }
  throw new ToolscoreInputError(
    { source: context.source, path },
    `expected the user's message as a string or a matcher ({"$regex": ...}), got ${describeType(value)}`,
  );
}

/**
 * The options of one turn: the file's, with the turn's own keys over them. A turn's `mode` replaces the
 * file's mode and what it implied; a turn's `order` or `allow_extra_calls` overrides the file's.
 */
function turnReading(file: FileReading, turn: Record<string, unknown>, source: string, where: string): FileReading {
  const own = readGoldOptions(turn, source, where);
  const given = (key: string): boolean => turn[key] !== undefined && turn[key] !== null;
  const ownMode = own.mode !== undefined;
  const options: GoldOptions = {
    order: given('order') || ownMode ? own.options.order : file.options.order,
    extra_args: given('extra_args') ? own.options.extra_args : file.options.extra_args,
    ignore_tools: given('ignore_tools') ? own.options.ignore_tools : file.options.ignore_tools,
    allow_extra_calls:
      given('allow_extra_calls') || ownMode ? own.options.allow_extra_calls : file.options.allow_extra_calls,
  };
  const plain =
    options.order === DEFAULT_GOLD_OPTIONS.order &&
    options.extra_args === DEFAULT_GOLD_OPTIONS.extra_args &&
    !options.allow_extra_calls &&
    options.ignore_tools.length === 0;
  return {
    options: plain ? DEFAULT_GOLD_OPTIONS : options,
    mode: ownMode ? own.mode : file.mode,
    requireSuccess: given('require_success') ? own.requireSuccess : file.requireSuccess,
    // A turn's own reply check only: the file's checks the conversation's final reply.
    response: own.response,
  };
}

function readGoldOptions(data: Record<string, unknown>, source: string, base: string): FileReading {
  const at = (key: string) => childPath(base, key);
  const given = (key: string): boolean => data[key] !== undefined && data[key] !== null;
  const choice = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    if (!given(key)) return fallback;
    const value = data[key];
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
      throw new ToolscoreInputError(
        { source, path: at(key) },
        `expected ${allowed.map((one) => JSON.stringify(one)).join(' or ')}, got ${describeType(value)}`,
      );
    }
    return value as T;
  };
  const mode = given('mode') ? choice('mode', TRAJECTORY_MODE_NAMES, 'strict') : undefined;
  const implied = mode === undefined ? undefined : TRAJECTORY_MODES[mode];
  const order = choice('order', ['strict', 'any'] as const, implied?.order ?? 'strict');
  const extraArgs = choice('extra_args', ['allow', 'deny'] as const, 'deny');
  let allowExtraCalls = implied?.allow_extra_calls ?? false;
  if (given('allow_extra_calls')) {
    if (typeof data.allow_extra_calls !== 'boolean')
      throw new ToolscoreInputError(
        { source, path: at('allow_extra_calls') },
        `expected true or false, got ${describeType(data.allow_extra_calls)}`,
      );
    allowExtraCalls = data.allow_extra_calls;
  }
  if (mode !== undefined) {
    // A mode is a name for these keys: saying both, differently, is a contradiction, not an override.
    if (order !== implied!.order) throw modeConflict(source, at('order'), mode, 'order', order);
    if (allowExtraCalls !== implied!.allow_extra_calls)
      throw modeConflict(source, at('allow_extra_calls'), mode, 'allow_extra_calls', allowExtraCalls);
  }
  const ignoreTools = readToolList(data.ignore_tools, source, at('ignore_tools'));
  let requireSuccess = false;
  if (given('require_success')) {
    if (typeof data.require_success !== 'boolean')
      throw new ToolscoreInputError(
        { source, path: at('require_success') },
        `expected true or false, got ${describeType(data.require_success)}`,
      );
    requireSuccess = data.require_success;
  }
  const response = given('response') ? readResponse(data.response, source, at('response')) : undefined;
  if (
    order === DEFAULT_GOLD_OPTIONS.order &&
    extraArgs === DEFAULT_GOLD_OPTIONS.extra_args &&
    !allowExtraCalls &&
    ignoreTools.length === 0
  )
    return { options: DEFAULT_GOLD_OPTIONS, mode, requireSuccess, response };
  return {
    options: { order, extra_args: extraArgs, ignore_tools: ignoreTools, allow_extra_calls: allowExtraCalls },
    mode,
    requireSuccess,
    response,
  };
}

const NORMALIZATIONS: readonly ReplyNormalization[] = ['none', 'tau', 'bfcl'];

/**
 * `"response": {"contains"?, "contains_any"?, "not_contains"?, "regex"?, "normalize"?}`: what the agent's
 * reply must say.
 * The pattern is compiled now (on the linear-time engine), so a bad one is an error naming its path.
 */
function readResponse(value: unknown, source: string, path: string): ResponseCheck {
  if (!isObject(value))
    throw new ToolscoreInputError(
      { source, path },
      `expected an object {"contains"?, "contains_any"?, "not_contains"?, "regex"?, "normalize"?}, got ${describeType(value)}`,
    );
  const texts = (key: 'contains' | 'contains_any' | 'not_contains'): string[] => {
    const list = value[key];
    if (list === undefined || list === null) return [];
    if (!Array.isArray(list))
      throw new ToolscoreInputError(
        { source, path: childPath(path, key) },
        `expected an array of texts, got ${describeType(list)}`,
      );
    return list.map((text, k) => {
      if (typeof text !== 'string' || text === '')
        throw new ToolscoreInputError(
          { source, path: childPath(childPath(path, key), k) },
          `expected a non-empty text, got ${describeType(text)}`,
        );
      return text;
    });
  };
  const check: ResponseCheck = { contains: texts('contains'), not_contains: texts('not_contains'), normalize: 'none' };
  if (value.contains_any !== undefined && value.contains_any !== null) {
    const any = texts('contains_any');
    // An empty any-of can never be met: it is a mistake, not a check.
    if (any.length === 0)
      throw new ToolscoreInputError(
        { source, path: childPath(path, 'contains_any') },
        'expected at least one text (the reply must say one of them)',
      );
    check.contains_any = any;
  }
  if (value.regex !== undefined && value.regex !== null) {
    if (typeof value.regex !== 'string')
      throw new ToolscoreInputError(
        { source, path: childPath(path, 'regex') },
        `expected a pattern as a string, got ${describeType(value.regex)}`,
      );
    try {
      RegexSearch(value.regex);
    } catch (error) {
      throw new ToolscoreInputError(
        { source, path: childPath(path, 'regex') },
        `invalid pattern: ${(error as Error).message}`,
      );
    }
    check.regex = value.regex;
  }
  if (value.normalize !== undefined && value.normalize !== null) {
    if (typeof value.normalize !== 'string' || !(NORMALIZATIONS as readonly string[]).includes(value.normalize))
      throw new ToolscoreInputError(
        { source, path: childPath(path, 'normalize') },
        `expected ${NORMALIZATIONS.map((name) => JSON.stringify(name)).join(' or ')}, got ${describeType(value.normalize)}`,
      );
    check.normalize = value.normalize as ReplyNormalization;
  }
  if (
    check.contains.length === 0 &&
    check.contains_any === undefined &&
    check.not_contains.length === 0 &&
    check.regex === undefined
  )
    throw new ToolscoreInputError(
      { source, path },
      'a response check needs "contains", "contains_any", "not_contains" or "regex" (it checks nothing otherwise)',
    );
  return check;
}

/** Sets `gold.state` from a file's `"state"` key, when given (a file-level key only: the state is the run's). */
function readStateKey(
  gold: Gold,
  data: Record<string, unknown>,
  source: string,
  base: string,
  options: ExpectedCallsOptions,
): void {
  if (data.state === undefined || data.state === null) return;
  const context: DecodeContext = { source, regexMode: 'full', maxDepth: options.maxDepth ?? DEFAULT_LIMITS.maxDepth };
  gold.state = readState(data.state, childPath(base, 'state'), context);
}

/**
 * `"state": {"expected"?, "allowed_changes"?, "unchanged"?}`. `expected` is a partial after-state whose
 * values may be `$` operators; each `allowed_changes` pattern is parsed now, so a bad one names its path.
 */
function readState(value: unknown, path: string, context: DecodeContext): StateCheck {
  const { source } = context;
  if (!isObject(value))
    throw new ToolscoreInputError(
      { source, path },
      `expected an object {"expected"?, "allowed_changes"?, "unchanged"?}, got ${describeType(value)}`,
    );
  const given = (key: string): boolean => value[key] !== undefined && value[key] !== null;
  const check: StateCheck = { allowed_changes: [], unchanged: false };
  if (given('expected')) {
    const at = childPath(path, 'expected');
    if (!isObject(value.expected) || isMatcher(value.expected))
      throw new ToolscoreInputError(
        { source, path: at },
        `expected an object naming what the after-state holds, got ${describeType(value.expected)}`,
      );
    const decoded = decodeOperators(value.expected, at, context);
    if (!isObject(decoded) || isMatcher(decoded))
      throw new ToolscoreInputError(
        { source, path: at },
        'expected an object naming what the after-state holds, not a $ operator for the whole state',
      );
    check.expected = decoded;
  }
  if (given('unchanged')) {
    if (typeof value.unchanged !== 'boolean')
      throw new ToolscoreInputError(
        { source, path: childPath(path, 'unchanged') },
        `expected true or false, got ${describeType(value.unchanged)}`,
      );
    check.unchanged = value.unchanged;
  }
  if (given('allowed_changes')) {
    const at = childPath(path, 'allowed_changes');
    const list = value.allowed_changes;
    if (!Array.isArray(list))
      throw new ToolscoreInputError({ source, path: at }, `expected an array of paths, got ${describeType(list)}`);
    if (!check.unchanged)
      throw new ToolscoreInputError(
        { source, path: at },
        '"allowed_changes" allows changes that "unchanged": true forbids; without it they allow nothing',
      );
    check.allowed_changes = list.map((pattern, k) => {
      const problem =
        typeof pattern === 'string' ? parsePathPattern(pattern) : `expected a path, got ${describeType(pattern)}`;
      if (typeof problem === 'string') throw new ToolscoreInputError({ source, path: childPath(at, k) }, problem);
      return pattern as string;
    });
  }
  if (check.expected === undefined && !check.unchanged)
    throw new ToolscoreInputError(
      { source, path },
      'a state check needs "expected" or "unchanged": true (it checks nothing otherwise)',
    );
  if (check.expected !== undefined && Object.keys(check.expected).length === 0 && !check.unchanged)
    throw new ToolscoreInputError(
      { source, path: childPath(path, 'expected') },
      'expected an object naming at least one value of the after-state: {} checks nothing (or add "unchanged": true)',
    );
  return check;
}

/** `"order": "strict" conflicts with "mode": "superset", which means "order": "any"; remove one of them`. */
function modeConflict(
  source: string,
  path: string,
  mode: TrajectoryMode,
  key: 'order' | 'allow_extra_calls' | 'optional',
  value: unknown,
): ToolscoreInputError {
  const meant = key === 'optional' ? true : TRAJECTORY_MODES[mode][key];
  return new ToolscoreInputError(
    { source, path },
    `${JSON.stringify(key)}: ${JSON.stringify(value)} conflicts with "mode": ${JSON.stringify(mode)}, which means ${JSON.stringify(key)}: ${JSON.stringify(meant)}${key === 'optional' ? ' for every call' : ''}; remove one of them`,
  );
}

/** A list of tool names (`ignore_tools`, `--ignore-tools`): non-empty strings, trimmed, each once. */
export function readToolList(value: unknown, source: string, path: string): readonly string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    throw new ToolscoreInputError({ source, path }, `expected an array of tool names, got ${describeType(value)}`);
  const names: string[] = [];
  value.forEach((name, i) => {
    if (typeof name !== 'string' || name.trim() === '')
      throw new ToolscoreInputError(
        { source, path: childPath(path, i) },
        `expected a non-empty tool name, got ${describeType(name)}`,
      );
    if (!names.includes(name.trim())) names.push(name.trim());
  });
  return names;
}

function readEntries(
  list: readonly unknown[],
  source: string,
  base: string,
  options: ExpectedCallsOptions,
  reading: FileReading,
): ExpectedCall[] {
  const { options: fileOptions } = reading;
  const context: DecodeContext = { source, regexMode: 'full', maxDepth: options.maxDepth ?? DEFAULT_LIMITS.maxDepth };
  const calls: ExpectedCall[] = [];
  let groups = 0;
  // One path function per list, reading the loop position when an error needs it.
  let i = 0;
  const where = (): string => childPath(base, i);
  const argsPath = (): string => childPath(where(), 'args');
  for (; i < list.length; i++) {
    const item = list[i];
    if (isObject(item) && hasOwnProperty.call(item, '$any_order')) {
      const members = readGroup(item, source, where, context, reading, groups++);
      for (const member of members) calls.push(member);
    } else {
      calls.push(readCall(item, source, where, argsPath, context, reading, undefined));
    }
  }
  // "order": "any" makes the whole file one group (groups inside it add nothing).
  if (fileOptions.order === 'any' && calls.length > 0) {
    for (const call of calls) call.any_order_group = 0;
    sortGroup(calls);
  }
  return calls;
}

function readGroup(
  item: Record<string, unknown>,
  source: string,
  where: LazyPath,
  context: DecodeContext,
  reading: FileReading,
  group: number,
): ExpectedCall[] {
  for (const key of Object.keys(item)) {
    if (key !== '$any_order')
      failAt(
        source,
        where,
        `unexpected key ${JSON.stringify(key)} beside $any_order (it holds only a list of calls)`,
        key,
      );
  }
  const members = item.$any_order;
  if (!Array.isArray(members) || members.length === 0)
    return failAt(source, where, `expected a non-empty array of calls, got ${describeType(members)}`, '$any_order');
  const calls = members.map((member, k) => {
    const memberPath = (): string => pathOf(where, '$any_order', k);
    if (isObject(member) && hasOwnProperty.call(member, '$any_order'))
      failAt(source, memberPath, 'an $any_order group cannot hold another (its members are already in any order)');
    return readCall(member, source, memberPath, () => pathOf(memberPath, 'args'), context, reading, group);
  });
  return sortGroup(calls);
}

/**
 * Puts a group's members in one canonical order (tool, then arguments as canonical JSON), so every
 * permutation of a group reads as the same gold; scoring then compares them in the agent's order.
 */
function sortGroup(calls: ExpectedCall[]): ExpectedCall[] {
  const keyed = calls.map((call) => ({
    call,
    key: `${call.tool}\u0000${canonicalJson(call.args)}\u0000${call.optional ? 1 : 0}`,
  }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let k = 0; k < calls.length; k++) calls[k] = keyed[k]!.call;
  return calls;
}

function readCall(
  item: unknown,
  source: string,
  where: LazyPath,
  argsPath: () => string,
  context: DecodeContext,
  reading: FileReading,
  group: number | undefined,
): ExpectedCall {
  const { options: fileOptions, mode } = reading;
  if (!isObject(item))
    return failAt(source, where, `expected a call object with a "tool" name, got ${describeType(item)}`);
  // A plain name is nearly every call: read it here, without a list of one.
  let tool = typeof item.tool === 'string' ? item.tool.trim() : '';
  const alternatives = tool === '' ? readAlternatives(item.tool, source, where) : null;
  if (alternatives !== null) tool = alternatives[0]!;
  const raw = requireArgs(item.args, source, where);
  const expected: ExpectedCall = {
    tool,
    args: raw === null ? null : decodeMembers(raw, argsPath, context),
  };
  if (alternatives !== null && alternatives.length > 1) expected.alternatives = alternatives;
  // Nearly every call is {tool, args}: its other keys are then not looked up one by one (a key absent
  // from objects of many shapes is a slow lookup), and only the file's settings below apply.
  const plain = onlyToolAndArgs(item);
  if (!plain && item.description !== undefined && item.description !== null) {
    if (typeof item.description !== 'string')
      failAt(source, where, `expected a string, got ${describeType(item.description)}`, 'description');
    if (item.description !== '') expected.description = item.description as string;
  }
  if (!plain && item.side_effects !== undefined && item.side_effects !== null) {
    if (!isObject(item.side_effects))
      failAt(source, where, `expected an object of checks, got ${describeType(item.side_effects)}`, 'side_effects');
    if (nestedDeeperThan(item.side_effects, context.maxDepth!))
      throw tooDeepError(source, pathOf(where, 'side_effects'), context.maxDepth!, 'side effects');
    expected.side_effects = item.side_effects as Record<string, unknown>;
  }
  // The Python tool's gold files carry schemas under metadata.schema.
  const schema = plain ? undefined : (item.schema ?? (isObject(item.metadata) ? item.metadata.schema : undefined));
  if (schema !== undefined && schema !== null) {
    if (!isObject(schema))
      failAt(source, where, `expected a JSON Schema object, got ${describeType(schema)}`, 'schema');
    if (nestedDeeperThan(schema, context.maxDepth!))
      throw tooDeepError(source, pathOf(where, 'schema'), context.maxDepth!, 'a schema');
    expected.schema = schema as Record<string, unknown>;
  }
  const everyCallOptional = mode !== undefined && TRAJECTORY_MODES[mode].optional;
  if (!plain && item.optional !== undefined && item.optional !== null) {
    if (typeof item.optional !== 'boolean')
      failAt(source, where, `expected true or false, got ${describeType(item.optional)}`, 'optional');
    if (everyCallOptional && !item.optional)
      throw modeConflict(source, pathOf(where, 'optional'), mode!, 'optional', false);
    if (item.optional) expected.optional = true;
  }
  if (everyCallOptional) expected.optional = true;
  let extraArgs = fileOptions.extra_args;
  if (!plain && item.extra_args !== undefined && item.extra_args !== null) {
    if (item.extra_args !== 'allow' && item.extra_args !== 'deny')
      failAt(source, where, `expected "allow" or "deny", got ${describeType(item.extra_args)}`, 'extra_args');
    extraArgs = item.extra_args as 'allow' | 'deny';
  }
  if (extraArgs === 'allow') expected.extra_args = 'allow';
  if (group !== undefined) expected.any_order_group = group;
  // `"result": null` is what the Python tool writes in every call it saves: not a check.
  if (!plain && item.result !== undefined && item.result !== null)
    expected.result = decodeOperators(item.result, pathOf(where, 'result'), context);
  if (!plain && item.succeeds !== undefined && item.succeeds !== null) {
    if (typeof item.succeeds !== 'boolean')
      failAt(source, where, `expected true or false, got ${describeType(item.succeeds)}`, 'succeeds');
    expected.succeeds = item.succeeds as boolean;
  } else if (reading.requireSuccess) expected.succeeds = true;
  return expected;
}

/**
 * The tool of an expected call that is not a plain name: alternatives as `{"$one_of": [names]}` (or a `OneOf` matcher
 * of names, in memory). Returns the names, the first being the one shown until scoring settles on one.
 */
function readAlternatives(tool: unknown, source: string, where: LazyPath): string[] {
  if (typeof tool === 'string')
    return failAt(source, where, 'expected a non-empty tool name, got an empty string', 'tool');
  let names: unknown;
  if (isMatcher(tool)) {
    if (!(tool instanceof OneOfMatcher))
      return failAt(source, where, `expected a tool name or OneOf(...names), got ${tool.toString()}`, 'tool');
    names = tool.candidates;
  } else if (isObject(tool)) {
    const keys = Object.keys(tool);
    if (keys.length !== 1 || keys[0] !== '$one_of')
      return failAt(
        source,
        where,
        `expected a tool name or {"$one_of": [names]}, got an object with ${keys.length ? keys.map((key) => JSON.stringify(key)).join(', ') : 'no keys'}`,
        'tool',
      );
    names = tool.$one_of;
  } else if (
    tool !== null &&
    typeof tool === 'object' &&
    Array.isArray((tool as { candidates?: unknown }).candidates)
  ) {
    names = (tool as { candidates: unknown[] }).candidates;
  } else {
    return failAt(source, where, `expected a non-empty tool name, got ${describeType(tool)}`, 'tool');
  }
  if (!Array.isArray(names) || names.length === 0)
    return failAt(
      source,
      where,
      `expected a non-empty array of tool names, got ${describeType(names)}`,
      'tool',
      '$one_of',
    );
  const seen: string[] = [];
  names.forEach((name, k) => {
    if (typeof name !== 'string' || name.trim() === '')
      failAt(source, where, `expected a non-empty tool name, got ${describeType(name)}`, 'tool', '$one_of', k);
    const trimmed = (name as string).trim();
    if (seen.includes(trimmed))
      failAt(source, where, `tool ${JSON.stringify(trimmed)} is listed twice`, 'tool', '$one_of', k);
    seen.push(trimmed);
  });
  return seen;
}
