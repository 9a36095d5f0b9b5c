import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../corpus.js';
import { FLAKY_TRIALS } from './flaky-trials.js';
import { RUNNER_TIMEOUT, runNode } from './project.js';

describe('plain assertions under node:test', () => {
  it(
    'a failed assertTools is a failed test whose error is the aligned table',
    async () => {
      const run = await runNode(
        ['--test', '--test-reporter=tap', join(import.meta.dirname, 'fixtures/node-test')],
        REPO_ROOT,
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('ok 1 - passes\n');
      expect(run.stdout).toContain('not ok 2 - fails with the expected-vs-actual table\n');
      expect(run.stdout).toContain(
        [
          '  error: |-',
          '    Expected vs actual tool calls',
          '      #  Expected                                         Actual                                          Status',
          '      1  search_flights(origin="SFO", destination="NYC")  search_flights(origin="SFO", destination="LA")  destination: expected "NYC", got "LA"',
          '      2  book_flight(flight_id="FL-1024")                 book_flight(flight_id="FL-1024")                ✓',
          '    ',
          '    score 0.90 < 0.95 required · selection 1.00 · args 0.67 · sequence 1.00',
        ].join('\n'),
      );
      expect(run.stdout).toContain("  code: 'ERR_ASSERTION'\n  name: 'ToolscoreAssertionError'\n");
      expect(run.stdout).toContain('# pass 1\n# fail 1\n');
    },
    RUNNER_TIMEOUT,
  );

  it(
    'testAgent({ trials }) fails a flaky agent with every trial and its top issue',
    async () => {
      const run = await runNode(
        ['--test', '--test-reporter=tap', join(import.meta.dirname, 'fixtures/node-test-trials')],
        REPO_ROOT,
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('not ok 1 - testAgent with 3 trials: NYC\n');
      expect(run.stdout).toContain(`  error: |-\n${FLAKY_TRIALS.map((line) => `    ${line}`).join('\n')}\n`);
      expect(run.stdout).toContain('ok 2 - a relaxed pass^1 passes\n');
      expect(run.stdout).toContain('# pass 1\n# fail 1\n');
    },
    RUNNER_TIMEOUT,
  );
});
