/**
 * The checker's rules, one by one, on entries written by hand; each expected verdict is worked out by
 * reading the leaderboard's Python (ast_checker.py at 6ea5797 for v4, checker.py at de8307b for v1).
 */
import { describe, expect, test } from 'vitest';
import { parseJson } from '../io/json.js';
import { UncheckableEntry, astChecker } from './checker.js';
import { pyValue } from './python-values.js';
import type { BfclCall, BfclFunction, PyDict, Ruleset } from './types.js';

/** JSON text in the Python view (`1.0` a float), as the files are read. */
const py = (text: string): PyDict => pyValue(parseJson(text, 'test', { keepNumberKinds: true })) as PyDict;
const call = (name: string, args: string): BfclCall => ({ name, args: py(args) });

const AREA: BfclFunction = {
  name: 'geometry.area',
  parameters: {
    properties: {
      base: { type: 'integer' },
      height: { type: 'float' },
      unit: { type: 'string' },
      exact: { type: 'boolean' },
      sides: { type: 'array', items: { type: 'float' } },
      tags: { type: 'array', items: { type: 'string' } },
      options: { type: 'dict' },
      points: { type: 'array', items: { type: 'dict' } },
      pair: { type: 'tuple', items: { type: 'integer' } },
      anything: { type: 'any' },
    },
    required: ['base'],
  },
};

function check(
  output: BfclCall[],
  answers: BfclCall[],
  category = 'simple_python',
  ruleset: Ruleset = 'v4',
  functions = [AREA],
) {
  return astChecker(functions, output, answers, category, ruleset);
}

describe('simple entries', () => {
  test('an int where a float is expected is that float; a float where an int is expected is not', () => {
    const answer = call('geometry.area', '{"base": [10], "height": [5.0]}');
    expect(check([call('geometry.area', '{"base": 10, "height": 5}')], [answer]).valid).toBe(true);
    expect(check([call('geometry.area', '{"base": 10.0, "height": 5}')], [answer])).toEqual({
      valid: false,
      error: ["Incorrect type for parameter 'base'. Expected type integer, got float. Parameter value: 10.0."],
      error_type: 'type_error:simple',
    });
  });

  test('a boolean is not an integer, though True == 1 in Python', () => {
    const answer = call('geometry.area', '{"base": [1]}');
    expect(check([call('geometry.area', '{"base": true}')], [answer]).error_type).toBe('type_error:simple');
  });

  test('a list of ints is not a list of floats (no conversion inside arrays)', () => {
    const answer = call('geometry.area', '{"base": [1], "sides": [[3.0, 4.0]]}');
    expect(check([call('geometry.area', '{"base": 1, "sides": [3, 4]}')], [answer])).toEqual({
      valid: false,
      error: [
        "Nested type checking failed for parameter 'sides'. Expected outer type array with inner type <class 'float'>. Parameter value: [3, 4].",
      ],
      error_type: 'type_error:nested',
    });
    expect(check([call('geometry.area', '{"base": 1, "sides": [3.0, 4.5]}')], [answer])).toEqual({
      valid: false,
      error: ["Invalid value for parameter 'sides': [3.0, 4.5]. Expected one of [[3.0, 4.0]]."],
      error_type: 'value_error:list/tuple',
    });
  });

  test('strings compare after standardize_string; lists of strings too', () => {
    const answer = call('geometry.area', '{"base": [1], "unit": ["square meters", "m2"], "tags": [["New York, NY"]]}');
    expect(
      check([call('geometry.area', '{"base": 1, "unit": "Square-Meters", "tags": ["new york ny"]}')], [answer]).valid,
    ).toBe(true);
    expect(check([call('geometry.area', '{"base": 1, "unit": "sq m"}')], [answer])).toEqual({
      valid: false,
      error: ["Invalid value for parameter 'unit': 'sq m'. Expected one of ['square meters', 'm2']. Case insensitive."],
      error_type: 'value_error:string',
    });
  });

  test('a value of the possible answer’s own type, not the schema’s, is a variable and compared as it is', () => {
    // The answer names a variable ("x") for an integer parameter.
    const answer = call('geometry.area', '{"base": ["x"]}');
    expect(check([call('geometry.area', '{"base": "x"}')], [answer]).valid).toBe(true);
    expect(check([call('geometry.area', '{"base": "X"}')], [answer])).toEqual({
      valid: false,
      error: ["Invalid value for parameter 'base': 'X'. Expected one of ['x']."],
      error_type: 'value_error:others',
    });
  });

  test('required, unexpected and optional parameters', () => {
    const answer = call('geometry.area', '{"base": [10], "unit": ["cm", ""], "exact": [true]}');
    expect(check([call('geometry.area', '{"unit": "cm"}')], [answer])).toEqual({
      valid: false,
      error: ["Missing required parameter: 'base'."],
      error_type: 'simple_function_checker:missing_required',
    });
    expect(check([call('geometry.area', '{"base": 10, "height": 2.0, "exact": true}')], [answer])).toEqual({
      valid: false,
      error: ["Unexpected parameter: 'height'."],
      error_type: 'simple_function_checker:unexpected_param',
    });
    expect(check([call('geometry.area', '{"base": 10}')], [answer])).toEqual({
      valid: false,
      error: ["Optional parameter 'exact' not provided and not marked as optional."],
      error_type: 'simple_function_checker:missing_optional',
    });
    expect(check([call('geometry.area', '{"base": 10, "exact": true}')], [answer]).valid).toBe(true);
  });

  test('the wrong function, and the wrong number of calls', () => {
    const answer = call('geometry.area', '{"base": [10]}');
    expect(check([call('geometry_area', '{"base": 10}')], [answer])).toEqual({
      valid: false,
      error: ["Function name 'geometry.area' not found in model output."],
      error_type: 'simple_function_checker:wrong_func_name',
    });
    expect(check([], [answer])).toEqual({
      valid: false,
      error: ['Wrong number of functions.'],
      error_type: 'simple_function_checker:wrong_count',
    });
  });

  test('tuple and any: a tuple is a list, any is a string', () => {
    const answer = call('geometry.area', '{"base": [1], "pair": [[1, 2]], "anything": ["fast"]}');
    expect(check([call('geometry.area', '{"base": 1, "pair": [1, 2], "anything": "FAST"}')], [answer]).valid).toBe(
      true,
    );
    expect(
      check(
        [call('geometry.area', '{"base": 1, "anything": 3}')],
        [call('geometry.area', '{"base": [1], "anything": ["3"]}')],
      ),
    ).toEqual({
      valid: false,
      error: ["Incorrect type for parameter 'anything'. Expected type any, got int. Parameter value: 3."],
      error_type: 'type_error:simple',
    });
  });

  test('a schema type the Python checker has no mapping for makes the entry uncheckable', () => {
    const fn: BfclFunction = { name: 'f', parameters: { properties: { n: { type: 'number' } }, required: [] } };
    expect(() => check([call('f', '{"n": 1}')], [call('f', '{"n": [1]}')], 'simple_python', 'v4', [fn])).toThrow(
      UncheckableEntry,
    );
  });
});

describe('dict parameters: the rules differ between v4 and v1', () => {
  const answer = call('geometry.area', '{"base": [1], "options": [{"color": ["Dark Red"], "size": [2, ""]}]}');

  test('v4: members one level deep, strings standardised, optional members may be absent', () => {
    expect(check([call('geometry.area', '{"base": 1, "options": {"color": "dark-red"}}')], [answer]).valid).toBe(true);
    expect(check([call('geometry.area', '{"base": 1, "options": {"color": "red", "shape": 1}}')], [answer])).toEqual({
      valid: false,
      error: ["Invalid value for parameter 'color': 'red'. Expected one of ['darkred']."],
      error_type: 'value_error:dict_value',
    });
    expect(check([call('geometry.area', '{"base": 1, "options": {"shape": 1}}')], [answer])).toEqual({
      valid: false,
      // As in Python, the pass for missing members runs after a bad member, and its error type wins.
      error: ["Unexpected dict key parameter: 'shape'.", "Missing dict key parameter: 'color'."],
      error_type: 'value_error:dict_key',
    });
  });

  test('v1: the dict must have as many members as the answer, and an unknown member has another message', () => {
    expect(
      check([call('geometry.area', '{"base": 1, "options": {"color": "dark-red"}}')], [answer], 'simple', 'v1'),
    ).toEqual({
      valid: false,
      error: ['Wrong number of parameters for dictionary.'],
      error_type: 'value_error:dict_items',
    });
    expect(
      check(
        [call('geometry.area', '{"base": 1, "options": {"color": "dark red", "shape": 2}}')],
        [answer],
        'simple',
        'v1',
      ),
    ).toEqual({
      valid: false,
      error: ["Unexpected parameter: 'shape'."],
      error_type: 'value_error:dict_key',
    });
    expect(
      check(
        [call('geometry.area', '{"base": 1, "options": {"color": "dark red", "size": 2}}')],
        [answer],
        'simple',
        'v1',
      ).valid,
    ).toBe(true);
  });

  test('a list of dicts is checked position by position', () => {
    const points = call('geometry.area', '{"base": [1], "points": [[{"x": [1]}, {"x": [2]}]]}');
    expect(check([call('geometry.area', '{"base": 1, "points": [{"x": 1}, {"x": 2}]}')], [points]).valid).toBe(true);
    expect(check([call('geometry.area', '{"base": 1, "points": [{"x": 2}, {"x": 1}]}')], [points]).error_type).toBe(
      'value_error:dict_value',
    );
    expect(check([call('geometry.area', '{"base": 1, "points": [{"x": 1}]}')], [points])).toEqual({
      valid: false,
      error: ['Wrong number of dictionaries in the list.'],
      error_type: 'value_error:list_dict_count',
    });
  });
});

describe('parallel and multiple entries', () => {
  const WEATHER: BfclFunction = {
    name: 'weather.get',
    parameters: { properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] },
  };
  const TIME: BfclFunction = {
    name: 'time.now',
    parameters: { properties: { zone: { type: 'string' } }, required: [] },
  };

  test('parallel calls match in any order; each answer takes the first unmatched call it accepts', () => {
    const answers = [
      call('weather.get', '{"city": ["Paris"], "days": [3]}'),
      call('weather.get', '{"city": ["Rome"], "days": [3, ""]}'),
    ];
    const output = [call('weather.get', '{"city": "rome"}'), call('weather.get', '{"city": "Paris", "days": 3}')];
    expect(check(output, answers, 'parallel', 'v4', [WEATHER]).valid).toBe(true);
    const wrong = [call('weather.get', '{"city": "rome"}'), call('weather.get', '{"city": "Paris", "days": 4}')];
    expect(check(wrong, answers, 'parallel', 'v4', [WEATHER])).toEqual({
      valid: false,
      error: [
        'Could not find a matching function among index [0, 1] of model output for index 0 of possible answers.',
        {
          'Model Result Index 0': {
            sub_error: ["Invalid value for parameter 'city': 'rome'. Expected one of ['Paris']. Case insensitive."],
            sub_error_type: 'value_error:string',
            model_output_item: { 'weather.get': { city: 'rome' } },
            possible_answer_item: { 'weather.get': { city: ['Paris'], days: [3] } },
          },
        },
        {
          'Model Result Index 1': {
            sub_error: ["Invalid value for parameter 'days': 4. Expected one of [3]."],
            sub_error_type: 'value_error:others',
            model_output_item: { 'weather.get': { city: 'Paris', days: 4 } },
            possible_answer_item: { 'weather.get': { city: ['Paris'], days: [3] } },
          },
        },
      ],
      error_type: 'parallel_function_checker_no_order:cannot_find_match',
    });
    expect(check(output.slice(1), answers, 'parallel', 'v4', [WEATHER]).error_type).toBe(
      'parallel_function_checker_no_order:wrong_count',
    );
  });

  test('v4 multiple: one call, checked against the function the answer names', () => {
    const answers = [call('time.now', '{"zone": ["UTC"]}')];
    expect(check([call('time.now', '{"zone": "utc"}')], answers, 'multiple', 'v4', [WEATHER, TIME]).valid).toBe(true);
    expect(check([call('weather.get', '{"city": "x"}')], answers, 'multiple', 'v4', [WEATHER, TIME]).error_type).toBe(
      'simple_function_checker:wrong_func_name',
    );
    expect(check([], answers, 'multiple', 'v4', [WEATHER, TIME]).error_type).toBe(
      'multiple_function_checker:wrong_count',
    );
  });

  test('v1: answers are keyed name_1, name_2, and found by the function name they contain; multiple goes any-order too', () => {
    const answers = [call('weather.get_1', '{"city": ["Paris"]}'), call('weather.get_2', '{"city": ["Rome"]}')];
    const output = [call('weather.get', '{"city": "Rome"}'), call('weather.get', '{"city": "Paris"}')];
    expect(check(output, answers, 'parallel_function', 'v1', [WEATHER]).valid).toBe(true);
    expect(
      check(
        [call('weather.get', '{"city": "Paris"}')],
        [call('weather.get', '{"city": ["Paris"]}')],
        'multiple_function',
        'v1',
        [TIME, WEATHER],
      ).valid,
    ).toBe(true);
    expect(check([call('x', '{}')], [call('calendar.add', '{}')], 'multiple_function', 'v1', [TIME, WEATHER])).toEqual({
      valid: false,
      error: ["Function doc description not found for function name: 'calendar.add'."],
      error_type: 'parallel_function_checker_no_order:cannot_find_description',
    });
  });

  test('v4: a possible answer naming a function the entry does not offer is uncheckable (the Python code raises)', () => {
    expect(() => check([call('x', '{}')], [call('calendar.add', '{}')], 'multiple', 'v4', [TIME])).toThrow(
      UncheckableEntry,
    );
  });
});
