import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { autoExtract } from '../auto.js';
import { cohereFormat, fromCohere } from './cohere.js';
import { openaiFormat } from './openai.js';
import { detectFormat } from '../registry.js';

const read = readerFor(cohereFormat);

function text(path: string): string {
  return readFileSync(new URL(`../../../test/corpus/providers/${path}`, import.meta.url), 'utf8');
}

function fixture(path: string): unknown {
  return JSON.parse(text(path));
}

function fixtureLines(path: string): unknown[] {
  return text(path)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

const TOOL_CALL = { format: 'cohere.tool_call', finish_reason: 'TOOL_CALL' };

describe('cohere: v2 chat responses', () => {
  test('vercel/ai fixture: two tool_calls with JSON-text arguments, in order, with their ids', () => {
    const response = fixture('vercel-ai/cohere-tool-call.json');
    expect(autoExtract(response)).toEqual({
      calls: [
        {
          tool: 'weather',
          args: { location: 'San Francisco' },
          id: 'weather_dqgshstja6p9',
          is_error: false,
          metadata: TOOL_CALL,
        },
        {
          tool: 'cityAttractions',
          args: { city: 'San Francisco' },
          id: 'cityAttractions_dcxfx4myvx68',
          is_error: false,
          metadata: TOOL_CALL,
        },
      ],
      format: 'cohere',
      warnings: [],
    });
  });

  test('openllmetry cassette: a command-r response calling get_time then get_weather', () => {
    const response = fixture('cohere/openllmetry-v2-chat-tool-calls-response.json');
    expect(detectFormat(response)).toBe('cohere');
    expect(read(response).calls).toEqual([
      {
        tool: 'get_time',
        args: { location: 'Tokyo' },
        id: 'get_time_dp3men9jrvhf',
        is_error: false,
        metadata: TOOL_CALL,
      },
      {
        tool: 'get_weather',
        args: { location: 'Tokyo' },
        id: 'get_weather_d7arjgsc96yf',
        is_error: false,
        metadata: TOOL_CALL,
      },
    ]);
  });
});

describe('cohere: v2 stream events', () => {
  test('vercel/ai fixture: tool-call-start opens each call, tool-call-delta fragments are joined per index', () => {
    const events = fixtureLines('vercel-ai/cohere-tool-call.chunks.jsonl');
    expect(detectFormat(events)).toBe('cohere');
    expect(read(events)).toEqual({
      calls: [
        {
          tool: 'weather',
          args: { location: 'San Francisco' },
          id: 'weather_e8p4pn45zt0t',
          is_error: false,
          metadata: TOOL_CALL,
        },
        {
          tool: 'cityAttractions',
          args: { city: 'San Francisco' },
          id: 'cityAttractions_pyxssbwnq9fq',
          is_error: false,
          metadata: TOOL_CALL,
        },
      ],
      warnings: [],
    });
  });
});

describe('cohere: v2 chat histories', () => {
  test('openllmetry cassette request: role "tool" replies joined by tool_call_id, read the same as cohere or openai', () => {
    const request = fixture('cohere/openllmetry-v2-chat-tool-calls-history-request.json');
    const calls = [
      {
        tool: 'get_time',
        args: { location: 'Tokyo' },
        id: 'get_time_dp3men9jrvhf',
        is_error: false,
        result: '4:20 PM',
        metadata: { format: 'cohere.tool_call' },
      },
      {
        tool: 'get_weather',
        args: { location: 'Tokyo' },
        id: 'get_weather_d7arjgsc96yf',
        is_error: false,
        result: 'Sunny 20 degrees Celsius',
        metadata: { format: 'cohere.tool_call' },
      },
    ];
    expect(read(request)).toEqual({ calls, warnings: [] });
    // Without tool_plan or document parts the history has OpenAI's shape, and auto reads it as OpenAI: same calls and results.
    expect(detectFormat(request)).toBe('openai');
    expect(autoExtract(request).calls.map(({ tool, args, id, result }) => ({ tool, args, id, result }))).toEqual(
      calls.map(({ tool, args, id, result }) => ({ tool, args, id, result })),
    );
  });

  test('document tool content and a tool_plan make it Cohere: document data is parsed, an error object marks the call failed', () => {
    const messages = [
      { role: 'user', content: 'weather?' },
      {
        role: 'assistant',
        tool_plan: 'I will look it up.',
        tool_calls: [{ id: 'w1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }],
      },
      {
        role: 'tool',
        tool_call_id: 'w1',
        content: [{ type: 'document', document: { data: '{"error":"city not found"}' } }],
      },
    ];
    expect(detectFormat(messages)).toBe('cohere');
    expect(openaiFormat.detect(messages)).toBe(true);
    expect(read(messages).calls).toEqual([
      {
        tool: 'weather',
        args: { city: 'Oslo' },
        id: 'w1',
        is_error: true,
        result: { error: 'city not found' },
        error: 'city not found',
        metadata: { format: 'cohere.tool_call' },
      },
    ]);
  });

  test('OpenAI responses are not taken for Cohere (finish_reason is lower case there)', () => {
    expect(
      cohereFormat.detect({ id: 'x', message: { role: 'assistant', tool_calls: [] }, finish_reason: 'tool_calls' }),
    ).toBe(false);
    expect(
      cohereFormat.detect([
        { role: 'assistant', tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      ]),
    ).toBe(false);
  });
});

describe('cohere: document tool content', () => {
  test('several document parts (one per result, as the Cohere guides build them) are kept as a list of their parsed data', () => {
    const messages = [
      {
        role: 'assistant',
        tool_plan: 'Search.',
        tool_calls: [{ id: 's1', type: 'function', function: { name: 'search', arguments: '{"q":"euro 2024"}' } }],
      },
      {
        role: 'tool',
        tool_call_id: 's1',
        content: [
          { type: 'document', document: { data: '{"title":"Spain win"}' } },
          { type: 'document', document: { data: 'plain text' } },
        ],
      },
    ];
    expect(read(messages).calls).toEqual([
      {
        tool: 'search',
        args: { q: 'euro 2024' },
        id: 's1',
        is_error: false,
        result: [{ title: 'Spain win' }, 'plain text'],
        metadata: { format: 'cohere.tool_call' },
      },
    ]);
  });
});

describe('fromCohere: in memory', () => {
  test("the client's ChatResponse (openllmetry recording): both calls; another shape is an error naming cohere", () => {
    const response = fixture('cohere/openllmetry-v2-chat-tool-calls-response.json');
    expect(fromCohere(response)).toEqual([
      {
        tool: 'get_time',
        args: { location: 'Tokyo' },
        id: 'get_time_dp3men9jrvhf',
        is_error: false,
        metadata: TOOL_CALL,
      },
      {
        tool: 'get_weather',
        args: { location: 'Tokyo' },
        id: 'get_weather_d7arjgsc96yf',
        is_error: false,
        metadata: TOOL_CALL,
      },
    ]);
    expect(() => fromCohere({ candidates: [] })).toThrow(/^cohere at \$: expected a Cohere v2 chat response/);
  });
});
