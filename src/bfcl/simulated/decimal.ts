/**
 * The part of Python's `decimal` `MathAPI.square_root` uses: `getcontext().prec = precision`,
 * `Decimal(number).sqrt()` and the result's `repr` (`Decimal('1.414213562')`), which the executor prints.
 * `Decimal(float)` is the float's exact value; `sqrt` follows `_pydecimal` (libmpdec gives the same):
 * correctly rounded half to even to `prec` digits, an exact root shown at the ideal exponent `exp // 2`.
 */
import { exactRatio, numberValue } from './ops.js';
import { type PyData, PyException, PyFloat, type PyObject } from './py.js';

/** A finite Decimal: (-1)^sign · coefficient · 10^exp. */
interface Decimal {
  readonly negative: boolean;
  readonly coefficient: bigint;
  readonly exp: number;
}

/** The largest `getcontext().prec` toolscore computes, far beyond any call, short of hanging on a hostile one. */
const MAX_PREC = 100000;

/** `getcontext().prec = value`: an int in [1, MAX_PREC], else Python's error. */
export function contextPrecision(value: PyData): number {
  if (typeof value !== 'number' && typeof value !== 'boolean')
    throw new PyException('TypeError', 'an integer is required');
  const prec = numberValue(value);
  if (prec < 1) throw new PyException('ValueError', 'valid range for prec is [1, MAX_PREC]');
  if (prec > MAX_PREC)
    throw new PyException('OverflowError', `toolscore computes decimal square roots to at most ${MAX_PREC} digits`);
  return prec;
}

/** `Decimal(number)` of an int, bool or float: exact. */
function fromNumber(value: number | boolean | PyFloat): Decimal {
  if (!(value instanceof PyFloat)) {
    const int = BigInt(numberValue(value));
    return { negative: int < 0n, coefficient: int < 0n ? -int : int, exp: 0 };
  }
  const x = value.value;
  if (!Number.isFinite(x)) throw new RangeError('toolscore takes square roots of finite floats only');
  // float.as_integer_ratio(): the fraction in lowest terms.
  let [num, den] = exactRatio(x);
  while (den > 1n && (num & 1n) === 0n) {
    num >>= 1n;
    den >>= 1n;
  }
  const k = den.toString(2).length - 1;
  const magnitude = num < 0n ? -num : num;
  return { negative: x < 0 || Object.is(x, -0), coefficient: magnitude * 5n ** BigInt(k), exp: -k };
}

/** `Decimal(number).sqrt()` under precision `prec` (number not negative: the caller checks `number < 0`). */
export function decimalSqrt(number: number | boolean | PyFloat, prec: number): PyObject {
  const value = fromNumber(number);
  if (value.coefficient === 0n) return decimalObject({ ...value, exp: Math.floor(value.exp / 2) });
  const working = prec + 1;
  let e = value.exp >> 1;
  const digits = value.coefficient.toString().length;
  let c: bigint;
  let l: number;
  if (value.exp & 1) {
    c = value.coefficient * 10n;
    l = (digits >> 1) + 1;
  } else {
    c = value.coefficient;
    l = (digits + 1) >> 1;
  }
  const shift = working - l;
  let exact: boolean;
  if (shift >= 0) {
    c *= 100n ** BigInt(shift);
    exact = true;
  } else {
    const scale = 100n ** BigInt(-shift);
    exact = c % scale === 0n;
    c /= scale;
  }
  e -= shift;
  let n = 10n ** BigInt(working);
  for (;;) {
    const q = c / n;
    if (n <= q) break;
    n = (n + q) >> 1n;
  }
  exact = exact && n * n === c;
  if (exact) {
    if (shift >= 0) n /= 10n ** BigInt(shift);
    else n *= 10n ** BigInt(-shift);
    e += shift;
  } else if (n % 5n === 0n) n += 1n;
  return decimalObject(fix({ negative: false, coefficient: n, exp: e }, prec));
}

/** `_fix`: the coefficient rounded half to even to `prec` digits. */
function fix(value: Decimal, prec: number): Decimal {
  const digits = value.coefficient.toString().length;
  if (digits <= prec) return value;
  const drop = BigInt(digits - prec);
  const scale = 10n ** drop;
  let kept = value.coefficient / scale;
  const rest = value.coefficient % scale;
  const twice = 2n * rest;
  if (twice > scale || (twice === scale && kept % 2n === 1n)) kept += 1n;
  let exp = value.exp + Number(drop);
  if (kept.toString().length > prec) {
    kept /= 10n;
    exp += 1;
  }
  return { negative: value.negative, coefficient: kept, exp };
}

/** `str(Decimal)`: the to-scientific-string of the decimal specification. */
function decimalStr(value: Decimal): string {
  const digits = value.coefficient.toString();
  const leftDigits = value.exp + digits.length;
  const dotPlace = value.exp <= 0 && leftDigits > -6 ? leftDigits : 1;
  let intPart: string;
  let fracPart: string;
  if (dotPlace <= 0) {
    intPart = '0';
    fracPart = `.${'0'.repeat(-dotPlace)}${digits}`;
  } else if (dotPlace >= digits.length) {
    intPart = digits + '0'.repeat(dotPlace - digits.length);
    fracPart = '';
  } else {
    intPart = digits.slice(0, dotPlace);
    fracPart = `.${digits.slice(dotPlace)}`;
  }
  const exponent = leftDigits === dotPlace ? '' : `E${leftDigits - dotPlace >= 0 ? '+' : ''}${leftDigits - dotPlace}`;
  return `${value.negative ? '-' : ''}${intPart}${fracPart}${exponent}`;
}

function decimalObject(value: Decimal): PyObject {
  const text = `Decimal('${decimalStr(value)}')`;
  return {
    pyClass: 'Decimal',
    pyEq: (other) => other !== null && typeof other === 'object' && 'pyRepr' in other && other.pyRepr() === text,
    pyRepr: () => text,
  };
}
