import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import type { ToolCall } from '../../core/types.js';
import { corpusPath, readCorpusJson, readCorpusJsonl } from '../../../test/corpus.js';
import { ToolscoreInputError } from '../../core/errors.js';
import { evaluate } from '../../evaluation/evaluate.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { loadTraceFile } from '../../io/trace.js';
import { autoExtract, readWithFormat } from '../auto.js';
import { fromOpenAI, openaiFormat } from './openai.js';

type Json = Record<string, any>;

const read = readerFor(openaiFormat);

function cassette(name: string): Json {
  return readCorpusJson('providers', 'recorded-http', 'openai', name) as Json;
}

function fixture(dir: string, name: string): Json {
  return readCorpusJson('providers', 'vercel-ai-fixtures', dir, name) as Json;
}

const SEATTLE = 'call_JpNb8OiAkbIbHzDggfpdDHpi';
const SAN_FRANCISCO = 'call_vaFQc3zK6hHTRZKXRI5Eo2cJ';

const RECORDING = () => cassette('test_chat_completion_tool_calls_with_content.json');
/** The recording's two parallel calls, with what came back for each (nothing in the response itself). */
function weatherCalls(seattle: Partial<ToolCall> = {}, sanFrancisco: Partial<ToolCall> = {}): ToolCall[] {
  const call = (location: string, id: string): ToolCall => ({
    tool: 'get_current_weather',
    args: { location },
    id,
    is_error: false,
    metadata: { format: 'tool_calls' },
  });
  return [
    { ...call('Seattle, WA', SEATTLE), ...seattle },
    { ...call('San Francisco, CA', SAN_FRANCISCO), ...sanFrancisco },
  ];
}
const FOLLOW_UP_CALLS = weatherCalls({ result: '50 degrees and raining' }, { result: '70 degrees and sunny' });

/** A Responses API input: two function calls, their outputs in another order (JSON text, an error). */
const RESPONSES_ITEMS = [
  { role: 'user', content: [{ type: 'input_text', text: 'Weather in Seattle and Paris?' }] },
  {
    type: 'function_call',
    id: 'fc_1',
    call_id: 'call_a',
    name: 'get_weather',
    arguments: '{"city":"Seattle"}',
    status: 'completed',
  },
  {
    type: 'function_call',
    id: 'fc_2',
    call_id: 'call_b',
    name: 'get_weather',
    arguments: '{"city":"Paris"}',
    status: 'completed',
  },
  { type: 'function_call_output', call_id: 'call_b', output: 'Error: upstream timeout' },
  { type: 'function_call_output', call_id: 'call_a', output: '{"temp": 11}' },
  {
    type: 'message',
    role: 'assistant',
    content: [{ type: 'output_text', text: 'Seattle is 11°C; Paris timed out.' }],
  },
];
const RESPONSES_ITEM_CALLS: ToolCall[] = [
  {
    tool: 'get_weather',
    args: { city: 'Seattle' },
    id: 'call_a',
    result: { temp: 11 },
    is_error: false,
    metadata: { format: 'responses.function_call', item_id: 'fc_1' },
  },
  {
    tool: 'get_weather',
    args: { city: 'Paris' },
    id: 'call_b',
    result: 'Error: upstream timeout',
    error: 'Error: upstream timeout',
    is_error: true,
    metadata: { format: 'responses.function_call', item_id: 'fc_2' },
  },
];

testReader(openaiFormat, [
  {
    name: 'a chat history of two user turns: each call marked with the turn it answers; system and tool messages are no turn',
    input: [
      { role: 'system', content: 'You are a support agent.' },
      { role: 'user', content: 'Where is order 7?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'track_order', arguments: '{"order_id": 7}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"status": "shipped"}' },
      { role: 'assistant', content: 'It has shipped.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Refund it.' },
          { type: 'text', text: 'It came broken.' },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c2', type: 'function', function: { name: 'refund_order', arguments: '{"order_id": 7}' } }],
      },
    ],
    calls: [
      {
        tool: 'track_order',
        args: { order_id: 7 },
        id: 'c1',
        result: { status: 'shipped' },
        is_error: false,
        metadata: { format: 'tool_calls' },
        turn: 1,
      },
      {
        tool: 'refund_order',
        args: { order_id: 7 },
        id: 'c2',
        is_error: false,
        metadata: { format: 'tool_calls' },
        turn: 2,
      },
    ],
    userMessages: ['Where is order 7?', 'Refund it.\nIt came broken.'],
  },
  {
    name: 'Responses API input: user messages (input_text parts, or without a type) are turns; function_call_output items are not',
    input: {
      input: [
        { role: 'developer', content: 'Be brief.' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'weather in Paris?' }] },
        { type: 'function_call', call_id: 'fc1', name: 'weather', arguments: '{"city": "Paris"}' },
        { type: 'function_call_output', call_id: 'fc1', output: 'sunny' },
        { role: 'user', content: 'and in Rome?' },
        { type: 'function_call', call_id: 'fc2', name: 'weather', arguments: '{"city": "Rome"}' },
      ],
    },
    calls: [
      {
        tool: 'weather',
        args: { city: 'Paris' },
        id: 'fc1',
        result: 'sunny',
        is_error: false,
        metadata: { format: 'responses.function_call' },
        turn: 1,
      },
      {
        tool: 'weather',
        args: { city: 'Rome' },
        id: 'fc2',
        is_error: false,
        metadata: { format: 'responses.function_call' },
        turn: 2,
      },
    ],
    userMessages: ['weather in Paris?', 'and in Rome?'],
    // Neither turn has an assistant message: each turn's reply is null.
    replies: [null, null],
  },
  {
    name: 'replies: the last assistant text of each turn; a turn whose assistant only called tools has none',
    input: [
      { role: 'user', content: 'Where is order 7?' },
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'track_order', arguments: '{"order_id": 7}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"status": "shipped"}' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'It has shipped.' },
          { type: 'text', text: 'It arrives Monday.' },
        ],
      },
      { role: 'user', content: 'Refund it.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c2', type: 'function', function: { name: 'refund_order', arguments: '{"order_id": 7}' } }],
      },
      { role: 'tool', tool_call_id: 'c2', content: 'Error: card expired' },
    ],
    calls: [
      {
        tool: 'track_order',
        args: { order_id: 7 },
        id: 'c1',
        result: { status: 'shipped' },
        is_error: false,
        metadata: { format: 'tool_calls' },
        turn: 1,
      },
      {
        tool: 'refund_order',
        args: { order_id: 7 },
        id: 'c2',
        result: 'Error: card expired',
        error: 'Error: card expired',
        is_error: true,
        metadata: { format: 'tool_calls' },
        turn: 2,
      },
    ],
    userMessages: ['Where is order 7?', 'Refund it.'],
    replies: ['It has shipped.\nIt arrives Monday.', null],
  },
  {
    name: 'replies: a Responses API output message (output_text) is the reply; reasoning is not',
    input: {
      object: 'response',
      output: [
        { type: 'reasoning', id: 'rs1', summary: [{ type: 'summary_text', text: 'thinking it over' }] },
        { type: 'function_call', call_id: 'fc1', name: 'weather', arguments: '{"city": "Paris"}' },
        {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Sunny in Paris.', annotations: [] }],
        },
      ],
    },
    calls: [
      {
        tool: 'weather',
        args: { city: 'Paris' },
        id: 'fc1',
        is_error: false,
        metadata: { format: 'responses.function_call' },
      },
    ],
    replies: ['Sunny in Paris.'],
  },
  {
    name: "one Responses API function_call item on its own (the recorded response's output[0]): detected and read",
    input: () =>
      cassette('test_responses_create_captures_tool_call_content.json').interactions[0].response.body.json.output[0],
    calls: [
      {
        tool: 'get_current_weather',
        args: { location: 'Seattle, WA' },
        id: 'call_90uO5LcGP5vTBTCrjyhYtWsA',
        is_error: false,
        metadata: {
          format: 'responses.function_call',
          item_id: 'fc_0bedf6e1ffba28050069e2f402203c8196b45065342d00ed17',
        },
      },
    ],
  },
  {
    name: 'one function_call_output item on its own is no call: not detected; under its format no call is invented, the result is passed over with a warning',
    input: { type: 'function_call_output', call_id: 'call_1', output: '{"temperature": 21}' },
    calls: [],
    warnings: ['t at $: ignored a tool result for call id "call_1": no call it answers'],
    detected: false,
  },
  {
    name: 'Responses API, recorded response: output[] function_call, id = call_id, item id in metadata',
    input: () => cassette('test_responses_create_captures_tool_call_content.json').interactions[0].response.body.json,
    calls: [
      {
        tool: 'get_current_weather',
        args: { location: 'Seattle, WA' },
        id: 'call_90uO5LcGP5vTBTCrjyhYtWsA',
        is_error: false,
        metadata: {
          format: 'responses.function_call',
          item_id: 'fc_0bedf6e1ffba28050069e2f402203c8196b45065342d00ed17',
        },
      },
    ],
  },
  {
    name: 'Responses API, an input/output item list: function_call_output joined by call_id (text, JSON, error)',
    input: RESPONSES_ITEMS,
    calls: RESPONSES_ITEM_CALLS,
  },
  {
    name: 'Responses API, a request body: its input items read the same',
    input: { model: 'gpt-4o-mini', input: RESPONSES_ITEMS },
    calls: RESPONSES_ITEM_CALLS,
  },
  {
    name: 'Responses API, custom tool call: the free-text input becomes {input}',
    input: () => fixture('openai-responses', 'openai-custom-tool.1.json'),
    calls: [
      {
        tool: 'write_sql',
        args: { input: 'SELECT * FROM users WHERE age > 25' },
        id: 'call_custom_sql_001',
        is_error: false,
        metadata: { format: 'responses.custom_tool_call', item_id: 'ct_abc123def456' },
      },
    ],
  },
  {
    name: 'Responses API, programmatic tool calling: the function_call made from a program is read; the program item is not a call',
    input: () => fixture('openai-responses', 'programmatic-tool-calling.1.json'),
    calls: [
      {
        tool: 'getInventory',
        args: { sku: 'sku_123' },
        id: 'call_rj6LW6NEyodD5YVKeoexoLNz',
        is_error: false,
        metadata: {
          format: 'responses.function_call',
          item_id: 'fc_0742d30c1d273351016a6145f1dac0819fb0053980ae918c16',
        },
      },
    ],
  },
  {
    name: 'recorded response (gpt-4o-mini, 2 parallel tool_calls): both calls, ids, parsed arguments, in order',
    input: () => RECORDING().interactions[0].response.body.json,
    calls: weatherCalls(),
  },
  {
    name: 'the follow-up request body ({messages, model, tools}): role "tool" results joined by tool_call_id',
    input: () => RECORDING().interactions[1].request.body.json,
    calls: FOLLOW_UP_CALLS,
  },
  {
    name: 'the bare message list of that request gives the same calls',
    input: () => RECORDING().interactions[1].request.body.json.messages,
    calls: FOLLOW_UP_CALLS,
  },
  {
    name: 'AI SDK v7 request: {"error": "..."} content marks the San Francisco call failed',
    input: () =>
      (readCorpusJson('vercel-ai-sdk', 'v7', 'openai-chat-parallel-tool-calls-one-tool-error.result.json') as Json)
        .providerRequests[1].body,
    calls: weatherCalls(
      { result: '50 degrees and raining' },
      {
        result: { error: 'Error: weather service unavailable for San Francisco, CA' },
        error: 'Error: weather service unavailable for San Francisco, CA',
        is_error: true,
      },
    ),
  },
  {
    name: "the Python tool's trace_openai.json: two calls, results joined by name in order",
    input: () => readCorpusJson('comparable-tools', 'toolscore', 'trace_openai.json'),
    calls: [
      {
        tool: 'make_file',
        args: { filename: 'poem.txt', lines_of_text: ['Roses are red,', 'Violets are blue.'] },
        result: { success: true, path: 'poem.txt' },
        is_error: false,
        metadata: { format: 'function_call' },
      },
      {
        tool: 'read_file',
        args: { filename: 'poem.txt' },
        result: 'Roses are red,\\nViolets are blue.',
        is_error: false,
        metadata: { format: 'function_call' },
      },
    ],
  },
  {
    name: 'an empty tool name is skipped with a warning; the rest of the file is read',
    input: [
      {
        role: 'assistant',
        tool_calls: [
          { id: 'e', function: { name: '  ', arguments: '{}' } },
          { id: 'ok', function: { name: 'search', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'e', content: 'ignored' },
      { role: 'tool', tool_call_id: 'ok', content: 'done' },
    ],
    calls: [
      { tool: 'search', args: {}, id: 'ok', result: 'done', is_error: false, metadata: { format: 'tool_calls' } },
    ],
    warnings: ['t at $[0].tool_calls[0]: skipped a call with an empty tool name'],
  },
  {
    name: 'arguments that are not valid JSON: the call failed (it would at run time), no arguments are made up, with a warning',
    input: {
      choices: [
        {
          message: {
            role: 'assistant',
            tool_calls: [{ id: 'x', type: 'function', function: { name: 'f', arguments: '{"a": 1,' } }],
          },
        },
      ],
    },
    calls: [
      {
        tool: 'f',
        args: {},
        id: 'x',
        is_error: true,
        error: 'arguments are not valid JSON: {"a": 1,',
        metadata: { format: 'tool_calls' },
      },
    ],
    warnings: [
      't at $.choices[0].message.tool_calls[0].function.arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
    ],
  },
  {
    name: 'one streamed chunk on its own is read as a stream of one chunk (openai-stream.test.ts has the streams)',
    input: {
      object: 'chat.completion.chunk',
      choices: [
        { index: 0, delta: { tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a' } }] } },
      ],
    },
    ...{
      calls: [
        {
          tool: 'f',
          args: {},
          id: 'c1',
          is_error: true,
          error: 'arguments are not valid JSON: {"a',
          metadata: { format: 'tool_calls' },
        },
      ],
      warnings: [
        't at $.choices[0].delta.tool_calls[0]: the stream ended before this call was complete; kept the arguments received so far',
        't at $.choices[0].delta.tool_calls[0].function.arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
      ],
    },
  },
  {
    name: 'a legacy delta.function_call stream (functions=) is one call: the name of the first fragment, the arguments joined',
    input: [
      {
        object: 'chat.completion.chunk',
        id: 'c',
        choices: [
          {
            index: 0,
            delta: { role: 'assistant', content: null, function_call: { name: 'get_weather', arguments: '' } },
          },
        ],
      },
      {
        object: 'chat.completion.chunk',
        id: 'c',
        choices: [{ index: 0, delta: { function_call: { arguments: '{"city": ' } } }],
      },
      {
        object: 'chat.completion.chunk',
        id: 'c',
        choices: [{ index: 0, delta: { function_call: { arguments: '"Paris"}' } } }],
      },
      { object: 'chat.completion.chunk', id: 'c', choices: [{ index: 0, delta: {}, finish_reason: 'function_call' }] },
      '[DONE]',
    ],
    calls: [{ tool: 'get_weather', args: { city: 'Paris' }, is_error: false, metadata: { format: 'function_call' } }],
  },
  {
    name: 'recorded legacy function_call stream (gpt-4-turbo, useLegacyFunctionCalling, Vercel AI test): one call, arguments joined from 2 fragments',
    input: () =>
      readCorpusJsonl('providers', 'vercel-ai-fixtures', 'openai-chat', 'openai-legacy-function-call.chunks.jsonl'),
    calls: [
      { tool: 'test-tool', args: { value: 'Sparkle Day' }, is_error: false, metadata: { format: 'function_call' } },
    ],
  },
  {
    name: 'a legacy delta.function_call stream cut at the token limit: the call is read, with the warning',
    input: [
      {
        object: 'chat.completion.chunk',
        id: 'c',
        choices: [{ index: 0, delta: { function_call: { name: 'f', arguments: '{"a": 1' } } }],
      },
      { object: 'chat.completion.chunk', id: 'c', choices: [{ index: 0, delta: {}, finish_reason: 'length' }] },
    ],
    calls: [
      {
        tool: 'f',
        args: {},
        is_error: true,
        error: 'arguments are not valid JSON: {"a": 1',
        metadata: { format: 'function_call' },
      },
    ],
    warnings: [
      't at $[0].choices[0].delta.function_call.arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
      't at $[0].choices[0].delta.function_call: the response stopped at its output token limit (finish_reason "length") while writing this call; its arguments may be incomplete',
    ],
  },
  {
    name: 'choices with neither a "message" nor a "delta" are a recognised shape with unreadable entries: an error',
    input: { choices: [{ index: 0, text: 'completion' }] },
    error: /read as openai but found no tool calls: choices without a "message" \(or a streamed "delta"\) object/,
  },
  {
    name: 'input of another provider under --format openai is an error naming what was expected',
    input: { candidates: [{ content: { parts: [] } }] },
    error: /expected an OpenAI chat completion .*got an object with keys candidates/,
  },
  { name: 'a text is an error', input: 'text', error: /^t at \$: / },
]);

describe('openai: Chat Completions, recorded provider HTTP (gpt-4o-mini, 2 parallel tool_calls)', () => {
  const recording = cassette('test_chat_completion_tool_calls_with_content.json');
  const response = recording.interactions[0].response.body.json;
  const followUp = recording.interactions[1].request.body.json;

  test('auto-detects the response, and fromOpenAI reads it in memory', () => {
    const extracted = autoExtract(response);
    expect(extracted.format).toBe('openai');
    expect(extracted.calls.map((c) => c.id)).toEqual([SEATTLE, SAN_FRANCISCO]);
    expect(fromOpenAI(response)).toEqual(read(response).calls);
  });

  test('the follow-up request opens with system and user messages', () => {
    expect(followUp.messages[0].role).toBe('system');
  });

  test('the final answer (text only) has no calls and is still recognised', () => {
    const final = recording.interactions[1].response.body.json;
    expect(autoExtract(final)).toEqual({
      calls: [],
      format: 'openai',
      warnings: [],
      replies: [
        "Today, the weather in Seattle is 50 degrees and raining, while in San Francisco, it's 70 degrees and sunny.",
      ],
    });
  });
});

describe('openai: tool errors reported in role "tool" messages', () => {
  test('AI SDK v5 request: a bare message without an error marker is not guessed to be a failure (conservative by design)', () => {
    const run = readCorpusJson(
      'vercel-ai-sdk',
      'v5',
      'openai-chat-parallel-tool-calls-one-tool-error.result.json',
    ) as Json;
    const { calls } = autoExtract(run.providerRequests[1].body);
    expect(calls[1]).toMatchObject({
      id: SAN_FRANCISCO,
      result: 'weather service unavailable for San Francisco, CA',
      is_error: false,
    });
  });

  test('tau-bench: 50 real GPT-4o airline histories equal the derived call lists; "Error: ..." tool replies mark failures', () => {
    const trajectories = readCorpusJson('trajectories', 'tau-bench', 'gpt-4o-airline.trial0.json') as Json[];
    const derived = new Map(
      (readCorpusJsonl('trajectories', 'tau-bench', 'gpt-4o-airline.calls.jsonl') as Json[])
        .filter((row) => row.trial === 0)
        .map((row) => [row.task_id, row]),
    );
    let failures = 0;
    let errorReplies = 0;
    let withoutCalls = 0;
    for (const run of trajectories) {
      const { calls, format, warnings } = autoExtract(run.traj);
      expect(format).toBe('openai');
      expect(warnings).toEqual([]);
      const expected = derived.get(run.task_id)!.actual_tool_calls as Json[];
      expect(calls.map((c) => ({ id: c.id, name: c.tool, arguments: c.args }))).toEqual(expected);
      // Every call got its tool reply.
      expect(calls.every((c) => c.result !== undefined)).toBe(true);
      if (calls.length === 0) withoutCalls++;
      failures += calls.filter((c) => c.is_error).length;
      errorReplies += (run.traj as Json[]).filter(
        (m) => m.role === 'tool' && String(m.content).startsWith('Error:'),
      ).length;
    }
    // Five runs answered in text only: plain histories are still recognised, with zero calls.
    expect(withoutCalls).toBe(5);
    expect(errorReplies).toBe(17);
    expect(failures).toBe(errorReplies);
    // Task 0: the booking was rejected.
    const task0 = autoExtract(trajectories[0]!.traj).calls;
    const booking = task0.find((c) => c.tool === 'book_reservation')!;
    expect(booking).toMatchObject({
      is_error: true,
      error: 'Error: payment amount does not add up, total price is 305, but paid 255',
    });
  });
});

describe('openai: conversation turns', () => {
  test("tau-bench task 0: the simulated customer's eight messages are eight turns, each call in the turn it answers", () => {
    const [task0] = readCorpusJson('trajectories', 'tau-bench', 'gpt-4o-airline.trial0.json') as Json[];
    const reading = autoExtract(task0!.traj);
    // Read off the file: user messages at 1, 3, 5, 11, 15, 19, 27 and 31; calls at 6 and 8 (after the
    // third), 12 (fourth), 16 (fifth), 20, 22 and 24 (sixth), 28 (seventh); the eighth gets no call.
    expect(reading.calls.map((call) => [call.tool, call.turn])).toEqual([
      ['get_user_details', 3],
      ['search_direct_flight', 3],
      ['search_onestop_flight', 4],
      ['calculate', 5],
      ['book_reservation', 6],
      ['think', 6],
      ['calculate', 6],
      ['book_reservation', 7],
    ]);
    expect(reading.userMessages).toEqual([
      "Hi! I'm looking to book a flight from New York to Seattle on May 20th.",
      'Sure, my user ID is mia_li_3668.',
      "1. One-way\n2. Economy\n3. It's just me traveling.\n4. I want to use my certificates first, and if there's any balance, I'll use my 7447 card.\n5. No, I do not want travel insurance.",
      "Neither of those options works for me as I don't want to fly before 11 AM EST. Do you have any later flights?",
      "I'll go with the first option, Flight HAT136.",
      'Yes, please proceed with that booking. Thank you!',
      'Yes, I confirm. Please go ahead with this payment.',
      'Thank you so much for your help! ###STOP###',
    ]);
  });

  test('a history with one user message stays unmarked, as before', () => {
    const reading = autoExtract([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'weather in Paris?' },
      {
        role: 'assistant',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{}' } }],
      },
      { role: 'developer', content: 'Answer in French.' },
    ]);
    expect(reading).toEqual({
      calls: [{ tool: 'weather', args: {}, id: 'c1', is_error: false, metadata: { format: 'tool_calls' } }],
      format: 'openai',
      warnings: [],
      replies: [null],
    });
  });
});

describe('openai: Responses API', () => {
  test('hosted MCP call: a call with its own output (JSON parsed) and server label', () => {
    const { calls, warnings } = read(fixture('openai-responses', 'openai-mcp-tool.1.json'));
    expect(warnings).toEqual([]);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call).toMatchObject({
      tool: 'web_search_exa',
      args: { query: 'NYC mayoral election results 2025 latest', numResults: 5 },
      id: 'mcp_0a4801d792de11eb00690ccb8c3fac8197a4fd94f4528cd432',
      is_error: false,
      metadata: { format: 'responses.mcp_call', server_label: 'dmcp' },
    });
    expect((call.result as Json).requestId).toBe('c72ab09f496225ba33162f7aca08ef60');
    expect(call.error).toBeUndefined();
  });

  test('the "parallel" wrapper is a call named parallel (kept as the model sent it)', () => {
    const { calls } = read(fixture('openai-responses', 'parallel-tool-call-wrapper.1.json'));
    expect(calls.map((c) => [c.tool, c.id])).toEqual([['parallel', 'call_parallel']]);
    expect((calls[0]!.args as Json).tool_uses).toHaveLength(2);
  });

  test('policy: built-in tools and MCP approval requests are skipped with a warning naming them', () => {
    const cases: [string, string][] = [
      ['openai-shell-tool.1.json', 'skipped a built-in shell_call item'],
      ['openai-local-shell-tool.1.json', 'skipped a built-in local_shell_call item'],
      ['openai-client-tool-search.1.json', 'skipped a built-in tool_search_call item'],
      ['openai-mcp-tool-approval.1.json', 'skipped an mcp_approval_request for "create_short_url"'],
    ];
    for (const [name, warning] of cases) {
      const extracted = autoExtract(fixture('openai-responses', name));
      expect(extracted.format).toBe('openai');
      expect(extracted.calls).toEqual([]);
      expect(extracted.warnings).toHaveLength(1);
      expect(extracted.warnings[0]).toContain(warning);
    }
  });
});

describe('openai: OpenAI-compatible providers (vercel/ai fixtures)', () => {
  test('DeepSeek, Groq, xAI, and Mistral (tool_calls entries without "type": read, unlike the Python tool)', () => {
    const cases: [string, Json, string][] = [
      ['deepseek-tool-call.json', { location: 'San Francisco' }, 'call_00_9V0vrf86Pc9aelHCJMZqnJBo'],
      ['groq-tool-call.json', {}, 'ax9fskhev'],
      ['xai-tool-call.json', { location: 'San Francisco' }, 'call_46427107'],
      ['mistral-tool-call.json', { location: 'San Francisco' }, 'gSIMJiOkT'],
    ];
    for (const [name, args, id] of cases) {
      const extracted = autoExtract(fixture('openai-chat-compatible', name));
      expect(extracted).toEqual({
        format: 'openai',
        warnings: [],
        calls: [{ tool: 'weather', args, id, is_error: false, metadata: { format: 'tool_calls' } }],
        replies: [null],
      });
    }
    expect(
      fixture('openai-chat-compatible', 'mistral-tool-call.json').choices[0].message.tool_calls[0].type,
    ).toBeUndefined();
  });

  test('negative control: a text-only completion gives zero calls', () => {
    const text = fixture('openai-chat', 'openai-text.json');
    expect(autoExtract(text)).toEqual({
      calls: [],
      format: 'openai',
      warnings: [],
      // The message's content, a text of 1,500-odd characters starting "**Holiday Name:** Galaxy Day".
      replies: [text.choices[0].message.content],
    });
    expect(autoExtract(text).replies![0]).toMatch(/^\*\*Holiday Name:\*\* Galaxy Day {2}\n/);
  });

  test('error bodies are errors, not zero calls', () => {
    const quota = fixture('openai-responses', 'openai-error.1.json');
    expect(() => autoExtract(quota)).toThrow(ToolscoreInputError);
    expect(() => autoExtract(quota)).toThrow(
      /OpenAI API error response \(insufficient_quota\), not a trace: You exceeded your current quota/,
    );
    const notFound = cassette('test_chat_completion_404.json').interactions[0].response.body.json;
    expect(() => fromOpenAI(notFound)).toThrow(/\(model_not_found\).*this-model-does-not-exist/);
  });
});

describe('openai: the Python tool\'s own example traces (legacy function_call, role "function" results)', () => {
  test('traces_with_errors__*: each is auto-detected as openai with the recorded tools and arguments', () => {
    const cases: [string, string[], Json[]][] = [
      [
        'missing_tool',
        ['make_file'],
        [{ filename: 'poem.txt', lines_of_text: ['Roses are red,', 'Violets are blue.'] }],
      ],
      [
        'wrong_tool',
        ['create_file', 'get_file'],
        [{ filename: 'poem.txt', lines_of_text: ['Roses are red,', 'Violets are blue.'] }, { filename: 'poem.txt' }],
      ],
      [
        'wrong_args',
        ['make_file', 'read_file'],
        [{ file_name: 'poem.txt', content: 'Roses are red,\nViolets are blue.' }, { file: 'poem.txt' }],
      ],
      [
        'semantic_equiv',
        ['create_file', 'open_file'],
        [{ filename: 'poem.txt', lines_of_text: ['Roses are red,', 'Violets are blue.'] }, { filename: 'poem.txt' }],
      ],
    ];
    for (const [name, tools, args] of cases) {
      const { calls, format } = autoExtract(
        readCorpusJson('comparable-tools', 'toolscore', `traces_with_errors__${name}.json`),
      );
      expect(format).toBe('openai');
      expect(calls.map((c) => c.tool)).toEqual(tools);
      expect(calls.map((c) => c.args)).toEqual(args);
      expect(calls.every((c) => !c.is_error)).toBe(true);
    }
  });
});

describe('openai: hand-written shapes the corpus lacks', () => {
  test('a history that opens with a user message; tool_calls entries with and without "type"; content-part tool replies', () => {
    const history = [
      { role: 'user', content: 'Find flights and book one' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', function: { name: 'search', arguments: '{"q":"SEA"}' } },
          { id: 'c2', type: 'function', function: { name: 'book', arguments: '{"flight":"HA1"}' } },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'c1',
        content: [
          { type: 'text', text: '["HA1",' },
          { type: 'text', text: '"HA2"]' },
        ],
      },
      { role: 'tool', tool_call_id: 'c2', content: '{"error": {"message": "card declined", "code": 402}}' },
    ];
    expect(autoExtract(history)).toEqual({
      format: 'openai',
      warnings: [],
      calls: [
        {
          tool: 'search',
          args: { q: 'SEA' },
          id: 'c1',
          result: ['HA1', 'HA2'],
          is_error: false,
          metadata: { format: 'tool_calls' },
        },
        {
          tool: 'book',
          args: { flight: 'HA1' },
          id: 'c2',
          result: { error: { message: 'card declined', code: 402 } },
          error: 'card declined',
          is_error: true,
          metadata: { format: 'tool_calls' },
        },
      ],
      replies: [null],
    });
  });

  test('a single assistant message object, and legacy function_call next to tool_calls (both read)', () => {
    const message = {
      role: 'assistant',
      function_call: { name: 'a', arguments: '{}' },
      tool_calls: [{ id: 't', function: { name: 'b', arguments: '{"x":1}' } }],
    };
    expect(autoExtract(message).calls.map((c) => [c.tool, c.args])).toEqual([
      ['b', { x: 1 }],
      ['a', {}],
    ]);
  });

  test('JSON arguments that are not an object (a list, a number) are wrapped as {value}, with a warning', () => {
    const { calls, warnings } = read([
      { role: 'assistant', tool_calls: [{ id: 'x', function: { name: 'f', arguments: '[1, 2]' } }] },
    ]);
    expect(calls[0]!.args).toEqual({ value: [1, 2] });
    expect(warnings).toEqual([
      't at $[0].tool_calls[0].function.arguments: arguments are JSON but not an object; kept them as {"value": ...}',
    ]);
  });

  test('several choices: the first is read, the others are alternatives (warning)', () => {
    const message = (city: string) => ({
      role: 'assistant',
      tool_calls: [{ id: city, function: { name: 'w', arguments: JSON.stringify({ city }) } }],
    });
    const { calls, warnings } = read({
      choices: [
        { index: 0, message: message('A') },
        { index: 1, message: message('B') },
      ],
    });
    expect(calls.map((c) => c.id)).toEqual(['A']);
    expect(warnings).toEqual([
      't at $.choices: read the first of 2 choices; the others are alternatives, not later steps',
    ]);
  });

  test('a tool reply for an unknown call id is reported, not attached elsewhere', () => {
    const { calls, warnings } = read([
      { role: 'assistant', tool_calls: [{ id: 'a', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'zzz', content: 'x' },
    ]);
    expect(calls[0]!.result).toBeUndefined();
    expect(warnings).toEqual(['t at $[1]: ignored a tool result for call id "zzz": no call it answers']);
  });

  test('tool_calls entries the adapter cannot read: an error naming the format and what was missing, never a silent zero', () => {
    const langchainLike = [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ name: 'search', args: { q: 'x' }, id: '1', type: 'tool_call' }],
      },
    ];
    expect(() => readWithFormat(langchainLike, 'openai', 'trace.json')).toThrow(ToolscoreInputError);
    expect(() => readWithFormat(langchainLike, 'openai', 'trace.json')).toThrow(
      /trace\.json at \$\[1\]\.tool_calls\[0\]: read as openai but found no tool calls: a tool_calls entry of type "tool_call"/,
    );
    // Auto-detection does not take it for OpenAI: LangChain tool calls in role-tagged messages are LangChain's.
    const read = autoExtract(langchainLike);
    expect(read.format).toBe('langchain');
    expect(read.calls).toEqual([{ tool: 'search', args: { q: 'x' }, id: '1', is_error: false }]);
  });
});

describe('openai: scoring raw responses end to end', () => {
  test('evaluate({actual: <raw chat completion>}) extracts and scores it', () => {
    const response = cassette('test_chat_completion_tool_calls_with_content.json').interactions[0].response.body.json;
    const result = evaluate({
      expected: [
        { tool: 'get_current_weather', args: { location: 'Seattle, WA' } },
        { tool: 'get_current_weather', args: { location: 'San Francisco, CA' } },
      ],
      actual: response,
    });
    expect(result.score).toBe(1);
    expect(result.traceCalls.map((c) => c.id)).toEqual([SEATTLE, SAN_FRANCISCO]);
  });

  test('evaluateTrace({format: "auto"}) picks openai for the Python tool\'s trace_openai.json', async () => {
    const traceFile = corpusPath('comparable-tools', 'toolscore', 'trace_openai.json');
    expect((await loadTraceFile(traceFile, 'auto')).format).toBe('openai');
    const result = await evaluateTrace({
      goldFile: corpusPath('comparable-tools', 'toolscore', 'gold_calls.json'),
      traceFile,
      format: 'auto',
    });
    expect(result.score).toBe(1);
    expect(result.traceCalls.map((c) => c.tool)).toEqual(['make_file', 'read_file']);
  });
});
