import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';

/*
 * Every code block in docs/ marked runnable is run, so the docs cannot drift from the tool:
 *
 *   ```sh runnable            bash -e in a scratch folder holding a copy of examples/, with `toolscore`
 *   ```sh runnable exit=1     on PATH (the built CLI); the last command's exit code must be the one given
 *   ```ts runnable            a module importing 'toolscore' (the built package), run with vitest's loader;
 *                             it must not throw
 *
 * In a sh block, a line `# prints: TEXT` says the output holds TEXT (runs of spaces compared as one), so
 * the numbers a page quotes stay the ones the tool prints.
 */
interface Block {
  file: string;
  line: number;
  lang: 'sh' | 'ts';
  exit: number;
  code: string;
}

const DOCS = resolve(REPO_ROOT, 'docs');
const FENCE = /^```(sh|ts) runnable(?: exit=(\d+))?\s*$/;

function blocksOf(file: string): Block[] {
  const lines = readFileSync(join(DOCS, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`docs/${file}:${i + 1}: a runnable block is never closed`);
    blocks.push({
      file,
      line: i + 1,
      lang: open[1] as Block['lang'],
      exit: Number(open[2] ?? 0),
      code: lines.slice(i + 1, end).join('\n'),
    });
    i = end;
  }
  return blocks;
}

const blocks = readdirSync(DOCS)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .flatMap(blocksOf);

const scratch = mkdtempSync(join(tmpdir(), 'toolscore-docs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A folder with the examples and a `toolscore` on PATH that runs the built CLI. */
function shellFolder(name: string): { cwd: string; env: NodeJS.ProcessEnv } {
  const cwd = join(scratch, name);
  cpSync(resolve(REPO_ROOT, 'examples'), cwd, { recursive: true, filter: (path) => !path.includes('/out') });
  const bin = join(cwd, '.bin');
  mkdirSync(bin);
  const shim = join(bin, 'toolscore');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${resolve(REPO_ROOT, 'dist/cli/main.js')}" "$@"\n`);
  chmodSync(shim, 0o755);
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1' };
  delete env.GITHUB_STEP_SUMMARY;
  delete env.FORCE_COLOR;
  return { cwd, env };
}

function runShell(code: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile('bash', ['-e', '-c', code], { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const exit = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      done({ code: exit, output: `${stdout}${stderr}` });
    });
  });
}

/** The texts of a block's `# prints: TEXT` lines. */
function printedLines(code: string): string[] {
  return [...code.matchAll(/^# prints: (.+)$/gm)].map((match) => match[1]!);
}

function oneSpaced(text: string): string {
  return text.replace(/[ \t]+/g, ' ');
}

describe('runnable code blocks in docs/', () => {
  it('there are some, in more than one file', () => {
    expect(new Set(blocks.map((block) => block.file)).size).toBeGreaterThan(1);
  });

  it('the numbers docs/regression.md quotes are checked against what the run prints', () => {
    const regression = blocks.find((block) => block.file === 'regression.md')!;
    expect(printedLines(regression.code)).toContain('argument_f1 0.917 0.762 -0.155 REGRESSED');
    expect(regression.code).toContain('argument F1,\n# which drops 0.155');
  });

  for (const [n, block] of blocks.entries()) {
    it(`docs/${block.file}:${block.line} (${block.lang})`, async () => {
      if (block.lang === 'sh') {
        const { cwd, env } = shellFolder(`sh-${n}`);
        const run = await runShell(block.code, cwd, env);
        expect(run.code, run.output).toBe(block.exit);
        const output = oneSpaced(run.output);
        for (const text of printedLines(block.code)) expect(output, run.output).toContain(oneSpaced(text));
        return;
      }
      // Inside the repository, so 'toolscore' resolves to this package (its exports, the build).
      const dir = resolve(REPO_ROOT, 'test-artifacts', 'docs');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `block-${n}.ts`);
      writeFileSync(file, block.code);
      await import(pathToFileURL(file).href);
    });
  }
});
