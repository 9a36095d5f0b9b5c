import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { REPO_ROOT } from '../corpus.js';

/** The built CLI; `npm test` builds it before vitest runs. */
export const CLI = resolve(REPO_ROOT, 'dist/cli/main.js');

/** The bundled example files. */
export const EXAMPLES = {
  gold: resolve(REPO_ROOT, 'examples/gold.json'),
  trace: resolve(REPO_ROOT, 'examples/trace.json'),
  forbidden: resolve(REPO_ROOT, 'examples/forbidden.json'),
};

/** What a finished process left behind. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a child process, minus anything that would colour or redirect its output. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.FORCE_COLOR;
  delete env.TOOLSCORE_DEBUG;
  return env;
}

/** Runs a program to the end, resolving (never rejecting) with its exit code and output. */
export function runProgram(
  file: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {},
): Promise<Run> {
  return new Promise((done) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? childEnv(),
        timeout: options.timeout ?? 30_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** Runs `toolscore ARGS` from the built CLI, in `cwd` (where the default report lands). */
export function runCli(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<Run> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first (npm test does)`);
  return runProgram(process.execPath, [CLI, ...args], { cwd: options.cwd, env: childEnv(options.env) });
}

/**
 * A temporary folder for the test file (made before its tests, removed after them) and a way to get a
 * fresh empty folder inside it for each run.
 */
export function useScratchFolder(prefix: string): { root: () => string; fresh: () => string } {
  let root = '';
  let runs = 0;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });
  return {
    root: () => root,
    fresh: () => {
      const dir = join(root, `run-${++runs}`);
      mkdirSync(dir);
      return dir;
    },
  };
}
