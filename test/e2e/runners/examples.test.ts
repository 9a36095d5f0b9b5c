import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../corpus.js';
import { RUNNER_TIMEOUT, makeProject, runJest, runNode, runVitest } from './project.js';

const EXAMPLES = join(REPO_ROOT, 'examples/testing');

/** The examples in examples/testing, each run by its own runner the way a user's project runs them. */
describe('examples/testing', () => {
  it(
    'the Vitest examples pass, snapshots replayed strictly as in CI',
    async () => {
      const run = await runVitest(EXAMPLES, [], { CI: 'true' });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Test Files {2}6 passed \(6\)/);
      expect(run.stdout).toMatch(/Tests {2}19 passed \(19\)/);
      expect(run.stdout).toContain('toolscore: 2 snapshots passed');
    },
    RUNNER_TIMEOUT,
  );

  it(
    'the node:test example passes',
    async () => {
      const run = await runNode(['--test', join(EXAMPLES, 'node-test')], REPO_ROOT);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('# pass 4\n');
      expect(run.stdout).toContain('# fail 0\n');
    },
    RUNNER_TIMEOUT,
  );

  it(
    'the Jest example passes in a project that installs toolscore',
    async () => {
      const project = makeProject(join(EXAMPLES, 'jest'));
      try {
        const run = await runJest(project, [], { CI: 'true' });
        expect(run.code, run.stdout + run.stderr).toBe(0);
        expect(run.stderr).toMatch(/Tests: {7}4 passed, 4 total/);
        expect(run.stdout).toContain('toolscore: 1 snapshot passed');
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    },
    RUNNER_TIMEOUT,
  );
});

describe('examples/testing types', () => {
  it(
    'type-check against the built package, matcher augmentation included',
    async () => {
      const run = await runNode(
        [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(EXAMPLES, 'tsconfig.json')],
        REPO_ROOT,
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
    },
    RUNNER_TIMEOUT,
  );
});
