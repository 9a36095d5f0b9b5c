import { describe, expect, test } from 'vitest';
import { createMathAPI } from './math-api.js';
import { type PyData, PyDict, PyException, PyFloat, pyRepr } from './py.js';

/**
 * Each expected value is what Python printed for the same call on gorilla's own class (python3 3.11.7,
 * mpmath 1.3.0, gorilla HEAD 6ea57973, PYTHONPATH=berkeley-function-call-leaderboard): `repr(result)`,
 * or `!! Type: str(e)` when the call raised:
 *   from bfcl_eval.eval_checker.multi_turn_eval.func_source_code.math_api import MathAPI
 *   api = MathAPI(); print(repr(api.logarithm(value=980.0, base=20, precision=10))) ...
 * The first five logarithms, the means and the standard deviation are the calls of the ground truth.
 */
const f = (value: number) => new PyFloat(value);

function run(method: string, positional: PyData[]): string {
  try {
    return pyRepr(createMathAPI().call(method, { positional, keywords: new Map() }));
  } catch (error) {
    if (error instanceof PyException) return `!! ${error.pyClass}: ${error.message}`;
    throw error;
  }
}

describe('MathAPI', () => {
  test('stateless: no attributes, the public methods in getmembers order', () => {
    const api = createMathAPI();
    api.loadScenario(new PyDict(), false);
    expect(api.publicAttributes()).toEqual([]);
    expect(api.methods).toEqual([
      'absolute_value',
      'add',
      'divide',
      'imperial_si_conversion',
      'logarithm',
      'max_value',
      'mean',
      'min_value',
      'multiply',
      'percentage',
      'power',
      'round_number',
      'si_unit_conversion',
      'square_root',
      'standard_deviation',
      'subtract',
      'sum_values',
    ]);
  });

  const calls: [string, PyData[], string][] = [
    ['logarithm', [f(980.0), 20, 10], "{'result': mpf('2.299121531134')}"],
    ['logarithm', [f(630.0), 10, 5], "{'result': mpf('2.7993393')}"],
    ['logarithm', [20, 10, 2], "{'result': mpf('1.3027')}"],
    ['logarithm', [f(36.0), f(6.0), 4], "{'result': mpf('2.0')}"],
    ['logarithm', [f(3287.0), f(6.0), 4], "{'result': mpf('4.51947')}"],
    ['logarithm', [-1, 10, 5], "{'result': mpc(real='0.0', imag='1.3643761')}"],
    ['logarithm', [10, 1, 5], "{'error': ''}"],
    ['logarithm', [0, 10, 5], "{'result': mpf('-inf')}"],
    ['logarithm', ['a', 10, 5], "{'error': \"cannot create mpf from 'a'\"}"],
    ['logarithm', [10, 10, 0], "{'result': mpf('1.0')}"],
    ['logarithm', [10, 10, -3], "{'result': mpf('1.0')}"],
    ['logarithm', ['100', '10', '5'], "{'result': mpf('2.0')}"],
    ['logarithm', [2, -10, 6], "{'result': mpc(real='0.105199233', imag='-0.143531352')}"],
    ['logarithm', [-2, -10, 6], "{'result': mpc(real='0.755734921', imag='0.333269477')}"],
    ['logarithm', [f(1e-300), 10, 50], "{'result': mpf('-299.99999999999999998911697469446200382257643959843672')}"],
    [
      'logarithm',
      [123456789, 2, 100],
      "{'result': mpf('26.87943093286047382106388298172874055218955304735459269820683585291086841089367803717575014054580729165')}",
    ],
    ['logarithm', [7, 3, 15], "{'result': mpf('1.7712437491614221')}"],
    ['logarithm', [f(1.0000001), 10, 20], "{'result': mpf('4.3429446044209944784076e-8')}"],
    ['logarithm', [2, 8, 30], "{'result': mpf('0.333333333333333333333333333333366')}"],
    ['logarithm', [10, 10, 'x'], "{'error': \"invalid literal for int() with base 10: 'x'\"}"],
    [
      'logarithm',
      [10, 10, null],
      "{'error': \"int() argument must be a string, a bytes-like object or a real number, not 'NoneType'\"}",
    ],
    ['logarithm', [f(0.5), f(0.25), 12], "{'result': mpf('0.5')}"],
    ['mean', [[100, 95, 85, 90, 88, 92]], "{'result': 91.66666666666667}"],
    ['mean', [[f(750.0), f(320.0), f(450.0), f(290.0)]], "{'result': 452.5}"],
    ['mean', [[f(45.99), f(78.25), f(102.5), f(38.75), f(92.1)]], "{'result': 71.518}"],
    ['mean', [[f(227.16), f(2.552), f(227.11), f(227.09)]], "{'result': 170.978}"],
    ['mean', [[]], "{'error': 'Cannot calculate mean of an empty list'}"],
    ['mean', [[1, 'a']], "{'error': 'All elements in the list must be numbers'}"],
    ['mean', [5], "{'error': 'All elements in the list must be numbers'}"],
    ['mean', [[true, 2]], "{'result': 1.5}"],
    ['standard_deviation', [[100, 95, 85, 90, 88, 92]], "{'result': 4.85340659285368}"],
    ['standard_deviation', [[]], "{'error': 'Cannot calculate standard deviation of an empty list'}"],
    ['standard_deviation', [[1, 'x']], "{'error': 'All elements in the list must be numbers'}"],
    ['standard_deviation', [[f(2.5)]], "{'result': 0.0}"],
    ['si_unit_conversion', [5, 'km', 'm'], "{'result': 5000.0}"],
    ['si_unit_conversion', [5, 'm', 'um'], "{'result': 5000000.0}"],
    ['si_unit_conversion', [f(1.5), 'nm', 'cm'], "{'result': 1.5000000000000002e-07}"],
    ['si_unit_conversion', ['5', 'km', 'm'], "{'error': 'Value must be a number'}"],
    ['si_unit_conversion', [5, 'km', 'mi'], "{'error': \"Conversion from 'km' to 'mi' is not supported\"}"],
    ['si_unit_conversion', [5, ['km'], 'm'], "!! TypeError: unhashable type: 'list'"],
    ['imperial_si_conversion', [100, 'celsius', 'fahrenheit'], "{'result': 212.0}"],
    ['imperial_si_conversion', [212, 'fahrenheit', 'celsius'], "{'result': 100.0}"],
    ['imperial_si_conversion', [3, 'miles', 'km'], "{'result': 4.82802}"],
    ['imperial_si_conversion', [3, 'miles', 'miles'], "{'result': 3}"],
    ['imperial_si_conversion', [3, 'miles', 'yd'], "{'error': \"Conversion from 'miles' to 'yd' is not supported\"}"],
    ['imperial_si_conversion', ['3', 'm', 'ft'], "{'error': 'Value must be a number'}"],
    ['add', [1, 2], "{'result': 3}"],
    ['add', [f(1.5), 2], "{'result': 3.5}"],
    ['add', ['a', 'b'], "{'result': 'ab'}"],
    ['add', [1, 'b'], "{'error': 'Both inputs must be numbers'}"],
    ['subtract', [5, f(2.5)], "{'result': 2.5}"],
    ['subtract', ['a', 'b'], "{'error': 'Both inputs must be numbers'}"],
    ['multiply', [3, 4], "{'result': 12}"],
    ['multiply', ['a', 3], "{'error': 'Both inputs must be numbers'}"],
    ['multiply', [f(0.1), 3], "{'result': 0.30000000000000004}"],
    ['divide', [1, 3], "{'result': 0.3333333333333333}"],
    ['divide', [1, 0], "{'error': 'Cannot divide by zero'}"],
    ['divide', [1, false], "{'error': 'Cannot divide by zero'}"],
    ['divide', ['a', 2], "{'error': 'Both inputs must be numbers'}"],
    ['divide', [6, 3], "{'result': 2.0}"],
    ['power', [2, 10], "{'result': 1024}"],
    ['power', [2, -2], "{'result': 0.25}"],
    ['power', [f(2.0), f(0.5)], "{'result': 1.4142135623730951}"],
    ['power', [f(-8.0), f(0.3333333333333333)], "{'result': (1.0000000000000002+1.7320508075688772j)}"],
    ['power', [0, -1], '!! ZeroDivisionError: 0.0 cannot be raised to a negative power'],
    ['power', ['a', 2], "{'error': 'Both inputs must be numbers'}"],
    ['power', [f(10.0), 400], "!! OverflowError: (34, 'Numerical result out of range')"],
    ['square_root', [2, 10], "{'result': Decimal('1.414213562')}"],
    ['square_root', [f(16.0), 5], "{'result': Decimal('4')}"],
    ['square_root', [f(0.1), 30], "{'result': Decimal('0.316227766016837941976973025885')}"],
    ['square_root', [-4, 5], "{'error': 'Cannot calculate square root of a negative number'}"],
    ['square_root', ['4', 5], "{'error': 'Input must be a number or computation resulted in an invalid operation'}"],
    ['square_root', [4, f(5.0)], "{'error': 'Input must be a number or computation resulted in an invalid operation'}"],
    ['square_root', [f(1e-10), 5], "{'result': Decimal('0.000010000')}"],
    ['square_root', [f(1e20), 3], "{'result': Decimal('1.00E+10')}"],
    ['square_root', [0, 5], "{'result': Decimal('0')}"],
    // python3 -c 'from decimal import Decimal, getcontext; getcontext().prec = 3; print(repr(Decimal(100).sqrt()))' ...
    ['square_root', [100, 3], "{'result': Decimal('10')}"],
    ['square_root', [f(1e-7), 2], "{'result': Decimal('0.00032')}"],
    ['square_root', [123456789, 4], "{'result': Decimal('1.111E+4')}"],
    ['square_root', [10000000000, 2], "{'result': Decimal('1.0E+5')}"],
    ['square_root', [f(6.25), 10], "{'result': Decimal('2.5')}"],
    ['square_root', [f(99.99), 2], "{'result': Decimal('10')}"],
    ['square_root', [f(1e300), 5], "{'result': Decimal('1.0000E+150')}"],
    ['square_root', [f(5e-324), 3], "{'result': Decimal('2.22E-162')}"],
    ['square_root', [8, 28], "{'result': Decimal('2.828427124746190097603377448')}"],
    ['square_root', [f(0.01), 5], "{'result': Decimal('0.10000')}"],
    ['absolute_value', [-3], "{'result': 3}"],
    ['absolute_value', [f(-2.5)], "{'result': 2.5}"],
    ['absolute_value', [true], "{'result': 1}"],
    ['absolute_value', ['x'], "{'error': 'Input must be a number'}"],
    ['round_number', [f(2.675), 2], "{'result': 2.67}"],
    ['round_number', [f(2.5)], "{'result': 2.0}"],
    ['round_number', [1234, -2], "{'result': 1200}"],
    ['round_number', [f(1.5), f(1.0)], "{'error': 'First input must be a number, second input must be an integer'}"],
    ['round_number', ['a'], "{'error': 'First input must be a number, second input must be an integer'}"],
    ['round_number', [f(2.5), null], "{'result': 2}"],
    ['percentage', [1, 3], "{'result': 33.33333333333333}"],
    ['percentage', [1, 0], "{'error': 'Whole value cannot be zero'}"],
    ['percentage', ['a', 2], "{'error': 'Both inputs must be numbers'}"],
    ['min_value', [[3, f(1.0), 1, 2]], "{'result': 1.0}"],
    ['min_value', [[]], "{'error': 'Cannot find minimum of an empty list'}"],
    ['min_value', [[1, 'a']], "{'error': 'All elements in the list must be numbers'}"],
    ['min_value', ['cab'], "{'result': 'a'}"],
    ['max_value', [[3, 5, f(5.0), 2]], "{'result': 5}"],
    ['max_value', [5], "{'error': 'All elements in the list must be numbers'}"],
    ['sum_values', [[1, f(2.5), 3]], "{'result': 6.5}"],
    ['sum_values', [[]], "{'error': 'Cannot calculate sum of an empty list'}"],
    ['sum_values', [[1, [2]]], "{'error': 'All elements in the list must be numbers'}"],
    ['sum_values', [[f(0.1), f(0.2), f(0.3)]], "{'result': 0.6000000000000001}"],
  ];
  test.each(calls)('%s(%j) prints as Python printed it', (method, args, expected) => {
    expect(run(method, args)).toBe(expected);
  });

  test('hundreds of digits: every one as mpmath prints it; beyond 5000 digits toolscore declines', () => {
    // print(repr(MathAPI().logarithm("0.001", 7, 300)))
    expect(run('logarithm', ['0.001', 7, 300])).toBe(
      "{'result': mpf('-3.54988398736481498045378568494057744449633356882718417006902273136773562964538030592049448540684407703262332735353243810571069280652580750409245557506781589158823412310357509522990888721257514132224506262563401279793637220235066102772771832606118649694720619923098984320667241071938646643126819052950235')}",
    );
    expect(run('logarithm', [10, 10, 5001])).toBe(
      "{'error': 'toolscore computes mpmath to at most 5000 digits, not 5001'}",
    );
  });

  test('keywords bind as Python binds them', () => {
    const api = createMathAPI();
    const keywords = new Map<string, PyData>([
      ['precision', 10],
      ['base', 20],
      ['value', f(980)],
    ]);
    expect(pyRepr(api.call('logarithm', { positional: [], keywords }))).toBe("{'result': mpf('2.299121531134')}");
    expect(() => api.call('round_number', { positional: [], keywords: new Map([['digits', 2]]) })).toThrow(
      "MathAPI.round_number() got an unexpected keyword argument 'digits'",
    );
  });
});
