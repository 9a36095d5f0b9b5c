import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonReportJsonSchema } from '../../src/reports/json-schema.js';
import { resultsLineJsonSchema } from '../../src/batch/results-line-schema.js';
import { goldJsonSchema } from '../../src/io/gold-schema.js';

/** The repository's root. */
export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

/** The JSON Schemas the package ships, by file name under schemas/, each built from its zod definition. */
export const PUBLISHED_SCHEMAS: Readonly<Record<string, () => Record<string, unknown>>> = {
  'gold.json': goldJsonSchema,
  'report.json': jsonReportJsonSchema,
  'results-line.json': resultsLineJsonSchema,
};

/** The text of a published schema file. */
export function schemaText(schema: Record<string, unknown>): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
