import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { captureOutput } from '../../../test/capture.js';
import { ToolscoreInputError } from '../../core/errors.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { readGold } from '../../gold/gold.js';
import { lateRefundChat, supportChat } from '../../../test/conversation-fixtures.js';
import type { GoldArgsMode } from './gold-text.js';
import { runGold } from './gold.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-gold-'));

/** A Gemini CLI session from test/corpus: two user messages, three calls, each with its result. */
const CONVERSATION = fileURLToPath(
  new URL('../../../test/corpus/agents/ai-sessions/gemini-session-sample.json', import.meta.url),
);

function file(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

/** The same session with its second user message (message 3) left out: one request, so a flat gold file. */
const SESSION = (() => {
  const session = JSON.parse(readFileSync(CONVERSATION, 'utf8')) as { messages: unknown[] };
  session.messages.splice(3, 1);
  return file('session-one-turn.json', session);
})();

/** Runs `toolscore gold` and returns what it printed; an input error is thrown on. */
async function gold(fromTrace: string, args: GoldArgsMode, output?: string) {
  const run = await captureOutput(() =>
    runGold({ fromTrace, format: 'auto', args, color: false, ...(output === undefined ? {} : { output }) }),
  );
  if (run.error !== undefined) throw run.error;
  return run;
}

/** The session's calls as read from the file: list_directory, read_file, read_many_files. */
const EXPECTED: Record<GoldArgsMode, unknown> = {
  exact: [
    { tool: 'list_directory', args: { path: '/Users/test/project' } },
    { tool: 'read_file', args: { absolute_path: '/Users/test/project/README.md' } },
    { tool: 'read_many_files', args: { paths: ['file1.txt', 'file2.txt'] } },
  ],
  keys: [
    { tool: 'list_directory', args: { path: { $type: 'string' } } },
    { tool: 'read_file', args: { absolute_path: { $type: 'string' } } },
    { tool: 'read_many_files', args: { paths: { $type: 'array' } } },
  ],
  none: [
    { tool: 'list_directory', args: null },
    { tool: 'read_file', args: null },
    { tool: 'read_many_files', args: null },
  ],
};

describe('toolscore gold --from-trace writes a first gold file', () => {
  test.each(['exact', 'keys', 'none'] as const)(
    '--args %s: the calls in order, and the file scores 100%% against the trace it came from',
    async (mode) => {
      const output = join(dir, `session-${mode}.json`);
      const run = await gold(SESSION, mode, output);
      expect(JSON.parse(readFileSync(output, 'utf8'))).toEqual(EXPECTED[mode]);
      expect(run.stdout).toContain(`wrote ${output}: 3 expected calls from ${SESSION} (gemini-cli format)`);
      const result = await evaluateTrace({ goldFile: output, traceFile: SESSION, validateSideEffects: false });
      expect(result.score).toBe(1);
      expect(result.warnings).toEqual([]);
    },
  );

  test('without -o the gold file goes to stdout, pretty-printed, and nothing else does', async () => {
    const run = await gold(SESSION, 'none');
    expect(run.stdout).toBe(`${JSON.stringify(EXPECTED.none, null, 2)}\n`);
    expect(run.stderr).toBe('');
  });

  test('-o naming the trace is refused before anything is written', async () => {
    const copy = file('session-copy.json', JSON.parse(readFileSync(SESSION, 'utf8')));
    await expect(gold(copy, 'exact', copy)).rejects.toBeInstanceOf(ToolscoreInputError);
    await expect(gold(copy, 'exact', copy)).rejects.toThrow(
      `--output: ${JSON.stringify(copy)} is the trace file; writing the gold file there would overwrite it`,
    );
  });
});

describe('a conversation (two or more user messages) gets a turns gold file', () => {
  test("the session's two user messages are two turns, each with the calls made after it", async () => {
    const output = join(dir, 'conversation-gold.json');
    const run = await gold(CONVERSATION, 'exact', output);
    // Written by reading the file: messages 0 and 3 are the user's; list_directory answers the first.
    expect(JSON.parse(readFileSync(output, 'utf8'))).toEqual({
      turns: [
        {
          user: 'List the files in the current directory',
          calls: [{ tool: 'list_directory', args: { path: '/Users/test/project' } }],
        },
        {
          user: 'Great! Can you read the README?',
          calls: [
            { tool: 'read_file', args: { absolute_path: '/Users/test/project/README.md' } },
            { tool: 'read_many_files', args: { paths: ['file1.txt', 'file2.txt'] } },
          ],
        },
      ],
    });
    expect(run.stdout).toContain(
      `wrote ${output}: 3 expected calls in 2 turns from ${CONVERSATION} (gemini-cli format)`,
    );
  });

  test('a turn the agent answered without a tool expects none; a credential in a user message is masked', async () => {
    const key = ['sk-proj-', 'Zq8xW2vB4nM6kL9pR3tY5uI7oA1sD3fG'].join('');
    const chat = file('chat.json', [
      { role: 'system', content: 'You are a support agent.' },
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello! How can I help?' },
      { role: 'user', content: [{ type: 'text', text: `refund order 7, my key is ${key}` }] },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'refund_order', arguments: '{"order_id": 7}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'refunded' },
    ]);
    const run = await gold(chat, 'exact');
    expect(JSON.parse(run.stdout)).toEqual({
      turns: [
        { user: 'hi', calls: [] },
        {
          user: { $regex: 'refund order 7, my key is \\S+' },
          calls: [{ tool: 'refund_order', args: { order_id: 7 } }],
        },
      ],
    });
    expect(run.stdout).not.toContain(key);
  });
});

describe("a conversation's gold file reads back as turns and scores its own trace 1", () => {
  test('the three-turn support chat (an OpenAI message list): 2 calls in 3 turns, the refund in turn 2', async () => {
    const trace = file('support-chat.json', supportChat);
    const output = join(dir, 'support-gold.json');
    await gold(trace, 'exact', output);
    const read = readGold(JSON.parse(readFileSync(output, 'utf8')), output);
    // Written by reading the chat: get_order after message 1, refund_order after message 2, only an answer after "Thanks!".
    expect(read.turns?.map((turn) => [turn.user, turn.calls.map((call) => call.tool)])).toEqual([
      ['Where is order 7?', ['get_order']],
      ['Please refund it', ['refund_order']],
      ['Thanks!', []],
    ]);
    const result = await evaluateTrace({ goldFile: output, traceFile: trace, validateSideEffects: false });
    expect(result.score).toBe(1);
    expect(result.metrics.turn_pass_rate).toBe(1);
    expect(result.warnings).toEqual([]);
    // The same gold against the chat with the refund one turn late: turns 1, 0, 0 ⇒ (1 + 0 + 0) / 3.
    const late = file('support-chat-late.json', lateRefundChat);
    const lateResult = await evaluateTrace({ goldFile: output, traceFile: late, validateSideEffects: false });
    expect(lateResult.score).toBe(0.333333333333);
    expect(lateResult.topIssues.map((issue) => issue.problem)).toEqual([
      'refund_order expected in turn 2, made in turn 3',
    ]);
  });

  test('calls marked with `turn` (the custom format, no user messages) are turns without `user`', async () => {
    const trace = file('marked-calls.json', [
      { tool: 'get_order', args: { id: 7 }, turn: 1 },
      { tool: 'refund_order', args: { id: 7 }, turn: 3 },
    ]);
    const run = await gold(trace, 'exact');
    expect(JSON.parse(run.stdout)).toEqual({
      turns: [
        { calls: [{ tool: 'get_order', args: { id: 7 } }] },
        { calls: [] },
        { calls: [{ tool: 'refund_order', args: { id: 7 } }] },
      ],
    });
  });
});

describe('volatile values and credentials', () => {
  const TOKEN = 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
  const recorded = (at: string, id: string) => [
    {
      tool: 'log_event',
      args: {
        at,
        request_id: id,
        commit: '9fceb02d0ae598e95dc970b74767f19372d61af8',
        session: 'aB3dE5fG7hJ9kL1mN3pQ5rS7',
        sent_ms: 1767225600000,
        day: '2026-03-01',
        count: 3,
        handler: 'getUserDetailsForAccount2024',
        auth: `Bearer ${TOKEN}`,
      },
      result: 'ok',
    },
  ];
  const trace = file('events.json', recorded('2026-03-01T09:15:00.123Z', '3f2b8c1e-9a4d-4e5f-8b6a-1c2d3e4f5a6b'));

  test('exact: timestamps, UUIDs, hex and base64 ids, epoch milliseconds become patterns; the token its shape', async () => {
    const output = join(dir, 'events-gold.json');
    const run = await gold(trace, 'exact', output);
    expect(JSON.parse(readFileSync(output, 'utf8'))).toEqual([
      {
        tool: 'log_event',
        args: {
          at: { $regex: '\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?' },
          request_id: {
            $regex: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}',
          },
          commit: { $regex: '[0-9a-fA-F]{40}' },
          session: { $type: 'string' },
          sent_ms: { $type: 'integer' },
          // A date alone and a small number are what the call was about: kept.
          day: '2026-03-01',
          count: 3,
          // A long name with a year in it is no random id: its digits are not scattered.
          handler: 'getUserDetailsForAccount2024',
          auth: { $regex: 'Bearer \\S+' },
        },
      },
    ]);
    expect(readFileSync(output, 'utf8')).not.toContain(TOKEN);
    expect(run.stdout).toContain('; 5 volatile values (timestamps, ids) became patterns.');
    // A later run with another time, id and token still matches the gold file.
    const later = file('events-later.json', recorded('2026-03-02T11:00:00Z', '00000000-1111-4222-8333-444444444444'));
    const result = await evaluateTrace({ goldFile: output, traceFile: later, validateSideEffects: false });
    expect(result.score).toBe(1);
  });

  test('keys: every argument by its JSON type, so no value is kept, the token included', async () => {
    const run = await gold(trace, 'keys');
    expect(JSON.parse(run.stdout)).toEqual([
      {
        tool: 'log_event',
        args: {
          at: { $type: 'string' },
          request_id: { $type: 'string' },
          commit: { $type: 'string' },
          session: { $type: 'string' },
          sent_ms: { $type: 'number' },
          day: { $type: 'string' },
          count: { $type: 'number' },
          handler: { $type: 'string' },
          auth: { $type: 'string' },
        },
      },
    ]);
  });
});
