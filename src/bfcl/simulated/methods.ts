/**
 * A simulated API's public methods as a table (name → parameters → implementation), and the call that
 * binds a call's arguments to them as CPython 3.13 does (`initialize_locals`, the leaderboard's Python):
 * positional arguments fill the parameters in order, keywords then fill theirs, and only then are too
 * many positional arguments or missing ones reported, each with Python's own `TypeError` message naming
 * `Class.method()`; an unexpected keyword's message ends with the nearest parameter name, if any.
 */
import type { PyArguments, SimulatedApi } from './api.js';
import { typeError } from './ops.js';
import { type PyData, PyException, pyEq } from './py.js';
import { closestPythonName } from './suggestions.js';

interface PyMethod<Self> {
  /** The parameters after `self`, in order. */
  readonly params: readonly string[];
  /**
   * The defaults of the trailing parameters, by name: the very values Python's `def` evaluated once, so a
   * mutable default (`tags=[]`) is one list shared by every call that leaves it out, as in Python.
   */
  readonly defaults?: Readonly<Record<string, PyData>>;
  readonly run: (self: Self, ...args: PyData[]) => PyData;
}

export type MethodTable<Self> = Readonly<Record<string, PyMethod<Self>>>;

/** The public method names in `inspect.getmembers` order (sorted by name). */
export function methodNames<Self>(table: MethodTable<Self>): string[] {
  return Object.keys(table).sort();
}

/** Calls `self.<name>(*positional, **keywords)` through the table, raising what Python raises. */
export function callMethod<Self>(
  className: string,
  table: MethodTable<Self>,
  self: Self,
  name: string,
  args: PyArguments,
): PyData {
  const method = Object.hasOwn(table, name) ? table[name] : undefined;
  if (method === undefined) throw new PyException('AttributeError', `'${className}' object has no attribute '${name}'`);
  return method.run(self, ...bindArguments(`${className}.${name}()`, method, args));
}

function bindArguments<Self>(qualified: string, method: PyMethod<Self>, args: PyArguments): PyData[] {
  const { params } = method;
  const defaults = method.defaults ?? {};
  const bound: (PyData | undefined)[] = params.map((_, k) => args.positional[k]);
  for (const [keyword, value] of args.keywords) {
    // `self` is the first parameter too, always given (the instance): naming it is a second value.
    if (keyword === 'self') throw typeError(`${qualified} got multiple values for argument 'self'`);
    const index = params.indexOf(keyword);
    if (index < 0) throw unexpectedKeyword(qualified, params, keyword);
    if (bound[index] !== undefined) throw typeError(`${qualified} got multiple values for argument '${keyword}'`);
    bound[index] = value;
  }
  if (args.positional.length > params.length) {
    const required = params.filter((param) => !Object.hasOwn(defaults, param)).length;
    // Python counts `self` among the positional arguments, given and taken.
    const takes = required === params.length ? `${params.length + 1}` : `from ${required + 1} to ${params.length + 1}`;
    const plural = takes === '1' ? 'argument' : 'arguments';
    throw typeError(`${qualified} takes ${takes} positional ${plural} but ${args.positional.length + 1} were given`);
  }
  const missing: string[] = [];
  const values = params.map((param, k) => {
    const value = bound[k];
    if (value !== undefined) return value;
    if (Object.hasOwn(defaults, param)) return defaults[param] as PyData;
    missing.push(param);
    return null;
  });
  if (missing.length > 0) {
    const plural = missing.length === 1 ? 'argument' : 'arguments';
    throw typeError(`${qualified} missing ${missing.length} required positional ${plural}: ${nameList(missing)}`);
  }
  return values;
}

/**
 * Python 3.13's message for a keyword no parameter has: the suggestion is the nearest of the names a
 * keyword may take (`co_varnames` from the positional-only ones to the keyword-only ones: here `self` and
 * the parameters), as `_Py_CalculateSuggestions` finds it.
 */
function unexpectedKeyword(qualified: string, params: readonly string[], keyword: string): PyException {
  const message = `${qualified} got an unexpected keyword argument '${keyword}'`;
  const suggestion = closestPythonName(['self', ...params], keyword);
  return typeError(suggestion === undefined ? message : `${message}. Did you mean '${suggestion}'?`);
}

/** `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`: Python's list of missing names. */
function nameList(names: readonly string[]): string {
  const quoted = names.map((name) => `'${name}'`);
  if (quoted.length <= 2) return quoted.join(' and ');
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
}

/** A class's `__eq__` over `vars()`: every public attribute equal (`!=` false) to the other's. */
export function sameAttributes(a: SimulatedApi, b: SimulatedApi): boolean {
  const theirs = new Map(b.publicAttributes());
  return a.publicAttributes().every(([name, value]) => theirs.has(name) && pyEq(value, theirs.get(name) as PyData));
}
