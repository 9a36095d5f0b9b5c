import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readCorpusJsonl } from '../corpus.js';
import { runCli, useScratchFolder } from './run-cli.js';

const freshDir = useScratchFolder('toolscore-batch-trials-').fresh;

/*
 * τ-bench's GPT-4o airline run as a batch dataset: each of its 200 runs a case line with the task's id and
 * its trial (τ-bench counts trials from 0, a dataset from 1); a run with reward 1 made the one expected
 * call (score 1, PASS), one with reward 0 made none (score 0, FAIL). So a success is a reward of 1, and
 * pass^1…4 are the ones docs/trials.md works out from the rewards: 84/200, 82/300, 11/50, 10/50.
 */
function tauDataset(dir: string): string {
  const runs = readCorpusJsonl('trajectories', 'tau-bench', 'gpt-4o-airline.calls.jsonl') as {
    task_id: number;
    trial: number;
    reward: number;
  }[];
  const path = join(dir, 'tau-airline.jsonl');
  const done = [{ tool: 'task_done' }];
  writeFileSync(
    path,
    runs
      .map((run) =>
        JSON.stringify({
          id: `task-${run.task_id}`,
          trial: run.trial + 1,
          expected: done,
          actual: run.reward === 1 ? done : [],
        }),
      )
      .join('\n'),
  );
  return path;
}

function summaryOf(path: string): Record<string, unknown> {
  const { created_at: _createdAt, ...rest } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  return rest;
}

describe('toolscore batch with trials', () => {
  test("gives τ-bench's published pass^k on its GPT-4o airline run, gates on it, and merges its shards exactly", async () => {
    const dir = freshDir();
    const dataset = tauDataset(dir);
    const run = await runCli(
      ['batch', dataset, '--jobs', '2', '--summary', 'summary.json', '-o', 'whole.jsonl', '--no-progress'],
      {
        cwd: dir,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const trials = (summaryOf(join(dir, 'summary.json')) as { trials: Record<string, unknown> }).trials;
    expect(trials).toMatchObject({
      cases: 50,
      trials: 200,
      min_trials: 4,
      max_trials: 4,
      always: 10,
      never: 14,
      flaky: 26,
    });
    const hat = trials.pass_hat_k as Record<string, number>;
    expect(hat['1']).toBeCloseTo(84 / 200, 15);
    expect(hat['2']).toBeCloseTo(82 / 300, 15);
    expect(hat['3']).toBeCloseTo(11 / 50, 15);
    expect(hat['4']).toBeCloseTo(10 / 50, 15);
    expect(run.stdout).toContain('Trials: 50 cases × 4 trials (200 lines; a success is a PASS verdict)\n');
    expect(run.stdout).toMatch(/ {2}pass\^k {2}0\.420 {2}0\.273 {2}0\.220 {2}0\.200\n/);
    expect(run.stdout).toContain('Every trial passed: 10 · none: 14 · flaky: 26\nFlaky cases (26, worst first):\n');

    const passing = await runCli(
      ['batch', dataset, '--min-pass-hat-k', '4=0.2', '--min-pass-hat-k', '1=0.42', '--no-progress'],
      { cwd: dir },
    );
    expect(passing.code, passing.stderr).toBe(0);
    const failing = await runCli(['batch', dataset, '--min-pass-hat-k', '2=0.3', '--no-progress'], { cwd: dir });
    expect(failing.code).toBe(1);
    expect(failing.stderr).toBe(`toolscore: pass^2 ${82 / 300} is below --min-pass-hat-k 2=0.3\n`);
    const beyond = await runCli(['batch', dataset, '--min-pass-hat-k', '5=0.1', '--no-progress'], { cwd: dir });
    expect(beyond.code).toBe(2);
    expect(beyond.stderr).toBe(
      'toolscore: --min-pass-hat-k 5=…: pass^5 needs every case to have at least 5 trials; a case has only 4\n',
    );
    const malformed = await runCli(['batch', dataset, '--min-pass-hat-k', '4:0.2'], { cwd: dir });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toBe(
      'toolscore: --min-pass-hat-k: expected k=X such as 4=0.6 (k a whole number ≥ 1, X a number between 0 and 1), got "4:0.2"\n',
    );
    expect(malformed.stdout).toBe('');

    for (const shard of ['1/3', '2/3', '3/3']) {
      const part = await runCli(['batch', dataset, '--shard', shard, '-o', `part-${shard[0]}.jsonl`, '--no-progress'], {
        cwd: dir,
      });
      expect(part.code, part.stderr).toBe(0);
      // Each shard holds whole cases: 4 lines of each task it has.
      const ids = readFileSync(join(dir, `part-${shard[0]}.jsonl`), 'utf8')
        .trim()
        .split('\n')
        .slice(0, -1)
        .map((line) => (JSON.parse(line) as { id: string }).id);
      for (const id of new Set(ids)) expect(ids.filter((one) => one === id)).toHaveLength(4);
    }
    const merged = await runCli(
      ['merge', 'part-*.jsonl', '-o', 'merged.jsonl', '--summary', 'merged.json', '--min-pass-hat-k', '4=0.2'],
      {
        cwd: dir,
      },
    );
    expect(merged.code, merged.stderr).toBe(0);
    expect(readFileSync(join(dir, 'merged.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'whole.jsonl'), 'utf8'));
    expect(summaryOf(join(dir, 'merged.json'))).toEqual(summaryOf(join(dir, 'summary.json')));
  });

  test('--min-pass-hat-k on a run without trials cannot be measured: exit 2', async () => {
    const dir = freshDir();
    const path = join(dir, 'plain.jsonl');
    writeFileSync(path, `${JSON.stringify({ id: 'a', expected: [{ tool: 'x' }], actual: [{ tool: 'x' }] })}\n`);
    const run = await runCli(['batch', path, '--min-pass-hat-k', '1=0.5', '--no-progress'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'toolscore: --min-pass-hat-k 1=…: no case has trials (a case\'s lines share its id and carry "trial": 1, 2, …)\n',
    );
  });
});
