import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { testReader } from '../../../test/reader-tester.js';
import type { ToolCall } from '../../core/types.js';
import { autoExtract } from '../auto.js';
import { cohereFormat, fromCohere } from './cohere.js';
import { openaiFormat } from './openai.js';
import { detectFormat } from '../registry.js';

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

/** The two calls of the vercel/ai fixtures (the response and the stream were recorded apart, so their ids differ). */
function sanFranciscoCalls(weatherId: string, attractionsId: string): ToolCall[] {
  return [
    { tool: 'weather', args: { location: 'San Francisco' }, id: weatherId, is_error: false, metadata: TOOL_CALL },
    {
      tool: 'cityAttractions',
      args: { city: 'San Francisco' },
      id: attractionsId,
      is_error: false,
      metadata: TOOL_CALL,
    },
  ];
}

/** The openllmetry recordings' two calls: in the response, and with their results in the next request's history. */
const TOKYO_CALLS: ToolCall[] = [
  { tool: 'get_time', args: { location: 'Tokyo' }, id: 'get_time_dp3men9jrvhf', is_error: false, metadata: TOOL_CALL },
  {
    tool: 'get_weather',
    args: { location: 'Tokyo' },
    id: 'get_weather_d7arjgsc96yf',
    is_error: false,
    metadata: TOOL_CALL,
  },
];
const HISTORY_CALLS: ToolCall[] = TOKYO_CALLS.map((call, i) => ({
  ...call,
  result: ['4:20 PM', 'Sunny 20 degrees Celsius'][i],
  metadata: { format: 'cohere.tool_call' },
}));

testReader(cohereFormat, [
  {
    name: 'a history of two user turns (text or text parts): each call marked with the turn it answers',
    input: [
      { role: 'user', content: 'Where is order 7?' },
      {
        role: 'assistant',
        tool_plan: 'I will track the order.',
        tool_calls: [{ id: 'k1', type: 'function', function: { name: 'track_order', arguments: '{"order_id": 7}' } }],
      },
      { role: 'tool', tool_call_id: 'k1', content: [{ type: 'text', text: 'shipped' }] },
      { role: 'user', content: [{ type: 'text', text: 'Refund it.' }] },
      {
        role: 'assistant',
        tool_plan: 'I will refund the order.',
        tool_calls: [{ id: 'k2', type: 'function', function: { name: 'refund_order', arguments: '{"order_id": 7}' } }],
      },
    ],
    calls: [
      {
        tool: 'track_order',
        args: { order_id: 7 },
        id: 'k1',
        result: 'shipped',
        is_error: false,
        metadata: { format: 'cohere.tool_call' },
        turn: 1,
      },
      {
        tool: 'refund_order',
        args: { order_id: 7 },
        id: 'k2',
        is_error: false,
        metadata: { format: 'cohere.tool_call' },
        turn: 2,
      },
    ],
    userMessages: ['Where is order 7?', 'Refund it.'],
    // A tool_plan is the model thinking aloud before its calls, no reply.
    replies: [null, null],
  },
  {
    name: 'v2 response (vercel/ai fixture): two tool_calls with JSON-text arguments, in order, with their ids',
    input: () => fixture('vercel-ai/cohere-tool-call.json'),
    calls: sanFranciscoCalls('weather_dqgshstja6p9', 'cityAttractions_dcxfx4myvx68'),
    // The message has a tool_plan ("I will use the weather tool ...") and no content.
    replies: [null],
  },
  {
    name: 'v2 response (openllmetry cassette): a command-r response calling get_time then get_weather',
    input: () => fixture('cohere/openllmetry-v2-chat-tool-calls-response.json'),
    calls: TOKYO_CALLS,
    replies: [null],
  },
  {
    name: 'v2 stream events (vercel/ai fixture): tool-call-start opens each call, tool-call-delta fragments are joined per index',
    input: () => fixtureLines('vercel-ai/cohere-tool-call.chunks.jsonl'),
    calls: sanFranciscoCalls('weather_e8p4pn45zt0t', 'cityAttractions_pyxssbwnq9fq'),
    // tool-plan-delta events only, no content-delta.
    replies: [null],
  },
  {
    name: 'history (openllmetry cassette request): role "tool" replies joined by tool_call_id; without tool_plan it is detected as openai',
    input: () => fixture('cohere/openllmetry-v2-chat-tool-calls-history-request.json'),
    detected: 'openai',
    calls: HISTORY_CALLS,
    // The assistant message's content is null; the history ends on the tool messages.
    replies: [null],
  },
  {
    name: 'document tool content and a tool_plan make it Cohere: document data is parsed, an error object marks the call failed',
    input: [
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
    ],
    calls: [
      {
        tool: 'weather',
        args: { city: 'Oslo' },
        id: 'w1',
        is_error: true,
        result: { error: 'city not found' },
        error: 'city not found',
        metadata: { format: 'cohere.tool_call' },
      },
    ],
  },
  {
    name: 'several document parts (one per result, as the Cohere guides build them) are kept as a list of their parsed data',
    input: [
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
    ],
    calls: [
      {
        tool: 'search',
        args: { q: 'euro 2024' },
        id: 's1',
        is_error: false,
        result: [{ title: 'Spain win' }, 'plain text'],
        metadata: { format: 'cohere.tool_call' },
      },
    ],
  },
]);

describe('cohere: v2 chat histories', () => {
  test("a history in OpenAI's shape is read by auto as openai, with the same calls and results", () => {
    const request = fixture('cohere/openllmetry-v2-chat-tool-calls-history-request.json');
    expect(autoExtract(request).calls.map(({ tool, args, id, result }) => ({ tool, args, id, result }))).toEqual(
      HISTORY_CALLS.map(({ tool, args, id, result }) => ({ tool, args, id, result })),
    );
  });

  test("a Cohere history with a tool_plan has OpenAI's shape too, but detection gives it to cohere", () => {
    const messages = [
      {
        role: 'assistant',
        tool_plan: 'x',
        tool_calls: [{ id: 'w1', type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
    ];
    expect(openaiFormat.detect(messages)).toBe(true);
    expect(detectFormat(messages)).toBe('cohere');
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

describe('fromCohere: in memory', () => {
  test("the client's ChatResponse (openllmetry recording): both calls; another shape is an error naming cohere", () => {
    const response = fixture('cohere/openllmetry-v2-chat-tool-calls-response.json');
    expect(fromCohere(response)).toEqual(TOKYO_CALLS);
    expect(() => fromCohere({ candidates: [] })).toThrow(/^cohere at \$: expected a Cohere v2 chat response/);
  });
});
