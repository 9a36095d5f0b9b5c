import { describe, expect, test } from 'vitest';
import { evaluate } from '../evaluation/evaluate.js';

describe('budgets', () => {
  const actual = [
    { tool: 'search', duration: 1.5, cost: 0.01 },
    { tool: 'search', duration: 2.25, cost: 0.02 },
    { tool: 'search', duration: 31, cost: 0.5 },
    { tool: 'book', duration: 0.25 },
  ];

  test('each limit, findings, and the violation count; the score is untouched', () => {
    const result = evaluate({
      expected: [{ tool: 'search' }, { tool: 'book' }],
      actual,
      budgets: {
        max_calls: 3,
        max_calls_per_tool: { search: 2 },
        max_duration: 30,
        max_call_duration: 30,
        max_cost: 0.5,
      },
    });
    expect(result.metrics.budget_metrics!.violations).toEqual([
      { limit: 'max_calls', value: 4, max: 3, tool: null, index: null },
      { limit: 'max_calls_per_tool', value: 3, max: 2, tool: 'search', index: null },
      { limit: 'max_call_duration', value: 31, max: 30, tool: 'search', index: 2 },
      { limit: 'max_duration', value: 35, max: 30, tool: null, index: null },
      { limit: 'max_cost', value: 0.53, max: 0.5, tool: null, index: null },
    ]);
    expect(result.findings.map((finding) => finding.message)).toEqual([
      '4 tool calls made, limit 3 (max_calls)',
      'search called 3 times, limit 2 (max_calls_per_tool)',
      'call 3 (search) took 31 s, limit 30 s (max_call_duration)',
      'tool calls took 35 s in total, limit 30 s (max_duration)',
      'tool calls cost $0.5300, limit $0.5000 (max_cost)',
    ]);
    expect(result.violationCount).toBe(5);
    expect(result.score).toBe(evaluate({ expected: [{ tool: 'search' }, { tool: 'book' }], actual }).score);
  });

  test('a per-tool limit for every tool; limits met', () => {
    const result = evaluate({ expected: [], actual, budgets: { max_calls_per_tool: 3, max_cost: 1 } });
    expect(result.metrics.budget_metrics).toEqual({
      limits: { max_calls_per_tool: 3, max_cost: 1 },
      violation_count: 0,
      violations: [],
    });
  });

  test('latency and cost metrics appear when calls record them', () => {
    const result = evaluate({ expected: [], actual });
    expect(result.metrics.latency_metrics).toEqual({
      total_duration: 35,
      average_duration: 8.75,
      max_duration: 31,
      min_duration: 0.25,
    });
    expect(result.metrics.cost_metrics!.total_cost).toBeCloseTo(0.53, 12);
    expect(result.metrics.cost_metrics!.average_cost).toBeCloseTo(0.53 / 3, 12);
    expect(result.metrics.cost_metrics!.cost_by_tool).toEqual({ search: 0.53 });
    expect(evaluate({ expected: [], actual: [{ tool: 'a' }] }).metrics.latency_metrics).toBeUndefined();
  });

  test('bad budgets name the key', () => {
    expect(() => evaluate({ expected: [], actual: [], budgets: { max_calz: 1 } as never })).toThrow(
      'budgets at max_calz: unknown budget "max_calz"; valid names: max_calls',
    );
    expect(() => evaluate({ expected: [], actual: [], budgets: { max_cost: -1 } })).toThrow(
      'budgets at max_cost: expected a non-negative number',
    );
    expect(() => evaluate({ expected: [], actual: [], budgets: { max_calls_per_tool: { a: 'x' } } as never })).toThrow(
      'or an object of them per tool',
    );
  });
});
