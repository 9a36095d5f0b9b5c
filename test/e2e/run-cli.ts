import { execFile, spawn } from 'node:child_process';
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

/**
 * Runs a program to the end, resolving (never rejecting) with its exit code and output. The default
 * timeout only stops a hung program: generous for a busy machine, under the 120 s a test may take.
 */
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
        timeout: options.timeout ?? 100_000,
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

/** A program running on a pseudo-terminal: what it printed so far, its exit, and keys to type. */
export interface TerminalSession {
  output(): string;
  exited: Promise<number>;
  key(text: string): void;
  /** Waits (at most 15 s) until `text` appears in the output after `from`; then the test goes on. */
  until(text: string, from?: number): Promise<void>;
}

/**
 * Runs `argv` on a real pseudo-terminal: util-linux `script` gives the program a pty and passes the
 * keys written to its stdin through it.
 */
export function onTerminal(argv: readonly string[], cwd: string): TerminalSession {
  const command = argv.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd,
    env: childEnv({ TERM: 'xterm', NO_COLOR: '1' }),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<number>((done) => child.on('exit', (code) => done(code ?? -1)));
  return {
    output: () => output,
    exited,
    key: (text: string) => {
      child.stdin.write(text);
    },
    until: (text: string, from = 0) =>
      new Promise<void>((done, fail) => {
        const started = Date.now();
        const poll = setInterval(() => {
          if (output.indexOf(text, from) >= 0) {
            clearInterval(poll);
            done();
          } else if (Date.now() - started > 60_000) {
            clearInterval(poll);
            child.kill();
            fail(new Error(`no "${text}" in:\n${output}`));
          }
        }, 20);
      }),
  };
}
