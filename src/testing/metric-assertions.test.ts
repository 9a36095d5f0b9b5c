import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluation/evaluate.js';
import {
  assertAllMetricsAbove,
  assertArgumentF1,
  assertInvocationAccuracy,
  assertRedundancyBelow,
  assertScore,
  assertSelectionAccuracy,
  assertSequenceAccuracy,
} from './metric-assertions.js';

/*
 * Expected [search(q="x"), book(id=1)]; actual [search(q="x"), search(q="x"), book(id=2)].
 * - selection 3/3 = 1; sequence: one insertion over 3 ⇒ 1 − 1/3 = 2/3
 * - invocation: 2 shared tools, 0 extra tools ⇒ 1
 * - arguments: pairs search↔search (right), book↔book (wrong) ⇒ correct 1 of 2 expected, 2 passed ⇒ F1 0.5
 * - redundancy: one search beyond the expected ⇒ 1/3
 * - score = 0.4 + 0.15 + 0.2·2/3 + 0.1·2/3 = 0.75
 */
const result = evaluate({
  expected: [
    { tool: 'search', args: { q: 'x' } },
    { tool: 'book', args: { id: 1 } },
  ],
  actual: [
    { tool: 'search', args: { q: 'x' } },
    { tool: 'search', args: { q: 'x' } },
    { tool: 'book', args: { id: 2 } },
  ],
});

describe('metric assertions', () => {
  it('pass at or above their thresholds', () => {
    expect(result.score).toBeCloseTo(0.75, 12);
    assertInvocationAccuracy(result, 1);
    assertSelectionAccuracy(result, 1);
    assertSequenceAccuracy(result, 2 / 3);
    assertArgumentF1(result, 0.5);
    assertRedundancyBelow(result, 1 / 3);
    assertScore(result, 0.75);
    assertAllMetricsAbove(result, 0.5);
  });

  it('fail with the metric and the limit as percentages', () => {
    expect(() => assertSequenceAccuracy(result, 0.9)).toThrow('Sequence accuracy 66.7% is below the required 90.0%');
    expect(() => assertArgumentF1(result, 0.8)).toThrow('Argument F1 50.0% is below the required 80.0%');
    expect(() => assertInvocationAccuracy(evaluate({ expected: [{ tool: 'a' }], actual: [] }), 0.5)).toThrow(
      /^Invocation accuracy 0\.0% is below/,
    );
    expect(() => assertRedundancyBelow(result, 0.1)).toThrow('Redundant call rate 33.3% is above the allowed 10.0%');
    expect(() => assertAllMetricsAbove(result, 0.6)).toThrow('Argument F1 50.0% is below the required 60.0%');
  });

  it('assertAllMetricsAbove lists every metric below the threshold', () => {
    // Invocation and selection are 1; sequence 2/3 and argument F1 1/2 both miss 0.7.
    expect(() => assertAllMetricsAbove(result, 0.7, 'flow')).toThrow(
      'flow: Sequence accuracy 66.7% is below the required 70.0%; Argument F1 50.0% is below the required 70.0%',
    );
  });

  it('put a given message in front', () => {
    expect(() =>
      assertSelectionAccuracy(
        evaluate({ expected: [{ tool: 'a' }], actual: [{ tool: 'b' }] }),
        0.9,
        'Failed for scenario1',
      ),
    ).toThrow('Failed for scenario1: Selection accuracy 0.0% is below the required 90.0%');
  });

  it('assertScore fails with the failure table', () => {
    expect(() => assertScore(result)).toThrow(
      /score 0\.75 < 0\.90 required · selection 1\.00 · args 0\.50 · sequence 0\.67/,
    );
    expect(() => assertScore(result, 0.9, 'checkout flow')).toThrow(/^checkout flow\nExpected vs actual tool calls/);
  });

  it('reject thresholds outside [0, 1]', () => {
    expect(() => assertArgumentF1(result, 80)).toThrow('threshold: expected a number between 0 and 1, got 80');
  });
});
