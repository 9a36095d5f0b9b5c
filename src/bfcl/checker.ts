/**
 * The Berkeley Function Calling Leaderboard's AST checker for Python categories, ported rule for rule
 * from the gorilla repository (Apache-2.0): `bfcl_eval/eval_checker/ast_eval/ast_checker.py` at
 * 6ea5797 for the `v4` rules, `eval_checker/checker.py` at de8307b (2024-08) for `v1`. The same checks
 * in the same order, the same leniencies (an int where a float is expected, a value of the possible
 * answer's own type read as a variable, optional parameters marked by `""`), the same strictnesses (a
 * list of ints is not a list of floats) and the same `error_type` vocabulary and messages. Values are
 * in the Python view of `python-values.ts`. Where the Python code would crash (a possible answer
 * naming a function the entry does not offer, a schema type it has no mapping for), the entry is
 * `UncheckableEntry`.
 */
import { STRING_NORMALIZATIONS } from '../match/normalize.js';
import { PyFloat, type PyType, type PyValue, pyContains, pyIn, pyRepr, pyType } from './python-values.js';
import type { BfclCall, BfclFunction, CheckResult, PyDict, Ruleset } from './types.js';

/** `PYTHON_TYPE_MAPPING`: a schema type and the Python type a value of it must have. */
const PYTHON_TYPE_MAPPING: Readonly<Record<string, PyType>> = {
  string: 'str',
  integer: 'int',
  float: 'float',
  boolean: 'bool',
  array: 'list',
  tuple: 'list',
  dict: 'dict',
  any: 'str',
};

/** `PYTHON_NESTED_TYPE_CHECK_LIST`: schema types whose items are type-checked too. */
const NESTED_TYPES: readonly string[] = ['array', 'tuple'];

/** How Python prints a type (`str(float)`), as in the nested-type message. */
const classText = (type: PyType): string => `<class '${type}'>`;

const standardize = STRING_NORMALIZATIONS.bfcl;
const standardizeItem = (item: PyValue): PyValue => (typeof item === 'string' ? standardize(item) : item);

const isDict = (value: PyValue | undefined): value is PyDict => value !== undefined && pyType(value) === 'dict';

const VALID: CheckResult = { valid: true, error: [] };
const invalid = (error_type: string, ...error: PyValue[]): CheckResult => ({ valid: false, error, error_type });

/** An entry the leaderboard's checker cannot judge (its Python code would raise on it). */
export class UncheckableEntry extends Error {}

function mappedType(type: unknown, param: string): PyType {
  const mapped = typeof type === 'string' ? PYTHON_TYPE_MAPPING[type] : undefined;
  if (mapped === undefined)
    throw new UncheckableEntry(
      `parameter ${param} has type ${JSON.stringify(type) ?? 'undefined'}, which the leaderboard's Python checker has no mapping for`,
    );
  return mapped;
}

/**
 * `ast_checker`: the category picks the checker. In `v4` a `parallel` category matches calls in any
 * order, a `multiple` one checks the one call among several functions, the rest one call. In `v1`
 * both `multiple` and `parallel` categories go through the any-order checker.
 */
export function astChecker(
  functions: readonly BfclFunction[],
  output: readonly BfclCall[],
  answers: readonly BfclCall[],
  category: string,
  ruleset: Ruleset,
): CheckResult {
  const rules = RULES[ruleset];
  if (category.includes('parallel') || (ruleset === 'v1' && category.includes('multiple')))
    return parallelNoOrder(functions, output, answers, rules);
  if (category.includes('multiple')) {
    if (output.length !== answers.length)
      return invalid('multiple_function_checker:wrong_count', 'Wrong number of functions.');
    return simpleFunctionChecker(rules.describe(functions, answers[0]!.name), output[0]!, answers[0]!, rules);
  }
  if (output.length !== 1) return invalid('simple_function_checker:wrong_count', 'Wrong number of functions.');
  return simpleFunctionChecker(functions[0]!, output[0]!, answers[0]!, rules);
}

/** What the two rulesets do differently. */
interface Rules {
  /** `find_description`: the function a possible-answer call names (the v4 code would crash on none). */
  describe(functions: readonly BfclFunction[], name: string): BfclFunction;
  /** The description of a parallel answer, or the error the v1 code returns when there is none. */
  describeParallel(functions: readonly BfclFunction[], name: string): BfclFunction | CheckResult;
  dictChecker(value: PyDict, possible: readonly PyValue[]): CheckResult;
}

const RULES: Readonly<Record<Ruleset, Rules>> = {
  v4: {
    describe: describeExactly,
    describeParallel: describeExactly,
    dictChecker: dictCheckerV4,
  },
  v1: {
    // The 2024-08 code finds a function whose name is *contained in* the answer's key: parallel
    // answers are keyed `spotify.play_1`, `spotify.play_2`, ….
    describe: (functions, name) => {
      const found = describeContained(functions, name);
      if (found === undefined) throw unknownFunction(name);
      return found;
    },
    describeParallel: (functions, name) =>
      describeContained(functions, name) ??
      invalid(
        'parallel_function_checker_no_order:cannot_find_description',
        `Function doc description not found for function name: ${pyRepr(name)}.`,
      ),
    dictChecker: dictCheckerV1,
  },
};

function describeExactly(functions: readonly BfclFunction[], name: string): BfclFunction {
  const found = functions.find((fn) => fn.name === name);
  if (found === undefined) throw unknownFunction(name);
  return found;
}

/** The v1 lookup; with one function offered (the v1 `parallel_function` layout) it is that function, whatever the name. */
export function describeContained(functions: readonly BfclFunction[], name: string): BfclFunction | undefined {
  return functions.find((fn) => name.includes(fn.name));
}

const unknownFunction = (name: string): UncheckableEntry =>
  new UncheckableEntry(`the possible answer names ${name}, which is not among the entry's functions`);

function possibleAnswerType(possible: readonly PyValue[]): PyType | undefined {
  for (const answer of possible) if (answer !== '') return pyType(answer);
  return undefined;
}

interface TypeCheck extends CheckResult {
  isVariable: boolean;
}

/** `type_checker`: one level of nesting, as in the leaderboard. */
function typeChecker(
  param: string,
  value: PyValue,
  possible: readonly PyValue[],
  typeDescription: string,
  expected: PyType,
  nested: PyType | undefined,
): TypeCheck {
  const result: TypeCheck = { valid: true, error: [], isVariable: false, error_type: 'type_error:simple' };
  const possibleType = possibleAnswerType(possible);
  // A possible answer of another type than the schema's is a variable name.
  const isVariable = possibleType !== undefined && possibleType !== expected;
  if (pyType(value) === expected) {
    if (nested === undefined) return { ...result, isVariable };
    for (const item of possible) {
      let flag = true;
      if (Array.isArray(item)) {
        for (const element of value as PyValue[]) {
          if (!typeChecker(param, element, item, classText(nested), nested, undefined).valid) {
            flag = false;
            break;
          }
        }
      }
      if (flag) return { valid: true, error: [], isVariable };
    }
    result.valid = false;
    result.error = [
      `Nested type checking failed for parameter ${pyRepr(param)}. Expected outer type ${typeDescription} with inner type ${classText(nested)}. Parameter value: ${pyRepr(value)}.`,
    ];
    result.error_type = 'type_error:nested';
  }
  // As in Python, a failed nested check falls through here, and a list possible answer keeps its error.
  if (possibleType !== undefined && pyType(value) === possibleType) {
    result.isVariable = true;
    return result;
  }
  result.valid = false;
  result.error.push(
    `Incorrect type for parameter ${pyRepr(param)}. Expected type ${typeDescription}, got ${pyType(value)}. Parameter value: ${pyRepr(value)}.`,
  );
  result.error_type = 'type_error:simple';
  return result;
}

function stringChecker(param: string, value: string, possible: readonly PyValue[]): CheckResult {
  const candidates = possible.filter((answer): answer is string => typeof answer === 'string').map(standardize);
  if (candidates.includes(standardize(value))) return VALID;
  return invalid(
    'value_error:string',
    `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyRepr([...possible])}. Case insensitive.`,
  );
}

/** Indexing a possible answer as the Python code does: a string is a sequence of its characters. */
function sequence(value: PyValue | undefined): readonly PyValue[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return [...value];
  return [];
}

function listChecker(param: string, value: PyValue[], possible: readonly PyValue[]): CheckResult {
  const output = value.map(standardizeItem);
  const candidates = possible.map((answer) => sequence(answer).map(standardizeItem));
  if (pyIn(output, candidates)) return VALID;
  return invalid(
    'value_error:list/tuple',
    `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyRepr([...possible])}.`,
  );
}

/** The standardized acceptable values of a dict member, and whether the value is among them. */
function dictValueCheck(key: string, item: PyValue, acceptable: PyValue | undefined): CheckResult {
  const candidates = sequence(acceptable).map(standardizeItem);
  if (pyIn(standardizeItem(item), candidates)) return VALID;
  return invalid(
    'value_error:dict_value',
    `Invalid value for parameter ${pyRepr(key)}: ${pyRepr(item)}. Expected one of ${pyRepr(candidates as PyValue[])}.`,
  );
}

/**
 * `dict_checker` of `v4`: members one level deep; a member the answer marks optional may be absent. As
 * in Python, a bad member ends the first pass, and the pass for missing members still runs after it.
 */
function dictCheckerV4(value: PyDict, possibleAnswers: readonly PyValue[]): CheckResult {
  let result = invalid('dict_checker:unclear');
  for (const possibleAnswer of possibleAnswers) {
    if (possibleAnswer === '') continue;
    const answer: PyDict = isDict(possibleAnswer) ? possibleAnswer : {};
    const failures: CheckResult[] = [];
    for (const [key, item] of Object.entries(value)) {
      const checked = Object.hasOwn(answer, key)
        ? dictValueCheck(key, item, answer[key])
        : invalid('value_error:dict_key', `Unexpected dict key parameter: '${key}'.`);
      if (!checked.valid) {
        failures.push(checked);
        break;
      }
    }
    for (const [key, item] of Object.entries(answer))
      if (!Object.hasOwn(value, key) && !pyContains(item, '')) {
        failures.push(invalid('value_error:dict_key', `Missing dict key parameter: '${key}'.`));
        break;
      }
    if (failures.length === 0) return VALID;
    result = {
      valid: false,
      error: failures.flatMap((failure) => failure.error),
      error_type: failures.at(-1)!.error_type!,
    };
  }
  return result;
}

/** `dict_checker` of `v1`: as many members as the answer, nested dicts checked recursively. */
function dictCheckerV1(value: PyDict, possibleAnswers: readonly PyValue[]): CheckResult {
  let result = invalid('dict_checker:unclear');
  for (const possibleAnswer of possibleAnswers) {
    if (possibleAnswer === '') continue;
    const answer: PyDict = isDict(possibleAnswer) ? possibleAnswer : {};
    if (Object.keys(value).length !== Object.keys(answer).length) {
      result = invalid('value_error:dict_items', 'Wrong number of parameters for dictionary.');
      continue;
    }
    result = VALID;
    for (const [key, item] of Object.entries(value)) {
      if (!Object.hasOwn(answer, key)) {
        result = invalid('value_error:dict_key', `Unexpected parameter: '${key}'.`);
        break;
      }
      const expected = answer[key]!;
      if (isDict(expected)) {
        result = isDict(item) ? dictCheckerV1(item, [expected]) : invalid('dict_checker:unclear');
      } else {
        result = dictValueCheck(key, item, expected);
      }
      if (!result.valid) break;
    }
    if (result.valid) return VALID;
  }
  return result;
}

/** `list_dict_checker`: a list of dicts against lists of dict answers, position by position. */
function listDictChecker(value: PyValue[], possibleAnswers: readonly PyValue[], rules: Rules): CheckResult {
  let result = invalid('list_dict_checker:unclear');
  for (const possibleAnswer of possibleAnswers) {
    const answer = sequence(possibleAnswer);
    if (value.length !== answer.length) {
      result = invalid('value_error:list_dict_count', 'Wrong number of dictionaries in the list.');
      continue;
    }
    result = VALID;
    for (let i = 0; i < value.length; i++) {
      const item = value[i]!;
      result = isDict(item) ? rules.dictChecker(item, [answer[i]!]) : invalid('list_dict_checker:unclear');
      if (!result.valid) break;
    }
    if (result.valid) return VALID;
  }
  return result;
}

/** `simple_function_checker`: one output call against one possible-answer call. */
function simpleFunctionChecker(
  description: BfclFunction,
  output: BfclCall,
  answer: BfclCall,
  rules: Rules,
): CheckResult {
  const possible = answer.args;
  const funcName = description.name;
  const properties = description.parameters?.properties ?? {};
  const required = description.parameters?.required ?? [];
  if (output.name !== funcName)
    return invalid(
      'simple_function_checker:wrong_func_name',
      `Function name ${pyRepr(funcName)} not found in model output.`,
    );
  const params = output.args;
  for (const param of required)
    if (!Object.hasOwn(params, param))
      return invalid('simple_function_checker:missing_required', `Missing required parameter: ${pyRepr(param)}.`);
  for (const [param, raw] of Object.entries(params)) {
    if (!Object.hasOwn(properties, param) || !Object.hasOwn(possible, param))
      return invalid('simple_function_checker:unexpected_param', `Unexpected parameter: ${pyRepr(param)}.`);
    const details = properties[param]!;
    const typeDescription = String(details.type);
    const expected = mappedType(details.type, param);
    const nested = NESTED_TYPES.includes(typeDescription)
      ? mappedType(details.items?.type, `${param}.items`)
      : undefined;
    // Python converts an int to a float where the schema says float (not inside arrays).
    const value = typeDescription === 'float' && pyType(raw) === 'int' ? new PyFloat(raw as number) : raw;
    const candidates = sequence(possible[param]);
    const typeCheck = typeChecker(param, value, candidates, typeDescription, expected, nested);
    if (!typeCheck.valid) return { valid: false, error: typeCheck.error, error_type: typeCheck.error_type! };
    if (!typeCheck.isVariable) {
      let special: CheckResult | undefined;
      if (expected === 'dict') special = rules.dictChecker(value as PyDict, candidates);
      else if (expected === 'list' && nested === 'dict')
        special = listDictChecker(value as PyValue[], candidates, rules);
      else if (expected === 'str') special = stringChecker(param, value as string, candidates);
      else if (expected === 'list') special = listChecker(param, value as PyValue[], candidates);
      if (special !== undefined) {
        if (!special.valid) return special;
        continue;
      }
    }
    if (!pyIn(value, candidates))
      return invalid(
        'value_error:others',
        `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyRepr([...candidates])}.`,
      );
  }
  for (const [param, acceptable] of Object.entries(possible))
    if (!Object.hasOwn(params, param) && !pyContains(acceptable, ''))
      return invalid(
        'simple_function_checker:missing_optional',
        `Optional parameter ${pyRepr(param)} not provided and not marked as optional.`,
      );
  return VALID;
}

/** `parallel_function_checker_no_order`: each possible answer takes the first unmatched output call it accepts. */
function parallelNoOrder(
  functions: readonly BfclFunction[],
  output: readonly BfclCall[],
  answers: readonly BfclCall[],
  rules: Rules,
): CheckResult {
  if (output.length !== answers.length)
    return invalid('parallel_function_checker_no_order:wrong_count', 'Wrong number of functions.');
  const matched = new Set<number>();
  for (let i = 0; i < answers.length; i++) {
    const answer = answers[i]!;
    const description = rules.describeParallel(functions, answer.name);
    if ('valid' in description) return description;
    const errors: PyValue[] = [];
    let result: CheckResult | undefined;
    for (let index = 0; index < output.length; index++) {
      if (matched.has(index)) continue;
      const call = output[index]!;
      result = simpleFunctionChecker(description, call, answer, rules);
      if (result.valid) {
        matched.add(index);
        break;
      }
      errors.push({
        [`Model Result Index ${index}`]: {
          sub_error: result.error,
          sub_error_type: result.error_type ?? null,
          model_output_item: { [call.name]: call.args },
          possible_answer_item: { [answer.name]: answer.args },
        },
      });
    }
    if (result !== undefined && !result.valid) {
      const considered = output.map((_, index) => index).filter((index) => !matched.has(index));
      errors.unshift(
        `Could not find a matching function among index ${pyRepr(considered)} of model output for index ${i} of possible answers.`,
      );
      return { valid: false, error: errors, error_type: 'parallel_function_checker_no_order:cannot_find_match' };
    }
  }
  return VALID;
}
