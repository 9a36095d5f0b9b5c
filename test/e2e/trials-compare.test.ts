import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useScratchFolder } from './run-cli.js';

/*
 * `compare --results` and `regression --results` on runs with trials, end to end: two runs of 3 cases ×
 * 3 trials, where refund goes from 3 of 3 trials passing to 2 of 3 (flaky) and the rest stay.
 */
const folder = useScratchFolder('toolscore-trials-compare-');

function dataset(name: string, refundPasses: number): string {
  const call = (tool: string) => [{ tool, args: { x: 1 } }];
  const rows = [
    ...[1, 2, 3].map((trial) => ({ id: 'weather', trial, expected: call('w'), actual: call('w') })),
    ...[1, 2, 3].map((trial) => ({
      id: 'refund',
      trial,
      expected: call('refund'),
      actual: call(trial <= refundPasses ? 'refund' : 'cancel'),
    })),
    ...[1, 2, 3].map((trial) => ({ id: 'rebook', trial, expected: call('rebook'), actual: [] })),
  ];
  const path = join(folder.root(), name);
  writeFileSync(path, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
  return path;
}

describe('runs with trials, compared', () => {
  it('batch --save-baseline, then regression --results: the case that became flaky fails the run', async () => {
    const dir = folder.root();
    const before = await runCli([
      'batch',
      dataset('before.jsonl', 3),
      '--no-progress',
      '-o',
      join(dir, 'before-results.jsonl'),
      '--save-baseline',
      join(dir, 'baseline.json'),
    ]);
    expect(before.code, before.stderr).toBe(0);
    const after = await runCli([
      'batch',
      dataset('after.jsonl', 2),
      '--no-progress',
      '-o',
      join(dir, 'after-results.jsonl'),
    ]);
    expect(after.code, after.stderr).toBe(0);

    const same = await runCli([
      'regression',
      join(dir, 'baseline.json'),
      '--results',
      join(dir, 'before-results.jsonl'),
    ]);
    expect(same.code, same.stdout).toBe(0);
    const regression = await runCli([
      'regression',
      join(dir, 'baseline.json'),
      '--results',
      join(dir, 'after-results.jsonl'),
      '--threshold-for',
      'pass_hat_k=0.5',
      '--threshold',
      '0.5',
      '--no-color',
    ]);
    // Before: c = 3, 3, 0; after: 3, 2, 0. pass^3 drops 1/3, within 0.5: only the flaky case fails the run.
    expect(regression.code, regression.stderr).toBe(1);
    expect(regression.stdout.split('\n')[0]).toBe('FAIL: 1 case became flaky');
    expect(regression.stdout).toMatch(/pass\^3\s+0\.667\s+0\.333\s+-0\.333\s+ok/);
    expect(regression.stdout).toContain(
      'refund became flaky: passed 3 of 3 trials in the baseline, 2 of 3 now (called cancel where refund was expected)',
    );
    // Worse in refund only: p = 2 · (1/2)^1 = 1.
    expect(regression.stdout).toContain('better in 0, worse in 1, 2 unchanged; p = 1.000');

    const compare = await runCli([
      'compare',
      '--results',
      join(dir, 'before-results.jsonl'),
      join(dir, 'after-results.jsonl'),
      '--no-color',
    ]);
    expect(compare.code, compare.stderr).toBe(0);
    // pass^2: before (1 + 1 + 0) / 3; after (1 + C(2,2)/C(3,2) + 0) / 3 = 4/9.
    expect(compare.stdout).toMatch(/pass\^2\s+0\.667\*\s+0\.444\s+before-results/);
    expect(compare.stdout).toContain(
      'before-results vs after-results: 3 cases in both, before-results better in 1, after-results better in 0, 2 tied; mean success rate difference +0.111',
    );
  });
});
