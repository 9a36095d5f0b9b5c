import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { resultsLine } from '../../src/batch/results-line.js';
import { bfclGoldFiles } from '../../src/bfcl/to-gold.js';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { buildJsonReport } from '../../src/reports/json.js';
import { exampleLines } from '../batch-report-fixtures.js';
import {
  EXAMPLE_OPTIONS,
  exampleResult,
  hostileResult,
  hostileStateResult,
  outcomeResult,
} from '../report-fixtures.js';
import { type PUBLISHED_SCHEMAS, ROOT } from './published.js';

/*
 * The committed schemas/*.json, checked with ajv (not zod) against the repository's own files: every
 * gold file and snapshot, JSON reports of the example and of a hostile trace, and results lines. Broken
 * ones are rejected at the JSON path where they are broken.
 */

const ajv = new Ajv2020({ allErrors: true, strict: true });
const validator = (file: keyof typeof PUBLISHED_SCHEMAS & string) =>
  ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas', file), 'utf8')));
const gold = validator('gold.json');
const report = validator('report.json');
const line = validator('results-line.json');

const read = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
/** Where ajv found errors, as `instancePath keyword` (the path is a JSON Pointer). */
const errorsOf = (errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).map((error) => `${error.instancePath} ${error.keyword}`);

const GOLD_FILES = [
  'examples/gold.json',
  'examples/judge/gold.json',
  'examples/testing/tests/gold_standards/gold_calls.json',
  'examples/testing/tests/gold_standards/gold_standard.json',
  'examples/testing/tests/gold_standards/scenario1_gold.json',
  'examples/testing/tests/gold_standards/scenario2_gold.json',
  'examples/testing/tests/gold_standards/scenario3_gold.json',
  'test/corpus/comparable-tools/toolscore/gold_calls.json',
  'examples/testing/jest/snapshots/agent.test.mjs_replays_its_approved_snapshot-56008fb8.json',
  'examples/testing/snapshots/books_a_flight_anywhere-69ea930b.json',
  'examples/testing/snapshots/snapshots.test.ts_books_a_flight_to_NYC-8154305b.json',
];

describe('schemas/gold.json', () => {
  for (const path of GOLD_FILES) {
    it(`accepts ${path}`, () => {
      expect(gold(read(path)), JSON.stringify(gold.errors)).toBe(true);
    });
  }

  it('accepts a conversation gold, and rejects a turn without its calls at its path', () => {
    const chat = {
      ignore_tools: ['think'],
      turns: [
        { user: 'Where is order 7?', calls: [{ tool: 'get_order', args: { id: 7 } }] },
        { user: { $regex: 'refund', flags: 'i' }, mode: 'superset', calls: [{ tool: 'refund_order' }] },
        { calls: [] },
      ],
    };
    expect(gold(chat), JSON.stringify(gold.errors)).toBe(true);
    expect(gold({ turns: [{ user: 'hi' }] })).toBe(false);
    expect(gold({ turns: [] })).toBe(false);
    expect(gold({ turns: [{ calls: [], usr: 'hi' }] })).toBe(false);
  });

  it('accepts a file that points at it with $schema', () => {
    expect(gold({ $schema: 'https://unpkg.com/toolscore/schemas/gold.json', calls: [{ tool: 'search' }] })).toBe(true);
  });

  it('accepts every gold file toolscore bfcl --to-gold writes for the BFCL corpus (1,736 of them, 80 multi-turn)', async () => {
    const { files } = await bfclGoldFiles({
      questions: join(ROOT, 'test/corpus/bfcl/questions'),
      answers: join(ROOT, 'test/corpus/bfcl/possible_answer'),
    });
    expect(files).toHaveLength(1736);
    const rejected = files.filter((file) => !gold(JSON.parse(JSON.stringify(file.gold)))).map((file) => file.id);
    expect(rejected).toEqual([]);
  });

  it('accepts a saved result, whose calls.expected serve as gold', async () => {
    expect(gold((await exampleResult()).toDict())).toBe(true);
  });

  // Each broken file, and the error ajv gives at the place that is broken (among the branches' errors).
  const broken: [string, unknown, string][] = [
    ['a misspelt key', [{ tool: 'search', arguments: { q: 'x' } }], '/0 additionalProperties'],
    ['a tool that is a number', [{ tool: 7 }], '/0/tool type'],
    ['an empty tool name', [{ tool: '  ' }], '/0/tool pattern'],
    ['an unknown $ operator', [{ tool: 'search', args: { q: { $regexp: 'x' } } }], '/0/args/q propertyNames'],
    [
      'a $regex with an unknown flag',
      [{ tool: 'search', args: { q: { $regex: 'x', flags: 'g' } } }],
      '/0/args/q/flags pattern',
    ],
    [
      'an option another operator has',
      [{ tool: 'n', args: { v: { $regex: 'x', rel: 0.1 } } }],
      '/0/args/v additionalProperties',
    ],
    ['$optional inside a list', [{ tool: 'n', args: { v: [{ $optional: 1 }] } }], '/0/args/v/0 propertyNames'],
    ['an empty $any_order group', [{ $any_order: [] }], '/0/$any_order minItems'],
    ['a group in a group', [{ $any_order: [{ $any_order: [{ tool: 'a' }] }] }], '/0/$any_order/0 additionalProperties'],
    ['a misspelt file key', { calls: [], ignore_tool: ['log'] }, ' additionalProperties'],
    ['an unknown order', { calls: [], order: 'random' }, '/order enum'],
  ];
  for (const [what, data, error] of broken) {
    it(`rejects ${what}`, () => {
      expect(gold(data)).toBe(false);
      expect(errorsOf(gold.errors)).toContain(error);
    });
  }
});

describe('schemas/report.json', () => {
  it('accepts the JSON report of the example', async () => {
    const json = buildJsonReport(await exampleResult(), EXAMPLE_OPTIONS);
    expect(report(json), JSON.stringify(report.errors)).toBe(true);
  });

  it('accepts the JSON report of a conversation, with its turns', () => {
    const result = evaluate({
      expected: { turns: [{ calls: [{ tool: 'a', args: { q: 1 } }] }, { calls: [{ tool: 'b' }] }, { calls: [] }] },
      actual: [
        { tool: 'a', args: { q: 2 }, turn: 1 },
        { tool: 'b', turn: 3 },
      ],
    });
    const json = buildJsonReport(result);
    expect((json.metrics as { turns?: unknown[] }).turns).toHaveLength(3);
    expect(report(json), JSON.stringify(report.errors)).toBe(true);
  });

  it('accepts the JSON report of a hostile trace (failures, masked credentials)', () => {
    expect(report(buildJsonReport(hostileResult())), JSON.stringify(report.errors)).toBe(true);
  });

  it('accepts a report with the sections rules, budgets, tool schemas, durations and costs add', () => {
    const result = evaluate({
      expected: [{ tool: 'search', args: { q: 'x' } }],
      actual: [
        { tool: 'search', args: { q: 'x' }, duration: 0.5, cost: 0.01 },
        { tool: 'shell', args: { cmd: 'rm -rf /' }, duration: 2, cost: 0.02 },
      ],
      forbidden: [{ tool: 'shell', reason: 'destructive' }],
      budgets: { max_calls: 1 },
      tools: [
        {
          type: 'function',
          function: { name: 'search', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
        },
      ],
    });
    const json = buildJsonReport(result) as unknown as { metrics: Record<string, unknown> };
    expect(Object.keys(json.metrics)).toEqual(
      expect.arrayContaining(['policy_metrics', 'budget_metrics', 'schema_metrics', 'latency_metrics', 'cost_metrics']),
    );
    expect(report(json), JSON.stringify(report.errors)).toBe(true);
  });

  it('accepts the JSON report of outcome checks and the state diff, a failed state check among the Top issues', () => {
    const json = buildJsonReport(outcomeResult());
    expect(json.top_issues.map((issue) => issue.kind)).toEqual(['wrong_result', 'reply', 'state']);
    expect((json.metrics as { state?: { changes: unknown[] } }).state!.changes).toHaveLength(5);
    expect(report(json), JSON.stringify(report.errors)).toBe(true);
    expect(report(buildJsonReport(hostileStateResult())), JSON.stringify(report.errors)).toBe(true);
  });

  it('rejects a report without its score, or with a grade that is no letter', async () => {
    const json = buildJsonReport(await exampleResult(), EXAMPLE_OPTIONS) as unknown as Record<string, any>;
    const { score: _, ...summary } = json.summary;
    expect(report({ ...json, summary })).toBe(false);
    expect(errorsOf(report.errors)).toEqual(['/summary required']);
    expect(report({ ...json, summary: { ...json.summary, grade: 'A+' } })).toBe(false);
    expect(errorsOf(report.errors)).toEqual(['/summary/grade enum']);
  });
});

describe('schemas/results-line.json', () => {
  it('accepts the results lines of the batch report fixtures (scored and error lines)', () => {
    for (const one of exampleLines()) expect(line(one), JSON.stringify(line.errors)).toBe(true);
  });

  it('accepts the line the engine writes for the example', async () => {
    expect(line(resultsLine('example', 0, await exampleResult()))).toBe(true);
  });

  it('rejects a line without its index, or with a negative count', () => {
    const [first] = exampleLines();
    const { index: _, ...noIndex } = first as unknown as Record<string, unknown>;
    expect(line(noIndex)).toBe(false);
    expect(errorsOf(line.errors)).toContain(' required');
    expect(line({ ...first, secrets: -1 })).toBe(false);
    expect(errorsOf(line.errors)).toContain('/secrets minimum');
  });
});
