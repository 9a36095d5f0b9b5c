import { describe, expect, test } from 'vitest';
import { decodeAnyValue, isAnyValue, nanosToSeconds, pickAttributes, toUnixNanos } from './otlp-values.js';

describe('OTLP AnyValue decoding', () => {
  test('scalars: strings, ints as strings or numbers, doubles, booleans, bytes', () => {
    expect(decodeAnyValue({ stringValue: 'get_weather' })).toBe('get_weather');
    expect(decodeAnyValue({ intValue: '443' })).toBe(443);
    expect(decodeAnyValue({ intValue: 75 })).toBe(75);
    expect(decodeAnyValue({ intValue: '-12' })).toBe(-12);
    expect(decodeAnyValue({ intValue: '9007199254740993' })).toBe('9007199254740993');
    expect(decodeAnyValue({ doubleValue: 0.0013781960000000025 })).toBe(0.0013781960000000025);
    expect(decodeAnyValue({ doubleValue: 'NaN' })).toBeNaN();
    expect(decodeAnyValue({ boolValue: true })).toBe(true);
    expect(decodeAnyValue({ boolValue: false })).toBe(false);
    expect(decodeAnyValue({ bytesValue: 'AAEC' })).toBe('AAEC');
  });

  test('arrays and key/value lists, nested', () => {
    expect(decodeAnyValue({ arrayValue: { values: [{ stringValue: 'tool-calls' }, { intValue: '2' }] } })).toEqual([
      'tool-calls',
      2,
    ]);
    expect(decodeAnyValue({ arrayValue: {} })).toEqual([]);
    expect(
      decodeAnyValue({
        kvlistValue: {
          values: [
            { key: 'location', value: { stringValue: 'Paris' } },
            { key: 'days', value: { arrayValue: { values: [{ intValue: '1' }] } } },
          ],
        },
      }),
    ).toEqual({ location: 'Paris', days: [1] });
  });

  test('empty or unknown values are null', () => {
    expect(decodeAnyValue({})).toBeNull();
    expect(decodeAnyValue({ weird: 1 })).toBeNull();
    expect(decodeAnyValue(undefined)).toBeNull();
    expect(isAnyValue({ stringValue: 'x' })).toBe(true);
    expect(isAnyValue({ location: 'x' })).toBe(false);
    expect(isAnyValue({ stringValue: 'x', other: 1 })).toBe(false);
  });

  test('pickAttributes reads KeyValue lists and plain objects, decoding only what is wanted', () => {
    const wanted = new Set(['gen_ai.tool.name', 'server.port']);
    const keys: string[] = [];
    expect(
      pickAttributes(
        [
          { key: 'gen_ai.tool.name', value: { stringValue: 'weather' } },
          { key: 'server.port', value: { intValue: 443 } },
          { key: 'ignored', value: { stringValue: 'x' } },
          null,
          { value: { stringValue: 'no key' } },
        ],
        wanted,
        (key) => keys.push(key),
      ),
    ).toEqual({ 'gen_ai.tool.name': 'weather', 'server.port': 443 });
    expect(keys).toEqual(['gen_ai.tool.name', 'server.port', 'ignored']);
    expect(
      pickAttributes({ 'gen_ai.tool.name': 'weather', 'server.port': { intValue: '8080' }, other: 1 }, wanted),
    ).toEqual({ 'gen_ai.tool.name': 'weather', 'server.port': 8080 });
    expect(pickAttributes(undefined, wanted)).toEqual({});
  });
});

describe('timestamps', () => {
  test('nanosecond strings and numbers, HrTime pairs, ISO strings with sub-millisecond digits', () => {
    expect(toUnixNanos('1796215994492936978')).toBe(1796215994492936978n);
    expect(toUnixNanos(1_000_000_000)).toBe(1_000_000_000n);
    expect(toUnixNanos([1796215994, 492936978])).toBe(1796215994492936978n);
    expect(toUnixNanos('2026-12-02T13:37:00.123456789Z')).toBe(
      BigInt(Date.parse('2026-12-02T13:37:00Z')) * 1_000_000n + 123456789n,
    );
    expect(toUnixNanos('2026-12-02T13:37:00Z')).toBe(BigInt(Date.parse('2026-12-02T13:37:00Z')) * 1_000_000n);
    expect(toUnixNanos('2026-12-02T14:37:00.5+01:00')).toBe(
      BigInt(Date.parse('2026-12-02T13:37:00Z')) * 1_000_000n + 500_000_000n,
    );
    expect(toUnixNanos('yesterday')).toBeUndefined();
    expect(toUnixNanos(null)).toBeUndefined();
    expect(toUnixNanos(-5)).toBeUndefined();
  });

  test('seconds keep sub-microsecond durations exactly', () => {
    expect(nanosToSeconds(936978n)).toBe(0.000936978);
    expect(nanosToSeconds(1796215994492000000n)).toBe(1796215994.492);
    expect(nanosToSeconds(0n)).toBe(0);
  });
});
