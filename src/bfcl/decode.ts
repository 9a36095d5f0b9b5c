import { ToolscoreInputError, describeType } from '../core/errors.js';
import { isObject } from '../core/objects.js';
import { parseJson } from '../io/json.js';
import { type PyValue, pyType, pyValue } from './python-values.js';
import type { BfclCall, BfclFunction, PyDict, Ruleset } from './types.js';

/**
 * A model's result decoded as the leaderboard's function-calling handlers decode it: `calls` when
 * every item is `{name: arguments}` with the arguments a JSON string (or already an object), or the
 * reason decoding failed (`error`), or `wrongFormat` when the arguments decode to something other
 * than an object (the leaderboard's "did not output in the specified format").
 */
export type Decoded = { calls: BfclCall[] } | { error: string } | { wrongFormat: PyValue[] };

/**
 * Decodes `result`. Like the handlers' `decode_ast`, only the first key of an item is read. With
 * `underscoreToDot`, a name equal to an offered name with its dots written `_` is that name: the
 * leaderboard does the same for models whose API forbids dots in function names.
 */
export function decodeResult(
  result: unknown,
  functions: readonly BfclFunction[],
  source: string,
  underscoreToDot: boolean,
): Decoded {
  if (!Array.isArray(result)) return { error: `the result is ${describeType(result)}, not a list of calls` };
  const calls: BfclCall[] = [];
  const decoded: PyValue[] = [];
  let wrongFormat = false;
  for (let i = 0; i < result.length; i++) {
    const item: unknown = result[i];
    if (!isObject(item)) return { error: `call ${i} is ${describeType(item)}, not {function_name: arguments}` };
    const name = Object.keys(item)[0];
    if (name === undefined) return { error: `call ${i} is an empty object, not {function_name: arguments}` };
    let args: unknown = item[name];
    if (typeof args === 'string') {
      try {
        args = parseJson(args, source, { keepNumberKinds: true });
      } catch (error) {
        if (!(error instanceof ToolscoreInputError)) throw error;
        return { error: `the arguments of call ${i} (${name}) are not JSON: ${error.reason}` };
      }
      args = pyValue(args);
    } else {
      args = pyValue(args, item, name);
    }
    const callName = underscoreToDot ? dottedName(name, functions) : name;
    decoded.push({ [callName]: args as PyValue });
    if (pyType(args as PyValue) === 'dict') calls.push({ name: callName, args: args as PyDict });
    else wrongFormat = true;
  }
  return wrongFormat ? { wrongFormat: decoded } : { calls };
}

function dottedName(name: string, functions: readonly BfclFunction[]): string {
  if (functions.some((fn) => fn.name === name)) return name;
  return functions.find((fn) => fn.name.includes('.') && fn.name.replaceAll('.', '_') === name)?.name ?? name;
}

/**
 * `is_empty_output`: nothing decoded, or no call. Arguments that are not an object make the output
 * empty for the v4 format check, not for the looser 2024-08 one (a list of dicts was enough).
 */
export function isEmptyOutput(decoded: Decoded, ruleset: Ruleset): boolean {
  if ('error' in decoded) return true;
  if ('wrongFormat' in decoded) return ruleset === 'v4';
  return decoded.calls.length === 0;
}

/**
 * An entry's JSON as an object; `keepNumberKinds` where Python's int/float distinction matters
 * (answers and results; a question's schema names its types, so it never needs them).
 */
export function entryObject(text: string, source: string, keepNumberKinds: boolean): Record<string, unknown> {
  const value = parseJson(text, source, { keepNumberKinds });
  if (!isObject(value))
    throw new ToolscoreInputError({ source }, `expected an entry object, got ${describeType(value)}`);
  return value;
}

/** The offered functions of a question (`function`: a list, or one object in the v1 layout). */
export function offeredFunctions(question: Record<string, unknown>, source: string): BfclFunction[] {
  const offered = question.function;
  const list = Array.isArray(offered) ? offered : offered === undefined ? [] : [offered];
  return list.map((fn, i) => {
    if (!isObject(fn) || typeof fn.name !== 'string')
      throw new ToolscoreInputError({ source, path: `$.function[${i}]` }, 'expected a function {name, parameters}');
    return fn as unknown as BfclFunction;
  });
}

/**
 * The calls of a possible answer: in the v4 layout `ground_truth` is a list of `{name: {param:
 * [values]}}`; in the v1 layout one object whose keys are the calls (`name_1`, `name_2` when parallel).
 */
export function answerCalls(answer: Record<string, unknown>, ruleset: Ruleset, source: string): BfclCall[] {
  const truth = answer.ground_truth;
  const entries: [string, unknown][] = [];
  if (ruleset === 'v4' && Array.isArray(truth)) {
    truth.forEach((call, i) => {
      if (!isObject(call) || Object.keys(call).length !== 1)
        throw new ToolscoreInputError(
          { source, path: `$.ground_truth[${i}]` },
          'expected {function_name: {parameter: [values]}}',
        );
      entries.push(Object.entries(call)[0]!);
    });
  } else if (ruleset === 'v1' && isObject(truth)) {
    entries.push(...Object.entries(truth));
  } else {
    throw new ToolscoreInputError(
      { source, path: '$.ground_truth' },
      ruleset === 'v4'
        ? 'expected a list of {function_name: {parameter: [values]}}'
        : 'expected {function_name: {parameter: [values]}}',
    );
  }
  return entries.map(([name, args]) => {
    if (!isObject(args))
      throw new ToolscoreInputError(
        { source, path: `$.ground_truth.${name}` },
        `expected {parameter: [values]}, got ${describeType(args)}`,
      );
    return { name, args: pyValue(args) as PyDict };
  });
}
