import type { ExpectedCall, ToolCall } from '../core/types.js';
import type { Pairing } from '../pairing/pairing.js';
import { ownKeyCount } from '../core/objects.js';

/** `metrics.argument_metrics`. */
export interface ArgumentMetrics {
  /** Of the arguments passed in paired calls, the share that were expected and correct. */
  precision: number;
  /** Of the expected arguments, the share that were passed correctly. */
  recall: number;
  /** Harmonic mean of precision and recall. */
  f1: number;
}

/**
 * Argument precision, recall and F1 over the one-to-one pairing. Expected calls with `args: null`
 * (do not check) add nothing but count as a vacuous match when paired; an unpaired expected call
 * adds its expected arguments to recall's denominator.
 */
export function argumentMetrics(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  pairing: Pairing,
): ArgumentMetrics {
  if (expected.length === 0 && actual.length === 0) return { precision: 1, recall: 1, f1: 1 };
  if (expected.length === 0 || actual.length === 0) return { precision: 0, recall: 0, f1: 0 };
  let correct = 0;
  let totalExpected = 0;
  let totalActual = 0;
  let vacuous = 0;
  for (let i = 0; i < expected.length; i++) {
    const wanted = expected[i]!.args;
    const j = pairing.actualFor[i]!;
    if (wanted === null) {
      if (j >= 0) vacuous++;
      continue;
    }
    const wantedCount = ownKeyCount(wanted);
    if (j < 0) {
      totalExpected += wantedCount;
      continue;
    }
    const given = actual[j]!.args;
    const givenCount = given === null ? 0 : ownKeyCount(given);
    correct += pairing.matchedArgs[i]!;
    totalExpected += wantedCount;
    totalActual += givenCount;
    if (wantedCount === 0 && givenCount === 0) vacuous++;
  }
  if (totalExpected === 0 && totalActual === 0 && vacuous > 0) return { precision: 1, recall: 1, f1: 1 };
  const precision = totalActual > 0 ? correct / totalActual : 0;
  const recall = totalExpected > 0 ? correct / totalExpected : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
