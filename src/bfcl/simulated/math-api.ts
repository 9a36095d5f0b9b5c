/**
 * gorilla `func_source_code/math_api.py` (`MathAPI`), rule for rule: stateless arithmetic, `logarithm`
 * with mpmath at `precision` digits and `square_root` with `decimal` at `precision` digits, whose results
 * are mpmath and Decimal objects the executor prints with their `repr`.
 */
import type { PyArguments, SimulatedApi, SimulatedApiFactory } from './api.js';
import { contextPrecision, decimalSqrt } from './decimal.js';
import { type MethodTable, callMethod, methodNames } from './methods.js';
import { divide, log, mpObject, precisionOfDps, toMpf } from './mpmath.js';
import {
  add,
  compare,
  contains,
  getItem,
  isNumber,
  iterate,
  len,
  multiply,
  numberValue,
  round,
  subtract,
  trueDivide,
  truthy,
  typeError,
  typeName,
} from './ops.js';
import { type PyData, PyDict, PyException, PyFloat, type PyObject, pyEq, pyStr } from './py.js';
import { floatRepr } from '../python-values.js';

class MathApi implements SimulatedApi {
  readonly className = 'MathAPI';
  readonly methods = methodNames(METHODS);

  /** Stateless: the executor never loads a scenario into it. */
  loadScenario(): void {}

  call(method: string, args: PyArguments): PyData {
    return callMethod(this.className, METHODS, this, method, args);
  }

  publicAttributes(): [string, PyData][] {
    return [];
  }
}

const result = (value: PyData): PyDict => PyDict.of({ result: value });
const error = (message: string): PyDict => PyDict.of({ error: message });

/** `try: ... except TypeError: return {"error": message}`. */
function onTypeError(message: string, body: () => PyData): PyData {
  try {
    return body();
  } catch (caught) {
    if (caught instanceof PyException && caught.pyClass === 'TypeError') return error(message);
    throw caught;
  }
}

/** `sum(iterable)`: 0 plus each item in turn. */
function sum(numbers: PyData): PyData {
  return iterate(numbers).reduce<PyData>((total, item) => add(total, item), 0);
}

/** `min()` / `max()`: the first item no other beats (`item < best`, `item > best`). */
function extreme(numbers: PyData, op: '<' | '>'): PyData {
  const [first, ...rest] = iterate(numbers);
  if (first === undefined)
    throw new PyException('ValueError', `${op === '<' ? 'min' : 'max'}() arg is an empty sequence`);
  return rest.reduce<PyData>((best, item) => (compare(op, item, best) ? item : best), first);
}

/** `abs(number)`. */
function abs(number: PyData): PyData {
  if (!isNumber(number)) throw typeError(`bad operand type for abs(): '${typeName(number)}'`);
  return number instanceof PyFloat ? new PyFloat(Math.abs(number.value)) : Math.abs(numberValue(number));
}

/** A Python complex (only `power` of a negative float to a fractional exponent makes one). */
function complexObject(re: number, im: number): PyObject {
  const part = (x: number) => floatRepr(x).replace(/\.0$/, '');
  const text =
    re === 0 && !Object.is(re, -0)
      ? `${part(im)}j`
      : `(${part(re)}${im >= 0 || Number.isNaN(im) ? '+' : ''}${part(im)}j)`;
  return {
    pyClass: 'complex',
    pyEq: (other) => other !== null && typeof other === 'object' && 'pyRepr' in other && other.pyRepr() === text,
    pyRepr: () => text,
  };
}

/** `base ** exponent` (int ** non-negative int stays an int; a float result as C's pow gives it). */
function power(base: PyData, exponent: PyData): PyData {
  if (!isNumber(base) || !isNumber(exponent))
    throw typeError(`unsupported operand type(s) for ** or pow(): '${typeName(base)}' and '${typeName(exponent)}'`);
  const x = numberValue(base);
  const y = numberValue(exponent);
  if (!(base instanceof PyFloat) && !(exponent instanceof PyFloat) && y >= 0) {
    if (Math.abs(x) <= 1 || y * Math.log2(Math.abs(x)) < 1100) return Number(BigInt(x) ** BigInt(y));
    return x ** y;
  }
  if (y === 0 || x === 1) return new PyFloat(1);
  if (x === 0 && y < 0) throw new PyException('ZeroDivisionError', '0.0 cannot be raised to a negative power');
  if (x < 0 && Number.isFinite(y) && !Number.isInteger(y)) {
    const magnitude = Math.abs(x) ** y;
    const phase = Math.atan2(0, x) * y;
    return complexObject(magnitude * Math.cos(phase), magnitude * Math.sin(phase));
  }
  const value = x ** y;
  if (!Number.isFinite(value) && Number.isFinite(x) && Number.isFinite(y))
    throw new PyException('OverflowError', "(34, 'Numerical result out of range')");
  return new PyFloat(value);
}

// si_unit_conversion's tables: from_meters is 1 / factor, in floats.
const TO_METERS = PyDict.of({
  km: 1000,
  m: 1,
  cm: new PyFloat(0.01),
  mm: new PyFloat(0.001),
  um: new PyFloat(1e-6),
  nm: new PyFloat(1e-9),
});
const FROM_METERS = new PyDict([...TO_METERS].map(([unit, factor]) => [unit, trueDivide(1, factor)]));

const IMPERIAL = PyDict.of({
  cm_to_in: new PyFloat(0.393701),
  in_to_cm: new PyFloat(2.54),
  m_to_ft: new PyFloat(3.28084),
  ft_to_m: new PyFloat(0.3048),
  m_to_yd: new PyFloat(1.09361),
  yd_to_m: new PyFloat(0.9144),
  km_to_miles: new PyFloat(0.621371),
  miles_to_km: new PyFloat(1.60934),
  kg_to_lb: new PyFloat(2.20462),
  lb_to_kg: new PyFloat(0.453592),
  celsius_to_fahrenheit: new PyFloat(1.8),
  fahrenheit_to_celsius: new PyFloat(5 / 9),
});

const METHODS: MethodTable<MathApi> = {
  logarithm: {
    params: ['value', 'base', 'precision'],
    run(_api, value, base, precision) {
      try {
        const prec = precisionOfDps(precision);
        const quotient = divide(log(toMpf(value, prec), prec), log(toMpf(base, prec), prec), prec);
        return result(mpObject(quotient, prec));
      } catch (caught) {
        if (caught instanceof PyException) return error(caught.message);
        throw caught;
      }
    },
  },
  mean: {
    params: ['numbers'],
    run(_api, numbers) {
      if (!truthy(numbers)) return error('Cannot calculate mean of an empty list');
      return onTypeError('All elements in the list must be numbers', () =>
        result(trueDivide(sum(numbers), len(numbers))),
      );
    },
  },
  standard_deviation: {
    params: ['numbers'],
    run(_api, numbers) {
      if (!truthy(numbers)) return error('Cannot calculate standard deviation of an empty list');
      return onTypeError('All elements in the list must be numbers', () => {
        const mean = trueDivide(sum(numbers), len(numbers));
        const squares = iterate(numbers).map((x) => power(subtract(x, mean), 2));
        const variance = trueDivide(sum(squares), len(numbers));
        return result(new PyFloat(Math.sqrt(numberValue(variance as PyFloat))));
      });
    },
  },
  si_unit_conversion: {
    params: ['value', 'unit_in', 'unit_out'],
    run(_api, value, unitIn, unitOut) {
      if (!isNumber(value)) return error('Value must be a number');
      if (!contains(TO_METERS, unitIn) || !contains(FROM_METERS, unitOut))
        return error(`Conversion from '${pyStr(unitIn)}' to '${pyStr(unitOut)}' is not supported`);
      const meters = multiply(value, getItem(TO_METERS, unitIn));
      return result(multiply(meters, getItem(FROM_METERS, unitOut)));
    },
  },
  imperial_si_conversion: {
    params: ['value', 'unit_in', 'unit_out'],
    run(_api, value, unitIn, unitOut) {
      if (!isNumber(value)) return error('Value must be a number');
      if (pyEq(unitIn, unitOut)) return result(value);
      const key = `${pyStr(unitIn)}_to_${pyStr(unitOut)}`;
      if (!contains(IMPERIAL, key))
        return error(`Conversion from '${pyStr(unitIn)}' to '${pyStr(unitOut)}' is not supported`);
      const factor = getItem(IMPERIAL, key);
      if (pyEq(unitIn, 'celsius') && pyEq(unitOut, 'fahrenheit')) return result(add(multiply(value, factor), 32));
      if (pyEq(unitIn, 'fahrenheit') && pyEq(unitOut, 'celsius')) return result(multiply(subtract(value, 32), factor));
      return result(multiply(value, factor));
    },
  },
  add: {
    params: ['a', 'b'],
    run(_api, a, b) {
      return onTypeError('Both inputs must be numbers', () => result(add(a, b)));
    },
  },
  subtract: {
    params: ['a', 'b'],
    run(_api, a, b) {
      return onTypeError('Both inputs must be numbers', () => result(subtract(a, b)));
    },
  },
  multiply: {
    params: ['a', 'b'],
    run(_api, a, b) {
      if (!isNumber(a) || !isNumber(b)) return error('Both inputs must be numbers');
      return result(multiply(a, b));
    },
  },
  divide: {
    params: ['a', 'b'],
    run(_api, a, b) {
      if (pyEq(b, 0)) return error('Cannot divide by zero');
      return onTypeError('Both inputs must be numbers', () => result(trueDivide(a, b)));
    },
  },
  power: {
    params: ['base', 'exponent'],
    run(_api, base, exponent) {
      return onTypeError('Both inputs must be numbers', () => result(power(base, exponent)));
    },
  },
  square_root: {
    params: ['number', 'precision'],
    run(_api, number, precision) {
      try {
        if (compare('<', number, 0)) return error('Cannot calculate square root of a negative number');
        const prec = contextPrecision(precision);
        return result(decimalSqrt(number as number | boolean | PyFloat, prec));
      } catch (caught) {
        if (caught instanceof PyException && caught.pyClass === 'TypeError')
          return error('Input must be a number or computation resulted in an invalid operation');
        throw caught;
      }
    },
  },
  absolute_value: {
    params: ['number'],
    run(_api, number) {
      return onTypeError('Input must be a number', () => result(abs(number)));
    },
  },
  round_number: {
    params: ['number', 'decimal_places'],
    defaults: { decimal_places: 0 },
    run(_api, number, decimalPlaces) {
      return onTypeError('First input must be a number, second input must be an integer', () =>
        result(round(number, decimalPlaces)),
      );
    },
  },
  percentage: {
    params: ['part', 'whole'],
    run(_api, part, whole) {
      if (pyEq(whole, 0)) return error('Whole value cannot be zero');
      return onTypeError('Both inputs must be numbers', () => result(multiply(trueDivide(part, whole), 100)));
    },
  },
  min_value: {
    params: ['numbers'],
    run(_api, numbers) {
      if (!truthy(numbers)) return error('Cannot find minimum of an empty list');
      return onTypeError('All elements in the list must be numbers', () => result(extreme(numbers, '<')));
    },
  },
  max_value: {
    params: ['numbers'],
    run(_api, numbers) {
      if (!truthy(numbers)) return error('Cannot find maximum of an empty list');
      return onTypeError('All elements in the list must be numbers', () => result(extreme(numbers, '>')));
    },
  },
  sum_values: {
    params: ['numbers'],
    run(_api, numbers) {
      if (!truthy(numbers)) return error('Cannot calculate sum of an empty list');
      return onTypeError('All elements in the list must be numbers', () => result(sum(numbers)));
    },
  },
};

export const createMathAPI: SimulatedApiFactory = () => new MathApi();
