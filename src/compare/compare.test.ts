import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { BatchLine } from '../batch/types.js';
import { compareRuns } from './compare.js';
import { renderComparisonConsole, renderComparisonHtml, renderComparisonMarkdown } from './report.js';

/** A trial that passed (score 1) or failed (score 0), or an error trial. */
function trial(id: string, number: number, outcome: 'pass' | 'fail' | 'error', index = 0): BatchLine {
  if (outcome === 'error') return { id, index, trial: number, error: 'the trace could not be read' };
  const score = outcome === 'pass' ? 1 : 0;
  return {
    id,
    index,
    trial: number,
    score,
    grade: outcome === 'pass' ? 'A' : 'F',
    verdict: outcome === 'pass' ? 'PASS' : 'FAIL',
    metrics: {
      invocation_accuracy: score,
      selection_accuracy: score,
      argument_f1: score,
      sequence_accuracy: score,
      redundant_rate: 0,
      required_call_recall: score,
    },
    expected_calls: 1,
    actual_calls: 1,
    failed_calls: 0,
    policy_violations: 0,
    secrets: 0,
    budget_violations: 0,
    tools: {},
    top_issue: null,
  };
}

/** A run of cases × 3 trials: for each case, how many of its 3 trials passed (the first c). */
function run(successes: Record<string, number>): BatchLine[] {
  return Object.entries(successes).flatMap(([id, c]) =>
    [1, 2, 3].map((number) => trial(id, number, number <= c ? 'pass' : 'fail')),
  );
}

const NOW = new Date('2026-01-02T03:04:05Z');

describe('compare --results on runs with trials', () => {
  // 4 cases × 3 trials. weather 3/3 in both; refund 3/3 → 2/3; rebook 2/3 → 1/3; cancel 1/3 → 0/3.
  const a = run({ weather: 3, refund: 3, rebook: 2, cancel: 1 });
  const b = run({ weather: 3, refund: 2, rebook: 1, cancel: 0 });

  test('pass^k side by side, flaky cases, and the sign test on per-case success rates (worked by hand)', () => {
    const comparison = compareRuns(
      [
        { name: 'a', file: 'a.jsonl', lines: a },
        { name: 'b', file: 'b.jsonl', lines: b },
      ],
      { now: NOW },
    );
    // a: pass^1 = (1 + 1 + 2/3 + 1/3) / 4 = 3/4; pass^2 = (1 + 1 + C(2,2)/C(3,2) + 0) / 4 = 7/12;
    // pass^3 = (1 + 1 + 0 + 0) / 4 = 1/2. b: (1 + 2/3 + 1/3 + 0) / 4 = 1/2; (1 + 1/3) / 4 = 1/3; 1/4.
    const [ta, tb] = comparison.models.map((model) => model.trials!);
    expect(ta!.pass_hat_k['1']).toBeCloseTo(3 / 4, 12);
    expect(ta!.pass_hat_k['2']).toBeCloseTo(7 / 12, 12);
    expect(ta!.pass_hat_k['3']).toBeCloseTo(1 / 2, 12);
    expect(tb!.pass_hat_k['1']).toBeCloseTo(1 / 2, 12);
    expect(tb!.pass_hat_k['2']).toBeCloseTo(1 / 3, 12);
    expect(tb!.pass_hat_k['3']).toBeCloseTo(1 / 4, 12);
    expect([ta!.cases, ta!.trials, ta!.min_trials, ta!.always, ta!.never, ta!.flaky]).toEqual([4, 12, 3, 2, 0, 2]);
    expect([tb!.always, tb!.never, tb!.flaky]).toEqual([1, 1, 2]);
    expect(comparison.trials).toEqual({
      success: 'verdict',
      largest_k: 3,
      winners: { 'pass^1': ['a'], 'pass^2': ['a'], 'pass^3': ['a'], flaky: ['a', 'b'] },
    });
    // a's rate is higher in refund, rebook and cancel, the same in weather: 3 wins, 0 losses, 1 tie dropped.
    // p = 2 · P(X ≤ 0), X ~ Binomial(3, 1/2) = 2 · 1/8 = 0.25. Mean difference (0 + 1/3 + 1/3 + 1/3) / 4 = 1/4.
    expect(comparison.pairs).toEqual([
      {
        a: 'a',
        b: 'b',
        cases: 4,
        a_wins: 3,
        b_wins: 0,
        ties: 1,
        mean_difference: expect.closeTo(0.25, 12),
        p_value: expect.closeTo(0.25, 12),
        significant: false,
      },
    ]);
    expect(comparison.paired_test).toBe('two-sided exact sign test on per-case success rates c/n (ties dropped)');

    const printed = renderComparisonConsole(comparison);
    expect(printed).toMatch(/pass\^1\s+0\.750\*\s+0\.500\s+a\n/);
    expect(printed).toMatch(/pass\^2\s+0\.583\*\s+0\.333\s+a\n/);
    expect(printed).toMatch(/pass\^3\s+0\.500\*\s+0\.250\s+a\n/);
    expect(printed).toMatch(/flaky cases \(fewer is better\)\s+2\*\s+2\*\s+tie\n/);
    expect(printed).toContain(
      'a vs b: 4 cases in both, a better in 3, b better in 0, 1 tied; mean success rate difference +0.250; p = 0.250 (not significant at 0.05: the difference may be noise)',
    );
    expect(printed).toContain('shown for k = 1 to 3');
    const markdown = renderComparisonMarkdown(comparison);
    expect(markdown).toContain('| pass^3 | **0.500** | 0.250 | a |');
    expect(markdown).toContain('| flaky cases (fewer is better) | **2** | **2** | tie |');
    const page = renderComparisonHtml(comparison);
    // 7 measures and pass^1 … pass^3 charted; the flaky count is a table row only.
    expect(page.match(/<svg class="chart"/g)).toHaveLength(10);
    expect(page).toContain(
      '<th scope="row">pass^2</th><td class="num bad best"><span class="mark">★</span> 0.583</td>',
    );
    expect(page).toContain('<th scope="row">flaky cases (fewer is better)</th><td class="num best">');
  });

  test('an error trial is a failed trial; a line without a trial is a case of one; k stops at the fewest trials', () => {
    const withError = [trial('x', 1, 'pass'), trial('x', 2, 'error'), trial('y', 1, 'pass'), trial('y', 2, 'pass')];
    const single = [trial('x', 1, 'pass'), trial('y', 1, 'fail')].map(({ trial: _, ...line }) => line as BatchLine);
    const comparison = compareRuns(
      [
        { name: 'trials', file: 't.jsonl', lines: withError },
        { name: 'once', file: 'o.jsonl', lines: single },
      ],
      { now: NOW },
    );
    // trials: x 1/2, y 2/2. once: x 1/1, y 0/1. x: 1/2 < 1/1 (once better); y: 2/2 > 0/1 (trials better).
    expect(comparison.models.map((model) => model.trials?.pass_hat_k)).toEqual([{ '1': 0.75, '2': 0.5 }, { '1': 0.5 }]);
    expect(comparison.trials?.largest_k).toBe(1);
    expect(comparison.pairs[0]).toMatchObject({ cases: 2, a_wins: 1, b_wins: 1, ties: 0, p_value: 1 });
  });

  test('a run compared with itself: every case tied, p = 1, every model best (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 3 }), { minKeys: 1 }),
        (successes) => {
          const lines = run(successes);
          const comparison = compareRuns(
            [
              { name: 'x', file: 'x.jsonl', lines },
              { name: 'y', file: 'y.jsonl', lines },
            ],
            { now: NOW },
          );
          const pair = comparison.pairs[0]!;
          expect([pair.a_wins, pair.b_wins, pair.ties, pair.p_value, pair.mean_difference]).toEqual([
            0,
            0,
            Object.keys(successes).length,
            1,
            0,
          ]);
          for (const names of Object.values(comparison.trials!.winners)) expect(names).toEqual(['x', 'y']);
        },
      ),
    );
  });
});
