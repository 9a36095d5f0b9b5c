import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import { codexFormat, fromCodex } from './codex.js';
import { readWithAdapter } from '../auto.js';
import { detectFormat } from '../registry.js';

/*
 * Real Codex CLI rollouts (test/corpus/SOURCES.md): an excerpt of a codemie-ai/codemie-code
 * test rollout (whole lines, in their order: an update_plan call, an apply_patch custom tool call, an
 * npm test started with exec_command whose exec_command_end reports exit code 1 while write_stdin
 * polls it), and the rollout sample of yoavf/ai-sessions. Expected calls written by reading the files.
 */

function jsonl(path: string): unknown[] {
  return readFileSync(new URL(`../../../test/corpus/agents/${path}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

const parse = readerFor(codexFormat, 'rollout.jsonl');
const at = (iso: string) => Date.parse(iso) / 1000;
const rollout = jsonl('codemie-code/rollout-2026-05-11T11-26-55-excerpt.jsonl');

const line = (type: string, payload: Record<string, unknown>, second = 0) => ({
  timestamp: `2025-06-01T10:00:0${second}.000Z`,
  type,
  payload,
});

testReader(codexFormat, [
  {
    // Written after codex-rs's protocol: what the user typed is also a user_message event.
    name: "two user_message events are two turns; the user message items beside them (Codex's injected context too) are not counted again",
    input: [
      line('response_item', {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: '<environment_context>cwd</environment_context>' }],
      }),
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'list files' }] }),
      line('event_msg', { type: 'user_message', message: 'list files' }),
      line(
        'response_item',
        { type: 'function_call', name: 'shell', arguments: '{"command": ["ls"]}', call_id: 'c1' },
        1,
      ),
      line('response_item', { type: 'function_call_output', call_id: 'c1', output: 'a.txt' }, 2),
      line(
        'response_item',
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'show a.txt' }] },
        3,
      ),
      line('event_msg', { type: 'user_message', message: 'show a.txt' }, 3),
      line(
        'response_item',
        { type: 'function_call', name: 'shell', arguments: '{"command": ["cat", "a.txt"]}', call_id: 'c2' },
        4,
      ),
    ],
    calls: [
      {
        tool: 'shell',
        args: { command: ['ls'] },
        id: 'c1',
        result: 'a.txt',
        is_error: false,
        timestamp: at('2025-06-01T10:00:01.000Z'),
        duration: 1,
        metadata: { format: 'codex.function_call' },
        turn: 1,
      },
      {
        tool: 'shell',
        args: { command: ['cat', 'a.txt'] },
        id: 'c2',
        is_error: false,
        timestamp: at('2025-06-01T10:00:04.000Z'),
        metadata: { format: 'codex.function_call' },
        turn: 2,
      },
    ],
    userMessages: ['list files', 'show a.txt'],
    replies: [null, null],
  },
  {
    name: 'an older rollout without user_message events: its user message items are the turns, the injected context left out',
    input: [
      line('response_item', {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: '<user_instructions>be terse</user_instructions>' }],
      }),
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'list files' }] }),
      line(
        'response_item',
        { type: 'function_call', name: 'shell', arguments: '{"command": ["ls"]}', call_id: 'c1' },
        1,
      ),
      line(
        'response_item',
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'show a.txt' }] },
        3,
      ),
      line(
        'response_item',
        { type: 'function_call', name: 'shell', arguments: '{"command": ["cat", "a.txt"]}', call_id: 'c2' },
        4,
      ),
    ],
    calls: [
      {
        tool: 'shell',
        args: { command: ['ls'] },
        id: 'c1',
        is_error: false,
        timestamp: at('2025-06-01T10:00:01.000Z'),
        metadata: { format: 'codex.function_call' },
        turn: 1,
      },
      {
        tool: 'shell',
        args: { command: ['cat', 'a.txt'] },
        id: 'c2',
        is_error: false,
        timestamp: at('2025-06-01T10:00:04.000Z'),
        metadata: { format: 'codex.function_call' },
        turn: 2,
      },
    ],
    userMessages: ['list files', 'show a.txt'],
    replies: [null, null],
  },
  {
    name: 'the ai-sessions sample: a shell function call whose output is JSON text',
    input: () => jsonl('ai-sessions/codex-rollout-sample.jsonl'),
    calls: [
      {
        tool: 'shell',
        args: { command: ['ls'] },
        id: 'call_002',
        result: { output: 'file1.txt\nfile2.txt' },
        is_error: false,
        timestamp: at('2024-01-01T10:00:04.000Z'),
        duration: 1,
        metadata: { format: 'codex.function_call' },
      },
    ],
    // Its only other item is a reasoning summary ("Checking directory"), no reply.
    replies: [null],
  },
  {
    // Shapes the fixtures do not have, written after codex-rs's protocol types.
    name: 'local_shell_call is a call named shell; a non-zero exit_code in the output metadata, an older {content, success: false} payload and a failed patch are failures',
    input: [
      line(
        'response_item',
        {
          type: 'local_shell_call',
          call_id: 'c1',
          status: 'completed',
          action: { type: 'exec', command: ['ls', '-la'], timeout_ms: 5000 },
        },
        0,
      ),
      line(
        'response_item',
        {
          type: 'function_call_output',
          call_id: 'c1',
          output: '{"output":"ls: x: No such file","metadata":{"exit_code":2,"duration_seconds":0.1}}',
        },
        1,
      ),
      line(
        'response_item',
        { type: 'function_call', name: 'shell', arguments: '{"command":["false"]}', call_id: 'c2' },
        2,
      ),
      line(
        'response_item',
        { type: 'function_call_output', call_id: 'c2', output: { content: 'failed to run', success: false } },
        3,
      ),
      line(
        'response_item',
        { type: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch', call_id: 'c3' },
        4,
      ),
      line('event_msg', { type: 'patch_apply_end', call_id: 'c3', success: false, stderr: 'no such file\n' }, 5),
    ],
    calls: [
      {
        tool: 'shell',
        args: { type: 'exec', command: ['ls', '-la'], timeout_ms: 5000 },
        id: 'c1',
        result: { output: 'ls: x: No such file', metadata: { exit_code: 2, duration_seconds: 0.1 } },
        is_error: true,
        error: 'exit code 2',
        timestamp: at('2025-06-01T10:00:00.000Z'),
        duration: 1,
        metadata: { format: 'codex.local_shell_call' },
      },
      {
        tool: 'shell',
        args: { command: ['false'] },
        id: 'c2',
        result: 'failed to run',
        is_error: true,
        error: 'failed to run',
        timestamp: at('2025-06-01T10:00:02.000Z'),
        duration: 1,
        metadata: { format: 'codex.function_call' },
      },
      {
        tool: 'apply_patch',
        args: { input: '*** Begin Patch' },
        id: 'c3',
        is_error: true,
        error: 'no such file',
        timestamp: at('2025-06-01T10:00:04.000Z'),
        metadata: { format: 'codex.custom_tool_call' },
      },
    ],
  },
  {
    name: 'a rollout without response_item lines warns instead of giving a silent zero',
    input: [{ timestamp: '2025-06-01T10:00:00.000Z', type: 'session_meta', payload: { id: 's' } }],
    calls: [],
    warnings: ['t at $: the rollout holds no response_item lines, so no calls'],
  },
  {
    name: 'an Anthropic message is an input error',
    input: { content: [{ type: 'tool_use', id: 't', name: 'x', input: {} }] },
    error: /^t at /,
  },
  {
    name: 'a message list is an input error naming what was expected',
    input: [{ role: 'user', content: 'hi' }],
    error: /expected Codex rollout lines/,
  },
]);

describe('Codex CLI rollouts', () => {
  test('rollout lines are detected as codex', () => {
    expect(detectFormat(rollout)).toBe('codex');
    expect(detectFormat(jsonl('ai-sessions/codex-rollout-sample.jsonl'))).toBe('codex');
  });

  test('function and custom tool calls with their outputs, durations to the output line, and the exit code of exec_command_end', () => {
    const { calls, warnings } = parse(rollout);
    expect(warnings).toEqual([]);
    expect(calls.map((call) => [call.tool, call.id, call.timestamp, call.duration, call.is_error, call.error])).toEqual(
      [
        ['update_plan', 'call_I86JxQ5mUPXHAVwxdw3WlqkP', at('2026-05-11T08:41:30.655Z'), 0.168, false, undefined],
        ['apply_patch', 'call_0gOiGGSkJEBvvlrXtBn0xzwL', at('2026-05-11T08:41:53.855Z'), 2.831, false, undefined],
        ['exec_command', 'call_nTBN3WDXOZcJOBB6UsOQHpni', at('2026-05-11T08:42:00.719Z'), 1.328, true, 'exit code 1'],
        ['write_stdin', 'call_8Psrgz5hNdgZk6l53j0OY4a9', at('2026-05-11T08:42:05.215Z'), 5.154, false, undefined],
        ['write_stdin', 'call_PAoFGDC6cPakVp8JImcOm2uB', at('2026-05-11T08:42:13.160Z'), 0.01, false, undefined],
      ],
    );
    expect(calls[0]!.args).toEqual({
      plan: [
        {
          step: 'Add failing tests for default compaction threshold in generated OpenCode env config',
          status: 'in_progress',
        },
        {
          step: 'Set default compaction threshold to 90% in generated OPENCODE_CONFIG_CONTENT paths',
          status: 'pending',
        },
        { step: 'Run focused verification', status: 'pending' },
      ],
      explanation:
        'I’m treating “context compact to 90 in env var” as the OpenCode generated config passed through `OPENCODE_CONFIG_CONTENT`, with a `compaction.threshold` value of `0.9`.',
    });
    expect(calls[0]!.result).toBe('Plan updated');
    expect(calls[1]!.args).toEqual({
      input:
        "*** Begin Patch\n*** Update File: src/agents/plugins/__tests__/codemie-code-reasoning.test.ts\n@@\n   describe('Plugin Injection', () => {\n@@\n   });\n+\n+  describe('Compaction Config', () => {\n+    it('sets default context compaction threshold to 90%', async () => {\n+      const env = createEnv({ CODEMIE_PROVIDER: 'ai-run-sso' });\n+      await beforeRun(env, {} as any);\n+\n+      const config = parseConfig(env);\n+      expect(config.compaction).toEqual({\n+        auto: true,\n+        prune: true,\n+        threshold: 0.9,\n+      });\n+    });\n+  });\n \n   describe('Cleanup — onSessionEnd', () => {\n*** End Patch\n",
    });
    expect(calls[1]!.result).toEqual({
      output: 'Success. Updated the following files:\nM src/agents/plugins/__tests__/codemie-code-reasoning.test.ts\n',
      metadata: { exit_code: 0, duration_seconds: 2.2 },
    });
    expect(calls[2]!.args).toEqual({
      cmd: 'npm test -- --run src/agents/plugins/__tests__/codemie-code-reasoning.test.ts -t "Compaction Config"',
      workdir: '/Users/Sample_User/repos/codemie-ai/codemie-code',
      yield_time_ms: 1000,
      max_output_tokens: 16000,
    });
    expect(calls[2]!.result).toBe(
      'Chunk ID: ac6588\nWall time: 1.0113 seconds\nProcess running with session ID 83395\nOriginal token count: 0\nOutput:\n',
    );
    expect(calls[2]!.metadata).toEqual({ format: 'codex.function_call', exit_code: 1 });
    expect(calls[3]!.args).toEqual({ session_id: 83395, chars: '', yield_time_ms: 1000, max_output_tokens: 16000 });
    expect(calls[4]!.args).toEqual({ session_id: 83395, chars: '', yield_time_ms: 1000, max_output_tokens: 16000 });
    expect(calls[4]!.result).toMatch(
      /^Chunk ID: 922caa\nWall time: 0\.0000 seconds\nProcess exited with code 1\nOriginal token count: 332\n/,
    );
  });
});

describe('Codex CLI rollouts: replies', () => {
  // Another excerpt of the same codemie-code rollout: two turns, each closed by a final_answer agent
  // message (event_msg and its assistant message item), the second after commentary messages.
  const turns = jsonl('codemie-code/rollout-2026-05-11T11-26-55-turns-excerpt.jsonl') as {
    payload: { message?: string };
  }[];

  test("each turn's reply is its last agent_message, the final answer, not the commentary before it", () => {
    const reading = readWithAdapter(codexFormat, turns, 't', false);
    expect(reading.userMessages).toEqual(['show tools', "let's update the defailt context compart to 90 in env var"]);
    expect(reading.calls.map((call) => [call.tool, call.id, call.turn])).toEqual([
      ['exec_command', 'call_Y2p6KmqwoTtpi6atpDPuxC5M', 1],
      ['exec_command', 'call_zOko7eyx8Gir3nKA0m2HzUYU', 2],
    ]);
    // Lines 7 and 17 of the excerpt (lines 16 and 383 of the rollout), whole.
    expect(reading.replies).toEqual([turns[6]!.payload.message, turns[16]!.payload.message]);
    expect(reading.replies![0]).toMatch(/^Available tool groups in this session:\n\n- `web`: /);
    expect(reading.replies![0]).toMatch(
      /no callable MCP graph tool namespace is currently exposed in this tool list\.$/,
    );
    expect(reading.replies![1]).toMatch(
      /^Implemented the default context compaction setting as `threshold: 0\.9` in the generated OpenCode config/,
    );
    expect(reading.replies![1]).toMatch(/npm run build\n```$/);
  });
});

describe('fromCodex: in memory', () => {
  test('parsed rollout lines give the calls the file gives; a message list is an error naming codex', () => {
    expect(fromCodex(rollout).map((call) => [call.tool, call.id])).toEqual([
      ['update_plan', 'call_I86JxQ5mUPXHAVwxdw3WlqkP'],
      ['apply_patch', 'call_0gOiGGSkJEBvvlrXtBn0xzwL'],
      ['exec_command', 'call_nTBN3WDXOZcJOBB6UsOQHpni'],
      ['write_stdin', 'call_8Psrgz5hNdgZk6l53j0OY4a9'],
      ['write_stdin', 'call_PAoFGDC6cPakVp8JImcOm2uB'],
    ]);
    expect(() => fromCodex([{ role: 'user', content: 'hi' }])).toThrow(/^codex at \$: expected Codex rollout lines/);
  });
});
