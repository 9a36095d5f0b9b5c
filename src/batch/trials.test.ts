import { describe, expect, it } from 'vitest';
import type { BatchCase } from './cases.js';
import { evaluateBatch, type BatchOptions } from './evaluate-batch.js';
import type { BatchLine, BatchSummary } from './types.js';
import { type TrialLine, trialsSummary } from './trials.js';
import { TRIAL_DATASET as dataset, perfect, wrong } from '../../test/batch-trial-fixtures.js';

const CREATED_AT = new Date('2026-12-03T00:00:00Z');

async function runAll(
  cases: BatchCase[],
  options: BatchOptions = {},
): Promise<{ lines: BatchLine[]; summary: BatchSummary }> {
  const run = evaluateBatch({ cases }, { jobs: 1, createdAt: CREATED_AT, ...options });
  const lines: BatchLine[] = [];
  for await (const line of run) lines.push(line);
  return { lines, summary: run.summary() };
}

describe('trials in a batch dataset', () => {
  it('puts the trial on each line, right after the index (scored and error lines alike)', async () => {
    const { lines } = await runAll(dataset);
    expect(lines.map((line) => Object.keys(line).slice(0, 3))).toEqual(
      lines.map((line) => (line.id === 'E' ? ['id', 'index', 'score'] : ['id', 'index', 'trial'])),
    );
    expect(lines[7]).toEqual({
      id: 'C',
      index: 7,
      trial: 2,
      error: expect.stringContaining('case "C" has no "actual"'),
    });
  });

  it('gives pass^k and pass@k for k up to the fewest trials, and the flaky cases worst first', async () => {
    const { summary } = await runAll(dataset);
    const trials = summary.trials!;
    // Successes (PASS): A 1/3, B 3/3, C 1/3, D 0/2.
    // pass^1 = (1/3 + 1 + 1/3 + 0) / 4 = 5/12; pass^2 = (0 + 1 + 0 + 0) / 4.
    // pass@2 = (1 − C(2,2)/C(3,2) + 1 + 1 − 1/3 + 1 − C(2,2)/C(2,2)) / 4 = (2/3 + 1 + 2/3 + 0) / 4 = 7/12.
    expect(trials.pass_hat_k['1']).toBeCloseTo(5 / 12, 15);
    expect(trials.pass_hat_k['2']).toBeCloseTo(1 / 4, 15);
    expect(trials.pass_at_k['1']).toBeCloseTo(5 / 12, 15);
    expect(trials.pass_at_k['2']).toBeCloseTo(7 / 12, 15);
    expect(Object.keys(trials.pass_hat_k)).toEqual(['1', '2']);
    expect({ ...trials, pass_hat_k: undefined, pass_at_k: undefined, flaky_cases: undefined }).toEqual({
      cases: 4,
      trials: 11,
      min_trials: 2,
      max_trials: 3,
      always: 1,
      never: 1,
      flaky: 2,
      success: 'verdict',
      pass_hat_k: undefined,
      pass_at_k: undefined,
      flaky_cases: undefined,
    });
    // Both at 1/3: C (mean 0.5) before A (mean 0.6).
    expect(trials.flaky_cases.map(({ id, n, c }) => [id, n, c])).toEqual([
      ['C', 3, 1],
      ['A', 3, 1],
    ]);
    const [c, a] = trials.flaky_cases;
    expect(c!.mean_score).toBe(0.5);
    expect(c!.score_std_dev).toBe(0.5);
    expect(a!.mean_score).toBeCloseTo(0.6, 15);
    expect(a!.score_std_dev).toBeCloseTo(Math.sqrt(0.56 / 3), 15);
    expect(c!.trials.map((trial) => [trial.trial, trial.success, 'error' in trial ? 'error' : trial.verdict])).toEqual([
      [1, false, 'FAIL'],
      [2, false, 'error'],
      [3, true, 'PASS'],
    ]);
    expect(c!.trials[0]).toMatchObject({ score: 0, top_issue: { tool: 'lookup' } });
  });

  it('with --min-score, a success is a score that meets it', async () => {
    const { summary } = await runAll(dataset, { minScore: 0.8 });
    const trials = summary.trials!;
    // A 2/3 (1 and 0.8), B 3/3, C 1/3, D 0/2: pass^1 = 2/4; pass^2 = (1/3 + 1 + 0 + 0) / 4 = 1/3.
    expect(trials.success).toBe('min_score');
    expect(trials.pass_hat_k['1']).toBeCloseTo(0.5, 15);
    expect(trials.pass_hat_k['2']).toBeCloseTo(1 / 3, 15);
    expect(trials.flaky_cases.map(({ id, c }) => [id, c])).toEqual([
      ['C', 1],
      ['A', 2],
    ]);
  });

  it('adds no trials block when no line has a trial; duplicate ids without trials stay separate cases', async () => {
    const { lines, summary } = await runAll([
      { id: 'same', ...perfect },
      { id: 'same', ...wrong },
    ]);
    expect(Object.hasOwn(summary, 'trials')).toBe(false);
    expect(Object.keys(summary).at(-1)).toBe('gold_warnings');
    expect(summary.cases).toEqual({ total: 2, scored: 2, failed: 0 });
    expect(lines.map((line) => [line.id, line.index, 'score' in line ? line.score : null])).toEqual([
      ['same', 0, 1],
      ['same', 1, 0],
    ]);
  });

  it('refuses a trial that is not a whole number ≥ 1, and a trial without an id', async () => {
    const { lines, summary } = await runAll([
      { id: 'x', trial: 0, ...perfect },
      { id: 'x', trial: 1.5, ...perfect },
      { trial: 1, ...perfect },
    ] as BatchCase[]);
    expect(lines).toEqual([
      {
        id: 'x',
        index: 0,
        error: 'case 1 at $.trial: expected a whole number ≥ 1 (which run of the case this is), got 0',
      },
      {
        id: 'x',
        index: 1,
        error: 'case 2 at $.trial: expected a whole number ≥ 1 (which run of the case this is), got 1.5',
      },
      {
        id: '#3',
        index: 2,
        error: 'case 3 at $: a case with "trial" needs an "id" (a string or number): the trials of one case share it',
      },
    ]);
    expect(Object.hasOwn(summary, 'trials')).toBe(false);
  });
});

describe('trialsSummary on many cases', () => {
  it('counts 200,000 cases of one or two trials (no spread of every case into one call: it overflowed the stack)', () => {
    // Case k has 2 trials when k is even, 1 when odd; trial 1 passes, trial 2 fails. So 100,000 cases pass
    // every trial (the odd ones) and 100,000 pass one of two: pass^1 = (100,000 · 1 + 100,000 · 1/2) / 200,000.
    const lines: TrialLine[] = [];
    for (let k = 0; k < 200_000; k++) {
      lines.push({ id: `c${k}`, trial: 1, score: 1, verdict: 'PASS', top_issue: null });
      if (k % 2 === 0) lines.push({ id: `c${k}`, trial: 2, score: 0, verdict: 'FAIL', top_issue: null });
    }
    const trials = trialsSummary(lines, undefined)!;
    expect([trials.cases, trials.trials, trials.min_trials, trials.max_trials]).toEqual([200_000, 300_000, 1, 2]);
    expect([trials.always, trials.never, trials.flaky]).toEqual([100_000, 0, 100_000]);
    expect(trials.pass_hat_k).toEqual({ '1': 0.75 });
  });
});
