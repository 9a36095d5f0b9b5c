import { createRequire } from 'node:module';
import type { ExpectedCall, ToolCall } from '../core/types.js';
import { goldSchema, type JsonSchema, type ToolCatalogue } from '../schemas/catalogue.js';

/** One way a call's arguments break its tool's schema. */
export interface SchemaErrorDetail {
  /** 0-based index of the call in the trace. */
  index: number;
  tool: string;
  /** Where in the arguments, as a JSON path (`$.passengers[0].age`); `$` for the whole call. */
  path: string;
  /** The JSON Schema keyword that failed (`type`, `required`, …), or `not_offered`. */
  keyword: string;
  message: string;
}

/** `metrics.schema_metrics`. */
export interface SchemaMetrics {
  /** Share of validated calls with no error (1 when none were validated). */
  schema_compliance_rate: number;
  total_validated: number;
  total_errors: number;
  failed_count: number;
  /** Calls with at least one error: index and tool. */
  failed_calls: { index: number; tool: string }[];
  error_details: SchemaErrorDetail[];
}

type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }[] | null };
interface AjvInstance {
  compile(schema: JsonSchema): Validate;
}

// ajv is loaded on first use only: importing toolscore must stay cheap.
const require = createRequire(import.meta.url);
let validators: { draft7: AjvInstance; draft2020: AjvInstance } | undefined;
const compiled = new WeakMap<JsonSchema, Validate>();

function compile(schema: JsonSchema): Validate {
  let validate = compiled.get(schema);
  if (validate) return validate;
  if (!validators) {
    const options = { allErrors: true, strict: false, validateFormats: true };
    const Ajv = (require('ajv') as { default: new (options: object) => AjvInstance }).default;
    const Ajv2020 = (require('ajv/dist/2020') as { default: new (options: object) => AjvInstance }).default;
    const addFormats = (require('ajv-formats') as { default: (ajv: AjvInstance) => void }).default;
    validators = { draft7: new Ajv(options), draft2020: new Ajv2020(options) };
    addFormats(validators.draft7);
    addFormats(validators.draft2020);
  }
  const draft = typeof schema.$schema === 'string' && schema.$schema.includes('2020-12') ? validators.draft2020 : validators.draft7;
  try {
    validate = draft.compile(schema);
  } catch (error) {
    const message = `the tool's schema is invalid: ${(error as Error).message}`;
    validate = Object.assign(() => false, { errors: [{ instancePath: '', keyword: 'schema', message, params: {} }] });
  }
  compiled.set(schema, validate);
  return validate;
}

/** `/passengers/0/age` → `$.passengers[0].age`. */
function toJsonPath(pointer: string): string {
  if (pointer === '') return '$';
  return pointer
    .split('/')
    .slice(1)
    .reduce((path, token) => {
      const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
      return /^\d+$/.test(key) ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
    }, '$');
}

/**
 * Validates each actual call's arguments against its tool's JSON Schema, from the catalogue offered
 * to the agent (`--tools`) or from gold entries' `schema`. With a catalogue, a call to a tool it does
 * not list is an error ("tool not offered"). Undefined when there is nothing to validate against.
 */
export function schemaMetrics(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  catalogue: ToolCatalogue | undefined,
): SchemaMetrics | undefined {
  const schemas = new Map<string, JsonSchema>();
  for (const call of expected) if (call.schema) schemas.set(call.tool, goldSchema(call.schema));
  if (catalogue) for (const [tool, schema] of catalogue) schemas.set(tool, schema);
  if (schemas.size === 0 && !catalogue) return undefined;
  const details: SchemaErrorDetail[] = [];
  const failed: { index: number; tool: string }[] = [];
  let validated = 0;
  actual.forEach((call, index) => {
    const schema = schemas.get(call.tool);
    const before = details.length;
    if (schema) {
      validated++;
      const validate = compile(schema);
      if (!validate(call.args ?? {})) {
        for (const error of validate.errors ?? []) {
          const missing = error.keyword === 'required' ? `/${String(error.params.missingProperty)}` : '';
          details.push({ index, tool: call.tool, path: toJsonPath(error.instancePath + missing), keyword: error.keyword, message: error.message ?? error.keyword });
        }
      }
    } else if (catalogue) {
      validated++;
      details.push({ index, tool: call.tool, path: '$', keyword: 'not_offered', message: `tool not offered: ${call.tool} is not in the tool catalogue` });
    }
    if (details.length > before) failed.push({ index, tool: call.tool });
  });
  return {
    schema_compliance_rate: validated === 0 ? 1 : (validated - failed.length) / validated,
    total_validated: validated,
    total_errors: details.length,
    failed_count: failed.length,
    failed_calls: failed,
    error_details: details,
  };
}
