import { ToolscoreInputError, childPath, describeType } from '../core/errors.js';
import { checkCount } from './trials.js';

/** Options of `cases()`. */
export interface CasesOptions {
  /**
   * Trials for every case that does not say its own: each case comes back with `trials`, so the test
   * can pass it to `testAgent({ agent, ...testCase })`, which then runs the agent that many times.
   */
  trials?: number;
}

/**
 * Checks a list of data-driven test cases and gives it back, ready for `test.each(cases([...]))` in
 * Vitest or Jest (name tests with `$input`) or a `for … of` loop around `test()` in `node:test`.
 * Every case must be an object with the same keys as the others, so a typo in one case is an error
 * here and not an `undefined` inside the test. With `{ trials }`, gives back copies of the cases, each
 * with `trials` (a case's own `trials` wins).
 */
export function cases<const Case extends Record<string, unknown>>(
  list: readonly Case[],
  options: CasesOptions & { trials: number },
): readonly (Case & { trials: number })[];
export function cases<const Case extends Record<string, unknown>>(
  list: readonly Case[],
  options?: CasesOptions,
): readonly Case[];
export function cases<const Case extends Record<string, unknown>>(
  given: readonly Case[],
  options: CasesOptions = {},
): readonly Case[] {
  const source = 'cases';
  const trials = options.trials === undefined ? undefined : checkCount(options.trials, 'cases: trials');
  if (!Array.isArray(given))
    throw new ToolscoreInputError({ source, path: '$' }, `expected an array of test cases, got ${describeType(given)}`);
  if (given.length === 0)
    throw new ToolscoreInputError({ source, path: '$' }, 'expected at least one test case, got an empty list');
  given.forEach((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new ToolscoreInputError(
        { source, path: childPath('$', i) },
        `expected a test case object, got ${describeType(item)}`,
      );
    }
  });
  const list = trials === undefined ? given : given.map((item) => ({ trials, ...item }));
  const keys = new Set(list.flatMap((item) => Object.keys(item)));
  list.forEach((item, i) => {
    const missing = [...keys].filter((key) => !Object.hasOwn(item, key));
    if (missing.length > 0) {
      throw new ToolscoreInputError(
        { source, path: childPath('$', i) },
        `missing ${missing.map((key) => JSON.stringify(key)).join(', ')}, which other cases have`,
      );
    }
  });
  return list;
}
