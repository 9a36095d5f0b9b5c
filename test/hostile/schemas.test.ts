import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { childPath, ToolscoreInputError } from '../../src/core/errors.js';
import { readToolCatalogue } from '../../src/schemas/catalogue.js';
import { runCli, useScratchFolder } from '../e2e/run-cli.js';

/** The classic catastrophic pattern and an argument that makes a backtracking engine try 2^31 ways. */
const EVIL_PATTERN = '^(a+)+$';
const EVIL_ARGUMENT = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!';

function tools(properties: Record<string, unknown>, extra: Record<string, unknown> = {}): unknown[] {
  return [{ type: 'function', function: { name: 'check', parameters: { type: 'object', properties, ...extra } } }];
}

function schemaErrors(catalogue: unknown, args: Record<string, unknown>): string[] {
  const result = evaluate({ expected: [], tools: catalogue, actual: [{ tool: 'check', args }] });
  return result.metrics.schema_metrics!.error_details.map(
    (error) => `${error.path} ${error.keyword}: ${error.message}`,
  );
}

function inputError(body: () => unknown): string {
  try {
    body();
  } catch (error) {
    if (error instanceof ToolscoreInputError) return error.message;
    throw error;
  }
  throw new Error('expected a ToolscoreInputError');
}

const scratch = useScratchFolder('toolscore-hostile-schemas-');

describe('--tools schemas: patterns run in linear time', () => {
  test('CLI: ^(a+)+$ against a crafted argument finishes, and the call breaks its schema', async () => {
    const dir = scratch.fresh();
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools({ code: { type: 'string', pattern: EVIL_PATTERN } })));
    writeFileSync(join(dir, 'gold.json'), JSON.stringify([{ tool: 'check' }]));
    writeFileSync(join(dir, 'trace.json'), JSON.stringify([{ tool: 'check', args: { code: EVIL_ARGUMENT } }]));
    // A backtracking engine needs minutes here; the subprocess is killed after 30 s either way.
    const run = await runCli(['eval', 'gold.json', 'trace.json', '--tools', 'tools.json', '-o', 'out.json'], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('call 1 (check) breaks its schema at $.code: must match pattern "^(a+)+$"');
  }, 40_000);

  test('patternProperties run on the same engine', () => {
    const catalogue = tools({}, { patternProperties: { [EVIL_PATTERN]: { type: 'integer' } } });
    // In process, so shorter than EVIL_ARGUMENT: a backtracking engine still needs seconds (2^25 ways).
    const crafted = `${'a'.repeat(25)}!`;
    expect(schemaErrors(catalogue, { [crafted]: 'x', aaaa: 'y', aaab: 'z' })).toEqual(['$.aaaa type: must be integer']);
  });

  test('ECMA-262 escapes in patterns (\\u0041, \\u{1F600}, named groups) mean what they mean in JavaScript', () => {
    const catalogue = tools({
      upper: { type: 'string', pattern: '^[\\u0041-\\u005A]+$' },
      emoji: { type: 'string', pattern: '^\\u{1F600}$' },
      year: { type: 'string', pattern: '^(?<year>\\d{4})$' },
    });
    expect(schemaErrors(catalogue, { upper: 'ABC', emoji: '😀', year: '2025' })).toEqual([]);
    expect(schemaErrors(catalogue, { upper: 'AbC', emoji: '😃', year: '25' })).toEqual([
      '$.upper pattern: must match pattern "^[\\u0041-\\u005A]+$"',
      '$.emoji pattern: must match pattern "^\\u{1F600}$"',
      '$.year pattern: must match pattern "^(?<year>\\d{4})$"',
    ]);
  });

  test('a lookahead or backreference is a one-line input error naming the schema path', () => {
    const lookahead = tools({ code: { type: 'string', pattern: '^(?=a)b' } });
    expect(inputError(() => readToolCatalogue(lookahead, 'tools.json'))).toBe(
      'tools.json at $[0].function.parameters.properties.code.pattern: pattern "^(?=a)b" cannot be used: invalid or unsupported Perl syntax: `(?=` (lookarounds and backreferences are not supported: patterns run on a linear-time engine)',
    );
    const backreference = {
      tools: [{ name: 'check', inputSchema: { type: 'object', patternProperties: { '^(a)\\1$': {} } } }],
    };
    expect(inputError(() => readToolCatalogue(backreference, 'list.json'))).toBe(
      'list.json at $.tools[0].inputSchema.patternProperties["^(a)\\\\1$"]: pattern "^(a)\\\\1$" cannot be used: invalid escape sequence: `\\1` (lookarounds and backreferences are not supported: patterns run on a linear-time engine)',
    );
    // A property that is named "pattern", and an enum value holding one, are not patterns.
    expect(readToolCatalogue(tools({ pattern: { type: 'string', enum: [{ pattern: '(?=x)' }] } })).size).toBe(1);
  });

  test('CLI: exit 2 and one line for a tools file with a lookahead', async () => {
    const dir = scratch.fresh();
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools({ code: { type: 'string', pattern: '(?!x)y' } })));
    writeFileSync(join(dir, 'gold.json'), JSON.stringify([{ tool: 'check' }]));
    writeFileSync(join(dir, 'trace.json'), JSON.stringify([{ tool: 'check', args: { code: 'y' } }]));
    const run = await runCli(['eval', 'gold.json', 'trace.json', '--tools', 'tools.json', '-o', 'out.json'], {
      cwd: dir,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'toolscore: tools.json at $[0].function.parameters.properties.code.pattern: pattern "(?!x)y" cannot be used: invalid or unsupported Perl syntax: `(?!` (lookarounds and backreferences are not supported: patterns run on a linear-time engine)\n',
    );
  }, 40_000);

  test('a gold schema with a lookbehind is an input error too, not a crash', () => {
    const gold = [
      { tool: 'check', schema: { type: 'object', properties: { code: { type: 'string', pattern: '(?<=a)b' } } } },
    ];
    expect(inputError(() => evaluate({ expected: gold, actual: [{ tool: 'check', args: { code: 'b' } }] }))).toBe(
      'gold schema of "check" at $.properties.code.pattern: pattern "(?<=a)b" cannot be used: invalid named capture: `(?<=a)b` (lookarounds and backreferences are not supported: patterns run on a linear-time engine)',
    );
  });
});

describe('required __proto__ and constructor are own properties', () => {
  test('missing ones are reported, present ones pass', () => {
    const catalogue = tools({}, { required: ['__proto__', 'constructor', 'toString'] });
    expect(schemaErrors(catalogue, {})).toEqual([
      "$.__proto__ required: must have required property '__proto__'",
      "$.constructor required: must have required property 'constructor'",
      "$.toString required: must have required property 'toString'",
    ]);
    expect(
      schemaErrors(
        catalogue,
        JSON.parse('{"__proto__": 1, "constructor": 2, "toString": 3}') as Record<string, unknown>,
      ),
    ).toEqual([]);
  });
});

describe('errors name the property they are about', () => {
  test('an extra property is $.unit, not $', () => {
    const catalogue = tools({ city: { type: 'string' } }, { additionalProperties: false, required: ['city'] });
    const result = evaluate({
      expected: [],
      tools: catalogue,
      actual: [{ tool: 'check', args: { city: 'Paris', unit: 'C' } }],
    });
    expect(result.findings.map((finding) => finding.message)).toEqual([
      'call 1 (check) breaks its schema at $.unit: not allowed by the schema',
    ]);
  });

  test('unevaluatedProperties, propertyNames and dependentRequired (draft 2020-12) name the property too', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        card: { type: 'string' },
        nested: { type: 'object', properties: { a: {} }, unevaluatedProperties: false },
      },
      propertyNames: { maxLength: 6 },
      dependentRequired: { card: ['billing'] },
    };
    const catalogue = [{ name: 'check', input_schema: schema }];
    expect(schemaErrors(catalogue, { card: 'x', nested: { a: 1, b: 2 }, toolong: 1 })).toEqual([
      '$.toolong maxLength: must NOT have more than 6 characters',
      '$.toolong propertyNames: property name must be valid',
      '$.nested.b unevaluatedProperties: not allowed by the schema',
      '$.billing dependentRequired: must have property billing when property card is present',
    ]);
  });

  test('property: any extra or missing property name is reported at its own path', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (name) => {
        fc.pre(name !== 'known');
        const catalogue = tools({ known: {} }, { additionalProperties: false, required: ['known', name] });
        // Parsed, so a name such as __proto__ is an own property.
        const args = JSON.parse(`{"known": 1, ${JSON.stringify(name)}: 1}`) as Record<string, unknown>;
        expect(schemaErrors(catalogue, args)).toEqual([
          `${childPath('$', name)} additionalProperties: not allowed by the schema`,
        ]);
        expect(schemaErrors(catalogue, { known: 1 })).toEqual([
          `${childPath('$', name)} required: must have required property '${name}'`,
        ]);
      }),
      { numRuns: 200 },
    );
  });
});
