import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * The floors of src/ (docs/architecture.md draws them): a module imports only from its own folder or
 * from a lower floor, and no two modules import each other, directly or round a loop. Type-only and
 * dynamic imports count too: a type from above is still a dependency on what is above.
 */
const FLOORS: Readonly<Record<string, number>> = {
  core: 1,
  match: 2,
  trials: 2,
  schemas: 3,
  formats: 3,
  pairing: 3,
  gold: 4,
  'side-effects': 4,
  metrics: 5,
  io: 6,
  text: 6,
  judge: 7,
  replay: 7,
  evaluation: 8,
  reports: 9,
  mcp: 10,
  testing: 10,
  batch: 10,
  baseline: 11,
  compare: 11,
  bfcl: 11,
  run: 11,
  store: 11,
  view: 12,
  cli: 13,
  '(entry)': 14,
};

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '__golden__' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

/** The import graph of src/ (tests and type tests left out), file → the files it imports, paths relative to src/. */
function importGraph(files: readonly string[], read: (file: string) => string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const match of read(file).matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      targets.push(relative(SRC, resolve(SRC, dirname(file), specifier)).replace(/\.js$/, '.ts'));
    }
    graph.set(file, targets);
  }
  return graph;
}

function folderOf(file: string): string {
  return file.includes('/') ? file.slice(0, file.indexOf('/')) : '(entry)';
}

/** Every import that runs up a floor or sideways into another folder of the same floor. */
function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    for (const target of targets) {
      const to = folderOf(target);
      if (from === to) continue;
      const [a, b] = [FLOORS[from], FLOORS[to]];
      if (a === undefined || b === undefined)
        found.push(`${file} → ${target}: ${a === undefined ? from : to} has no floor`);
      else if (b >= a) found.push(`${file} (floor ${a}) → ${target} (floor ${b})`);
    }
  }
  return found;
}

/** The import cycles (strongly connected groups of more than one file, or a file importing itself). */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)!.includes(file)) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('the checker itself', () => {
  const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

  test('an import up a floor, or sideways to a sibling folder of the same floor, is reported', () => {
    const graph = graphOf({
      'metrics/a.ts': ['core/b.ts', 'evaluation/c.ts'],
      'pairing/d.ts': ['formats/e.ts', 'pairing/f.ts'],
      'core/b.ts': [],
    });
    expect(upwardImports(graph)).toEqual([
      'metrics/a.ts (floor 5) → evaluation/c.ts (floor 8)',
      'pairing/d.ts (floor 3) → formats/e.ts (floor 3)',
    ]);
  });

  test('a folder without a floor is reported, not passed', () => {
    expect(upwardImports(graphOf({ 'nowhere/a.ts': ['core/b.ts'] }))).toEqual([
      'nowhere/a.ts → core/b.ts: nowhere has no floor',
    ]);
  });

  test('a loop of three files and a self-import are cycles; a diamond is not', () => {
    const graph = graphOf({
      'core/a.ts': ['core/b.ts'],
      'core/b.ts': ['core/c.ts'],
      'core/c.ts': ['core/a.ts'],
      'core/d.ts': ['core/d.ts'],
      'core/e.ts': ['core/f.ts', 'core/g.ts'],
      'core/f.ts': ['core/h.ts'],
      'core/g.ts': ['core/h.ts'],
      'core/h.ts': [],
    });
    expect(importCycles(graph)).toEqual([['core/a.ts', 'core/b.ts', 'core/c.ts'], ['core/d.ts']]);
  });

  test('type-only, re-export and dynamic imports are all edges', () => {
    const text: Record<string, string> = {
      'metrics/x.ts':
        "import type { A } from '../core/a.js';\nexport { B } from './b.js';\nconst c = await import('../cli/c.js');",
    };
    expect(importGraph(['metrics/x.ts'], (file) => text[file]!).get('metrics/x.ts')).toEqual([
      'core/a.ts',
      'metrics/b.ts',
      'cli/c.ts',
    ]);
  });
});

describe('src/', () => {
  const files = sourceFiles(SRC);
  const graph = importGraph(files, (file) => readFileSync(join(SRC, file), 'utf8'));

  test('every folder has a floor', () => {
    expect([...new Set(files.map(folderOf))].filter((folder) => FLOORS[folder] === undefined)).toEqual([]);
  });

  test('no import runs up a floor', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  test('no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });
});
