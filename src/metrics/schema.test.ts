import { describe, expect, test } from 'vitest';
import { readCorpusJson, readCorpusJsonl } from '../../test/corpus.js';
import { evaluate } from '../evaluation/evaluate.js';
import { readToolCatalogue } from '../schemas/catalogue.js';

/** The real tools/list response recorded from @modelcontextprotocol/server-filesystem. */
function filesystemToolsList(): unknown {
  const lines = readCorpusJsonl('mcp/recorded-transcripts/server-filesystem-2026.8.31.stdio.jsonl') as {
    message: { result?: { tools?: unknown } };
  }[];
  return lines.find((line) => line.message.result?.tools !== undefined)!.message;
}

describe('schema_metrics against the tool catalogue offered to the agent', () => {
  test('a real MCP tools/list response: valid calls pass, bad arguments and tools not offered fail with JSON paths', () => {
    const catalogue = readToolCatalogue(filesystemToolsList());
    expect(catalogue.size).toBe(14);
    expect(catalogue.get('read_text_file')).toMatchObject({ type: 'object', required: ['path'] });
    const result = evaluate({
      expected: [],
      tools: filesystemToolsList(),
      actual: [
        { tool: 'read_text_file', args: { path: '/tmp/a.txt', head: 5 } },
        { tool: 'read_text_file', args: { head: 'five' } },
        { tool: 'write_file', args: { path: '/tmp/b.txt', content: 42 } },
        { tool: 'delete_everything', args: {} },
      ],
    });
    expect(result.metrics.schema_metrics).toEqual({
      schema_compliance_rate: 0.25,
      total_validated: 4,
      total_errors: 4,
      failed_count: 3,
      failed_calls: [
        { index: 1, tool: 'read_text_file' },
        { index: 2, tool: 'write_file' },
        { index: 3, tool: 'delete_everything' },
      ],
      error_details: [
        {
          index: 1,
          tool: 'read_text_file',
          path: '$.path',
          keyword: 'required',
          message: "must have required property 'path'",
        },
        { index: 1, tool: 'read_text_file', path: '$.head', keyword: 'type', message: 'must be number' },
        { index: 2, tool: 'write_file', path: '$.content', keyword: 'type', message: 'must be string' },
        {
          index: 3,
          tool: 'delete_everything',
          path: '$',
          keyword: 'not_offered',
          message: 'tool not offered: delete_everything is not in the tool catalogue',
        },
      ],
    });
    expect(result.findings.map((finding) => `${finding.severity}: ${finding.message}`)).toEqual([
      'error: call 4 (delete_everything) uses a tool that was not offered',
      "warning: call 2 (read_text_file) breaks its schema at $.path: must have required property 'path'",
      'warning: call 2 (read_text_file) breaks its schema at $.head: must be number',
      'warning: call 3 (write_file) breaks its schema at $.content: must be string',
    ]);
    // Schemas never change the score.
    expect(result.score).toBe(evaluate({ expected: [], actual: result.traceCalls }).score);
  });

  test('OpenAI and Anthropic tool definitions, formats and draft 2020-12', () => {
    const openai = [
      {
        type: 'function',
        function: {
          name: 'book',
          parameters: { type: 'object', properties: { date: { type: 'string', format: 'date' } }, required: ['date'] },
        },
      },
    ];
    const anthropic = {
      tools: [
        {
          name: 'book',
          input_schema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            properties: { seats: { type: 'integer', minimum: 1 } },
          },
        },
      ],
    };
    const bad = evaluate({ expected: [], tools: openai, actual: [{ tool: 'book', args: { date: '2025-13-45' } }] });
    expect(bad.metrics.schema_metrics!.error_details).toEqual([
      { index: 0, tool: 'book', path: '$.date', keyword: 'format', message: 'must match format "date"' },
    ]);
    const seats = evaluate({
      expected: [],
      tools: anthropic,
      actual: [
        { tool: 'book', args: { seats: 0 } },
        { tool: 'book', args: { seats: 2 } },
      ],
    });
    expect(seats.metrics.schema_metrics!.schema_compliance_rate).toBe(0.5);
    expect(seats.metrics.schema_metrics!.error_details[0]!.message).toBe('must be >= 1');
  });

  test("gold schemas, including the Python tool's per-argument form from its corpus example", () => {
    const gold = readCorpusJson('comparable-tools/toolscore/datasets__weather_agent.json') as unknown[];
    const result = evaluate({
      expected: gold as never,
      actual: [
        { tool: 'get_current_weather', args: { location: '', unit: 'kelvin' } },
        { tool: 'get_forecast', args: { location: 'San Francisco, CA', days: 30 } },
        { tool: 'get_forecast', args: { location: 'Paris' } },
      ],
    });
    expect(
      result.metrics.schema_metrics!.error_details.map((error) => `${error.index} ${error.path} ${error.message}`),
    ).toEqual([
      '0 $.location must NOT have fewer than 1 characters',
      '0 $.unit must be equal to one of the allowed values',
      '1 $.days must be <= 14',
      "2 $.days must have required property 'days'",
    ]);
  });

  test('without catalogue or gold schemas there is no schema_metrics; a bad catalogue names its path', () => {
    expect(evaluate({ expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] }).metrics.schema_metrics).toBeUndefined();
    expect(() => readToolCatalogue({ tools: [{ description: 'x' }] })).toThrow(
      'tools at $.tools[0].name: expected a tool name, got nothing',
    );
    expect(() => readToolCatalogue('x')).toThrow('tools at $: expected a list of tool definitions');
  });
});
