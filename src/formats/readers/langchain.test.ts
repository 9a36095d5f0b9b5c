import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import { corpusPath, readCorpusJson } from '../../../test/corpus.js';
import { evaluate } from '../../evaluation/evaluate.js';
import type { ToolCall } from '../../core/types.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { autoExtract, readWithFormat } from '../auto.js';
import { detectFormat } from '../registry.js';
import { fromLangChain, langchainFormat } from './langchain.js';

const parse = readerFor(langchainFormat, 'test');

const dir = mkdtempSync(join(tmpdir(), 'toolscore-langchain-'));
function file(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

const PARALLEL = 'langchain-openai-chat-parallel-tool-calls.messages.lc-serialized.json';
const STORED = 'langchain-openai-chat-parallel-tool-calls.messages.stored.json';
const CHUNKS = 'langchain-openai-chat-streaming-tool-calls.chunks.lc-serialized.json';
const CONCATENATED = 'langchain-openai-chat-streaming-tool-calls.concatenated.lc-serialized.json';

/** The calls in the parallel-tool-calls recording: AIMessage.tool_calls joined with the two ToolMessages. */
const PARALLEL_CALLS: ToolCall[] = [
  {
    tool: 'get_current_weather',
    args: { location: 'Seattle, WA' },
    id: 'call_JpNb8OiAkbIbHzDggfpdDHpi',
    result: '50 degrees and raining',
    is_error: false,
  },
  {
    tool: 'get_current_weather',
    args: { location: 'San Francisco, CA' },
    id: 'call_vaFQc3zK6hHTRZKXRI5Eo2cJ',
    result: '70 degrees and sunny',
    is_error: false,
  },
];

/** The streamed recording: no ToolMessages, so no results. */
const STREAMED_CALLS: ToolCall[] = [
  {
    tool: 'get_current_weather',
    args: { location: 'Seattle, WA' },
    id: 'call_fHCjJqt9Pysde6vcJcvbXGBx',
    is_error: false,
  },
  {
    tool: 'get_current_weather',
    args: { location: 'San Francisco, CA' },
    id: 'call_3J9foSw3CUb48lrqIXoTky6U',
    is_error: false,
  },
];

const GOLD = file('gold.json', [
  { tool: 'get_current_weather', args: { location: 'Seattle, WA' } },
  { tool: 'get_current_weather', args: { location: 'San Francisco, CA' } },
]);

const WEATHER_REPLY =
  "Today, the weather in Seattle is 50 degrees and raining, while in San Francisco, it's 70 degrees and sunny.";

/** The stored recording with the San Francisco ToolMessage turned into a failure. */
function storedWithError(): unknown {
  const messages = readCorpusJson('langchain', STORED) as { type: string; data: Record<string, unknown> }[];
  const sf = messages[4]!;
  expect(sf.data.tool_call_id).toBe('call_vaFQc3zK6hHTRZKXRI5Eo2cJ');
  sf.data.status = 'error';
  sf.data.content = 'Error: weather service unavailable for San Francisco, CA';
  return messages;
}

// The user guide's "From LangChain" example: AgentExecutor's intermediate_steps saved as {tool, tool_input, log}.
const legacy = [
  { tool: 'search', tool_input: 'Python tutorials', log: 'Invoking: `search` with `Python tutorials`' },
  { tool: 'summarize', tool_input: { text: 'tutorials', max_words: 50 }, log: '' },
  { tool: 'fetch', tool_input: '{"url": "https://docs.python.org"}', log: 'fetching' },
];

testReader(langchainFormat, [
  {
    name: 'stored messages of two human turns: each call marked with the turn it answers',
    input: [
      { type: 'system', data: { content: 'You are a support agent.' } },
      { type: 'human', data: { content: 'Where is order 7?' } },
      {
        type: 'ai',
        data: {
          content: '',
          tool_calls: [{ name: 'track_order', args: { order_id: 7 }, id: 'l1', type: 'tool_call' }],
        },
      },
      { type: 'tool', data: { content: 'shipped', tool_call_id: 'l1' } },
      { type: 'human', data: { content: [{ type: 'text', text: 'Refund it.' }] } },
      {
        type: 'ai',
        data: {
          content: '',
          tool_calls: [{ name: 'refund_order', args: { order_id: 7 }, id: 'l2', type: 'tool_call' }],
        },
      },
    ],
    calls: [
      { tool: 'track_order', args: { order_id: 7 }, id: 'l1', result: 'shipped', is_error: false, turn: 1 },
      { tool: 'refund_order', args: { order_id: 7 }, id: 'l2', is_error: false, turn: 2 },
    ],
    userMessages: ['Where is order 7?', 'Refund it.'],
    replies: [null, null],
  },
  {
    name: 'serialized messages ({lc, type: "constructor", id, kwargs}): calls, ids, and ToolMessage results joined by tool_call_id',
    input: () => readCorpusJson('langchain', PARALLEL),
    calls: PARALLEL_CALLS,
    // The last AIMessage, after the two ToolMessages; the first AIMessage's content is "".
    replies: [WEATHER_REPLY],
  },
  {
    name: 'stored messages ({type: "ai" | "tool", data}) give the same calls',
    input: () => readCorpusJson('langchain', STORED),
    calls: PARALLEL_CALLS,
    replies: [WEATHER_REPLY],
  },
  {
    name: 'the concatenated chunk (a single message object) gives the same calls as the chunks',
    input: () => readCorpusJson('langchain', CONCATENATED),
    calls: STREAMED_CALLS,
    // The chunk's content is "": it only calls.
    replies: [null],
  },
  {
    name: 'a ToolMessage with status "error" marks its call failed, with the content as the error',
    input: storedWithError,
    calls: [
      PARALLEL_CALLS[0]!,
      {
        tool: 'get_current_weather',
        args: { location: 'San Francisco, CA' },
        id: 'call_vaFQc3zK6hHTRZKXRI5Eo2cJ',
        is_error: true,
        error: 'Error: weather service unavailable for San Francisco, CA',
      },
    ],
  },
  {
    name: 'invalid_tool_calls are calls the model made: kept as failed calls (their arguments are not JSON), with a warning',
    input: [
      {
        type: 'ai',
        content: '',
        tool_calls: [],
        invalid_tool_calls: [
          { name: 'search', args: '{"query": "py', id: 'bad_1', error: 'Malformed args.', type: 'invalid_tool_call' },
        ],
      },
    ],
    calls: [
      {
        tool: 'search',
        args: {},
        id: 'bad_1',
        is_error: true,
        error: 'arguments are not valid JSON: {"query": "py',
        metadata: { invalid_tool_call: true, parse_error: 'Malformed args.' },
      },
    ],
    warnings: [
      't at $[0].invalid_tool_calls[0].args: arguments are not valid JSON; the call is read as failed, with no arguments',
    ],
  },
  {
    name: 'a tool call with an empty name is skipped with a warning; its ToolMessage is dropped quietly',
    input: [
      {
        type: 'ai',
        content: '',
        tool_calls: [
          { name: '', args: {}, id: 'x' },
          { name: 'ok', args: { a: 1 }, id: 'y' },
        ],
      },
      { type: 'tool', content: 'r1', tool_call_id: 'x' },
      { type: 'tool', content: 'r2', tool_call_id: 'y' },
    ],
    calls: [{ tool: 'ok', args: { a: 1 }, id: 'y', result: 'r2', is_error: false }],
    warnings: ['t at $[0].tool_calls[0]: skipped a call with no tool name'],
  },
  {
    name: "a modern ToolCall list (the user guide's example) is read: name, args, id; auto leaves it to custom",
    input: [{ name: 'search', args: { query: 'Python tutorials' }, id: 'call_123' }],
    detected: 'custom',
    calls: [{ tool: 'search', args: { query: 'Python tutorials' }, id: 'call_123', is_error: false }],
  },
  {
    name: 'tool_calls entries of an unknown shape and no call read: an error naming what was expected, not a zero score',
    input: { messages: [{ type: 'ai', content: '', tool_calls: [{ tool_name: 'search', parameters: {} }] }] },
    error: /none has the \{name, args, id\} shape/,
  },
  {
    name: 'data that is not LangChain output, read with --format langchain, is an error',
    input: { candidates: [] },
    error: /expected LangChain messages/,
  },
  { name: 'a text is an error', input: 'text', error: /^t at \$: / },
  {
    name: 'role-tagged chat messages are not LangChain messages',
    input: { messages: [{ role: 'user', content: 'hi' }] },
    error: /expected LangChain messages/,
  },
  {
    name: 'tool_input: a plain string is the single input {input: s}, a JSON object string is parsed, an object kept; log in metadata',
    input: legacy,
    calls: [
      {
        tool: 'search',
        args: { input: 'Python tutorials' },
        is_error: false,
        metadata: { log: 'Invoking: `search` with `Python tutorials`' },
      },
      { tool: 'summarize', args: { text: 'tutorials', max_words: 50 }, is_error: false },
      { tool: 'fetch', args: { url: 'https://docs.python.org' }, is_error: false, metadata: { log: 'fetching' } },
    ],
  },
  {
    name: 'action / action_input entries',
    input: [{ action: 'search', action_input: 'cats' }],
    calls: [{ tool: 'search', args: { input: 'cats' }, is_error: false }],
  },
]);

describe('langchain: LangChain.js messages from the corpus', () => {
  test('18 streamed AIMessageChunks: tool_call_chunks concatenated per index, not the partial tool_calls of each chunk', () => {
    const chunks = readCorpusJson('langchain', CHUNKS) as unknown[];
    expect(chunks).toHaveLength(18);
    const { calls, warnings } = parse(chunks);
    expect(calls).toEqual(STREAMED_CALLS);
    // Every chunk's content is "": no reply.
    expect(autoExtract(chunks).replies).toEqual([null]);
    // The chunks' own invalid_tool_calls ("Malformed args.") are fragments of the stream, not calls.
    expect(warnings).toEqual([]);
  });

  test('LangGraph state {messages: [...]} is read like the list', () => {
    const state = { messages: readCorpusJson('langchain', PARALLEL) };
    expect(detectFormat(state)).toBe('langchain');
    expect(parse(state).calls).toEqual(PARALLEL_CALLS);
  });

  test('the OpenAI-style additional_kwargs.tool_calls are read when an AIMessage has no tool_calls', () => {
    const messages = readCorpusJson('langchain', STORED) as { type: string; data: Record<string, unknown> }[];
    delete messages[2]!.data.tool_calls;
    expect(parse(messages).calls).toEqual(PARALLEL_CALLS);
  });

  test.each([PARALLEL, STORED, CHUNKS, CONCATENATED])('auto-detection reads %s as langchain', (name) => {
    const data = readCorpusJson('langchain', name);
    expect(detectFormat(data)).toBe('langchain');
    const extracted = autoExtract(data);
    expect(extracted.format).toBe('langchain');
    expect(extracted.calls.map((call) => [call.tool, call.args, call.id])).toEqual(
      (name === PARALLEL || name === STORED ? PARALLEL_CALLS : STREAMED_CALLS).map((call) => [
        call.tool,
        call.args,
        call.id,
      ]),
    );
  });

  test.each([PARALLEL, STORED, CHUNKS, CONCATENATED])(
    'evaluateTrace({format: "auto"}) on %s scores 1 against the two expected calls',
    async (name) => {
      const result = await evaluateTrace({ goldFile: GOLD, traceFile: corpusPath('langchain', name), format: 'auto' });
      expect(result.score).toBe(1);
      expect(result.traceCalls).toHaveLength(2);
    },
  );

  test('evaluate({actual: messages}) auto-extracts, and so does fromLangChain', () => {
    const messages = readCorpusJson('langchain', PARALLEL);
    const expected = [
      { tool: 'get_current_weather', args: { location: 'Seattle, WA' } },
      { tool: 'get_current_weather', args: { location: 'San Francisco, CA' } },
    ];
    expect(evaluate({ expected, actual: messages }).score).toBe(1);
    expect(evaluate({ expected, actual: fromLangChain(messages) }).score).toBe(1);
    expect(fromLangChain(messages)).toEqual(PARALLEL_CALLS);
  });

  test('the same recorded response agrees with the Vercel AI SDK run of it (names, arguments, ids, results)', () => {
    const vercel = readWithFormat(
      readCorpusJson('vercel-ai-sdk', 'v5', 'openai-chat-parallel-tool-calls.result.json'),
      'auto',
      'v5',
    );
    expect(vercel.calls.map(({ tool, args, id, result }) => ({ tool, args, id, result }))).toEqual(
      PARALLEL_CALLS.map(({ tool, args, id, result }) => ({ tool, args, id, result })),
    );
  });
});

describe('langchain: messages in other forms (hand-written, following @langchain/core)', () => {
  test('plain messages (Python model_dump / JS toDict data): type "ai" with tool_calls, type "tool" results', () => {
    const messages = [
      { type: 'human', content: 'Search for Python tutorials' },
      {
        type: 'ai',
        content: '',
        tool_calls: [{ name: 'search', args: { query: 'Python tutorials' }, id: 'call_1', type: 'tool_call' }],
        invalid_tool_calls: [],
      },
      {
        type: 'tool',
        content: '["tutorial 1", "tutorial 2"]',
        tool_call_id: 'call_1',
        status: 'success',
        name: 'search',
      },
      { type: 'ai', content: 'Here are two tutorials.', tool_calls: [] },
    ];
    expect(detectFormat(messages)).toBe('langchain');
    expect(parse(messages).calls).toEqual([
      // JSON text results are read like every other adapter reads them (call-collector.ts readContent).
      {
        tool: 'search',
        args: { query: 'Python tutorials' },
        id: 'call_1',
        result: ['tutorial 1', 'tutorial 2'],
        is_error: false,
      },
    ]);
  });

  test('live message objects with _getType() (older @langchain/core) are read in memory', () => {
    class AIMessage {
      content = '';
      tool_calls = [{ name: 'lookup', args: { id: 7 }, id: 'c1', type: 'tool_call' }];
      _getType(): string {
        return 'ai';
      }
    }
    class ToolMessage {
      content = 'found';
      tool_call_id = 'c1';
      _getType(): string {
        return 'tool';
      }
    }
    expect(fromLangChain([new AIMessage(), new ToolMessage()])).toEqual([
      { tool: 'lookup', args: { id: 7 }, id: 'c1', result: 'found', is_error: false },
    ]);
  });

  test('streamed chunks whose joined arguments are not JSON give a failed call, with a warning', () => {
    const chunk = (tool_call_chunks: unknown[]) => ({
      lc: 1,
      type: 'constructor',
      id: ['langchain_core', 'messages', 'AIMessageChunk'],
      kwargs: { id: 'm1', content: '', tool_call_chunks },
    });
    const { calls, warnings } = parse([
      chunk([{ name: 'search', args: '', id: 'c9', index: 0 }]),
      chunk([{ args: '{"q": ', index: 0 }]),
      chunk([{ args: 'oops', index: 0 }]),
    ]);
    expect(calls).toEqual([
      { tool: 'search', args: {}, id: 'c9', is_error: true, error: 'arguments are not valid JSON: {"q": oops' },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('not valid JSON');
  });
});

describe('langchain: legacy agent actions and intermediate_steps', () => {
  test("langchainjs's own docs run: intermediateSteps as printed (toolInput, toolCallId, the observation)", () => {
    // Read off the file: one step, magic_function({input: 3}) observed "5"; its log kept as metadata.
    const steps = readCorpusJson('langchain', 'langchainjs-migrate-agent.intermediate-steps.json');
    expect(parse(steps)).toEqual({
      calls: [
        {
          tool: 'magic_function',
          args: { input: 3 },
          is_error: false,
          result: '5',
          id: 'toolu_0126dJXbjwLC5daAScz8bw1k',
          metadata: { log: 'Invoking "magic_function" with {"input":3}\n' },
        },
      ],
      warnings: [],
    });
  });

  test('a legacy list is auto-detected as langchain, so tool_input is no longer dropped (reference §21 item 6)', async () => {
    expect(detectFormat(legacy)).toBe('langchain');
    const gold = file('legacy-gold.json', [
      { tool: 'search', args: { input: 'Python tutorials' } },
      { tool: 'summarize', args: { text: 'tutorials', max_words: 50 } },
      { tool: 'fetch', args: { url: 'https://docs.python.org' } },
    ]);
    const result = await evaluateTrace({ goldFile: gold, traceFile: file('legacy.json', legacy), format: 'auto' });
    expect(result.score).toBe(1);
    expect(result.traceCalls[0]!.args).toEqual({ input: 'Python tutorials' });
  });

  test('AgentExecutor output {intermediate_steps: [[action, observation], ...]}: observations are results; _Exception is a failed step', () => {
    const output = {
      input: 'weather?',
      output: 'Sunny.',
      intermediate_steps: [
        [{ tool: 'get_weather', tool_input: { city: 'Paris' }, log: '', type: 'AgentAction' }, 'Sunny, 24C'],
        [
          { tool: '_Exception', tool_input: "Invalid Format: Missing 'Action:'", log: 'Could not parse LLM output' },
          "Invalid Format: Missing 'Action:' after 'Thought:'",
        ],
        [
          {
            lc: 1,
            type: 'constructor',
            id: ['langchain', 'schema', 'agent', 'ToolAgentAction'],
            kwargs: { tool: 'get_time', tool_input: { tz: 'CET' }, log: '', tool_call_id: 'call_t' },
          },
          '14:00',
        ],
      ],
    };
    expect(detectFormat(output)).toBe('langchain');
    expect(parse(output).calls).toEqual([
      { tool: 'get_weather', args: { city: 'Paris' }, result: 'Sunny, 24C', is_error: false },
      {
        tool: '_Exception',
        args: { input: "Invalid Format: Missing 'Action:'" },
        is_error: true,
        error: "Invalid Format: Missing 'Action:' after 'Thought:'",
        metadata: { log: 'Could not parse LLM output' },
      },
      { tool: 'get_time', args: { tz: 'CET' }, id: 'call_t', result: '14:00', is_error: false },
    ]);
  });

  test('LangChain.js AgentExecutor: intermediateSteps [{action: {tool, toolInput, log}, observation}]', () => {
    const output = {
      output: 'done',
      intermediateSteps: [{ action: { tool: 'calculator', toolInput: '2+2', log: 'calc' }, observation: '4' }],
    };
    expect(detectFormat(output)).toBe('langchain');
    expect(parse(output).calls).toEqual([
      { tool: 'calculator', args: { input: '2+2' }, result: '4', is_error: false, metadata: { log: 'calc' } },
    ]);
  });
});

describe('langchain: modern ToolCall lists', () => {
  // The user guide's "Modern LangChain format (ToolCall)" example.
  const modern = [{ name: 'search', args: { query: 'Python tutorials' }, id: 'call_123' }];

  test('without type "tool_call" it is left to the custom format, which reads the identical call', () => {
    expect(detectFormat(modern)).toBe('custom');
    const custom = readWithFormat(modern, 'auto', 'test');
    expect(custom.format).toBe('custom');
    expect(custom.calls).toEqual(parse(modern).calls);
  });

  test('with type "tool_call" (as LangChain writes them) it is detected as langchain', () => {
    const typed = [{ name: 'search', args: { query: 'Python tutorials' }, id: 'call_123', type: 'tool_call' }];
    expect(detectFormat(typed)).toBe('langchain');
    expect(readWithFormat(typed, 'auto', 'test').calls).toEqual([
      { tool: 'search', args: { query: 'Python tutorials' }, id: 'call_123', is_error: false },
    ]);
  });
});

test('another format read with --format langchain is an error, not zero calls', () => {
  const vercel = (
    readCorpusJson('vercel-ai-sdk', 'v5', 'openai-chat-parallel-tool-calls.result.json') as {
      result: { responseMessages: unknown };
    }
  ).result.responseMessages;
  expect(() => parse(vercel)).toThrow(/expected LangChain messages/);
});
