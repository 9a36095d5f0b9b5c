import { ToolscoreInputError } from './errors.js';

/** The metrics the composite score blends, by their serialized names. */
export const WEIGHT_NAMES = [
  'selection_accuracy',
  'argument_f1',
  'sequence_accuracy',
  'redundant_rate',
  'required_call_recall',
] as const;

/** One weight name. */
export type WeightName = (typeof WEIGHT_NAMES)[number];

/**
 * The opt-in weight of the outcome checks (docs/outcomes.md): 0 unless given, and then absent from the
 * weights, so a result without it is written exactly as before.
 */
const OUTCOME_WEIGHT = 'outcome';

/** A full set of weights, summing to 1; `outcome` only when it was given a positive weight. */
export type Weights = Readonly<Record<WeightName, number>> & { readonly outcome?: number };

/** Weights as given by a user: any subset, merged over the defaults and renormalized. */
export type WeightsInput = Partial<Record<WeightName | typeof OUTCOME_WEIGHT, number>>;

/** Every name a user may weight. */
const GIVEN_NAMES: readonly string[] = [...WEIGHT_NAMES, OUTCOME_WEIGHT];

/** Default blend: required-call recall is opt-in (0), so scores match the Python tool's. */
export const DEFAULT_WEIGHTS: Weights = Object.freeze({
  selection_accuracy: 0.4,
  argument_f1: 0.3,
  sequence_accuracy: 0.2,
  redundant_rate: 0.1,
  required_call_recall: 0,
});

/**
 * Merges user weights over the defaults and divides by their sum. Unknown names, negative or
 * non-finite values and an all-zero total are `ToolscoreInputError`s naming the bad key.
 */
export function normalizeWeights(weights?: WeightsInput | Record<string, unknown> | null, source = 'weights'): Weights {
  if (weights === undefined || weights === null) return DEFAULT_WEIGHTS;
  if (typeof weights !== 'object' || Array.isArray(weights)) {
    throw new ToolscoreInputError({ source }, `expected an object of weights; valid names: ${GIVEN_NAMES.join(', ')}`);
  }
  const merged: Record<string, number> = { ...DEFAULT_WEIGHTS };
  for (const [name, value] of Object.entries(weights)) {
    if (!GIVEN_NAMES.includes(name)) {
      throw new ToolscoreInputError(
        { source, path: name },
        `unknown weight ${JSON.stringify(name)}; valid names: ${GIVEN_NAMES.join(', ')}`,
      );
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new ToolscoreInputError(
        { source, path: name },
        `weight must be a finite number, got ${JSON.stringify(value) ?? String(value)}`,
      );
    }
    if (value < 0) throw new ToolscoreInputError({ source, path: name }, `weight must not be negative, got ${value}`);
    merged[name] = value;
  }
  if (merged[OUTCOME_WEIGHT] === 0) delete merged[OUTCOME_WEIGHT];
  const names = Object.keys(merged);
  let total = sumOf(merged);
  if (total === Infinity) {
    // Finite weights near Number.MAX_VALUE can sum to Infinity (and every share to 0): scale by the largest first.
    const largest = Math.max(...names.map((name) => merged[name]!));
    for (const name of names) merged[name]! /= largest;
    total = sumOf(merged);
  }
  if (total === 0)
    throw new ToolscoreInputError({ source }, 'weights sum to 0; give at least one metric a positive weight');
  for (const name of names) merged[name]! /= total;
  return Object.freeze(merged) as unknown as Weights;
}

function sumOf(weights: Readonly<Record<string, number>>): number {
  return Object.values(weights).reduce((sum, weight) => sum + weight, 0);
}
