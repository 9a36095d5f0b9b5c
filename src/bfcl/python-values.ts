/**
 * JSON values as the leaderboard's Python sees them after `json.loads`: `1` is an `int`, `1.0` a `float`,
 * `true` a `bool` (never equal in type to an int, yet `True == 1`). Integral numbers written as floats
 * are read with their kind kept (`io/json.ts`), and `pyValue` turns them into `PyFloat`s so the checker
 * can tell `[12, 15]` from `[12.0, 15.0]` as the leaderboard does.
 */
import { isFloatLiteral } from '../match/number-kinds.js';

/** A Python `float` (every non-integral number, and integral ones written `1.0` or `1e3`). */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** A value as Python holds it: numbers are `int` (JS number, integral) or `PyFloat`. */
export type PyValue = null | boolean | number | PyFloat | string | PyValue[] | { [key: string]: PyValue };

export type PyType = 'NoneType' | 'bool' | 'int' | 'float' | 'str' | 'list' | 'dict';

/** Converts a parsed JSON value (its float-literal marks kept) into the checker's Python view. */
export function pyValue(value: unknown, holder?: object, key?: string | number): PyValue {
  if (typeof value === 'number') {
    return Number.isInteger(value) && !isFloatLiteral(holder, key) ? value : new PyFloat(value);
  }
  if (Array.isArray(value)) return value.map((item, i) => pyValue(item, value, i));
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: PyValue } = {};
    // Defined, not assigned: a key named __proto__ is a member like any other.
    for (const [k, item] of Object.entries(value))
      Object.defineProperty(out, k, {
        value: pyValue(item, value, k),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value as null | boolean | string;
}

/** Python's `type(value).__name__`. */
export function pyType(value: PyValue): PyType {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'int';
  if (value instanceof PyFloat) return 'float';
  if (typeof value === 'string') return 'str';
  return Array.isArray(value) ? 'list' : 'dict';
}

function numeric(value: PyValue): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof PyFloat) return value.value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

/** Python's `==`: numbers and bools by value (`True == 1 == 1.0`), lists in order, dicts by keys. */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  const x = numeric(a);
  if (x !== undefined) return x === numeric(b);
  if (a === null || typeof a === 'string') return a === b;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => pyEquals(item, b[i]!));
  if (b === null || typeof b !== 'object' || Array.isArray(b) || b instanceof PyFloat) return false;
  const keys = Object.keys(a as object);
  if (keys.length !== Object.keys(b).length) return false;
  const bb = b as { [key: string]: PyValue };
  return keys.every((key) => Object.hasOwn(bb, key) && pyEquals((a as { [key: string]: PyValue })[key]!, bb[key]!));
}

/** Python's `value in candidates`. */
export function pyIn(value: PyValue, candidates: readonly PyValue[]): boolean {
  return candidates.some((candidate) => pyEquals(value, candidate));
}

/** Python's `item in container`: an element of a list, a substring of a str, a key of a dict. */
export function pyContains(container: PyValue | undefined, item: PyValue): boolean {
  if (Array.isArray(container)) return pyIn(item, container);
  if (typeof container === 'string') return typeof item === 'string' && container.includes(item);
  if (container !== null && typeof container === 'object' && !(container instanceof PyFloat))
    return typeof item === 'string' && Object.hasOwn(container, item);
  return false;
}

/** A Python value as plain JSON (floats as numbers), for the verdicts file. */
export function toJson(value: PyValue): unknown {
  if (value instanceof PyFloat) return value.value;
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      Object.defineProperty(out, key, { value: toJson(item), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** Python's `repr(value)`, as the leaderboard's messages print values. */
export function pyRepr(value: PyValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (value instanceof PyFloat) return floatRepr(value.value);
  if (typeof value === 'string') return stringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([key, item]) => `${stringRepr(key)}: ${pyRepr(item)}`)
    .join(', ')}}`;
}

/** Python's float repr: the shortest round-trip digits, exponent form below 1e-4 and from 1e16. */
export function floatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude < 1e-4 || magnitude >= 1e16)) {
    const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
    const sign = exponent.startsWith('-') ? '-' : '+';
    return `${mantissa}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
  }
  const text = String(value);
  if (text.includes('e')) return value.toFixed(20).replace(/0+$/, '');
  return Number.isInteger(value) ? `${text}.0` : text;
}

/** Python's str repr: single quotes unless the text holds `'` and no `"`. */
export function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = '';
  for (const char of text) {
    if (char === '\\') out += '\\\\';
    else if (char === quote) out += `\\${quote}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (char < ' ' || char === '\x7f') out += `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return `${quote}${out}${quote}`;
}
