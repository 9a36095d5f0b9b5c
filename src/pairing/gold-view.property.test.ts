import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { GoldInput } from '../core/types.js';
import { evaluate } from '../evaluation/evaluate.js';

/*
 * What the gold language promises, over arbitrary gold files and traces: "optional" and "any order"
 * and "at least these" only ever forgive, and forgive exactly what they say.
 */
type Call = { tool: string; args: Record<string, number> };

const callArb: fc.Arbitrary<Call> = fc.record({
  tool: fc.constantFrom('a', 'b', 'c'),
  args: fc.dictionary(fc.constantFrom('x', 'y', 'z'), fc.integer({ min: 0, max: 2 }), { maxKeys: 3 }),
});
const callsArb = (maxLength: number) => fc.array(callArb, { maxLength });

// Every number the score is made of; trajectory details hold the gold's own values, so they stay out.
const numbers = (expected: GoldInput, actual: Call[]) => {
  const result = evaluate({ expected, actual });
  const m = result.metrics;
  return {
    score: result.score,
    invocation_accuracy: m.invocation_accuracy,
    selection_accuracy: m.selection_accuracy,
    tool_correctness: m.tool_correctness_metrics.tool_correctness,
    sequence_accuracy: m.sequence_metrics.sequence_accuracy,
    edit_distance: m.sequence_metrics.edit_distance,
    precision: m.argument_metrics.precision,
    recall: m.argument_metrics.recall,
    f1: m.argument_metrics.f1,
    required_call_recall: m.required_call_recall,
    redundant_count: m.efficiency_metrics.redundant_count,
  };
};

const without = (args: Record<string, number>, key: string) => {
  const { [key]: _dropped, ...rest } = args;
  return rest;
};

describe('gold language properties', () => {
  test('an $optional argument the agent left out counts exactly as if the gold did not name it', () => {
    fc.assert(
      fc.property(callsArb(4), callsArb(5), fc.constantFrom('x', 'y', 'z'), (gold, made, key) => {
        const actual = made.map((one) => ({ tool: one.tool, args: without(one.args, key) }));
        const optional = gold.map((one) =>
          key in one.args ? { tool: one.tool, args: { ...one.args, [key]: { $optional: one.args[key] } } } : one,
        );
        const dropped = gold.map((one) => ({ tool: one.tool, args: without(one.args, key) }));
        expect(numbers(optional, actual)).toEqual(numbers(dropped, actual));
      }),
      { numRuns: 300 },
    );
  });

  test('an optional call the agent did not make costs nothing: the score is that of the gold without it', () => {
    fc.assert(
      fc.property(callsArb(3), callArb, callsArb(4), (gold, extra, made) => {
        const actual = made.filter((one) => one.tool !== extra.tool);
        const withOptional = [...gold, { ...extra, optional: true }];
        const required = gold.filter((one) => one.tool !== extra.tool);
        // Only when the gold holds no other call of that tool is the optional one surely unpaired.
        fc.pre(required.length === gold.length);
        expect(numbers(withOptional, actual)).toEqual(numbers(gold, actual));
      }),
      { numRuns: 300 },
    );
  });

  test('the order of the members of an $any_order group never changes a number', () => {
    fc.assert(
      fc.property(
        callsArb(2),
        fc.array(callArb, { minLength: 1, maxLength: 4 }),
        callsArb(5),
        fc.infiniteStream(fc.nat()),
        (before, members, actual, picks) => {
          const shuffled = [...members];
          for (let i = shuffled.length - 1; i > 0; i--) {
            const j = picks.next().value % (i + 1);
            [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
          }
          expect(numbers([...before, { $any_order: shuffled }], actual)).toEqual(
            numbers([...before, { $any_order: members }], actual),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  test('"order": "any": the calls of the gold made in any order score 1', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(callArb, { minLength: 1, maxLength: 5, selector: (one) => JSON.stringify(one) }),
        fc.infiniteStream(fc.nat()),
        (gold, picks) => {
          const made = [...gold];
          for (let i = made.length - 1; i > 0; i--) {
            const j = picks.next().value % (i + 1);
            [made[i], made[j]] = [made[j]!, made[i]!];
          }
          // Distinct calls only: two identical calls are redundant whatever the gold says.
          expect(evaluate({ expected: { calls: gold, order: 'any' }, actual: made }).score).toBe(1);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('allow_extra_calls scores the trace as if its unpaired calls were not there', () => {
    fc.assert(
      fc.property(callsArb(4), callsArb(6), (gold, actual) => {
        const result = evaluate({ expected: { calls: gold, allow_extra_calls: true }, actual });
        const unscored = new Set(result.gold.unscoredCalls);
        const kept = actual.filter((_, index) => !unscored.has(index));
        expect(numbers({ calls: gold, allow_extra_calls: true }, actual)).toEqual(numbers(gold, kept));
        // Never a call of the gold: every gold tool the agent made often enough stays paired.
        expect(kept.length).toBe(result.pairing.expectedFor.filter((index) => index >= 0).length);
      }),
      { numRuns: 300 },
    );
  });

  test('allow_extra_calls never lowers argument precision or selection, and forgives no missing call', () => {
    // Not the score: a normalised edit distance over a longer trace can look kinder to a wrong order.
    fc.assert(
      fc.property(callsArb(4), callsArb(6), (gold, actual) => {
        const strict = numbers(gold, actual);
        const lenient = numbers({ calls: gold, allow_extra_calls: true }, actual);
        expect(lenient.precision).toBeGreaterThanOrEqual(strict.precision - 1e-12);
        expect(lenient.selection_accuracy).toBeGreaterThanOrEqual(strict.selection_accuracy - 1e-12);
        expect(lenient.redundant_count).toBeLessThanOrEqual(strict.redundant_count);
        // With an empty gold, the extras were all there was to read recall from.
        if (gold.length > 0) expect(lenient.recall).toBe(strict.recall);
        expect(lenient.required_call_recall).toBe(strict.required_call_recall);
      }),
      { numRuns: 300 },
    );
  });
});
