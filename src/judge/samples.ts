/** The middle value (the mean of the two middle values for an even count). Needs at least one value. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** max − min: how far apart repeated answers landed (0 for a single answer). */
export function spread(values: readonly number[]): number {
  return values.length === 0 ? 0 : Math.max(...values) - Math.min(...values);
}

/** The position of the value closest to `target` (the first of equals), to quote that sample's explanation. */
export function closestTo(values: readonly number[], target: number): number {
  let best = 0;
  for (let k = 1; k < values.length; k++)
    if (Math.abs(values[k]! - target) < Math.abs(values[best]! - target)) best = k;
  return best;
}
