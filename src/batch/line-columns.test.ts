import { describe, expect, test } from 'vitest';
import { isCaseLine, lineColumns } from './line-columns.js';

describe('lineColumns: what a store filters and sorts a results line on', () => {
  test("a batch line scored: its id, trial, score, grade, verdict, top issue and tools (its per-tool object's keys, in the line's order)", () => {
    const line = {
      id: 'refund-2',
      index: 1,
      trial: 2,
      score: 0.5,
      grade: 'F',
      verdict: 'FAIL',
      tools: { refund: { expected_calls: 1 }, '7': {} },
      top_issue: { kind: 'missing', tool: 'refund', problem: 'refund was never called', fix: 'call it' },
    };
    expect(lineColumns(line)).toEqual([
      'refund-2',
      2,
      0.5,
      'F',
      'FAIL',
      'missing',
      'refund was never called',
      '{"7":{},"refund":{}}',
      null,
    ]);
  });

  test('an error line: no score even when one is written, the error as its problem', () => {
    expect(lineColumns({ id: 'x', index: 0, score: 1, error: 'cases.jsonl:1: expected an object' })).toEqual([
      'x',
      null,
      null,
      null,
      null,
      null,
      'cases.jsonl:1: expected an object',
      '{}',
      'cases.jsonl:1: expected an object',
    ]);
  });

  test("BFCL's verdict lines: valid is the verdict, the top issue's tool the only tool; a number id as text", () => {
    expect(lineColumns({ id: 12, valid: false, top_issue: { kind: 'wrong_tool', tool: 'get_weather' } })).toEqual([
      '12',
      null,
      null,
      null,
      'FAIL',
      'wrong_tool',
      null,
      '{"get_weather":{}}',
      null,
    ]);
    expect(lineColumns({ id: 'simple_1', valid: true })[4]).toBe('PASS');
  });

  test("compare's lines are named; values of the wrong kind are left out, never guessed", () => {
    expect(
      lineColumns({
        name: 'gpt',
        trial: 1.5,
        score: '0.9',
        grade: 'E',
        verdict: 'pass',
        tools: ['a'],
        top_issue: { kind: 'made_up', tool: '', problem: 3 },
        error: { message: 'no' },
      }),
    ).toEqual(['gpt', null, null, null, null, null, null, '{}', null]);
    expect(lineColumns({ id: null, name: 7 })[0]).toBeNull();
    expect(lineColumns({ id: { a: 1 } })[0]).toBe('{"a":1}');
    expect(lineColumns({ tools: { 'say "hi"\n': { actual_calls: 1 }, __proto__x: {} } })[7]).toBe(
      '{"say \\"hi\\"\\n":{},"__proto__x":{}}',
    );
  });
});

describe('isCaseLine', () => {
  test("a shard's closing line is not a case; a line with an id is, whatever else it holds", () => {
    expect(isCaseLine({ shard: { index: 1, count: 2 }, dataset: {} })).toBe(false);
    expect(isCaseLine({ id: 'a', shard: 1 })).toBe(true);
    expect(isCaseLine({ name: 'gpt' })).toBe(true);
  });
});
