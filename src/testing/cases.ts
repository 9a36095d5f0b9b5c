import { ToolscoreInputError, childPath, describeType } from '../core/errors.js';

/**
 * Checks a list of data-driven test cases and gives it back, ready for `test.each(cases([...]))` in
 * Vitest or Jest (name tests with `$input`) or a `for … of` loop around `test()` in `node:test`.
 * Every case must be an object with the same keys as the others, so a typo in one case is an error
 * here and not an `undefined` inside the test.
 */
export function cases<const Case extends Record<string, unknown>>(list: readonly Case[]): readonly Case[] {
  const source = 'cases';
  if (!Array.isArray(list))
    throw new ToolscoreInputError({ source, path: '$' }, `expected an array of test cases, got ${describeType(list)}`);
  if (list.length === 0)
    throw new ToolscoreInputError({ source, path: '$' }, 'expected at least one test case, got an empty list');
  list.forEach((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new ToolscoreInputError(
        { source, path: childPath('$', i) },
        `expected a test case object, got ${describeType(item)}`,
      );
    }
  });
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
