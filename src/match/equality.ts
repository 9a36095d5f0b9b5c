import { isMatcher, isOptional } from './matchers/matcher.js';
import { isFloatLiteral } from './number-kinds.js';
import { hasOwnProperty, ownKeyCount } from '../core/objects.js';

/**
 * How argument values are compared.
 * - `lenient` (default): numbers by value (`1` equals `1.0`), strings trimmed at every depth, object key
 *   order ignored, arrays positional, booleans never equal numbers.
 * - `strict`: same JSON type and value, no trimming; numbers read from files also keep `1` apart from
 *   `1.0` as written. In-memory JavaScript numbers have no such distinction, so there `1 === 1.0`.
 * Matchers run their own logic in both modes.
 */
export type EqualityMode = 'lenient' | 'strict';

/** Whether an actual value equals an expected value (which may be or contain matchers). */
export function valuesEqual(expected: unknown, actual: unknown, mode: EqualityMode = 'lenient'): boolean {
  return mode === 'lenient'
    ? lenientEqual(expected, actual)
    : strictEqual(expected, actual, undefined, undefined, undefined, undefined);
}

/** Whether `actual[key]` equals `expected[key]`, with the containers known so strict mode can see `1.0`. */
export function memberEqual(expected: object, actual: object, key: string | number, mode: EqualityMode): boolean {
  const e = (expected as Record<string | number, unknown>)[key];
  const a = (actual as Record<string | number, unknown>)[key];
  return mode === 'lenient' ? lenientEqual(e, a) : strictEqual(e, a, expected, key, actual, key);
}

/**
 * How many own keys of `expected` `actual` also has with an equal value, each compared as `memberEqual`
 * compares it: the pairing weight of two argument objects. One loop that reads each expected value
 * through its for…in (where V8 reads it from the enumeration cache) instead of a call per key.
 */
export function countEqualMembers(expected: object, actual: object, mode: EqualityMode): number {
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  let count = 0;
  if (mode === 'lenient') {
    for (const key in e) {
      if (hasOwnProperty.call(e, key) && hasOwnProperty.call(a, key) && lenientEqual(e[key], a[key])) count++;
    }
    return count;
  }
  for (const key in e) {
    if (hasOwnProperty.call(e, key) && hasOwnProperty.call(a, key) && strictEqual(e[key], a[key], e, key, a, key))
      count++;
  }
  return count;
}

/**
 * Lenient equality, on the hot path of pairing: scalars are tested first, so most values never reach
 * the matcher check; objects are walked with for…in, which allocates no key list.
 */
function lenientEqual(e: unknown, a: unknown): boolean {
  if (typeof e === 'string') return typeof a === 'string' && (e === a || e.trim() === a.trim());
  if (typeof e !== 'object') return typeof e === 'number' ? e === a : Object.is(e, a);
  if (e === null) return a === null;
  if (isMatcher(e)) return e.optional === null ? e.matches(a) : lenientEqual(e.optional.value, a);
  if (a === null || typeof a !== 'object') return false;
  if (Array.isArray(e)) {
    if (!Array.isArray(a) || a.length !== e.length) return false;
    for (let i = 0; i < e.length; i++) {
      if (!lenientEqual(e[i], a[i])) return false;
    }
    return true;
  }
  if (Array.isArray(a)) return false;
  // Count the members both have: an absent `$optional` member is neither matched nor missed.
  let count = 0;
  for (const key in e) {
    if (!hasOwnProperty.call(e, key)) continue;
    const member = (e as Record<string, unknown>)[key];
    if (!hasOwnProperty.call(a, key)) {
      if (isOptional(member)) continue;
      return false;
    }
    count++;
    if (!lenientEqual(member, (a as Record<string, unknown>)[key])) return false;
  }
  return count === ownKeyCount(a);
}

function strictEqual(
  e: unknown,
  a: unknown,
  eParent: object | undefined,
  eKey: string | number | undefined,
  aParent: object | undefined,
  aKey: string | number | undefined,
): boolean {
  if (isMatcher(e)) {
    // The optional mark's value carries its own float-literal mark (see the decoder).
    return e.optional === null ? e.matches(a) : strictEqual(e.optional.value, a, e.optional, 'value', aParent, aKey);
  }
  switch (typeof e) {
    case 'string':
      return e === a;
    case 'number':
      if (typeof a !== 'number' || e !== a) return false;
      return !Number.isInteger(e) || isFloatLiteral(eParent, eKey) === isFloatLiteral(aParent, aKey);
    case 'object':
      break;
    default:
      return Object.is(e, a);
  }
  if (e === null) return a === null;
  if (a === null || typeof a !== 'object') return false;
  if (Array.isArray(e)) {
    if (!Array.isArray(a) || a.length !== e.length) return false;
    for (let i = 0; i < e.length; i++) {
      if (!strictEqual(e[i], a[i], e, i, a, i)) return false;
    }
    return true;
  }
  if (Array.isArray(a)) return false;
  const eObj = e as Record<string, unknown>;
  const aObj = a as Record<string, unknown>;
  // As in lenientEqual: for…in over own keys allocates no key list.
  let count = 0;
  for (const key in eObj) {
    if (!hasOwnProperty.call(eObj, key)) continue;
    const member = eObj[key];
    if (!hasOwnProperty.call(aObj, key)) {
      if (isOptional(member)) continue;
      return false;
    }
    count++;
    if (!strictEqual(member, aObj[key], eObj, key, aObj, key)) return false;
  }
  return count === ownKeyCount(aObj);
}
