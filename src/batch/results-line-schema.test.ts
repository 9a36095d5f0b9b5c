import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exampleLines } from '../../test/batch-report-fixtures.js';
import { checkResultsLine, resultsLineSchema } from './results-line-schema.js';
import type { BatchScoredLine } from './types.js';

/*
 * Reading results back (`checkResultsLine`) checks each line against the schema the lines are written
 * to, so a tampered line is refused with the file, line and JSON path, never aggregated.
 */

const KEYS = [
  'id',
  'index',
  'score',
  'grade',
  'verdict',
  'metrics',
  'expected_calls',
  'failed_calls',
  'policy_violations',
  'secrets',
  'tools',
  'top_issue',
  'error',
];
const WRONG: unknown[] = [undefined, null, -1, 1.5, 7, 1e308, 'x', [], {}, Number.NaN];

function refusal(value: unknown): string | undefined {
  try {
    checkResultsLine(value, 'results.jsonl:3');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

test('the reader refuses the lines the schema refuses, and a scored line with an error', () => {
  const lines = exampleLines();
  fc.assert(
    fc.property(
      fc.constantFrom(...lines),
      fc.constantFrom(...KEYS),
      fc.constantFrom(...WRONG),
      fc.option(fc.constantFrom('argument_f1', 'required_call_recall'), { nil: undefined }),
      (line, key, wrong, metric) => {
        const spoilt: Record<string, unknown> = structuredClone(line) as unknown as Record<string, unknown>;
        if (metric !== undefined && key === 'metrics')
          spoilt.metrics = { ...(spoilt.metrics as object), [metric]: wrong };
        else if (wrong === undefined) delete spoilt[key];
        else spoilt[key] = wrong;
        const valid = resultsLineSchema.safeParse(spoilt).success;
        // A line with an "error" is read (and counted) as an error line: given a score too, the error must be a string.
        const scoredWithError = key === 'error' && wrong !== undefined && 'score' in line;
        if (!valid || !scoredWithError) expect(refusal(spoilt) === undefined).toBe(valid);
        else expect(refusal(spoilt) === undefined).toBe(typeof wrong === 'string');
      },
    ),
  );
});

test('every fixture line reads as it is (the same object, keys in their order) and validates', () => {
  for (const line of exampleLines()) {
    expect(checkResultsLine(line, 'results.jsonl:1')).toEqual({ kind: 'case', line });
    expect(checkResultsLine(line, 'results.jsonl:1').line).toBe(line);
    expect(resultsLineSchema.safeParse(line).success).toBe(true);
  }
});

test("a conversation case's line, with turns, reads as it is", () => {
  const line = {
    ...(exampleLines()[0] as BatchScoredLine),
    turns: { count: 4, passed: 3, pass_rate: 0.75, first_failing: 3 },
  };
  expect(checkResultsLine(line, 'results.jsonl:1')).toEqual({ kind: 'case', line });
  const allPassed = { ...line, turns: { count: 2, passed: 2, pass_rate: 1, first_failing: null } };
  expect(checkResultsLine(allPassed, 'results.jsonl:1').line).toBe(allPassed);
});

describe('tampered lines are refused in one line naming the file, line and JSON path', () => {
  const scored = exampleLines()[0] as BatchScoredLine;
  const tail = '; expected a line of toolscore batch results ({id, index, score, …} or {id, index, error})';
  test.each([
    [{ score: 7 }, 'at $.score: expected at most 1, got 7'],
    [{ score: -5 }, 'at $.score: expected at least 0, got -5'],
    [{ score: 1e308 }, 'at $.score: expected at most 1, got 1e+308'],
    [{ failed_calls: -1 }, 'at $.failed_calls: expected at least 0, got -1'],
    [{ secrets: 2.5 }, 'at $.secrets: expected a whole number, got 2.5'],
    [{ metrics: { ...scored.metrics, argument_f1: 42 } }, 'at $.metrics.argument_f1: expected at most 1, got 42'],
    [{ top_issue: 5 }, 'at $.top_issue: expected an object, got 5'],
    [{ grade: 'A+' }, 'at $.grade: expected one of "A", "B", "C", "D", "F", got "A+"'],
    [
      { turns: { count: 4, passed: 3, pass_rate: 1.5, first_failing: 3 } },
      'at $.turns.pass_rate: expected at most 1, got 1.5',
    ],
    [
      { turns: { count: 4, passed: 3, pass_rate: 0.75, first_failing: 0 } },
      'at $.turns.first_failing: expected at least 1, got 0',
    ],
    [
      { tools: { lookup: { expected_calls: -3, actual_calls: 0, selection_misses: 0, failed_calls: 0 } } },
      'at $.tools.lookup.expected_calls: expected at least 0, got -3',
    ],
  ])('%j', (change, message) => {
    expect(refusal({ ...scored, ...change })).toBe(`results.jsonl:3 ${message}${tail}`);
  });

  test('an error line, a shard line, and what is neither', () => {
    expect(refusal({ id: 'a', index: -1, error: 'x' })).toBe(
      `results.jsonl:3 at $.index: expected at least 0, got -1${tail}`,
    );
    expect(refusal({ shard: { index: 0, count: 2 }, dataset: { sha256: 'ab'.repeat(32), cases: 3 } })).toBe(
      `results.jsonl:3 at $.shard.index: expected at least 1, got 0${tail}`,
    );
    expect(refusal({ shard: { index: 1, count: 2 }, dataset: { sha256: 'xyz', cases: 3 } })).toBe(
      `results.jsonl:3 at $.dataset.sha256: expected 64 hexadecimal digits, got "xyz"${tail}`,
    );
    expect(refusal([1])).toBe(`results.jsonl:3: expected an object, got an array${tail}`);
  });

  test('a tool named __proto__ is checked like any other', () => {
    const line = JSON.parse(
      JSON.stringify(scored)
        .replace('"get_weather"', '"__proto__"')
        .replace('"expected_calls":1', '"expected_calls":-1'),
    );
    expect(refusal(line)).toBe(
      `results.jsonl:3 at $.tools.__proto__.expected_calls: expected at least 0, got -1${tail}`,
    );
  });
});
