import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import type { ToolCall } from '../../core/types.js';
import { loadTraceFile } from '../../io/trace.js';
import { fromPydanticAI, pydanticAIFormat } from './pydantic-ai.js';
import { readWithFormat } from '../auto.js';
import { detectFormat } from '../registry.js';

const parse = readerFor(pydanticAIFormat);

const DUMP_URL = new URL(
  '../../../test/corpus/frameworks/pydantic-ai/strands-fork-gemini-dice-roll.messages.json',
  import.meta.url,
);
const DUMP: unknown = JSON.parse(readFileSync(DUMP_URL, 'utf8'));

/**
 * Read off the file (a gemini-1.5-flash run's `all_messages_json()`): three responses of one
 * `tool-call` each (args objects), each answered by a `tool-return` in the next request; the
 * calls take their response's timestamp. get_player_name returned `null`, so it has no result.
 */
const DUMP_CALLS: ToolCall[] = [
  {
    tool: 'roll_dice',
    args: {},
    id: 'pyd_ai_6c8e6f11c43d49b09d5f3720fd4d5a7e',
    timestamp: 1758059080.144,
    result: '2',
    is_error: false,
  },
  {
    tool: 'get_player_name',
    args: {},
    id: 'pyd_ai_4f3022da34c24d5b8d34fb7ba49a9ffb',
    timestamp: 1758059080.689,
    is_error: false,
  },
  {
    tool: 'final_result',
    args: { player_name: 'Mickey', result: '2' },
    id: 'pyd_ai_fffb29090909493a86bbfe4dc12d65fd',
    timestamp: 1758059081.298,
    result: 'Final result processed.',
    is_error: false,
  },
];

/**
 * Read off pydantic-ai's own Mistral test run (`mistral-tool-call-retry.messages.json`): the first
 * get_location call passes its arguments as a JSON string and is answered by a retry prompt (the tool
 * raised ModelRetry), so it failed with that text; the second is answered by a tool-return whose JSON
 * text is read as its value. Both take their response's timestamp, 2024-01-01T00:00:00Z.
 */
const RETRY_URL = new URL(
  '../../../test/corpus/frameworks/pydantic-ai/mistral-tool-call-retry.messages.json',
  import.meta.url,
);
const RETRY_CALLS: ToolCall[] = [
  {
    tool: 'get_location',
    args: { loc_name: 'San Fransisco' },
    id: '1',
    timestamp: 1704067200,
    is_error: true,
    error: 'Wrong location, please try again',
  },
  {
    tool: 'get_location',
    args: { loc_name: 'London' },
    id: '2',
    timestamp: 1704067200,
    result: { lat: 51, lng: 0 },
    is_error: false,
  },
];

const response = (...parts: unknown[]) => ({ kind: 'response', parts, timestamp: '2026-01-01T00:00:00Z' });
const request = (...parts: unknown[]) => ({ kind: 'request', parts });

const AT = 1767225600;

testReader(pydanticAIFormat, [
  {
    name: 'requests with user prompts are turns; a request of tool returns is not',
    input: [
      { kind: 'request', parts: [{ part_kind: 'user-prompt', content: 'Where is order 7?' }] },
      {
        kind: 'response',
        parts: [{ part_kind: 'tool-call', tool_name: 'track_order', args: { order_id: 7 }, tool_call_id: 'p1' }],
      },
      {
        kind: 'request',
        parts: [{ part_kind: 'tool-return', tool_name: 'track_order', content: 'shipped', tool_call_id: 'p1' }],
      },
      {
        kind: 'request',
        parts: [
          {
            part_kind: 'user-prompt',
            content: ['Refund it.', { kind: 'image-url', url: 'https://example.com/box.png' }],
          },
        ],
      },
      {
        kind: 'response',
        parts: [{ part_kind: 'tool-call', tool_name: 'refund_order', args: { order_id: 7 }, tool_call_id: 'p2' }],
      },
    ],
    calls: [
      { tool: 'track_order', args: { order_id: 7 }, id: 'p1', result: 'shipped', is_error: false, turn: 1 },
      { tool: 'refund_order', args: { order_id: 7 }, id: 'p2', is_error: false, turn: 2 },
    ],
    userMessages: ['Where is order 7?', 'Refund it.'],
  },
  {
    name: 'a real all_messages() dump is Pydantic AI, not Gemini, and reads its call and result',
    input: DUMP,
    calls: DUMP_CALLS,
  },
  {
    name: "pydantic-ai's own run: JSON-string arguments, and a retry prompt that marks its call failed",
    input: () => JSON.parse(readFileSync(RETRY_URL, 'utf8')),
    calls: RETRY_CALLS,
  },
  {
    name: 'a retry-prompt answering a call marks it failed, its content (or the validation errors) the error',
    input: [
      request({ part_kind: 'user-prompt', content: 'weather in Paris?' }),
      response(
        { part_kind: 'tool-call', tool_name: 'weather', args: { town: 'Paris' }, tool_call_id: 'c1' },
        { part_kind: 'tool-call', tool_name: 'clock', args: null, tool_call_id: 'c2' },
      ),
      request(
        {
          part_kind: 'retry-prompt',
          tool_name: 'weather',
          tool_call_id: 'c1',
          content: [{ type: 'missing', loc: ['city'], msg: 'Field required', input: { town: 'Paris' } }],
        },
        { part_kind: 'retry-prompt', tool_name: 'clock', tool_call_id: 'c2', content: 'clock is down, try later' },
      ),
      response({ part_kind: 'tool-call', tool_name: 'weather', args: '{"city": "Paris"}', tool_call_id: 'c3' }),
      request({ part_kind: 'tool-return', tool_name: 'weather', content: { temp: 21 }, tool_call_id: 'c3' }),
      response({ part_kind: 'tool-call', tool_name: 'final_result', args: { answer: 'warm' }, tool_call_id: 'c4' }),
      request({ part_kind: 'retry-prompt', content: 'answer must be a number' }),
    ],
    calls: [
      { tool: 'weather', args: { town: 'Paris' }, id: 'c1', timestamp: AT, error: 'Field required', is_error: true },
      { tool: 'clock', args: {}, id: 'c2', timestamp: AT, error: 'clock is down, try later', is_error: true },
      { tool: 'weather', args: { city: 'Paris' }, id: 'c3', timestamp: AT, result: { temp: 21 }, is_error: false },
      { tool: 'final_result', args: { answer: 'warm' }, id: 'c4', timestamp: AT, is_error: false },
    ],
  },
  {
    name: 'what is not a Pydantic AI message is an error naming the entry and the shape, not zero calls',
    input: [{ role: 'user', parts: [{ text: 'hi' }] }],
    error:
      't at $[0]: expected a Pydantic AI message ({"kind": "request" | "response", "parts": [...]}), got an object with keys role, parts',
  },
  {
    name: 'a message list holding a text names it',
    input: { messages: [{ kind: 'request', parts: [] }, 'hi'] },
    error:
      't at $.messages[1]: expected a Pydantic AI message ({"kind": "request" | "response", "parts": [...]}), got a string',
  },
  {
    name: 'an object of another shape names the shapes expected',
    input: { history: [] },
    error:
      't at $: expected Pydantic AI messages (a list of {"kind": "request" | "response", "parts": [...]}, one message or {"messages": [...]}), got an object with keys history',
  },
]);

describe('Pydantic AI message histories', () => {
  test("pydantic-ai's own run read from its file gives the calls the reader gives", async () => {
    expect((await loadTraceFile(RETRY_URL.pathname)).calls).toEqual(RETRY_CALLS);
  });

  test('the dump as a file, auto-detected, and one message a line as JSON Lines', async () => {
    expect((await loadTraceFile(DUMP_URL.pathname)).calls).toEqual(DUMP_CALLS);
    const path = join(mkdtempSync(join(tmpdir(), 'toolscore-pydantic-')), 'run.jsonl');
    writeFileSync(path, `${(DUMP as unknown[]).map((message) => JSON.stringify(message)).join('\n')}\n`);
    const loaded = await loadTraceFile(path);
    expect(loaded.format).toBe('pydantic-ai');
    expect(loaded.calls).toEqual(DUMP_CALLS);
  });

  test('builtin tool calls are kept and marked; {messages} and one message are read; a result for no call is a warning', () => {
    const messages = [
      response(
        {
          part_kind: 'builtin-tool-call',
          tool_name: 'web_search',
          args: { query: 'x' },
          tool_call_id: 'b1',
          provider_name: 'openai',
        },
        { part_kind: 'builtin-tool-return', tool_name: 'web_search', content: 'found', tool_call_id: 'b1' },
      ),
      request({ part_kind: 'tool-return', tool_name: 'ghost', content: 'boo', tool_call_id: 'nope' }),
    ];
    expect(fromPydanticAI({ messages })).toEqual([
      {
        tool: 'web_search',
        args: { query: 'x' },
        id: 'b1',
        timestamp: 1767225600,
        result: 'found',
        is_error: false,
        metadata: { builtin: true },
      },
    ]);
    expect(parse(messages[1]).warnings).toEqual([
      't at $.parts[0]: a tool result for call id "nope" matches no tool call; it was ignored',
    ]);
  });

  test('a Gemini content list is left to gemini', () => {
    expect(detectFormat([{ role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] }])).toBe('gemini');
  });
});

describe('an empty Pydantic AI history', () => {
  test('[] and {"messages": []} are no calls (a run that has not started), not the wrong type', () => {
    expect(fromPydanticAI([])).toEqual([]);
    expect(fromPydanticAI({ messages: [] })).toEqual([]);
    expect(readWithFormat({ messages: [] }, 'pydantic-ai', 't')).toEqual({
      calls: [],
      format: 'pydantic-ai',
      warnings: [],
      replies: [null],
    });
  });

  test('auto-detection does not claim them: [] stays custom', () => {
    expect(detectFormat([])).toBe('custom');
    expect(detectFormat({ messages: [] })).not.toBe('pydantic-ai');
  });
});
