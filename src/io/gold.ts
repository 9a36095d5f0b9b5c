import { readGold } from '../formats/gold.js';
import type { ExpectedCall, Gold } from '../core/types.js';
import { readJsonFile } from './files.js';
import type { ParseJsonOptions } from './json.js';

/**
 * The calls of a parsed gold standard: a JSON array of calls, or an object with a `calls` array (so a
 * snapshot or a `toDict()` record's `calls.expected` can serve as gold).
 */
export function goldCallsOf(data: unknown, source: string, maxDepth?: number): ExpectedCall[] {
  return readGold(data, source, maxDepth === undefined ? {} : { maxDepth }).calls;
}

/** Loads a gold standard file: its calls and its file-level options (`order`, `ignore_tools`, …). */
export async function loadGold(path: string, options?: ParseJsonOptions, maxDepth?: number): Promise<Gold> {
  return readGold(await readJsonFile(path, options), path, maxDepth === undefined ? {} : { maxDepth });
}

/** Loads a gold standard file's calls (`loadGold` also gives its file-level options). */
export async function loadGoldFile(
  path: string,
  options?: ParseJsonOptions,
  maxDepth?: number,
): Promise<ExpectedCall[]> {
  return (await loadGold(path, options, maxDepth)).calls;
}
