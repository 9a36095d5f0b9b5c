import { ToolscoreInputError } from '../core/errors.js';
import type { ExpectedCall, ToolCall } from '../core/types.js';
import { goldSchema, type ToolCatalogue } from '../schemas/catalogue.js';
import type { JsonSchema } from '../schemas/validator.js';
import {
  compileSchema,
  issueMessage,
  issuePath,
  UnsupportedPatternError,
  unsupportedPattern,
  type SchemaValidator,
} from '../schemas/validator.js';

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

/** A schema ajv cannot compile validates every call as one error saying so. */
function compile(schema: JsonSchema, tool: string, gold: boolean): SchemaValidator {
  try {
    return compileSchema(schema);
  } catch (error) {
    if (error instanceof UnsupportedPatternError) {
      const found = unsupportedPattern(schema);
      throw new ToolscoreInputError(
        { source: `${gold ? 'gold' : 'tool catalogue'} schema of ${JSON.stringify(tool)}`, path: found?.path ?? '$' },
        (found?.error ?? error).message,
      );
    }
    const message = `the tool's schema is invalid: ${(error as Error).message}`;
    return Object.assign(() => false, { errors: [{ instancePath: '', keyword: 'schema', message, params: {} }] });
  }
}

function hasGoldSchema(expected: readonly ExpectedCall[]): boolean {
  for (let i = 0; i < expected.length; i++) if (expected[i]!.schema) return true;
  return false;
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
  // Nearly every evaluation has no schema at all: nothing to validate, and no map to build.
  if (!catalogue && !hasGoldSchema(expected)) return undefined;
  const schemas = new Map<string, { schema: JsonSchema; gold: boolean }>();
  for (const call of expected) if (call.schema) schemas.set(call.tool, { schema: goldSchema(call.schema), gold: true });
  if (catalogue) for (const [tool, schema] of catalogue) schemas.set(tool, { schema, gold: false });
  if (schemas.size === 0 && !catalogue) return undefined;
  const details: SchemaErrorDetail[] = [];
  const failed: { index: number; tool: string }[] = [];
  let validated = 0;
  actual.forEach((call, index) => {
    const known = schemas.get(call.tool);
    const before = details.length;
    if (known) {
      validated++;
      const validate = compile(known.schema, call.tool, known.gold);
      if (!validate(call.args ?? {})) {
        for (const error of validate.errors ?? [])
          details.push({
            index,
            tool: call.tool,
            path: issuePath(error, call.args ?? {}),
            keyword: error.keyword,
            message: issueMessage(error),
          });
      }
    } else if (catalogue) {
      validated++;
      details.push({
        index,
        tool: call.tool,
        path: '$',
        keyword: 'not_offered',
        message: `tool not offered: ${call.tool} is not in the tool catalogue`,
      });
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
