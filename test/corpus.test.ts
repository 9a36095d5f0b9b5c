import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FORMAT_NAMES } from '../src/formats/registry.js';
import { CORPUS_ROOT, REPO_ROOT, readCorpusJsonl } from './corpus.js';

/** Every file under a folder, as paths relative to it. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(root, path)).isFile())
    .sort();
}

/** Files that document the corpus rather than belong to it. */
const CORPUS_DOCS = ['SOURCES.md', 'LICENSES/MIT.txt'];

describe('a clone tests itself: the corpus is in the repository', () => {
  test('tests read the corpus from test/corpus', () => {
    expect(relative(REPO_ROOT, CORPUS_ROOT)).toBe('test/corpus');
  });

  test('every corpus file has its source row in test/corpus/SOURCES.md, and every row its file', () => {
    const rows = [...readFileSync(join(CORPUS_ROOT, 'SOURCES.md'), 'utf8').matchAll(/^\| `([^`]+)` \| (\d+) \|/gm)];
    const files = filesUnder(CORPUS_ROOT).filter((path) => !CORPUS_DOCS.includes(path));
    expect(rows.map((row) => row[1]).sort()).toEqual(files);
    expect(files).toHaveLength(306);
    // The size column is the source's; only the compressed files differ from it.
    const changed = rows
      .filter((row) => statSync(join(CORPUS_ROOT, row[1]!)).size !== Number(row[2]))
      .map((row) => row[1]!);
    expect(changed.sort()).toEqual(files.filter((path) => path.endsWith('.gz')));
    expect(changed).toHaveLength(32);
  });

  test("docs/formats.md's format table has a row per format, each naming fixtures that exist under test/corpus", () => {
    const readme = readFileSync(join(REPO_ROOT, 'docs/formats.md'), 'utf8');
    const table = readme.slice(readme.indexOf('| format | reads | helper |'));
    const rows = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([a-z-]+)` \| (.*)$/gm)];
    expect(rows.map((row) => row[1]).sort()).toEqual(FORMAT_NAMES.filter((name) => name !== 'auto').sort());
    const files = filesUnder(CORPUS_ROOT);
    const missing: string[] = [];
    for (const [, format, text] of rows) {
      // The row's fixtures: file names after "Fixture(s):", paths relative to test/corpus, `*` as a wildcard;
      // a bare name (`…1.chunks.jsonl`) abbreviates the path before it and must end some file's path.
      const named = /Fixtures?:(.*)$/.exec(text!)?.[1] ?? '';
      const fixtures = [...named.matchAll(/`([\w./*…-]+)`/g)]
        .map((match) => match[1]!.replace(/^test\/corpus\//, ''))
        .filter((name) => /(\.[a-z]+|\*)$/.test(name));
      if (fixtures.length === 0) missing.push(`${format}: names no fixture`);
      for (const fixture of fixtures) {
        const pattern = fixture
          .replace(/^…/, '')
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '[^/]*');
        const matcher = new RegExp(
          fixture.includes('/') && !fixture.startsWith('…') ? `^${pattern}$` : `(^|/|\\.)${pattern}$`,
        );
        if (!files.some((file) => matcher.test(file))) missing.push(`${format}: ${fixture}`);
      }
    }
    expect(missing).toEqual([]);
  });

  // The BFCL run (questions, answers, results and score files, 6.2 MB, the agentic ones gzipped) is kept
  // whole: the agreement tests judge every one of its entries. Everything else stays under 3 MB.
  test('the corpus stays small (under 10 MB, 3 MB without BFCL)', () => {
    const files = filesUnder(CORPUS_ROOT);
    const size = (paths: string[]) => paths.reduce((sum, path) => sum + statSync(join(CORPUS_ROOT, path)).size, 0);
    expect(size(files)).toBeLessThan(10 * 1024 * 1024);
    expect(size(files.filter((path) => !path.startsWith('bfcl/')))).toBeLessThan(3 * 1024 * 1024);
  });

  test('the compressed credential vectors read as their JSON Lines (335 gitleaks strings, 102 secretlint cases)', () => {
    expect(readCorpusJsonl('secrets', 'gitleaks-rule-vectors.jsonl')).toHaveLength(335);
    expect(readCorpusJsonl('secrets', 'secretlint-preset-recommend-snapshots.jsonl')).toHaveLength(102);
  });

  test('no source or test reads the sibling ../shared folder', () => {
    const sibling = ['..', 'shared', ''].join('/');
    const readers = ['src', 'test']
      .flatMap((dir) => filesUnder(join(REPO_ROOT, dir)).map((path) => join(dir, path)))
      .filter((path) => /\.(ts|mts|mjs|js)$/.test(path) && !path.startsWith('test/corpus/'))
      .filter((path) => readFileSync(join(REPO_ROOT, path), 'utf8').includes(sibling));
    expect(readers).toEqual([]);
  });
});
