import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { UnknownGoldKeyError } from '../io/gold-check.js';
import { type CompiledGold, compileGold } from './compiled-gold.js';
import { evaluate, type EvaluateOptions } from './evaluate.js';
import { gold, traces } from '../../test/gold-arbitraries.js';

/*
 * A gold read once gives what a gold read on every evaluation gives: the same record, warnings,
 * findings and Top issues, for any gold and any traces scored against it one after another.
 */

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
