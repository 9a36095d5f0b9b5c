import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readToolCatalogue } from '../../src/schemas/catalogue.js';
import { compileSchema } from '../../src/schemas/validator.js';
import { runCli, type Run, useScratchFolder } from './run-cli.js';

/* `toolscore generate` end to end: gold files and batch datasets from tool schemas. */
const folder = useScratchFolder('toolscore-generate-');

function put(name: string, content: unknown): string {
  const path = join(folder.root(), name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

function expectInputError(run: Run, ...fragments: string[]): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(/^toolscore: /);
  for (const fragment of fragments) expect(run.stderr).toContain(fragment);
}

/** OpenAI Chat Completions tools, with the function wrapper. */
const OPENAI_TOOLS = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', minLength: 2, maxLength: 30 },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
          days: { type: 'integer', minimum: 1, maximum: 7 },
        },
        required: ['city'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'send_email',
      parameters: {
        type: 'object',
        properties: { to: { type: 'string', format: 'email' }, urgent: { type: 'boolean' } },
        required: ['to', 'urgent'],
      },
    },
  },
];

describe('toolscore generate', () => {
  it('writes a gold file whose every call validates; 6 normal, 2 boundary, 2 edge per tool at most', async () => {
    const tools = put('tools.json', OPENAI_TOOLS);
    const gold = join(folder.root(), 'gold.json');
    const run = await runCli(['generate', '--tools', tools, '-o', gold, '--seed', 'demo']);
    expect(run.code, run.stderr).toBe(0);
    const calls = JSON.parse(readFileSync(gold, 'utf8')) as { tool: string; args: Record<string, unknown> }[];
    const catalogue = readToolCatalogue(OPENAI_TOOLS);
    for (const call of calls)
      expect([call.tool, compileSchema(catalogue.get(call.tool)!)(call.args)]).toEqual([call.tool, true]);
    const per = (tool: string) => calls.filter((call) => call.tool === tool).length;
    expect(per('get_weather')).toBeGreaterThan(2);
    expect(per('get_weather')).toBeLessThanOrEqual(10);
    expect(per('send_email')).toBeGreaterThan(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `^wrote ${gold.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ expected calls for 2 tools \\(\\d+ normal, \\d+ boundary, \\d+ edge\\); every call validates against its schema\\n$`,
      ),
    );
    // The same seed writes the same bytes.
    const again = await runCli(['generate', '--tools', tools, '--seed', 'demo']);
    expect(again.stdout).toBe(readFileSync(gold, 'utf8'));
    expect(again.stderr).toContain('wrote standard output: ');
  });

  it('--cases writes a batch dataset that toolscore batch reads, each case on its own', async () => {
    const tools = put('tools-2.json', OPENAI_TOOLS);
    const dataset = join(folder.root(), 'cases.jsonl');
    const run = await runCli(['generate', '--tools', tools, '--cases', '-n', '3', '--no-edge-cases', '-o', dataset]);
    expect(run.code, run.stderr).toBe(0);
    const lines = readFileSync(dataset, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.length).toBeLessThanOrEqual(6);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['id', 'expected', 'actual']);
      expect(line.id).toMatch(/^(get_weather|send_email)-normal-\d$/);
      expect(line.expected).toHaveLength(1);
      expect(line.actual).toEqual([]);
    }
    const batch = await runCli(['batch', dataset, '-o', join(folder.root(), 'results.jsonl')]);
    expect(batch.code, batch.stderr).toBe(0);
    expect(batch.stdout).toMatch(new RegExp(`^${lines.length} cases scored\\n`));
  });

  it('-n 6 writes 6 cases per tool, or says on stderr why a tool got fewer', async () => {
    const tools = put('tools-4.json', OPENAI_TOOLS);
    const run = await runCli(['generate', '--tools', tools, '-n', '6']);
    expect(run.code, run.stderr).toBe(0);
    const calls = JSON.parse(run.stdout) as { tool: string }[];
    // get_weather has values enough for 6; send_email has one email value and a boolean: 2 argument sets.
    expect(calls.filter((call) => call.tool === 'get_weather')).toHaveLength(6);
    expect(calls.filter((call) => call.tool === 'send_email')).toHaveLength(2);
    expect(run.stderr.split('\n')[0]).toBe(
      'note: send_email got 2 of 6 cases: only 2 different argument sets came out for its schema, and the other 4 repeated earlier cases (repeats are left out)',
    );
    expect(run.stderr).toContain('wrote standard output: 8 expected calls for 2 tools');
  });

  it('bad input: one line and exit 2', async () => {
    expectInputError(
      await runCli(['generate', '--tools', put('not-tools.json', { hello: 1 })]),
      'not-tools.json',
      'expected a list of tool definitions',
    );
    const tools = put('tools-3.json', OPENAI_TOOLS);
    expectInputError(await runCli(['generate', '--tools', tools, '-n', '0']), '-n: expected at least 1 case per tool');
    expectInputError(await runCli(['generate', '--tools', tools, '-o', tools]), '--output', 'is the tools file');
    const run = await runCli(['generate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("required option '--tools <file>' not specified");
  });
});
