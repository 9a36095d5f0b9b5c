/**
 * A simulated API's public methods as a table (name → parameters → implementation), and the call that
 * binds a call's arguments to them as CPython 3.11 does (`initialize_locals`): positional arguments fill
 * the parameters in order, keywords then fill theirs, and only then are too many positional arguments
 * or missing ones reported, each with Python's own `TypeError` message naming `Class.method()`.
 */
import type { PyArguments, SimulatedApi } from './api.js';
import { typeError } from './ops.js';
import { type PyData, PyException, pyEq } from './py.js';

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
    const index = params.indexOf(keyword);
    if (index < 0) throw typeError(`${qualified} got an unexpected keyword argument '${keyword}'`);
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
