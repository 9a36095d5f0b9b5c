import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { REPO_ROOT } from './corpus.js';
import { childEnv, runProgram } from './e2e/run-cli.js';
import { needs, skipLine, type Requirement } from './requirements.js';

const ABSENT: Requirement = {
  tag: 'chromium',
  kind: 'browser',
  missing: () => 'no Chromium at /nowhere: apt-get install chromium',
};

describe('tests that need something from the machine', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test('are tagged, and skipped where it is missing unless CI=true', () => {
    vi.stubEnv('CI', '');
    expect(needs(ABSENT)).toEqual({ tags: ['chromium'], skip: true });
    expect(needs({ ...ABSENT, missing: () => undefined })).toEqual({ tags: ['chromium'], skip: false });
    vi.stubEnv('CI', 'true');
    expect(needs(ABSENT)).toEqual({ tags: ['chromium'], skip: false });
  });

  test('the skip line counts the skipped tests and says why, or is absent when nothing was skipped for want of anything', () => {
    const database: Requirement = { tag: 'postgres', kind: 'PostgreSQL', missing: () => 'no server at 127.0.0.1:5432' };
    expect(skipLine(new Map([[ABSENT, 3]]))).toBe(
      'skipped: 3 browser tests (no Chromium at /nowhere: apt-get install chromium)',
    );
    expect(
      skipLine(
        new Map([
          [ABSENT, 1],
          [database, 9],
        ]),
      ),
    ).toBe(
      'skipped: 1 browser test (no Chromium at /nowhere: apt-get install chromium); 9 PostgreSQL tests (no server at 127.0.0.1:5432)',
    );
    expect(skipLine(new Map([[ABSENT, 0]]))).toBeUndefined();
    expect(skipLine(new Map([[{ ...ABSENT, missing: () => undefined }, 3]]))).toBeUndefined();
    expect(skipLine(new Map())).toBeUndefined();
  });

  test('npm test on a machine without Chromium ends with one line saying what it skipped and why', async () => {
    const env = childEnv({ TOOLSCORE_CHROMIUM: '/nowhere/chromium' });
    for (const key of Object.keys(env)) if (key === 'CI' || key.startsWith('VITEST')) delete env[key];
    const run = await runProgram(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'), 'run', 'test/e2e/html-browser.test.ts'],
      {
        cwd: REPO_ROOT,
        env: { ...env, NO_COLOR: '1' },
        timeout: 90_000,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n').filter((line) => line.trim() !== '');
    expect(lines.filter((line) => line.startsWith('skipped:'))).toEqual([
      'skipped: 4 browser tests (no Chromium at /nowhere/chromium: apt-get install chromium, or point TOOLSCORE_CHROMIUM at one)',
    ]);
    expect(lines.at(-1)).toMatch(/^skipped: /);
    expect(run.stdout).toMatch(/Tests {2}4 skipped \(4\)/);
  }, 100_000);
});
