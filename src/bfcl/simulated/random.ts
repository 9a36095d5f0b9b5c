/**
 * CPython 3.11's `random.Random(seed)` for int seeds, bit for bit: the simulated APIs draw their ids,
 * tokens and sensor readings from it (`MessageAPI` seed 200191, `TravelAPI` and `VehicleControlAPI`
 * 141053, `TradingBot` 1053520), and those draws reach the results the leaderboard compares.
 * Mersenne Twister MT19937 seeded by `init_by_array` over the 32-bit words of `abs(seed)`
 * (`_randommodule.c` `random_seed`), `random()` from two draws (53 bits), `getrandbits(k)` from
 * ceil(k/32) draws, least significant word first, and `randrange` by rejection (`_randbelow_with_getrandbits`).
 */
import { type PyData, PyException, pyRepr } from './py.js';

const N = 624;
const M = 397;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;
const MATRIX_A = 0x9908b0df;

/** The seed a scenario's `random_seed` gives `random.Random(seed)`: toolscore ports int seeds only. */
export function intSeed(seed: PyData): number {
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) return seed;
  throw new PyException('TypeError', `toolscore seeds random.Random with ints only, not ${pyRepr(seed)}`);
}

export class PyRandom {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;

  /** `random.Random(seed)`; a bigint seed for ints beyond 2^53. */
  constructor(seed: number | bigint) {
    if (typeof seed === 'number' && !Number.isSafeInteger(seed))
      throw new RangeError(`PyRandom seeds are ints; got ${seed}`);
    let rest = BigInt(seed);
    if (rest < 0n) rest = -rest;
    // The words of abs(seed), least significant first; 0 is one word.
    const key: number[] = [];
    do {
      key.push(Number(rest & 0xffffffffn));
      rest >>= 32n;
    } while (rest > 0n);
    this.initByArray(key);
  }

  private initGenrand(seed: number): void {
    const mt = this.mt;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] as number;
      mt[i] = (Math.imul(1812433253, prev ^ (prev >>> 30)) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: readonly number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1] as number;
      mt[i] = ((mt[i] as number) ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + (key[j] as number) + j;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1] as number;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] as number;
      mt[i] = ((mt[i] as number) ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1] as number;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** One 32-bit draw (`genrand_uint32`). */
  private next(): number {
    const mt = this.mt;
    if (this.index >= N) {
      let kk = 0;
      for (; kk < N - M; kk++) {
        const y = ((mt[kk] as number) & UPPER_MASK) | ((mt[kk + 1] as number) & LOWER_MASK);
        mt[kk] = (mt[kk + M] as number) ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      for (; kk < N - 1; kk++) {
        const y = ((mt[kk] as number) & UPPER_MASK) | ((mt[kk + 1] as number) & LOWER_MASK);
        mt[kk] = (mt[kk + (M - N)] as number) ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      const y = ((mt[N - 1] as number) & UPPER_MASK) | ((mt[0] as number) & LOWER_MASK);
      mt[N - 1] = (mt[M - 1] as number) ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      this.index = 0;
    }
    let y = mt[this.index++] as number;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random()`: a float in [0, 1) with 53 random bits. */
  random(): number {
    const a = this.next() >>> 5;
    const b = this.next() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  /** `getrandbits(k)` for k up to 53 (an int fits a JS number that far). */
  getrandbits(k: number): number {
    if (k < 0) throw new PyException('ValueError', 'number of bits must be non-negative');
    if (k > 53) throw new RangeError(`PyRandom.getrandbits draws at most 53 bits; asked for ${k}`);
    if (k <= 32) return k === 0 ? 0 : this.next() >>> (32 - k);
    const low = this.next();
    return (this.next() >>> (64 - k)) * 4294967296 + low;
  }

  /** `_randbelow_with_getrandbits(n)`: an int in [0, n) by rejection over bit_length(n) bits. */
  private randbelow(n: number): number {
    const k = n.toString(2).length;
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** `randrange(start, stop)` (step 1). */
  randrange(start: number, stop: number): number {
    if (!Number.isInteger(start)) throw new PyException('ValueError', 'non-integer arg 1 for randrange()');
    if (!Number.isInteger(stop)) throw new PyException('ValueError', 'non-integer stop for randrange()');
    const width = stop - start;
    if (width <= 0) throw new PyException('ValueError', `empty range for randrange() (${start}, ${stop}, ${width})`);
    return start + this.randbelow(width);
  }

  /** `randint(a, b)`: an int in [a, b], both ends included. */
  randint(a: number, b: number): number {
    return this.randrange(a, b + 1);
  }

  /** `uniform(a, b)` = `a + (b - a) * random()`. */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }
}
