import { childPath } from '../core/errors.js';
import { isObject } from '../core/objects.js';
import { DEFAULT_LIMITS } from '../core/limits.js';
import { closestName } from '../core/spelling.js';

const hasOwnProperty = Object.prototype.hasOwnProperty;

/**
 * Every key a gold file may carry, by where it sits: the one table the unknown-key check reads. A new
 * key of the gold language is added here, and only here.
 */
export const GOLD_KEYS = {
  /** Keys of one expected call. */
  call: [
    'tool',
    'args',
    'description',
    'side_effects',
    'schema',
    'metadata',
    'optional',
    'extra_args',
    'result',
    'succeeds',
  ],
  /**
   * Keys of a call the Python tool wrote (`ToolCall.to_dict`, as `toolscore generate` writes them, all
   * null there): read by nobody, but a Python gold file must load without a warning (its `"result": null`
   * is no check, see `call`).
   */
  pythonCall: ['timestamp', 'duration', 'cost'],
  /**
   * Keys of the object a call list may sit in (`{"calls": [...]}`); `$schema` names the JSON Schema
   * editors check the file with (schemas/gold.json), and the loader ignores it; `mode` names `order` and
   * `allow_extra_calls` together, as agentevals' trajectory match modes do.
   */
  file: [
    'calls',
    'turns',
    'mode',
    'extra_args',
    'order',
    'ignore_tools',
    'allow_extra_calls',
    'require_success',
    'response',
    'state',
    '$schema',
  ],
  /**
   * Keys of one turn of a conversation gold (`{"turns": [...]}`): the user's message, the calls expected
   * after it, and the file-level options, which a turn may set for itself.
   */
  turn: [
    'user',
    'calls',
    'mode',
    'extra_args',
    'order',
    'ignore_tools',
    'allow_extra_calls',
    'require_success',
    'response',
  ],
  /** Keys of a `"response"` check of the agent's reply (file level or per turn). */
  response: ['contains', 'contains_any', 'not_contains', 'regex', 'normalize'],
  /** Keys of a `"state"` check of what changed in the world (file level only). */
  state: ['expected', 'allowed_changes', 'unchanged'],
  /** Keys of a snapshot file, whose `calls` serve as gold as they are. */
  snapshot: ['schema_version', 'name', 'created_at', 'updated_at', 'toolscore_version', 'approved', 'source'],
  /** The key of an any-order group `{"$any_order": [call, ...]}`, which stands where a call stands. */
  anyOrder: '$any_order',
  /** The key of alternative tool names, `"tool": {"$one_of": [name, ...]}`. */
  toolOneOf: '$one_of',
} as const;

/** Names people write for a gold key, by the key they mean (looked up lower-cased). */
const SYNONYMS: Readonly<Record<string, string>> = {
  arguments: 'args',
  argument: 'args',
  parameters: 'args',
  params: 'args',
  input: 'args',
  tool_input: 'args',
  kwargs: 'args',
  name: 'tool',
  function: 'tool',
  tool_name: 'tool',
  function_name: 'tool',
  actions: 'calls',
  steps: 'calls',
  conversation: 'turns',
  messages: 'turns',
  tool_calls: 'calls',
  expected_calls: 'calls',
};

/** An object as JSON gives it (no class instance such as a matcher). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A key the gold language does not know, with where it is and what it was probably meant to be. */
export interface UnknownGoldKey {
  /** JSON path of the first object holding it. */
  path: string;
  key: string;
  /** The known key it is probably a misspelling or synonym of. */
  suggestion?: string;
  /** How many other objects at the same level hold it too. */
  alsoIn: number;
  /** The warning: `unknown key "arguments"; did you mean "args"?`. */
  message: string;
}

const CALL_KEYS: readonly string[] = [...GOLD_KEYS.call, ...GOLD_KEYS.pythonCall];
/** What a call position may hold: a call's keys, or the any-order group's key. */
const CALL_POSITION_KEYS: readonly string[] = [...CALL_KEYS, GOLD_KEYS.anyOrder];
const FILE_KEYS: readonly string[] = [...GOLD_KEYS.file, ...GOLD_KEYS.snapshot];
/** What suggestions and "known keys" lists name: the keys people write (not the Python ones kept for quiet). */
const SUGGESTED = {
  call: [...GOLD_KEYS.call, GOLD_KEYS.anyOrder] as readonly string[],
  file: GOLD_KEYS.file as readonly string[],
  turn: GOLD_KEYS.turn as readonly string[],
  tool: [GOLD_KEYS.toolOneOf] as readonly string[],
  response: GOLD_KEYS.response as readonly string[],
  state: GOLD_KEYS.state as readonly string[],
  group: [GOLD_KEYS.anyOrder] as readonly string[],
};

/** The turn a path inside a conversation gold is in (`$.turns[2]...`: 0-based). */
const TURN_PATH = /^\$\.turns\[(\d+)\]/;

/** Where a finding sits: unknown keys are grouped by level and key, so one typo repeated in every call is one warning. */
type Level = keyof typeof SUGGESTED;

/**
 * The keys of a parsed gold file that the gold language does not know, in file order: at the top
 * level (an object with or without its `calls` list; a `toDict()` record's keys are its own), in every call, in
 * any-order groups and their members, and in a `tool` given as `{"$one_of": [...]}`. Arguments,
 * `metadata`, `schema` and `side_effects` are not looked into: their keys are the user's. Shapes the
 * loader rejects are left to it.
 */
export function unknownGoldKeys(data: unknown): UnknownGoldKey[] {
  const found = new Map<string, { path: string; key: string; level: Level; alsoIn: number }>();
  const note = (level: Level, path: string, key: string): void => {
    const id = `${level}\u0000${key}`;
    const seen = found.get(id);
    if (seen) seen.alsoIn++;
    else found.set(id, { path, key, level, alsoIn: 0 });
  };
  const checkObject = (obj: Record<string, unknown>, known: readonly string[], level: Level, path: string): void => {
    for (const key of Object.keys(obj)) if (!known.includes(key)) note(level, path, key);
  };
  const checkCalls = (list: unknown, path: string, depth: number): void => {
    if (!Array.isArray(list)) return;
    for (let i = 0; i < list.length; i++) {
      const item: unknown = list[i];
      if (!isObject(item)) continue;
      if (Object.hasOwn(item, GOLD_KEYS.anyOrder)) {
        // Groups inside groups are the loader's error; walked only as deep as nesting is allowed, so a
        // hostile chain of them cannot overflow the stack here before that error is given.
        if (depth >= DEFAULT_LIMITS.maxDepth) continue;
        const at = childPath(path, i);
        checkObject(item, SUGGESTED.group, 'group', at);
        checkCalls(item[GOLD_KEYS.anyOrder], childPath(at, GOLD_KEYS.anyOrder), depth + 1);
        continue;
      }
      // Every call of every evaluation passes here: its own keys are read with for…in (V8's enumeration
      // cache, no key list), in Object.keys' order, and its path is written only for an unknown key.
      for (const key in item)
        if (hasOwnProperty.call(item, key) && !CALL_POSITION_KEYS.includes(key)) note('call', childPath(path, i), key);
      // A `OneOf(...)` matcher given in memory is the user's object, not gold keys.
      if (isPlainObject(item.tool))
        checkObject(item.tool, SUGGESTED.tool, 'tool', childPath(childPath(path, i), 'tool'));
    }
  };

  if (Array.isArray(data)) checkCalls(data, '$', 0);
  else if (isObject(data)) {
    if (isObject(data.calls)) checkCalls(data.calls.expected, '$.calls.expected', 0);
    else {
      // With no call list, the keys say what was meant instead (`{"actions": [...]}`).
      checkObject(data, FILE_KEYS, 'file', '$');
      if (isPlainObject(data.response)) checkObject(data.response, SUGGESTED.response, 'response', '$.response');
      if (isPlainObject(data.state)) checkObject(data.state, SUGGESTED.state, 'state', '$.state');
      checkCalls(data.calls, '$.calls', 0);
      if (Array.isArray(data.turns))
        data.turns.forEach((turn, k) => {
          if (!isObject(turn)) return;
          const at = childPath('$.turns', k);
          checkObject(turn, GOLD_KEYS.turn, 'turn', at);
          if (isPlainObject(turn.response))
            checkObject(turn.response, SUGGESTED.response, 'response', childPath(at, 'response'));
          checkCalls(turn.calls, childPath(at, 'calls'), 0);
        });
    }
  }
  return [...found.values()].map(({ path, key, level, alsoIn }) => {
    const suggestion = closestName(key, SUGGESTED[level], SYNONYMS);
    const others = alsoIn > 0 ? ` (and in ${alsoIn} more ${alsoIn === 1 ? 'place' : 'places'} like it)` : '';
    const hint = suggestion
      ? `did you mean ${JSON.stringify(suggestion)}?`
      : `known keys: ${SUGGESTED[level].join(', ')}`;
    const turn = TURN_PATH.exec(path);
    return {
      path,
      key,
      ...(suggestion === undefined ? {} : { suggestion }),
      alsoIn,
      message: `unknown key ${JSON.stringify(key)}${turn ? ` in turn ${Number(turn[1]) + 1}` : ''}${others}; ${hint}`,
    };
  });
}
