import { ToolscoreInputError } from '../core/errors.js';
import { readWithFormat, type ExtractedCalls } from '../formats/auto.js';
import { FORMAT_NAMES } from '../formats/registry.js';
import { readJsonFile } from './files.js';
import type { ParseJsonOptions } from './json.js';

/** Checks a format name, listing the valid ones when it is wrong. */
export function checkFormatName(format: string, source = 'format'): string {
  if (!FORMAT_NAMES.includes(format)) {
    throw new ToolscoreInputError({ source }, `unknown format ${JSON.stringify(format)}; valid formats: ${FORMAT_NAMES.join(', ')}`);
  }
  return format;
}

/** Loads a trace file with a format (`auto` detects it from the whole structure). */
export async function loadTraceFile(path: string, format = 'auto', options?: ParseJsonOptions): Promise<ExtractedCalls> {
  checkFormatName(format);
  return readWithFormat(await readJsonFile(path, options), format, path);
}
