import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { RegexMatcher, withRegexBudget } from '../../src/match/matchers/regex.js';
import { runCli, useScratchFolder } from '../e2e/run-cli.js';

const scratch = useScratchFolder('toolscore-hostile-regex-');
const overBudget = (limit: number) =>
  `limits at maxRegexChars: $regex matchers would read more than ${limit} characters of argument values; raise limits.maxRegexChars (--max-regex-chars) or split the trace`;

describe('$regex work multiplied by pairing is bounded', () => {
  // 1,000 patterns × 1,000 values of 2,000 characters (a 2 MB trace) would read 2·10⁹ characters.
  const expected = Array.from({ length: 1_000 }, (_, i) => ({
    tool: 'search',
    args: { q: { $regex: `.*needle-${i}.*` } },
  }));
  const actual = Array.from({ length: 1_000 }, (_, i) => ({
    tool: 'search',
    args: { q: `${'hay '.repeat(500)}${i}` },
  }));

  test('past the budget: a one-line input error naming the limit, after reading at most the budget', () => {
    expect(() => evaluate({ expected, actual, limits: { maxRegexChars: 1_000_000 } })).toThrow(overBudget(1_000_000));
  });

  test('the budget counts each value once per pattern: 2 patterns × 2 values of 10 characters read 40', () => {
    const gold = [0, 1].map(() => ({ tool: 't', args: { q: { $regex: 'a+' } } }));
    const calls = [
      { tool: 't', args: { q: 'a'.repeat(10) } },
      { tool: 't', args: { q: 'b'.repeat(10) } },
    ];
    expect(evaluate({ expected: gold, actual: calls, limits: { maxRegexChars: 40 } }).argumentF1).toBe(0.5);
    expect(() => evaluate({ expected: gold, actual: calls, limits: { maxRegexChars: 39 } })).toThrow(overBudget(39));
  });

  test('a matcher answers a value it has read from its cache, at no cost', () => {
    const matcher = new RegexMatcher('a+');
    const value = 'a'.repeat(10);
    expect(withRegexBudget(10, () => [1, 2, 3, 4, 5].map(() => matcher.matches(value)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    // Still known in a later pass: only the new value is read.
    expect(withRegexBudget(10, () => [matcher.matches(value), matcher.matches('b'.repeat(10))])).toEqual([true, false]);
    expect(() => withRegexBudget(10, () => matcher.matches('c'.repeat(11)))).toThrow(overBudget(10));
  });

  test('through the CLI: --max-regex-chars, one line, exit 2', async () => {
    const dir = scratch.fresh();
    const gold = join(dir, 'gold.json');
    const trace = join(dir, 'trace.json');
    writeFileSync(
      gold,
      JSON.stringify([
        { tool: 't', args: { q: { $regex: 'x+' } } },
        { tool: 't', args: { q: { $regex: 'y+' } } },
      ]),
    );
    // In the other order: calls that match their expected ones in order are paired without trying the
    // other pairs, so only crossed calls make the pairing match each pattern against each text (4 × 4 characters).
    writeFileSync(
      trace,
      JSON.stringify([
        { tool: 't', args: { q: 'yyyy' } },
        { tool: 't', args: { q: 'xxxx' } },
      ]),
    );
    expect(await runCli(['eval', gold, trace, '--max-regex-chars', '15'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolscore: ${overBudget(15)}\n`,
    });
    expect((await runCli(['eval', gold, trace, '--max-regex-chars', '16'], { cwd: dir })).code).toBe(0);
  });
});

describe('property: cached answers agree with a fresh matcher', () => {
  const patterns = fc.constantFrom('a+', 'a*b', '(ab|ba)+', '[ab]{2,3}', '.*b.*', '^a', 'b$');
  const texts = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n'), maxLength: 8 });

  test('full and search mode, over sequences with repeats', () => {
    fc.assert(
      fc.property(
        patterns,
        fc.constantFrom('', 'i', 's', 'm'),
        fc.constantFrom('full', 'search') as fc.Arbitrary<'full' | 'search'>,
        fc.array(fc.oneof(texts, fc.jsonValue({ maxDepth: 2 })), { maxLength: 30 }),
        (pattern, flags, mode, values) => {
          const cached = new RegexMatcher(pattern, flags, mode);
          const repeated = [...values, ...values];
          expect(repeated.map((value) => cached.matches(value))).toEqual(
            repeated.map((value) => new RegexMatcher(pattern, flags, mode).matches(value)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
