import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluate } from '../evaluation/evaluate.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { evaluateTrace } from '../evaluation/evaluate-trace.js';
import { parseJson } from '../io/json.js';
import { jsonTextWithKinds } from '../match/number-kinds.js';
import { renderFailureReport } from '../testing/failure-report.js';
import { buildReportView } from './view-model.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-strict-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Scores a gold file and a trace written as the given JSON texts, strictly. */
async function strictFromFiles(gold: string, trace: string): Promise<EvaluationResult> {
  writeFileSync(join(dir, 'gold.json'), gold);
  writeFileSync(join(dir, 'trace.json'), trace);
  return evaluateTrace({ goldFile: join(dir, 'gold.json'), traceFile: join(dir, 'trace.json'), strict: true });
}

describe('--strict shows the difference it found', () => {
  it('a float 1.0 against an integer 1 reads "expected 1.0, got 1", at the top and nested', async () => {
    const result = await strictFromFiles(
      '[{"tool": "book", "args": {"n": 1.0, "o": {"k": 2.0}, "list": [3.0], "same": 4}}]',
      '[{"tool": "book", "args": {"n": 1, "o": {"k": 2}, "list": [3], "same": 4}}]',
    );
    expect(result.topIssues.map((issue) => issue.problem)).toEqual([
      'book called with different arguments: n: expected 1.0, got 1; o: expected {"k":2.0}, got {"k":2}; list: expected [3.0], got [3]',
    ]);
    const row = buildReportView(result).calls[0]!;
    expect(row.expected!.text).toBe('book(n=1.0, o={"k":2.0}, list=[3.0], same=4)');
    expect(row.actual!.text).toBe('book(n=1, o={"k":2}, list=[3], same=4)');
    expect(renderFailureReport(result, { minScore: 1 }).split('\n')[2]).toBe(
      '  1  book(n=1.0, o={"k":2.0}, list=[3.0], same=4)  book(n=1, o={"k":2}, list=[3], same=4)  n: expected 1.0, got 1; o: expected {"k":2.0}, got {"k":2}; list: expected [3.0], got [3]',
    );
  });

  it('the other way round, and 1e3 written as a float', async () => {
    const result = await strictFromFiles(
      '[{"tool": "t", "args": {"n": 1, "m": 1e3}}]',
      '[{"tool": "t", "args": {"n": 1.0, "m": 1000}}]',
    );
    expect(result.topIssues[0]!.problem).toBe(
      't called with different arguments: n: expected 1, got 1.0; m: expected 1000.0, got 1000',
    );
  });

  it('string whitespace shows in quotes', () => {
    const result = evaluate({
      expected: [{ tool: 'w', args: { city: 'NYC' } }],
      actual: [{ tool: 'w', args: { city: ' NYC ' } }],
      strict: true,
    });
    expect(result.topIssues[0]!.problem).toBe('w called with different arguments: city: expected "NYC", got " NYC "');
  });
});

describe('JSON text with number kinds (property)', () => {
  const plain = (value: unknown): string => JSON.stringify(value) ?? String(value);
  /** Compact JSON text of a value, integers written `n.0` when `floats`. */
  const toText = (value: unknown, floats: boolean): string => {
    if (typeof value === 'number') {
      const text = JSON.stringify(value);
      return floats && Number.isInteger(value) && !text.includes('e') ? `${text}.0` : text;
    }
    if (Array.isArray(value)) return `[${value.map((item) => toText(item, floats)).join(',')}]`;
    if (value !== null && typeof value === 'object') {
      return `{${Object.entries(value)
        .map(([key, item]) => `${JSON.stringify(key)}:${toText(item, floats)}`)
        .join(',')}}`;
    }
    return JSON.stringify(value);
  };

  it('writes a value read from a file back as it was written, 1.0 as 1.0 and 1 as 1', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, floats) => {
        // Inside an array: marks are kept by container, so a bare top-level number has none.
        const text = toText([value], floats);
        const parsed = parseJson(text, 'prop.json', { keepNumberKinds: true });
        expect(jsonTextWithKinds(parsed, undefined, undefined, plain)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});
