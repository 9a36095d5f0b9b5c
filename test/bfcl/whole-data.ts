/** The corpus's whole multi-turn data (gorilla's four categories) and a run of them, written out for tests. */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ROOT } from '../schemas/published.js';

const CORPUS = join(ROOT, 'test/corpus/bfcl');
export const MULTI_TURN_CATEGORIES = [
  'multi_turn_base',
  'multi_turn_long_context',
  'multi_turn_miss_func',
  'multi_turn_miss_param',
];

/**
 * The leaderboard's data folder for the four categories, whole: the question and answer files are kept
 * gzipped in the corpus (test/corpus/bfcl/multi-turn-full), written out here beside the function docs,
 * and glyphh-ada-1.1's results and score files (PR #1308) in `result/`.
 */
export function wholeDataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolscore-bfcl-full-'));
  const full = join(CORPUS, 'multi-turn-full');
  mkdirSync(join(dir, 'possible_answer'));
  mkdirSync(join(dir, 'result'));
  for (const category of MULTI_TURN_CATEGORIES) {
    const files: [string, string][] = [
      [`BFCL_v4_${category}.json`, ''],
      [`BFCL_v4_${category}.json`, 'possible_answer'],
      [`BFCL_v4_${category}_result.json`, 'result'],
      [`BFCL_v4_${category}_score.json`, 'result'],
    ];
    for (const [name, sub] of files) {
      const from = sub === 'result' ? join(full, 'glyphh-ada-1.1', `${name}.gz`) : join(full, sub, `${name}.gz`);
      writeFileSync(join(dir, sub, name), gunzipSync(readFileSync(from)));
    }
  }
  cpSync(join(CORPUS, 'questions', 'multi_turn_func_doc'), join(dir, 'multi_turn_func_doc'), { recursive: true });
  return dir;
}
