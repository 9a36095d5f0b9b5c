import { describe, expect, test } from 'vitest';
import {
  add,
  asStr,
  compare,
  contains,
  getItem,
  len,
  multiply,
  round,
  setItem,
  subtract,
  toFloat,
  trueDivide,
  truthy,
} from './ops.js';
import { type PyData, PyDict, PyFloat, PyTuple, pyRepr } from './py.js';

// The messages are Python's, printed by python3 3.11.7 for the expression beside each line.
function raised(operation: () => unknown): string {
  try {
    return `returned ${pyRepr(operation() as PyData)}`;
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

describe("Python's operators on the simulated APIs' data", () => {
  test('arithmetic keeps int and float apart', () => {
    expect(pyRepr(add(1, 2))).toBe('3');
    expect(pyRepr(add(1, new PyFloat(2)))).toBe('3.0');
    expect(pyRepr(add(true, 1))).toBe('2');
    expect(pyRepr(trueDivide(4, 2))).toBe('2.0');
    expect(pyRepr(add('a', 'b'))).toBe("'ab'");
    expect(pyRepr(add([1], [2]))).toBe('[1, 2]');
    expect(pyRepr(multiply('ab', 2))).toBe("'abab'");
    expect(pyRepr(multiply(2, new PyTuple([1])))).toBe('(1, 1)');
  });

  test("the errors Python raises, with Python's messages", () => {
    expect(raised(() => trueDivide(1, 0))).toBe('ZeroDivisionError: division by zero'); // 1/0
    expect(raised(() => trueDivide(new PyFloat(1), 0))).toBe('ZeroDivisionError: float division by zero'); // 1.0/0
    expect(raised(() => add('a', 1))).toBe('TypeError: can only concatenate str (not "int") to str'); // "a"+1
    expect(raised(() => add([1], 1))).toBe('TypeError: can only concatenate list (not "int") to list'); // [1]+1
    expect(raised(() => add(1, 'a'))).toBe("TypeError: unsupported operand type(s) for +: 'int' and 'str'"); // 1+"a"
    expect(raised(() => add(null, 1))).toBe("TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'");
    expect(raised(() => add(new PyTuple([1]), [1]))).toBe(
      'TypeError: can only concatenate tuple (not "list") to tuple',
    );
    expect(raised(() => add(new PyDict(), new PyDict()))).toBe(
      "TypeError: unsupported operand type(s) for +: 'dict' and 'dict'",
    );
    expect(raised(() => multiply('a', 'b'))).toBe("TypeError: can't multiply sequence by non-int of type 'str'");
    expect(raised(() => subtract(1, 'a'))).toBe("TypeError: unsupported operand type(s) for -: 'int' and 'str'");
    expect(raised(() => compare('<', 'a', 1))).toBe(
      "TypeError: '<' not supported between instances of 'str' and 'int'",
    );
    expect(raised(() => compare('<', [1], 1))).toBe(
      "TypeError: '<' not supported between instances of 'list' and 'int'",
    );
    expect(raised(() => contains(5, 1))).toBe("TypeError: argument of type 'int' is not iterable"); // 1 in 5
    expect(raised(() => contains('abc', 1))).toBe("TypeError: 'in <string>' requires string as left operand, not int");
    expect(raised(() => contains(new PyDict(), [1]))).toBe("TypeError: unhashable type: 'list'"); // [1] in {}
    expect(raised(() => contains(new PyDict(), new PyDict()))).toBe("TypeError: unhashable type: 'dict'");
    expect(raised(() => getItem(PyDict.of({ a: 1 }), 'b'))).toBe("KeyError: 'b'");
    expect(raised(() => getItem([1], 3))).toBe('IndexError: list index out of range');
    expect(raised(() => asStr(5, 'lower'))).toBe("AttributeError: 'int' object has no attribute 'lower'");
    expect(raised(() => len(5))).toBe("TypeError: object of type 'int' has no len()");
    expect(raised(() => toFloat('x'))).toBe("ValueError: could not convert string to float: 'x'");
    expect(raised(() => toFloat([1]))).toBe(
      "TypeError: float() argument must be a string or a real number, not 'list'",
    );
    expect(raised(() => toFloat(null))).toBe(
      "TypeError: float() argument must be a string or a real number, not 'NoneType'",
    );
  });

  test('comparisons, membership, truth and float()', () => {
    expect(compare('<', 1, new PyFloat(1.5))).toBe(true);
    expect(compare('>=', 'b', 'a')).toBe(true);
    expect(compare('<', [1, 2], [1, 3])).toBe(true);
    expect(contains([1, 2], new PyFloat(2))).toBe(true);
    expect(contains(PyDict.of({ a: 1 }), 'a')).toBe(true);
    expect(contains(new PyDict([[1, 'x']]), true)).toBe(true);
    expect(contains('abc', 'bc')).toBe(true);
    expect([null, 0, new PyFloat(0), '', [], new PyDict(), new PyTuple([])].map(truthy)).toEqual(Array(7).fill(false));
    expect(['0', [0], new PyFloat(-1)].map(truthy)).toEqual([true, true, true]);
    expect(pyRepr(toFloat(' 1_000.5 '))).toBe('1000.5'); // float(' 1_000.5 ')
    expect(pyRepr(toFloat('-Infinity'))).toBe('-inf');
    expect(raised(() => toFloat('1__0'))).toBe("ValueError: could not convert string to float: '1__0'");
  });

  test("round() as CPython's: half to even on the exact double, ints stay ints", () => {
    // python3 -c 'print(round(2.675, 2), round(0.125, 2), round(0.375, 2), round(-2.5, 0), round(1234.5678, -2),
    //   round(25, -1), round(35, -1), round(-25, -1), round(2.5), round(3.5), round(-0.5), round(1e300, 2),
    //   round(5e-324, 323), round(0.285, 2), round(1.0005, 3), round(-0.001, 2), round(True, 2))'
    // → 2.67 0.12 0.38 -2.0 1200.0 20 40 -20 2 4 0 1e+300 0.0 0.28 1.0 -0.0 1
    const f = (x: number) => new PyFloat(x);
    const results = [
      round(f(2.675), 2),
      round(f(0.125), 2),
      round(f(0.375), 2),
      round(f(-2.5), 0),
      round(f(1234.5678), -2),
      round(25, -1),
      round(35, -1),
      round(-25, -1),
      round(f(2.5), null),
      round(f(3.5), null),
      round(f(-0.5), null),
      round(f(1e300), 2),
      round(f(5e-324), 323),
      round(f(0.285), 2),
      round(f(1.0005), 3),
    ];
    expect(results.map(pyRepr).join(' ')).toBe('2.67 0.12 0.38 -2.0 1200.0 20 40 -20 2 4 0 1e+300 0.0 0.28 1.0');
    expect(Object.is((round(f(-0.001), 2) as PyFloat).value, -0)).toBe(true);
    expect(round(true, 2)).toBe(1);
    expect(raised(() => round(f(Infinity), null))).toBe('OverflowError: cannot convert float infinity to integer');
    expect(raised(() => round(f(Number.NaN), null))).toBe('ValueError: cannot convert float NaN to integer');
    expect(raised(() => round('a', 1))).toBe("TypeError: type str doesn't define __round__ method");
    expect(raised(() => round(f(1.5), f(1)))).toBe("TypeError: 'float' object cannot be interpreted as an integer");
  });

  test('an item set under an equal key keeps the key already there', () => {
    const dict = new PyDict([[1, 'a']]);
    setItem(dict, new PyFloat(1), 'b');
    setItem(dict, true, 'c');
    expect(pyRepr(dict)).toBe("{1: 'c'}"); // d = {1: 'a'}; d[1.0] = 'b'; d[True] = 'c'; print(d)
  });
});
