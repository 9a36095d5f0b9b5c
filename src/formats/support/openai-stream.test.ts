import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { corpusPath, readCorpusJson, readCorpusJsonl } from '../../../test/corpus.js';
import { evaluate } from '../../evaluation/evaluate.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { loadTraceFile } from '../../io/trace.js';
import { detectFormat } from '../registry.js';
import { openaiFormat } from '../readers/openai.js';

type Json = Record<string, any>;

const read = readerFor(openaiFormat);

/** Tool, arguments and result: what two recordings of one scenario share (their ids differ). */
function sameScenario(calls: ReturnType<typeof openaiFormat.parse>): unknown[] {
  return calls.map(({ tool, args, result }) => ({ tool, args, result }));
}

const fixtureParts = (dir: string, name: string): string[] => ['providers', 'vercel-ai-fixtures', dir, name];

describe('openai stream: Chat Completions chunks, recorded provider HTTP (gpt-4o-mini, 2 parallel calls, SSE events)', () => {
  const recording = readCorpusJson(
    'providers',
    'recorded-http',
    'openai',
    'test_chat_completion_multiple_tools_streaming_with_content.json',
  ) as Json;
  // The cassette keeps each server-sent event's data: the chunks, then the "[DONE]" sentinel.
  const events = (recording.interactions[0].response.body.sse as Json[]).map((event) => event.data);

  test('the 19 events rebuild both calls with their ids and parsed arguments', () => {
    expect(events.at(-1)).toBe('[DONE]');
    expect(read(events)).toEqual({
      calls: [
        {
          tool: 'get_current_weather',
          args: { location: 'Seattle, WA' },
          id: 'call_fHCjJqt9Pysde6vcJcvbXGBx',
          is_error: false,
          metadata: { format: 'tool_calls' },
        },
        {
          tool: 'get_current_weather',
          args: { location: 'San Francisco, CA' },
          id: 'call_3J9foSw3CUb48lrqIXoTky6U',
          is_error: false,
          metadata: { format: 'tool_calls' },
        },
      ],
      warnings: [],
    });
  });

  test('auto-detects the stream as openai, and it scores 1 against the calls it streamed', () => {
    expect(detectFormat(events)).toBe('openai');
    const result = evaluate({
      expected: [
        { tool: 'get_current_weather', args: { location: 'Seattle, WA' } },
        { tool: 'get_current_weather', args: { location: 'San Francisco, CA' } },
      ],
      actual: events,
    });
    expect(result.score).toBe(1);
  });
});

describe('openai stream: OpenAI-compatible providers (vercel/ai fixtures, one JSON chunk per line)', () => {
  test('Groq: one chunk carries the whole call ({} arguments), finish_reason "tool_calls" closes it', async () => {
    const file = corpusPath(...fixtureParts('openai-chat-compatible', 'groq-tool-call.chunks.jsonl'));
    const expected = [
      { tool: 'weather', args: {}, id: 'tk85n1k4m', is_error: false, metadata: { format: 'tool_calls' } },
    ];
    const reading = { calls: expected, format: 'openai', warnings: [], replies: [null] };
    expect(await loadTraceFile(file, 'auto')).toEqual(reading);
    expect(await loadTraceFile(file, 'openai')).toEqual(reading);
  });

  test('Groq: the non-streamed recording of the same scenario gives the same call (another run, so another id)', () => {
    const streamed = read(
      readCorpusJsonl(...fixtureParts('openai-chat-compatible', 'groq-tool-call.chunks.jsonl')),
    ).calls;
    const whole = read(readCorpusJson(...fixtureParts('openai-chat-compatible', 'groq-tool-call.json'))).calls;
    expect(sameScenario(streamed)).toEqual([{ tool: 'weather', args: {}, result: undefined }]);
    expect(sameScenario(whole)).toEqual(sameScenario(streamed));
    expect([whole[0]!.id, streamed[0]!.id]).toEqual(['ax9fskhev', 'tk85n1k4m']);
  });

  test('evaluateTrace, as `toolscore eval gold.json groq-tool-call.chunks.jsonl` runs it, with --format openai and auto: score 1', async () => {
    const traceFile = corpusPath(...fixtureParts('openai-chat-compatible', 'groq-tool-call.chunks.jsonl'));
    const goldFile = join(mkdtempSync(join(tmpdir(), 'toolscore-stream-')), 'gold.json');
    writeFileSync(goldFile, JSON.stringify([{ tool: 'weather', args: {} }]));
    for (const format of ['openai', 'auto']) {
      const result = await evaluateTrace({ goldFile, traceFile, format });
      expect([format, result.score, result.traceCalls.map((call) => call.id)]).toEqual([format, 1, ['tk85n1k4m']]);
    }
  });

  test('Mistral (incremental): the second fragment repeats an empty name and brings the arguments', () => {
    expect(
      read(readCorpusJsonl(...fixtureParts('openai-chat-compatible', 'mistral-incremental-tool-call.chunks.jsonl'))),
    ).toEqual({
      calls: [
        {
          tool: 'webSearchTool',
          args: { query: 'current Berlin weather' },
          id: 'chatcmpl-tool-9f149c74c42f265b',
          is_error: false,
          metadata: { format: 'tool_calls' },
        },
      ],
      warnings: [],
    });
  });
});

describe('openai stream: Responses API events (vercel/ai fixtures)', () => {
  const events = readCorpusJsonl(...fixtureParts('openai-responses', 'openai-custom-tool.1.chunks.jsonl'));
  const customCall = {
    tool: 'write_sql',
    args: { input: 'SELECT * FROM users WHERE age > 25' },
    id: 'call_custom_sql_001',
    is_error: false,
    metadata: { format: 'responses.custom_tool_call', item_id: 'ct_abc123def456' },
  };

  test('a custom tool call: read once from response.completed, though added, 3 deltas and done also carry it', async () => {
    expect(read(events)).toEqual({ calls: [customCall], warnings: [] });
    expect(
      await loadTraceFile(corpusPath(...fixtureParts('openai-responses', 'openai-custom-tool.1.chunks.jsonl')), 'auto'),
    ).toEqual({
      calls: [customCall],
      format: 'openai',
      warnings: [],
      replies: [null],
    });
  });

  test('the same call, id and all, as the non-streamed response of the same scenario', () => {
    expect(read(events).calls).toEqual(
      read(readCorpusJson(...fixtureParts('openai-responses', 'openai-custom-tool.1.json'))).calls,
    );
  });

  test('without response.completed, output_item.done gives it; without that too, the joined deltas do (with a warning)', () => {
    const withoutCompleted = events.filter((event) => (event as Json).type !== 'response.completed');
    expect(read(withoutCompleted)).toEqual({ calls: [customCall], warnings: [] });
    const cut = withoutCompleted.filter((event) => (event as Json).type !== 'response.output_item.done');
    expect(read(cut)).toEqual({
      calls: [customCall],
      warnings: ['t at $[2].item: the stream ended before this call was complete; kept the arguments received so far'],
    });
  });

  test('a stream that reports an API error (insufficient_quota) is rejected like the error body of the same scenario', async () => {
    const file = corpusPath(...fixtureParts('openai-responses', 'openai-error.1.chunks.jsonl'));
    const message =
      'this is an OpenAI API error response (insufficient_quota), not a trace: You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.';
    await expect(loadTraceFile(file, 'auto')).rejects.toThrow(`${file} at $[2].error: ${message}`);
    expect(() => read(readCorpusJson(...fixtureParts('openai-responses', 'openai-error.1.json')))).toThrow(
      `t at $.error: ${message}`,
    );
  });
});

describe('openai stream: shapes the corpus lacks', () => {
  const chunk = (toolCalls: Json[], finish: string | null = null, id = 'cmpl-1'): Json => ({
    id,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { tool_calls: toolCalls }, finish_reason: finish }],
  });

  test('parallel calls whose fragments arrive interleaved are joined per index', () => {
    const stream = [
      chunk([{ index: 0, id: 'a', type: 'function', function: { name: 'search', arguments: '' } }]),
      chunk([{ index: 1, id: 'b', type: 'function', function: { name: 'fetch', arguments: '{"url":' } }]),
      chunk([{ index: 0, function: { arguments: '{"q": "ca' } }]),
      chunk([{ index: 1, function: { arguments: ' "https://x"}' } }]),
      chunk([{ index: 0, function: { arguments: 'ts"}' } }]),
      chunk([], 'tool_calls'),
    ];
    expect(read(stream)).toEqual({
      calls: [
        { tool: 'search', args: { q: 'cats' }, id: 'a', is_error: false, metadata: { format: 'tool_calls' } },
        { tool: 'fetch', args: { url: 'https://x' }, id: 'b', is_error: false, metadata: { format: 'tool_calls' } },
      ],
      warnings: [],
    });
  });

  test('joined arguments that are not JSON fail their call, with a warning naming the first fragment', () => {
    const stream = [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x": ' } }]),
      chunk([{ index: 0, function: { arguments: 'oops}' } }], 'tool_calls'),
    ];
    expect(read(stream)).toEqual({
      calls: [
        {
          tool: 'f',
          args: {},
          id: 'a',
          is_error: true,
          error: 'arguments are not valid JSON: {"x": oops}',
          metadata: { format: 'tool_calls' },
        },
      ],
      warnings: [
        't at $[0].choices[0].delta.tool_calls[0].function.arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
      ],
    });
  });

  test('a stream cut mid-call (no finish_reason, no [DONE]) still yields the call, with a warning', () => {
    expect(read([chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x": 1}' } }])])).toEqual({
      calls: [{ tool: 'f', args: { x: 1 }, id: 'a', is_error: false, metadata: { format: 'tool_calls' } }],
      warnings: [
        't at $[0].choices[0].delta.tool_calls[0]: the stream ended before this call was complete; kept the arguments received so far',
      ],
    });
    // "[DONE]" alone also ends the stream.
    expect(read([chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{}' } }]), '[DONE]']).warnings).toEqual(
      [],
    );
  });

  test('two completions in one recording (two model turns) keep their own index 0', () => {
    const stream = [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"n": 1}' } }], 'tool_calls', 'cmpl-1'),
      chunk([{ index: 0, id: 'b', function: { name: 'g', arguments: '{"n": 2}' } }], 'tool_calls', 'cmpl-2'),
    ];
    expect(read(stream).calls.map(({ tool, args, id }) => ({ tool, args, id }))).toEqual([
      { tool: 'f', args: { n: 1 }, id: 'a' },
      { tool: 'g', args: { n: 2 }, id: 'b' },
    ]);
  });

  test('fragments without an index are keyed by id, and continue the latest call when they have neither', () => {
    const stream = [
      chunk([{ id: 'a', function: { name: 'f', arguments: '{"a":' } }]),
      chunk([{ function: { arguments: ' 1}' } }]),
      chunk([{ id: 'b', function: { name: 'g', arguments: '{}' } }], 'stop'),
    ];
    expect(read(stream).calls.map(({ tool, args, id }) => ({ tool, args, id }))).toEqual([
      { tool: 'f', args: { a: 1 }, id: 'a' },
      { tool: 'g', args: {}, id: 'b' },
    ]);
  });

  test('n > 1: the first choice is read, the others are alternatives (as for a whole response)', () => {
    const stream = [
      {
        object: 'chat.completion.chunk',
        choices: [
          { index: 1, delta: { tool_calls: [{ index: 0, id: 'y', function: { name: 'other', arguments: '{}' } }] } },
        ],
      },
      {
        object: 'chat.completion.chunk',
        choices: [
          {
            index: 0,
            delta: { tool_calls: [{ index: 0, id: 'x', function: { name: 'first', arguments: '{}' } }] },
            finish_reason: 'tool_calls',
          },
        ],
      },
      { object: 'chat.completion.chunk', choices: [{ index: 1, delta: {}, finish_reason: 'tool_calls' }] },
    ];
    expect(read(stream)).toEqual({
      calls: [{ tool: 'first', args: {}, id: 'x', is_error: false, metadata: { format: 'tool_calls' } }],
      warnings: ['t at $: read the first of 2 choices; the others are alternatives, not later steps'],
    });
  });

  test('Responses events without a final response: function_call_arguments.done replaces the deltas, output_item.done does not add a second call', () => {
    const item = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '' };
    const stream = [
      { type: 'response.created', response: { id: 'r', object: 'response', output: [] } },
      { type: 'response.output_item.added', output_index: 0, item },
      { type: 'response.function_call_arguments.delta', output_index: 0, item_id: 'fc_1', delta: '{"city": "Par' },
      { type: 'response.function_call_arguments.delta', output_index: 0, item_id: 'fc_1', delta: 'is"}' },
      {
        type: 'response.function_call_arguments.done',
        output_index: 0,
        item_id: 'fc_1',
        arguments: '{"city": "Paris"}',
      },
      {
        type: 'response.output_item.done',
        output_index: 0,
        item: { ...item, arguments: '{"city": "Paris"}', status: 'completed' },
      },
    ];
    const expected = {
      tool: 'get_weather',
      args: { city: 'Paris' },
      id: 'call_1',
      is_error: false,
      metadata: { format: 'responses.function_call', item_id: 'fc_1' },
    };
    expect(read(stream)).toEqual({ calls: [expected], warnings: [] });
    expect(read(stream.slice(0, 5))).toEqual({ calls: [expected], warnings: [] });
    expect(read(stream.slice(0, 4))).toEqual({
      calls: [expected],
      warnings: ['t at $[1].item: the stream ended before this call was complete; kept the arguments received so far'],
    });
    expect(detectFormat(stream)).toBe('openai');
  });

  test('a delta for an item the stream never opened is skipped with a warning', () => {
    const stream = [
      { type: 'response.created', response: { id: 'r', object: 'response', output: [] } },
      { type: 'response.function_call_arguments.delta', output_index: 3, item_id: 'fc_9', delta: '{}' },
    ];
    expect(read(stream)).toEqual({
      calls: [],
      warnings: ['t at $[1]: skipped an argument fragment: no call of the stream was opened under its index'],
    });
  });
});
