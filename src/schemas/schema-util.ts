import { isObject } from '../core/objects.js';
/** JSON Schema helpers shared by the scenario generator and the lint rules. */

export type Schema = Record<string, unknown>;

/** Resolves a local `$ref` (`#/$defs/x`, `#/definitions/x`, `#`) against the root schema; other refs stay as they are. */
function resolveRef(schema: Schema, root: Schema, seen: Set<string> = new Set()): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#') || seen.has(ref)) return schema;
  seen.add(ref);
  let target: unknown = root;
  for (const raw of ref
    .slice(1)
    .split('/')
    .filter((part) => part !== '')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    target = isObject(target) ? target[key] : undefined;
  }
  if (!isObject(target)) return schema;
  const { $ref: _ref, ...rest } = schema;
  return resolveRef({ ...target, ...rest }, root, seen);
}

/** `allOf` branches merged into one schema (properties and required lists joined, other keys last wins). */
function mergeAllOf(schema: Schema, root: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...base } = schema;
  let merged: Schema = { ...base };
  for (const branch of allOf as unknown[]) {
    if (!isObject(branch)) continue;
    const part = mergeAllOf(resolveRef(branch, root), root);
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
