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
import { autoExtract } from '../auto.js';
import { detectFormat } from '../registry.js';
import { fromVercelAI, vercelAIFormat } from './vercel-ai.js';

const parse = readerFor(vercelAIFormat, 'test');

/** A corpus file is `{scenario, providerRequests, result}`; `result` is what generateText / streamText returned. */
function corpusResult(version: string, scenario: string): Record<string, unknown> {
  return (readCorpusJson('vercel-ai-sdk', version, `${scenario}.result.json`) as { result: Record<string, unknown> })
    .result;
}

const dir = mkdtempSync(join(tmpdir(), 'toolscore-vercel-'));
function file(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

const weather = (location: string, id: string, result: unknown): ToolCall => ({
  tool: 'get_current_weather',
  args: { location },
  id,
  result,
  is_error: false,
  metadata: { step: 0 },
});

/** What each scenario holds, read from the files: names, arguments, ids, results and failures. */
const SCENARIOS: Record<string, ToolCall[]> = {
  'openai-chat-parallel-tool-calls': [
    weather('Seattle, WA', 'call_JpNb8OiAkbIbHzDggfpdDHpi', '50 degrees and raining'),
    weather('San Francisco, CA', 'call_vaFQc3zK6hHTRZKXRI5Eo2cJ', '70 degrees and sunny'),
  ],
  'openai-chat-parallel-tool-calls-one-tool-error': [
    weather('Seattle, WA', 'call_JpNb8OiAkbIbHzDggfpdDHpi', '50 degrees and raining'),
    {
      tool: 'get_current_weather',
      args: { location: 'San Francisco, CA' },
      id: 'call_vaFQc3zK6hHTRZKXRI5Eo2cJ',
      is_error: true,
      error: 'weather service unavailable for San Francisco, CA',
      metadata: { step: 0 },
    },
  ],
  'openai-chat-streaming-parallel-tool-calls': [
    weather('Seattle, WA', 'call_fHCjJqt9Pysde6vcJcvbXGBx', '50 degrees and raining'),
    weather('San Francisco, CA', 'call_3J9foSw3CUb48lrqIXoTky6U', '70 degrees and sunny'),
  ],
  'openai-responses-function-call': [weather('Seattle, WA', 'call_90uO5LcGP5vTBTCrjyhYtWsA', '50 degrees and raining')],
  'anthropic-messages-tool-use': [
    {
      tool: 'get_weather',
      args: { city: 'San Francisco' },
      id: 'toolu_01UAcA2APHENDob6qJ8kmoaC',
      result: 'Sunny in San Francisco',
      is_error: false,
      metadata: { step: 0 },
    },
  ],
  'anthropic-messages-streaming-tool-use-no-args': [
    {
      tool: 'updateIssueList',
      args: {},
      id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP',
      result: 'issue list updated',
      is_error: false,
      metadata: { step: 0 },
    },
  ],
};
const V7_ONLY: Record<string, ToolCall[]> = {
  'gemini-function-call': [
    {
      tool: 'weather',
      args: { location: 'San Francisco' },
      id: 'mda5KtdIOfnfzKAt',
      result: { location: 'San Francisco', temperature: 72 },
      is_error: false,
      metadata: { step: 0 },
    },
  ],
};

/**
 * The result's `text` of each scenario that has one (the others' is "", their steps' text null). The
 * one-tool-error run still says San Francisco is sunny: the recorded reply promises what no call returned.
 */
const WEATHER_REPLY =
  "Today, the weather in Seattle is 50 degrees and raining, while in San Francisco, it's 70 degrees and sunny.";
const REPLIES: Record<string, string> = {
  'openai-chat-parallel-tool-calls': WEATHER_REPLY,
  'openai-chat-parallel-tool-calls-one-tool-error': WEATHER_REPLY,
  'anthropic-messages-streaming-tool-use-no-args': "I'll update the issue list for you.",
};

const CASES: [string, string, ToolCall[]][] = [
  ...Object.entries(SCENARIOS).map(([scenario, calls]) => ['v5', scenario, calls] as [string, string, ToolCall[]]),
  ...Object.entries({ ...SCENARIOS, ...V7_ONLY }).map(
    ([scenario, calls]) => ['v7', scenario, calls] as [string, string, ToolCall[]],
  ),
];

testReader(vercelAIFormat, [
  {
    name: "a result whose steps hold calls and whose messages hold the user's turns is read as one turn, with a warning saying why",
    input: {
      steps: [{ content: [{ type: 'tool-call', toolCallId: 's1', toolName: 'search', input: { q: 'a' } }] }],
      messages: [
        { role: 'user', content: 'first' },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 's1', toolName: 'search', input: { q: 'a' } }],
        },
        { role: 'user', content: 'second' },
      ],
    },
    calls: [{ tool: 'search', args: { q: 'a' }, id: 's1', is_error: false, metadata: { step: 0 } }],
    warnings: [
      "t at $.messages: read as one turn: the result's steps record no user messages, so the turn of their calls is not known",
    ],
  },
  {
    name: 'model messages of two user turns (tool results come in tool messages): each call marked with its turn',
    input: [
      { role: 'system', content: 'You are a support agent.' },
      { role: 'user', content: 'Where is order 7?' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'v1', toolName: 'track_order', input: { order_id: 7 } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'v1',
            toolName: 'track_order',
            output: { type: 'text', value: 'shipped' },
          },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Refund it.' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'v2', toolName: 'refund_order', input: { order_id: 7 } }],
      },
    ],
    calls: [
      { tool: 'track_order', args: { order_id: 7 }, id: 'v1', result: 'shipped', is_error: false, turn: 1 },
      { tool: 'refund_order', args: { order_id: 7 }, id: 'v2', is_error: false, turn: 2 },
    ],
    userMessages: ['Where is order 7?', 'Refund it.'],
    replies: [null, null],
  },
  {
    name: 'useChat UI messages of two user turns: the text parts of each user message',
    input: [
      { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Where is order 7?' }] },
      {
        id: 'm2',
        role: 'assistant',
        parts: [
          {
            type: 'tool-track_order',
            toolCallId: 'u1',
            state: 'output-available',
            input: { order_id: 7 },
            output: 'shipped',
          },
        ],
      },
      { id: 'm3', role: 'user', parts: [{ type: 'text', text: 'Refund it.' }] },
      {
        id: 'm4',
        role: 'assistant',
        parts: [{ type: 'tool-refund_order', toolCallId: 'u2', state: 'input-available', input: { order_id: 7 } }],
      },
    ],
    calls: [
      {
        tool: 'track_order',
        args: { order_id: 7 },
        id: 'u1',
        result: 'shipped',
        is_error: false,
        metadata: { state: 'output-available' },
        turn: 1,
      },
      {
        tool: 'refund_order',
        args: { order_id: 7 },
        id: 'u2',
        is_error: false,
        metadata: { state: 'input-available' },
        turn: 2,
      },
    ],
    userMessages: ['Where is order 7?', 'Refund it.'],
    replies: [null, null],
  },
  ...CASES.map(([version, scenario, calls]) => ({
    name: `${version} ${scenario}: exact calls, arguments, ids, results and failures`,
    input: () => corpusResult(version, scenario),
    calls,
    replies: [REPLIES[scenario] ?? null],
  })),
  {
    name: 'v4 steps: toolCalls with args, toolResults with result; response messages with isError',
    input: {
      text: 'done',
      finishReason: 'stop',
      steps: [
        {
          stepType: 'initial',
          finishReason: 'tool-calls',
          toolCalls: [
            { type: 'tool-call', toolCallId: 'c1', toolName: 'search', args: { q: 'ai sdk' } },
            { type: 'tool-call', toolCallId: 'c2', toolName: 'fetch', args: { url: 'https://example.com' } },
          ],
          toolResults: [
            { type: 'tool-result', toolCallId: 'c1', toolName: 'search', args: { q: 'ai sdk' }, result: ['r1', 'r2'] },
          ],
          response: {
            messages: [
              {
                role: 'assistant',
                content: [
                  { type: 'tool-call', toolCallId: 'c1', toolName: 'search', args: { q: 'ai sdk' } },
                  { type: 'tool-call', toolCallId: 'c2', toolName: 'fetch', args: { url: 'https://example.com' } },
                ],
              },
              {
                role: 'tool',
                content: [
                  { type: 'tool-result', toolCallId: 'c2', toolName: 'fetch', result: 'HTTP 503', isError: true },
                ],
              },
            ],
          },
        },
        { stepType: 'tool-result', finishReason: 'stop', toolCalls: [], toolResults: [] },
      ],
      toolCalls: [],
      toolResults: [],
    },
    calls: [
      { tool: 'search', args: { q: 'ai sdk' }, id: 'c1', result: ['r1', 'r2'], is_error: false, metadata: { step: 0 } },
      {
        tool: 'fetch',
        args: { url: 'https://example.com' },
        id: 'c2',
        is_error: true,
        error: 'HTTP 503',
        metadata: { step: 0 },
      },
    ],
  },
  {
    name: 'input that is not valid JSON fails its call, with a warning; an empty tool name is skipped with a warning',
    input: {
      steps: [
        {
          finishReason: 'tool-calls',
          content: [
            { type: 'tool-call', toolCallId: 'x', toolName: 'search', input: '{"q": ', invalid: true },
            { type: 'tool-call', toolCallId: 'y', toolName: '', input: {} },
            { type: 'tool-result', toolCallId: 'y', toolName: '', output: 'ignored' },
          ],
        },
      ],
    },
    calls: [
      {
        tool: 'search',
        args: {},
        id: 'x',
        is_error: true,
        error: 'arguments are not valid JSON: {"q":',
        metadata: { step: 0, invalid: true },
      },
    ],
    warnings: [
      't at $.steps[0].content[0].input: arguments are not valid JSON; the call is read as failed, with no arguments',
      't at $.steps[0].content[1]: skipped a call with no tool name',
    ],
  },
  {
    name: 'a result whose steps finished with tool-calls but hold no tool-call part is an error, not zero calls',
    input: {
      steps: [
        { finishReason: 'tool-calls', content: [{ type: 'text', text: '' }] },
        { finishReason: 'stop', content: [] },
      ],
      text: '',
    },
    detected: 'vercel-ai',
    error: /finished with "tool-calls" but no tool-call part/,
  },
  {
    name: 'data that is not an AI SDK result, read with --format vercel-ai, is an error',
    input: { choices: [] },
    error: /expected a Vercel AI SDK result/,
  },
  {
    name: 'another format (LangChain stored messages) read with --format vercel-ai is an error, not zero calls',
    input: () => readCorpusJson('langchain', 'langchain-openai-chat-parallel-tool-calls.messages.stored.json'),
    error: /expected a Vercel AI SDK result/,
  },
  {
    name: 'LangChain messages as {messages} too',
    input: () => ({
      messages: readCorpusJson('langchain', 'langchain-openai-chat-parallel-tool-calls.messages.stored.json'),
    }),
    error: /expected a Vercel AI SDK result/,
  },
]);

describe('vercel-ai: generateText / streamText results from the corpus (ai@5 and ai@7)', () => {
  test("v5 keeps only the last step in the result's toolCalls: the calls of step 0 come from walking the steps", () => {
    const result = corpusResult('v5', 'openai-chat-parallel-tool-calls');
    expect(result.toolCalls).toEqual([]);
    expect((result.steps as unknown[]).length).toBe(2);
    expect(parse(result).calls.map((call) => call.id)).toEqual([
      'call_JpNb8OiAkbIbHzDggfpdDHpi',
      'call_vaFQc3zK6hHTRZKXRI5Eo2cJ',
    ]);
  });

  test("calls listed in the steps and again in the result's toolCalls / responseMessages are counted once (v7)", () => {
    const result = corpusResult('v7', 'openai-chat-parallel-tool-calls');
    expect((result.toolCalls as unknown[]).length).toBe(2);
    expect(parse(result).calls).toHaveLength(2);
  });

  test('response messages alone: tool-call parts, and tool-result outputs {type, value} with error-text marking the failure', () => {
    const result = corpusResult('v5', 'openai-chat-parallel-tool-calls-one-tool-error');
    const { calls, warnings } = parse({ response: { messages: result.responseMessages } });
    expect(calls).toEqual(
      SCENARIOS['openai-chat-parallel-tool-calls-one-tool-error']!.map(({ metadata: _, ...call }) => call),
    );
    expect(warnings).toEqual([]);
    // The message list on its own is recognised too.
    expect(detectFormat(result.responseMessages)).toBe('vercel-ai');
    expect(parse(result.responseMessages).calls).toHaveLength(2);
  });

  test('a json output in a tool message keeps its value (v7 gemini)', () => {
    const result = corpusResult('v7', 'gemini-function-call');
    expect(parse(result.responseMessages).calls).toEqual([
      {
        tool: 'weather',
        args: { location: 'San Francisco' },
        id: 'mda5KtdIOfnfzKAt',
        result: { location: 'San Francisco', temperature: 72 },
        is_error: false,
      },
    ]);
  });

  test('the full stream (streamParts) gives the same calls as the steps', () => {
    const result = corpusResult('v5', 'openai-chat-streaming-parallel-tool-calls');
    expect(detectFormat(result.streamParts)).toBe('vercel-ai');
    expect(parse(result.streamParts).calls).toEqual(
      SCENARIOS['openai-chat-streaming-parallel-tool-calls']!.map(({ metadata: _, ...call }) => call),
    );
  });

  test('a stream cut off before its tool-call part: the tool-input deltas are joined into the arguments', () => {
    const parts = corpusResult('v5', 'openai-chat-streaming-parallel-tool-calls').streamParts as { type: string }[];
    const cut = parts.slice(
      0,
      parts.findIndex((part) => part.type === 'tool-input-end'),
    );
    expect(parse(cut).calls).toEqual([
      {
        tool: 'get_current_weather',
        args: { location: 'Seattle, WA' },
        id: 'call_fHCjJqt9Pysde6vcJcvbXGBx',
        is_error: false,
        metadata: { incomplete: true },
      },
      {
        tool: 'get_current_weather',
        args: { location: 'San Francisco, CA' },
        id: 'call_3J9foSw3CUb48lrqIXoTky6U',
        is_error: false,
        metadata: { incomplete: true },
      },
    ]);
  });

  test.each(CASES.map(([version, scenario]) => [version, scenario]))(
    '%s %s: auto-detected, in memory and as a file',
    async (version, scenario) => {
      const path = corpusPath('vercel-ai-sdk', version, `${scenario}.result.json`);
      const saved = readCorpusJson('vercel-ai-sdk', version, `${scenario}.result.json`);
      // The saved file wraps the result as {"result": ...}; both it and the bare result are recognised.
      expect(detectFormat(saved)).toBe('vercel-ai');
      const result = corpusResult(version, scenario);
      expect(autoExtract(result).format).toBe('vercel-ai');
      const expected =
        scenario === 'anthropic-messages-tool-use'
          ? [{ tool: 'get_weather', args: { city: 'San Francisco' } }]
          : scenario === 'anthropic-messages-streaming-tool-use-no-args'
            ? [{ tool: 'updateIssueList', args: {} }]
            : scenario === 'gemini-function-call'
              ? [{ tool: 'weather', args: { location: 'San Francisco' } }]
              : scenario === 'openai-responses-function-call'
                ? [{ tool: 'get_current_weather', args: { location: 'Seattle, WA' } }]
                : [
                    { tool: 'get_current_weather', args: { location: 'Seattle, WA' } },
                    { tool: 'get_current_weather', args: { location: 'San Francisco, CA' } },
                  ];
      const inMemory = evaluate({ expected, actual: result });
      expect(inMemory.traceCalls).toHaveLength(expected.length);
      expect(inMemory.selectionAccuracy).toBe(1);
      expect(inMemory.argumentF1).toBe(1);
      const fromFile = await evaluateTrace({
        goldFile: file(`${version}-${scenario}.gold.json`, expected),
        traceFile: path,
        format: 'auto',
      });
      expect(fromFile.traceCalls).toEqual(inMemory.traceCalls);
      expect(fromFile.score).toBe(inMemory.score);
    },
  );

  test('the failed call is visible to scoring: evaluate() reports it', () => {
    const result = evaluate({
      expected: [
        { tool: 'get_current_weather', args: { location: 'Seattle, WA' } },
        { tool: 'get_current_weather', args: { location: 'San Francisco, CA' } },
      ],
      actual: corpusResult('v7', 'openai-chat-parallel-tool-calls-one-tool-error'),
    });
    expect(result.traceCalls.filter((call) => call.is_error).map((call) => call.id)).toEqual([
      'call_vaFQc3zK6hHTRZKXRI5Eo2cJ',
    ]);
  });

  test('fromVercelAI reads a result held in memory', () => {
    expect(fromVercelAI(corpusResult('v7', 'anthropic-messages-tool-use'))).toEqual(
      SCENARIOS['anthropic-messages-tool-use'],
    );
  });
});

describe('vercel-ai: shapes the corpus lacks (hand-written, following the AI SDK types)', () => {
  test('a tool-error with a string error, a provider-executed call, and a denied execution', () => {
    const result = {
      steps: [
        {
          finishReason: 'tool-calls',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'a',
              toolName: 'web_search',
              input: { query: 'x' },
              providerExecuted: true,
            },
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 'web_search',
              output: [{ url: 'https://x' }],
              providerExecuted: true,
            },
            { type: 'tool-call', toolCallId: 'b', toolName: 'deleteFile', input: { path: '/tmp/x' } },
            { type: 'tool-call', toolCallId: 'c', toolName: 'readFile', input: { path: '/etc/shadow' } },
            {
              type: 'tool-error',
              toolCallId: 'c',
              toolName: 'readFile',
              input: { path: '/etc/shadow' },
              error: 'EACCES: permission denied',
            },
          ],
        },
      ],
      response: {
        messages: [
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'b',
                toolName: 'deleteFile',
                output: { type: 'execution-denied', reason: 'user said no' },
              },
            ],
          },
        ],
      },
    };
    expect(parse(result).calls).toEqual([
      {
        tool: 'web_search',
        args: { query: 'x' },
        id: 'a',
        result: [{ url: 'https://x' }],
        is_error: false,
        metadata: { step: 0, providerExecuted: true },
      },
      {
        tool: 'deleteFile',
        args: { path: '/tmp/x' },
        id: 'b',
        is_error: true,
        error: 'user said no',
        metadata: { step: 0, denied: true },
      },
      {
        tool: 'readFile',
        args: { path: '/etc/shadow' },
        id: 'c',
        is_error: true,
        error: 'EACCES: permission denied',
        metadata: { step: 0 },
      },
    ]);
  });

  test('useChat UI messages (v5 tool-<name> parts with state) and v4 toolInvocations', () => {
    const ui = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'weather?' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          {
            type: 'tool-getWeather',
            toolCallId: 't1',
            state: 'output-available',
            input: { city: 'Oslo' },
            output: { temp: -3 },
          },
          {
            type: 'tool-getWeather',
            toolCallId: 't2',
            state: 'output-error',
            input: { city: '' },
            errorText: 'city is required',
          },
          {
            type: 'dynamic-tool',
            toolName: 'mcp_lookup',
            toolCallId: 't3',
            state: 'input-available',
            input: { key: 'k' },
          },
        ],
      },
    ];
    expect(detectFormat(ui)).toBe('vercel-ai');
    expect(parse(ui).calls).toEqual([
      {
        tool: 'getWeather',
        args: { city: 'Oslo' },
        id: 't1',
        result: { temp: -3 },
        is_error: false,
        metadata: { state: 'output-available' },
      },
      {
        tool: 'getWeather',
        args: { city: '' },
        id: 't2',
        is_error: true,
        error: 'city is required',
        metadata: { state: 'output-error' },
      },
      { tool: 'mcp_lookup', args: { key: 'k' }, id: 't3', is_error: false, metadata: { state: 'input-available' } },
    ]);
    const v4 = {
      messages: [
        {
          role: 'assistant',
          content: '',
          toolInvocations: [{ state: 'result', toolCallId: 'i1', toolName: 'add', args: { a: 1, b: 2 }, result: 3 }],
        },
      ],
    };
    expect(detectFormat(v4)).toBe('vercel-ai');
    expect(parse(v4).calls).toEqual([
      { tool: 'add', args: { a: 1, b: 2 }, id: 'i1', result: 3, is_error: false, metadata: { state: 'result' } },
    ]);
  });

  test('a text-only result has no calls, and that is no error', () => {
    expect(
      parse({ steps: [{ finishReason: 'stop', content: [{ type: 'text', text: 'hi' }] }], text: 'hi' }).calls,
    ).toEqual([]);
  });
});

describe('vercel-ai: detection leaves other formats alone', () => {
  test('a Gemini interaction ({object: "interaction", steps}) is not an AI SDK result', () => {
    const interaction = {
      object: 'interaction',
      id: 'i1',
      steps: [{ content: [{ type: 'text', text: 'hi' }], finishReason: 'STOP' }],
    };
    expect(detectFormat(interaction)).not.toBe('vercel-ai');
  });

  test('OpenAI and Anthropic messages are not AI SDK messages', () => {
    expect(
      detectFormat([
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
      ]),
    ).toBe('openai');
    expect(detectFormat([{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] }])).toBe(
      'anthropic',
    );
  });
});
