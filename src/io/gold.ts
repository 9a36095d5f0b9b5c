import { readGold } from '../gold/gold.js';
import type { ExpectedCall, Gold } from '../core/types.js';
import { readJsonFile } from './files.js';
import { checkedGold, type GoldCheckOptions } from './gold-check.js';
import type { ParseJsonOptions } from './json.js';

/**
 * The calls of a parsed gold standard: a JSON array of calls, or an object with a `calls` array (so a
 * snapshot or a `toDict()` record's `calls.expected` can serve as gold).
 */
export function goldCallsOf(data: unknown, source: string, maxDepth?: number): ExpectedCall[] {
  return readGold(data, source, maxDepth === undefined ? {} : { maxDepth }).calls;
}

/**
 * Loads a gold standard file: its calls and its file-level options (`order`, `ignore_tools`, …). Keys
 * the gold language does not know, and a file that looks like a trace, are warnings pushed to
 * `options.warnings` (an unknown key is an error with `strictGold`).
 */
export async function loadGold(
  path: string,
  options?: ParseJsonOptions & GoldCheckOptions,
  maxDepth?: number,
): Promise<Gold> {
  const data = await readJsonFile(path, options);
  return checkedGold(data, path, options, () => readGold(data, path, maxDepth === undefined ? {} : { maxDepth }));
}

/** Loads a gold standard file's calls (`loadGold` also gives its file-level options). */
export async function loadGoldFile(
  path: string,
  options?: ParseJsonOptions & GoldCheckOptions,
  maxDepth?: number,
): Promise<ExpectedCall[]> {
  return (await loadGold(path, options, maxDepth)).calls;
}
