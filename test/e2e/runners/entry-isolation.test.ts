import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../corpus.js';

/** Every bare module a built file loads, following its relative imports (static and dynamic). */
function bareImports(entry: string): Set<string> {
  const bare = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    // Either quote: tsc keeps the source's single quotes, the bundler writes double quotes.
    for (const match of text.matchAll(
      /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(["']([^"']+)["']\)|(?:^|\n)import\s+["']([^"']+)["']/g,
    )) {
      const target = match[1] ?? match[2] ?? match[3]!;
      if (target.startsWith('.')) visit(resolve(dirname(file), target));
      else bare.add(target);
    }
  };
  visit(entry);
  return bare;
}

describe('entry points', () => {
  const dist = resolve(REPO_ROOT, 'dist');
  it('importing toolscore loads neither Vitest nor Jest', () => {
    expect(existsSync(resolve(dist, 'index.js')), 'run npm run build first').toBe(true);
    const loaded = [...bareImports(resolve(dist, 'index.js'))];
    expect(loaded.filter((name) => /^(vitest|jest|@jest\/|expect$|@vitest\/)/.test(name))).toEqual([]);
  });

  it('toolscore/vitest loads Vitest, toolscore/jest loads nothing of Jest', () => {
    expect([...bareImports(resolve(dist, 'vitest.js'))]).toContain('vitest');
    expect(
      [...bareImports(resolve(dist, 'jest.js'))].filter((name) => /^(vitest|jest|@jest\/|expect$)/.test(name)),
    ).toEqual([]);
  });
});
