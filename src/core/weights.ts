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

/** A full set of weights, summing to 1. */
export type Weights = Readonly<Record<WeightName, number>>;

/** Weights as given by a user: any subset, merged over the defaults and renormalized. */
export type WeightsInput = Partial<Record<WeightName, number>>;

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
    throw new ToolscoreInputError({ source }, `expected an object of weights; valid names: ${WEIGHT_NAMES.join(', ')}`);
  }
  const merged: Record<WeightName, number> = { ...DEFAULT_WEIGHTS };
  for (const [name, value] of Object.entries(weights)) {
    if (!(WEIGHT_NAMES as readonly string[]).includes(name)) {
      throw new ToolscoreInputError(
        { source, path: name },
        `unknown weight ${JSON.stringify(name)}; valid names: ${WEIGHT_NAMES.join(', ')}`,
      );
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new ToolscoreInputError(
        { source, path: name },
        `weight must be a finite number, got ${JSON.stringify(value) ?? String(value)}`,
      );
    }
    if (value < 0) throw new ToolscoreInputError({ source, path: name }, `weight must not be negative, got ${value}`);
    merged[name as WeightName] = value;
  }
  let total = sumOf(merged);
  if (total === Infinity) {
    // Finite weights near Number.MAX_VALUE can sum to Infinity (and every share to 0): scale by the largest first.
    const largest = Math.max(...WEIGHT_NAMES.map((name) => merged[name]));
    for (const name of WEIGHT_NAMES) merged[name] /= largest;
    total = sumOf(merged);
  }
  if (total === 0)
    throw new ToolscoreInputError({ source }, 'weights sum to 0; give at least one metric a positive weight');
  for (const name of WEIGHT_NAMES) merged[name] /= total;
  return Object.freeze(merged);
}

function sumOf(weights: Readonly<Record<WeightName, number>>): number {
  return WEIGHT_NAMES.reduce((sum, name) => sum + weights[name], 0);
}
