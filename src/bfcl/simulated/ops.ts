/**
 * Python's operators and built-ins on the data model of `py.ts`, as the simulated APIs apply them to
 * whatever a model passed: the arguments come from a call expression, so a `priority` may be `"3"` and a
 * `tweet_id` a list. Each operation gives Python's result or raises Python's own exception and message
 * (`'<' not supported between instances of 'str' and 'int'`), since a raised exception stops the method
 * before its state changes and its `str(e)` reaches the execution results.
 */
import { type PyData, PyDict, PyException, PyFloat, type PyKey, PyTuple, pyEq, pyRepr } from './py.js';

/** `type(value).__name__`. */
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

export function typeError(message: string): PyException {
  return new PyException('TypeError', message);
}

/** `bool(value)`: None, False, zero and empty containers are false. */
export function truthy(value: PyData): boolean {
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.length > 0;
  if (value instanceof PyFloat) return value.value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof PyTuple) return value.items.length > 0;
  if (value instanceof PyDict) return value.size > 0;
  return true;
}

/** `isinstance(value, (int, float))` (a bool is an int). */
export function isNumber(value: PyData): value is number | boolean | PyFloat {
  return typeof value === 'number' || typeof value === 'boolean' || value instanceof PyFloat;
}

/** The number a bool, int or float stands for. */
export function numberValue(value: number | boolean | PyFloat): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' ? value : value.value;
}

/** An arithmetic result: a float when either operand is one, an int otherwise. */
function numeric(value: number, float: boolean): number | PyFloat {
  return float ? new PyFloat(value) : value;
}

type Operator = '+' | '-' | '*' | '/';

function unsupported(op: string, a: PyData, b: PyData): PyException {
  return typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

/** `a + b`: numbers, and str, list or tuple concatenation. */
export function add(a: PyData, b: PyData): PyData {
  if (isNumber(a) && isNumber(b)) return arithmetic('+', a, b);
  if (typeof a === 'string' || Array.isArray(a) || a instanceof PyTuple) {
    const kind = typeName(a);
    if (typeName(b) !== kind) throw typeError(`can only concatenate ${kind} (not "${typeName(b)}") to ${kind}`);
    if (typeof a === 'string') return a + (b as string);
    if (Array.isArray(a)) return [...a, ...(b as PyData[])];
    return new PyTuple([...a.items, ...(b as PyTuple).items]);
  }
  throw unsupported('+', a, b);
}

/** `a - b`. */
export function subtract(a: PyData, b: PyData): PyData {
  if (isNumber(a) && isNumber(b)) return arithmetic('-', a, b);
  throw unsupported('-', a, b);
}

/** `a * b`: numbers, and a str or list repeated an int number of times. */
export function multiply(a: PyData, b: PyData): PyData {
  if (isNumber(a) && isNumber(b)) return arithmetic('*', a, b);
  const [sequence, count] = typeof b === 'string' || Array.isArray(b) || b instanceof PyTuple ? [b, a] : [a, b];
  if (typeof sequence === 'string' || Array.isArray(sequence) || sequence instanceof PyTuple) {
    if (typeof count !== 'number' && typeof count !== 'boolean')
      throw typeError(`can't multiply sequence by non-int of type '${typeName(count)}'`);
    const times = Math.max(0, numberValue(count));
    if (typeof sequence === 'string') return sequence.repeat(times);
    const items = Array.isArray(sequence) ? sequence : sequence.items;
    const repeated = Array.from({ length: times }, () => items).flat();
    return Array.isArray(sequence) ? repeated : new PyTuple(repeated);
  }
  throw unsupported('*', a, b);
}

/** `a / b`: always a float. */
export function trueDivide(a: PyData, b: PyData): PyData {
  if (isNumber(a) && isNumber(b)) return arithmetic('/', a, b);
  throw unsupported('/', a, b);
}

function arithmetic(op: Operator, a: number | boolean | PyFloat, b: number | boolean | PyFloat): number | PyFloat {
  const float = a instanceof PyFloat || b instanceof PyFloat;
  const x = numberValue(a);
  const y = numberValue(b);
  if (op === '+') return numeric(x + y, float);
  if (op === '-') return numeric(x - y, float);
  if (op === '*') return numeric(x * y, float);
  if (y === 0) throw new PyException('ZeroDivisionError', float ? 'float division by zero' : 'division by zero');
  return new PyFloat(x / y);
}

type Comparison = '<' | '<=' | '>' | '>=';

/** `a < b` and the like: numbers with numbers, str with str (by code point), lists and tuples item by item. */
export function compare(op: Comparison, a: PyData, b: PyData): boolean {
  const order = ordering(op, a, b);
  if (op === '<') return order < 0;
  if (op === '<=') return order <= 0;
  if (op === '>') return order > 0;
  return order >= 0;
}

function ordering(op: Comparison, a: PyData, b: PyData): number {
  if (isNumber(a) && isNumber(b)) return Math.sign(numberValue(a) - numberValue(b));
  if (typeof a === 'string' && typeof b === 'string') return a === b ? 0 : codePointsBefore(a, b) ? -1 : 1;
  const sameSequence = (Array.isArray(a) && Array.isArray(b)) || (a instanceof PyTuple && b instanceof PyTuple);
  if (!sameSequence)
    throw typeError(`'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
  const x = Array.isArray(a) ? a : (a as PyTuple).items;
  const y = Array.isArray(b) ? b : (b as PyTuple).items;
  for (let k = 0; k < Math.min(x.length, y.length); k++)
    if (!pyEq(x[k] as PyData, y[k] as PyData)) return ordering(op, x[k] as PyData, y[k] as PyData);
  return Math.sign(x.length - y.length);
}

function codePointsBefore(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  for (let k = 0; k < Math.min(x.length, y.length); k++)
    if (x[k] !== y[k]) return (x[k] as string).codePointAt(0)! < (y[k] as string).codePointAt(0)!;
  return x.length < y.length;
}

/** The dict key a value is (`hash(value)` raises for lists and dicts; an integral float is its int key). */
export function dictKey(value: PyData): PyKey {
  if (value instanceof PyFloat) return value.value;
  if (value === null || typeof value !== 'object') return value;
  throw typeError(`unhashable type: '${typeName(value)}'`);
}

/** `dict[key]` with Python's key equality; undefined when absent. */
export function lookup(dict: PyDict, key: PyData): { value: PyData; key: PyKey } | undefined {
  const wanted = dictKey(key);
  if (dict.has(wanted)) return { value: dict.get(wanted) as PyData, key: wanted };
  const number = typeof wanted === 'boolean' ? (wanted ? 1 : 0) : wanted;
  for (const [stored, value] of dict) {
    const other = typeof stored === 'boolean' ? (stored ? 1 : 0) : stored;
    if (typeof number === 'number' && other === number) return { value, key: stored };
  }
  return undefined;
}

/** `dict[key]`, a `KeyError` when absent. */
export function getItem(dict: PyData, key: PyData): PyData {
  if (!(dict instanceof PyDict)) {
    if (Array.isArray(dict) && (typeof key === 'number' || typeof key === 'boolean')) {
      const index = numberValue(key) < 0 ? dict.length + numberValue(key) : numberValue(key);
      if (index < 0 || index >= dict.length) throw new PyException('IndexError', 'list index out of range');
      return dict[index] as PyData;
    }
    throw typeError(`'${typeName(dict)}' object is not subscriptable`);
  }
  const found = lookup(dict, key);
  if (found === undefined) throw new PyException('KeyError', pyRepr(key));
  return found.value;
}

/** `dict[key] = value`: an equal key already there keeps its place (and its own spelling). */
export function setItem(dict: PyData, key: PyData, value: PyData): void {
  if (!(dict instanceof PyDict)) throw typeError(`'${typeName(dict)}' object does not support item assignment`);
  dict.set(lookup(dict, key)?.key ?? dictKey(key), value);
}

/** `item in container`: an element of a list or tuple, a key of a dict, a substring of a str. */
export function contains(container: PyData, item: PyData): boolean {
  if (Array.isArray(container)) return container.some((element) => pyEq(element, item));
  if (container instanceof PyTuple) return container.items.some((element) => pyEq(element, item));
  if (container instanceof PyDict) return lookup(container, item) !== undefined;
  if (typeof container === 'string') {
    if (typeof item !== 'string')
      throw typeError(`'in <string>' requires string as left operand, not ${typeName(item)}`);
    return container.includes(item);
  }
  throw typeError(`argument of type '${typeName(container)}' is not iterable`);
}

/** The value a method of `str` (`.lower()`, `.startswith()`) is called on: any other type has no such attribute. */
export function asStr(value: PyData, method: string): string {
  if (typeof value !== 'string') throw attributeError(value, method);
  return value;
}

/** The list a list method (`.append()`, `.extend()`, `.remove()`) is called on. */
export function asList(value: PyData, method: string): PyData[] {
  if (!Array.isArray(value)) throw attributeError(value, method);
  return value;
}

/** The dict a dict method (`.keys()`, `.items()`, `.get()`) is called on. */
export function asDict(value: PyData, method: string): PyDict {
  if (!(value instanceof PyDict)) throw attributeError(value, method);
  return value;
}

function attributeError(value: PyData, attribute: string): PyException {
  return new PyException('AttributeError', `'${typeName(value)}' object has no attribute '${attribute}'`);
}

/** The items `for x in value` visits: a list's or tuple's elements, a dict's keys, a str's characters. */
export function iterate(value: PyData): PyData[] {
  if (Array.isArray(value)) return value;
  if (value instanceof PyTuple) return [...value.items];
  if (value instanceof PyDict) return [...value.keys()];
  if (typeof value === 'string') return [...value];
  throw typeError(`'${typeName(value)}' object is not iterable`);
}

/** `len(value)`. */
export function len(value: PyData): number {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  if (value instanceof PyTuple) return value.items.length;
  if (value instanceof PyDict) return value.size;
  throw typeError(`object of type '${typeName(value)}' has no len()`);
}

/** `list.remove(item)`: the first equal item, a `ValueError` when there is none. */
export function removeItem(list: PyData[], item: PyData): void {
  const index = list.findIndex((element) => pyEq(element, item));
  if (index < 0) throw new PyException('ValueError', 'list.remove(x): x not in list');
  list.splice(index, 1);
}

/** `float(value)` for the numbers and strs Python converts. */
export function toFloat(value: PyData): PyFloat {
  if (isNumber(value)) return new PyFloat(numberValue(value));
  if (typeof value === 'string') {
    const text = value.trim().replaceAll('_', '');
    const special = /^([+-]?)(inf|infinity|nan)$/i.exec(text);
    if (special)
      return new PyFloat(special[2]!.toLowerCase() === 'nan' ? Number.NaN : special[1] === '-' ? -Infinity : Infinity);
    const digitsOnlyAroundUnderscores = !/(^|\D)_|_(\D|$)/.test(value.trim());
    if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) && digitsOnlyAroundUnderscores)
      return new PyFloat(Number(text));
    throw new PyException('ValueError', `could not convert string to float: ${pyRepr(value)}`);
  }
  throw typeError(`float() argument must be a string or a real number, not '${typeName(value)}'`);
}

/** `dict.get(key, fallback)`: a key present with the value None gives None, not the fallback. */
export function get(dict: PyData, key: PyData, fallback: PyData = null): PyData {
  const found = lookup(asDict(dict, 'get'), key);
  return found === undefined ? fallback : found.value;
}

/** `copy.deepcopy(value)` of plain data (the APIs' own objects are not copied by it). */
export function deepCopy(value: PyData): PyData {
  if (Array.isArray(value)) return value.map(deepCopy);
  if (value instanceof PyTuple) return new PyTuple(value.items.map(deepCopy));
  if (value instanceof PyDict) return new PyDict([...value].map(([key, item]) => [key, deepCopy(item)]));
  return value;
}

/**
 * `round(number, ndigits)`: an int stays an int (rounded half to even to tens when ndigits < 0); a float
 * is rounded half to even on its exact binary value to ndigits decimals and read back (CPython's
 * `double_round`), a float.
 */
export function round(number: PyData, ndigits: PyData): PyData {
  if (!isNumber(number)) throw typeError(`type ${typeName(number)} doesn't define __round__ method`);
  if (ndigits !== null && typeof ndigits !== 'number' && typeof ndigits !== 'boolean')
    throw typeError(`'${typeName(ndigits)}' object cannot be interpreted as an integer`);
  const digits = ndigits === null ? null : numberValue(ndigits);
  if (!(number instanceof PyFloat)) {
    const int = numberValue(number);
    if (digits === null || digits >= 0) return int;
    return Number(roundHalfEven(BigInt(int), 10n ** BigInt(-digits)) * 10n ** BigInt(-digits));
  }
  const x = number.value;
  if (digits === null) {
    if (!Number.isFinite(x))
      throw new PyException(
        Number.isNaN(x) ? 'ValueError' : 'OverflowError',
        `cannot convert float ${floatText(x)} to integer`,
      );
    return Number(roundHalfEven(...exactRatio(x)));
  }
  if (!Number.isFinite(x) || digits > 323) return number;
  if (digits < -308) return new PyFloat(0 * x);
  const [numerator, denominator] = exactRatio(Math.abs(x));
  const scale = 10n ** BigInt(Math.abs(digits));
  const rounded =
    digits >= 0 ? roundHalfEven(numerator * scale, denominator) : roundHalfEven(numerator, denominator * scale);
  const magnitude = Number(`${rounded}e${-digits}`);
  return new PyFloat(x < 0 || Object.is(x, -0) ? -magnitude : magnitude);
}

function floatText(x: number): string {
  return Number.isNaN(x) ? 'NaN' : x > 0 ? 'infinity' : '-infinity';
}

/** A finite double as numerator / denominator exactly (the denominator a power of two). */
export function exactRatio(x: number): [bigint, bigint] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n);
  const shift = (exponent === 0 ? 1 : exponent) - 1075;
  const signed = negative ? -mantissa : mantissa;
  return shift >= 0 ? [signed << BigInt(shift), 1n] : [signed, 1n << BigInt(-shift)];
}

/** numerator / denominator (denominator > 0) rounded to the nearest integer, ties to even. */
function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  let quotient = numerator / denominator;
  let remainder = numerator % denominator;
  if (remainder < 0n) {
    quotient -= 1n;
    remainder += denominator;
  }
  const twice = 2n * remainder;
  if (twice > denominator || (twice === denominator && quotient % 2n !== 0n)) quotient += 1n;
  return quotient;
}

/** `del dict[key]`, a `KeyError` when absent. */
export function delItem(dict: PyData, key: PyData): void {
  if (!(dict instanceof PyDict)) throw typeError(`'${typeName(dict)}' object does not support item deletion`);
  const found = lookup(dict, key);
  if (found === undefined) throw new PyException('KeyError', pyRepr(key));
  dict.delete(found.key);
}
