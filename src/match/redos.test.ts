import { describe, expect, test } from 'vitest';
import { evaluate } from '../evaluation/evaluate.js';
import { parseForbiddenRules } from '../metrics/policy.js';
import { Regex, RegexSearch } from './matchers/regex.js';

// A backtracking engine takes about 2^30 steps on these inputs; the linear-time engine answers at once.
// (Vitest's test timeout is what would catch a regression: no timing assertion here.)
describe('patterns from files cannot hang a run', () => {
  const evil = `${'a'.repeat(30)}!`;

  test('(a+)+$ in a gold $regex', () => {
    const result = evaluate({
      expected: [{ tool: 't', args: { x: { $regex: '(a+)+$' } } }],
      actual: [{ tool: 't', args: { x: evil } }],
    });
    expect(result.argumentF1).toBe(0);
  });

  test('(a|aa)+$ and (.*a){20} in forbidden rules', () => {
    const rules = parseForbiddenRules([
      { tool: 't', args: { x: { $regex: '^(a|aa)+$' } } },
      { tool: 't', args: { x: { $regex: '(.*a){20}b' } } },
    ]);
    const result = evaluate({ expected: [], actual: [{ tool: 't', args: { x: evil } }], forbidden: rules });
    expect(result.policyViolations).toEqual([]);
    expect(RegexSearch('(x+x+)+y').matches('x'.repeat(5000))).toBe(false);
  });

  test('features a linear-time engine lacks are rejected with a clear message', () => {
    expect(() => evaluate({ expected: [{ tool: 't', args: { x: { $regex: '(?=a)a' } } }], actual: [] })).toThrow(
      /expected at \$\[0\]\.args\.x\.\$regex: invalid regular expression: .*lookarounds and backreferences are not supported: patterns run on a linear-time engine/,
    );
    expect(() => Regex('(a)\\1')).toThrow(/lookarounds and backreferences are not supported/);
  });

  test('Python-style inline flags work', () => {
    expect(Regex('(?i)fl-\\d+').matches('FL-12')).toBe(true);
    expect(RegexSearch('(?s)begin.*end').matches('begin\nend')).toBe(true);
  });
});
