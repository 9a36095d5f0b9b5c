import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { testReader } from '../../../test/reader-tester.js';
import { bedrockFormat, fromBedrock } from './bedrock.js';

function fixture(path: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../test/corpus/providers/${path}`, import.meta.url), 'utf8'));
}

function fixtureLines(path: string): unknown[] {
  return readFileSync(new URL(`../../../test/corpus/providers/${path}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

const TOOL_USE = { format: 'bedrock.toolUse', stop_reason: 'tool_use' };

const start = (id: string, name: string) => ({
  contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: id, name } } },
});
const delta = (input: string) => ({ contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input } } } });
const RETRY_TEXT = 'The country is not supported.\n\nFix the errors and try again.';
// The model (Nova) wrote its reasoning in <thinking> tags inside a plain text block: the text is what was recorded.
const RETRY_REPLY =
  '<thinking> To determine the capital of France, I can use the provided tool "get_capital". I will need to call this tool with the country "France" as the argument.</thinking>\n';
const RETRY_CALLS = [
  {
    tool: 'get_capital',
    args: { country: 'France' },
    id: 'tooluse_cp9RaRqnRi6yVdlxFBLxlQ',
    is_error: true,
    result: RETRY_TEXT,
    error: RETRY_TEXT,
    metadata: { format: 'bedrock.toolUse' },
  },
];

testReader(bedrockFormat, [
  {
    name: 'Converse messages of two user turns: a user message holding toolResult blocks returns results and is no turn',
    input: [
      { role: 'user', content: [{ text: 'Where is order 7?' }] },
      { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'track_order', input: { order_id: 7 } } }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 't1', content: [{ text: 'shipped' }] } }] },
      { role: 'user', content: [{ text: 'Refund it.' }] },
      { role: 'assistant', content: [{ toolUse: { toolUseId: 't2', name: 'refund_order', input: { order_id: 7 } } }] },
    ],
    calls: [
      {
        tool: 'track_order',
        args: { order_id: 7 },
        id: 't1',
        result: 'shipped',
        is_error: false,
        metadata: { format: 'bedrock.toolUse' },
        turn: 1,
      },
      {
        tool: 'refund_order',
        args: { order_id: 7 },
        id: 't2',
        is_error: false,
        metadata: { format: 'bedrock.toolUse' },
        turn: 2,
      },
    ],
    userMessages: ['Where is order 7?', 'Refund it.'],
    // The assistant only called tools: neither turn has a reply.
    replies: [null, null],
  },
  {
    name: 'Converse response (vercel/ai fixture): a toolUse block is a call with its toolUseId, input and the stop reason',
    input: () => fixture('vercel-ai/amazon-bedrock-tool-call.1.json'),
    calls: [{ tool: 'bash', args: { command: 'ls -l' }, id: 'tool-use-id', is_error: false, metadata: TOOL_USE }],
    replies: [null],
  },
  {
    name: 'Converse response (vercel/ai fixture): a text block beside a toolUse with an empty input',
    input: () => fixture('vercel-ai/amazon-bedrock-tool-no-args.json'),
    calls: [{ tool: 'updateIssueList', args: {}, id: 'tool-use-id', is_error: false, metadata: TOOL_USE }],
    replies: ["I'll update the issue list for you."],
  },
  {
    name: 'ConverseStream events (vercel/ai fixture): contentBlockStart opens the call, the contentBlockDelta input fragments are joined, messageStop gives the stop reason',
    input: () => fixtureLines('vercel-ai/amazon-bedrock-tool-call.1.chunks.jsonl'),
    calls: [
      { tool: 'test-tool', args: { value: 'Sparkle Day' }, id: 'tool-use-id', is_error: false, metadata: TOOL_USE },
    ],
    replies: [null],
  },
  {
    name: 'ConverseStream events: a stream cut before contentBlockStop keeps the call with a warning; two messages may reuse index 0',
    input: [
      start('a', 'ls'),
      delta('{"dir":"/"}'),
      { contentBlockStop: { contentBlockIndex: 0 } },
      { messageStop: { stopReason: 'tool_use' } },
      start('b', 'cat'),
      delta('{"path":"/x"'),
    ],
    calls: [
      { tool: 'ls', args: { dir: '/' }, id: 'a', is_error: false, metadata: TOOL_USE },
      {
        tool: 'cat',
        args: {},
        id: 'b',
        is_error: true,
        error: 'arguments are not valid JSON: {"path":"/x"',
        metadata: { format: 'bedrock.toolUse' },
      },
    ],
    warnings: [
      't at $[4].contentBlockStart.start: the stream ended before this call was complete; kept the arguments received so far',
      't at $[4].contentBlockStart.start.toolUse.input: arguments are not valid JSON; the call is read as failed, with no arguments',
    ],
  },
  {
    name: 'a recorded Converse request (pydantic-ai cassette): toolResult with status "error" marks the call failed',
    input: () => fixture('pydantic-ai/bedrock-converse-retry-request.json'),
    calls: RETRY_CALLS,
    replies: [RETRY_REPLY],
  },
  {
    name: 'the messages of that request alone give the same call',
    input: () => (fixture('pydantic-ai/bedrock-converse-retry-request.json') as { messages: unknown[] }).messages,
    calls: RETRY_CALLS,
    replies: [RETRY_REPLY],
  },
  {
    name: 'a {json} result block is its value; a success status leaves the call passing',
    input: [
      { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'lookup', input: { id: 7 } } }] },
      {
        role: 'user',
        content: [{ toolResult: { toolUseId: 't1', content: [{ json: { name: 'Ada' } }], status: 'success' } }],
      },
    ],
    calls: [
      {
        tool: 'lookup',
        args: { id: 7 },
        id: 't1',
        is_error: false,
        result: { name: 'Ada' },
        metadata: { format: 'bedrock.toolUse' },
      },
    ],
  },
]);

describe('bedrock: detection', () => {
  test('OpenAI and Anthropic shapes are not taken for Bedrock', () => {
    expect(bedrockFormat.detect({ choices: [{ message: { role: 'assistant', content: 'x' } }] })).toBe(false);
    expect(
      bedrockFormat.detect([{ role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'x', input: {} }] }]),
    ).toBe(false);
    expect(bedrockFormat.detect({ object: 'response', output: [] })).toBe(false);
  });
});

describe('fromBedrock: in memory', () => {
  test('a ConverseCommandOutput (with the SDK $metadata) gives its toolUse call; warnings go to onWarning', () => {
    const output = {
      $metadata: { httpStatusCode: 200, requestId: 'r-1', attempts: 1, totalRetryDelay: 0 },
      output: {
        message: {
          role: 'assistant',
          content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'bash', input: { command: 'ls -l' } } }, { oops: 1 }],
        },
      },
      stopReason: 'tool_use',
    };
    const warnings: string[] = [];
    expect(fromBedrock(output, { onWarning: (warning) => warnings.push(warning) })).toEqual([
      { tool: 'bash', args: { command: 'ls -l' }, id: 'tooluse_1', is_error: false, metadata: TOOL_USE },
    ]);
    // The unknown block is passed over with a warning of its kind; a reading with calls has no "found nothing" warning.
    expect(warnings).toEqual([
      'bedrock at $.output.message.content[1]: passed over a content block that is not a Converse block (an object with keys oops)',
    ]);
    expect(() => fromBedrock({ choices: [] })).toThrow(/^bedrock at \$: expected a Bedrock Converse response/);
  });
});
