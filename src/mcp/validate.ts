import { compileSchema, issueMessage, issuePath, unsupportedPattern } from '../schemas/validator.js';
import type { Schema } from '../schemas/schema-util.js';

/**
 * Whether generated arguments really satisfy a tool's input schema, and whether structured results
 * satisfy its output schema (ajv, through the shared validator of `schemas/validator.ts`). A schema
 * that cannot be compiled validates nothing (undefined): callers ask `schemaProblem` first.
 */

/**
 * Why values cannot be checked against a schema (a pattern the linear-time engine cannot run, with
 * its path; nesting too deep; a schema ajv rejects), or undefined when they can.
 */
export function schemaProblem(schema: Schema): string | undefined {
  const pattern = unsupportedPattern(schema);
  if (pattern) return `${pattern.path}: ${pattern.error.message}`;
  try {
    compileSchema(schema);
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/\s+/g, ' ');
  }
}

/** Undefined when `value` satisfies `schema` (or the schema cannot be compiled), else the first error as text (`$.count: must be integer`). */
export function schemaError(schema: Schema, value: unknown): string | undefined {
  let validate: ReturnType<typeof compileSchema>;
  try {
    validate = compileSchema(schema);
  } catch {
    return undefined;
  }
  if (validate(value)) return undefined;
  const error = validate.errors?.[0];
  if (!error) return 'does not match the schema';
  return `${issuePath(error, value)}: ${issueMessage(error)}`;
}
