import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAKY_TRIALS } from './flaky-trials.js';
import { RUNNER_TIMEOUT, makeProject, runVitest } from './project.js';

/*
 * The fixture agent calls search_flights(SFO → NYC) and book_flight; the failing test expects
 * search_flights and send_email. toCallTools allows other calls by default, so book_flight is not scored
 * and send_email is missing, which fails the matcher whatever the score:
 * - selection 1 of 1 = 1; sequence one deletion over 2 = 0.5
 * - arguments: search_flights pairs with 2 of 2 right; send_email unpaired adds 1 expected ⇒ P 1, R 2/3, F1 0.8
 * - redundancy: none among the scored calls ⇒ 1
 * - score = 0.4·1 + 0.3·0.8 + 0.2·0.5 + 0.1·1 = 0.84
 */
const TABLE = [
  'the calls do not meet the expectation:',
  '  - expected call to send_email was not made',
  '',
  'Expected vs actual tool calls',
  '  #  Expected                                         Actual                                           Status',
  '  1  search_flights(origin="SFO", destination="NYC")  search_flights(origin="SFO", destination="NYC")  ✓',
  '  2  —                                                book_flight(flight_id="FL-1024")                 not scored',
  '  3  send_email(to="ana@example.com")                 —                                                MISSING',
  '',
  'score 0.84 < 0.90 required · selection 1.00 · args 0.80 · sequence 0.50',
  'tips:',
  '  - make sure send_email is offered to the agent and the prompt or its description says when to call it',
].join('\n');

describe('toolscore/vitest in a real Vitest run', () => {
  let project: string;
  beforeAll(() => {
    project = makeProject(join(import.meta.dirname, 'fixtures/vitest'));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it(
    'reports a failing matcher with the aligned table and exit code 1',
    async () => {
      const run = await runVitest(project, ['matchers']);
      expect(run.code).toBe(1);
      const output = run.stdout + run.stderr;
      expect(output).toContain('✓ toCallTools, toCallTool and .not pass');
      expect(output).toContain('× fails with the expected-vs-actual table');
      expect(output).toContain(`FAIL  matchers.test.mjs > fails with the expected-vs-actual table\nError: ${TABLE}\n`);
      expect(output).toMatch(/Tests {2}1 failed \| 1 passed \(2\)/);
      expect(output).not.toContain('\u001b[');
    },
    RUNNER_TIMEOUT,
  );
});

/*
 * The conversation fixture: get_order in turn 1, then the refund after "Thanks!" (turn 3) where turn 2
 * expects it. Turn 1 scores 1, turn 2 (its call missing) 0, turn 3 (an unexpected call) 0 ⇒ 1/3.
 */
const LATE_REFUND = [
  'the calls do not meet the expectation:',
  '  - refund_order expected in turn 2, made in turn 3',
  '',
  'Expected vs actual tool calls',
].join('\n');

describe('toCallToolsByTurn in a real Vitest run', () => {
  let project: string;
  beforeAll(() => {
    project = makeProject(join(import.meta.dirname, 'fixtures/vitest'));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it(
    'fails a call made one turn late, naming both turns',
    async () => {
      const run = await runVitest(project, ['conversations']);
      expect(run.code).toBe(1);
      const output = run.stdout + run.stderr;
      expect(output).toContain('✓ toCallToolsByTurn: .not passes on a late refund');
      expect(output).toContain(
        `FAIL  conversations.test.mjs > toCallToolsByTurn fails a refund made one turn late\nError: ${LATE_REFUND}\n`,
      );
      expect(output).toContain('score 0.33 · selection 1.00 · args 1.00 · sequence 1.00\n');
      expect(output).toContain('warning: refund_order expected in turn 2, made in turn 3\n');
      expect(output).toMatch(/Tests {2}1 failed \| 1 passed \(2\)/);
    },
    RUNNER_TIMEOUT,
  );
});

describe('trials in a real Vitest run', () => {
  let project: string;
  beforeAll(() => {
    project = makeProject(join(import.meta.dirname, 'fixtures/vitest'));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it(
    'toPassHatK and testAgent({ trials }) fail a flaky agent with every trial and its top issue',
    async () => {
      const run = await runVitest(project, ['trials']);
      expect(run.code).toBe(1);
      const output = run.stdout + run.stderr;
      const message = FLAKY_TRIALS.join('\n');
      expect(output).toContain(
        `FAIL  trials.test.mjs > toPassHatK fails a flaky agent with every trial\nError: ${message}\n`,
      );
      expect(output).toContain(
        `FAIL  trials.test.mjs > testAgent with 3 trials: 'NYC'\nToolscoreAssertionError: ${message}\n`,
      );
      expect(output).toContain('✓ .not.toPassHatK and a relaxed pass^1 pass');
      expect(output).toMatch(/Tests {2}2 failed \| 1 passed \(3\)/);
    },
    RUNNER_TIMEOUT,
  );
});
