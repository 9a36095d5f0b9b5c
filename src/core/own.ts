/**
 * Sets `target[key]` as an own data property. Plain assignment would call the `__proto__` setter
 * when a trace or gold file has a `"__proto__"` key; this keeps such keys as ordinary data.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
