import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { corpusPath } from '../../test/corpus.js';
import { loadTraceFile } from './trace.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-trace-'));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function inputError(promise: Promise<unknown>): Promise<ToolscoreInputError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error instanceof ToolscoreInputError) return error;
  throw new Error(`expected a ToolscoreInputError, got ${String(error)}`);
}

/** An Anthropic Messages stream, one event a line: one get_weather call. */
const ANTHROPIC_STREAM = [
  { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [] } },
  {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} },
  },
  { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"city": "Paris"}' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'message_delta', delta: { stop_reason: 'tool_use' } },
  { type: 'message_stop' },
];

describe('loadTraceFile never reads a silent zero', () => {
  test('-f openai on an Anthropic JSON Lines stream names the line, what openai looks for and the format to use', async () => {
    const path = file('anthropic.jsonl', ANTHROPIC_STREAM.map((event) => JSON.stringify(event)).join('\n'));
    expect((await loadTraceFile(path, 'anthropic')).calls.map((call) => [call.tool, call.args])).toEqual([
      ['get_weather', { city: 'Paris' }],
    ]);
    const error = await inputError(loadTraceFile(path, 'openai'));
    expect(error.location).toEqual({ source: path, line: 1 });
    expect(error.reason).toMatch(
      /^read as openai but found no tool calls in these JSON Lines \(the first line is an object with keys type, message\), which openai does not recognise \(it looks for .*\); it looks like anthropic: use --format anthropic$/,
    );
  });

  test('a Server-Sent Events capture is read as its events; an HTML page saved as a trace is named', async () => {
    const sse = file(
      'stream.txt',
      'event: message_start\ndata: {"type":"message_start"}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n',
    );
    expect(await loadTraceFile(sse)).toEqual({ calls: [], format: 'anthropic', warnings: [], replies: [null] });
    const html = file('page.json', '<!DOCTYPE html>\n<html><body>502 Bad Gateway</body></html>\n');
    expect((await inputError(loadTraceFile(html))).message).toBe(
      `${html}: this is an HTML page, not a recorded trace; expected a JSON trace or JSON Lines`,
    );
  });

  test('other text that is not JSON keeps the parser error with its line and column', async () => {
    const broken = file('broken.json', '[{"tool": "a"');
    expect((await inputError(loadTraceFile(broken))).message).toBe(
      `${broken}:1:14 at $[0]: invalid JSON: unexpected end of file; expected ',' or '}'`,
    );
  });
});

describe('what a reader passes over is one warning per kind, with its count and where the first was', () => {
  test('six junk lines in a Claude Code session: two warnings, one a kind, the call still read', async () => {
    const entry = (type: string, content: unknown[], n: number) => ({
      type,
      uuid: `u${n}`,
      parentUuid: n === 1 ? null : `u${n - 1}`,
      isSidechain: false,
      sessionId: 's1',
      timestamp: `2026-04-01T10:00:0${n}.000Z`,
      message: { role: type, content },
    });
    const junk = { level: 'debug', msg: 'hook ran' };
    const path = file(
      'junk-session.jsonl',
      [
        entry('user', [{ type: 'text', text: 'List the files' }], 1),
        entry('assistant', [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls' } }], 2),
        junk,
        junk,
        junk,
        junk,
        entry('user', [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.txt' }], 3),
        'hook output',
        'hook output',
        entry('assistant', [{ type: 'text', text: 'There is a.txt.' }], 4),
      ]
        .map((item) => JSON.stringify(item))
        .join('\n'),
    );
    const read = await loadTraceFile(path, 'auto');
    expect(read.format).toBe('claude-code');
    expect(read.calls.map((call) => [call.tool, call.result])).toEqual([['Bash', 'a.txt']]);
    // Lines 3 to 6 are one kind (same keys), lines 8 and 9 another; the text messages are no warning.
    // claude-code reads the lines as one list (no stream reader), so they are named $[2] and $[7].
    expect(read.warnings).toEqual([
      `${path} at $[2]: passed over an entry that is not an SDK message (an object with keys level, msg), and 3 more like it`,
      `${path} at $[7]: passed over an entry that is not an SDK message (a string), and 1 more like it`,
    ]);
  });
});

describe('a JSON Lines conversation reports its user messages and each call its turn', () => {
  test("Claude Code's real session, slimmed line by line, keeps its three prompts (its lines 0, 6 and 13)", async () => {
    const trace = await loadTraceFile(corpusPath('agents', 'kno-trace', 'live_session.jsonl'));
    expect(trace.format).toBe('claude-code');
    expect(trace.userMessages).toEqual([
      '[review the codebase]',
      '[spawn an agent to explore tests]',
      '[fix the config file, it has bugs]',
    ]);
    expect(trace.calls.map((call) => [call.tool, call.turn])).toEqual([
      ['Read', 1],
      ['Bash', 1],
      ['Agent', 2],
      ['Edit', 3],
      ['Edit', 3],
      ['Edit', 3],
      ['Edit', 3],
      ['Edit', 3],
      ['Agent', 3],
    ]);
  });

  test("a prompt of text blocks keeps its text though a long session's text blocks are slimmed away", async () => {
    const entry = (type: string, content: unknown) => ({
      type,
      message: { role: type, content },
      isSidechain: false,
      sessionId: 's',
    });
    const lines = [
      entry('user', [{ type: 'text', text: 'list the files' }]),
      entry('assistant', [
        { type: 'text', text: 'Sure.' },
        { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } },
      ]),
      entry('user', [{ type: 'tool_result', tool_use_id: 't1', content: 'a.txt' }]),
      entry('user', [{ type: 'text', text: 'show a.txt' }]),
      entry('assistant', [{ type: 'tool_use', id: 't2', name: 'Read', input: { file_path: 'a.txt' } }]),
    ];
    const trace = await loadTraceFile(file('blocks.jsonl', lines.map((line) => JSON.stringify(line)).join('\n')));
    expect(trace.userMessages).toEqual(['list the files', 'show a.txt']);
    expect(trace.calls.map((call) => [call.tool, call.turn])).toEqual([
      ['Bash', 1],
      ['Read', 2],
    ]);
  });

  test('a Codex rollout, slimmed line by line, keeps what its user_message events say', async () => {
    const line = (type: string, payload: unknown) =>
      JSON.stringify({ timestamp: '2025-06-01T10:00:00.000Z', type, payload });
    const rollout = [
      line('session_meta', { id: 's' }),
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'list files' }] }),
      line('event_msg', { type: 'user_message', message: 'list files' }),
      line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command": ["ls"]}', call_id: 'c1' }),
      line('event_msg', { type: 'user_message', message: 'show a.txt' }),
      line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command": ["cat"]}', call_id: 'c2' }),
    ];
    const trace = await loadTraceFile(file('rollout.jsonl', rollout.join('\n')));
    expect(trace.format).toBe('codex');
    expect(trace.userMessages).toEqual(['list files', 'show a.txt']);
    expect(trace.calls.map((call) => call.turn)).toEqual([1, 2]);
  });

  test('a Codex rollout with one user message stays unmarked', async () => {
    const trace = await loadTraceFile(
      corpusPath('agents', 'codemie-code', 'rollout-2026-05-11T11-26-55-excerpt.jsonl'),
    );
    expect(trace.format).toBe('codex');
    expect(trace.userMessages).toBeUndefined();
    expect(trace.calls.every((call) => call.turn === undefined)).toBe(true);
  });
});
