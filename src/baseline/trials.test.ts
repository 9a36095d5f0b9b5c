import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { BatchCase } from '../batch/cases.js';
import { evaluateBatch } from '../batch/evaluate-batch.js';
import type { BatchLine, BatchSummary } from '../batch/types.js';
import { compareWithBaseline } from './compare.js';
import { baselineFromBatch } from './make.js';
import { parseBaseline } from './read.js';
import { renderRegressionConsole, renderRegressionJunit, renderRegressionMarkdown } from './report.js';
import { parseThresholds } from './thresholds.js';

const NOW = new Date('2026-01-02T03:04:05Z');
const pass = { expected: [{ tool: 'search', args: { q: 1 } }], actual: [{ tool: 'search', args: { q: 1 } }] };
const fail = { expected: [{ tool: 'search' }], actual: [{ tool: 'lookup' }] };

/** Cases × 3 trials, the first c of each case's trials passing (score 1, PASS), the rest failing (0, FAIL). */
function dataset(successes: Record<string, number>): BatchCase[] {
  return Object.entries(successes).flatMap(([id, c]) =>
    [1, 2, 3].map((trial) => ({ id, trial, ...(trial <= c ? pass : fail) })),
  );
}

async function scored(cases: BatchCase[]): Promise<{ lines: BatchLine[]; summary: BatchSummary }> {
  const run = evaluateBatch({ cases }, { jobs: 1, createdAt: NOW });
  const lines: BatchLine[] = [];
  for await (const line of run) lines.push(line);
  return { lines, summary: run.summary() };
}

/** The baseline of a run as `--save-baseline` writes it, read back as `regression` reads it. */
async function baselineOfRun(cases: BatchCase[]) {
  const { lines, summary } = await scored(cases);
  const file = JSON.parse(JSON.stringify(baselineFromBatch(summary, lines, { now: NOW })));
  return { file, loaded: parseBaseline(file, 'baseline.json') };
}

describe('regression of runs with trials', () => {
  // 4 cases × 3 trials. weather 3/3 → 3/3; refund 3/3 → 2/3 (became flaky); rebook 3/3 → 0/3 (stopped
  // passing); cancel 1/3 → 1/3.
  const BEFORE = { weather: 3, refund: 3, rebook: 3, cancel: 1 };
  const AFTER = { weather: 3, refund: 2, rebook: 0, cancel: 1 };

  test('the baseline keeps each case n, c and its mean score; the success rule', async () => {
    const { file } = await baselineOfRun(dataset(BEFORE));
    expect(file.schema_version).toBe(1);
    expect(file.trials).toEqual({ success: 'verdict', min_score: null });
    expect(
      file.case_results.map((entry: Record<string, unknown>) => [entry.id, entry.n, entry.c, entry.score]),
    ).toEqual([
      ['weather', 3, 3, 1],
      ['refund', 3, 3, 1],
      ['rebook', 3, 3, 1],
      ['cancel', 3, 1, 1 / 3],
    ]);
    expect(Object.keys(file.case_results[0])).toEqual(['id', 'n', 'c', 'score', 'grade', 'metrics']);
  });

  test('worked by hand: pass^k items, the flaky and failing cases, the sign test', async () => {
    const { loaded } = await baselineOfRun(dataset(BEFORE));
    const { lines } = await scored(dataset(AFTER));
    const regression = compareWithBaseline(
      loaded,
      { kind: 'batch', lines },
      { thresholds: parseThresholds(undefined, []), baselineFile: 'baseline.json', now: NOW },
    );
    // Baseline c = 3, 3, 3, 1: pass^1 = 10/12, pass^2 = (1 + 1 + 1 + 0) / 4 = 3/4, pass^3 = 3/4.
    // Now c = 3, 2, 0, 1: pass^1 = 6/12, pass^2 = (1 + C(2,2)/C(3,2) + 0 + 0) / 4 = 1/3, pass^3 = 1/4.
    const passItems = regression.items.filter((item) => item.metric.startsWith('pass^'));
    expect(passItems.map((item) => [item.metric, item.baseline, item.current, item.status])).toEqual([
      ['pass^1', expect.closeTo(10 / 12, 12), expect.closeTo(0.5, 12), 'regressed'],
      ['pass^2', expect.closeTo(0.75, 12), expect.closeTo(1 / 3, 12), 'regressed'],
      ['pass^3', expect.closeTo(0.75, 12), expect.closeTo(0.25, 12), 'regressed'],
    ]);
    // Worse in refund and rebook, unchanged in weather and cancel: p = 2 · P(X ≤ 0 | 2, 1/2) = 2 · 1/4 = 0.5.
    expect(regression.trials).toEqual({
      success: 'verdict',
      min_score: null,
      largest_k: 3,
      compared: 4,
      became_flaky: 1,
      stopped_passing: 1,
      regressed_cases: [
        {
          id: 'refund',
          change: 'became_flaky',
          baseline: { n: 3, c: 3 },
          current: { n: 3, c: 2 },
          top_issue: expect.objectContaining({ problem: expect.any(String) }),
        },
        {
          id: 'rebook',
          change: 'stopped_passing',
          baseline: { n: 3, c: 3 },
          current: { n: 3, c: 0 },
          top_issue: expect.objectContaining({ problem: expect.any(String) }),
        },
      ],
      sign_test: { better: 0, worse: 2, ties: 2, p_value: 0.5 },
    });
    expect(regression.passed).toBe(false);
    // Per case, the mean scores: refund 1 → 2/3, rebook 1 → 0 dropped past 0.05.
    expect(regression.cases?.worst.map((change) => [change.id, change.current_score])).toEqual([
      ['rebook', 0],
      ['refund', expect.closeTo(2 / 3, 12)],
    ]);
    const printed = renderRegressionConsole(regression);
    expect(printed.split('\n')[0]).toMatch(
      /^FAIL: \d+ metrics regressed, 1 case became flaky, 1 case stopped passing$/,
    );
    expect(printed).toMatch(/pass\^3\s+0\.750\s+0\.250\s+-0\.500\s+REGRESSED/);
    expect(printed).toContain('refund became flaky: passed 3 of 3 trials in the baseline, 2 of 3 now');
    expect(printed).toContain('rebook stopped passing: passed 3 of 3 trials in the baseline, 0 of 3 now');
    expect(printed).toContain(
      'Success rates c/n case by case: better in 0, worse in 2, 2 unchanged; p = 0.500 (two-sided exact sign test, ties dropped; it does not gate)',
    );
    expect(renderRegressionMarkdown(regression)).toContain(
      '- ❌ refund became flaky: passed 3 of 3 trials in the baseline, 2 of 3 now',
    );
    const junit = renderRegressionJunit(regression);
    expect(junit).toContain('<testcase name="case refund" classname="toolscore.regression" time="0">');
    expect(junit).toContain('name="pass^3"');
  });

  test('a case that only became flaky fails the run even when no metric moved past its threshold', async () => {
    // 10 cases always passing; one goes 3/3 → 2/3: pass^1 drops 1/30, pass^2 (1 − 1/3)/10 = 1/15, pass^3 1/10.
    const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`c${i}`, 3]));
    const { loaded } = await baselineOfRun(dataset(many));
    const { lines } = await scored(dataset({ ...many, c0: 2 }));
    const loose = parseThresholds('0.5', []);
    const regression = compareWithBaseline(
      loaded,
      { kind: 'batch', lines },
      { thresholds: loose, baselineFile: 'b.json', now: NOW },
    );
    expect(regression.regression_count).toBe(0);
    expect(regression.passed).toBe(false);
    expect(renderRegressionConsole(regression).split('\n')[0]).toBe('FAIL: 1 case became flaky');
    // --threshold-for pass_hat_k sets the tolerance of every pass^k.
    const tight = compareWithBaseline(
      loaded,
      { kind: 'batch', lines },
      { thresholds: parseThresholds('0.5', ['pass_hat_k=0.05']), baselineFile: 'b.json', now: NOW },
    );
    expect(tight.items.filter((item) => item.status === 'regressed').map((item) => item.metric)).toEqual([
      'pass^2',
      'pass^3',
    ]);
  });

  test('one run with trials and the other without: a warning, nothing of the trials compared', async () => {
    const { loaded } = await baselineOfRun(dataset({ a: 3 }));
    const { lines } = await scored([{ id: 'a', ...pass }]);
    const regression = compareWithBaseline(
      loaded,
      { kind: 'batch', lines },
      { thresholds: parseThresholds(undefined, []), baselineFile: 'b.json', now: NOW },
    );
    expect(regression.trials).toBeUndefined();
    expect(regression.warnings).toEqual([
      'the baseline was made from a run with trials and this run has none: pass^k and flaky cases are not compared',
    ]);
  });

  test('a run compared with its own baseline: nothing regressed, p = 1 (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.stringMatching(/^[a-z]{1,3}$/), fc.integer({ min: 0, max: 3 }), { minKeys: 1, maxKeys: 6 }),
        async (successes) => {
          const cases = dataset(successes);
          const { loaded } = await baselineOfRun(cases);
          const { lines } = await scored(cases);
          const regression = compareWithBaseline(
            loaded,
            { kind: 'batch', lines },
            { thresholds: parseThresholds('0', []), baselineFile: 'b.json', now: NOW },
          );
          expect(regression.passed).toBe(true);
          expect(regression.trials?.sign_test).toEqual({
            better: 0,
            worse: 0,
            ties: Object.keys(successes).length,
            p_value: 1,
          });
        },
      ),
      { numRuns: 25 },
    );
  });

  test('a broken trials block or trial case names the path', () => {
    const base = {
      schema_version: 1,
      kind: 'batch',
      toolscore_version: '0',
      created_at: 'x',
      score: 1,
      grade: 'A',
      metrics: {
        invocation_accuracy: 1,
        selection_accuracy: 1,
        argument_f1: 1,
        sequence_accuracy: 1,
        redundant_rate: 0,
        required_call_recall: 1,
      },
      counts: { failed_calls: 0, forbidden_calls: 0, credentials: 0, budget_violations: 0 },
      cases: { total: 1, scored: 1, not_scored: 0 },
    };
    expect(() =>
      parseBaseline(
        { ...base, case_results: [{ id: 'a', n: 2, c: 3, score: 1, grade: 'A', metrics: base.metrics }] },
        'b.json',
      ),
    ).toThrow('b.json at $.case_results[0].c: expected a whole number in [0, 2]');
    expect(() => parseBaseline({ ...base, case_results: [], trials: { success: 'often' } }, 'b.json')).toThrow(
      'b.json at $.trials.success: expected "verdict" or "min_score"',
    );
  });
});
