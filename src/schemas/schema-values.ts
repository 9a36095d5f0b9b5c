import type { Random } from './prng.js';
import { compilePattern, MAX_SAMPLE_LENGTH, samplePattern } from './regex-sample.js';
import { normalizeSchema, primaryType, propertyNames, requiredNames, type Schema } from './schema-util.js';
import { isObject } from '../core/objects.js';

/**
 * Values that satisfy a JSON Schema, drawn from a seeded random source: the "happy path" arguments of
 * generated scenarios. Schema hints win (`const`, `enum`, `examples`, a non-null `default` in the
 * first case, an "e.g. 'x'" example in a string's description, canned values for known `format`s),
 * then values are built to fit `pattern`, `minLength`/`maxLength`, numeric ranges (inclusive and
 * exclusive, `multipleOf`), `minItems`/`maxItems`/`uniqueItems`, nested objects, local `$ref`,
 * `allOf`, and the first non-null branch of `anyOf`/`oneOf`.
 *
 * Numbers that name a wait (`duration`, `seconds`, `timeout`, `delay`, `sleep`, …) take the smallest
 * allowed value, default included: a generated call should not sleep for ten seconds to prove nothing
 * (and the scenario generator passes them even when it leaves other optional arguments out, so the
 * server's own default wait does not apply either).
 */

/** Canned values for string formats (the format checkers of ajv-formats accept each of them). */
const FORMAT_VALUES: Readonly<Record<string, string>> = {
  'date-time': '2025-01-15T10:30:00Z',
  date: '2025-01-15',
  time: '10:30:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/resource',
  url: 'https://example.com/resource',
  iri: 'https://example.com/resource',
  'uri-reference': 'https://example.com/resource',
  'iri-reference': 'https://example.com/resource',
  'uri-template': 'https://example.com/{id}',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  'json-pointer': '/items/0',
  'relative-json-pointer': '0/items',
  regex: '^[a-z]+$',
  byte: 'aGVsbG8=',
  int32: '42',
  int64: '42',
};

/** Readable strings by what a property's name says it holds (first match wins). */
const NAMED_STRINGS: readonly [RegExp, readonly string[]][] = [
  [/e-?mail/i, ['user@example.com', 'alice@example.org', 'bob@example.net']],
  [
    /ur[li]|link|href|endpoint|website/i,
    ['https://example.com', 'https://example.org/page', 'https://example.net/docs'],
  ],
  [/file_?name|filename/i, ['example.txt', 'notes.md', 'report.csv']],
  [/path|file|dir|folder/i, ['example.txt', 'docs/notes.md', 'data/report.csv']],
  [/query|search|keyword|term|^q$/i, ['example query', 'weather in Paris', 'open issues']],
  [/city|location|place/i, ['Paris', 'Tokyo', 'New York']],
  [/country/i, ['France', 'Japan', 'Canada']],
  [/currency/i, ['USD', 'EUR', 'JPY']],
  [/lang|locale/i, ['en', 'fr', 'de']],
  [/colou?r/i, ['blue', 'green', 'red']],
  [/date/i, ['2025-01-15', '2025-03-02', '2025-06-30']],
  [/title|subject|topic/i, ['Quarterly report', 'Team meeting', 'Release notes']],
  [
    /message|text|content|body|prompt|comment|note|description|input|question/i,
    ['Hello from toolscore', 'A short test message', 'Testing the tool'],
  ],
  [/name/i, ['Alice', 'example', 'Project Alpha']],
  [/(^|_)id$|Id$|^id/i, ['id-1', 'id-42', 'id-7']],
];

const WAIT_NAME = /duration|seconds?$|secs?$|timeout|delay|sleep|wait|interval|millis|(^|_)ms$|[a-z]Ms$/i;

/** A number that names a wait (`duration`, `timeout_ms`, `delay`, …): generated at its smallest, and always passed. */
export function isWaitProperty(name: string, schema: unknown, root: Schema): boolean {
  const type = primaryType(normalizeSchema(schema, root));
  return (type === 'number' || type === 'integer') && WAIT_NAME.test(name);
}

/** How values are built for one scenario. */
export interface ValueContext {
  random: Random;
  /** The whole input schema, for local `$ref`. */
  root: Schema;
  /** Use a property's `default` (the first happy case does). */
  useDefaults: boolean;
  /**
   * `normal` (the default): schema hints, then values inside the limits. `boundary`: the low limits
   * (`minimum`, `minLength`, `minItems`, the last enum value); `edge`: the high ones (`maximum`,
   * `maxLength`, `maxItems`, the first enum value). Hints are left out of both.
   */
  mode?: ValueMode;
}

/** Which part of a schema's range values are drawn from. */
export type ValueMode = 'normal' | 'boundary' | 'edge';

const MAX_DEPTH = 8;

/** A value for `schema`, named `name` (the property name helps pick a readable string). */
export function generateValue(schema: unknown, name: string, context: ValueContext, depth = 0): unknown {
  const s = normalizeSchema(schema, context.root);
  const { random } = context;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    const choices = s.enum.filter((value) => value !== null);
    if (choices.length === 0) return null;
    if (context.mode === 'boundary') return choices.at(-1);
    if (context.mode === 'edge') return choices[0];
    return random.pick(choices);
  }
  const branches = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
  if (branches && !('type' in s) && !('properties' in s)) {
    const usable = branches.filter(
      (branch) => isObject(branch) && primaryType(normalizeSchema(branch, context.root)) !== 'null',
    );
    const { anyOf: _a, oneOf: _o, ...rest } = s;
    if (usable.length > 0) return generateValue({ ...rest, ...(usable[0] as Schema) }, name, context, depth);
    return null;
  }
  const type = primaryType(s);
  const isWait = (type === 'number' || type === 'integer') && WAIT_NAME.test(name);
  if (!isWait && (context.mode ?? 'normal') === 'normal') {
    if (Array.isArray(s.examples) && s.examples.length > 0) return random.pick(s.examples);
    if (s.example !== undefined && s.example !== null) return s.example;
    if (context.useDefaults && s.default !== undefined && s.default !== null) return s.default;
  }
  switch (type) {
    case 'string':
      return generateString(s, name, random, context.mode);
    case 'integer':
    case 'number':
      return generateNumber(s, type === 'integer', random, isWait, context.mode);
    case 'boolean':
      return context.mode === 'boundary' ? false : context.mode === 'edge' ? true : random.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return depth >= MAX_DEPTH ? [] : generateArray(s, name, context, depth);
    case 'object':
      return depth >= MAX_DEPTH ? {} : generateObject(s, context, depth);
    default:
      return `sample_${name}`;
  }
}

/** Most items of a generated array: a schema asking for `minItems: 1e8` gets this many, and the check says why it fails. */
const MAX_GENERATED_ITEMS = 100;

/** Most items of an edge-case array (its `maxItems` when smaller). */
const MAX_EDGE_ITEMS = 10;

/** String lengths wanted by a schema; a `minLength` past `MAX_SAMPLE_LENGTH` is cut to it (the check then fails). */
function lengthBounds(s: Schema): [number, number] {
  const min =
    typeof s.minLength === 'number' && s.minLength > 0 ? Math.min(Math.ceil(s.minLength), MAX_SAMPLE_LENGTH) : 0;
  const max = typeof s.maxLength === 'number' && s.maxLength >= 0 ? Math.floor(s.maxLength) : Infinity;
  return [min, max];
}

/** Pads or cuts a text to fit [min, max] characters. */
function fitLength(text: string, min: number, max: number): string {
  let chars = [...text];
  if (chars.length > max) chars = chars.slice(0, max);
  const filler = [...'abcdefghijklmnopqrstuvwxyz'];
  for (let k = 0; chars.length < min; k++) chars.push(filler[k % filler.length]!);
  return chars.join('');
}

/** The length a boundary or edge string takes: the schema's `minLength` or `maxLength`, when it gives one that can be built. */
function limitLength(s: Schema, mode: ValueMode | undefined): number | undefined {
  const [minLength, maxLength] = lengthBounds(s);
  if (mode === 'boundary' && typeof s.minLength === 'number') return minLength;
  if (mode === 'edge' && Number.isFinite(maxLength) && maxLength >= minLength && maxLength <= MAX_SAMPLE_LENGTH)
    return maxLength;
  return undefined;
}

function generateString(s: Schema, name: string, random: Random, mode?: ValueMode): string {
  const normal = normalString(s, name, random);
  const target = typeof s.format === 'string' ? undefined : limitLength(s, mode);
  if (target === undefined) return normal;
  if (typeof s.pattern === 'string') return samplePattern(s.pattern, random, target, target) ?? normal;
  return fitLength(normal, target, target);
}

function normalString(s: Schema, name: string, random: Random): string {
  const [minLength, maxLength] = lengthBounds(s);
  const pattern = typeof s.pattern === 'string' ? s.pattern : undefined;
  const regex = pattern === undefined ? undefined : compilePattern(pattern);
  const fits = (text: string): boolean => {
    const length = [...text].length;
    return length >= minLength && length <= maxLength && (regex === undefined || regex.test(text));
  };
  const candidates: string[] = [];
  // Own keys only: `"format": "__proto__"` names no canned value.
  const format =
    typeof s.format === 'string' && Object.hasOwn(FORMAT_VALUES, s.format) ? FORMAT_VALUES[s.format] : undefined;
  if (format !== undefined) candidates.push(format);
  const description = typeof s.description === 'string' ? s.description : '';
  const example = /\be\.g\.,?\s*[`'"]([^`'"\n]+)[`'"]/i.exec(description)?.[1];
  if (example !== undefined) candidates.push(example);
  const named = NAMED_STRINGS.find(([test]) => test.test(name))?.[1];
  if (named) candidates.push(random.pick(named));
  candidates.push(`sample_${name}`);
  for (const candidate of candidates) if (fits(candidate)) return candidate;
  if (pattern !== undefined) {
    const sampled = samplePattern(pattern, random, minLength, maxLength);
    if (sampled !== undefined) return sampled;
  }
  // No candidate fits: bend the best one to the length limits (a pattern may still reject it).
  return fitLength(candidates[0]!, minLength, maxLength);
}

function generateNumber(s: Schema, integer: boolean, random: Random, isWait: boolean, mode?: ValueMode): number {
  const step = integer ? 1 : 0.01;
  let lo: number | undefined = typeof s.minimum === 'number' ? s.minimum : undefined;
  let hi: number | undefined = typeof s.maximum === 'number' ? s.maximum : undefined;
  if (typeof s.exclusiveMinimum === 'number')
    lo = lo === undefined ? s.exclusiveMinimum + step : Math.max(lo, s.exclusiveMinimum + step);
  else if (s.exclusiveMinimum === true && lo !== undefined) lo += step;
  if (typeof s.exclusiveMaximum === 'number')
    hi = hi === undefined ? s.exclusiveMaximum - step : Math.min(hi, s.exclusiveMaximum - step);
  else if (s.exclusiveMaximum === true && hi !== undefined) hi -= step;
  if (integer) {
    if (lo !== undefined) lo = Math.ceil(lo);
    if (hi !== undefined) hi = Math.floor(hi);
  }
  const from = lo ?? (hi !== undefined ? Math.min(1, hi) : 1);
  const to = Math.max(from, Math.min(hi ?? Infinity, from + (integer ? 20 : 50)));
  const multipleOf = typeof s.multipleOf === 'number' && s.multipleOf > 0 ? s.multipleOf : undefined;
  if (multipleOf !== undefined) {
    const first = Math.ceil(from / multipleOf);
    const last = Math.max(first, Math.floor(to / multipleOf));
    const k = isWait || mode === 'boundary' ? first : mode === 'edge' ? last : random.int(first, last);
    return Number((k * multipleOf).toPrecision(12));
  }
  if (isWait || mode === 'boundary') return from;
  if (mode === 'edge') return hi ?? to;
  if (integer) return random.int(from, Math.floor(to));
  const value = Math.round((from + random.next() * (to - from)) * 100) / 100;
  return Math.min(Math.max(value, from), to);
}

function generateArray(s: Schema, name: string, context: ValueContext, depth: number): unknown[] {
  const min = typeof s.minItems === 'number' ? Math.min(MAX_GENERATED_ITEMS, Math.max(0, Math.ceil(s.minItems))) : 0;
  const max = typeof s.maxItems === 'number' ? Math.max(0, Math.floor(s.maxItems)) : Infinity;
  const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
  const itemSchema = isObject(s.items) ? s.items : {};
  const wanted =
    context.mode === 'boundary'
      ? min
      : context.mode === 'edge'
        ? Math.min(Number.isFinite(max) ? max : 3, MAX_EDGE_ITEMS)
        : context.random.int(1, 3);
  const count = Math.min(max, Math.max(min, prefix.length, wanted));
  const singular = name.endsWith('s') ? name.slice(0, -1) : name;
  const items: unknown[] = [];
  const seen = new Set<string>();
  for (let i = 0; items.length < count && i < count * 5; i++) {
    const position = items.length;
    const value = generateValue(position < prefix.length ? prefix[position] : itemSchema, singular, context, depth + 1);
    const key = JSON.stringify(value);
    if (s.uniqueItems === true && seen.has(key)) continue;
    seen.add(key);
    items.push(value);
  }
  return items;
}

function generateObject(s: Schema, context: ValueContext, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = isObject(s.properties) ? s.properties : {};
  for (const key of propertyNames(s)) out[key] = generateValue(properties[key], key, context, depth + 1);
  for (const key of requiredNames(s)) if (!(key in out)) out[key] = `sample_${key}`;
  if (Object.keys(out).length === 0 && isObject(s.additionalProperties))
    out.key = generateValue(s.additionalProperties, 'value', context, depth + 1);
  return out;
}

/** The "empty" value of a schema's primary type: `""`, 0, false, [], {} (edge case (c)). */
export function emptyValue(schema: unknown, root: Schema): unknown {
  let s = normalizeSchema(schema, root);
  const branches = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
  if (branches && !('type' in s))
    s = normalizeSchema(
      branches.find((branch) => isObject(branch) && primaryType(normalizeSchema(branch, root)) !== 'null') ?? s,
      root,
    );
  switch (primaryType(s)) {
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'null':
      return null;
    default:
      return '';
  }
}
