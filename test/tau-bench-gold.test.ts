import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/evaluation/evaluate.js';
import { readCorpusJsonl } from './corpus.js';

/*
 * The gold language on a real benchmark: tau-bench's airline task 0, GPT-4o, trial 0 (reward 0).
 * Its gold is one write action; the lookups an agent makes on the way are its own business, so
 * they are ignored rather than listed. Every number below is worked out by hand in
 * docs/gold-language.md ("A real task: tau-bench airline task 0").
 */
interface TauRun {
  task_id: number;
  trial: number;
  reward: number;
  gold_actions: { name: string; kwargs: Record<string, unknown> }[];
  actual_tool_calls: { name: string; arguments: Record<string, unknown> }[];
}

const run = (readCorpusJsonl('trajectories', 'tau-bench', 'gpt-4o-airline.calls.jsonl') as TauRun[]).find(
  (one) => one.task_id === 0 && one.trial === 0,
)!;
const gold = {
  calls: run.gold_actions.map((action) => ({ tool: action.name, args: action.kwargs })),
  ignore_tools: ['get_user_details', 'search_direct_flight', 'search_onestop_flight', 'calculate', 'think'],
};
const made = run.actual_tool_calls.map((one) => ({ tool: one.name, args: one.arguments }));

describe('tau-bench airline task 0, trial 0', () => {
  it('is the run the corpus says: 8 calls, 2 of them book_reservation, reward 0', () => {
    expect(run.reward).toBe(0);
    expect(made.map((one) => one.tool)).toEqual([
      'get_user_details',
      'search_direct_flight',
      'search_onestop_flight',
      'calculate',
      'book_reservation',
      'think',
      'calculate',
      'book_reservation',
    ]);
  });

  it('ignoring the lookups, the first booking is paired and its one wrong argument is the top issue', () => {
    const result = evaluate({ expected: gold, actual: made });
    expect(result.gold.unscoredCalls).toEqual([0, 1, 2, 3, 5, 6]);
    expect(result.pairing.expectedFor).toEqual([-1, -1, -1, -1, 0, -1, -1, -1]);
    // 10 of the 11 arguments right (nonfree_baggages 1, not 0), on the paired call only.
    expect(result.metrics.argument_metrics.f1).toBeCloseTo(10 / 11, 12);
    expect(result.metrics.selection_accuracy).toBe(1);
    // [book] against [book, book]: one insertion in two.
    expect(result.metrics.sequence_metrics.sequence_accuracy).toBe(0.5);
    expect(result.metrics.efficiency_metrics.redundant_count).toBe(1);
    expect(result.metrics.efficiency_metrics.total_calls).toBe(2);
    expect(result.metrics.required_call_recall).toBe(1);
    // 0.4·1 + 0.3·10/11 + 0.2·0.5 + 0.1·(1 − 1/2)
    expect(result.score).toBeCloseTo(0.4 + (0.3 * 10) / 11 + 0.1 + 0.05, 12);
    expect(result.grade).toBe('B');
    const first = result.topIssues[0]!;
    expect(first.tool).toBe('book_reservation');
    expect(first.diffs).toEqual([{ key: 'nonfree_baggages', kind: 'mismatch', expected: 0, actual: 1 }]);
  });

  it('without ignore_tools, the same run is scored on all 8 calls and the lookups dominate', () => {
    const result = evaluate({ expected: gold.calls, actual: made });
    expect(result.metrics.selection_accuracy).toBe(0.25);
    expect(result.metrics.sequence_metrics.sequence_accuracy).toBeCloseTo(1 / 8, 12);
    expect(result.metrics.efficiency_metrics.redundant_count).toBe(7);
    // 0.4·2/8 + 0.3·10/11 + 0.2·1/8 + 0.1·(1 − 7/8)
    expect(result.score).toBeCloseTo(0.1 + (0.3 * 10) / 11 + 0.025 + 0.0125, 12);
    expect(result.grade).toBe('F');
  });

  it('a run that only looks things up and never books fails: the missing booking is the top issue', () => {
    const lookups = made.filter((one) => one.tool !== 'book_reservation');
    const result = evaluate({ expected: gold, actual: lookups });
    expect(result.metrics.required_call_recall).toBe(0);
    expect(result.metrics.selection_accuracy).toBe(0);
    // Nothing left to score once the lookups are set aside: no calls made, one expected.
    expect(result.metrics.efficiency_metrics.total_calls).toBe(0);
    expect(result.score).toBe(0);
    expect(result.grade).toBe('F');
    expect(result.topIssues.map((issue) => [issue.kind, issue.tool])).toEqual([['missing', 'book_reservation']]);
  });
});
