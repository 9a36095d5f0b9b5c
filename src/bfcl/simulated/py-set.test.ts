import { describe, expect, test } from 'vitest';
import { PyIntSet } from './py-set.js';
import { PyRandom } from './random.js';

describe("a Python set of ints, listed in CPython's table order", () => {
  test('the message ids MessageAPI draws, across the resizes of the table', () => {
    // python3 -c 'import random; s=set(); r=random.Random(200191)
    //   [s.add(r.randint(10000,99999)) for _ in range(40)]; print(s)'
    const set = new PyIntSet();
    const random = new PyRandom(200191);
    for (let k = 0; k < 40; k++) set.add(random.randint(10000, 99999));
    expect(set.pyRepr()).toBe(
      '{60424, 82826, 53004, 99597, 66702, 16019, 45588, 90263, 42394, 54564, 41772, 22446, 84149, 15418, 22848, 67787, 33485, 15821, 80719, 12880, 16592, 67410, 67669, 85461, 15831, 85079, 44250, 59741, 24547, 20323, 24421, 40423, 54378, 91372, 69233, 29297, 81396, 30966, 95478, 63997}',
    );
    expect(set.size).toBe(40);
  });

  test('negative ints and big ones hash as CPython hashes them; == ignores the order', () => {
    // python3 -c 's=set(); [s.add(v) for v in [5, 13, 21, 8, -1, 2**52, 0, -2]]; print(s)'
    const set = new PyIntSet();
    for (const value of [5, 13, 21, 8, -1, 2 ** 52, 0, -2]) set.add(value);
    expect(set.pyRepr()).toBe('{4503599627370496, 0, 5, 8, 13, 21, -2, -1}');
    const other = new PyIntSet();
    for (const value of [-2, -1, 0, 5, 8, 13, 21, 2 ** 52, 5]) other.add(value);
    expect(set.pyEq(other)).toBe(true);
    expect(new PyIntSet().pyRepr()).toBe('set()');
    expect(set.has(true)).toBe(false);
  });
});
