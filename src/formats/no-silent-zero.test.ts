import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { readWithFormat } from './auto.js';
import { checkZeroCalls, isNothingReadWarning } from './support/call-collector.js';
import { anthropicFormat } from './readers/anthropic.js';
import { fromGemini } from './readers/gemini.js';
import { fromOpenAI, openaiFormat } from './readers/openai.js';
import { FORMATS } from './registry.js';

/** The one-line error a reading throws. */
function inputError(read: () => unknown): ToolscoreInputError {
  try {
    read();
  } catch (error) {
    if (error instanceof ToolscoreInputError) return error;
    throw error;
  }
  throw new Error('expected a ToolscoreInputError');
}

const ANTHROPIC_HISTORY = [
  { role: 'user', content: 'Weather in Paris?' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }] },
];

describe('a named format never reads a silent zero', () => {
  test('-f openai on an Anthropic history is an error naming what openai looks for and the format that claims it', () => {
    const error = inputError(() => readWithFormat(ANTHROPIC_HISTORY, 'openai', 'trace.json'));
    expect(error.message).toBe(
      'trace.json at $: read as openai but found no tool calls in an array, which openai does not recognise (it looks for "choices", messages with tool_calls ({function: {name, arguments}}) / function_call, Responses API "output" / function_call items, or a stream of chat.completion.chunk objects or Responses API events (response.*)); it looks like anthropic: use --format anthropic',
    );
    expect(error.message).not.toContain('\n');
  });

  test('-f anthropic on an OpenAI history names openai', () => {
    const openai = [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    ];
    expect(inputError(() => readWithFormat(openai, 'anthropic', 't')).reason).toMatch(
      /^read as anthropic but found no tool calls in an array, which anthropic does not recognise \(it looks for .*\); it looks like openai: use --format openai$/,
    );
  });

  test('data no format claims gets the nearest format instead (ties go to the detection order)', () => {
    const callToolResult = { content: [{ type: 'text', text: 'sunny' }], isError: false };
    expect(inputError(() => readWithFormat(callToolResult, 'anthropic', 't')).reason).toMatch(
      /^read as anthropic but found no tool calls in an object with keys content, isError, which anthropic does not recognise .*; the nearest format is mcp$/,
    );
  });

  test('a plain chat with no tool call is a legitimate zero for every chat format, without a warning', () => {
    const chat = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ];
    for (const format of ['openai', 'anthropic'])
      expect(readWithFormat(chat, format, 't')).toEqual({ calls: [], format, warnings: [], replies: ['hello'] });
    expect(readWithFormat({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, 'gemini', 't')).toEqual({
      calls: [],
      format: 'gemini',
      warnings: [],
      replies: [null],
    });
  });
});

describe('a detected format that reads nothing it can use warns', () => {
  test('Gemini content given as a list of parts: the functionCall entries are named', () => {
    const data = { candidates: [{ content: [{ functionCall: { name: 'get_weather', args: {} } }] }] };
    const reading = readWithFormat(data, 'auto', 't');
    expect(reading).toEqual({
      calls: [],
      format: 'gemini',
      warnings: [
        't at $: read as gemini but found no tool calls it could use, though the input holds "functionCall" entries; check the format (--format) before reading the score',
      ],
      replies: [null],
    });
    expect(isNothingReadWarning(reading.warnings[0]!)).toBe(true);
  });

  test('items a reader passed over are named, the first one and how many more like it', () => {
    const warnings: string[] = [];
    const reading = {
      adapter: anthropicFormat,
      explicit: false,
      source: 't',
      passedOver: {
        count: 3,
        first: { path: '$[1].parts[0]', what: 'a part of kind "tool-call"' },
        kinds: new Map([['a part of kind "tool-call"', { count: 3, path: '$[1].parts[0]' }]]),
      },
      warnings,
    };
    checkZeroCalls(reading, [[{ role: 'user' }, { parts: [] }]], 'an array', () => undefined);
    expect(warnings).toEqual([
      't at $[1].parts[0]: read as anthropic but found no tool calls it could use, though it passed over a part of kind "tool-call", and 2 more like it; check the format (--format) before reading the score',
    ]);
  });

  test('a Pydantic AI history taken for Gemini: the reader names the part it passed over', () => {
    const pydantic = [
      { kind: 'request', parts: [{ part_kind: 'user-prompt', content: 'Weather in Paris?' }] },
      {
        kind: 'response',
        parts: [{ part_kind: 'tool-call', tool_name: 'get_weather', args: { city: 'Paris' }, tool_call_id: 'c1' }],
      },
    ];
    // Two kinds (their keys differ): the first is named in the "found no tool calls" warning, the other has its own.
    expect(readWithFormat(pydantic, 'gemini', 't').warnings).toEqual([
      't at $[1].parts[0]: passed over a part that is not a Gemini part (an object with keys part_kind, tool_name, args, tool_call_id)',
      't at $[0].parts[0]: read as gemini but found no tool calls it could use, though it passed over a part that is not a Gemini part (an object with keys part_kind, content); check the format (--format) before reading the score',
    ]);
  });

  test('the in-memory helpers follow the same rule', () => {
    // The helpers sit below the registry, so they name what their format looks for, not the claimant.
    expect(() => fromOpenAI(ANTHROPIC_HISTORY)).toThrow(
      `openai at $: read as openai but found no tool calls in an array, which openai does not recognise (it looks for ${openaiFormat.looksFor})`,
    );
    const warnings: string[] = [];
    expect(
      fromGemini(
        { candidates: [{ content: [{ functionCall: { name: 'f', args: {} } }] }] },
        { onWarning: (warning) => warnings.push(warning) },
      ),
    ).toEqual([]);
    expect(warnings).toEqual([
      'gemini at $: read as gemini but found no tool calls it could use, though the input holds "functionCall" entries; check the format (--format) before reading the score',
    ]);
  });

  test('a reading with calls, or with nothing call-like in it, gets no such warning', () => {
    expect(readWithFormat(ANTHROPIC_HISTORY, 'auto', 't').warnings).toEqual([]);
    expect(
      readWithFormat(
        { role: 'assistant', content: [{ type: 'text', text: 'no tools today' }], stop_reason: 'end_turn' },
        'anthropic',
        't',
      ),
    ).toEqual({ calls: [], format: 'anthropic', warnings: [], replies: ['no tools today'] });
  });
});

/**
 * Per reader: a non-empty input the format claims, holding only items its reader passes over. Each
 * reading has no call, and the warning names the first item passed over (path and kind, read off the
 * input), under auto-detection and under the explicit format name alike.
 */
describe('every reader names what it passed over when it read no call', () => {
  const T = '2025-10-01T10:00:00.000Z';
  const cases: { format: string; data: unknown; at: string; what: string }[] = [
    {
      format: 'anthropic',
      data: { type: 'message', role: 'assistant', content: [{ type: 'tool_invocation', id: 'x' }] },
      at: '$.content[0]',
      what: 'a content block of type "tool_invocation"',
    },
    {
      format: 'bedrock',
      data: {
        output: { message: { role: 'assistant', content: [{ toolCall: { name: 'f' } }] } },
        stopReason: 'end_turn',
      },
      at: '$.output.message.content[0]',
      what: 'a content block that is not a Converse block (an object with keys toolCall)',
    },
    {
      format: 'cohere',
      data: { message: { role: 'assistant', content: [{ type: 'tool_use', id: 'a' }] }, finish_reason: 'COMPLETE' },
      at: '$.message.content[0]',
      what: "a content part that is not Cohere's (an object with keys type, id)",
    },
    {
      format: 'ollama',
      data: {
        model: 'llama3.2',
        message: { role: 'assistant', content: '', function_call: { name: 'f' } },
        done: true,
      },
      at: '$.message.function_call',
      what: 'a "function_call" member it does not read',
    },
    {
      format: 'pydantic-ai',
      data: [{ kind: 'response', parts: [{ part_kind: 'tool-invocation', tool_name: 'f' }] }],
      at: '$[0].parts[0]',
      what: 'a part of kind "tool-invocation"',
    },
    {
      format: 'codex',
      data: [
        { timestamp: T, type: 'session_meta', payload: { id: 's1' } },
        { timestamp: T, type: 'response_item', payload: { type: 'mcp_tool_call', name: 'f' } },
      ],
      at: '$[1].payload',
      what: 'a response_item of type "mcp_tool_call"',
    },
    {
      format: 'gemini-cli',
      data: {
        messages: [
          { type: 'user', content: 'hi' },
          { type: 'gemini', content: '', tool_calls: [{ name: 'f' }] },
        ],
      },
      at: '$.messages[1].tool_calls',
      what: 'a "tool_calls" member it does not read',
    },
    {
      format: 'claude-agent-sdk',
      data: [{ type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_invocation' }] } }],
      at: '$[0].message.content[0]',
      what: 'a content block of type "tool_invocation"',
    },
    {
      format: 'claude-code',
      data: [
        {
          type: 'assistant',
          message: { role: 'assistant', content: [{ type: 'tool_invocation' }] },
          uuid: 'u1',
          parentUuid: null,
          isSidechain: false,
          sessionId: 's1',
        },
      ],
      at: '$[0].message.content[0]',
      what: 'a content block of type "tool_invocation"',
    },
    {
      format: 'openai-agents',
      data: { $schemaVersion: '1.0', generatedItems: [{ type: 'tool_search_item', rawItem: { type: 'tool_search' } }] },
      at: '$.generatedItems[0]',
      what: 'a run item of type "tool_search_item"',
    },
    {
      format: 'vercel-ai',
      data: { steps: [{ content: [{ type: 'tool-invocation', toolName: 'f' }], finishReason: 'stop' }] },
      at: '$.steps[0].content[0]',
      what: 'a part of type "tool-invocation"',
    },
    {
      format: 'langchain',
      data: [{ type: 'ai', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }], tool_calls: [] }],
      at: '$[0].content[0]',
      what: 'a "tool_use" content part without a matching tool_calls entry',
    },
    {
      format: 'openai',
      data: { object: 'response', output: [{ type: 'computer_screenshot', id: 'x' }] },
      at: '$.output[0]',
      what: 'an item of type "computer_screenshot"',
    },
    {
      format: 'gemini',
      data: { candidates: [{ content: { role: 'model', parts: [{ toolCall: { name: 'f' } }] } }] },
      at: '$.candidates[0].content.parts[0]',
      what: 'a part that is not a Gemini part (an object with keys toolCall)',
    },
    {
      format: 'adk',
      data: {
        app_name: 'a',
        user_id: 'u',
        events: [
          { author: 'agent', invocation_id: 'e-1', content: { role: 'model', parts: [{ toolCall: { name: 'f' } }] } },
        ],
      },
      at: '$.events[0].content.parts[0]',
      what: 'a part that is not a Gemini part (an object with keys toolCall)',
    },
    {
      format: 'inspect',
      data: { eval: { task: 'ctf' }, samples: [{ id: 1, epoch: 1, messages: [{ role: 'developer', content: 'x' }] }] },
      at: '$.samples[0].messages[0]',
      what: 'a message with role "developer"',
    },
    {
      format: 'smolagents',
      data: [
        {
          step_number: 1,
          tool_calls: [],
          error: null,
          model_output_message: {
            role: 'assistant',
            tool_calls: [{ id: 'c', function: { name: 'f', arguments: {} } }],
          },
          observations: null,
        },
      ],
      at: '$[0].model_output_message.tool_calls',
      what: 'tool calls the model announced that the step recorded neither as run nor as failed',
    },
  ];

  test.each(cases)('$format', ({ format, data, at, what }) => {
    const warning = `t at ${at}: read as ${format} but found no tool calls it could use, though it passed over ${what}; check the format (--format) before reading the score`;
    // Replies aside (a format that records them gives its turn's, null here).
    const { replies: _, ...reading } = readWithFormat(data, 'auto', 't');
    expect(reading).toEqual({ calls: [], format, warnings: [warning] });
    const { replies: __, ...named } = readWithFormat(data, format, 't');
    expect(named).toEqual({ calls: [], format, warnings: [warning] });
  });

  test('each reader is covered here or warns of its own (mcp, otel, custom, crewai, openhands, swe-agent)', () => {
    const covered = new Set(cases.map((c) => c.format));
    expect([...FORMATS.keys()].filter((name) => !covered.has(name)).sort()).toEqual([
      'crewai',
      'custom',
      'mcp',
      'openhands',
      'otel',
      'swe-agent',
    ]);
    expect(readWithFormat([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], 'mcp', 't').warnings).toEqual([
      't at $: no tools/call requests among 1 JSON-RPC messages',
    ]);
    expect(readWithFormat([{ tool: '' }], 'custom', 't').warnings).toEqual([
      't at $[0]: skipped a call with no tool name',
    ]);
    expect(readWithFormat([{ tool_name: ' ', tool_args: {} }], 'crewai', 't').warnings).toEqual([
      't at $[0]: skipped a call with no tool name',
    ]);
    expect(readWithFormat([{ id: 1, action: 'run', tool_call_metadata: {} }], 'openhands', 't').warnings).toEqual([
      't at $[0]: skipped an action whose tool_call_metadata has no function_name',
    ]);
    const noName = { history: [{ role: 'assistant', message_type: 'action', tool_calls: [{ function: {} }] }] };
    expect(readWithFormat(noName, 'swe-agent', 't').warnings).toEqual([
      't at $.history[0].tool_calls[0]: skipped a tool call with no function name',
      't at $: read as swe-agent but found no tool calls it could use, though the input holds "tool_calls" entries; check the format (--format) before reading the score',
    ]);
    const chatSpans = { resourceSpans: [{ scopeSpans: [{ spans: [{ name: 'chat', attributes: [] }] }] }] };
    expect(inputError(() => readWithFormat(chatSpans, 'otel', 't')).reason).toMatch(
      /^none of the 1 spans is a GenAI span/,
    );
  });

  test('under every other explicit format the same inputs are an error or a warning, as the CLI reports them', () => {
    for (const { format, data } of cases) {
      for (const other of FORMATS.keys()) {
        if (other === format) continue;
        let reading: ReturnType<typeof readWithFormat>;
        try {
          reading = readWithFormat(data, other, 't');
        } catch (error) {
          expect(error, `${format} data read as ${other}`).toBeInstanceOf(ToolscoreInputError);
          continue;
        }
        if (reading.calls.length === 0) expect(reading.warnings, `${format} data read as ${other}`).not.toEqual([]);
      }
    }
    // One of them in full: the Gemini response named as anthropic is not an Anthropic shape.
    const gemini = cases.find((c) => c.format === 'gemini')!.data;
    expect(inputError(() => readWithFormat(gemini, 'anthropic', 't')).reason).toBe(
      'expected an Anthropic message ({"role", "content": [...]}), a Messages API response, a message list or {"messages": [...]}; got an object with keys candidates',
    );
  });
});
