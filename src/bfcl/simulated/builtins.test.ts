import { describe, expect, it } from 'vitest';
import { abs, compareStr, deepCopy, formatFixed, mod, splitLines, splitWords, stripChars, toInt } from './builtins.js';
import { type PyData, PyDict, PyFloat, pyRepr } from './py.js';

/** `str(e)` of what `run` raises, prefixed by the exception's class, as Python prints `f'{type(e).__name__}: {e}'`. */
function raised(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return `${(error as { pyClass?: string }).pyClass}: ${(error as Error).message}`;
  }
  return 'no exception';
}

const f = (value: number): PyFloat => new PyFloat(value);

// Every expected value below is what python3 (3.11) printed for the same expression, e.g.
// python3 -c "print([f'{x:.2f}' for x in [0.125, 0.375, 2.675, 1.005, -0.125, 0.5, 1.5, 2.5, 11360.5, 10000, -0.001, 1e-9]])"
describe('builtins', () => {
  it('formats :.2f as Python: the exact double rounded half to even', () => {
    const values = [
      f(0.125),
      f(0.375),
      f(2.675),
      f(1.005),
      f(-0.125),
      f(0.5),
      f(1.5),
      f(2.5),
      f(11360.5),
      10000,
      f(-0.001),
      f(1e-9),
    ];
    expect(values.map((value) => formatFixed(value, 2))).toEqual([
      '0.12',
      '0.38',
      '2.67',
      '1.00',
      '-0.12',
      '0.50',
      '1.50',
      '2.50',
      '11360.50',
      '10000.00',
      '-0.00',
      '0.00',
    ]);
    expect(raised(() => formatFixed('a', 2))).toBe("ValueError: Unknown format code 'f' for object of type 'str'");
    expect(raised(() => formatFixed(null, 2))).toBe(
      'TypeError: unsupported format string passed to NoneType.__format__',
    );
  });

  it("takes % with the divisor's sign, ints staying ints", () => {
    // python3 -c "print([x % y for x,y in [(7,3),(-7,3),(7,-3),(-7,-3)]], [x % y for x,y in [(7.5,2),(-7.5,2),(7.5,-2),(-0.0,5),(0.0,-5),(65.0,5),(63.0,5)]])"
    expect([mod(7, 3), mod(-7, 3), mod(7, -3), mod(-7, -3)]).toEqual([1, 2, -2, -1]);
    expect(
      [
        mod(f(7.5), 2),
        mod(f(-7.5), 2),
        mod(f(7.5), -2),
        mod(f(-0.0), 5),
        mod(f(0.0), -5),
        mod(f(65.0), 5),
        mod(f(63.0), 5),
      ].map((value) => pyRepr(value)),
    ).toEqual(['1.5', '0.5', '-0.5', '0.0', '0.0', '0.0', '3.0']);
    // Python prints -0.0 there; python-values.ts floatRepr prints -0 as 0.0 (the value itself is -0).
    expect(Object.is((mod(f(0.0), -5) as PyFloat).value, -0)).toBe(true);
    expect(raised(() => mod(5, 0))).toBe('ZeroDivisionError: integer modulo by zero');
    expect(raised(() => mod(f(5), 0))).toBe('ZeroDivisionError: float modulo');
    expect(raised(() => mod([], 2))).toBe("TypeError: unsupported operand type(s) for %: 'list' and 'int'");
  });

  it('converts with int() and takes abs() as Python', () => {
    expect([toInt('  42 '), toInt('-1_000'), toInt('+7'), toInt(f(3.9)), toInt(f(-3.9)), toInt(true)]).toEqual([
      42, -1000, 7, 3, -3, 1,
    ]);
    expect(['4.5', '1__0', '', 'x'].map((text) => raised(() => toInt(text)))).toEqual([
      "ValueError: invalid literal for int() with base 10: '4.5'",
      "ValueError: invalid literal for int() with base 10: '1__0'",
      "ValueError: invalid literal for int() with base 10: ''",
      "ValueError: invalid literal for int() with base 10: 'x'",
    ]);
    expect(raised(() => toInt(null))).toBe(
      "TypeError: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    );
    expect(raised(() => toInt(f(Number.NaN)))).toBe('ValueError: cannot convert float NaN to integer');
    expect(raised(() => toInt(f(Number.POSITIVE_INFINITY)))).toBe(
      'OverflowError: cannot convert float infinity to integer',
    );
    expect([abs(-3), abs(f(-2.5)), abs(true)].map((value) => pyRepr(value))).toEqual(['3', '2.5', '1']);
    expect(raised(() => abs('x'))).toBe("TypeError: bad operand type for abs(): 'str'");
  });

  it('splits words and lines and strips characters as str.split(), splitlines() and strip() do', () => {
    expect(splitWords('a b\t\tc\x1cd\xa0e\u3000f\n')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(splitWords(' ')).toEqual([]);
    expect(splitWords('x\x1fy')).toEqual(['x', 'y']);
    expect(splitLines('a\nb\r\nc\rd\x0be\x0cf\x1cg\x85h\u2028i\n')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
    ]);
    expect([splitLines(''), splitLines('\n'), splitLines('a\n\nb')]).toEqual([[], [''], ['a', '', 'b']]);
    expect([stripChars('//a/b//', '/', true), stripChars('//a/b//', '/', false), stripChars('/', '/', false)]).toEqual([
      'a/b',
      '//a/b',
      '',
    ]);
  });

  it('orders strs by code point, as sorted() does', () => {
    expect(['b', 'B', 'a', '\uffff', '\u{1F600}', 'é'].sort(compareStr)).toEqual([
      'B',
      'a',
      'b',
      'é',
      '\uffff',
      '\u{1F600}',
    ]);
  });

  it('deep-copies dicts and lists, keeping key order and float kinds', () => {
    const original = new PyDict([
      ['b', [1, f(2.0)]],
      [1, PyDict.of({ x: 'y' })],
    ]);
    const copy = deepCopy(original) as PyDict;
    expect(pyRepr(copy)).toBe("{'b': [1, 2.0], 1: {'x': 'y'}}");
    (copy.get('b') as PyData[]).push(3);
    expect(pyRepr(original)).toBe("{'b': [1, 2.0], 1: {'x': 'y'}}");
  });
});
