import { describe, expect, it, test } from 'vitest';
import { cases } from './cases.js';

const list = cases([
  { input: 'weather NYC', expected: [{ tool: 'get_weather', args: { city: 'NYC' } }] },
  { input: 'email bob', expected: [{ tool: 'send_email', args: { to: 'bob' } }] },
]);

describe('cases', () => {
  test.each(list)('works with test.each: $input', ({ input, expected }) => {
    expect(typeof input).toBe('string');
    expect(expected).toHaveLength(1);
  });

  it('gives the same list back', () => {
    const input = [{ input: 'a' }];
    expect(cases(input)).toBe(input);
  });

  it('rejects an empty list', () => {
    expect(() => cases([])).toThrow('cases at $: expected at least one test case, got an empty list');
  });

  it('names a case that lacks a key the others have', () => {
    const broken = [{ input: 'a', expected: [] }, { input: 'b' }] as { input: string; expected?: unknown[] }[];
    expect(() => cases(broken)).toThrow('cases at $[1]: missing "expected", which other cases have');
    expect(() => cases([{ input: 'a' }, { input: 'b', extra: 1 }])).toThrow(
      'cases at $[0]: missing "extra", which other cases have',
    );
  });

  it('rejects items that are not objects', () => {
    expect(() => cases([{ input: 'a' }, null] as never)).toThrow(
      'cases at $[1]: expected a test case object, got null',
    );
    expect(() => cases('abc' as never)).toThrow('cases at $: expected an array of test cases, got a string');
  });

  it('with trials, gives copies of the cases each carrying trials; a case’s own trials win', () => {
    const given = [{ input: 'a' }, { input: 'b', trials: 5 }];
    const withTrials = cases(given, { trials: 3 });
    expect(withTrials).toEqual([
      { input: 'a', trials: 3 },
      { input: 'b', trials: 5 },
    ]);
    expect(given[0]).toEqual({ input: 'a' });
    expect(() => cases([{ input: 'a' }], { trials: 0 })).toThrow('cases: trials: expected a whole number ≥ 1, got 0');
  });
});
