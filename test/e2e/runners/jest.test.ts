import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAKY_TRIALS } from './flaky-trials.js';
import { RUNNER_TIMEOUT, makeProject, runJest } from './project.js';

describe('toolscore/jest in a real Jest run', () => {
  let project: string;
  beforeAll(() => {
    project = makeProject(join(import.meta.dirname, 'fixtures/jest'));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it(
    'fails a matcher with the aligned table, records the snapshot and prints the summary',
    async () => {
      const run = await runJest(project);
      expect(run.code).toBe(1);
      // Destination wrong: selection 1, F1 2/3, sequence 1, redundancy 0 ⇒ 0.4 + 0.2 + 0.2 + 0.1 = 0.9.
      for (const line of [
        '● fails with the expected-vs-actual table',
        '    the calls do not meet the expectation:',
        '      - search_flights called with different arguments: destination: expected "NYC", got "LA"',
        '    Expected vs actual tool calls',
        '      1  search_flights(origin="SFO", destination="NYC")  search_flights(origin="SFO", destination="LA")  destination: expected "NYC", got "LA"',
        '    score 0.90 < 0.95 required · selection 1.00 · args 0.67 · sequence 1.00',
      ]) {
        expect(run.stderr).toContain(line);
      }
      expect(run.stderr).toMatch(/Tests: {7}1 failed, 2 passed, 3 total/);
      expect(run.stdout).toContain('toolscore: 1 snapshot created (pending approval)\n');
      expect(run.stdout).toContain('snapshot "agent.test.mjs > snapshots replay" created at');
    },
    RUNNER_TIMEOUT,
  );

  it(
    'in CI, a pending snapshot fails the run',
    async () => {
      const run = await runJest(project, ['-t', 'snapshots replay'], { CI: 'true' });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('snapshot "agent.test.mjs > snapshots replay" is pending approval');
      expect(run.stdout).toContain('toolscore: 1 snapshot failed\n');
    },
    RUNNER_TIMEOUT,
  );

  it(
    'jest -u approves the pending snapshot, which then passes in CI',
    async () => {
      const update = await runJest(project, ['-u', '-t', 'snapshots replay']);
      expect(update.code, update.stderr).toBe(0);
      expect(update.stdout).toContain('toolscore: 1 snapshot updated\n');
      const ci = await runJest(project, ['-t', 'snapshots replay'], { CI: 'true' });
      expect(ci.code, ci.stderr).toBe(0);
      expect(ci.stdout).toContain('toolscore: 1 snapshot passed\n');
    },
    RUNNER_TIMEOUT,
  );
});

describe('trials in a real Jest run', () => {
  let project: string;
  beforeAll(() => {
    project = makeProject(join(import.meta.dirname, 'fixtures/jest-trials'));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it(
    'toPassHatK and testAgent({ trials }) fail a flaky agent with every trial and its top issue',
    async () => {
      const run = await runJest(project);
      expect(run.code).toBe(1);
      // Jest indents a failure's message by 4 spaces.
      const message = FLAKY_TRIALS.map((line) => `    ${line}`).join('\n');
      expect(run.stderr).toContain(`● toPassHatK fails a flaky agent with every trial\n\n${message}\n`);
      // testAgent throws a node AssertionError, which Jest shows under its own heading; every trial is in it.
      const testAgentFailure = run.stderr.slice(run.stderr.indexOf('● testAgent with 3 trials: NYC'));
      for (const line of FLAKY_TRIALS.slice(1)) expect(testAgentFailure).toContain(`    ${line}\n`);
      expect(run.stderr).toMatch(/Tests: {7}2 failed, 1 passed, 3 total/);
    },
    RUNNER_TIMEOUT,
  );
});

describe('toCallToolsByTurn in a real Jest run', () => {
  let project: string;
  beforeAll(() => {
    project = makeProject(join(import.meta.dirname, 'fixtures/jest-conversations'));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it(
    'fails a call made one turn late, naming both turns',
    async () => {
      const run = await runJest(project);
      expect(run.code).toBe(1);
      // Turns 1, 0, 0 (the refund expected in turn 2 is made in turn 3) ⇒ 1/3; Jest indents by 4 spaces.
      expect(run.stderr).toContain(
        [
          '● toCallToolsByTurn fails a refund made one turn late',
          '',
          '    the calls do not meet the expectation:',
          '      - refund_order expected in turn 2, made in turn 3',
          '',
          '    Expected vs actual tool calls',
        ].join('\n'),
      );
      expect(run.stderr).toContain('    score 0.33 · selection 1.00 · args 1.00 · sequence 1.00\n');
      expect(run.stderr).toMatch(/Tests: {7}1 failed, 1 passed, 2 total/);
    },
    RUNNER_TIMEOUT,
  );
});
