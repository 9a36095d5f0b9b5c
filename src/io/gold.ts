import { toExpectedCalls } from '../formats/calls.js';
import { ToolscoreInputError, describeType } from '../core/errors.js';
import type { ExpectedCall } from '../core/types.js';
import { readJsonFile } from './files.js';
import { checkedGold, type GoldCheckOptions } from './gold-check.js';
import type { ParseJsonOptions } from './json.js';

/**
 * The calls of a parsed gold standard: a JSON array of calls, or an object with a `calls` array (so a
 * snapshot or a `toDict()` record's `calls.expected` can serve as gold).
 */
export function goldCallsOf(data: unknown, source: string, maxDepth?: number): ExpectedCall[] {
  const read = (list: unknown, path: string) =>
    toExpectedCalls(list, source, { path, ...(maxDepth === undefined ? {} : { maxDepth }) });
  if (Array.isArray(data)) return read(data, '$');
  if (data !== null && typeof data === 'object') {
    const calls = (data as Record<string, unknown>).calls;
    if (Array.isArray(calls)) return read(calls, '$.calls');
    if (calls !== null && typeof calls === 'object' && Array.isArray((calls as Record<string, unknown>).expected)) {
      return read((calls as Record<string, unknown>).expected, '$.calls.expected');
    }
  }
  throw new ToolscoreInputError(
    { source, path: '$' },
    `expected a JSON array of calls (or {"calls": [...]}), got ${describeType(data)}`,
  );
}

/**
 * Loads a gold standard file. Keys the gold language does not know, and a file that looks like a
 * trace, are warnings pushed to `options.warnings` (an unknown key is an error with `strictGold`).
 */
export async function loadGoldFile(
  path: string,
  options?: ParseJsonOptions & GoldCheckOptions,
  maxDepth?: number,
): Promise<ExpectedCall[]> {
  const data = await readJsonFile(path, options);
  return checkedGold(data, path, options, () => goldCallsOf(data, path, maxDepth));
}
