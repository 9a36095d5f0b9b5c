import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import { fromOllama, ollamaFormat } from './ollama.js';
import { openaiFormat } from './openai.js';
import { detectFormat } from '../registry.js';

function text(path: string): string {
  return readFileSync(new URL(`../../../test/corpus/providers/ollama/${path}`, import.meta.url), 'utf8');
}

const META = { format: 'ollama.tool_call' };

testReader(ollamaFormat, [
  {
    name: 'a history of two user turns: each call marked with the turn it answers',
    input: [
      { role: 'user', content: 'Where is order 7?' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'track_order', arguments: { order_id: 7 } } }],
      },
      { role: 'tool', tool_name: 'track_order', content: 'shipped' },
      { role: 'user', content: 'Refund it.' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'refund_order', arguments: { order_id: 7 } } }],
      },
    ],
    calls: [
      { tool: 'track_order', args: { order_id: 7 }, result: 'shipped', is_error: false, metadata: META, turn: 1 },
      { tool: 'refund_order', args: { order_id: 7 }, is_error: false, metadata: META, turn: 2 },
    ],
    userMessages: ['Where is order 7?', 'Refund it.'],
    replies: [null, null],
  },
  {
    name: 'a response (ollama docs/api.md "Chat request (with tools)"): object arguments are the call',
    input: () => JSON.parse(text('api-chat-with-tools-response.json')),
    calls: [
      {
        tool: 'get_current_weather',
        args: { format: 'celsius', location: 'Paris, FR' },
        is_error: false,
        metadata: META,
      },
    ],
    // Its content is "".
    replies: [null],
  },
  {
    // Chunks in the shape of docs/api.md "Chat request (Streaming)", the middle one carrying the call.
    name: 'an NDJSON stream (hand-written: no licensed recording of a streamed call was found): the chunk that carries tool_calls, between text chunks',
    input: [
      {
        model: 'qwen3',
        created_at: '2026-01-01T00:00:00Z',
        message: { role: 'assistant', content: 'Let me check.' },
        done: false,
      },
      {
        model: 'qwen3',
        created_at: '2026-01-01T00:00:01Z',
        message: {
          role: 'assistant',
          content: '',
          tool_calls: [
            { function: { name: 'get_current_weather', arguments: { format: 'celsius', location: 'Toronto' } } },
          ],
        },
        done: false,
      },
      {
        model: 'qwen3',
        created_at: '2026-01-01T00:00:02Z',
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
      },
    ],
    calls: [
      {
        tool: 'get_current_weather',
        args: { format: 'celsius', location: 'Toronto' },
        is_error: false,
        metadata: META,
      },
    ],
    // The streamed text: the first chunk's, the others' content being "".
    replies: ['Let me check.'],
  },
  {
    name: 'a history whose tool reply carries nothing (openllmetry cassette request): joined in order to the preceding call',
    input: () => JSON.parse(text('openllmetry-chat-tool-calls-history.json')),
    calls: [
      {
        tool: 'get_current_weather',
        args: { location: 'San Francisco' },
        is_error: false,
        result: 'The weather in San Francisco is 70 degrees and sunny.',
        metadata: META,
      },
    ],
    replies: [null],
  },
  {
    name: 'replies with tool_name go to their call by name; unnamed ones take the remaining calls in order',
    input: {
      model: 'llama3.2',
      messages: [
        { role: 'user', content: 'weather and time in Oslo?' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [
            { function: { name: 'get_time', arguments: { city: 'Oslo' } } },
            { function: { name: 'get_weather', arguments: { city: 'Oslo' } } },
            { function: { name: 'get_time', arguments: { city: 'Bergen' } } },
          ],
        },
        { role: 'tool', tool_name: 'get_weather', content: '{"error":"service down"}' },
        { role: 'tool', content: '10:00' },
        { role: 'tool', content: '10:01' },
        { role: 'tool', content: 'one too many' },
      ],
    },
    calls: [
      { tool: 'get_time', args: { city: 'Oslo' }, is_error: false, result: '10:00', metadata: META },
      {
        tool: 'get_weather',
        args: { city: 'Oslo' },
        is_error: true,
        result: { error: 'service down' },
        error: 'service down',
        metadata: META,
      },
      { tool: 'get_time', args: { city: 'Bergen' }, is_error: false, result: '10:01', metadata: META },
    ],
    warnings: ['t at $.messages[5]: ignored a tool result for no call id or tool name: no call it answers'],
  },
]);

describe('ollama: native /api/chat', () => {
  test('read as OpenAI, a tool reply without tool_call_id loses its result: the reason Ollama is its own format', () => {
    const history = JSON.parse(text('openllmetry-chat-tool-calls-history.json'));
    expect(readerFor(openaiFormat)(history).calls[0]!.result).toBeUndefined();
  });

  test('OpenAI histories (JSON-text arguments) and chat completions stay OpenAI', () => {
    const openai = [
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'ok' },
    ];
    expect(ollamaFormat.detect(openai)).toBe(false);
    expect(detectFormat(openai)).toBe('openai');
    expect(
      ollamaFormat.detect({
        id: 'x',
        object: 'chat.completion',
        choices: [{ message: { role: 'assistant', content: 'hi' } }],
      }),
    ).toBe(false);
  });
});

describe('fromOllama: in memory', () => {
  test('a ChatResponse of the ollama client (docs/api.md response): its call; another shape is an error naming ollama', () => {
    const warnings: string[] = [];
    const response = JSON.parse(text('api-chat-with-tools-response.json'));
    expect(fromOllama(response, { onWarning: (warning) => warnings.push(warning) })).toEqual([
      {
        tool: 'get_current_weather',
        args: { format: 'celsius', location: 'Paris, FR' },
        is_error: false,
        metadata: META,
      },
    ]);
    expect(warnings).toEqual([]);
    expect(() => fromOllama({ output: [] })).toThrow(/^ollama at \$: expected an Ollama \/api\/chat response/);
  });
});
