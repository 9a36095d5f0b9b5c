/**
 * The part of mpmath 1.3.0 `MathAPI.logarithm` uses: `mp.dps = precision`, `mpmath.log(value) /
 * mpmath.log(base)` and the `repr` of the result (`mpf('2.299121531134')`, `mpc(real=..., imag=...)`),
 * which the executor prints into the results. Binary floats of `prec` bits on BigInt, rounded to nearest
 * (ties to even) as mpmath's context rounds: conversions, division and the complex division of
 * `libmpc.py`, a logarithm correctly rounded from 80 guard bits (mpmath computes it with 20 and rounds the
 * same way, so the two agree unless the true value lies within 2^-20 of an ulp from a rounding tie), and
 * `libmpf.to_str` ported line for line.
 */
import { exactRatio, isNumber, numberValue, typeName } from './ops.js';
import { type PyData, PyException, PyFloat, type PyObject, pyRepr } from './py.js';

/** A raw mpf: `man · 2^exp` with `man` odd, or one of the special values. */
export type Mpf = { readonly man: bigint; readonly exp: number } | 'zero' | '+inf' | '-inf' | 'nan';
type Rounding = 'n' | 'd';

/** math.log(10, 2) as Python computes it. */
const LOG2_10 = 3.3219280948873626;
const GUARD_BITS = 80;
/** The largest `mp.dps` toolscore computes: far beyond any call, short of hanging on a hostile one. */
const MAX_DPS = 5000;

function bitLength(n: bigint): number {
  return n === 0n ? 0 : (n < 0n ? -n : n).toString(2).length;
}

function normalize(man: bigint, exp: number): Mpf {
  if (man === 0n) return 'zero';
  let m = man;
  let e = exp;
  while ((m & 1n) === 0n) {
    m >>= 1n;
    e += 1;
  }
  return { man: m, exp: e };
}

/** num/den · 2^exp rounded to `prec` bits (den > 0); prec 0 is exact (den 1 only). */
function roundRatio(num: bigint, den: bigint, exp: number, prec: number, rounding: Rounding = 'n'): Mpf {
  if (num === 0n) return 'zero';
  if (prec === 0) return normalize(num, exp);
  const negative = num < 0n;
  const n = negative ? -num : num;
  const shift = prec + 2 - (bitLength(n) - bitLength(den));
  const scaled = shift >= 0 ? n << BigInt(shift) : n;
  const divisor = shift >= 0 ? den : den << BigInt(-shift);
  const quotient = scaled / divisor;
  const sticky = scaled % divisor !== 0n;
  const extra = bitLength(quotient) - prec;
  let kept = quotient >> BigInt(extra);
  if (rounding === 'n') {
    const rest = quotient & ((1n << BigInt(extra)) - 1n);
    const half = 1n << BigInt(extra - 1);
    if (rest > half || (rest === half && (sticky || (kept & 1n) === 1n))) kept += 1n;
  }
  return normalize(negative ? -kept : kept, exp - shift + extra);
}

function isFinite(x: Mpf): x is Exclude<Mpf, string> {
  return typeof x === 'object';
}

function sign(x: Mpf): number {
  if (isFinite(x)) return x.man < 0n ? -1 : 1;
  return x === '+inf' ? 1 : x === '-inf' ? -1 : 0;
}

function neg(x: Mpf): Mpf {
  if (isFinite(x)) return { man: -x.man, exp: x.exp };
  return x === '+inf' ? '-inf' : x === '-inf' ? '+inf' : x;
}

/** `mpf_mul` without rounding. */
function mul(a: Mpf, b: Mpf): Mpf {
  if (isFinite(a) && isFinite(b)) return { man: a.man * b.man, exp: a.exp + b.exp };
  if (a === 'nan' || b === 'nan') return 'nan';
  if (a === 'zero' || b === 'zero')
    return a === 'zero' && b === 'zero' ? 'zero' : isFinite(a) || isFinite(b) ? 'zero' : 'nan';
  return sign(a) * sign(b) > 0 ? '+inf' : '-inf';
}

/** `mpf_add` rounded to `prec` bits. */
function addRounded(a: Mpf, b: Mpf, prec: number, rounding: Rounding): Mpf {
  if (a === 'zero') return isFinite(b) ? roundRatio(b.man, 1n, b.exp, prec, rounding) : b;
  if (b === 'zero') return isFinite(a) ? roundRatio(a.man, 1n, a.exp, prec, rounding) : a;
  if (!isFinite(a) || !isFinite(b)) {
    if (a === 'nan' || b === 'nan') return 'nan';
    if (isFinite(a)) return b;
    if (isFinite(b)) return a;
    return a === b ? a : 'nan';
  }
  const exp = Math.min(a.exp, b.exp);
  const sum = (a.man << BigInt(a.exp - exp)) + (b.man << BigInt(b.exp - exp));
  return roundRatio(sum, 1n, exp, prec, rounding);
}

/** `mpf_div` rounded to nearest; dividing by zero is Python's `ZeroDivisionError` with no message. */
function div(a: Mpf, b: Mpf, prec: number): Mpf {
  if (isFinite(a) && isFinite(b)) {
    const num = b.man < 0n ? -a.man : a.man;
    return roundRatio(num, b.man < 0n ? -b.man : b.man, a.exp - b.exp, prec);
  }
  if (a === 'zero') {
    if (b === 'zero') throw new PyException('ZeroDivisionError', '');
    return b === 'nan' ? 'nan' : 'zero';
  }
  if (b === 'zero') throw new PyException('ZeroDivisionError', '');
  if (a === 'nan' || b === 'nan') return 'nan';
  if (!isFinite(a) && !isFinite(b)) return 'nan';
  if (isFinite(b)) return sign(a) * sign(b) > 0 ? '+inf' : '-inf';
  return 'zero';
}

/** A Python int, float, bool or numeric str as mpmath's `convert` makes it (a str rounded to `prec`). */
export function toMpf(value: PyData, prec: number): Mpf {
  if (typeof value === 'number' || typeof value === 'boolean') return normalize(BigInt(numberValue(value)), 0);
  if (value instanceof PyFloat) {
    if (Number.isNaN(value.value)) return 'nan';
    if (!Number.isFinite(value.value)) return value.value > 0 ? '+inf' : '-inf';
    const [num, den] = exactRatio(value.value);
    return normalize(num, -(bitLength(den) - 1));
  }
  if (typeof value === 'string') {
    const parsed = fromStr(value, prec);
    if (parsed !== undefined) return parsed;
  }
  throw new PyException('TypeError', `cannot create mpf from ${pyRepr(value)}`);
}

/** `libmpf.from_str`: special names, `p/q`, and Python float literals. */
function fromStr(text: string, prec: number): Mpf | undefined {
  const x = text.toLowerCase().trim();
  const special: Record<string, Mpf> = { inf: '+inf', '+inf': '+inf', '-inf': '-inf', nan: 'nan' };
  if (Object.hasOwn(special, x)) return special[x];
  const integer = /^\s*[+-]?\d+(_\d+)*\s*$/;
  if (x.includes('/')) {
    const [p, q] = x.split('/') as [string, string];
    if (x.split('/').length !== 2 || !integer.test(p) || !integer.test(q)) return undefined;
    const [num, den] = [BigInt(p.trim().replaceAll('_', '')), BigInt(q.trim().replaceAll('_', ''))];
    if (den === 0n) throw new PyException('ZeroDivisionError', '');
    return roundRatio(den < 0n ? -num : num, den < 0n ? -den : den, 0, prec);
  }
  const literal = /^([+-]?)(\d+(?:_\d+)*)?(?:\.(\d+(?:_\d+)*)?)?(?:e([+-]?\d+(?:_\d+)*))?$/.exec(x);
  if (literal === null || (literal[2] === undefined && literal[3] === undefined)) return undefined;
  const whole = (literal[2] ?? '').replaceAll('_', '');
  const fraction = (literal[3] ?? '').replaceAll('_', '');
  const exponent = Number((literal[4] ?? '0').replaceAll('_', '')) - fraction.length;
  const digits = BigInt(`${literal[1]}${whole}${fraction}` || '0');
  if (exponent >= 0) return roundRatio(digits * 10n ** BigInt(exponent), 1n, 0, prec);
  return roundRatio(digits, 10n ** BigInt(-exponent), 0, prec);
}

/** 2·atanh(y) for y = Y / 2^w, in the same fixed point (the series summed on |y|, then signed). */
function twiceAtanh(y: bigint, w: number): bigint {
  const magnitude = y < 0n ? -y : y;
  const square = (magnitude * magnitude) >> BigInt(w);
  let term = magnitude;
  let sum = 0n;
  for (let k = 1n; term !== 0n; k += 2n) {
    sum += term / k;
    term = (term * square) >> BigInt(w);
  }
  return y < 0n ? -2n * sum : 2n * sum;
}

/** atan(1/n) in fixed point of w bits. */
function atanInverse(n: bigint, w: number): bigint {
  const square = n * n;
  let term = (1n << BigInt(w)) / n;
  let sum = 0n;
  for (let k = 1n, positive = true; term !== 0n; k += 2n, positive = !positive) {
    sum += positive ? term / k : -(term / k);
    term /= square;
  }
  return sum;
}

/** ln(x) for a finite positive x, in fixed point of w bits (error a few units of the last place). */
function lnFixed(x: { man: bigint; exp: number }, w: number): bigint {
  const bits = bitLength(x.man);
  // x = m · 2^k with m in [1/√2, √2).
  let unit = 1n << BigInt(bits - 1);
  let k = x.exp + bits - 1;
  if (x.man * x.man > 1n << BigInt(2 * bits - 1)) {
    unit <<= 1n;
    k += 1;
  }
  const lnM = twiceAtanh(((x.man - unit) << BigInt(w)) / (x.man + unit), w);
  const ln2 = twiceAtanh((1n << BigInt(w)) / 3n, w);
  return lnM + BigInt(k) * ln2;
}

/** A real or complex mpmath number as `logarithm` returns it. */
export type MpNumber = Mpf | { readonly re: Mpf; readonly im: Mpf };

/** `mpmath.log(x)` at `prec` bits: a complex result for negative x, as mpmath returns. */
export function log(x: Mpf, prec: number): MpNumber {
  if (x === 'zero') return '-inf';
  if (x === 'nan' || x === '+inf') return x;
  if (sign(x) < 0) {
    const magnitude = neg(x);
    const w = prec + GUARD_BITS;
    const pi = 16n * atanInverse(5n, w) - 4n * atanInverse(239n, w);
    return { re: log(magnitude, prec) as Mpf, im: roundRatio(pi, 1n, -w, prec) };
  }
  const finite = x as { man: bigint; exp: number };
  if (finite.man === 1n && finite.exp === 0) return 'zero';
  const w = prec + GUARD_BITS + bitLength(BigInt(Math.abs(finite.exp) + 1));
  return roundRatio(lnFixed(finite, w), 1n, -w, prec);
}

/** `a / b` for the real and complex numbers of `log` (mpmath's `mpc_div_mpf`, `mpc_mpf_div`, `mpc_div`). */
export function divide(a: MpNumber, b: MpNumber, prec: number): MpNumber {
  const complex = (x: MpNumber) => typeof x === 'object' && 're' in x;
  if (!complex(a) && !complex(b)) return div(a as Mpf, b as Mpf, prec);
  if (!complex(b)) {
    const z = a as { re: Mpf; im: Mpf };
    return { re: div(z.re, b as Mpf, prec), im: div(z.im, b as Mpf, prec) };
  }
  const { re: c, im: d } = b as { re: Mpf; im: Mpf };
  if (!complex(a)) {
    const p = a as Mpf;
    const m = addRounded(mul(c, c), mul(d, d), prec + 10, 'd');
    return { re: div(mul(c, p), m, prec), im: div(neg(mul(d, p)), m, prec) };
  }
  const { re: x, im: y } = a as { re: Mpf; im: Mpf };
  const wp = prec + 10;
  const m = addRounded(mul(c, c), mul(d, d), wp, 'd');
  const t = addRounded(mul(x, c), mul(y, d), wp, 'd');
  const u = addRounded(mul(y, c), neg(mul(x, d)), wp, 'd');
  return { re: div(t, m, prec), im: div(u, m, prec) };
}

/** Python's round() of a float to an int (ties to even), as mpmath's precision conversions use it. */
function roundFloat(x: number): number {
  const nearest = Math.round(x);
  return Math.abs(x % 1) === 0.5 ? 2 * Math.round(x / 2) : nearest;
}

/** `int(n)` of a precision as mpmath's setters take it (a float truncated, a str parsed). */
function pyInt(value: PyData): number {
  if (isNumber(value)) {
    const number = numberValue(value);
    if (Number.isNaN(number)) throw new PyException('ValueError', 'cannot convert float NaN to integer');
    if (!Number.isFinite(number)) throw new PyException('OverflowError', 'cannot convert float infinity to integer');
    return Math.trunc(number);
  }
  if (typeof value === 'string') {
    if (/^\s*[+-]?\d+(_\d+)*\s*$/.test(value)) return Number(value.trim().replaceAll('_', ''));
    throw new PyException('ValueError', `invalid literal for int() with base 10: ${pyRepr(value)}`);
  }
  throw new PyException(
    'TypeError',
    `int() argument must be a string, a bytes-like object or a real number, not '${typeName(value)}'`,
  );
}

/** `mp.dps = n`: the working precision in bits (`dps_to_prec`). */
export function precisionOfDps(n: PyData): number {
  const dps = pyInt(n);
  if (dps > MAX_DPS)
    throw new PyException('OverflowError', `toolscore computes mpmath to at most ${MAX_DPS} digits, not ${dps}`);
  return Math.max(1, roundFloat((dps + 1) * LOG2_10));
}

function precToDps(prec: number): number {
  return Math.max(1, roundFloat(prec / LOG2_10) - 1);
}

/** `repr_dps(prec)`: the digits `repr` prints. */
function reprDps(prec: number): number {
  const dps = precToDps(prec);
  return dps === 15 ? 17 : dps + 3;
}

/** `to_digits_exp(s, dps)`: the digits of a positive finite value, rounded toward zero. */
function toDigitsExp(x: { man: bigint; exp: number }, dps: number): [string, number] {
  const bits = bitLength(x.man);
  if (Math.abs(x.exp + bits) > 3500) throw new RangeError('toolscore prints mpf values of magnitude below 2^3500');
  const bitprec = Math.trunc(dps * LOG2_10) + 10;
  const fixprec = Math.max(bitprec - x.exp - bits, 0);
  const fixdps = Math.trunc(fixprec / LOG2_10 + 0.5);
  const offset = x.exp + fixprec;
  const fixed = offset >= 0 ? x.man << BigInt(offset) : x.man >> BigInt(-offset);
  const digits = ((fixed * 10n ** BigInt(fixdps)) >> BigInt(fixprec)).toString();
  return [digits, digits.length - fixdps - 1];
}

/** `libmpf.to_str(s, dps)` with its defaults. */
function toStr(x: Mpf, dps: number): string {
  if (!isFinite(x)) return x === 'zero' ? '0.0' : x;
  const negative = x.man < 0n;
  let [digits, exponent] = toDigitsExp(negative ? { man: -x.man, exp: x.exp } : x, dps + 3);
  const minFixed = Math.min(-Math.floor(dps / 3), -5);
  const maxFixed = dps;
  if (digits.length > dps && '56789'.includes(digits[dps] as string)) {
    digits = digits.slice(0, dps);
    let i = dps - 1;
    while (i >= 0 && digits[i] === '9') i--;
    if (i >= 0) digits = digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(dps - i - 1);
    else {
      digits = `1${'0'.repeat(dps - 1)}`;
      exponent += 1;
    }
  } else digits = digits.slice(0, dps);
  let split = 1;
  if (minFixed < exponent && exponent < maxFixed) {
    if (exponent < 0) digits = '0'.repeat(-exponent) + digits;
    else {
      split = exponent + 1;
      if (split > dps) digits += '0'.repeat(split - dps);
    }
    exponent = 0;
  }
  digits = `${digits.slice(0, split)}.${digits.slice(split)}`.replace(/0+$/, '');
  if (digits.endsWith('.')) digits += '0';
  const sign = negative ? '-' : '';
  if (exponent === 0) return sign + digits;
  return exponent > 0 ? `${sign}${digits}e+${exponent}` : `${sign}${digits}e${exponent}`;
}

/** An mpmath number as a Python object: its `repr` at the precision it was computed with. */
export function mpObject(value: MpNumber, prec: number): PyObject {
  const digits = reprDps(prec);
  const complex = typeof value === 'object' && 're' in value;
  const text = complex
    ? `mpc(real='${toStr(value.re, digits)}', imag='${toStr(value.im, digits)}')`
    : `mpf('${toStr(value as Mpf, digits)}')`;
  return {
    pyClass: complex ? 'mpc' : 'mpf',
    pyEq: (other) => other !== null && typeof other === 'object' && 'pyRepr' in other && other.pyRepr() === text,
    pyRepr: () => text,
  };
}
