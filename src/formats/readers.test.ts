import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { FORMATS } from './registry.js';

/*
 * Each reader has its file, its test and its documentation, as each eslint rule has its doc, test
 * and registry entry: a reader registered without them, or a file in readers/ left out of the
 * registry, fails here.
 */

const READERS = new URL('./readers/', import.meta.url);
const FORMATS_DOC = readFileSync(new URL('../../docs/formats.md', import.meta.url), 'utf8');
const names = [...FORMATS.keys()];

/** The reader files of readers/ (tests left out), by format name. */
function readerFiles(): string[] {
  return readdirSync(READERS)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => name.slice(0, -'.ts'.length))
    .sort();
}

describe('every registered reader', () => {
  test('is one file in formats/readers/ named after its format, and every file there is a registered reader', () => {
    expect(readerFiles()).toEqual([...names].sort());
  });

  test.each(names)('%s: its file exports the format the registry lists under that name', async (name) => {
    const module = (await import(new URL(`${name}.ts`, READERS).href)) as Record<string, unknown>;
    expect(Object.values(module)).toContain(FORMATS.get(name));
  });

  test.each(names)('%s: its test declares its cases for the reader tester', (name) => {
    const source = readFileSync(new URL(`${name}.test.ts`, READERS), 'utf8');
    expect(source).toContain("from '../../../test/reader-tester.js'");
    expect(source).toMatch(/^testReader\(\w+Format, \[/m);
  });

  test.each(names)('%s: docs/formats.md has its row', (name) => {
    expect(FORMATS_DOC).toContain(`\n| \`${name}\` | `);
  });
});
