/**
 * JSON cannot tell `1` from `1.0` once parsed, but strict mode must when both come from files. The file
 * parser records here which integral numbers were written as floats (`1.0`, `1e3`), keyed by the object
 * or array that holds them, so values stay plain numbers everywhere else. In-memory values have no
 * entry: for them strict mode compares numbers by value.
 */
import { isMatcher } from './matchers/matcher.js';

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

/**
 * A value as JSON text that keeps what strict mode compares: an integral number marked as written
 * `1.0` reads `1.0`, so `expected 1.0, got 1` shows the difference. `holder[key]` is where the value
 * sits; nested values are looked up in their own containers. `plainText` renders everything else
 * (matchers, undefined, and whole values with no mark inside, which is nearly always).
 */
export function jsonTextWithKinds(
  value: unknown,
  holder: object | undefined,
  key: string | number | undefined,
  plainText: (value: unknown) => string,
): string {
  const marked =
    typeof value === 'number'
      ? isFloatLiteral(holder, key)
      : value !== null && typeof value === 'object' && hasKinds(value);
  return marked ? markedText(value, holder, key, plainText) : plainText(value);
}

function markedText(
  value: unknown,
  holder: object | undefined,
  key: string | number | undefined,
  plainText: (value: unknown) => string,
): string {
  if (typeof value === 'number') {
    const text = JSON.stringify(value);
    return Number.isInteger(value) && !text.includes('e') && isFloatLiteral(holder, key) ? `${text}.0` : text;
  }
  if (value === null || typeof value !== 'object' || isMatcher(value)) return plainText(value);
  if (Array.isArray(value))
    return `[${value.map((item, i) => (item === undefined ? 'null' : markedText(item, value, i, plainText))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .filter((name) => record[name] !== undefined)
    .map((name) => `${JSON.stringify(name)}:${markedText(record[name], record, name, plainText)}`);
  return `{${members.join(',')}}`;
}

/** Whether a container or anything inside it has a float-literal mark (only values read from files in strict mode have any). */
function hasKinds(container: object): boolean {
  if (floatLiterals.has(container)) return true;
  const values: unknown[] = Array.isArray(container) ? container : Object.values(container);
  return values.some((item) => item !== null && typeof item === 'object' && hasKinds(item));
}
