import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import type { ToolCall } from '../../core/types.js';
import { corpusPath, readCorpusJson, readCorpusJsonl } from '../../../test/corpus.js';
import { evaluate } from '../../evaluation/evaluate.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { loadTraceFile } from '../../io/trace.js';
import { autoExtract } from '../auto.js';
import { fromGemini, geminiFormat } from './gemini.js';

type Json = Record<string, any>;

const read = readerFor(geminiFormat);

function cassette(name: string): Json {
  return readCorpusJson('providers', 'recorded-http', 'gemini-vertexai', name) as Json;
}

function fixture(name: string): Json {
  return readCorpusJson('providers', 'vercel-ai-fixtures', 'google', name) as Json;
}

const VERTEX_RESPONSE_CALLS: ToolCall[] = [
  {
    tool: 'get_current_weather',
    args: { location: 'New Delhi' },
    is_error: false,
    metadata: { format: 'functionCall' },
  },
  {
    tool: 'get_current_weather',
    args: { location: 'San Francisco' },
    is_error: false,
    metadata: { format: 'functionCall' },
  },
];
const VERTEX_HISTORY_CALLS: ToolCall[] = [
  {
    tool: 'get_current_weather',
    args: { location: 'New Delhi' },
    result: { content: '{"temperature": 35, "unit": "C"}' },
    is_error: false,
    metadata: { format: 'functionCall' },
  },
  {
    tool: 'get_current_weather',
    args: { location: 'San Francisco' },
    result: { content: '{"temperature": 25, "unit": "C"}' },
    is_error: false,
    metadata: { format: 'functionCall' },
  },
];
const SAN_FRANCISCO_WEATHER: ToolCall[] = [
  { tool: 'weather', args: { location: 'San Francisco' }, is_error: false, metadata: { format: 'functionCall' } },
];

testReader(geminiFormat, [
  {
    name: 'a Live API session: each clientContent user turn is a turn of the conversation (realtime audio is not read as one)',
    input: [
      { setupComplete: {} },
      { clientContent: { turns: [{ role: 'user', parts: [{ text: 'turn on the lights' }] }], turnComplete: true } },
      { toolCall: { functionCalls: [{ id: 'f1', name: 'turn_on_the_lights', args: {} }] } },
      { toolResponse: { functionResponses: [{ id: 'f1', name: 'turn_on_the_lights', response: { result: 'ok' } }] } },
      { realtimeInput: { audio: { data: 'AAAA', mimeType: 'audio/pcm' } } },
      { clientContent: { turns: [{ role: 'user', parts: [{ text: 'and off again' }] }], turnComplete: true } },
      { toolCall: { functionCalls: [{ id: 'f2', name: 'turn_off_the_lights', args: {} }] } },
    ],
    calls: [
      {
        tool: 'turn_on_the_lights',
        args: {},
        id: 'f1',
        result: { result: 'ok' },
        is_error: false,
        metadata: { format: 'functionCall' },
        turn: 1,
      },
      {
        tool: 'turn_off_the_lights',
        args: {},
        id: 'f2',
        is_error: false,
        metadata: { format: 'functionCall' },
        turn: 2,
      },
    ],
    userMessages: ['turn on the lights', 'and off again'],
  },
  {
    name: 'contents of two user turns: a user content holding functionResponse parts returns results and is no turn',
    input: {
      contents: [
        { role: 'user', parts: [{ text: 'Where is order 7?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'track_order', args: { order_id: 7 } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'track_order', response: { status: 'shipped' } } }] },
        { role: 'model', parts: [{ text: 'It has shipped.' }] },
        { role: 'user', parts: [{ text: 'Refund it.' }, { text: 'It came broken.' }] },
        { role: 'model', parts: [{ functionCall: { name: 'refund_order', args: { order_id: 7 } } }] },
      ],
    },
    calls: [
      {
        tool: 'track_order',
        args: { order_id: 7 },
        result: { status: 'shipped' },
        is_error: false,
        metadata: { format: 'functionCall' },
        turn: 1,
      },
      { tool: 'refund_order', args: { order_id: 7 }, is_error: false, metadata: { format: 'functionCall' }, turn: 2 },
    ],
    userMessages: ['Where is order 7?', 'Refund it.\nIt came broken.'],
  },
  {
    name: "one functionCall part on its own (the recorded response's first part, with its thoughtSignature): detected and read",
    input: () =>
      cassette('test_function_call_choice.json').interactions[0].response.body.json.candidates[0].content.parts[0],
    calls: [VERTEX_RESPONSE_CALLS[0]!],
  },
  {
    name: 'a snake_case function_call part on its own (Python SDK): detected and read',
    input: { function_call: { name: 'get_weather', args: { city: 'Paris' } } },
    calls: [{ tool: 'get_weather', args: { city: 'Paris' }, is_error: false, metadata: { format: 'function_call' } }],
  },
  {
    name: 'one functionResponse part on its own is no call: not detected; under its format no call is invented, the result is passed over with a warning',
    input: { functionResponse: { name: 'get_weather', response: { temperature: 21 } } },
    calls: [],
    warnings: ['t at $.functionResponse: ignored a tool result for tool "get_weather": no call it answers'],
    detected: false,
  },
  {
    name: "a Live API session's messages (googleapis/python-genai's recorded receive test): the toolCall's call, turnComplete passed over",
    input: () => readCorpusJsonl('providers', 'gemini-live', 'python-genai-receive-tool-call.jsonl'),
    calls: [
      {
        tool: 'get_current_weather',
        args: { location: 'San Francisco', unit: 'C' },
        is_error: false,
        metadata: { format: 'functionCall' },
      },
    ],
  },
  {
    name: 'a Live API session: toolResponse results by id (tool_response / function_responses as the Python SDK sends them), a cancelled call failed',
    input: [
      { setupComplete: {} },
      {
        toolCall: {
          functionCalls: [
            { id: 'fc-1', name: 'get_weather', args: { city: 'Oslo' } },
            { id: 'fc-2', name: 'get_weather', args: { city: 'Rome' } },
          ],
        },
      },
      { toolResponse: { functionResponses: [{ id: 'fc-2', name: 'get_weather', response: { temperature: 24 } }] } },
      { tool_response: { function_responses: [{ id: 'fc-1', name: 'get_weather', response: { error: 'timeout' } }] } },
      { toolCall: { functionCalls: [{ id: 'fc-3', name: 'book_table', args: { people: 2 } }] } },
      { toolCallCancellation: { ids: ['fc-3'] } },
      { serverContent: { turnComplete: true } },
    ],
    calls: [
      {
        tool: 'get_weather',
        args: { city: 'Oslo' },
        id: 'fc-1',
        result: { error: 'timeout' },
        error: 'timeout',
        is_error: true,
        metadata: { format: 'functionCall' },
      },
      {
        tool: 'get_weather',
        args: { city: 'Rome' },
        id: 'fc-2',
        result: { temperature: 24 },
        is_error: false,
        metadata: { format: 'functionCall' },
      },
      {
        tool: 'book_table',
        args: { people: 2 },
        id: 'fc-3',
        error: 'cancelled',
        is_error: true,
        metadata: { format: 'functionCall' },
      },
    ],
  },
  {
    name: 'a Live API toolResponse message on its own is no call: not detected',
    input: {
      toolResponse: { functionResponses: [{ id: 'fc-1', name: 'get_weather', response: { temperature: 24 } }] },
    },
    error: /^t at \$: expected a Gemini response/,
    detected: false,
  },
  {
    name: 'a Live API toolCall server message: each of its functionCalls, with its id',
    input: {
      toolCall: {
        functionCalls: [
          { id: 'function-call-1', name: 'turn_on_the_lights', args: {} },
          { id: 'function-call-2', name: 'set_volume', args: { level: 3 } },
        ],
      },
    },
    calls: [
      {
        tool: 'turn_on_the_lights',
        args: {},
        id: 'function-call-1',
        is_error: false,
        metadata: { format: 'functionCall' },
      },
      {
        tool: 'set_volume',
        args: { level: 3 },
        id: 'function-call-2',
        is_error: false,
        metadata: { format: 'functionCall' },
      },
    ],
  },
  {
    name: 'recorded Vertex AI response (gemini-2.5-pro): two parallel functionCall parts (one with a thoughtSignature)',
    input: () => cassette('test_function_call_choice.json').interactions[0].response.body.json,
    calls: VERTEX_RESPONSE_CALLS,
  },
  {
    name: 'recorded Vertex AI request history: functionResponse parts without ids are joined by name, in order',
    input: () => cassette('test_tool_events.json').interactions[0].request.body.json,
    calls: VERTEX_HISTORY_CALLS,
  },
  {
    name: 'the contents of that request alone give the same calls',
    input: () => cassette('test_tool_events.json').interactions[0].request.body.json.contents,
    calls: VERTEX_HISTORY_CALLS,
  },
  {
    name: "that recording's final answer is text only: no calls",
    input: () => cassette('test_tool_events.json').interactions[0].response.body.json,
    calls: [],
  },
  {
    name: 'vercel/ai fixture: a functionCall body',
    input: () => fixture('google-tool-call.json'),
    calls: SAN_FRANCISCO_WEATHER,
  },
  {
    name: 'vercel/ai fixture: a Gemini 3 functionCall body',
    input: () => fixture('google-tool-call-gemini3.json'),
    calls: SAN_FRANCISCO_WEATHER,
  },
  {
    name: 'Interactions API (vercel/ai fixture): a function_call step is a call with its id',
    input: () => fixture('tool-call-step1.json'),
    calls: [
      {
        tool: 'getWeather',
        args: { location: 'San Francisco' },
        id: 'zggxzq8r',
        is_error: false,
        metadata: { format: 'interaction' },
      },
    ],
  },
  {
    name: 'Interactions API (vercel/ai fixture): the completed interaction has no call',
    input: () => fixture('tool-call-step2.json'),
    calls: [],
  },
  {
    name: 'negative control (vercel/ai fixture): a text-only response gives zero calls',
    input: () => fixture('google-text.json'),
    calls: [],
  },
  {
    name: 'snake_case function_call / function_response parts in a list of contents (not detected by the Python tool)',
    input: [
      { role: 'user', parts: [{ text: 'Book the cheapest flight' }] },
      { role: 'model', parts: [{ function_call: { name: 'search_flights', args: { to: 'SEA' } } }] },
      {
        role: 'user',
        parts: [{ function_response: { name: 'search_flights', response: { output: ['HA1', 'HA2'] } } }],
      },
    ],
    calls: [
      {
        tool: 'search_flights',
        args: { to: 'SEA' },
        result: { output: ['HA1', 'HA2'] },
        is_error: false,
        metadata: { format: 'function_call' },
      },
    ],
  },
  {
    name: 'ids join responses to calls out of order; without ids, the first unanswered call of the name; an "error" member fails the call',
    input: {
      contents: [
        {
          role: 'model',
          parts: [
            { functionCall: { id: 'c1', name: 'get', args: { k: 1 } } },
            { functionCall: { id: 'c2', name: 'get', args: { k: 2 } } },
            { functionCall: { name: 'put', args: { k: 3 } } },
            { functionCall: { name: 'put', args: { k: 4 } } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { id: 'c2', name: 'get', response: { output: 'two' } } },
            { functionResponse: { id: 'c1', name: 'get', response: { error: { message: 'no such key', code: 404 } } } },
            { functionResponse: { name: 'put', response: { output: 'three' } } },
            { functionResponse: { name: 'put', response: { error: 'disk full' } } },
          ],
        },
      ],
    },
    calls: [
      {
        tool: 'get',
        args: { k: 1 },
        id: 'c1',
        result: { error: { message: 'no such key', code: 404 } },
        error: 'no such key',
        is_error: true,
        metadata: { format: 'functionCall' },
      },
      {
        tool: 'get',
        args: { k: 2 },
        id: 'c2',
        result: { output: 'two' },
        is_error: false,
        metadata: { format: 'functionCall' },
      },
      {
        tool: 'put',
        args: { k: 3 },
        result: { output: 'three' },
        is_error: false,
        metadata: { format: 'functionCall' },
      },
      {
        tool: 'put',
        args: { k: 4 },
        result: { error: 'disk full' },
        error: 'disk full',
        is_error: true,
        metadata: { format: 'functionCall' },
      },
    ],
  },
  {
    name: 'an empty name is skipped with a warning; JSON-string arguments that do not parse fail their call',
    input: [
      {
        role: 'model',
        parts: [{ functionCall: { name: '', args: {} } }, { functionCall: { name: 'f', arguments: '{nope' } }],
      },
    ],
    calls: [
      {
        tool: 'f',
        args: {},
        is_error: true,
        error: 'arguments are not valid JSON: {nope',
        metadata: { format: 'functionCall' },
      },
    ],
    warnings: [
      't at $[0].parts[0].functionCall: skipped a call with an empty tool name',
      't at $[0].parts[1].functionCall.arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
    ],
  },
  {
    name: 'Interactions API function_result steps: joined by call_id, is_error fails the call',
    input: {
      object: 'interaction',
      steps: [
        { type: 'function_call', id: 'a', name: 'lookup', arguments: { q: 'x' } },
        { type: 'function_result', call_id: 'a', name: 'lookup', result: 'not found', is_error: true },
      ],
    },
    calls: [
      {
        tool: 'lookup',
        args: { q: 'x' },
        id: 'a',
        result: 'not found',
        error: 'not found',
        is_error: true,
        metadata: { format: 'interaction' },
      },
    ],
  },
  {
    name: 'unreadable functionCall parts are an error naming the format',
    input: { contents: [{ role: 'model', parts: [{ functionCall: 'get_weather(city="SF")' }] }] },
    error:
      /at \$\.contents\[0\]\.parts\[0\]\.functionCall: read as gemini but found no tool calls: a functionCall that is a string/,
  },
  {
    name: 'an OpenAI response under --format gemini is an error naming what was expected',
    input: { choices: [] },
    error: /expected a Gemini response .*got an object with keys choices/,
  },
  { name: 'null is an error', input: null, error: /^t at \$: / },
]);

describe('gemini: recorded Vertex AI HTTP (gemini-2.5-pro)', () => {
  test('fromGemini reads the recorded response in memory', () => {
    const response = cassette('test_function_call_choice.json').interactions[0].response.body.json;
    expect(fromGemini(response)).toEqual(VERTEX_RESPONSE_CALLS);
  });

  test('the recorded request history opens with the user turn', () => {
    expect(cassette('test_tool_events.json').interactions[0].request.body.json.contents[0].role).toBe('user');
  });
});

describe('gemini: vercel/ai provider fixtures', () => {
  test('evaluateTrace({format: "auto"}) picks gemini for a raw response file', async () => {
    const traceFile = corpusPath('providers', 'vercel-ai-fixtures', 'google', 'google-tool-call.json');
    expect((await loadTraceFile(traceFile, 'auto')).format).toBe('gemini');
    const goldFile = join(mkdtempSync(join(tmpdir(), 'toolscore-gemini-')), 'gold.json');
    writeFileSync(goldFile, JSON.stringify([{ tool: 'weather', args: { location: 'San Francisco' } }]));
    expect((await evaluateTrace({ goldFile, traceFile, format: 'auto' })).score).toBe(1);
  });
});

describe('gemini: hand-written shapes the corpus lacks', () => {
  test('a single content object; a call without args has {} arguments', () => {
    const content = { role: 'model', parts: [{ text: 'ok' }, { functionCall: { name: 'refresh' } }] };
    expect(autoExtract(content)).toEqual({
      format: 'gemini',
      warnings: [],
      calls: [{ tool: 'refresh', args: {}, is_error: false, metadata: { format: 'functionCall' } }],
      replies: ['ok'],
    });
  });

  test('several candidates: the first is read; the others are alternatives (warning)', () => {
    const candidate = (city: string) => ({
      content: { role: 'model', parts: [{ functionCall: { name: 'w', args: { city } } }] },
    });
    const { calls, warnings } = read({ candidates: [candidate('A'), candidate('B')] });
    expect(calls.map((c) => c.args)).toEqual([{ city: 'A' }]);
    expect(warnings).toEqual([
      't at $.candidates: read the first of 2 candidates; the others are alternatives, not later steps',
    ]);
  });

  test('a blocked response (candidate without content) has no calls', () => {
    expect(autoExtract({ candidates: [{ finishReason: 'SAFETY', index: 0 }] })).toEqual({
      calls: [],
      format: 'gemini',
      warnings: [],
      replies: [null],
    });
  });

  test('a Google API error body is an error, not zero calls', () => {
    const body = { error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } };
    expect(() => autoExtract(body)).toThrow(
      /Gemini API error response \(INVALID_ARGUMENT\), not a trace: API key not valid\./,
    );
  });

  test('evaluate({actual: <raw generateContent response>}) scores the extracted calls', () => {
    const response = cassette('test_function_call_choice.json').interactions[0].response.body.json;
    const result = evaluate({
      expected: [
        { tool: 'get_current_weather', args: { location: 'San Francisco' } },
        { tool: 'get_current_weather', args: { location: 'New Delhi' } },
      ],
      actual: response,
    });
    expect(result.argumentF1).toBe(1);
    expect(result.selectionAccuracy).toBe(1);
  });
});
