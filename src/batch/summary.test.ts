import { describe, expect, test } from 'vitest';
import { SummaryBuilder } from './summary.js';
import type { BatchScoredLine } from './types.js';

/** A scored line with every metric equal to its score and one call of `tool`. */
function line(index: number, score: number, tool = 't'): BatchScoredLine {
  return {
    id: `c${index}`,
    index,
    score,
    grade: score >= 0.9 ? 'A' : 'F',
    verdict: score >= 0.9 ? 'PASS' : 'FAIL',
    metrics: {
      invocation_accuracy: score,
      selection_accuracy: score,
      argument_f1: score,
      sequence_accuracy: score,
      redundant_rate: score,
      required_call_recall: index % 2 === 0 ? score : null,
    },
    expected_calls: 1,
    actual_calls: 1,
    failed_calls: index === 0 ? 1 : 0,
    policy_violations: 0,
    secrets: 0,
    budget_violations: 0,
    tools: { [tool]: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: index === 0 ? 1 : 0 } },
    top_issue: null,
  };
}

describe('SummaryBuilder', () => {
  test('nearest-rank percentiles: rank ⌈p/100 · n⌉ of the sorted values; the median of an even count is the lower middle', () => {
    const builder = new SummaryBuilder();
    // Fed out of order: 1.0, 0.9, …, 0.1 (sorted: 0.1 … 1.0, n = 10).
    for (let k = 0; k < 10; k++) builder.add(line(k, (10 - k) / 10));
    const { score, metrics } = builder.summary({ createdAt: new Date(0) });
    // p10: rank 1 → 0.1; median: rank 5 → 0.5; p90: rank 9 → 0.9.
    expect([score.p10, score.median, score.p90, score.min, score.max]).toEqual([0.1, 0.5, 0.9, 0.1, 1]);
    expect(score.mean).toBeCloseTo(0.55, 12);
    // required_call_recall is null for odd indices: 1.0, 0.8, 0.6, 0.4, 0.2 remain (n = 5: ranks 1, 3, 5).
    expect(metrics.required_call_recall).toMatchObject({ count: 5, p10: 0.2, median: 0.6, p90: 1 });
  });

  test('the pass rate counts scores with the 1e-9 slack of meetsMinScore, as the batch reports count lines', () => {
    const builder = new SummaryBuilder();
    // 0.1 + 0.2 is 0.30000000000000004 and 0.7 - 0.4 is 0.29999999999999993: both meet 0.3; 0.29 does not.
    for (const [k, score] of [0.1 + 0.2, 0.7 - 0.4, 0.29, 1].entries()) builder.add(line(k, score));
    const summary = builder.summary({ createdAt: new Date(0), minScore: 0.3 });
    expect(summary.pass_rate).toBe(0.75);
    expect(Math.round(summary.pass_rate! * summary.cases.scored)).toBe(3);
  });

  test('no scored case: every distribution is empty, the pass rate unknown', () => {
    const builder = new SummaryBuilder();
    builder.add({ id: 'x', index: 0, line: 1, error: 'bad' });
    const summary = builder.summary({ createdAt: new Date(0), minScore: 0.5 });
    expect(summary.cases).toEqual({ total: 1, scored: 0, failed: 1 });
    expect(summary.score).toEqual({ count: 0, mean: null, median: null, p10: null, p90: null, min: null, max: null });
    expect(summary.pass_rate).toBeNull();
    expect(summary.errors).toEqual([{ id: 'x', index: 0, line: 1, error: 'bad' }]);
  });

  test('the 10 worst cases, ties to the lower index; the histogram closes its last bin at 1', () => {
    const builder = new SummaryBuilder();
    for (let k = 0; k < 12; k++) builder.add(line(k, k === 11 ? 0.2 : 0.5));
    builder.add(line(12, 1));
    const summary = builder.summary({ createdAt: new Date(0) });
    expect(summary.worst_cases.map((worst) => worst.index)).toEqual([11, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(summary.histogram).toEqual([0, 0, 1, 0, 0, 11, 0, 0, 0, 1]);
  });

  test('per tool sums, and the error rate of failed over actual calls', () => {
    const builder = new SummaryBuilder();
    builder.add(line(0, 1, 'b'));
    builder.add(line(1, 1, 'b'));
    builder.add(line(2, 1, 'a'));
    const { tools, totals } = builder.summary({ createdAt: new Date(0) });
    expect(Object.keys(tools)).toEqual(['a', 'b']);
    expect(tools.b).toEqual({
      expected_calls: 2,
      actual_calls: 2,
      selection_misses: 0,
      failed_calls: 1,
      error_rate: 0.5,
    });
    expect(totals.failed_calls).toBe(1);
  });

  test('a tool named __proto__ is a key like any other', () => {
    const builder = new SummaryBuilder();
    builder.add(line(0, 1, '__proto__'));
    const { tools } = builder.summary({ createdAt: new Date(0) });
    expect(Object.keys(tools)).toEqual(['__proto__']);
    expect(JSON.stringify(tools)).toContain('"__proto__":{"expected_calls":1');
  });
});

describe('gold warnings in the summary', () => {
  const warned = (index: number, warnings: string[]): BatchScoredLine => ({
    ...line(index, 1),
    gold_warnings: warnings,
  });

  test('cases are counted, warnings listed once each in order, the first 100 kept; a digest merged keeps the same', () => {
    const lines = [
      warned(0, ['g at $[0]: a', 'g at $[1]: b']),
      line(1, 1),
      warned(2, ['g at $[0]: a', 'g at $[1]: b']),
      ...Array.from({ length: 120 }, (_, k) => warned(3 + k, [`d:${k + 1} at $.expected[0]: c`])),
    ];
    const whole = new SummaryBuilder();
    for (const one of lines) whole.add(one);
    const { gold_warnings } = whole.summary({ createdAt: new Date(0) });
    expect(gold_warnings.cases).toBe(122);
    expect(gold_warnings.warnings).toHaveLength(100);
    expect(gold_warnings.warnings.slice(0, 3)).toEqual(['g at $[0]: a', 'g at $[1]: b', 'd:1 at $.expected[0]: c']);
    expect(gold_warnings.warnings[99]).toBe('d:98 at $.expected[0]: c');
    const merged = new SummaryBuilder();
    for (const part of [lines.slice(0, 2), lines.slice(2, 50), lines.slice(50)]) {
      const builder = new SummaryBuilder();
      for (const one of part) builder.add(one);
      merged.merge(builder.digest());
    }
    expect(merged.summary({ createdAt: new Date(0) }).gold_warnings).toEqual(gold_warnings);
  });

  test('the conversation cases make a turns block: mean turn pass rate, all passed, cases by their first failing turn', () => {
    const conversation = (
      index: number,
      count: number,
      passed: number,
      firstFailing: number | null,
    ): BatchScoredLine => ({
      ...line(index, 0.5),
      turns: { count, passed, pass_rate: passed / count, first_failing: firstFailing },
    });
    // Three conversation cases: 3 of 4 turns (first failing 3), 2 of 2, 0 of 3 (first failing 1); one flat case.
    const lines = [conversation(0, 4, 3, 3), line(1, 1), conversation(2, 2, 2, null), conversation(3, 3, 0, 1)];
    const whole = new SummaryBuilder();
    for (const one of lines) whole.add(one);
    const { turns } = whole.summary({ createdAt: new Date(0) });
    // Mean pass rate (0.75 + 1 + 0) / 3 = 0.5833…; turns 4 + 2 + 3 = 9, of which 3 + 2 + 0 = 5 passed.
    expect(turns).toEqual({
      cases: 3,
      turns: 9,
      passed_turns: 5,
      mean_pass_rate: (0.75 + 1 + 0) / 3,
      all_passed: 1,
      first_failing: { '1': 1, '3': 1 },
    });
    expect(Object.keys(turns!.first_failing)).toEqual(['1', '3']);
    // Merged from digests in index order it is the same to the bit.
    const merged = new SummaryBuilder();
    for (const part of [lines.slice(0, 1), lines.slice(1, 3), lines.slice(3)]) {
      const builder = new SummaryBuilder();
      for (const one of part) builder.add(one);
      merged.merge(builder.digest());
    }
    expect(merged.summary({ createdAt: new Date(0) }).turns).toEqual(turns);
  });

  test('a run without a conversation case has no turns block', () => {
    const builder = new SummaryBuilder();
    builder.add(line(0, 1));
    expect('turns' in builder.summary({ createdAt: new Date(0) })).toBe(false);
  });
});
