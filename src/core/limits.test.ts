import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from './errors.js';
import { evaluate } from '../evaluation/evaluate.js';
import { DEFAULT_LIMITS, jsonLongerThan } from './limits.js';
import { levenshtein } from '../metrics/sequence.js';

/** `{"a": {"a": … 1 …}}`, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { a: 1 };
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
}

describe('hostile sizes give a result or a clear error', () => {
  test('arguments nested 100,000 levels: a one-line error naming the limit and how to raise it', () => {
    for (const side of ['expected', 'actual'] as const) {
      const calls = [{ tool: 't', args: nested(100_000) }];
      const options = side === 'expected' ? { expected: calls, actual: [] } : { expected: [], actual: calls };
      expect(() => evaluate(options)).toThrow(
        `${side} at $[0].args: arguments nested deeper than 1000 levels; raise limits.maxDepth (--max-depth) if this is intended`,
      );
    }
  });

  test('nesting within a raised limit is scored; a limit past what the stack holds is an input error, not a crash', () => {
    const calls = [{ tool: 't', args: nested(1_200) }];
    expect(evaluate({ expected: calls, actual: calls, limits: { maxDepth: 1_300 } }).score).toBe(1);
    const deep = [{ tool: 't', args: nested(100_000) }];
    let error: unknown;
    try {
      evaluate({ expected: deep, actual: deep, limits: { maxDepth: 200_000 } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ToolscoreInputError);
    expect((error as Error).message).toBe(
      'limits at maxDepth: expected at most 1500: deeper nesting overflows the stack of the walks that read it',
    );
  });

  test('a million actual calls against a short gold standard', () => {
    const actual = Array.from({ length: 1_000_000 }, (_, i) => ({ tool: `tool_${i % 20}`, args: { i } }));
    const result = evaluate({
      expected: [
        { tool: 'tool_0', args: { i: 0 } },
        { tool: 'tool_1', args: { i: 1 } },
      ],
      actual,
    });
    expect(result.metrics.efficiency_metrics.total_calls).toBe(1_000_000);
    expect(result.metrics.efficiency_metrics.redundant_count).toBe(999_998);
    expect(result.argumentF1).toBeCloseTo(1, 12);
    expect(result.selectionAccuracy).toBe(0.1);
    expect(result.metrics.sequence_metrics.edit_distance).toBe(999_998);
  });

  test('a 100 MB string argument', () => {
    const big = 'x'.repeat(100_000_000);
    const result = evaluate({
      expected: [{ tool: 'write', args: { text: big } }],
      actual: [{ tool: 'write', args: { text: `${big}!` } }],
    });
    expect(result.argumentF1).toBe(0);
    expect(result.topIssues[0]!.problem.length).toBeLessThan(300);
  });

  test('pairing beyond the exact-pairing limit is a clear error', () => {
    const calls = Array.from({ length: 30 }, (_, i) => ({ tool: 'search', args: { q: i } }));
    expect(() => evaluate({ expected: calls, actual: calls, limits: { maxPairingCells: 100 } })).toThrow(
      'limits at maxPairingCells: pairing 30 expected with 30 actual calls of "search" needs more than 100 cells; raise limits.maxPairingCells (--max-pairing-cells) or split the trace',
    );
    expect(() => evaluate({ expected: [], actual: [], limits: { maxDepth: 0 } })).toThrow(
      'limits at maxDepth: expected a positive whole number',
    );
    expect(() => evaluate({ expected: [], actual: [], limits: { depth: 1 } as never })).toThrow(
      'unknown limit "depth"',
    );
  });
});

describe('edit distance on long traces', () => {
  const ids = (text: string) => Int32Array.from(text, (ch) => ch.charCodeAt(0));
  test('the band gives the exact distance, equal to the full table', () => {
    const a = ids('the quick brown fox jumps over the lazy dog'.repeat(20));
    const b = ids('the quick brown cat jumps over a lazy dog!!'.repeat(20));
    const full = levenshtein(a, b);
    expect(a.length * b.length).toBeGreaterThan(600_000);
    expect(levenshtein(a, b, 600_000)).toBe(full); // forces the banded path
    expect(levenshtein(ids('kitten'), ids('sitting'))).toBe(3);
    expect(full).toBeGreaterThan(16); // the band had to widen at least once
  });
  test('a million-call trace with a few edits', () => {
    const n = 1_000_000;
    const a = new Int32Array(n).map((_, i) => i % 50);
    const b = a.slice();
    b[10] = 99;
    b[500_000] = 98;
    const shorter = b.subarray(0, n - 3);
    expect(levenshtein(a, shorter)).toBe(5);
    expect(n * n).toBeGreaterThan(DEFAULT_LIMITS.maxSequenceCells);
  });
  test('too many edits for the cell limit is a clear error', () => {
    const a = new Int32Array(100_000).map((_, i) => i);
    const b = new Int32Array(100_000).map((_, i) => -i - 1);
    expect(() => levenshtein(a, b, 10_000_000)).toThrow(
      /needs more than 10000000 cells; raise limits.maxSequenceCells/,
    );
  });
});

describe('jsonLongerThan', () => {
  test('counts the bytes of compact JSON, UTF-8, and stops past the limit', () => {
    // {"a":[1,"é"],"b":null}: 22 characters, 23 bytes (é is 2).
    const value = { a: [1, 'é'], b: null };
    expect(Buffer.byteLength(JSON.stringify(value))).toBe(23);
    expect(jsonLongerThan(value, 23)).toBe(false);
    expect(jsonLongerThan(value, 22)).toBe(true);
    expect(jsonLongerThan('x'.repeat(10), 12)).toBe(false);
    expect(jsonLongerThan('x'.repeat(10), 11)).toBe(true);
    expect(jsonLongerThan([], 2)).toBe(false);
    // 100,000 levels deep: no stack overflow.
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonLongerThan(deep, 1_000)).toBe(true);
  });
});
