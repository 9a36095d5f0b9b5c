/**
 * Python's data model as the leaderboard's simulated APIs (gorilla `multi_turn_eval/func_source_code/`)
 * hold and return it: what their state is made of, how `==` compares it (`state_checker`), and how
 * `str()`, `repr()` and `json.dumps()` print it (`execute_multi_turn_func_call` turns every result into
 * a string, and `response_checker` compares those strings). Ints are integral JS numbers, floats are
 * `PyFloat`s, dicts are `PyDict`s (insertion-ordered, int and str keys kept apart, as Python's are).
 */
import { PyFloat, type PyValue, floatRepr, stringRepr } from '../python-values.js';

export { PyFloat };

/** A Python tuple. */
export class PyTuple {
  constructor(readonly items: readonly PyData[]) {}
}

/** A dict key: Python's str, int or bool (True hashes and compares as 1). */
export type PyKey = string | number | boolean | null;

/** A Python dict: insertion-ordered, keys of any hashable kind the APIs use (str and int). */
export class PyDict extends Map<PyKey, PyData> {
  /** A dict of string keys, in the object's own key order. */
  static of(entries: Readonly<Record<string, PyData>>): PyDict {
    return new PyDict(Object.entries(entries));
  }
}

/** An instance of one of the APIs' own classes (the file system's `File`, `Directory`): its `__eq__`, `__repr__`. */
export interface PyObject {
  readonly pyClass: string;
  pyEq(other: PyData): boolean;
  pyRepr(): string;
}

/** A value a simulated API holds or returns. */
export type PyData = null | boolean | number | PyFloat | string | PyData[] | PyTuple | PyDict | PyObject;

/** A Python exception: `str(e)` is `message`; the class name (`TypeError`, `KeyError`) is kept for messages. */
export class PyException extends Error {
  constructor(
    readonly pyClass: string,
    message: string,
  ) {
    super(message);
    this.name = pyClass;
  }
}

function isObject(value: PyData): value is PyObject {
  return value !== null && typeof value === 'object' && 'pyEq' in value;
}

function numeric(value: PyData): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof PyFloat) return value.value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

/** Python's `a == b`: numbers and bools by value, sequences in order (list never equals tuple), dicts by key. */
export function pyEq(a: PyData, b: PyData): boolean {
  if (isObject(a)) return a.pyEq(b);
  if (isObject(b)) return b.pyEq(a);
  const x = numeric(a);
  if (x !== undefined) return x === numeric(b);
  if (a === null || typeof a === 'string') return a === b;
  if (Array.isArray(a)) return Array.isArray(b) && sameItems(a, b);
  if (a instanceof PyTuple) return b instanceof PyTuple && sameItems(a.items, b.items);
  if (!(a instanceof PyDict) || !(b instanceof PyDict) || a.size !== b.size) return false;
  for (const [key, value] of a) {
    const other = dictGet(b, key);
    if (other === undefined || !pyEq(value, other.value)) return false;
  }
  return true;
}

function sameItems(a: readonly PyData[], b: readonly PyData[]): boolean {
  return a.length === b.length && a.every((item, k) => pyEq(item, b[k] as PyData));
}

/** `dict[key]` with Python's key equality (`1`, `1.0` and `True` are one key); undefined when absent. */
export function dictGet(dict: PyDict, key: PyKey): { value: PyData } | undefined {
  if (dict.has(key)) return { value: dict.get(key) as PyData };
  if (typeof key === 'boolean') return dict.has(key ? 1 : 0) ? { value: dict.get(key ? 1 : 0) as PyData } : undefined;
  if (key === 0 || key === 1) return dict.has(key === 1) ? { value: dict.get(key === 1) as PyData } : undefined;
  return undefined;
}

/** Python's `repr(value)`. */
export function pyRepr(value: PyData): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (value instanceof PyFloat) return floatRepr(value.value);
  if (typeof value === 'string') return stringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (value instanceof PyTuple)
    return value.items.length === 1
      ? `(${pyRepr(value.items[0] as PyData)},)`
      : `(${value.items.map(pyRepr).join(', ')})`;
  if (value instanceof PyDict)
    return `{${[...value].map(([key, item]) => `${pyRepr(key)}: ${pyRepr(item)}`).join(', ')}}`;
  return value.pyRepr();
}

/** Python's `str(value)`: a str is itself, anything else its repr. */
export function pyStr(value: PyData): string {
  return typeof value === 'string' ? value : pyRepr(value);
}

/** A value `json.loads` made (objects as plain records, floats as `PyFloat`) as the APIs hold it: objects become `PyDict`s. */
export function pyData(value: PyValue): PyData {
  if (Array.isArray(value)) return value.map(pyData);
  if (value !== null && typeof value === 'object' && !(value instanceof PyFloat))
    return new PyDict(Object.entries(value).map(([key, item]) => [key, pyData(item)]));
  return value;
}

/** Python's `int.__repr__`: every digit, where `String(1e21)` would write an exponent. */
function intRepr(value: number): string {
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}

/**
 * Python's `json.dumps(value)` with its defaults: separators `', '` and `': '`, `ensure_ascii` (every
 * character outside printable ASCII as `\uXXXX`), `allow_nan` (`NaN`, `Infinity`), keys in order,
 * tuples as lists, and str, int, float, bool and None keys turned into strings. Anything else is the
 * `TypeError` Python raises, with its message.
 */
export function jsonDumps(value: PyData): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return intRepr(value);
  if (value instanceof PyFloat) return jsonFloat(value.value);
  if (typeof value === 'string') return jsonString(value);
  if (Array.isArray(value)) return `[${value.map(jsonDumps).join(', ')}]`;
  if (value instanceof PyTuple) return `[${value.items.map(jsonDumps).join(', ')}]`;
  if (value instanceof PyDict)
    return `{${[...value].map(([key, item]) => `${jsonString(jsonKey(key))}: ${jsonDumps(item)}`).join(', ')}}`;
  throw new PyException('TypeError', `Object of type ${value.pyClass} is not JSON serializable`);
}

function jsonFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return floatRepr(value);
}

function jsonKey(key: PyKey): string {
  if (typeof key === 'string') return key;
  if (typeof key === 'boolean') return key ? 'true' : 'false';
  if (key === null) return 'null';
  return intRepr(key);
}

const JSON_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** `json.dumps` of a str with `ensure_ascii`: printable ASCII as is, everything else escaped (UTF-16 units). */
function jsonString(text: string): string {
  return `"${text.replace(
    /["\\\u0000-\u001f\u007f-\uffff]/g,
    (c) => JSON_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )}"`;
}
