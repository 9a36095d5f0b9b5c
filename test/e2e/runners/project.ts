import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../corpus.js';
import { childEnv, runProgram, type Run } from '../run-cli.js';

/** Longest one runner subprocess may take. */
export const RUNNER_TIMEOUT = 60_000;

/** The test runners, run from this repository's node_modules. */
export const RUNNERS = {
  vitest: resolve(REPO_ROOT, 'node_modules/vitest/vitest.mjs'),
  jest: resolve(REPO_ROOT, 'node_modules/jest/bin/jest.js'),
};

/**
 * A throwaway project holding a copy of `source`, whose node_modules links `toolscore` to this
 * repository (so it imports the built package through its exports, as an installed one would) and the
 * runners to this repository's copies.
 */
export function makeProject(source: string): string {
  const project = mkdtempSync(join(tmpdir(), 'toolscore-runner-'));
  cpSync(source, project, { recursive: true });
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(REPO_ROOT, join(project, 'node_modules/toolscore'), 'dir');
  for (const name of ['vitest', 'jest'])
    symlinkSync(resolve(REPO_ROOT, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  return project;
}

/** The environment of a run under test: no colour, `env` added, and none of the outer run's settings. */
export function runnerEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base = childEnv({ NO_COLOR: '1', ...env });
  // The outer run's CI and snapshot settings must not leak into the runs under test.
  for (const key of [
    'CI',
    'TOOLSCORE_UPDATE',
    'TOOLSCORE_RECORD',
    'TOOLSCORE_ALLOW_PENDING',
    'TOOLSCORE_SNAPSHOT_DIR',
    'TOOLSCORE_SNAPSHOT_LOG',
    'TOOLSCORE_SNAPSHOT_LOG_OWNER',
    'VITEST',
    'VITEST_POOL_ID',
    'VITEST_WORKER_ID',
    'NODE_OPTIONS',
  ]) {
    if (!(key in env)) delete base[key];
  }
  return base;
}

/** Runs `node ARGS` in `cwd` without colour, bounded by a timeout. */
export function runNode(args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return runProgram(process.execPath, args, { cwd, env: runnerEnv(env), timeout: RUNNER_TIMEOUT });
}

/** Runs vitest in a project. */
export function runVitest(
  project: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<Run> {
  return runNode([RUNNERS.vitest, 'run', ...args], project, env);
}

/** Runs Jest (ESM) in a project. */
export function runJest(project: string, args: readonly string[] = [], env: Record<string, string> = {}): Promise<Run> {
  return runNode(['--experimental-vm-modules', RUNNERS.jest, ...args], project, env);
}
