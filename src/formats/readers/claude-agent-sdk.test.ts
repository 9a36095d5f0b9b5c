import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import { evaluate } from '../../evaluation/evaluate.js';
import type { ToolCall } from '../../core/types.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { autoExtract } from '../auto.js';
import { claudeAgentSDKFormat, fromClaudeAgentSDK } from './claude-agent-sdk.js';
import { detectFormat } from '../registry.js';

/*
 * The shared corpus has no Claude Agent SDK recording, so these messages are written by hand after
 * the SDK's documented message types (SDKSystemMessage, SDKAssistantMessage with a Messages API
 * `message`, SDKUserMessage carrying tool_result blocks, SDKResultMessage), including the SDK's habit
 * of sending one assistant message per content block of the same API message.
 */

const parse = readerFor(claudeAgentSDKFormat, 'test');

const session = 'c3b4f1de-5a0e-4a57-9d1b-8a3f2c1e0b77';
const assistant = (id: string, content: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'assistant',
  uuid: `u-${id}-${JSON.stringify(content).length}`,
  session_id: session,
  parent_tool_use_id: null,
  message: {
    id,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5-20250929',
    content,
    stop_reason: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  },
  ...extra,
});
const user = (content: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'user',
  uuid: `u-user-${JSON.stringify(content).length}`,
  session_id: session,
  parent_tool_use_id: null,
  message: { role: 'user', content },
  ...extra,
});

/** A `query()` run: read a file, run the tests (which fail), grep through an MCP server, then summarize. */
const RUN = [
  {
    type: 'system',
    subtype: 'init',
    session_id: session,
    cwd: '/repo',
    model: 'claude-sonnet-4-5-20250929',
    tools: ['Read', 'Bash', 'Grep', 'mcp__github__search_issues'],
    permissionMode: 'default',
  },
  assistant('msg_01', [{ type: 'text', text: 'Let me look at the failing test.' }]),
  assistant('msg_01', [{ type: 'tool_use', id: 'toolu_01A', name: 'Read', input: { file_path: '/repo/src/sum.ts' } }]),
  user([{ type: 'tool_result', tool_use_id: 'toolu_01A', content: 'export const sum = (a, b) => a - b;' }], {
    tool_use_result: { type: 'text', file: { filePath: '/repo/src/sum.ts' } },
  }),
  assistant('msg_02', [
    { type: 'tool_use', id: 'toolu_02B', name: 'Bash', input: { command: 'npm test', description: 'Run the tests' } },
  ]),
  user([
    {
      type: 'tool_result',
      tool_use_id: 'toolu_02B',
      content: [{ type: 'text', text: 'FAIL src/sum.test.ts\n  expected 3, got -1' }],
      is_error: true,
    },
  ]),
  assistant('msg_03', [
    { type: 'tool_use', id: 'toolu_03C', name: 'mcp__github__search_issues', input: { q: 'sum negative' } },
  ]),
  user([
    {
      type: 'tool_result',
      tool_use_id: 'toolu_03C',
      content: [{ type: 'text', text: '{"total_count": 1, "items": [{"number": 42}]}' }],
    },
  ]),
  assistant('msg_04', [{ type: 'text', text: 'The sum function subtracts; issue #42 tracks it.' }]),
  {
    type: 'result',
    subtype: 'success',
    session_id: session,
    duration_ms: 18234,
    duration_api_ms: 9120,
    is_error: false,
    num_turns: 4,
    result: 'The sum function subtracts; issue #42 tracks it.',
    total_cost_usd: 0.0421,
    usage: { input_tokens: 3200, output_tokens: 410 },
    permission_denials: [],
  },
];

const RUN_CALLS: ToolCall[] = [
  {
    tool: 'Read',
    args: { file_path: '/repo/src/sum.ts' },
    id: 'toolu_01A',
    result: 'export const sum = (a, b) => a - b;',
    is_error: false,
  },
  {
    tool: 'Bash',
    args: { command: 'npm test', description: 'Run the tests' },
    id: 'toolu_02B',
    is_error: true,
    error: 'FAIL src/sum.test.ts\n  expected 3, got -1',
  },
  // Text that holds JSON is read as JSON, as every adapter reads tool results.
  {
    tool: 'mcp__github__search_issues',
    args: { q: 'sum negative' },
    id: 'toolu_03C',
    result: { total_count: 1, items: [{ number: 42 }] },
    is_error: false,
  },
];

const dir = mkdtempSync(join(tmpdir(), 'toolscore-claude-'));
function file(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

testReader(claudeAgentSDKFormat, [
  {
    name: 'streaming input of two user prompts: each call marked with its turn; a user message of tool results is none',
    input: [
      {
        type: 'user',
        message: { role: 'user', content: 'Where is order 7?' },
        session_id: 's',
        parent_tool_use_id: null,
      },
      {
        type: 'assistant',
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'tu1', name: 'track_order', input: { order_id: 7 } }],
        },
        session_id: 's',
        parent_tool_use_id: null,
      },
      {
        type: 'user',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu1', content: 'shipped' }] },
        session_id: 's',
        parent_tool_use_id: null,
      },
      {
        type: 'user',
        message: { role: 'user', content: [{ type: 'text', text: 'Refund it.' }] },
        session_id: 's',
        parent_tool_use_id: null,
      },
      {
        type: 'assistant',
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'tu2', name: 'refund_order', input: { order_id: 7 } }],
        },
        session_id: 's',
        parent_tool_use_id: null,
      },
    ],
    calls: [
      { tool: 'track_order', args: { order_id: 7 }, id: 'tu1', result: 'shipped', is_error: false, turn: 1 },
      { tool: 'refund_order', args: { order_id: 7 }, id: 'tu2', is_error: false, turn: 2 },
    ],
    userMessages: ['Where is order 7?', 'Refund it.'],
    // The assistant only called tools, and no result message closes the run.
    replies: [null, null],
  },
  {
    name: 'tool_use blocks are calls, tool_result blocks their results (is_error: failure); system and result messages add nothing to calls',
    input: RUN,
    calls: RUN_CALLS,
    // msg_04's text (the result message repeats it); the opening "Let me look at the failing test." is not the last.
    replies: ['The sum function subtracts; issue #42 tracks it.'],
  },
  {
    name: 'the run as {messages: [...]}',
    input: { messages: RUN },
    calls: RUN_CALLS,
    replies: ['The sum function subtracts; issue #42 tracks it.'],
  },
  {
    name: 'an empty tool name is skipped with a warning, input given as JSON text that is not valid fails its call, with a warning',
    input: [
      assistant('m', [
        { type: 'tool_use', id: 'a', name: '', input: {} },
        { type: 'tool_use', id: 'b', name: 'Bash', input: '{"command": ls' },
      ]),
      user([{ type: 'tool_result', tool_use_id: 'a', content: 'x' }]),
    ],
    calls: [{ tool: 'Bash', args: {}, id: 'b', is_error: true, error: 'arguments are not valid JSON: {"command": ls' }],
    warnings: [
      't at $[0].message.content[0]: skipped a call with no tool name',
      't at $[0].message.content[1].input: arguments are not valid JSON; the call is read as failed, with no arguments',
    ],
  },
  {
    name: 'data that is not SDK messages is an error under --format claude-agent-sdk',
    input: { candidates: [] },
    error: /expected a list of Claude Agent SDK messages/,
  },
  {
    name: 'another format (Anthropic messages) read with --format claude-agent-sdk is an error, not zero calls',
    input: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] }],
    error: /expected a list of Claude Agent SDK messages/,
  },
  {
    name: 'parallel tool uses sent as one assistant message per block, and a block repeated under its id, count once each',
    input: [
      assistant('msg_09', [{ type: 'tool_use', id: 't1', name: 'Glob', input: { pattern: '**/*.ts' } }]),
      assistant('msg_09', [{ type: 'tool_use', id: 't2', name: 'Grep', input: { pattern: 'TODO' } }]),
      assistant('msg_09', [
        { type: 'tool_use', id: 't1', name: 'Glob', input: { pattern: '**/*.ts' } },
        { type: 'tool_use', id: 't2', name: 'Grep', input: { pattern: 'TODO' } },
      ]),
      user([
        { type: 'tool_result', tool_use_id: 't2', content: 'src/a.ts:3: TODO' },
        { type: 'tool_result', tool_use_id: 't1', content: 'src/a.ts' },
      ]),
    ],
    calls: [
      { tool: 'Glob', args: { pattern: '**/*.ts' }, id: 't1', result: 'src/a.ts', is_error: false },
      { tool: 'Grep', args: { pattern: 'TODO' }, id: 't2', result: 'src/a.ts:3: TODO', is_error: false },
    ],
  },
  {
    name: 'subagent calls (parent_tool_use_id) are kept and marked; permission denials in the result message fail their call',
    input: [
      assistant('msg_10', [
        {
          type: 'tool_use',
          id: 'task_1',
          name: 'Task',
          input: { description: 'Find config', prompt: 'Find the config file', subagent_type: 'Explore' },
        },
      ]),
      assistant('msg_11', [{ type: 'tool_use', id: 'sub_1', name: 'Glob', input: { pattern: '*.config.*' } }], {
        parent_tool_use_id: 'task_1',
      }),
      user([{ type: 'tool_result', tool_use_id: 'sub_1', content: 'vite.config.ts' }], {
        parent_tool_use_id: 'task_1',
      }),
      user([{ type: 'tool_result', tool_use_id: 'task_1', content: [{ type: 'text', text: 'It is vite.config.ts' }] }]),
      assistant('msg_12', [
        { type: 'tool_use', id: 'w_1', name: 'Write', input: { file_path: '/etc/hosts', content: '' } },
      ]),
      user([
        {
          type: 'tool_result',
          tool_use_id: 'w_1',
          content: "Claude requested permissions to write to /etc/hosts, but you haven't granted it yet.",
          is_error: true,
        },
      ]),
      {
        type: 'result',
        subtype: 'success',
        is_error: false,
        duration_ms: 900,
        total_cost_usd: 0.01,
        num_turns: 3,
        result: 'ok',
        permission_denials: [{ tool_name: 'Write', tool_use_id: 'w_1', tool_input: { file_path: '/etc/hosts' } }],
      },
    ],
    calls: [
      {
        tool: 'Task',
        args: { description: 'Find config', prompt: 'Find the config file', subagent_type: 'Explore' },
        id: 'task_1',
        result: 'It is vite.config.ts',
        is_error: false,
      },
      {
        tool: 'Glob',
        args: { pattern: '*.config.*' },
        id: 'sub_1',
        result: 'vite.config.ts',
        is_error: false,
        metadata: { parent_tool_use_id: 'task_1' },
      },
      {
        tool: 'Write',
        args: { file_path: '/etc/hosts', content: '' },
        id: 'w_1',
        is_error: true,
        error: "Claude requested permissions to write to /etc/hosts, but you haven't granted it yet.",
        metadata: { permission_denied: true },
      },
    ],
    // No assistant text: the successful result message's `result` is the run's final text.
    replies: ['ok'],
  },
  {
    name: 'session transcripts: the ISO timestamp of the message becomes the call timestamp; server tool uses are marked',
    input: [
      {
        ...assistant('msg_20', [
          { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'vitest 4' } },
          {
            type: 'web_search_tool_result',
            tool_use_id: 'srvtoolu_1',
            content: [{ type: 'web_search_result', url: 'https://vitest.dev', title: 'Vitest' }],
          },
        ]),
        timestamp: '2026-03-01T10:00:00.500Z',
      },
    ],
    calls: [
      {
        tool: 'web_search',
        args: { query: 'vitest 4' },
        id: 'srvtoolu_1',
        result: [{ type: 'web_search_result', url: 'https://vitest.dev', title: 'Vitest' }],
        is_error: false,
        timestamp: Date.parse('2026-03-01T10:00:00.500Z') / 1000,
        metadata: { block_type: 'server_tool_use' },
      },
    ],
  },
  {
    name: 'a run without tool use has no calls',
    input: [assistant('m', [{ type: 'text', text: 'Hello' }])],
    calls: [],
    replies: ['Hello'],
  },
]);

describe('claude-agent-sdk: query() message lists', () => {
  test("the run's total duration and cost stay off the calls", () => {
    expect(parse(RUN).calls.every((call) => call.duration === undefined && call.cost === undefined)).toBe(true);
  });

  test('auto-detected as claude-agent-sdk, also as {messages: [...]}; the same blocks in Anthropic messages stay anthropic', () => {
    expect(detectFormat(RUN)).toBe('claude-agent-sdk');
    expect(detectFormat({ messages: RUN })).toBe('claude-agent-sdk');
    const anthropic = RUN.filter((m) => m.type === 'assistant' || m.type === 'user').map(
      (m) => (m as { message: unknown }).message,
    );
    expect(detectFormat(anthropic)).toBe('anthropic');
  });

  test('evaluate({actual: messages}) and evaluateTrace({format: "auto"}) read the run', async () => {
    const expected = [
      { tool: 'Read', args: { file_path: '/repo/src/sum.ts' } },
      { tool: 'Bash', args: { command: 'npm test' } },
      { tool: 'mcp__github__search_issues' },
    ];
    const inMemory = evaluate({ expected, actual: RUN });
    expect(autoExtract(RUN).format).toBe('claude-agent-sdk');
    expect(inMemory.traceCalls).toEqual(RUN_CALLS);
    expect(inMemory.selectionAccuracy).toBe(1);
    const fromFile = await evaluateTrace({
      goldFile: file('gold.json', expected),
      traceFile: file('run.json', RUN),
      format: 'auto',
    });
    expect(fromFile.traceCalls).toEqual(RUN_CALLS);
    expect(fromFile.score).toBe(inMemory.score);
    expect(fromClaudeAgentSDK(RUN)).toEqual(RUN_CALLS);
  });
});

test('a run that ended before any tool use (only system and result messages) has no calls', () => {
  expect(
    parse([
      { type: 'system', subtype: 'init' },
      { type: 'result', subtype: 'error_max_turns', is_error: true },
    ]).calls,
  ).toEqual([]);
});

describe('claude-agent-sdk: messages of the Python SDK, dumped', () => {
  // adamthuvesen/counterfact's fixture (test/corpus/SOURCES.md): one {"messages": [...]} run a
  // line, messages and blocks tagged with their Python classes; expected calls written by reading it.
  const runs = readFileSync(
    new URL('../../../test/corpus/agents/counterfact/claude-agent-sdk-python-minimal.jsonl', import.meta.url),
    'utf8',
  )
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);

  test('AssistantMessage / ToolUseBlock dumps tagged with __type__ are detected and read; text and result messages add no calls', () => {
    expect(detectFormat(runs[0])).toBe('claude-agent-sdk');
    expect(parse(runs[0])).toEqual({
      calls: [{ tool: 'read_file', args: { path: 'src/foo.py' }, id: 'tu_1', is_error: false }],
      warnings: [],
    });
    expect(parse(runs[1]).calls).toEqual([
      { tool: 'run_tests', args: { path: 'tests/' }, id: 'tu_a', is_error: false },
    ]);
    // Each run's TextBlock after its tool use; the second run's error ResultMessage repeats it and counts for nothing.
    expect(autoExtract(runs[0]).replies).toEqual(['Looks good — function is correct.']);
    expect(autoExtract(runs[1]).replies).toEqual(['I cannot resolve the failure.']);
  });

  // Written after the SDK's dataclasses (AssistantMessage(content, model), UserMessage(content), ToolResultBlock).
  test('untagged dumps and the {"type": "AssistantMessage"} variant: blocks recognised by their fields, tool results joined by tool_use_id', () => {
    const messages = [
      {
        type: 'AssistantMessage',
        model: 'claude-sonnet-4-5',
        content: [{ text: 'Running it.' }, { id: 'toolu_1', name: 'Bash', input: { command: 'make' } }],
      },
      {
        content: [{ tool_use_id: 'toolu_1', content: 'make: *** No targets.', is_error: true }],
        parent_tool_use_id: null,
      },
      {
        content: [{ id: 'toolu_2', name: 'Read', input: { file_path: 'Makefile' } }],
        model: 'claude-sonnet-4-5',
        parent_tool_use_id: null,
      },
      { content: [{ tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'all: build' }], is_error: null }] },
    ];
    expect(detectFormat(messages)).toBe('claude-agent-sdk');
    expect(parse(messages).calls).toEqual([
      { tool: 'Bash', args: { command: 'make' }, id: 'toolu_1', is_error: true, error: 'make: *** No targets.' },
      { tool: 'Read', args: { file_path: 'Makefile' }, id: 'toolu_2', is_error: false, result: 'all: build' },
    ]);
    expect(autoExtract(messages).replies).toEqual(['Running it.']);
  });
});
