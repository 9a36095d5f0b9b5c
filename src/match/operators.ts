import { ToolscoreInputError, childPath, describeType } from '../core/errors.js';
import { nestedDeeperThan, tooDeepError } from '../core/limits.js';
import { closestName } from '../core/spelling.js';
import { ANY } from './matchers/any.js';
import { ApproxMatcher } from './matchers/approx.js';
import { ContainsMatcher } from './matchers/contains.js';
import { IsTypeMatcher, JSON_TYPE_NAMES, type JsonTypeName } from './matchers/is-type.js';
import { isMatcher } from './matchers/matcher.js';
import { OneOfMatcher } from './matchers/one-of.js';
import { OptionalMatcher } from './matchers/optional.js';
import { RegexMatcher, type RegexMode } from './matchers/regex.js';
import { copyNumberKind } from './number-kinds.js';
import { STRING_NORMALIZATION_NAMES, type StringNormalization } from './normalize.js';
import { hasOwnProperty, setOwn } from '../core/objects.js';

/**
 * The one `$` operator vocabulary of gold files, snapshots and forbidden rules. An object value whose
 * key starts with `$` is an operator; anything else is literal data.
 *
 * | form | matcher |
 * | --- | --- |
 * | `{"$any": true}` | `ANY` |
 * | `{"$regex": "p", "flags"?: "i"}` | `Regex` (whole string) in gold args, `RegexSearch` (anywhere) in forbidden rules |
 * | `{"$approx": n, "rel"?: r, "abs"?: a}` | `Approx` |
 * | `{"$contains": x}` | `Contains` |
 * | `{"$one_of": [a, b]}` | `OneOf` |
 * | `{"$one_of": [a, b], "normalize": "bfcl"}` | `OneOf` comparing strings after a named normalisation (`match/normalize.ts`; `bfcl` is the Berkeley leaderboard's: no spaces or `,./-_*^`, lowercase, `'` as `"`) |
 * | `{"$type": "integer"}` or `{"$type": ["string", "null"]}` | `IsType` |
 * | `{"$optional": v}` | `Optional`: the member may be absent, and must match `v` when present (object members only) |
 * | `{"$literal": v}` | `v` taken as data, unread (for arguments that really have `$` keys) |
 */
export const OPERATORS = [
  '$any',
  '$regex',
  '$approx',
  '$contains',
  '$one_of',
  '$type',
  '$optional',
  '$literal',
] as const;

/** One `$` operator. */
export type Operator = (typeof OPERATORS)[number];

/** Options keys each operator allows beside itself. */
export const OPERATOR_OPTIONS = {
  $any: [],
  $regex: ['flags'],
  $approx: ['rel', 'abs'],
  $contains: [],
  $one_of: ['normalize'],
  $type: [],
  $optional: [],
  $literal: [],
} as const satisfies Record<Operator, readonly string[]>;

/** Flags a `$regex` may carry, each at most once. */
export const REGEX_FLAGS = /^(?!.*(.).*\1)[imsu]*$/;

/** Where decoded values come from, for error messages and `$regex` semantics. */
export interface DecodeContext {
  /** File path or in-memory source name. */
  source: string;
  /** Whether `$regex` matches the whole string (gold args) or searches (forbidden rules). */
  regexMode: RegexMode;
  /** Deepest nesting allowed below the decoded object (the object itself is level 1); unlimited when absent. */
  maxDepth?: number;
}

/**
 * Where decoding is, as segments after a base path; the text form is built only for an error
 * message, so decoding large argument trees allocates no path strings.
 */
class Trail {
  private readonly segments: (string | number)[] = [];
  constructor(private readonly base: string | (() => string)) {}
  push(segment: string | number): void {
    this.segments.push(segment);
  }
  pop(): void {
    this.segments.pop();
  }
  /** How many keys and positions deep the walk is below the base. */
  get depth(): number {
    return this.segments.length;
  }
  /** The base path alone. */
  root(): string {
    return typeof this.base === 'string' ? this.base : this.base();
  }
  toString(): string {
    return this.segments.reduce<string>((path, segment) => childPath(path, segment), this.root());
  }
}

/**
 * Turns `$` operator objects inside a JSON value into matchers, at every depth. Returns the same value
 * when it holds no operators. Throws `ToolscoreInputError` naming the JSON path of a malformed or
 * unknown operator.
 */
export function decodeOperators(value: unknown, path: string, context: DecodeContext): unknown {
  return decodeValue(value, new Trail(path), context, false);
}

/** Decodes the values of an object of arguments (its keys are names, never operators). */
export function decodeMembers(
  obj: Record<string, unknown>,
  path: string | (() => string),
  context: DecodeContext,
): Record<string, unknown> {
  return decodeObjectMembers(obj, new Trail(path), context);
}

// The walks use for…in, which reads V8's enumeration cache instead of allocating a key list per
// object; decoding runs on every evaluation, over every expected argument.
// `member`: whether the value is a member of an object (the only place `$optional` means something).
function decodeValue(value: unknown, trail: Trail, context: DecodeContext, member: boolean): unknown {
  if (value === null || typeof value !== 'object' || isMatcher(value)) return value;
  // The walk doubles as the nesting guard, so no deeper input reaches a recursive comparison.
  if (context.maxDepth !== undefined && trail.depth >= context.maxDepth)
    throw tooDeepError(context.source, trail.root(), context.maxDepth);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null || typeof item !== 'object') {
        if (copy) copy[i] = item;
        continue;
      }
      trail.push(i);
      const decoded = decodeValue(item, trail, context, false);
      trail.pop();
      if (decoded !== item && !copy) copy = value.slice();
      if (copy) copy[i] = decoded;
    }
    if (!copy) return value;
    copyNumberKinds(value, copy, value.keys());
    return copy;
  }
  const obj = value as Record<string, unknown>;
  for (const key in obj) {
    if (key.charCodeAt(0) === 0x24 /* $ */ && hasOwnProperty.call(obj, key))
      return decodeOperator(obj, Object.keys(obj), trail, context, member);
  }
  return decodeObjectMembers(obj, trail, context);
}

function decodeObjectMembers(
  obj: Record<string, unknown>,
  trail: Trail,
  context: DecodeContext,
): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in obj) {
    if (!hasOwnProperty.call(obj, key)) continue;
    const item = obj[key];
    if (item === null || typeof item !== 'object') continue;
    trail.push(key);
    const decoded = decodeValue(item, trail, context, true);
    trail.pop();
    if (decoded !== item) setOwn((copy ??= { ...obj }), key, decoded);
  }
  if (!copy) return obj;
  copyNumberKinds(obj, copy, Object.keys(obj));
  return copy;
}

/**
 * Carries float-literal marks (`1.0`) from a container to its decoded copy: each member's own mark,
 * and the mark of a `$literal` operand that now stands where its wrapper object was.
 */
function copyNumberKinds(from: object, to: object, keys: Iterable<string | number>): void {
  for (const key of keys) {
    copyNumberKind(from, key, to, key);
    const original = (from as Record<string | number, unknown>)[key];
    if (
      original !== null &&
      typeof original === 'object' &&
      !Array.isArray(original) &&
      Object.hasOwn(original, '$literal')
    ) {
      copyNumberKind(original, '$literal', to, key);
    }
  }
}

/** Fails with a one-line message at a path (the node's own unless given). */
type Fail = (reason: string, at?: () => string) => never;

/** The one known operator among `keys`, with no key beside it that the operator does not take. */
function checkedOperator(keys: readonly string[], operatorKeys: readonly string[], fail: Fail): Operator {
  if (operatorKeys.length > 1) {
    fail(`expected one $ operator, found ${operatorKeys.join(', ')} (wrap literal data in {"$literal": ...})`);
  }
  const operator = operatorKeys[0]!;
  if (!(OPERATORS as readonly string[]).includes(operator)) {
    const meant = closestOperator(operator);
    const hint = meant === undefined ? `known operators: ${OPERATORS.join(', ')}` : `did you mean "${meant}"?`;
    fail(`unknown operator ${operator}; ${hint} (wrap literal data in {"$literal": ...})`);
  }
  const op = operator as Operator;
  const allowed: readonly string[] = OPERATOR_OPTIONS[op];
  for (const key of keys) {
    if (key !== op && !allowed.includes(key)) {
      const meant = closestName(key, allowed);
      const hint =
        meant !== undefined ? `; did you mean "${meant}"?` : allowed.length ? `; allowed: ${allowed.join(', ')}` : '';
      fail(`unexpected key ${JSON.stringify(key)} beside ${op}${hint}`);
    }
  }
  return op;
}

/** `{"$regex": operand, "flags": flags}` as a matcher. */
function regexMatcher(
  operand: unknown,
  flags: unknown,
  context: DecodeContext,
  fail: Fail,
  operandPath: () => string,
  path: () => string,
): RegexMatcher {
  if (typeof operand !== 'string') return fail(`expected a pattern string, got ${describeType(operand)}`, operandPath);
  if (typeof flags !== 'string' || !REGEX_FLAGS.test(flags)) {
    return fail('expected flags made of the letters i, m, s, u', () => childPath(path(), 'flags'));
  }
  // Python rule files write flags inline: a leading (?i), (?s) or (?m) becomes a JavaScript flag.
  const inline = /^\(\?([ims]+)\)/.exec(operand);
  const pattern = inline ? operand.slice(inline[0].length) : operand;
  const allFlags = inline ? [...new Set(flags + inline[1])].join('') : flags;
  try {
    return new RegexMatcher(pattern, allFlags, context.regexMode);
  } catch (error) {
    return fail(`invalid regular expression: ${(error as Error).message}`, operandPath);
  }
}

function decodeOperator(
  obj: Record<string, unknown>,
  keys: readonly string[],
  trail: Trail,
  context: DecodeContext,
  member: boolean,
): unknown {
  // Paths are built only for a message: operators can nest as deep as the limit.
  const path = (): string => trail.toString();
  const operatorKeys = keys.filter((key) => key.startsWith('$'));
  const fail: Fail = (reason, at = path) => {
    throw new ToolscoreInputError({ source: context.source, path: at() }, reason);
  };
  const op = checkedOperator(keys, operatorKeys, fail);
  const operand = obj[op];
  const operandPath = (): string => childPath(path(), op);
  switch (op) {
    case '$any':
      if (operand !== true) fail(`expected true, got ${describeType(operand)}`, operandPath);
      return ANY;
    case '$regex':
      return regexMatcher(operand, obj.flags ?? '', context, fail, operandPath, path);
    case '$approx': {
      if (typeof operand !== 'number' || !Number.isFinite(operand)) {
        return fail(`expected a finite number, got ${describeType(operand)}`, operandPath);
      }
      for (const option of ['rel', 'abs'] as const) {
        const tolerance = obj[option];
        if (
          tolerance !== undefined &&
          (typeof tolerance !== 'number' || !(tolerance >= 0) || !Number.isFinite(tolerance))
        ) {
          fail(`expected a non-negative number`, () => childPath(path(), option));
        }
      }
      return new ApproxMatcher(operand, { rel: obj.rel as number | undefined, abs: obj.abs as number | undefined });
    }
    // Operands are decoded on the same trail, so nested operators count towards the nesting limit.
    case '$contains':
      return new ContainsMatcher(alongTrail(trail, [op], () => decodeValue(operand, trail, context, false)));
    case '$one_of':
      if (!Array.isArray(operand))
        return fail(`expected an array of candidates, got ${describeType(operand)}`, operandPath);
      if (obj.normalize !== undefined && !(STRING_NORMALIZATION_NAMES as unknown[]).includes(obj.normalize)) {
        return fail(`expected one of ${STRING_NORMALIZATION_NAMES.join(', ')}`, () => childPath(path(), 'normalize'));
      }
      return new OneOfMatcher(
        operand.map((candidate, i) => alongTrail(trail, [op, i], () => decodeValue(candidate, trail, context, false))),
        obj.normalize as StringNormalization | undefined,
      );
    case '$optional': {
      if (!member) {
        return fail(
          '$optional marks an object member that may be absent; it cannot stand in a list, in another operator or alone',
        );
      }
      // The operand is a value of the member's place, not a member itself: no `$optional` inside it.
      const marked = new OptionalMatcher(alongTrail(trail, [op], () => decodeValue(operand, trail, context, false)));
      copyNumberKind(obj, op, marked.optional, 'value');
      return marked;
    }
    case '$type': {
      const types = Array.isArray(operand) ? operand : [operand];
      if (types.length === 0 || !types.every((type) => (JSON_TYPE_NAMES as readonly unknown[]).includes(type))) {
        return fail(`expected a type name or an array of them (${JSON_TYPE_NAMES.join(', ')})`, operandPath);
      }
      return new IsTypeMatcher(types as JsonTypeName[]);
    }
    case '$literal':
      // Not decoded, but compared and printed like any value: it must nest within the limit too.
      if (context.maxDepth !== undefined && nestedDeeperThan(operand, context.maxDepth - trail.depth - 1))
        throw tooDeepError(context.source, trail.root(), context.maxDepth);
      return operand;
  }
}

/**
 * The operator an unknown `$` key was probably meant to be (`$regx` → `$regex`), compared without the
 * `$`, so short data keys such as MongoDB's `$in` are not taken for `$any`; undefined when none is near.
 */
export function closestOperator(key: string): Operator | undefined {
  const meant = closestName(
    key.slice(1),
    OPERATORS.map((operator) => operator.slice(1)),
  );
  return meant === undefined ? undefined : (`$${meant}` as Operator);
}

/** Runs `work` with `segments` pushed on the trail. */
function alongTrail<T>(trail: Trail, segments: readonly (string | number)[], work: () => T): T {
  for (const segment of segments) trail.push(segment);
  try {
    return work();
  } finally {
    for (let i = 0; i < segments.length; i++) trail.pop();
  }
}

/**
 * The JSON form of a value that may hold matchers: every matcher becomes its `$` operator object, and
 * literal data with `$` keys is wrapped in `$literal`, so decoding the result gives the value back.
 */
export function encodeOperators(value: unknown): unknown {
  if (isMatcher(value)) {
    const json = value.toJSON();
    for (const key of Object.keys(json)) json[key] = encodeOperators(json[key]);
    return json;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(encodeOperators);
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  let hasOperatorKey = false;
  for (const key of Object.keys(obj)) {
    if (key.startsWith('$')) hasOperatorKey = true;
    setOwn(out, key, encodeOperators(obj[key]));
  }
  return hasOperatorKey ? { $literal: obj } : out;
}

/** `encodeOperators` for an argument object: its own keys are names, so only its values are encoded. */
export function encodeArgs(args: Record<string, unknown> | null): Record<string, unknown> | null {
  if (args === null) return null;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(args)) setOwn(out, key, encodeOperators(args[key]));
  return out;
}
