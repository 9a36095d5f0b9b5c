import { ToolscoreInputError, childPath, describeType } from '../core/errors.js';
import { type JsonSchema, unsupportedPattern } from './validator.js';
import { isObject } from '../core/objects.js';

/** The tools offered to an agent: name → JSON Schema of its arguments. */
export type ToolCatalogue = ReadonlyMap<string, JsonSchema>;

/** Name and argument schema of one tool definition, in any of the shapes providers use. */
function readDefinition(item: unknown, path: string, source: string): [string, JsonSchema] {
  if (!isObject(item))
    throw new ToolscoreInputError({ source, path }, `expected a tool definition object, got ${describeType(item)}`);
  // OpenAI Chat Completions: {type: "function", function: {name, parameters}}
  const fn = isObject(item.function) ? item.function : item;
  const name = fn.name;
  if (typeof name !== 'string' || name === '') {
    throw new ToolscoreInputError(
      { source, path: childPath(path, 'name') },
      `expected a tool name, got ${describeType(name)}`,
    );
  }
  // OpenAI: parameters; Anthropic: input_schema; MCP: inputSchema. No schema means any arguments.
  const key = (['parameters', 'input_schema', 'inputSchema'] as const).find(
    (name) => fn[name] !== undefined && fn[name] !== null,
  );
  const schema = key === undefined ? {} : fn[key];
  const schemaPath = childPath(fn === item ? path : childPath(path, 'function'), key ?? 'parameters');
  if (!isObject(schema))
    throw new ToolscoreInputError(
      { source, path: schemaPath },
      `expected a JSON Schema object, got ${describeType(schema)}`,
    );
  // Checked now, so the error names the file and the path to the pattern.
  const unsupported = unsupportedPattern(schema, schemaPath);
  if (unsupported) throw new ToolscoreInputError({ source, path: unsupported.path }, unsupported.error.message);
  return [name, schema];
}

/**
 * Reads a tool catalogue: OpenAI `tools` (Chat Completions or Responses style), Anthropic `tools`,
 * an MCP `tools/list` result (or the whole JSON-RPC response), or `{"tools": [...]}` around any of them.
 */
export function readToolCatalogue(data: unknown, source = 'tools'): ToolCatalogue {
  let list: unknown = data;
  let path = '$';
  if (isObject(list) && isObject(list.result) && 'tools' in list.result)
    [list, path] = [list.result.tools, '$.result.tools'];
  else if (isObject(list) && 'tools' in list) [list, path] = [list.tools, '$.tools'];
  if (!Array.isArray(list)) {
    throw new ToolscoreInputError(
      { source, path },
      `expected a list of tool definitions (OpenAI tools, Anthropic tools or an MCP tools/list result), got ${describeType(list)}`,
    );
  }
  const catalogue = new Map<string, JsonSchema>();
  list.forEach((item: unknown, i) => {
    const [name, schema] = readDefinition(item, childPath(path, i), source);
    catalogue.set(name, schema);
  });
  return catalogue;
}

/**
 * A gold entry's `schema`: a JSON Schema for the arguments, or the Python tool's per-argument form
 * (`{"days": {"type": "integer", "minimum": 1, "required": false}}`), turned into JSON Schema.
 */
export function goldSchema(schema: JsonSchema): JsonSchema {
  const looksLikeJsonSchema = ['type', 'properties', '$schema', 'required', 'anyOf', 'oneOf', 'allOf', '$ref'].some(
    (key) => key in schema,
  );
  if (looksLikeJsonSchema) return schema;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, rule] of Object.entries(schema)) {
    if (!isObject(rule)) continue;
    const { required: isRequired, ...rest } = rule;
    properties[name] = rest;
    if (isRequired !== false) required.push(name);
  }
  return { type: 'object', properties, required };
}
