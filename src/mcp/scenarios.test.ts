import { describe, expect, test } from 'vitest';
import { readCorpusJson } from '../../test/corpus.js';
import { seededRandom } from '../schemas/prng.js';
import { samplePattern } from '../schemas/regex-sample.js';
import { generateScenarios, isDestructive } from './scenarios.js';
import type { McpTool } from './types.js';
import { schemaError } from './validate.js';
import { generateValue } from '../schemas/schema-values.js';

function tool(name: string, inputSchema: unknown, extra: Partial<McpTool> = {}): McpTool {
  return { name, description: `The ${name} tool, for tests.`, inputSchema, ...extra };
}

const STRICT = tool('book_room', {
  type: 'object',
  properties: {
    room_code: { type: 'string', pattern: '^[A-Z]{3}-\\d{3}$', description: 'Room code' },
    guest_email: { type: 'string', format: 'email' },
    check_in: { type: 'string', format: 'date' },
    arrival: { type: 'string', format: 'date-time' },
    nights: { type: 'integer', minimum: 1, maximum: 14 },
    budget: { type: 'number', exclusiveMinimum: 100, maximum: 150, multipleOf: 0.5 },
    note: { type: 'string', minLength: 30, maxLength: 40 },
    tier: { type: 'string', enum: ['basic', 'plus', 'suite'] },
    tags: {
      type: 'array',
      items: { type: 'string', pattern: '^[a-z]+$' },
      minItems: 2,
      maxItems: 4,
      uniqueItems: true,
    },
    website: { type: 'string', format: 'uri' },
    id: { type: 'string', format: 'uuid' },
    ref: { $ref: '#/$defs/code' },
    maybe: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 5, maximum: 5 }] },
    address: {
      type: 'object',
      properties: { street: { type: 'string', minLength: 3 }, zip: { type: 'string', pattern: '^\\d{5}$' } },
      required: ['street', 'zip'],
    },
  },
  required: ['room_code', 'guest_email', 'nights'],
  additionalProperties: false,
  $defs: { code: { type: 'string', pattern: '^(?:ab|cd)+x?$' } },
});

describe('scenario generation (reference §16.2, and better)', () => {
  test('the same tools give the same scenarios every run (seeded by tool name)', () => {
    expect(generateScenarios([STRICT])).toEqual(generateScenarios([STRICT]));
    const other = generateScenarios([{ ...STRICT, name: 'book_room_2' }]);
    expect(other.map((scenario) => scenario.arguments)).not.toEqual(
      generateScenarios([STRICT]).map((scenario) => scenario.arguments),
    );
  });

  test('every happy argument set satisfies a strict schema: pattern, format, ranges, lengths, enum, arrays, $ref, nested objects', () => {
    for (const cases of [1, 3, 10]) {
      const happy = generateScenarios([STRICT], { casesPerTool: cases }).filter(
        (scenario) => scenario.kind === 'happy',
      );
      expect(happy.length).toBeGreaterThan(0);
      for (const scenario of happy) {
        expect(scenario.skip).toBeUndefined();
        expect(
          schemaError(STRICT.inputSchema as Record<string, unknown>, scenario.arguments),
          JSON.stringify(scenario.arguments),
        ).toBeUndefined();
      }
    }
  });

  test('happy cases: every argument, then the required ones only, then some optional ones', () => {
    const happy = generateScenarios([STRICT]).filter((scenario) => scenario.kind === 'happy');
    expect(happy.map((scenario) => scenario.description)).toEqual([
      'valid input 1',
      'valid input 2 (required arguments only)',
      'valid input 3 (some optional arguments)',
    ]);
    expect(Object.keys(happy[0]!.arguments)).toHaveLength(14);
    expect(Object.keys(happy[1]!.arguments).sort()).toEqual(['guest_email', 'nights', 'room_code']);
  });

  test('edge cases: the first required argument dropped, the first property mistyped, every property empty', () => {
    const edges = generateScenarios([STRICT]).filter((scenario) => scenario.kind === 'edge');
    expect(edges.map((scenario) => scenario.description)).toEqual([
      'missing required argument "room_code"',
      'wrong type for "room_code" (number)',
      'empty values for every argument',
    ]);
    expect(edges[0]!.arguments).not.toHaveProperty('room_code');
    expect(edges[1]!.arguments.room_code).toBe(12345);
    expect(edges[2]!.arguments).toMatchObject({ room_code: '', nights: 0, tags: [], address: {}, maybe: 0 });
    expect(
      generateScenarios([STRICT], { includeEdgeCases: false }).every((scenario) => scenario.kind === 'happy'),
    ).toBe(true);
  });

  test('wrong-type probes: by primary type, and for unions the first value no type accepts', () => {
    const wrong = (schema: unknown) =>
      generateScenarios([tool('t', { type: 'object', properties: { p: schema }, required: [] })]).find((scenario) =>
        scenario.description.startsWith('wrong type'),
      )!.arguments.p;
    expect(wrong({ type: 'integer' })).toBe('not-a-number');
    expect(wrong({ type: 'boolean' })).toBe('not-a-boolean');
    expect(wrong({ type: 'array', items: { type: 'string' } })).toBe('not-a-list-or-object');
    expect(wrong({ type: 'string' })).toBe(12345);
    expect(wrong({ type: ['number', 'string'] })).toEqual(['not-a-valid-value']);
    expect(wrong({ type: ['integer', 'null'] })).toBe('not-a-valid-value');
  });

  test('an unusable schema gets one no-args call', () => {
    for (const schema of [undefined, {}, { type: 'object' }, { type: 'string' }, 'nonsense']) {
      expect(generateScenarios([tool('bare', schema)])).toEqual([
        { tool: 'bare', kind: 'happy', description: 'no-args call (empty or invalid input schema)', arguments: {} },
      ]);
    }
  });

  test('a tool without parameters is called once (identical calls are made once)', () => {
    expect(generateScenarios([tool('ping', { type: 'object', properties: {} })])).toEqual([
      { tool: 'ping', kind: 'happy', description: 'valid input 1', arguments: {} },
    ]);
  });

  test('destructive tools are skipped unless allowed; task-only tools are skipped', () => {
    const destructive = tool(
      'drop_table',
      { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      { annotations: { destructiveHint: true } },
    );
    expect(isDestructive(destructive)).toBe(true);
    expect(isDestructive({ ...destructive, annotations: { destructiveHint: true, readOnlyHint: true } })).toBe(false);
    expect(isDestructive({ ...destructive, annotations: {} })).toBe(false);
    expect(generateScenarios([destructive]).every((scenario) => scenario.skip?.includes('destructiveHint'))).toBe(true);
    expect(
      generateScenarios([destructive], { allowDestructive: true }).every((scenario) => scenario.skip === undefined),
    ).toBe(true);
    const task = tool('research', { type: 'object', properties: {} }, { execution: { taskSupport: 'required' } });
    expect(generateScenarios([task])[0]!.skip).toContain('taskSupport');
  });

  test('arguments that cannot satisfy the schema are skipped with the reason, not sent', () => {
    const impossible = tool('impossible', {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^[0-9]{5}$', maxLength: 3 } },
      required: ['code'],
    });
    const [first] = generateScenarios([impossible]);
    expect(first!.skip).toMatch(
      /^skipped: could not generate arguments that satisfy the input schema \(\$\.code: must /,
    );
  });

  test('wait-like numbers take the smallest allowed value, defaults included', () => {
    const schema = {
      type: 'object',
      properties: {
        duration: { type: 'number', default: 10 },
        timeout_ms: { type: 'integer', minimum: 50 },
        steps: { type: 'number', default: 5 },
      },
      required: [],
    };
    const [first] = generateScenarios([tool('long_op', schema)]);
    expect(first!.arguments).toEqual({ duration: 1, timeout_ms: 50, steps: 5 });
  });

  test('the spec examples from the MCP schema give valid arguments', () => {
    for (const file of [
      'Tool__tool-with-composition-input-schema.json',
      'Tool__with-default-2020-12-input-schema.json',
      'Tool__with-explicit-draft-07-input-schema.json',
      'Tool__with-output-schema-for-structured-content.json',
    ]) {
      const definition = readCorpusJson('mcp/spec-examples-2026-07-28', file) as McpTool;
      for (const scenario of generateScenarios([definition]).filter((item) => item.kind === 'happy')) {
        expect(scenario.skip, file).toBeUndefined();
        expect(
          schemaError(definition.inputSchema as Record<string, unknown>, scenario.arguments),
          file,
        ).toBeUndefined();
      }
    }
  });
});

describe('values and patterns', () => {
  test('patterns: classes, groups, alternation, quantifiers, escapes; each sample matches', () => {
    const random = seededRandom('patterns');
    for (const pattern of [
      '^[A-Z]{3}-\\d{3}$',
      '^(foo|bar)+_[a-z0-9]{2,4}$',
      '\\w+@\\w+\\.com',
      '^[^\\s@]+$',
      '^v\\d+\\.\\d+\\.\\d+(-[a-z]+)?$',
      '^\\u0041[b-d]?$',
      '^(?<year>\\d{4})-(0[1-9]|1[0-2])$',
      'x*',
    ]) {
      for (let k = 0; k < 20; k++) {
        const sample = samplePattern(pattern, random);
        expect(sample, pattern).toBeDefined();
        expect(new RegExp(pattern, 'u').test(sample!), `${pattern} ${sample}`).toBe(true);
      }
    }
  });

  test('patterns with lengths, and what is not supported', () => {
    const random = seededRandom('lengths');
    const long = samplePattern('^[a-z]+$', random, 25, 30)!;
    expect(long).toMatch(/^[a-z]{25,30}$/);
    expect(samplePattern('^(?=a)b$', random)).toBeUndefined();
    expect(samplePattern('(a)\\1', random)).toBeUndefined();
    expect(samplePattern('[', random)).toBeUndefined();
  });

  test('numbers respect exclusive bounds and multipleOf; strings respect lengths', () => {
    const context = { random: seededRandom('n'), root: {}, useDefaults: false };
    for (let k = 0; k < 50; k++) {
      const integer = generateValue(
        { type: 'integer', exclusiveMinimum: 3, exclusiveMaximum: 6 },
        'n',
        context,
      ) as number;
      expect([4, 5]).toContain(integer);
      const number = generateValue(
        { type: 'number', minimum: 0.1, maximum: 0.3, multipleOf: 0.1 },
        'x',
        context,
      ) as number;
      expect([0.1, 0.2, 0.3]).toContain(number);
      const text = generateValue({ type: 'string', minLength: 12, maxLength: 12 }, 'title', context) as string;
      expect(text).toHaveLength(12);
    }
  });
});
