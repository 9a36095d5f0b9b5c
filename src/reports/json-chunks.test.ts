import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { EXAMPLE_OPTIONS, exampleResult, hostileResult } from '../../test/report-fixtures.js';
import { evaluate } from '../evaluation/evaluate.js';
import { jsonChunks } from './json-chunks.js';
import { buildJsonReport, generateJsonReport, jsonReportChunks } from './json.js';

/** The plain version the streamed text must equal, byte for byte. */
const oracle = (value: unknown) => JSON.stringify(value, null, 2);

/** JSON data plus what JSON.stringify treats specially: undefined, functions, symbols, non-finite numbers, -0, toJSON, boxed values. */
const odd = fc.constantFrom<unknown>(
  undefined,
  () => 1,
  Symbol('s'),
  Number.NaN,
  Infinity,
  -0,
  new Date(0),
  new Number(3),
  new String('boxed'),
  new Boolean(false),
  { toJSON: (key: string) => `key ${key}` },
  '\u2028\u001b"\\',
);
const values = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 1 }), odd, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.dictionary(fc.string({ maxLength: 4 }), tie('value'), { maxKeys: 5 }),
})).value;

describe('JSON text in chunks', () => {
  test('property: the chunks join to JSON.stringify(value, null, 2), at any chunk size', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 1, max: 200 }), (value, chunkChars) => {
        expect([...jsonChunks(value, chunkChars)].join('')).toBe(oracle(value) ?? '');
      }),
      { numRuns: 1_000 },
    );
  });

  test('a value JSON.stringify writes as nothing gives no chunks; a bigint throws as it does', () => {
    expect([...jsonChunks(undefined)]).toEqual([]);
    expect([...jsonChunks(() => 1)]).toEqual([]);
    expect(() => [...jsonChunks({ a: [1n] })]).toThrow(TypeError);
  });

  test('chunks stay near the size asked for (a single long leaf excepted)', () => {
    const value = Array.from({ length: 1_000 }, (_, i) => ({ i, name: `call ${i}` }));
    const chunks = [...jsonChunks(value, 256)];
    expect(chunks.length).toBeGreaterThan(100);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(256 + 40);
    expect(chunks.join('')).toBe(oracle(value));
  });

  test('nesting 3,000 levels deep (its indentation alone is 18 M characters) matches too', () => {
    let value: unknown = 1;
    for (let i = 0; i < 3_000; i++) value = [value];
    expect([...jsonChunks(value)].join('')).toBe(oracle(value));
  });
});

describe('the JSON report file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolscore-json-chunks-'));

  test('is byte-identical to JSON.stringify(report, null, 2) + "\\n", for the example and a hostile result', async () => {
    for (const [name, result] of [
      ['example', await exampleResult()],
      ['hostile', hostileResult()],
    ] as const) {
      const path = join(dir, `${name}.json`);
      await generateJsonReport(result, path, EXAMPLE_OPTIONS);
      expect(readFileSync(path, 'utf8')).toBe(`${oracle(buildJsonReport(result, EXAMPLE_OPTIONS))}\n`);
    }
    expect(readdirSync(dir).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  test('the verdict and top issues are the ones JSON.stringify(result) writes, in the same shape', async () => {
    const result = await exampleResult();
    const report = buildJsonReport(result, EXAMPLE_OPTIONS);
    const record = JSON.parse(JSON.stringify(result));
    expect([report.summary.verdict, record.verdict]).toEqual(['WARN', 'WARN']);
    expect(record.top_issues).toEqual(report.top_issues);
    expect(record.top_issues.map((issue: { kind: string }) => issue.kind)).toEqual([
      'failed',
      'argument_mismatch',
      'extra',
    ]);
  });

  test('a report much larger than the chunk size is streamed in many chunks and reads back the same', () => {
    const actual = Array.from({ length: 2_000 }, (_, i) => ({
      tool: `t${i % 7}`,
      args: { i, text: 'é€'.repeat(i % 50) },
      result: { ok: i % 3 === 0 },
    }));
    const report = buildJsonReport(evaluate({ expected: actual.slice(0, 50), actual }), EXAMPLE_OPTIONS);
    const chunks = [...jsonReportChunks(report, 4_096)];
    expect(chunks.length).toBeGreaterThan(100);
    expect(chunks.join('')).toBe(`${oracle(report)}\n`);
  });
});
