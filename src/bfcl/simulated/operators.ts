/**
 * Python's operators and builtins on the APIs' values, with Python's results (int op int stays an int,
 * `/` is a float, `%` takes the divisor's sign) and Python's exceptions when a model passes a value of
 * the wrong type (`'<=' not supported between instances of 'str' and 'int'`), since their `str()` reaches
 * the results the leaderboard compares.
 */
import { type PyData, PyDict, PyException, PyFloat, type PyKey, PyTuple, dictGet, pyEq, pyRepr } from './py.js';

/** Python's `type(value).__name__`. */
export function typeName(value: PyData): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'int';
  if (typeof value === 'string') return 'str';
  if (value instanceof PyFloat) return 'float';
  if (Array.isArray(value)) return 'list';
  if (value instanceof PyTuple) return 'tuple';
  if (value instanceof PyDict) return 'dict';
  return value.pyClass;
}

/** Python's `bool(value)`. */
export function truthy(value: PyData): boolean {
  if (value === null || value === false || value === 0 || value === '') return false;
  if (value instanceof PyFloat) return value.value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof PyTuple) return value.items.length > 0;
  if (value instanceof PyDict) return value.size > 0;
  return true;
}

/** The number an int, bool or float holds; undefined for anything else. */
function numberOf(value: PyData): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof PyFloat) return value.value;
  return undefined;
}

function isInt(value: PyData): value is number | boolean {
  return typeof value === 'number' || typeof value === 'boolean';
}

/** `str.method` on a value: a str, or the AttributeError Python raises for another type. */
export function asStr(value: PyData, method: string): string {
  if (typeof value !== 'string')
    throw new PyException('AttributeError', `'${typeName(value)}' object has no attribute '${method}'`);
  return value;
}

function hashable(value: PyData): PyKey {
  if (value instanceof PyFloat) return value.value;
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  throw new PyException('TypeError', `unhashable type: '${typeName(value)}'`);
}

/** `dict.get(key)` / `key in dict` with Python's key equality; undefined when absent. */
export function lookup(dict: PyDict, key: PyData): { value: PyData } | undefined {
  if (key instanceof PyFloat && !Number.isInteger(key.value)) return undefined;
  return dictGet(dict, hashable(key));
}

/** `dict[key]`: the value, or the KeyError whose `str()` is the key's repr. */
export function getItem(dict: PyDict, key: PyData): PyData {
  const found = lookup(dict, key);
  if (found === undefined) throw new PyException('KeyError', pyRepr(key));
  return found.value;
}

/** `dict[key] = value`, writing over an equal key where Python would (`1` and `True` are one key). */
export function setItem(dict: PyDict, key: PyKey, value: PyData): void {
  for (const existing of dict.keys())
    if (pyEq(existing, key)) {
      dict.set(existing, value);
      return;
    }
  dict.set(key, value);
}

/** Python's `item in container`. */
export function contains(container: PyData, item: PyData): boolean {
  if (typeof container === 'string') {
    if (typeof item !== 'string')
      throw new PyException('TypeError', `'in <string>' requires string as left operand, not ${typeName(item)}`);
    return container.includes(item);
  }
  if (Array.isArray(container)) return container.some((element) => pyEq(element, item));
  if (container instanceof PyTuple) return container.items.some((element) => pyEq(element, item));
  if (container instanceof PyDict) return lookup(container, item) !== undefined;
  throw new PyException('TypeError', `argument of type '${typeName(container)}' is not iterable`);
}

/** `for item in value`: a str's characters, a list's items, a dict's keys. */
export function iterate(value: PyData): PyData[] {
  if (typeof value === 'string') return [...value];
  if (Array.isArray(value)) return [...value];
  if (value instanceof PyTuple) return [...value.items];
  if (value instanceof PyDict) return [...value.keys()];
  throw new PyException('TypeError', `'${typeName(value)}' object is not iterable`);
}

/** Python's `len(value)` (a str counts code points). */
export function len(value: PyData): number {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  if (value instanceof PyTuple) return value.items.length;
  if (value instanceof PyDict) return value.size;
  throw new PyException('TypeError', `object of type '${typeName(value)}' has no len()`);
}

/** Orders two strs by code point, as Python does (JS compares UTF-16 units). */
export function compareStr(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let k = 0; k < Math.min(x.length, y.length); k++) {
    const d = (x[k]!.codePointAt(0) as number) - (y[k]!.codePointAt(0) as number);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

export type Comparison = '<' | '<=' | '>' | '>=';

function order(a: PyData, b: PyData, op: Comparison): number {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.NaN;
  if (typeof a === 'string' && typeof b === 'string') return compareStr(a, b);
  const sameSequence = (Array.isArray(a) && Array.isArray(b)) || (a instanceof PyTuple && b instanceof PyTuple);
  if (sameSequence) {
    const left = Array.isArray(a) ? a : (a as PyTuple).items;
    const right = Array.isArray(b) ? b : (b as PyTuple).items;
    for (let k = 0; k < Math.min(left.length, right.length); k++)
      if (!pyEq(left[k]!, right[k]!)) return order(left[k]!, right[k]!, op);
    return left.length - right.length;
  }
  throw new PyException(
    'TypeError',
    `'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`,
  );
}

/** Python's `a < b` and the like (a NaN compares false). */
export function compare(a: PyData, op: Comparison, b: PyData): boolean {
  const d = order(a, b, op);
  if (op === '<') return d < 0;
  if (op === '<=') return d <= 0;
  if (op === '>') return d > 0;
  return d >= 0;
}

function unsupported(op: string, a: PyData, b: PyData): PyException {
  return new PyException('TypeError', `unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

/** An int result when both operands are ints (bools count), a float otherwise. */
function arithmetic(a: PyData, b: PyData, op: string, f: (x: number, y: number) => number): PyData {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x === undefined || y === undefined) throw unsupported(op, a, b);
  const result = f(x, y);
  return isInt(a) && isInt(b) ? result : new PyFloat(result);
}

/** Python's `a + b`. */
export function add(a: PyData, b: PyData): PyData {
  if (typeof a === 'string') {
    if (typeof b !== 'string')
      throw new PyException('TypeError', `can only concatenate str (not "${typeName(b)}") to str`);
    return a + b;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b))
      throw new PyException('TypeError', `can only concatenate list (not "${typeName(b)}") to list`);
    return [...a, ...b];
  }
  return arithmetic(a, b, '+', (x, y) => x + y);
}

/** Python's `a - b`. */
export function sub(a: PyData, b: PyData): PyData {
  return arithmetic(a, b, '-', (x, y) => x - y);
}

/** Python's `a * b` (a str or list times an int repeats it). */
export function mul(a: PyData, b: PyData): PyData {
  const [sequence, times] = typeof a === 'string' || Array.isArray(a) ? [a, b] : [b, a];
  if (typeof sequence === 'string' || Array.isArray(sequence)) {
    if (!isInt(times))
      throw new PyException('TypeError', `can't multiply sequence by non-int of type '${typeName(times)}'`);
    const n = Math.max(0, Number(times));
    return typeof sequence === 'string' ? sequence.repeat(n) : Array.from({ length: n }, () => sequence).flat();
  }
  return arithmetic(a, b, '*', (x, y) => x * y);
}

/** Python's `a / b`: always a float. */
export function truediv(a: PyData, b: PyData): PyFloat {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x === undefined || y === undefined) throw unsupported('/', a, b);
  if (y === 0)
    throw new PyException('ZeroDivisionError', isInt(a) && isInt(b) ? 'division by zero' : 'float division by zero');
  return new PyFloat(x / y);
}

/** Python's `a % b`: the result takes the divisor's sign (CPython's `float_rem`, int modulo). */
export function mod(a: PyData, b: PyData): PyData {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x === undefined || y === undefined) throw unsupported('%', a, b);
  if (y === 0)
    throw new PyException('ZeroDivisionError', isInt(a) && isInt(b) ? 'integer modulo by zero' : 'float modulo');
  let m = x % y;
  if (m !== 0) {
    if (y < 0 !== m < 0) m += y;
  } else m = y < 0 ? -0 : 0;
  return isInt(a) && isInt(b) ? m + 0 : new PyFloat(m);
}

/** Python's `abs(value)`. */
export function abs(value: PyData): PyData {
  const x = numberOf(value);
  if (x === undefined) throw new PyException('TypeError', `bad operand type for abs(): '${typeName(value)}'`);
  return isInt(value) ? Math.abs(x) : new PyFloat(Math.abs(x));
}

const DIGITS = '\\d(?:_?\\d)*';
const FLOAT_TEXT = new RegExp(
  `^[+-]?(?:(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?|inf|infinity|nan)$`,
  'i',
);

/** Python's `float(value)` (a str may hold surrounding whitespace and `_` between digits). */
export function toFloat(value: PyData): PyFloat {
  const x = numberOf(value);
  if (x !== undefined) return new PyFloat(x);
  if (typeof value !== 'string')
    throw new PyException('TypeError', `float() argument must be a string or a real number, not '${typeName(value)}'`);
  const text = stripChars(value, PY_SPACE_CHARS, true).toLowerCase();
  if (!FLOAT_TEXT.test(text))
    throw new PyException('ValueError', `could not convert string to float: ${pyRepr(value)}`);
  const sign = text.startsWith('-') ? -1 : 1;
  const body = text.replace(/^[+-]/, '').replace(/_/g, '');
  if (body === 'nan') return new PyFloat(Number.NaN);
  if (body.startsWith('inf')) return new PyFloat(sign * Number.POSITIVE_INFINITY);
  return new PyFloat(sign * Number(body));
}

/** Python's `int(value)` (a float truncates). */
export function toInt(value: PyData): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof PyFloat) {
    if (Number.isNaN(value.value)) throw new PyException('ValueError', 'cannot convert float NaN to integer');
    if (!Number.isFinite(value.value))
      throw new PyException('OverflowError', 'cannot convert float infinity to integer');
    return Math.trunc(value.value) + 0;
  }
  if (typeof value === 'string') {
    const text = stripChars(value, PY_SPACE_CHARS, true);
    if (new RegExp(`^[+-]?${DIGITS}$`).test(text)) return Number(text.replace(/_/g, '')) + 0;
    throw new PyException('ValueError', `invalid literal for int() with base 10: ${pyRepr(value)}`);
  }
  throw new PyException(
    'TypeError',
    `int() argument must be a string, a bytes-like object or a real number, not '${typeName(value)}'`,
  );
}

/**
 * `f"{value:.Nf}"`: Python rounds the double's exact value half to even; `toFixed` rounds an exact tie
 * away from zero, so ties (the exact expansion ending in a 5 right after the last digit) are redone.
 */
export function formatFixed(value: PyData, digits: number): string {
  const x = numberOf(value);
  if (x === undefined) {
    if (typeof value === 'string')
      throw new PyException('ValueError', "Unknown format code 'f' for object of type 'str'");
    throw new PyException('TypeError', `unsupported format string passed to ${typeName(value)}.__format__`);
  }
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const exact = Math.abs(x).toFixed(100);
  const point = exact.indexOf('.');
  const tail = exact.slice(point + 1 + digits);
  let text = Math.abs(x).toFixed(digits);
  if (/^50*$/.test(tail)) {
    const kept = exact.slice(0, point + 1 + digits).replace(/\.$/, '');
    const lastDigit = Number(kept.replace('.', '').at(-1));
    if (lastDigit % 2 === 0) text = kept;
  }
  return (x < 0 || Object.is(x, -0) ? '-' : '') + text;
}

/** `copy.deepcopy` of plain data (the scenario each instance loads). */
export function deepCopy(value: PyData): PyData {
  if (Array.isArray(value)) return value.map(deepCopy);
  if (value instanceof PyTuple) return new PyTuple(value.items.map(deepCopy));
  if (value instanceof PyDict) return new PyDict([...value].map(([key, item]) => [key, deepCopy(item)]));
  return value;
}

/** `dict.get(key, fallback)` on a str-keyed scenario dict. */
export function getOr(dict: PyDict, key: string, fallback: PyData): PyData {
  return dict.has(key) ? (dict.get(key) as PyData) : fallback;
}

/** The characters `str.isspace()` holds true. */
const PY_SPACE_CHARS =
  '\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/u;

/** Python's `text.split()`: runs of Unicode whitespace, no empty words. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  for (const char of text) {
    if (!PY_SPACE_CHARS.includes(char)) word += char;
    else if (word !== '') {
      words.push(word);
      word = '';
    }
  }
  if (word !== '') words.push(word);
  return words;
}

/** Python's `text.splitlines()`: every line break Python knows, no empty line after a final break. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(LINE_BREAK);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Python's `text.rstrip(chars)` / `text.strip(chars)` for a set of characters. */
export function stripChars(text: string, chars: string, left: boolean): string {
  const items = [...text];
  let start = 0;
  let end = items.length;
  while (end > start && chars.includes(items[end - 1]!)) end--;
  if (left) while (start < end && chars.includes(items[start]!)) start++;
  return items.slice(start, end).join('');
}
