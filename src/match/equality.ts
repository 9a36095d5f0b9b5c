import { isMatcher } from './matchers/matcher.js';
import { isFloatLiteral } from './number-kinds.js';

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
  return equal(expected, actual, mode === 'strict', undefined, undefined, undefined, undefined);
}

/** Whether `actual[key]` equals `expected[key]`, with the containers known so strict mode can see `1.0`. */
export function memberEqual(expected: object, actual: object, key: string | number, mode: EqualityMode): boolean {
  const e = (expected as Record<string | number, unknown>)[key];
  const a = (actual as Record<string | number, unknown>)[key];
  return equal(e, a, mode === 'strict', expected, key, actual, key);
}

function equal(
  e: unknown,
  a: unknown,
  strict: boolean,
  eParent: object | undefined,
  eKey: string | number | undefined,
  aParent: object | undefined,
  aKey: string | number | undefined,
): boolean {
  if (isMatcher(e)) return e.matches(a);
  switch (typeof e) {
    case 'string':
      if (typeof a !== 'string') return false;
      return strict ? e === a : e === a || e.trim() === a.trim();
    case 'number':
      if (typeof a !== 'number' || e !== a) return false;
      return !strict || !Number.isInteger(e) || isFloatLiteral(eParent, eKey) === isFloatLiteral(aParent, aKey);
    case 'boolean':
      return e === a;
    case 'undefined':
      return a === undefined;
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
      if (!equal(e[i], a[i], strict, e, i, a, i)) return false;
    }
    return true;
  }
  if (Array.isArray(a)) return false;
  const eObj = e as Record<string, unknown>;
  const aObj = a as Record<string, unknown>;
  const keys = Object.keys(eObj);
  if (keys.length !== Object.keys(aObj).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(aObj, key) || !equal(eObj[key], aObj[key], strict, eObj, key, aObj, key)) return false;
  }
  return true;
}
