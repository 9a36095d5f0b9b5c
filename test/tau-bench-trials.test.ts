import { describe, expect, it } from 'vitest';
import { passAtK, passHatK } from '../src/trials/estimators.js';
import { readCorpusJsonl } from './corpus.js';

/*
 * τ-bench's published GPT-4o airline run (tool-calling strategy): 50 tasks × 4 trials, each with its
 * reward (1 = the task was done). c per task is the count of rewards equal to 1; docs/trials.md works
 * pass^1…4 out from those counts by hand, and the τ-bench README publishes 0.420, 0.273, 0.220, 0.200.
 */
interface TauRun {
  task_id: number;
  trial: number;
  reward: number;
}

const runs = readCorpusJsonl('trajectories', 'tau-bench', 'gpt-4o-airline.calls.jsonl') as TauRun[];

/** Successes per task, read off the rewards. */
function successCounts(): Map<number, { n: number; c: number }> {
  const counts = new Map<number, { n: number; c: number }>();
  for (const run of runs) {
    const count = counts.get(run.task_id) ?? { n: 0, c: 0 };
    count.n++;
    if (run.reward === 1) count.c++;
    counts.set(run.task_id, count);
  }
  return counts;
}

describe("τ-bench's GPT-4o airline run", () => {
  const counts = successCounts();
  const table = [...counts.values()];

  it('is 50 tasks of 4 trials: 14 tasks with c = 0, 12 with 1, 10 with 2, 4 with 3, 10 with 4', () => {
    expect(counts.size).toBe(50);
    expect(table.every(({ n }) => n === 4)).toBe(true);
    expect([0, 1, 2, 3, 4].map((c) => table.filter((one) => one.c === c).length)).toEqual([14, 12, 10, 4, 10]);
  });

  it('has the pass^k worked out in docs/trials.md: 84/200, 82/300, 11/50, 10/50 (the README: 0.420 0.273 0.220 0.200)', () => {
    expect(passHatK(table, 1)).toBeCloseTo(84 / 200, 15);
    expect(passHatK(table, 2)).toBeCloseTo(82 / 300, 15);
    expect(passHatK(table, 3)).toBeCloseTo(11 / 50, 15);
    expect(passHatK(table, 4)).toBeCloseTo(10 / 50, 15);
  });

  it('has pass@k 0.42, 17/30, 33/50, 36/50', () => {
    expect(passAtK(table, 1)).toBeCloseTo(0.42, 15);
    expect(passAtK(table, 2)).toBeCloseTo(17 / 30, 15);
    expect(passAtK(table, 3)).toBeCloseTo(33 / 50, 15);
    expect(passAtK(table, 4)).toBeCloseTo(36 / 50, 15);
  });
});
