import { childPath } from '../core/errors.js';
import { hasOwnProperty, isObject } from '../core/objects.js';
/** JSON Schema helpers shared by the scenario generator and the lint rules. */

export type Schema = Record<string, unknown>;

/** What a local `$ref` (`#/$defs/x`, `#`) points at in the root schema; undefined for other refs or a missing target. */
function refTarget(ref: string, root: Schema): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let target: unknown = root;
  for (const raw of ref
    .slice(1)
    .split('/')
    .filter((part) => part !== '')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    // Own keys only: `#/__proto__` names nothing.
    target = isObject(target) && hasOwnProperty.call(target, key) ? target[key] : undefined;
  }
  return isObject(target) ? target : undefined;
}

/** Keywords whose schemas apply to the very value their schema does: no data is read between. */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'];
const IN_PLACE_ONES = ['not', 'if', 'then', 'else'];
/** Keywords whose value is data, never a schema. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'example']);
/** Keywords whose value maps names to schemas: a key there is a name (a property called `default`), not a keyword. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * Whether the value at `key` of a schema is data rather than schemas (`enum`, `default`, …), given the
 * key the schema itself sits under: in `properties` and the other maps of named schemas, no key is.
 */
export function holdsData(key: string, parentKey: string | undefined): boolean {
  return DATA_KEYWORDS.has(key) && !(parentKey !== undefined && SCHEMA_MAPS.has(parentKey));
}

/** Every schema object of `root` (the values of data keywords left out), with its JSON path. Walks without recursion. */
function schemaNodes(root: Schema): Map<object, string> {
  const paths = new Map<object, string>();
  const walk: [unknown, string, string | undefined][] = [[root, '$', undefined]];
  for (let top = walk.pop(); top !== undefined; top = walk.pop()) {
    const [node, path, parentKey] = top;
    if (node === null || typeof node !== 'object' || paths.has(node)) continue;
    paths.set(node, path);
    for (const [key, value] of Object.entries(node))
      if (Array.isArray(node) || !holdsData(key, parentKey))
        walk.push([
          value,
          childPath(path, Array.isArray(node) ? Number(key) : key),
          Array.isArray(node) ? parentKey : key,
        ]);
  }
  return paths;
}

/** The schemas that apply to the very value `node` applies to: its local `$ref` target and its in-place branches. */
function inPlaceEdges(node: object, root: Schema): object[] {
  if (!isObject(node)) return [];
  const found: object[] = [];
  if (typeof node.$ref === 'string') {
    const target = refTarget(node.$ref, root);
    if (target !== undefined) found.push(target);
  }
  for (const key of IN_PLACE_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) for (const item of list) if (isObject(item)) found.push(item);
  }
  for (const key of IN_PLACE_ONES) if (isObject(node[key])) found.push(node[key]);
  return found;
}

/**
 * The JSON path of a schema that refers back to itself through `$ref`, `allOf`, `anyOf`, `oneOf`,
 * `not` or `if`/`then`/`else` alone (`{"anyOf": [{"$ref": "#/$defs/a"}]}` as `$defs.a`): checking or
 * generating a value for it would recurse forever. Undefined when there is no such loop. A loop
 * through `properties` or `items` is fine: each turn reads one level of data. Walks without recursion.
 */
export function schemaLoop(root: Schema): string | undefined {
  const paths = schemaNodes(root);
  // Depth-first search for a back edge: 1 = on the current path, 2 = done.
  const state = new Map<object, 1 | 2>();
  for (const start of paths.keys()) {
    if (state.has(start)) continue;
    const stack: { node: object; edges: object[] }[] = [{ node: start, edges: inPlaceEdges(start, root) }];
    state.set(start, 1);
    while (stack.length > 0) {
      const top = stack.at(-1)!;
      const edge = top.edges.pop();
      if (edge === undefined) {
        state.set(top.node, 2);
        stack.pop();
      } else if (state.get(edge) === 1) return paths.get(edge) ?? '$';
      else if (!state.has(edge)) {
        state.set(edge, 1);
        stack.push({ node: edge, edges: inPlaceEdges(edge, root) });
      }
    }
  }
  return undefined;
}

/**
 * The JSON path of a schema that checking one value expands into more than `limit` schemas through
 * `$ref`, `allOf`, `anyOf`, `oneOf`, `not` and `if`/`then`/`else` (`a0` refers twice to `a1`, `a1`
 * twice to `a2`, …: 2^40 schemas from 40 definitions), or undefined. A validator takes that many steps
 * for every value, at once and with no way to stop it. Counts are shared along the way, so the walk
 * is linear in the schema; a loop is left to `schemaLoop`. Walks without recursion.
 */
export function schemaFanOut(root: Schema, limit: number): string | undefined {
  const paths = schemaNodes(root);
  const counts = new Map<object, number>();
  for (const start of paths.keys()) {
    if (counts.has(start)) continue;
    const stack: { node: object; edges: object[]; count: number }[] = [
      { node: start, edges: inPlaceEdges(start, root), count: 1 },
    ];
    const open = new Set<object>([start]);
    while (stack.length > 0) {
      const top = stack.at(-1)!;
      const edge = top.edges.pop();
      if (edge === undefined) {
        if (top.count > limit) return paths.get(top.node) ?? '$';
        counts.set(top.node, top.count);
        open.delete(top.node);
        stack.pop();
        const parent = stack.at(-1);
        if (parent !== undefined) parent.count = Math.min(limit + 1, parent.count + top.count);
      } else if (counts.has(edge)) top.count = Math.min(limit + 1, top.count + counts.get(edge)!);
      else if (!open.has(edge)) {
        open.add(edge);
        stack.push({ node: edge, edges: inPlaceEdges(edge, root), count: 1 });
      }
    }
  }
  return undefined;
}

/** Resolves a local `$ref` (`#/$defs/x`, `#/definitions/x`, `#`) against the root schema; other refs stay as they are. */
function resolveRef(schema: Schema, root: Schema, seen: Set<string> = new Set()): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || seen.has(ref)) return schema;
  seen.add(ref);
  const target = refTarget(ref, root);
  if (target === undefined) return schema;
  const { $ref: _ref, ...rest } = schema;
  return resolveRef({ ...target, ...rest }, root, seen);
}

/**
 * Each `allOf` branch merged, per root schema: a branch reached along many paths (`a0` refers to `a1`
 * twice, `a1` to `a2` twice, …: 2^40 paths in 40 definitions) is merged once, not once per path.
 * Merged schemas are never changed afterwards, so they can be shared.
 */
const mergedBranches = new WeakMap<Schema, WeakMap<Schema, Schema>>();

function mergedBranch(branch: Schema, root: Schema): Schema {
  let byBranch = mergedBranches.get(root);
  if (byBranch === undefined) {
    byBranch = new WeakMap();
    mergedBranches.set(root, byBranch);
  }
  let merged = byBranch.get(branch);
  if (merged === undefined) {
    merged = mergeAllOf(resolveRef(branch, root), root);
    byBranch.set(branch, merged);
  }
  return merged;
}

/** `allOf` branches merged into one schema (properties and required lists joined, other keys last wins). */
function mergeAllOf(schema: Schema, root: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...base } = schema;
  let merged: Schema = { ...base };
  for (const branch of allOf as unknown[]) {
    if (!isObject(branch)) continue;
    const part = mergedBranch(branch, root);
    const properties = {
      ...(isObject(merged.properties) ? merged.properties : {}),
      ...(isObject(part.properties) ? part.properties : {}),
    };
    const required = [
      ...new Set([
        ...(Array.isArray(merged.required) ? merged.required : []),
        ...(Array.isArray(part.required) ? part.required : []),
      ]),
    ];
    merged = { ...part, ...merged };
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.length > 0) merged.required = required;
  }
  return merged;
}

/** The schema with its local `$ref` resolved and `allOf` merged. */
export function normalizeSchema(schema: unknown, root: Schema): Schema {
  if (!isObject(schema)) return {};
  return mergeAllOf(resolveRef(schema, root), root);
}

/** The JSON types a schema names: its `type` (string or list), else what its keywords imply. */
export function schemaTypes(schema: Schema): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === 'string');
  if (schema.const !== undefined) return [jsonType(schema.const)];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return [...new Set(schema.enum.map(jsonType))];
  if (isObject(schema.properties) || isObject(schema.additionalProperties)) return ['object'];
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return ['array'];
  if (
    ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some(
      (key) => typeof schema[key] === 'number',
    )
  )
    return ['number'];
  if (['pattern', 'format', 'minLength', 'maxLength'].some((key) => key in schema)) return ['string'];
  return [];
}

/** The first non-null type of a schema, `string` when it names none. */
export function primaryType(schema: Schema): string {
  return (
    schemaTypes(schema).find((type) => type !== 'null') ?? (schemaTypes(schema).includes('null') ? 'null' : 'string')
  );
}

/** The JSON type of a value (`integer` for whole numbers). */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether a value has one of the given JSON types (`number` admits integers). */
export function valueHasType(value: unknown, types: readonly string[]): boolean {
  const actual = jsonType(value);
  return types.some((type) => type === actual || (type === 'number' && actual === 'integer'));
}

/** The property names of a usable object schema, in their written order. */
export function propertyNames(schema: Schema): string[] {
  return isObject(schema.properties) ? Object.keys(schema.properties) : [];
}

/** The `required` names of a schema that are strings. */
export function requiredNames(schema: Schema): string[] {
  return Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === 'string')
    : [];
}

/** A schema the generator can work from: an object with `type: "object"` and an object `properties`. */
export function usableSchema(schema: unknown): schema is Schema {
  return isObject(schema) && schema.type === 'object' && isObject(schema.properties);
}

/**
 * An object schema whose properties live in its `oneOf`/`anyOf` branches ("an id or a name") is
 * generated from its first branch that has properties; arguments are still checked against the whole.
 */
export function effectiveSchema(schema: unknown): Schema | undefined {
  if (usableSchema(schema)) return schema;
  if (!isObject(schema) || schema.type !== 'object') return undefined;
  const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : [];
  const branch = branches.find((item): item is Schema => isObject(item) && isObject(item.properties));
  if (!branch) return undefined;
  const { oneOf: _o, anyOf: _a, ...rest } = schema;
  return { ...rest, properties: branch.properties, required: [...requiredNames(schema), ...requiredNames(branch)] };
}
