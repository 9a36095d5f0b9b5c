import { describe, expect, test } from 'vitest';
import { PyException } from './py.js';
import { PyRandom } from './random.js';

// Every expected sequence below is what CPython 3.11.7 printed for the command written beside it.
const draws = <T>(count: number, draw: () => T): T[] => Array.from({ length: count }, draw);

describe("PyRandom draws what Python's random.Random(seed) draws", () => {
  test('randint with the default seeds of the APIs', () => {
    // python3 -c 'import random; r=random.Random(141053); print([r.randint(100000,999999) for _ in range(5)])'
    const travel = new PyRandom(141053);
    expect(draws(5, () => travel.randint(100000, 999999))).toEqual([251675, 966117, 376965, 488941, 299495]);
    // python3 -c 'import random; r=random.Random(200191); print([r.randint(10000,99999) for _ in range(5)])'
    const message = new PyRandom(200191);
    expect(draws(5, () => message.randint(10000, 99999))).toEqual([67410, 41772, 24547, 24421, 60424]);
  });

  test('random() and uniform()', () => {
    // python3 -c 'import random; r=random.Random(1053520); print([r.random() for _ in range(3)])'
    const trading = new PyRandom(1053520);
    expect(draws(3, () => trading.random())).toEqual([0.5265434537333772, 0.49429354619675814, 0.6386966422472355]);
    // python3 -c 'import random; r=random.Random(0); print([r.random() for _ in range(2)])'
    const zero = new PyRandom(0);
    expect(draws(2, () => zero.random())).toEqual([0.8444218515250481, 0.7579544029403025]);
    // python3 -c 'import random; r=random.Random(141053); print([r.uniform(-10.0, 40.0) for _ in range(3)])'
    const vehicle = new PyRandom(141053);
    expect(draws(3, () => vehicle.uniform(-10, 40))).toEqual([36.63485703790535, 31.29968928699752, 8.546173419897784]);
  });

  test('the state is regenerated every 624 draws', () => {
    // python3 -c 'import random; r=random.Random(141053); print([r.getrandbits(32) for _ in range(1250)][-3:])'
    const random = new PyRandom(141053);
    expect(draws(1250, () => random.getrandbits(32)).slice(-3)).toEqual([2043892548, 3059175210, 2719184498]);
  });

  test('seeds of more than one 32-bit word, and negative seeds (abs)', () => {
    // python3 -c 'import random; r=random.Random(2**32); print(r.random())'
    expect(new PyRandom(2 ** 32).random()).toBe(0.11299430095636409);
    // python3 -c 'import random; r=random.Random(2**32-1); print(r.random())'
    expect(new PyRandom(2 ** 32 - 1).random()).toBe(0.6353574441341173);
    // python3 -c 'import random; r=random.Random(2**64-1); print([r.randint(1, 6) for _ in range(10)])'
    const dice = new PyRandom(2n ** 64n - 1n);
    expect(draws(10, () => dice.randint(1, 6))).toEqual([1, 2, 3, 5, 2, 4, 5, 1, 3, 6]);
    // python3 -c 'import random; r=random.Random(-(2**70+5)); print([r.randint(100000000000, 999999999999) for _ in range(3)])'
    const cards = new PyRandom(-(2n ** 70n + 5n));
    expect(draws(3, () => cards.randint(100000000000, 999999999999))).toEqual([
      527206651051, 789234319633, 483834391328,
    ]);
    // python3 -c 'import random; r=random.Random(2**100+3); print(r.randint(0, 2**53-2))'
    expect(new PyRandom(2n ** 100n + 3n).randint(0, 2 ** 53 - 2)).toBe(2692555184847622);
  });

  test('getrandbits of more than 32 bits takes the low word first', () => {
    // python3 -c 'import random; r=random.Random(2**40+12345); print([r.getrandbits(32) for _ in range(3)],
    //   r.getrandbits(40), r.getrandbits(53), r.getrandbits(1), r.getrandbits(0))'
    const random = new PyRandom(2 ** 40 + 12345);
    expect(draws(3, () => random.getrandbits(32))).toEqual([1332995613, 1500173691, 493462063]);
    expect(random.getrandbits(40)).toBe(584132290922);
    expect(random.getrandbits(53)).toBe(1837799923402554);
    expect(random.getrandbits(1)).toBe(0);
    expect(random.getrandbits(0)).toBe(0);
  });

  test("Python's errors", () => {
    // python3 -c 'import random; r=random.Random(5); r.getrandbits(-1)' → ValueError: number of bits must be non-negative
    expect(() => new PyRandom(5).getrandbits(-1)).toThrow(
      new PyException('ValueError', 'number of bits must be non-negative'),
    );
    // python3 -c 'import random; r=random.Random(5); r.randint(5,3)' → ValueError: empty range for randrange() (5, 4, -1)
    expect(() => new PyRandom(5).randint(5, 3)).toThrow('empty range for randrange() (5, 4, -1)');
    expect(() => new PyRandom(1.5)).toThrow(RangeError);
  });
});
