/**
 * Sets `target[key]` as an own data property. Plain assignment would call the `__proto__` setter
 * when a trace or gold file has a `"__proto__"` key; this keeps such keys as ordinary data.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** On the for…in key, V8 turns this into a check on the enumeration cache (see match/equality.ts). */
const hasOwnProperty = Object.prototype.hasOwnProperty;

/** Number of own enumerable string keys, without allocating a key list. */
export function ownKeyCount(obj: object): number {
  let count = 0;
  for (const key in obj) if (hasOwnProperty.call(obj, key)) count++;
  return count;
}
