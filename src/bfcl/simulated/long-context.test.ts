import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as data from './long-context.js';
import { type PyData, PyFloat, pyEq, pyRepr } from './py.js';

/**
 * Name, len() and sha256 of repr() of every constant, as Python prints them:
 * git -C /work/.mirror/ShishirPatil+gorilla/repo archive HEAD berkeley-function-call-leaderboard/bfcl_eval/eval_checker/multi_turn_eval | tar -x -C /tmp/gorilla
 * cd /tmp/gorilla/berkeley-function-call-leaderboard && PYTHONPATH=. python3 -c "
 * import hashlib
 * import bfcl_eval.eval_checker.multi_turn_eval.func_source_code.long_context as m
 * for k, v in vars(m).items():
 *   if not k.startswith('_'): print(k, len(v), hashlib.sha256(repr(v).encode()).hexdigest())"
 */
const PYTHON: [string, number, string][] = [
  ['WATCH_LIST_EXTENSION', 1001, 'b05ae646f0cea01d634e0324d5d9f876f421ae48d29761700131a080b0cb4729'],
  ['TRANSACTION_HISTORY_EXTENSION', 1000, '4bc4237354da40d0fba5cfe8dc1b1d17e695145a89c24f1386837cfc3893ca1a'],
  ['MA_5_EXTENSION', 2000, 'd31eacce6600e39b7dd2a87200c62e252882f63dc832245b701c4a83359da1ce'],
  ['MA_20_EXTENSION', 2000, '02d40275df50e36894fa8a5b9efaed9d7cf781d634d792091955c7d8b311f83d'],
  ['TECHNOLOGY_EXTENSION', 1000, '8a7b132e728c228977f4b6c16952fea0ea104a0debffb42fa76f443b8bf1d2f9'],
  ['AUTOMOBILE_EXTENSION', 1000, 'b2193828e3ff5c8476bf38b2dc99caca00113a0543e632a1c87c23d450290f02'],
  ['ORDER_DETAIL_EXTENSION', 8, '4cf5aca5a15db8e443de51ef3d56cbf17b1e39f1679df93c39c21d95504d31ad'],
  ['FILE_CONTENT_EXTENSION', 3251, '70bf69488345cccfc7e594d8307d0007e4eda9343c939f237ee8cd3df9e68545'],
  ['POPULATE_FILE_EXTENSION', 30, '8365debdf2427e2ce788a4919fa7b37985df5755c058bf85205a4922427f04b2'],
  ['CAR_STATUS_METADATA_EXTENSION', 6503, 'e2d77c62fea2f654687451dcd7a3390ed56ebd1e65fd202ddfdb7ce7567549be'],
  ['LONG_WEATHER_EXTENSION', 15, '557637beecfcdbbf26b5d9aa0c01d0b7e3e0dd9f555ea8c83dadbd97ba95ec70'],
  ['PARKING_BRAKE_INSTRUCTION', 9710, '7c675129152f19ed31e28d16421ad189c7dce1f2ada79a3abc7f6c3645cfdf3a'],
  ['INTERMEDIARY_CITIES', 826, '5296eb4988fb1215f6c55567d160a235641509c9e1abce519e1aa284abbb0273'],
  ['CREDIT_CARD_EXTENSION', 22, '67d42830a15de3f2a3a6233e2b7f902a20e8f17e2a701ab09672d91704fb9ccc'],
  ['BOOKING_RECORD_EXTENSION', 16, 'b006ecb0d947365126bfc04e1ae5913d16c8cad4b09c189631ec938a1631aab1'],
  ['FILES_TAIL_USED', 9, 'e7996dea44cb77e86d0f01b80e10f0497cc57921be2ae95bf65206f5bcbbbf60'],
];

function length(value: PyData): number {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  return (value as Map<unknown, unknown>).size;
}

describe('long_context data', () => {
  const exported = data as unknown as Record<string, PyData>;

  it.each(PYTHON)('%s has the length and repr Python gives', (name, size, sha256) => {
    const value = exported[name] as PyData;
    expect(length(value)).toBe(size);
    expect(createHash('sha256').update(pyRepr(value)).digest('hex')).toBe(sha256);
  });

  it('exports exactly the constants of the module (and Ellipsis)', () => {
    expect(Object.keys(exported).sort()).toEqual([...PYTHON.map(([name]) => name), 'ELLIPSIS'].sort());
  });

  it('keeps floats and ints apart and ends the watch list with Ellipsis', () => {
    expect(data.MA_5_EXTENSION[0]).toEqual(new PyFloat(234.34));
    const day = data.LONG_WEATHER_EXTENSION.get('-1_day');
    expect(pyRepr(day as PyData)).toBe(
      "{'windSpeed': 15.0, 'humidity': 75.0, 'precipitation': 5.0, 'uvIndex': 6, 'visibility': 8.0, 'airPressure': 1010.0, 'dewPoint': 10.0}",
    );
    expect(pyRepr(data.WATCH_LIST_EXTENSION.slice(-2))).toBe("['ZRFRE', Ellipsis]");
    expect(pyEq(data.ELLIPSIS, data.ELLIPSIS)).toBe(true);
    expect(pyEq(data.ELLIPSIS, 'Ellipsis')).toBe(false);
    expect(pyRepr(data.TRANSACTION_HISTORY_EXTENSION[0] as PyData)).toBe(
      "{'type': 'deposit', 'amount': 9933.53, 'timestamp': '2024-05-01 22:14:05.858817'}",
    );
  });
});
