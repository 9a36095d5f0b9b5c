import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { corpusPath, readCorpusJson, readCorpusJsonl } from '../../../test/corpus.js';
import { loadTraceFile } from '../../io/trace.js';
import { anthropicFormat } from '../readers/anthropic.js';
import { detectFormat } from '../registry.js';

type Json = Record<string, any>;

const read = readerFor(anthropicFormat);

const fixtureParts = (name: string): string[] => ['providers', 'vercel-ai-fixtures', 'anthropic', name];

/** Tool, arguments and result: what two recordings of one scenario share (their ids differ). */
function sameScenario(calls: ReturnType<typeof anthropicFormat.parse>): unknown[] {
  return calls.map(({ tool, args, result }) => ({ tool, args, result }));
}

describe('anthropic stream: Messages stream events (vercel/ai fixtures, one event per line)', () => {
  test('tool_use whose input streams as partial_json "" then the JSON in two pieces (ping events between)', async () => {
    const file = corpusPath(...fixtureParts('anthropic-json-tool.1.chunks.jsonl'));
    const expected = [
      {
        tool: 'json',
        args: { elements: [{ location: 'San Francisco', temperature: 58, condition: 'sunny' }] },
        id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA',
        is_error: false,
        metadata: { format: 'tool_use', stop_reason: 'tool_use' },
      },
    ];
    const reading = { calls: expected, format: 'anthropic', warnings: [], replies: [null] };
    expect(await loadTraceFile(file, 'auto')).toEqual(reading);
    expect(await loadTraceFile(file, 'anthropic')).toEqual(reading);
  });

  test('the non-streamed json-tool fixture is another run with other arguments: same tool, its own input', () => {
    const whole = read(readCorpusJson(...fixtureParts('anthropic-json-tool.1.json'))).calls;
    expect(whole.map((call) => [call.tool, (call.args as Json).elements.length])).toEqual([['json', 4]]);
  });

  test('a tool without arguments: partial_json "" only, read as {} — as the non-streamed fixture of the scenario reads it', () => {
    const streamed = read(readCorpusJsonl(...fixtureParts('anthropic-tool-no-args.chunks.jsonl')));
    expect(streamed).toEqual({
      calls: [
        {
          tool: 'updateIssueList',
          args: {},
          id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP',
          is_error: false,
          metadata: { format: 'tool_use', stop_reason: 'tool_use' },
        },
      ],
      warnings: [],
    });
    const whole = read(readCorpusJson(...fixtureParts('anthropic-tool-no-args.json'))).calls;
    expect(sameScenario(whole)).toEqual(sameScenario(streamed.calls));
    expect(whole[0]!.id).toBe('toolu_01LRmxn9vGM1d2DZSDBowdZ1');
  });

  test('MCP connector: mcp_tool_use input in four pieces, and the mcp_tool_result block joined as its result', () => {
    const streamed = read(readCorpusJsonl(...fixtureParts('anthropic-mcp.1.chunks.jsonl')));
    expect(streamed).toEqual({
      calls: [
        {
          tool: 'echo',
          args: { message: 'hello world' },
          result: 'Tool echo: hello world',
          id: 'mcptoolu_017CuqaJcXe5ZHJjaz3KS1AT',
          is_error: false,
          metadata: { format: 'mcp_tool_use', server_name: 'echo', stop_reason: 'end_turn' },
        },
      ],
      warnings: [],
    });
    expect(sameScenario(read(readCorpusJson(...fixtureParts('anthropic-mcp.1.json'))).calls)).toEqual(
      sameScenario(streamed.calls),
    );
  });

  test('a text-only stream is recognised and has no calls', () => {
    const events = readCorpusJsonl(...fixtureParts('anthropic-text.chunks.jsonl'));
    expect(detectFormat(events)).toBe('anthropic');
    expect(read(events)).toEqual({ calls: [], warnings: [] });
  });
});

describe('anthropic stream: recorded provider HTTP (SSE events of messages.stream)', () => {
  test('the cassette streams a text answer: recognised as anthropic, no calls', () => {
    const recording = readCorpusJson(
      'providers',
      'recorded-http',
      'anthropic',
      'test_sync_messages_stream_captures_content.json',
    ) as Json;
    const events = (recording.interactions[0].response.body.sse as Json[]).map((event) => event.data);
    expect(events.map((event) => event.type)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(detectFormat(events)).toBe('anthropic');
    expect(read(events)).toEqual({ calls: [], warnings: [] });
  });
});

describe('anthropic stream: shapes the corpus lacks', () => {
  const start = (index: number, id: string, name: string): Json => ({
    type: 'content_block_start',
    index,
    content_block: { type: 'tool_use', id, name, input: {} },
  });
  const delta = (index: number, partial_json: string): Json => ({
    type: 'content_block_delta',
    index,
    delta: { type: 'input_json_delta', partial_json },
  });

  test('a stream cut mid-call keeps the call, failed (its input is not JSON), and two warnings', () => {
    const events = [
      { type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', content: [] } },
      start(0, 'toolu_1', 'search'),
      delta(0, '{"q": "ca'),
    ];
    expect(read(events)).toEqual({
      calls: [
        {
          tool: 'search',
          args: {},
          id: 'toolu_1',
          is_error: true,
          error: 'arguments are not valid JSON: {"q": "ca',
          metadata: { format: 'tool_use' },
        },
      ],
      warnings: [
        't at $[1].content_block: the stream ended before this call was complete; kept the arguments received so far',
        't at $[1].content_block.input: arguments are not valid JSON; the call is read as failed, with no arguments',
      ],
    });
  });

  test('two messages in one recording (two model turns) keep their own block indexes', () => {
    const turn = (id: string, name: string, json: string): Json[] => [
      { type: 'message_start', message: { id, type: 'message', role: 'assistant', content: [] } },
      start(0, `toolu_${id}`, name),
      delta(0, json),
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' } },
      { type: 'message_stop' },
    ];
    expect(
      read([...turn('a', 'f', '{"n": 1}'), ...turn('b', 'g', '{"n": 2}')]).calls.map(({ tool, args, id }) => ({
        tool,
        args,
        id,
      })),
    ).toEqual([
      { tool: 'f', args: { n: 1 }, id: 'toolu_a' },
      { tool: 'g', args: { n: 2 }, id: 'toolu_b' },
    ]);
  });

  test('server_tool_use blocks are skipped as in whole messages (hosted tools are not scored)', () => {
    const events = [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} },
      },
      delta(0, '{"query": "x"}'),
      { type: 'content_block_stop', index: 0 },
    ];
    expect(read(events)).toEqual({
      calls: [],
      warnings: [
        't at $[0].content_block: skipped a server_tool_use block for "web_search": Anthropic-hosted tools are not scored',
      ],
    });
  });

  test('an error event is rejected like an Anthropic error body', () => {
    const events = [
      { type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', content: [] } },
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    ];
    expect(() => read(events)).toThrow(
      't at $[1].error: this is an Anthropic API error response (overloaded_error), not a trace: Overloaded',
    );
  });
});
