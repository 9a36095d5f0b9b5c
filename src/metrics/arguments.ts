import type { ExpectedCall, ToolCall } from '../core/types.js';
import type { Pairing } from '../pairing/pairing.js';
import { hasOwnProperty, ownKeyCount } from '../core/objects.js';
import { isOptional } from '../match/matchers/matcher.js';
import type { Args } from '../core/types.js';

const EMPTY_ARGS: Args = Object.freeze({});

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
 * The expected arguments a call is judged on: all of them but the `$optional` ones `given` leaves out
 * (`given` null: an unpaired call, judged on its required arguments).
 */
export function expectedArgCount(wanted: Args, given: Args | null): number {
  let count = 0;
  for (const key in wanted) {
    if (!hasOwnProperty.call(wanted, key)) continue;
    if (isOptional(wanted[key]) && (given === null || !hasOwnProperty.call(given, key))) continue;
    count++;
  }
  return count;
}

/** The actual arguments a pair is judged on: all of them, or only those the gold names when it allows extras. */
function givenArgCount(call: ExpectedCall, wanted: Args, given: Args | null): number {
  if (given === null) return 0;
  if (call.extra_args !== 'allow') return ownKeyCount(given);
  let count = 0;
  for (const key in given) if (hasOwnProperty.call(given, key) && hasOwnProperty.call(wanted, key)) count++;
  return count;
}

/**
 * Argument precision, recall and F1 over the one-to-one pairing. Expected calls with `args: null`
 * (do not check) add nothing but count as a vacuous match when paired; an unpaired expected call
 * adds its required arguments to recall's denominator. An absent `$optional` argument counts on
 * neither side; with `extra_args: "allow"`, arguments the gold does not name are not counted.
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
    const call = expected[i]!;
    const wanted = call.args;
    const j = pairing.actualFor[i]!;
    if (wanted === null) {
      if (j >= 0) vacuous++;
      continue;
    }
    if (j < 0) {
      totalExpected += expectedArgCount(wanted, null);
      continue;
    }
    const given = actual[j]!.args;
    const wantedCount = expectedArgCount(wanted, given ?? EMPTY_ARGS);
    const givenCount = givenArgCount(call, wanted, given);
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
