import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import type { ToolCall } from '../../core/types.js';
import { loadTraceFile } from '../../io/trace.js';
import { readWithAdapter } from '../auto.js';
import { langchainFormat } from './langchain.js';
import { detectFormat } from '../registry.js';

const parse = readerFor(langchainFormat, 'test');

const STREAM_URL = new URL(
  '../../../test/corpus/frameworks/langgraph/vercel-ai-react-agent.values-messages.jsonl',
  import.meta.url,
);
/** The recording: `stream(..., streamMode: ["values", "messages"])` of a ReAct agent, one `[mode, payload]` a line. */
const STREAM: unknown[] = readFileSync(STREAM_URL, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as unknown);

/**
 * Read off the file: the chunks of lines 2-25 stream two tool calls (index 1 and 2), the values
 * state of line 26 holds them parsed, lines 27-28 are their ToolMessages, and line 29 repeats it all.
 */
const STREAM_CALLS: ToolCall[] = [
  {
    tool: 'get_weather',
    args: { city: 'Tokyo', units: 'celsius' },
    id: 'call_lxFuvuhpu9gvtx04WrmXZF9h',
    result: 'Weather in Tokyo: 20°C, Clear skies',
    is_error: false,
  },
  {
    tool: 'get_datetime',
    args: { timezone: 'Asia/Tokyo', format: 'full' },
    id: 'call_U3RijXRN09TXMyKWFZwqWjnJ',
    result: 'Current date and time in Asia/Tokyo: Wednesday, December 17, 2025 at 04:00:28 AM',
    is_error: false,
  },
];

function payloadsOf(mode: string): unknown[] {
  return (STREAM as [string, unknown][]).filter(([m]) => m === mode).map(([, payload]) => payload);
}

describe('LangGraph stream output (a real recording)', () => {
  test('[mode, payload] parts of "values" and "messages" at once: each call once, with its result', () => {
    expect(detectFormat(STREAM)).toBe('langchain');
    expect(parse(STREAM)).toEqual({ calls: STREAM_CALLS, warnings: [] });
    // The recording stops at the ToolMessages: the model never answered in text (its chunks' content is []).
    expect(readWithAdapter(langchainFormat, STREAM, 't', false).replies).toEqual([null]);
  });

  test('the same recording as a JSON Lines file, auto-detected', async () => {
    const loaded = await loadTraceFile(STREAM_URL.pathname);
    expect(loaded.format).toBe('langchain');
    expect(loaded.calls).toEqual(STREAM_CALLS);
    expect(loaded.warnings).toEqual([]);
  });

  test('stream_mode="messages" alone: [chunk, metadata] tuples, tool_call_chunks joined per index', () => {
    const tuples = payloadsOf('messages');
    expect(tuples).toHaveLength(26);
    expect(detectFormat(tuples)).toBe('langchain');
    expect(parse(tuples)).toEqual({ calls: STREAM_CALLS, warnings: [] });
  });

  test('stream_mode="values" alone: three states repeating the history give each call once', () => {
    const states = payloadsOf('values');
    expect(states).toHaveLength(3);
    expect(detectFormat(states)).toBe('langchain');
    expect(parse(states)).toEqual({ calls: STREAM_CALLS, warnings: [] });
  });
});

describe('LangGraph stream_mode="updates" (a real run, langgraphjs docs)', () => {
  const UPDATES_URL = new URL(
    '../../../test/corpus/frameworks/langgraph/langgraphjs-stream-updates.updates.jsonl',
    import.meta.url,
  );

  test("{node: {messages}} updates, one a line: the agent's call, the tools node's result, the final answer", async () => {
    // Read off the file: line 1 (agent) holds one tool call, line 2 (tools) its ToolMessage, line 3 (agent) text only.
    const updates = readFileSync(UPDATES_URL, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    const calls: ToolCall[] = [
      {
        tool: 'search',
        args: { query: 'current weather in San Francisco' },
        id: 'call_OxlOhnROermwae2LPs9SanmD',
        result: 'Cold, with a low of 3℃',
        is_error: false,
      },
    ];
    expect(detectFormat(updates)).toBe('langchain');
    expect(parse(updates)).toEqual({ calls, warnings: [] });
    const loaded = await loadTraceFile(UPDATES_URL.pathname);
    expect([loaded.format, loaded.calls, loaded.warnings]).toEqual(['langchain', calls, []]);
    // Line 3: the agent node's final answer.
    const reply =
      "It looks like it's currently quite cold in San Francisco, with a low temperature of around 3°C. Make sure to dress warmly!";
    expect(readWithAdapter(langchainFormat, updates, 't', false).replies).toEqual([reply]);
    expect(loaded.replies).toEqual([reply]);
  });
});

describe('LangGraph stream shapes', () => {
  const ai = (calls: unknown[]) => ({ type: 'ai', content: '', tool_calls: calls });

  test('"updates": {node: {messages}} deltas, and nodes that changed nothing', () => {
    const updates = [
      { agent: { messages: [ai([{ name: 'search', args: { q: 'paris' }, id: 'c1', type: 'tool_call' }])] } },
      { tools: { messages: [{ type: 'tool', content: 'sunny', tool_call_id: 'c1', name: 'search' }] } },
      { agent: { messages: [{ type: 'ai', content: 'It is sunny.' }] }, logger: null },
    ];
    expect(detectFormat(updates)).toBe('langchain');
    expect(parse(updates)).toEqual({
      calls: [{ tool: 'search', args: { q: 'paris' }, id: 'c1', result: 'sunny', is_error: false }],
      warnings: [],
    });
  });

  test('values states of messages without ids: a message counts only past the previous state', () => {
    const call = { role: 'assistant', content: '', tool_calls: [{ name: 'lookup', args: { n: 1 } }] };
    const states = [
      { messages: [{ role: 'user', content: 'go' }] },
      { messages: [{ role: 'user', content: 'go' }, call] },
      { messages: [{ role: 'user', content: 'go' }, call, { role: 'assistant', content: 'done' }] },
    ];
    expect(parse(states)).toEqual({ calls: [{ tool: 'lookup', args: { n: 1 }, is_error: false }], warnings: [] });
  });

  test('a message streamed and held in a state is read once, by message id, even when its calls have no id', () => {
    const call = { name: 'lookup', args: { n: 1 } };
    const whole = [
      ['messages', [{ type: 'ai', id: 'm1', content: '', tool_calls: [call] }, { langgraph_node: 'agent' }]],
      ['values', { messages: [{ type: 'ai', id: 'm1', content: '', tool_calls: [call] }] }],
    ];
    expect(parse(whole)).toEqual({ calls: [{ tool: 'lookup', args: { n: 1 }, is_error: false }], warnings: [] });
    const chunk = (chunks: unknown[]) => [
      'messages',
      [{ type: 'AIMessageChunk', id: 'm2', content: '', tool_call_chunks: chunks }, {}],
    ];
    const chunked = [
      chunk([{ name: 'lookup', args: '{"n":', index: 0 }]),
      chunk([{ args: ' 2}', index: 0 }]),
      [
        'values',
        { messages: [{ type: 'ai', id: 'm2', content: '', tool_calls: [{ name: 'lookup', args: { n: 2 } }] }] },
      ],
      [
        'updates',
        {
          agent: {
            messages: [{ type: 'ai', id: 'm2', content: '', tool_calls: [{ name: 'lookup', args: { n: 2 } }] }],
          },
        },
      ],
    ];
    expect(parse(chunked)).toEqual({ calls: [{ tool: 'lookup', args: { n: 2 }, is_error: false }], warnings: [] });
  });

  test('subgraph parts [namespace, mode, payload]', () => {
    const parts = [
      [['child:1'], 'updates', { model: { messages: [ai([{ name: 'add', args: { a: 1, b: 2 }, id: 'k' }])] } }],
    ];
    expect(parse(parts)).toEqual({
      calls: [{ tool: 'add', args: { a: 1, b: 2 }, id: 'k', is_error: false }],
      warnings: [],
    });
  });

  test('a stream of modes holding no messages reads no call and says why', () => {
    const parts = [
      ['custom', { progress: 1 }],
      ['custom', { progress: 2 }],
      ['values', { messages: [{ type: 'human', content: 'hi' }] }],
    ];
    expect(parse(parts)).toEqual({
      calls: [],
      warnings: [
        'test at $: no call read; skipped 2 "custom" stream parts, which hold no messages (stream with "messages", "values" or "updates" to record calls)',
      ],
    });
  });

  test('messages tagged with role, or untagged, with LangChain {name, args, id} tool calls', () => {
    const tagged = [
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: '', tool_calls: [{ name: 'weather', args: { city: 'Oslo' }, id: 'w1' }] },
      { role: 'tool', content: 'rain', tool_call_id: 'w1', status: 'error' },
    ];
    expect(detectFormat(tagged)).toBe('langchain');
    expect(parse(tagged)).toEqual({
      calls: [{ tool: 'weather', args: { city: 'Oslo' }, id: 'w1', error: 'rain', is_error: true }],
      warnings: [],
    });
    const untagged = [
      { content: '', tool_calls: [{ name: 'weather', args: { city: 'Oslo' }, id: 'w1' }] },
      { tool_call_id: 'w1', content: 'rain' },
    ];
    expect(detectFormat(untagged)).toBe('langchain');
    expect(parse(untagged)).toEqual({
      calls: [{ tool: 'weather', args: { city: 'Oslo' }, id: 'w1', result: 'rain', is_error: false }],
      warnings: [],
    });
  });

  test('stream parts nested in one another are looked at one level deep, without recursion', () => {
    let nested: unknown = {
      messages: [{ type: 'ai', content: '', tool_calls: [{ name: 'deep', args: {}, id: 'd' }] }],
    };
    for (let i = 0; i < 100_000; i++) nested = ['values', nested];
    expect(langchainFormat.detect([nested])).toBe(false);
    expect(parse([nested, ['values', { messages: [] }]])).toEqual({
      calls: [],
      warnings: ['test at $[0][1]: skipped an array: a "values" stream part holds an object'],
    });
  });

  test('property: values states of a growing history read like the last state alone', () => {
    const message = fc.oneof(
      fc.record({ role: fc.constant('user'), content: fc.string({ maxLength: 5 }) }),
      fc.record({
        role: fc.constant('assistant'),
        content: fc.constant(''),
        tool_calls: fc.array(
          fc.record({
            name: fc.constantFrom('a', 'b', 'c'),
            args: fc.dictionary(fc.constantFrom('x', 'y'), fc.integer()),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 5 }),
        (history, cuts) => {
          fc.pre(history.some((entry) => entry.role === 'assistant'));
          const lengths = [...cuts.map((cut) => Math.min(cut, history.length)).sort((x, y) => x - y), history.length];
          const states = lengths.map((length) => ({ messages: history.slice(0, length) }));
          expect(parse(states).calls).toEqual(parse([{ messages: history }]).calls);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/**
 * Parallel nodes (a fan-out to two agent nodes in one superstep) stream their model calls at once, so
 * `streamMode: "messages"` output interleaves their chunks. Built in the shape of the recording above
 * (serialized AIMessageChunks with `tool_call_chunks`, LangGraph metadata); each node's chunks use
 * index 0 for its own call, as each model numbers its calls from 0.
 */
describe('LangGraph "messages" stream of parallel nodes: chunks joined per message id, not by arrival', () => {
  const chunk = (node: string, id: string, toolCallChunk: Record<string, unknown>): unknown => [
    {
      lc: 1,
      type: 'constructor',
      id: ['langchain_core', 'messages', 'AIMessageChunk'],
      kwargs: {
        id,
        content: [],
        tool_call_chunks: [{ type: 'tool_call_chunk', index: 0, ...toolCallChunk }],
        additional_kwargs: {},
        response_metadata: { model_provider: 'openai' },
        tool_calls: [],
        invalid_tool_calls: [],
      },
    },
    { tags: [], langgraph_step: 1, langgraph_node: node, langgraph_triggers: [`branch:to:${node}`] },
  ];
  const toolMessage = (id: string, callId: string, content: string): unknown => [
    {
      lc: 1,
      type: 'constructor',
      id: ['langchain_core', 'messages', 'ToolMessage'],
      kwargs: { id, content, tool_call_id: callId, name: 'tools', status: 'success' },
    },
    { tags: [], langgraph_step: 2, langgraph_node: 'tools' },
  ];
  const weather = [
    chunk('weather_agent', 'run-w', { name: 'get_weather', args: '', id: 'call_w' }),
    chunk('weather_agent', 'run-w', { args: '{"city": ' }),
    chunk('weather_agent', 'run-w', { args: '"Tokyo"}' }),
  ];
  const time = [
    chunk('time_agent', 'run-t', { name: 'get_datetime', args: '', id: 'call_t' }),
    chunk('time_agent', 'run-t', { args: '{"timezone": "Asia/' }),
    chunk('time_agent', 'run-t', { args: 'Tokyo"}' }),
  ];
  const results = [toolMessage('tm-w', 'call_w', '20°C, clear'), toolMessage('tm-t', 'call_t', '04:00 AM')];
  const expected: ToolCall[] = [
    { tool: 'get_weather', args: { city: 'Tokyo' }, id: 'call_w', result: '20°C, clear', is_error: false },
    { tool: 'get_datetime', args: { timezone: 'Asia/Tokyo' }, id: 'call_t', result: '04:00 AM', is_error: false },
  ];

  test('weather, time, weather, time, ...: each call whole, in the order the messages began', () => {
    const interleaved = [weather[0], time[0], weather[1], time[1], weather[2], time[2], ...results];
    expect(detectFormat(interleaved)).toBe('langchain');
    expect(parse(interleaved)).toEqual({ calls: expected, warnings: [] });
  });

  test('property: any interleaving of the two messages reads like the messages one after the other', () => {
    const sequential = parse([...weather, ...time, ...results]);
    expect(sequential).toEqual({ calls: expected, warnings: [] });
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), (picks) => {
        // A merge of the two chunk lists, each kept in its own order; the weather message begins first.
        const queues = [weather.slice(1), [...time]];
        const merged: unknown[] = [weather[0]];
        for (const pick of picks) {
          const queue = queues[pick ? 0 : 1]!.length > 0 ? queues[pick ? 0 : 1]! : queues[pick ? 1 : 0]!;
          if (queue.length > 0) merged.push(queue.shift());
        }
        expect(parse([...merged, ...results])).toEqual(sequential);
      }),
      { numRuns: 100 },
    );
  });
});
