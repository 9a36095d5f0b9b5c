import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { UnknownGoldKeyError } from '../io/gold-check.js';
import { type CompiledGold, compileGold } from './compiled-gold.js';
import { evaluate, type EvaluateOptions } from './evaluate.js';

/*
 * A gold read once gives what a gold read on every evaluation gives: the same record, warnings,
 * findings and Top issues, for any gold and any traces scored against it one after another.
 */

const tools = ['search', 'book', 'pay'] as const;
const plainValue = fc.oneof(
  fc.constantFrom('paris', 'Paris ', 'lisbon', '1', ''),
  fc.integer({ min: -2, max: 3 }),
  fc.constantFrom(1.5, 0.1, true, false, null),
  fc.array(fc.constantFrom('a', 'b', 1), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('x', 'y'), fc.constantFrom(1, 'a', null), { maxKeys: 2 }),
);
/** Gold argument values: literal data or a `$` operator. */
const goldValue = fc.oneof(
  { weight: 3, arbitrary: plainValue },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      { $any: true },
      { $regex: 'p.*', flags: 'i' },
      { $regex: '[a-z]+' },
      { $approx: 1, abs: 0.6 },
      { $contains: 'a' },
      { $one_of: ['paris', 'lisbon'] },
      { $type: ['string', 'null'] },
      { $optional: 'paris' },
      { $literal: { $any: 1 } },
      { nested: { $regex: 'a' } },
    ),
  },
);
const argNames = fc.constantFrom('city', 'date', 'n', 'tags');
const goldArgs = fc.dictionary(argNames, goldValue, { maxKeys: 3 });
const goldCall = fc.record(
  {
    tool: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...tools) },
      { weight: 1, arbitrary: fc.constant({ $one_of: ['search', 'pay'] }) },
    ),
    args: goldArgs,
    optional: fc.boolean(),
    extra_args: fc.constantFrom('allow', 'deny'),
    result: fc.constantFrom({ ok: true }, { $contains: 'ok' }),
    succeeds: fc.boolean(),
    // Not a gold key: a warning on every result (or an error under strictGold).
    arguments: fc.constant({}),
  },
  { requiredKeys: ['tool'] },
);
const entries = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: goldCall },
    { weight: 1, arbitrary: fc.record({ $any_order: fc.array(goldCall, { minLength: 1, maxLength: 3 }) }) },
  ),
  { maxLength: 5 },
);
const fileOptions = fc.record(
  {
    order: fc.constantFrom('strict', 'any'),
    extra_args: fc.constantFrom('allow', 'deny'),
    allow_extra_calls: fc.boolean(),
    ignore_tools: fc.constant(['pay']),
    require_success: fc.boolean(),
  },
  { requiredKeys: [] },
);
const gold = fc.oneof(
  entries,
  fc.tuple(entries, fileOptions).map(([calls, options]) => ({ calls, ...options })),
  fc
    .tuple(
      fc.array(fc.record({ calls: entries, user: fc.constantFrom('hi', 'book it') }, { requiredKeys: ['calls'] }), {
        minLength: 1,
        maxLength: 3,
      }),
      fileOptions,
    )
    .map(([turns, options]) => ({ turns, ...options })),
);
const actualCall = fc.record(
  {
    tool: fc.constantFrom(...tools, 'other'),
    args: fc.dictionary(argNames, plainValue, { maxKeys: 3 }),
    result: fc.constantFrom({ ok: true }, 'ok', null),
    is_error: fc.boolean(),
    turn: fc.integer({ min: 1, max: 3 }),
  },
  { requiredKeys: ['tool', 'args'] },
);
const traces = fc.array(fc.array(actualCall, { maxLength: 6 }), { minLength: 1, maxLength: 3 });

/** Everything an evaluation gives, or the error it throws. */
function outcome(options: EvaluateOptions): unknown {
  try {
    const result = evaluate(options);
    // As JSON: a matcher's caches (regex answers seen before) are no part of a result.
    return JSON.parse(
      JSON.stringify({
        record: result.toDict(),
        warnings: result.warnings,
        findings: result.findings,
        topIssues: result.topIssues,
      }),
    );
  } catch (error) {
    if (!(error instanceof ToolscoreInputError)) throw error;
    return { error: error.message, kind: error.constructor.name };
  }
}

const WARNING = 'expected at $[0]: unknown key "arguments"; did you mean "args"?';

describe('compileGold', () => {
  test('a compiled gold and a freshly read one give identical results, trace after trace', () => {
    fc.assert(
      fc.property(gold, traces, fc.boolean(), fc.boolean(), (expected, actuals, strict, strictGold) => {
        let compiled: CompiledGold;
        try {
          compiled = compileGold(expected as never, { strictGold });
        } catch (error) {
          // Bad gold fails compiling as it fails evaluating.
          expect(outcome({ expected: expected as never, actual: [], strictGold })).toEqual({
            error: (error as Error).message,
            kind: (error as Error).constructor.name,
          });
          return;
        }
        for (const actual of actuals) {
          const fresh = outcome({ expected: expected as never, actual, strict, strictGold });
          expect(outcome({ expected: compiled, actual, strict, strictGold })).toEqual(fresh);
        }
      }),
      { numRuns: 400 },
    );
  });

  test('is frozen: its calls cannot be changed between evaluations', () => {
    const compiled = compileGold({ calls: [{ tool: 'search', args: { q: { $regex: 'a.*' } } }], order: 'any' });
    expect(Object.isFrozen(compiled)).toBe(true);
    expect(Object.isFrozen(compiled.gold.calls)).toBe(true);
    expect(Object.isFrozen(compiled.gold.calls[0])).toBe(true);
    expect(Object.isFrozen(compiled.gold.options)).toBe(true);
    expect(() => {
      (compiled.gold.calls as unknown[]).push({ tool: 'pay' });
    }).toThrow(TypeError);
  });

  test('keeps its warnings for every result, and fails at once under strictGold', () => {
    const expected = [{ tool: 'search', arguments: { q: 'a' } }];
    const compiled = compileGold(expected);
    expect(compiled.warnings).toEqual([WARNING]);
    expect(evaluate({ expected: compiled, actual: [{ tool: 'search', args: {} }] }).warnings).toEqual([WARNING]);
    expect(evaluate({ expected: compiled, actual: [] }).warnings).toEqual([WARNING]);
    expect(() => compileGold(expected, { strictGold: true })).toThrow(UnknownGoldKeyError);
  });

  test('an evaluation with other reading options reads the gold as given', () => {
    const expected = [{ tool: 'search', arguments: {} }];
    const compiled = compileGold(expected);
    // Compiled leniently, evaluated strictly: the unknown key is the error it would be.
    expect(() => evaluate({ expected: compiled, actual: [], strictGold: true })).toThrow(UnknownGoldKeyError);
    // A lower nesting limit than the compiled one applies to the gold too.
    const deep = compileGold([{ tool: 'a', args: { x: { y: { z: 1 } } } }]);
    expect(() => evaluate({ expected: deep, actual: [], limits: { maxDepth: 2 } })).toThrow(
      'expected at $[0].args: arguments nested deeper than 2 levels; raise limits.maxDepth (--max-depth) if this is intended',
    );
  });
});
