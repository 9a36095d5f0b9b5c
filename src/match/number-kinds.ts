/**
 * JSON cannot tell `1` from `1.0` once parsed, but strict mode must when both come from files. The file
 * parser records here which integral numbers were written as floats (`1.0`, `1e3`), keyed by the object
 * or array that holds them, so values stay plain numbers everywhere else. In-memory values have no
 * entry: for them strict mode compares numbers by value.
 */
const floatLiterals = new WeakMap<object, Set<string | number>>();

/** Records that `container[key]` was written as a float literal with an integral value. */
export function markFloatLiteral(container: object, key: string | number): void {
  let keys = floatLiterals.get(container);
  if (!keys) floatLiterals.set(container, (keys = new Set()));
  keys.add(key);
}

/** Forgets a mark of `container[key]` (a repeated JSON key whose last value is not a float literal). */
export function clearFloatLiteral(container: object, key: string | number): void {
  floatLiterals.get(container)?.delete(key);
}

/** Whether `container[key]` was written as a float literal with an integral value. */
export function isFloatLiteral(container: object | undefined, key: string | number | undefined): boolean {
  if (container === undefined || key === undefined) return false;
  return floatLiterals.get(container)?.has(key) ?? false;
}

/** Carries the float-literal mark of `from[fromKey]` over to `to[toKey]` when a value is copied. */
export function copyNumberKind(from: object, fromKey: string | number, to: object, toKey: string | number): void {
  if (isFloatLiteral(from, fromKey)) markFloatLiteral(to, toKey);
}
