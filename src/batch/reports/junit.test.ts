import { describe, expect, it } from 'vitest';
import {
  LONG_ID,
  collect,
  exampleInput,
  exampleLines,
  exampleSummary,
  hostileInput,
  linesOf,
} from '../../../test/batch-report-fixtures.js';
import { SCRIPT_PAYLOAD, SECRET, expectGolden } from '../../../test/report-fixtures.js';
import { checkAntJunitSchema, failureOf } from '../../../test/report-readers.js';
import { renderBatchJunit } from './junit.js';

describe('renderBatchJunit', () => {
  it('matches the golden file for the example batch', async () => {
    expectGolden('batch.junit.xml', await collect(renderBatchJunit(exampleInput())));
  });

  it('follows the Ant JUnit schema: one suite, one case per results line, failing below --min-score', async () => {
    const lines = linesOf(exampleLines());
    const [suite] = checkAntJunitSchema(await collect(renderBatchJunit(exampleInput({ lines }))));
    // Counted in a first pass, written in a second.
    expect(lines.reads).toBe(2);
    expect(suite!.attributes).toMatchObject({
      name: 'Toolscore batch evaluation',
      timestamp: '2025-06-14T09:30:00',
      tests: '5',
      failures: '2',
      errors: '1',
      time: '0',
    });
    const properties = Object.fromEntries(
      suite!.children[0]!.children.map((property) => [property.attributes.name, property.attributes.value]),
    );
    expect(properties).toMatchObject({
      mean_score: '0.7',
      grade: 'C',
      cases: '5',
      scored: '4',
      failed_to_score: '1',
      min_score: '0.8',
      pass_rate: '0.5',
    });
    const cases = suite!.children.filter((child) => child.name === 'testcase');
    // 1 and 0.85 meet 0.8; 0.25 and 0.7 do not; index 3 could not be read.
    expect(
      cases.map((testCase) => [
        testCase.attributes.name,
        testCase.attributes.classname,
        testCase.children[0]?.name ?? null,
      ]),
    ).toEqual([
      ['weather-1', 'toolscore.batch', null],
      ['flights-2', 'toolscore.batch', null],
      ['cleanup-3', 'toolscore.batch', 'failure'],
      ['broken"case', 'toolscore.batch', 'error'],
      ['ping-5', 'toolscore.batch', 'failure'],
    ]);
    const cleanup = failureOf(cases[2]!)!;
    expect(cleanup.attributes).toEqual({
      type: 'score',
      message: 'Score 25.0% is below the required 80.0%; top issue: expected call to delete_db was not made',
    });
    expect(cleanup.text).toContain(
      'FAIL: score 25.0%, grade F\nExpected calls: 2 · Actual calls: 2 · Failed calls: 0 · Policy violations: 1 · Leaked credentials: 1\n',
    );
    expect(cleanup.text).toContain('Top issue: expected call to delete_db was not made\n   fix: make sure delete_db');
    expect(cases[3]!.children[0]!.attributes).toEqual({
      type: 'input',
      message: 'cases.jsonl:4: expected a JSON object, got invalid JSON (Unexpected end of JSON input)',
    });
    expect(cases[3]!.children[0]!.text).toMatch(/^line 4: cases\.jsonl:4:/);
  });

  it('without a minimum score, fails the cases whose verdict is FAIL', async () => {
    const summary = { ...exampleSummary(), min_score: null, pass_rate: null };
    const [suite] = checkAntJunitSchema(await collect(renderBatchJunit({ summary, lines: linesOf(exampleLines()) })));
    expect(suite!.attributes).toMatchObject({ failures: '1', errors: '1' });
    const failed = suite!.children.filter((child) => child.name === 'testcase' && failureOf(child));
    expect(failed.map((testCase) => [testCase.attributes.name, failureOf(testCase)!.attributes.message])).toEqual([
      ['cleanup-3', 'FAIL: score 25.0%, grade F; top issue: expected call to delete_db was not made'],
    ]);
  });

  it('stays well-formed with hostile ids and issues, names cases by their whole id, and masks credentials', async () => {
    const xml = await collect(renderBatchJunit(hostileInput()));
    const [suite] = checkAntJunitSchema(xml);
    expect(xml).not.toContain(SECRET);
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain(']]>');
    const names = suite!.children.filter((child) => child.name === 'testcase').map((child) => child.attributes.name);
    expect(names).toEqual([
      LONG_ID,
      '<img src=x onerror="window.__pwned=2"> @octocat | *x*',
      SCRIPT_PAYLOAD,
      'broken"case',
      '=HYPERLINK("http://x")',
    ]);
  });

  it('writes the cases in chunks, so a large batch is streamed', async () => {
    const template = exampleLines()[0]!;
    const lines = Array.from({ length: 1200 }, (_, index) => ({ ...template, id: `c${index}`, index }));
    const summary = { ...exampleSummary(), cases: { total: 1200, scored: 1200, failed: 0 } };
    const chunks: string[] = [];
    for await (const chunk of renderBatchJunit({ summary, lines: linesOf(lines) })) chunks.push(chunk);
    // The head, 500 + 500 + 200 cases, the tail.
    expect(chunks.map((chunk) => chunk.split('<testcase ').length - 1)).toEqual([0, 500, 500, 200, 0]);
    expect(checkAntJunitSchema(chunks.join(''))[0]!.attributes.tests).toBe('1200');
  });
});
