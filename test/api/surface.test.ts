import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { exportedSurface, packageEntries } from './surface.js';

/*
 * The public surface is chosen, not accumulated: every name each package entry exports is pinned in
 * test/api/<entry>.api.txt, so adding, removing or retyping an export fails here until the pin is
 * rewritten on purpose (`npm run api`) and the change shows in review.
 */
const UPDATE = process.env.TOOLSCORE_UPDATE_GOLDEN === '1';
const entries = packageEntries();
const surface = exportedSurface(entries);

describe('the public surface', () => {
  it('has one pin for each module entry of package.json exports, and no other', () => {
    const pins = entries.map((entry) => basename(entry.pin));
    if (UPDATE)
      for (const file of readdirSync(join(REPO_ROOT, 'test/api')))
        if (file.endsWith('.api.txt') && !pins.includes(file)) rmSync(join(REPO_ROOT, 'test/api', file));
    expect(entries).toHaveLength(11);
    expect(
      readdirSync(join(REPO_ROOT, 'test/api'))
        .filter((file) => file.endsWith('.api.txt'))
        .sort(),
    ).toEqual([...pins].sort());
  });

  for (const entry of entries) {
    it(`${entry.name} exports what ${entry.pin} lists (run npm run api after a deliberate change)`, () => {
      const path = join(REPO_ROOT, entry.pin);
      const listed = surface.get(entry.name)!;
      if (UPDATE) writeFileSync(path, listed);
      const pinned = existsSync(path) ? readFileSync(path, 'utf8') : '';
      expect(listed, `${entry.pin} is stale: run npm run api`).toBe(pinned);
    });
  }

  it('tells values from types and sees through re-exports', () => {
    const root = surface.get('toolscore')!.split('\n');
    expect(root).toEqual(
      expect.arrayContaining([
        'evaluate function',
        'ANY const',
        'ToolscoreInputError class',
        'EvaluationResult class',
        'InputLocation interface',
      ]),
    );
    expect(surface.get('toolscore/vitest/global-setup')).toBe('default function\n');
  });
});
