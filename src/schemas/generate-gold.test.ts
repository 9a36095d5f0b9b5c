import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CORPUS_ROOT } from '../../test/corpus.js';
import { readToolCatalogue, type ToolCatalogue } from './catalogue.js';
import { caseKinds, generateGoldCases } from './generate-gold.js';
import { compileSchema } from './validator.js';

const BOOK = readToolCatalogue([
  {
    name: 'book',
    input_schema: {
      type: 'object',
      properties: {
        city: { type: 'string', enum: ['Lisbon', 'Porto', 'Faro'] },
        nights: { type: 'integer', minimum: 1, maximum: 5 },
        note: { type: 'string', maxLength: 20 },
      },
      required: ['city'],
      additionalProperties: false,
    },
  },
]);

describe('gold cases from tool schemas', () => {
  test('the mix: ⌊0.6n⌋ normal, ⌊0.2n⌋ boundary, the rest edge; or all normal', () => {
    const count = (kinds: string[]) => [
      kinds.filter((k) => k === 'normal').length,
      kinds.filter((k) => k === 'boundary').length,
      kinds.filter((k) => k === 'edge').length,
    ];
    expect(count(caseKinds(10, true))).toEqual([6, 2, 2]);
    expect(count(caseKinds(3, true))).toEqual([1, 0, 2]);
    expect(count(caseKinds(5, false))).toEqual([5, 0, 0]);
  });

  test('boundary cases take the low limits and the last enum value; edge cases the high ones and the first', () => {
    const { cases, skipped } = generateGoldCases(BOOK, { perTool: 10 });
    expect(skipped).toEqual([]);
    const boundary = cases.filter((c) => c.kind === 'boundary');
    const edge = cases.filter((c) => c.kind === 'edge');
    // Boundary and edge cases pass every argument. A string without a length limit has no boundary of its
    // own, so `note` is an ordinary value there (no more than its maxLength of 20).
    expect(boundary).toHaveLength(2);
    for (const c of boundary) {
      expect([c.args.city, c.args.nights]).toEqual(['Faro', 1]);
      expect((c.args.note as string).length).toBeLessThanOrEqual(20);
    }
    // The second edge case repeated the first on its first draw and was drawn again: its note differs.
    expect(edge).toHaveLength(2);
    for (const c of edge) {
      expect([c.args.city, c.args.nights, (c.args.note as string).length]).toEqual(['Lisbon', 5, 20]);
    }
    expect(edge[0]!.args.note).not.toBe(edge[1]!.args.note);
    expect(cases.map((c) => c.id)).toEqual([...new Set(cases.map((c) => c.id))]);
    for (const c of cases.filter((one) => one.kind === 'normal')) expect(Object.keys(c.args)).toContain('city');
  });

  test('the same seed gives the same cases; without edge cases every case is normal', () => {
    expect(generateGoldCases(BOOK, { seed: '7' })).toEqual(generateGoldCases(BOOK, { seed: '7' }));
    const normal = generateGoldCases(BOOK, { edgeCases: false, perTool: 4 }).cases;
    expect(normal.every((c) => c.kind === 'normal')).toBe(true);
  });

  test('a repeat of an earlier case is drawn again, so -n 6 gives 6 cases when the schema allows them', () => {
    const weather = readToolCatalogue([
      {
        name: 'get_weather',
        input_schema: {
          type: 'object',
          properties: {
            city: { type: 'string', minLength: 2, maxLength: 30 },
            unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
            days: { type: 'integer', minimum: 1, maximum: 7 },
          },
          required: ['city'],
        },
      },
    ]);
    // Seed 0 draws a repeat for the third normal case: it used to be dropped, leaving 5.
    const { cases, short } = generateGoldCases(weather, { perTool: 6 });
    expect(cases.map((c) => c.id)).toEqual([
      'get_weather-normal-1',
      'get_weather-normal-2',
      'get_weather-normal-3',
      'get_weather-boundary-1',
      'get_weather-edge-1',
      'get_weather-edge-2',
    ]);
    expect(new Set(cases.map((c) => JSON.stringify(c.args))).size).toBe(6);
    expect(short).toEqual([]);
  });

  test('a tool with fewer different argument sets than asked is listed as short, with the counts', () => {
    const flag = readToolCatalogue([
      {
        name: 'set_flag',
        input_schema: { type: 'object', properties: { on: { type: 'boolean' } }, required: ['on'] },
      },
    ]);
    const { cases, skipped, short } = generateGoldCases(flag, { perTool: 6 });
    expect(cases.map((c) => c.args.on).sort()).toEqual([false, true]);
    expect(skipped).toEqual([]);
    expect(short).toEqual([{ tool: 'set_flag', asked: 6, made: 2 }]);
  });

  test('a schema nothing can satisfy, or one that cannot be compiled, skips its tool with the reason', () => {
    const impossible = readToolCatalogue([
      {
        name: 'never',
        input_schema: {
          type: 'object',
          properties: { n: { type: 'integer', minimum: 5, maximum: 1 } },
          required: ['n'],
        },
      },
    ]);
    const { cases, skipped } = generateGoldCases(impossible, { perTool: 2 });
    expect(cases).toEqual([]);
    expect(skipped.map((s) => s.tool)).toEqual(['never']);
    expect(skipped[0]!.reason).toMatch(/^no generated arguments satisfy its schema \(\$\.n: must be/);
  });
});

/** Every `tools` list a corpus recording holds (request bodies, also inside JSON text), and MCP spec tools. */
function corpusCatalogues(): { file: string; catalogue: ToolCatalogue }[] {
  const found: { file: string; catalogue: ToolCatalogue }[] = [];
  const visit = (value: unknown, file: string, depth: number): void => {
    if (depth > 40) return;
    if (typeof value === 'string') {
      if (value.startsWith('{') && value.includes('"tools"')) {
        try {
          visit(JSON.parse(value), file, depth + 1);
        } catch {}
      }
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, file, depth + 1);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    if (Array.isArray(object.tools) && object.tools.length > 0) {
      try {
        found.push({ file, catalogue: readToolCatalogue(object.tools, file) });
      } catch {}
    }
    if (typeof object.name === 'string' && object.inputSchema !== undefined) {
      try {
        found.push({ file, catalogue: readToolCatalogue([object], file) });
      } catch {}
    }
    for (const item of Object.values(object)) visit(item, file, depth + 1);
  };
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.json')) {
        try {
          visit(JSON.parse(readFileSync(path, 'utf8')), path, 0);
        } catch {}
      }
    }
  };
  walk(CORPUS_ROOT);
  return found;
}

describe('over the tool definitions of the corpus', () => {
  const catalogues = corpusCatalogues();

  test('there are real definitions to generate from', () => {
    expect(catalogues.reduce((n, { catalogue }) => n + catalogue.size, 0)).toBeGreaterThanOrEqual(10);
  });

  test('every generated call validates against its tool schema, whatever the seed (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (seed, perTool, edgeCases) => {
          for (const { catalogue } of catalogues) {
            const { cases } = generateGoldCases(catalogue, { seed, perTool, edgeCases });
            for (const one of cases) expect(compileSchema(catalogue.get(one.tool)!)(one.args)).toBe(true);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
