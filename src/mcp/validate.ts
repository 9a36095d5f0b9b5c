import { createRequire } from 'node:module';
import type { Schema } from './schema-util.js';

/**
 * JSON Schema validation with ajv (draft-07 by default, 2020-12 when the schema says so, formats
 * checked): whether generated arguments really satisfy a tool's input schema, and whether structured
 * results satisfy its output schema. A schema ajv cannot compile validates nothing (undefined).
 */

type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
interface AjvInstance {
  compile(schema: Schema): Validate;
}

const require = createRequire(import.meta.url);
let instances: { draft7: AjvInstance; draft2020: AjvInstance } | undefined;
const cache = new WeakMap<Schema, Validate | null>();

function ajv(schema: Schema): AjvInstance {
  if (!instances) {
    const options = { allErrors: false, strict: false, validateFormats: true, addUsedSchema: false };
    const Ajv = (require('ajv') as { default: new (options: object) => AjvInstance }).default;
    const Ajv2020 = (require('ajv/dist/2020') as { default: new (options: object) => AjvInstance }).default;
    const addFormats = (require('ajv-formats') as { default: (ajv: AjvInstance) => void }).default;
    instances = { draft7: new Ajv(options), draft2020: new Ajv2020(options) };
    addFormats(instances.draft7);
    addFormats(instances.draft2020);
  }
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  return declared.includes('2020-12') || declared.includes('2019-09') ? instances.draft2020 : instances.draft7;
}

function compiled(schema: Schema): Validate | null {
  let validate = cache.get(schema);
  if (validate !== undefined) return validate;
  try {
    // An $id would be registered once per instance; validation does not need it.
    const { $id: _id, ...rest } = schema;
    validate = ajv(schema).compile(rest);
  } catch {
    validate = null;
  }
  cache.set(schema, validate);
  return validate;
}

/** Undefined when `value` satisfies `schema` (or the schema cannot be compiled), else the first error as text. */
export function schemaError(schema: Schema, value: unknown): string | undefined {
  const validate = compiled(schema);
  if (!validate || validate(value)) return undefined;
  const error = validate.errors?.[0];
  if (!error) return 'does not match the schema';
  const where = error.instancePath === '' ? '' : `${error.instancePath.slice(1).replace(/\//g, '.')} `;
  return `${where}${error.message ?? 'does not match the schema'}`.trim();
}
