/**
 * Python's binding of a call's arguments to a method's parameters (CPython 3.11 `initialize_locals`), for
 * the simulated APIs' public methods: positional ones first, then keywords (an unknown or doubled one is
 * a TypeError), then too many positional ones, then the missing ones; defaults fill the rest.
 */
import type { PyArguments } from './api.js';
import { type PyData, PyException } from './py.js';

/** A parameter after `self`; `default` present means optional (a default of None is `null`). */
export interface Parameter {
  readonly name: string;
  readonly default?: PyData;
}

/** A method of a simulated API: its parameters and its body, called with the values in parameter order. */
export interface PyMethod {
  readonly parameters: readonly Parameter[];
  readonly run: (...values: PyData[]) => PyData;
}

/** `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`: how CPython lists missing arguments. */
function nameList(names: readonly string[]): string {
  const quoted = names.map((name) => `'${name}'`);
  if (quoted.length <= 2) return quoted.join(' and ');
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * The values of `parameters` for this call, or the TypeError Python raises, named by the method's
 * qualified name (`GorillaFileSystem.cd`). `self` counts in "takes N positional arguments".
 */
export function bindArguments(qualname: string, parameters: readonly Parameter[], args: PyArguments): PyData[] {
  const values: (PyData | undefined)[] = parameters.map((_, k) => args.positional[k]);
  for (const [name, value] of args.keywords) {
    const k = parameters.findIndex((parameter) => parameter.name === name);
    if (k < 0) throw new PyException('TypeError', `${qualname}() got an unexpected keyword argument '${name}'`);
    if (values[k] !== undefined)
      throw new PyException('TypeError', `${qualname}() got multiple values for argument '${name}'`);
    values[k] = value;
  }
  if (args.positional.length > parameters.length) {
    const required = parameters.filter((parameter) => !('default' in parameter)).length;
    const takes =
      required === parameters.length
        ? plural(parameters.length + 1, 'positional argument')
        : `from ${required + 1} to ${parameters.length + 1} positional arguments`;
    const given = args.positional.length + 1;
    throw new PyException(
      'TypeError',
      `${qualname}() takes ${takes} but ${given} ${given === 1 ? 'was' : 'were'} given`,
    );
  }
  const missing = parameters.filter((parameter, k) => values[k] === undefined && !('default' in parameter));
  if (missing.length > 0)
    throw new PyException(
      'TypeError',
      `${qualname}() missing ${plural(missing.length, 'required positional argument')}: ${nameList(missing.map((parameter) => parameter.name))}`,
    );
  return values.map((value, k) => (value === undefined ? (parameters[k]?.default as PyData) : value));
}

/** Calls a public method by name, as `eval` of the call would; an unknown name is Python's AttributeError. */
export function callMethod(
  className: string,
  table: Readonly<Record<string, PyMethod>>,
  method: string,
  args: PyArguments,
): PyData {
  const target = Object.hasOwn(table, method) ? table[method] : undefined;
  if (target === undefined)
    throw new PyException('AttributeError', `'${className}' object has no attribute '${method}'`);
  return target.run(...bindArguments(`${className}.${method}`, target.parameters, args));
}

/** The public method names in `inspect.getmembers` order (sorted by name). */
export function methodNames(table: Readonly<Record<string, PyMethod>>): string[] {
  return Object.keys(table).sort();
}
