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
const FOLDER = join(REPO_ROOT, 'test/api');

// `npm run api` rewrites every pin, adds one for a new entry and removes the pin of an entry gone.
if (UPDATE) {
  const pins = entries.map((entry) => basename(entry.pin));
  for (const file of readdirSync(FOLDER))
    if (file.endsWith('.api.txt') && !pins.includes(file)) rmSync(join(FOLDER, file));
  for (const entry of entries) writeFileSync(join(REPO_ROOT, entry.pin), surface.get(entry.name)!);
}

describe('the public surface', () => {
  it('has one pin for each module entry of package.json exports, and no other (run npm run api)', () => {
    expect(entries.map((entry) => entry.name)).toContain('toolscore');
    expect(
      readdirSync(FOLDER)
        .filter((file) => file.endsWith('.api.txt'))
        .sort(),
    ).toEqual(entries.map((entry) => basename(entry.pin)).sort());
  });

  for (const entry of entries) {
    it(`${entry.name} exports what ${entry.pin} lists (run npm run api after a deliberate change)`, () => {
      const path = join(REPO_ROOT, entry.pin);
      const pinned = existsSync(path) ? readFileSync(path, 'utf8') : '';
      expect(surface.get(entry.name), `${entry.pin} is stale: run npm run api`).toBe(pinned);
    });
  }

  it('reads each kind of export, through re-exports, and tells a value exported as a type only', () => {
    const fixture = { name: 'fixture', source: 'test/api/fixture/entry.ts', pin: '' };
    expect(exportedSurface([fixture]).get('fixture')!.split('\n')).toEqual([
      'Name type',
      'Point const+type',
      'Shape class',
      'ShapeType type-only class',
      'Sized interface',
      'Unit enum',
      'area function',
      'counter let',
      'declared namespace',
      'default function',
      'origin const',
      '',
    ]);
  });

  it('pins the root entry with its values and types told apart', () => {
    expect(surface.get('toolscore')!.split('\n')).toEqual(
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
