import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { runProgram } from './run-cli.js';

/** Every module `start` reaches through static and dynamic relative imports, and the packages they import. */
function importGraph(start: string, dynamic = true): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\('([^']+)'\)/g)) {
      const target = match[1] ?? match[2]!;
      if (match[2] !== undefined && !dynamic) continue;
      if (/^(?:import|export)\s+type\s/.test(match[0].trim())) continue;
      if (target.startsWith('.')) visit(resolve(dirname(file), target).replace(/\.js$/, '.ts'));
      else packages.add(target);
    }
  };
  visit(start);
  return { files, packages };
}

describe('entry points', () => {
  test("import 'toolscore' never loads the MCP SDK or src/mcp", () => {
    const { files, packages } = importGraph(resolve(REPO_ROOT, 'src/index.ts'));
    expect(files.size).toBeGreaterThan(20);
    expect([...files].filter((file) => file.includes('/src/mcp/'))).toEqual([]);
    expect([...packages].filter((name) => name.startsWith('@modelcontextprotocol'))).toEqual([]);
  });

  test("import 'toolscore' never loads the batch engine or worker threads (they are toolscore/batch)", () => {
    const { files, packages } = importGraph(resolve(REPO_ROOT, 'src/index.ts'));
    expect([...files].filter((file) => file.includes('/src/batch/'))).toEqual([]);
    expect([...packages].filter((name) => name === 'node:worker_threads')).toEqual([]);
    const batch = importGraph(resolve(REPO_ROOT, 'src/batch/index.ts'));
    expect([...batch.files].filter((file) => file.endsWith('/src/batch/pool.ts'))).toHaveLength(1);
    expect(batch.packages.has('node:worker_threads')).toBe(true);
  });

  test("import 'toolscore' never loads src/replay, and toolscore/replay imports none of the SDKs it wraps", () => {
    const { files } = importGraph(resolve(REPO_ROOT, 'src/index.ts'));
    expect([...files].filter((file) => file.includes('/src/replay/'))).toEqual([]);
    const replay = importGraph(resolve(REPO_ROOT, 'src/replay/index.ts'));
    expect([...replay.packages].filter((name) => !name.startsWith('node:'))).toEqual([]);
  });

  test('the CLI loads the MCP modules only when an mcp or demo command runs (lazy imports)', () => {
    const eager = importGraph(resolve(REPO_ROOT, 'src/cli/main.ts'), false);
    expect([...eager.files].filter((file) => file.includes('/src/mcp/'))).toEqual([]);
    expect([...eager.packages].filter((name) => name.startsWith('@modelcontextprotocol'))).toEqual([]);
    const all = importGraph(resolve(REPO_ROOT, 'src/cli/main.ts'));
    expect([...all.files].filter((file) => file.includes('/src/mcp/')).length).toBeGreaterThan(5);
  });

  test("'toolscore/mcp' is exported and works from the built package", async () => {
    const script =
      "const m = await import('toolscore/mcp'); const t = await import('toolscore'); console.log(typeof m.testServer, typeof m.lintTools, typeof m.recordSession, 'testServer' in t);";
    const run = await runProgram(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('function function function false');
  });

  test("'toolscore/replay' is exported from the built package and not from 'toolscore'", async () => {
    const script =
      "const r = await import('toolscore/replay'); const t = await import('toolscore'); console.log(typeof r.openCassette, typeof r.replayMiddleware, 'openCassette' in t);";
    const run = await runProgram(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('function function false');
  });
});
