import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entries, traces } from '../../test/gold-arbitraries.js';
import type { GoldEntryInput } from '../core/types.js';
import { compileGold } from '../evaluation/compiled-gold.js';
import { assertTools } from './assert-tools.js';
import { compiledCallExpectation } from './call-check.js';
import { toolscoreMatchers } from './matchers.js';
import { testAgent } from './test-agent.js';

/*
 * The test APIs take a gold compiled once (issue 38: a test file's shared gold is not decoded again for
 * each test): the same verdicts, messages and errors as the list it was compiled from.
 */

const { toCallTools } = toolscoreMatchers('compiled-expectations.test.ts');
const check = (received: unknown, expected: Parameters<typeof toCallTools>[1], options = {}) => {
  try {
    const { pass, message } = toCallTools.call({} as never, received, expected, options);
    return { pass, message: message() };
  } catch (error) {
    return { threw: (error as Error).message };
  }
};
const callOptions = fc.record(
  { mode: fc.constantFrom('strict', 'unordered', 'subset', 'superset'), extraArgs: fc.constantFrom('allow', 'deny') },
  { requiredKeys: [] },
);

describe('toCallTools with a compiled list of calls', () => {
  it('passes, fails and throws as the list itself, with the same message, whatever the options', () => {
    fc.assert(
      fc.property(entries, traces, callOptions, (list, [trace], options) => {
        // Compiled as a user might, without strictGold: toCallTools still fails on a typo (`arguments`).
        const compiled = compileGold(list);
        const flat = trace!.map(({ turn: _turn, ...call }) => call);
        expect(check(flat, compiled, options)).toEqual(check(flat, list, options));
        // Checked again with the same options: the same answer from the gold read the first time.
        expect(check(flat, compiled, options)).toEqual(check(flat, list, options));
      }),
      { numRuns: 300 },
    );
  });

  it('reads the list once for each way a test checks it', () => {
    const compiled = compileGold([{ tool: 'search', args: { q: { $regex: 'par.*' } } }], { strictGold: true });
    const first = compiledCallExpectation(compiled, {});
    expect(compiledCallExpectation(compiled, {})).toBe(first);
    expect(compiledCallExpectation(compiled, { extraArgs: 'allow' })).toBe(first);
    const strict = compiledCallExpectation(compiled, { mode: 'strict' });
    expect(strict).not.toBe(first);
    expect(compiledCallExpectation(compiled, { mode: 'strict' })).toBe(strict);
    expect(compiledCallExpectation(compiled, { extraArgs: 'deny' })).not.toBe(first);
    // The wrapped gold: in order, other calls allowed, listed arguments checked and others allowed.
    expect(first.gold.options).toMatchObject({ order: 'strict', allow_extra_calls: true, extra_args: 'allow' });
    expect(strict.gold.options).toMatchObject({ order: 'strict', allow_extra_calls: false });
  });

  it('a typo in a compiled list fails the test at the path the test wrote', () => {
    // `arguments` for `args`: a typo the type of the entries catches, so the test says it as a cast.
    const compiled = compileGold([{ tool: 'search', arguments: { q: 'x' } } as GoldEntryInput]);
    expect(check([{ tool: 'search', args: { q: 'x' } }], compiled)).toEqual({
      threw: 'expected at $[0]: unknown key "arguments"; did you mean "args"?',
    });
  });

  it('refuses a compiled gold file object form or conversation: toCallTools takes a list', () => {
    for (const gold of [{ calls: [{ tool: 'search' }] }, { turns: [{ calls: [] }] }])
      expect(() => toCallTools.call({} as never, [], compileGold(gold), {})).toThrow(
        "toCallTools() takes a list of calls: this compiled gold is a gold file's object form or a conversation",
      );
  });
});

describe('assertTools and testAgent with a compiled gold', () => {
  const gold = [
    { tool: 'search', args: { q: { $regex: 'par.*' } } },
    { tool: 'book', args: { id: 7 } },
  ];
  const compiled = compileGold(gold, { strictGold: true });
  const wrongId = [
    { tool: 'search', args: { q: 'paris' } },
    { tool: 'book', args: { id: 8 } },
  ];

  it('scores as the gold it was compiled from', async () => {
    // Selection 1, argument F1 1/2, sequence 1, no redundancy: 0.4 + 0.3·0.5 + 0.2 + 0.1 = 0.85.
    expect(() => assertTools(compiled, wrongId)).toThrow('score 0.85 < 0.90 required');
    expect(assertTools(compiled, wrongId, { minScore: 0.85 }).score).toBeCloseTo(0.85, 12);
    expect(assertTools(compiled, wrongId, { minScore: 0 }).toJSON()).toEqual(
      assertTools(gold, wrongId, { minScore: 0 }).toJSON(),
    );
    const result = await testAgent({ agent: () => wrongId, input: 'x', expected: compiled });
    expect(result.toJSON()).toEqual(assertTools(gold, wrongId, { minScore: 0 }).toJSON());
  });
});
