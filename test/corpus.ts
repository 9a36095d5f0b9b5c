import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The shared acceptance corpus, which sits beside the clone (`../shared/corpus`); never copied into the repo. */
export const CORPUS_ROOT = resolve(REPO_ROOT, '../shared/corpus');

/** Absolute path of a corpus file; fails loudly when the corpus is not beside the clone. */
export function corpusPath(...parts: string[]): string {
  const path = resolve(CORPUS_ROOT, ...parts);
  if (!existsSync(path)) throw new Error(`corpus file missing: ${path} (the corpus must sit at ../shared/corpus beside the repository)`);
  return path;
}

/** Parsed JSON of a corpus file. */
export function readCorpusJson(...parts: string[]): unknown {
  return JSON.parse(readFileSync(corpusPath(...parts), 'utf8'));
}

/** Parsed lines of a JSON Lines corpus file. */
export function readCorpusJsonl(...parts: string[]): unknown[] {
  return readFileSync(corpusPath(...parts), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}
