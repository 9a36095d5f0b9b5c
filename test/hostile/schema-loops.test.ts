import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ScenarioResult } from '../../src/mcp/types.js';
import { compileSchema, LARGE_ENUM, MAX_SCHEMA_FAN_OUT } from '../../src/schemas/validator.js';
import { fixture } from '../e2e/mcp-servers.js';
import { runCli, useScratchFolder } from '../e2e/run-cli.js';

const HOSTILE = fixture('hostile-server.mjs');
const scratch = useScratchFolder('toolscore-hostile-schema-loops-');

const ANY_LOOP = {
  type: 'object',
  properties: { value: { $ref: '#/$defs/a' } },
  $defs: { a: { anyOf: [{ $ref: '#/$defs/a' }] } },
};
const ALL_LOOP = {
  type: 'object',
  properties: { value: { $ref: '#/$defs/b' } },
  $defs: { b: { allOf: [{ $ref: '#/$defs/b' }] } },
};
const PROTO_FORMAT = {
  type: 'object',
  properties: { text: { type: 'string', format: '__proto__' } },
  required: ['text'],
};
const codes = (count: number): string[] => Array.from({ length: count }, (_, i) => `code_${i}`);

describe('schemas whose $ref loops with no data between, and "format": "__proto__"', () => {
  test('mcp test: a looping tool fails its one happy scenario without a call, the others run, and the card is written', async () => {
    const dir = scratch.fresh();
    // Before the fix: "unexpected error: Maximum call stack size exceeded", exit 2, no card.
    const run = await runCli(
      ['mcp', 'test', '--report', 'json', '-o', 'card.json', '--', process.execPath, HOSTILE, 'loops'],
      { cwd: dir },
    );
    expect(run.code).toBe(0);
    const card = JSON.parse(readFileSync(join(dir, 'card.json'), 'utf8')) as {
      results: ScenarioResult[];
      counts: Record<string, number>;
      grade: string;
    };
    const of = (tool: string): ScenarioResult[] => card.results.filter((result) => result.tool === tool);
    expect(of('any_loop')).toEqual([
      {
        tool: 'any_loop',
        kind: 'happy',
        description: 'valid input 1',
        arguments: {},
        ok: false,
        is_error: false,
        duration: 0,
        detail:
          'the input schema at $.$defs.a refers back to itself through $ref without any data between: no arguments can be checked against it',
        outcome: 'invalid_schema',
      },
    ]);
    expect(of('all_loop').map((result) => [result.outcome, result.detail])).toEqual([
      [
        'invalid_schema',
        'the input schema at $.$defs.b refers back to itself through $ref without any data between: no arguments can be checked against it',
      ],
    ]);
    // "__proto__" names no canned format value: the text is one of the readable ones (it was "text is not iterable").
    expect(of('proto_format').find((result) => result.kind === 'happy')).toMatchObject({
      ok: true,
      arguments: { text: 'Hello from toolscore' },
    });
    // 200,000 values: the enum is checked by a set lookup (ajv compiled it in 88 s), and each value sent is one of them.
    const sent = of('huge_enum')
      .filter((result) => result.kind === 'happy')
      .map((result) => result.arguments.code as string);
    expect(sent).toHaveLength(3);
    for (const code of sent) expect(code).toMatch(/^code_\d{1,6}$/);
    expect(card.counts).toMatchObject({ tools: 5, happy_passed: 7, happy_total: 9, skipped: 0 });
    expect(card.grade).toBe('B');
  }, 60_000);

  test('mcp test: a server whose tools all loop gets grade F, and still a card', async () => {
    const dir = scratch.fresh();
    const run = await runCli(
      ['mcp', 'test', '--report', 'json', '-o', 'card.json', '--', process.execPath, HOSTILE, 'loops-only'],
      { cwd: dir },
    );
    expect(run.code).toBe(0);
    const card = JSON.parse(readFileSync(join(dir, 'card.json'), 'utf8')) as {
      counts: Record<string, number>;
      grade: string;
      fixes: { fix: string }[];
    };
    expect(card.grade).toBe('F');
    expect(card.counts).toMatchObject({ tools: 2, happy_passed: 0, happy_total: 2 });
    expect(card.fixes.map((fix) => fix.fix)).toContain(
      'make every $ref in the input schema of any_loop reach properties or items before it leads back to itself',
    );
  }, 40_000);

  test('generate: the looping tools are left out with a warning each; the others get their cases', async () => {
    const dir = scratch.fresh();
    const tools = [
      { name: 'any_loop', input_schema: ANY_LOOP },
      { name: 'all_loop', input_schema: ALL_LOOP },
      { name: 'proto_format', input_schema: PROTO_FORMAT },
    ];
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools));
    const run = await runCli(['generate', '--tools', 'tools.json', '-n', '1', '-o', 'gold.json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'warning: no case for any_loop: its schema cannot be checked: the schema at $.$defs.a refers back to itself through $ref without any data between\n',
    );
    expect(run.stderr).toContain(
      'warning: no case for all_loop: its schema cannot be checked: the schema at $.$defs.b refers back to itself through $ref without any data between\n',
    );
    expect(JSON.parse(readFileSync(join(dir, 'gold.json'), 'utf8'))).toEqual([
      { tool: 'proto_format', args: { text: 'Testing the tool' } },
    ]);
  }, 40_000);

  test('a loop through properties reads data each turn: it is no loop, and compiles', () => {
    const tree = {
      type: 'object',
      properties: { node: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
    };
    expect(compileSchema(tree)({ node: { children: [{ children: [] }] } })).toBe(true);
    // A property called "default" or "enum" is a schema like any other, not a keyword's data.
    expect(() => compileSchema({ properties: { default: { anyOf: [{ $ref: '#/properties/default' }] } } })).toThrow(
      'the schema at $.properties.default refers back to itself through $ref without any data between',
    );
    const named = compileSchema({ properties: { enum: { enum: codes(200_000) } } });
    expect([named({ enum: 'code_7' }), named({ enum: 'code_x' })]).toEqual([true, false]);
    expect(() => compileSchema({ $ref: '#', anyOf: [{ type: 'string' }] })).toThrow(
      'the schema at $ refers back to itself through $ref without any data between',
    );
  });
});

/**
 * `a0` refers to `a1` twice through allOf, `a1` to `a2` twice, …: checking one value meets
 * 4 × 2^levels − 3 schemas (each level: the definition, its two `$ref` branches, twice the next).
 */
function doubling(levels: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++)
    defs[`a${i}`] = { allOf: [{ $ref: `#/$defs/a${i + 1}` }, { $ref: `#/$defs/a${i + 1}` }] };
  defs[`a${levels}`] = { type: 'string', minLength: 3 };
  return { type: 'object', properties: { x: { $ref: '#/$defs/a0' } }, required: ['x'], $defs: defs };
}

describe('a schema whose $refs double at every level (2^42 checks for one value)', () => {
  test('is refused before ajv runs, naming the first definition past the limit; 65,533 checks still run', async () => {
    expect(MAX_SCHEMA_FAN_OUT).toBe(100_000);
    // 40 levels: a validator never finishes one value (before the fix, generate and mcp test hung here).
    expect(() => compileSchema(doubling(40))).toThrow(
      'the schema at $.$defs.a25 expands into more than 100000 schemas through $ref, allOf, anyOf and oneOf for every value checked',
    );
    // 14 levels: 4 × 2^14 − 3 = 65,533 schemas, checked; 15 levels (131,069) are past the limit.
    const validate = compileSchema(doubling(14));
    expect([validate({ x: 'abc' }), validate({ x: 'ab' })]).toEqual([true, false]);
    expect(() => compileSchema(doubling(15))).toThrow('the schema at $.$defs.a0 expands into more than 100000');

    const dir = scratch.fresh();
    writeFileSync(join(dir, 'tools.json'), JSON.stringify([{ name: 'doubling', input_schema: doubling(40) }]));
    const run = await runCli(['generate', '--tools', 'tools.json', '-n', '1'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'warning: no case for doubling: its schema cannot be checked: the schema at $.$defs.a25 expands into more than 100000 schemas',
    );
  }, 40_000);
});

describe('an enum of 200,000 values', () => {
  test("validates in and out of the list with ajv's own error, in process", () => {
    const validate = compileSchema({
      type: 'object',
      properties: { code: { enum: [...codes(200_000), 7, { a: 1 }] } },
    });
    expect(validate({ code: 'code_199999' })).toBe(true);
    expect(validate({ code: 7 })).toBe(true);
    expect(validate({ code: { a: 1 } })).toBe(true);
    expect(validate({ code: 'code_200000' })).toBe(false);
    expect(validate.errors?.map(({ instancePath, keyword, message }) => ({ instancePath, keyword, message }))).toEqual([
      { instancePath: '/code', keyword: 'enum', message: 'must be equal to one of the allowed values' },
    ]);
    expect(validate({ code: '7' })).toBe(false);
  }, 30_000);

  test('the lookup and ajv agree on either side of LARGE_ENUM', () => {
    for (const count of [LARGE_ENUM, LARGE_ENUM + 1]) {
      const validate = compileSchema({ enum: codes(count) });
      expect([validate(`code_${count - 1}`), validate(`code_${count}`), validate(0)]).toEqual([true, false, false]);
    }
  });

  test('property: a large enum (set lookup) accepts exactly what the same values accept through ajv', () => {
    const fillers = codes(LARGE_ENUM);
    // Scalars: an enum holding an object or array is always a set lookup (next test).
    const scalar = fc.oneof(
      fc.string({ maxLength: 3 }),
      fc.integer({ min: -3, max: 3 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc.array(scalar, { minLength: 1, maxLength: 8 }),
        fc.oneof(scalar, fc.jsonValue({ maxDepth: 2 })),
        (values, probe) => {
          const probes = [probe, values[0], JSON.parse(JSON.stringify(values[0]))];
          // Duplicates make either schema invalid, with the same message.
          const verdicts = (list: unknown[]): unknown => {
            try {
              const validate = compileSchema({ enum: list });
              return probes.map((value) => validate(value));
            } catch (error) {
              return (error as Error).message;
            }
          };
          expect(verdicts([...values, ...fillers])).toEqual(verdicts(values));
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  test('an enum holding objects compares by value, and a "valueOf" key in the data does not throw', () => {
    const validate = compileSchema({ enum: [{ a: 1, b: [2] }, [1, { c: null }], 'x'] });
    // ajv's own deep equality threw "a.valueOf is not a function" here.
    expect(validate({ valueOf: null })).toBe(false);
    expect(validate({ b: [2], a: 1 })).toBe(true);
    expect(validate([1, { c: null }])).toBe(true);
    expect(validate([{ c: null }, 1])).toBe(false);
    expect(validate('x')).toBe(true);
    expect(() => compileSchema({ enum: [{ a: 1 }, 'y', { a: 1 }] })).toThrow(
      'schema is invalid: data/enum must NOT have duplicate items (items ## 0 and 2 are identical)',
    );
  });

  test('eval --tools: a call with a value in the list passes, one outside breaks its schema', async () => {
    const dir = scratch.fresh();
    const tools = [
      {
        type: 'function',
        function: {
          name: 'pick',
          parameters: { type: 'object', properties: { code: { type: 'string', enum: codes(200_000) } } },
        },
      },
    ];
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools));
    writeFileSync(join(dir, 'gold.json'), JSON.stringify([{ tool: 'pick' }, { tool: 'pick' }]));
    writeFileSync(
      join(dir, 'trace.json'),
      JSON.stringify([
        { tool: 'pick', args: { code: 'code_123456' } },
        { tool: 'pick', args: { code: 'code_x' } },
      ]),
    );
    // Killed at 60 s before the fix.
    const run = await runCli(['eval', 'gold.json', 'trace.json', '--tools', 'tools.json', '-o', 'out.json'], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    const out = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as {
      metrics: { schema_metrics: { failed_calls: unknown[]; error_details: unknown[] } };
    };
    expect(out.metrics.schema_metrics.failed_calls).toEqual([{ index: 1, tool: 'pick' }]);
    expect(out.metrics.schema_metrics.error_details).toEqual([
      {
        index: 1,
        tool: 'pick',
        path: '$.code',
        keyword: 'enum',
        message: 'must be equal to one of the allowed values',
      },
    ]);
  }, 40_000);

  test('generate with a million values: each case is one of them', async () => {
    const dir = scratch.fresh();
    const tools = [
      {
        name: 'pick',
        input_schema: { type: 'object', properties: { code: { enum: codes(1_000_000) } }, required: ['code'] },
      },
    ];
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools));
    // Killed at 45 s before the fix.
    const run = await runCli(['generate', '--tools', 'tools.json', '-n', '5', '--seed', '1', '-o', 'gold.json'], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    const gold = JSON.parse(readFileSync(join(dir, 'gold.json'), 'utf8')) as { args: { code: string } }[];
    expect(gold.length).toBeGreaterThanOrEqual(2);
    for (const call of gold) expect(call.args.code).toMatch(/^code_\d{1,6}$/);
    // The boundary case takes the last value, the edge case the first.
    expect(gold.map((call) => call.args.code)).toEqual(expect.arrayContaining(['code_999999', 'code_0']));
  }, 60_000);
});
