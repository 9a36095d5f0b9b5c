/**
 * The Python built-ins and `str` methods the file system, trading bot and vehicle control use beyond
 * `ops.ts`: `%` (the divisor's sign), `abs`, `int()`, `f"{x:.2f}"`, `copy.deepcopy`, `str.split()`,
 * `str.splitlines()`, `str.strip(chars)` and the code-point order `sorted` gives strs, each with
 * Python's result or its exception and message.
 */
import { isNumber, numberValue, typeName } from './ops.js';
import { type PyData, PyDict, PyException, PyFloat, PyTuple, pyRepr } from './py.js';

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

/** Python's `abs(value)`. */
export function abs(value: PyData): PyData {
  if (!isNumber(value)) throw new PyException('TypeError', `bad operand type for abs(): '${typeName(value)}'`);
  const x = Math.abs(numberValue(value));
  return value instanceof PyFloat ? new PyFloat(x) : x;
}

/** Python's `a % b`: the result takes the divisor's sign (CPython's `float_rem`, int modulo). */
export function mod(a: PyData, b: PyData): PyData {
  if (!isNumber(a) || !isNumber(b))
    throw new PyException('TypeError', `unsupported operand type(s) for %: '${typeName(a)}' and '${typeName(b)}'`);
  const ints = !(a instanceof PyFloat || b instanceof PyFloat);
  const x = numberValue(a);
  const y = numberValue(b);
  if (y === 0) throw new PyException('ZeroDivisionError', ints ? 'integer modulo by zero' : 'float modulo');
  let m = x % y;
  if (m !== 0) {
    if (y < 0 !== m < 0) m += y;
  } else m = y < 0 ? -0 : 0;
  return ints ? m + 0 : new PyFloat(m);
}

const DIGITS = /^[+-]?\d(?:_?\d)*$/;

/** Python's `int(value)` (a float truncates; a str may hold surrounding whitespace and `_` between digits). */
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
    if (DIGITS.test(text)) return Number(text.replace(/_/g, '')) + 0;
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
  if (!isNumber(value)) {
    if (typeof value === 'string')
      throw new PyException('ValueError', "Unknown format code 'f' for object of type 'str'");
    throw new PyException('TypeError', `unsupported format string passed to ${typeName(value)}.__format__`);
  }
  const x = numberValue(value);
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
