import { describe, expect, test } from 'vitest';
import { evaluate } from '../evaluation/evaluate.js';
import { parseJson } from '../io/json.js';

describe('keys such as __proto__, constructor and prototype are plain data', () => {
  test('compared, reported and serialized as data; Object.prototype untouched', () => {
    const text =
      '{"tool": "t", "args": {"__proto__": {"polluted": 1}, "constructor": {"prototype": {"x": 1}}, "prototype": 2}}';
    const gold = parseJson(`[${text}]`, 'gold.json') as never;
    const trace = parseJson(`[${text.replace('"polluted": 1', '"polluted": 2')}]`, 'trace.json');
    const result = evaluate({ expected: gold, actual: trace });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.getPrototypeOf(result.traceCalls[0]!.args)).toBe(Object.prototype);
    // 2 of 3 arguments match; the one that differs is the __proto__ key
    expect(result.argumentF1).toBeCloseTo(2 / 3, 12);
    expect(result.topIssues[0]!.problem).toBe(
      't called with different arguments: __proto__: expected {"polluted":1}, got {"polluted":2}',
    );
    expect(JSON.stringify(result.toDict().calls.actual[0]!.args)).toBe(
      '{"__proto__":{"polluted":2},"constructor":{"prototype":{"x":1}},"prototype":2}',
    );
  });

  test('a $ operator under a __proto__ key is decoded into an own property', () => {
    const gold = parseJson('[{"tool": "t", "args": {"a": {"__proto__": {"$any": true}}}}]', 'gold.json') as never;
    const result = evaluate({ expected: gold, actual: [{ tool: 't', args: JSON.parse('{"a": {"__proto__": 5}}') }] });
    expect(result.argumentF1).toBe(1);
    expect(({} as Record<string, unknown>).$any).toBeUndefined();
  });

  test('metadata keys from traces', () => {
    const result = evaluate({
      expected: [],
      actual: JSON.parse('[{"tool": "t", "__proto__": {"is_error": true}, "extra": 1}]'),
    });
    expect(result.traceCalls[0]!.is_error).toBe(false);
    expect(Object.keys(result.traceCalls[0]!.metadata!)).toEqual(['__proto__', 'extra']);
    expect(({} as Record<string, unknown>).is_error).toBeUndefined();
  });
});
