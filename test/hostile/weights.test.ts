import { describe, expect, it } from 'vitest';
import { parseWeightFlags } from '../../src/cli/scoring-flags.js';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { ToolscoreInputError } from '../../src/core/errors.js';
import { normalizeWeights } from '../../src/core/weights.js';

describe('hostile weights', () => {
  it('finite weights whose sum overflows still normalize to their shares', () => {
    // 1e308 + 1e308 is Infinity; scaled by the largest first, the two halves are 0.5 each.
    const weights = normalizeWeights({ selection_accuracy: 1e308, argument_f1: 1e308 });
    expect(weights.selection_accuracy).toBe(0.5);
    expect(weights.argument_f1).toBe(0.5);
    // The defaults of the other three, 0.2, 0.1 and 0, are negligible next to 1e308.
    expect(weights.sequence_accuracy).toBeLessThan(1e-300);
    const perfect = evaluate({
      expected: [{ tool: 'a', args: { x: 1 } }],
      actual: [{ tool: 'a', args: { x: 1 } }],
      weights: { selection_accuracy: 1e308, argument_f1: 1e308 },
    });
    expect(perfect.score).toBe(1);
  });

  it('keeps tiny weights exact relative to each other', () => {
    const weights = normalizeWeights({
      selection_accuracy: 5e-324,
      argument_f1: 0,
      sequence_accuracy: 0,
      redundant_rate: 0,
    });
    expect(weights.selection_accuracy).toBe(1);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    '--weight %s=1 is the unknown-weight error',
    (name) => {
      expect(() => parseWeightFlags([`${name}=1`])).toThrow(ToolscoreInputError);
      expect(() => parseWeightFlags([`${name}=1`])).toThrow(
        `--weight at ${name}: unknown weight "${name}"; valid names: selection_accuracy, argument_f1, sequence_accuracy, redundant_rate, required_call_recall`,
      );
    },
  );

  it('a library weights object with an own __proto__ key is refused too', () => {
    const weights = JSON.parse('{"__proto__": 1}') as Record<string, unknown>;
    expect(() => normalizeWeights(weights)).toThrow('weights at __proto__: unknown weight "__proto__"');
  });
});
