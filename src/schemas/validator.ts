import { createRequire } from 'node:module';
import { childPath } from '../core/errors.js';
import { canonicalJson } from '../match/canonical.js';
import { linearSchemaPattern } from '../match/matchers/regex.js';
import { isObject } from '../core/objects.js';
import { holdsData, schemaFanOut, schemaLoop } from './schema-util.js';

/** A JSON Schema object (as providers and MCP servers publish them). */
export type JsonSchema = Record<string, unknown>;

/**
 * The one place ajv is created: JSON Schema validation for `--tools` catalogues, gold schemas and MCP
 * servers' input and output schemas. Draft-07 by default, 2020-12 when the schema says 2020-12 or
 * 2019-09; formats checked; every error reported.
 *
 * - `pattern` and `patternProperties` run on re2js (linear time), never on JavaScript's backtracking
 *   RegExp, so `^(a+)+$` against `"aaaa…!"` cannot hang a run.
 * - `ownProperties`: a required `__proto__` or `constructor` is present only when the arguments hold it.
 * - Schemas with an `$id` are not registered, so two tools may share one.
 * - ajv logs nothing: an unknown `format` is not checked (as without strict mode), and its name,
 *   written by a server or a tools file, never reaches the terminal raw, where escapes in it could
 *   retitle or clear the screen.
 * - An `enum` longer than `LARGE_ENUM`, or holding an object or array, is checked by a set lookup
 *   outside ajv (ajv's compile time grows with the square of an enum's length: 200,000 values took
 *   88 s; its deep equality throws on a `valueOf` key), with ajv's own error.
 * - A `$ref` that loops back to itself through `allOf`/`anyOf`/`oneOf`/`not`/`if` without any data
 *   between makes the schema uncheckable (validating would recurse forever), and so does one value
 *   expanding into more than `MAX_SCHEMA_FAN_OUT` schemas that way (validating takes that many steps):
 *   compiling it fails.
 */

/** One ajv error. */
export interface SchemaIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** Set when the error is about a property's name (under `propertyNames`), not its value. */
  propertyName?: string;
}

/** A compiled schema: true when the value fits, else `errors` says how it does not. */
export type SchemaValidator = ((data: unknown) => boolean) & { errors?: SchemaIssue[] | null };

interface AjvInstance {
  compile(schema: JsonSchema): SchemaValidator;
  addKeyword(definition: object): void;
}

/** A `pattern` the linear-time engine cannot run (a lookaround, a backreference). */
export class UnsupportedPatternError extends Error {
  override readonly name = 'UnsupportedPatternError';
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(`pattern ${JSON.stringify(pattern)} cannot be used: ${reason}`);
  }
}

function linearRegExp(pattern: string): { test(input: string): boolean; toString(): string } {
  try {
    const compiled = linearSchemaPattern(pattern);
    // ajv keeps one compiled pattern per toString() text.
    return { test: (input) => compiled.test(input), toString: () => pattern };
  } catch (error) {
    throw new UnsupportedPatternError(pattern, (error as Error).message);
  }
}

// ajv is loaded on the first schema only: importing toolscore must stay cheap.
const require = createRequire(import.meta.url);
let instances: { draft7: AjvInstance; draft2020: AjvInstance } | undefined;
/** Each schema's validator, or the error compiling it gave (so a broken schema is compiled once). */
const cache = new WeakMap<JsonSchema, SchemaValidator | Error>();

function ajvFor(schema: JsonSchema): AjvInstance {
  if (!instances) {
    const regExp = Object.assign(linearRegExp, { code: 'toolscore.linearRegExp' });
    const options = {
      allErrors: true,
      strict: false,
      validateFormats: true,
      addUsedSchema: false,
      ownProperties: true,
      code: { regExp },
      // ajv's warnings quote schema text raw on stderr (`unknown format "…" ignored`).
      logger: false,
    };
    const Ajv = (require('ajv') as { default: new (options: object) => AjvInstance }).default;
    const Ajv2020 = (require('ajv/dist/2020') as { default: new (options: object) => AjvInstance }).default;
    const addFormats = (require('ajv-formats') as { default: (ajv: AjvInstance) => void }).default;
    instances = { draft7: new Ajv(options), draft2020: new Ajv2020(options) };
    for (const ajv of [instances.draft7, instances.draft2020]) {
      addFormats(ajv);
      ajv.addKeyword(LARGE_ENUM_KEYWORD_DEFINITION);
    }
  }
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  return declared.includes('2020-12') || declared.includes('2019-09') ? instances.draft2020 : instances.draft7;
}

/**
 * Most levels of JSON nesting in a schema (about half as many schema levels: `properties` is one).
 * ajv's compile time grows faster than the depth and its stack ends near 800; real schemas stay far below.
 */
const MAX_SCHEMA_DEPTH = 100;

/**
 * Most schemas one value may be checked against through `$ref`, `allOf`, `anyOf` and `oneOf` (a
 * validator takes a step for each, synchronously); real schemas stay far below it.
 */
export const MAX_SCHEMA_FAN_OUT = 100_000;

/** Whether a value nests more than `limit` levels of objects and arrays (walked without recursion). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(node))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** Enums longer than this are checked by a set lookup instead of ajv's code (which compiles in quadratic time). */
export const LARGE_ENUM = 1_000;

/** The keyword a large enum is rewritten to: its value holds the set of the enum's equality keys. */
const LARGE_ENUM_KEYWORD = 'toolscoreLargeEnum';

/** A JSON value's text for set lookups: two JSON values share it exactly when `enum` finds them equal. */
function enumKey(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : canonicalJson(value);
}

interface LargeEnum {
  keys: ReadonlySet<string>;
}

const LARGE_ENUM_KEYWORD_DEFINITION = {
  keyword: LARGE_ENUM_KEYWORD,
  schemaType: 'object',
  errors: true,
  compile(large: LargeEnum) {
    const check = (data: unknown): boolean => {
      if (large.keys.has(enumKey(data))) return true;
      check.errors = [{ keyword: 'enum', message: 'must be equal to one of the allowed values', params: {} }];
      return false;
    };
    check.errors = [] as object[];
    return check;
  },
};

/**
 * Whether an `enum` is checked by a set lookup: a long one (ajv compiles it in quadratic time), or one
 * holding an object or array (ajv's deep equality calls a value's own `valueOf`, so `{"valueOf": null}`
 * in the arguments threw "a.valueOf is not a function").
 */
function checkedBySet(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) &&
    (value.length > LARGE_ENUM || value.some((item) => item !== null && typeof item === 'object'))
  );
}

/**
 * The schema with each `enum` checked by a set replaced by its set (a copy; the schema itself
 * is left alone), or the schema itself when it has none. Walks without recursion.
 */
function withLargeEnumsAsSets(schema: JsonSchema): JsonSchema {
  if (!hasLargeEnum(schema)) return schema;
  const copy: JsonSchema = { ...schema };
  const stack: [Record<string, unknown>, string, string | undefined][] = [[copy, '', undefined]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, pointer, parentKey] = top;
    const isList = Array.isArray(node);
    for (const key of Object.keys(node)) {
      const value = node[key];
      const here = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!isList && key === 'enum' && holdsData(key, parentKey) && checkedBySet(value)) {
        delete node[key];
        node[LARGE_ENUM_KEYWORD] = { keys: enumKeys(value, here) } satisfies LargeEnum;
      } else if ((isList || !holdsData(key, parentKey)) && value !== null && typeof value === 'object') {
        const child = Array.isArray(value) ? [...value] : { ...value };
        node[key] = child;
        stack.push([child as Record<string, unknown>, here, isList ? parentKey : key]);
      }
    }
  }
  return copy;
}

/**
 * The equality keys of an enum's values. Duplicates make the schema invalid, as ajv says of a short
 * enum (naming the same pair: the last value that repeats an earlier one, and the nearest earlier one).
 */
function enumKeys(values: readonly unknown[], pointer: string): Set<string> {
  const lastIndex = new Map<string, number>();
  let duplicate: [number, number] | undefined;
  values.forEach((value, i) => {
    const key = enumKey(value);
    const earlier = lastIndex.get(key);
    if (earlier !== undefined) duplicate = [earlier, i];
    lastIndex.set(key, i);
  });
  if (duplicate !== undefined)
    throw new Error(
      `schema is invalid: data${pointer} must NOT have duplicate items (items ## ${duplicate[0]} and ${duplicate[1]} are identical)`,
    );
  return new Set(lastIndex.keys());
}

function hasLargeEnum(schema: JsonSchema): boolean {
  const stack: [unknown, string | undefined][] = [[schema, undefined]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, parentKey] = top;
    if (node === null || typeof node !== 'object') continue;
    const isList = Array.isArray(node);
    for (const [key, value] of Object.entries(node)) {
      if (!isList && key === 'enum' && holdsData(key, parentKey) && checkedBySet(value)) return true;
      if (isList || !holdsData(key, parentKey)) stack.push([value, isList ? parentKey : key]);
    }
  }
  return false;
}

/**
 * The compiled validator of a schema (cached per schema object). Throws `UnsupportedPatternError` for
 * a pattern the linear-time engine cannot run, and an Error saying why for a schema nested deeper than
 * `MAX_SCHEMA_DEPTH`, one whose `$ref` loops without data between, one expanding past
 * `MAX_SCHEMA_FAN_OUT`, or one ajv finds invalid.
 */
export function compileSchema(schema: JsonSchema): SchemaValidator {
  let validate = cache.get(schema);
  if (validate === undefined) {
    // An $id would be registered once per instance; validation does not need it.
    const { $id: _id, ...rest } = schema;
    try {
      if (nestsDeeperThan(schema, MAX_SCHEMA_DEPTH)) throw new Error(`it nests more than ${MAX_SCHEMA_DEPTH} levels`);
      const loop = schemaLoop(schema);
      if (loop !== undefined)
        throw new Error(`the schema at ${loop} refers back to itself through $ref without any data between`);
      const fanOut = schemaFanOut(schema, MAX_SCHEMA_FAN_OUT);
      if (fanOut !== undefined)
        throw new Error(
          `the schema at ${fanOut} expands into more than ${MAX_SCHEMA_FAN_OUT} schemas through $ref, allOf, anyOf and oneOf for every value checked`,
        );
      validate = ajvFor(schema).compile(withLargeEnumsAsSets(rest));
    } catch (error) {
      validate = error instanceof Error ? error : new Error(String(error));
    }
    cache.set(schema, validate);
  }
  if (validate instanceof Error) throw validate;
  return validate;
}

/** Keywords whose error names a property of the object at `instancePath`, and the param that holds it. */
const PROPERTY_PARAMS: Readonly<Record<string, string>> = {
  required: 'missingProperty',
  dependencies: 'missingProperty',
  dependentRequired: 'missingProperty',
  additionalProperties: 'additionalProperty',
  unevaluatedProperties: 'unevaluatedProperty',
  propertyNames: 'propertyName',
};

/** What an error says, in our words where ajv's would point at the wrong place. */
const ISSUE_MESSAGES: Readonly<Record<string, string>> = {
  additionalProperties: 'not allowed by the schema',
  unevaluatedProperties: 'not allowed by the schema',
};

/**
 * Where an error is in `data`, as a JSON path: the property itself for a missing or extra one
 * (`$.unit`, not `$`). The data says whether a token such as `0` is an array index or a key.
 */
export function issuePath(issue: SchemaIssue, data: unknown): string {
  const tokens =
    issue.instancePath === ''
      ? []
      : issue.instancePath
          .split('/')
          .slice(1)
          .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  let path = '$';
  let node = data;
  for (const token of tokens) {
    const isIndex = Array.isArray(node) && /^\d+$/.test(token);
    path = isIndex ? childPath(path, Number(token)) : childPath(path, token);
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[token] : undefined;
  }
  const param = PROPERTY_PARAMS[issue.keyword];
  const property = param === undefined ? issue.propertyName : issue.params[param];
  return typeof property === 'string' ? childPath(path, property) : path;
}

/** What an error says (`must be integer`, `not allowed by the schema`). */
export function issueMessage(issue: SchemaIssue): string {
  return ISSUE_MESSAGES[issue.keyword] ?? issue.message ?? issue.keyword;
}

/** Keywords whose value is data, not a schema: a `pattern` inside them is not one. */
const VALUE_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'example']);

/**
 * The first `pattern` (or `patternProperties` key) of a schema that the linear-time engine cannot
 * run, with its JSON path from `path`; undefined when every pattern can run. Walks without recursion,
 * so any nesting depth is safe.
 */
export function unsupportedPattern(
  schema: unknown,
  path = '$',
): { path: string; error: UnsupportedPatternError } | undefined {
  const stack: [unknown, string][] = [[schema, path]];
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const entries = Array.isArray(node) ? node.map((item, i) => [i, item] as const) : Object.entries(node);
    const found: [unknown, string][] = [];
    for (const [key, value] of entries) {
      const here = childPath(at, key);
      if (key === 'pattern' && typeof value === 'string') {
        const problem = patternProblem(value);
        if (problem) return { path: here, error: problem };
      } else if (key === 'patternProperties' && isObject(value)) {
        for (const name of Object.keys(value)) {
          const problem = patternProblem(name);
          if (problem) return { path: childPath(here, name), error: problem };
        }
      }
      if (typeof key === 'string' && VALUE_KEYWORDS.has(key)) continue;
      if (value !== null && typeof value === 'object') found.push([value, here]);
    }
    // Pushed in reverse so the first pattern in reading order is found first.
    for (let i = found.length - 1; i >= 0; i--) stack.push(found[i]!);
  }
  return undefined;
}

function patternProblem(pattern: string): UnsupportedPatternError | undefined {
  try {
    linearRegExp(pattern);
    return undefined;
  } catch (error) {
    if (error instanceof UnsupportedPatternError) return error;
    throw error;
  }
}
