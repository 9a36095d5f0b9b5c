import { parseForbiddenRules, type ForbiddenRule } from '../metrics/policy.js';
import { readJsonFile } from './files.js';

/** Loads a forbidden-rules file: a JSON array of `{tool, args?, reason?}` (`$regex` searches anywhere). */
export async function loadForbiddenRules(path: string, maxDepth?: number): Promise<ForbiddenRule[]> {
  return parseForbiddenRules(await readJsonFile(path), path, maxDepth);
}
