import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import { fromClaudeCode } from '../../index.js';
import { claudeCodeFormat } from './claude-code.js';
import { detectFormat } from '../registry.js';

/*
 * Real Claude Code transcripts from kno-ai/kno-trace's test data (test/corpus/SOURCES.md):
 * live_session.jsonl, a main session whose two Agent calls echo their subagents' calls in `progress`
 * lines, and agent-agent-001.jsonl, a subagent's own transcript (every line a sidechain). The expected
 * calls below were written by reading the files.
 */

function jsonl(name: string): unknown[] {
  return readFileSync(new URL(`../../../test/corpus/agents/kno-trace/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

const parse = readerFor(claudeCodeFormat, 'session.jsonl');
const at = (iso: string) => Date.parse(iso) / 1000;

const live = jsonl('live_session.jsonl');

const liveCalls = [
  {
    tool: 'Read',
    args: { file_path: 'internal/parser/parser.go' },
    id: 'toolu-l01',
    result: '// file content\n',
    is_error: false,
    timestamp: at('2026-04-01T10:00:05.000Z'),
    duration: 1,
    turn: 1,
  },
  {
    tool: 'Bash',
    args: { command: 'go test ./...', description: 'Run tests' },
    id: 'toolu-l02',
    result: 'ok\n',
    is_error: false,
    timestamp: at('2026-04-01T10:00:05.000Z'),
    duration: 2,
    turn: 1,
  },
  {
    tool: 'Agent',
    args: { subagent_type: 'Explore', description: 'Explore test coverage', prompt: '[find and review test files]' },
    id: 'toolu-l03',
    result: '[agent completed review of tests]',
    is_error: false,
    timestamp: at('2026-04-01T10:01:03.000Z'),
    duration: 17,
    turn: 2,
  },
  ...[1, 2, 3, 4].map((n) => ({
    tool: 'Edit',
    args: { file_path: 'config.go', old_string: `old${n}`, new_string: `new${n}` },
    id: `toolu-l0${n + 5}`,
    is_error: false,
    timestamp: at('2026-04-01T10:02:05.000Z'),
    turn: 3,
  })),
  {
    tool: 'Edit',
    args: { file_path: 'other.go', old_string: 'oldX', new_string: 'newX' },
    id: 'toolu-l10',
    is_error: false,
    timestamp: at('2026-04-01T10:02:05.000Z'),
    turn: 3,
  },
  {
    tool: 'Agent',
    args: {
      subagent_type: 'general-purpose',
      description: 'Verify config changes',
      prompt: '[check the config changes are correct]',
    },
    id: 'toolu-l11',
    is_error: false,
    timestamp: at('2026-04-01T10:02:05.000Z'),
    turn: 3,
  },
];

/** The user's three prompts (lines 0, 6 and 13; lines 2, 3 and 10 only return tool results): each call's turn above. */
const liveUserMessages = [
  '[review the codebase]',
  '[spawn an agent to explore tests]',
  '[fix the config file, it has bugs]',
];

const leftOutWarning =
  'session.jsonl at $: left out 3 calls made by subagents under "toolu-l03", "toolu-l11": the session\'s own calls are scored (a Task / Agent call counts once); read a subagent\'s transcript (subagents/agent-*.jsonl) to score its calls';

const ts = (s: string) => at(`2026-04-05T01:${s}.000Z`);
const entry = (
  type: 'user' | 'assistant',
  content: unknown,
  uuid: string,
  parentUuid: string | null,
  time: string,
) => ({
  type,
  message: { role: type, content },
  uuid,
  parentUuid,
  isSidechain: false,
  sessionId: 's1',
  timestamp: `2026-04-01T10:00:0${time}.000Z`,
});

testReader(claudeCodeFormat, [
  {
    name: "the session's own calls, in order, with results and durations from the tool_use → tool_result timestamps; subagent calls in progress lines left out with a warning",
    input: live,
    calls: liveCalls,
    warnings: [leftOutWarning.replace('session.jsonl', 't')],
    userMessages: liveUserMessages,
    // Each turn's last assistant text block (the file's five assistant entries each open with one).
    replies: ['[summary of review]', '[summarizes agent findings]', '[fixing config bugs]'],
  },
  {
    name: 'the web export {"loglines": [...]} reads as the JSONL does',
    input: { loglines: live },
    calls: liveCalls,
    userMessages: liveUserMessages,
    warnings: [leftOutWarning.replace('session.jsonl at $:', 't at $.loglines:')],
  },
  {
    name: "a subagent transcript (every line a sidechain) is read as that agent's session",
    input: () => jsonl('agent-agent-001.jsonl'),
    calls: [
      {
        tool: 'Grep',
        args: { pattern: 'TODO|FIXME', type: 'go' },
        id: 'sa1-toolu-001',
        result:
          'internal/parser/builder.go:42:// TODO: handle progress lines fully in M5\ninternal/ui/app.go:150:// TODO: add swimlane view\ncmd/main.go:10:// FIXME: error handling',
        is_error: false,
        timestamp: ts('57:58'),
        duration: 2,
      },
      {
        tool: 'Read',
        args: { file_path: 'internal/parser/builder.go' },
        id: 'sa1-toolu-002',
        result: '[file content of builder.go]',
        is_error: false,
        timestamp: ts('58:02'),
        duration: 3,
      },
      {
        tool: 'Read',
        args: { file_path: 'internal/ui/app.go' },
        id: 'sa1-toolu-003',
        result: '[file content of app.go]',
        is_error: false,
        timestamp: ts('58:08'),
        duration: 3,
      },
      {
        tool: 'Glob',
        args: { pattern: '**/*.go' },
        id: 'sa1-toolu-004',
        result: 'cmd/main.go\ninternal/parser/builder.go\ninternal/ui/app.go',
        is_error: false,
        timestamp: ts('58:14'),
        duration: 2,
      },
    ],
  },
  {
    name: 'a tool_result with is_error fails its call, its content the error',
    input: [
      entry('user', 'Run the tests', 'u1', null, '0'),
      entry(
        'assistant',
        [{ type: 'tool_use', id: 'toolu-1', name: 'Bash', input: { command: 'npm test', description: 'Run tests' } }],
        'a1',
        'u1',
        '1',
      ),
      entry(
        'user',
        [{ type: 'tool_result', tool_use_id: 'toolu-1', content: '1 test failed', is_error: true }],
        'u2',
        'a1',
        '4',
      ),
    ],
    calls: [
      {
        tool: 'Bash',
        args: { command: 'npm test', description: 'Run tests' },
        id: 'toolu-1',
        is_error: true,
        error: '1 test failed',
        timestamp: at('2026-04-01T10:00:01.000Z'),
        duration: 3,
      },
    ],
  },
  {
    name: "two prompts are two turns: tool results and the entries Claude Code writes itself (isMeta, a compaction's summary) are no user's",
    input: [
      entry('user', 'Run the tests', 'u1', null, '0'),
      entry(
        'assistant',
        [{ type: 'tool_use', id: 'toolu-1', name: 'Bash', input: { command: 'npm test' } }],
        'a1',
        'u1',
        '1',
      ),
      entry('user', [{ type: 'tool_result', tool_use_id: 'toolu-1', content: 'ok' }], 'u2', 'a1', '2'),
      {
        ...entry('user', 'Caveat: the messages below were generated by local commands', 'u3', 'u2', '3'),
        isMeta: true,
      },
      {
        ...entry('user', 'This session is being continued from a previous one', 'u4', 'u3', '4'),
        isCompactSummary: true,
      },
      entry(
        'user',
        [
          { type: 'text', text: 'Now fix it' },
          { type: 'image', source: {} },
        ],
        'u5',
        'u4',
        '5',
      ),
      entry(
        'assistant',
        [
          {
            type: 'tool_use',
            id: 'toolu-2',
            name: 'Edit',
            input: { file_path: 'a.ts', old_string: 'x', new_string: 'y' },
          },
        ],
        'a2',
        'u5',
        '6',
      ),
    ],
    calls: [
      {
        tool: 'Bash',
        args: { command: 'npm test' },
        id: 'toolu-1',
        result: 'ok',
        is_error: false,
        timestamp: at('2026-04-01T10:00:01.000Z'),
        duration: 1,
        turn: 1,
      },
      {
        tool: 'Edit',
        args: { file_path: 'a.ts', old_string: 'x', new_string: 'y' },
        id: 'toolu-2',
        is_error: false,
        timestamp: at('2026-04-01T10:00:06.000Z'),
        turn: 2,
      },
    ],
    userMessages: ['Run the tests', 'Now fix it'],
  },
  {
    name: 'a session of summary lines only is read with a warning, never a silent zero',
    input: [{ type: 'summary', summary: 'Brief description', leafUuid: 'x' }],
    detected: false,
    calls: [],
    warnings: ['t at $: the session holds no user or assistant entries, so no calls'],
  },
  {
    name: 'data that is not a session is an input error naming what was expected',
    input: { messages: [] },
    error:
      't at $: expected Claude Code session entries (one {"type": "assistant" | "user", "message": {...}} object a line) or {"loglines": [...]}, got an object',
  },
]);

describe('Claude Code sessions', () => {
  test('a real session is detected as claude-code, not as Claude Agent SDK messages', () => {
    expect(detectFormat(live)).toBe('claude-code');
    expect(detectFormat({ loglines: live })).toBe('claude-code');
  });

  test('fromClaudeCode reads parsed lines in memory and hands the warning to onWarning', () => {
    const warnings: string[] = [];
    expect(fromClaudeCode(live, { source: 'session.jsonl', onWarning: (warning) => warnings.push(warning) })).toEqual(
      liveCalls,
    );
    expect(warnings).toEqual([leftOutWarning]);
  });

  test('sidechain lines beside the main chain (older sessions) are left out with the same warning', () => {
    // The first turn of the real session, its Bash call moved to a sidechain entry as older versions wrote them.
    const [prompt, assistant, readResult] = live as Record<string, any>[];
    const sidechain = {
      ...assistant,
      uuid: 'side-1',
      isSidechain: true,
      message: { ...assistant!.message, content: [assistant!.message.content[2]] },
    };
    const main = { ...assistant, message: { ...assistant!.message, content: assistant!.message.content.slice(0, 2) } };
    const reading = parse([prompt, main, sidechain, readResult]);
    expect(reading.calls.map((call) => call.id)).toEqual(['toolu-l01']);
    expect(reading.warnings).toEqual([
      "session.jsonl at $: left out 1 call made by subagents: the session's own calls are scored (a Task / Agent call counts once); read a subagent's transcript (subagents/agent-*.jsonl) to score its calls",
    ]);
  });
});
