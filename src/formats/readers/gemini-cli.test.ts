import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import { fromGeminiCLI, geminiCLIFormat } from './gemini-cli.js';
import { detectFormat } from '../registry.js';

/*
 * Real Gemini CLI session files (test/corpus/SOURCES.md): the hello.md turns of a
 * codemie-ai/codemie-code test session, and the session sample of yoavf/ai-sessions (whose
 * read_many_files call has text parts after its functionResponse). Expected calls written by reading
 * the files; the failure statuses, which neither file has, are tested on hand-written calls below.
 */

function json(path: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../test/corpus/agents/${path}`, import.meta.url), 'utf8'));
}

/** A recorded responses file of google-gemini/gemini-cli (test/corpus/SOURCES.md), one record a line. */
function responses(name: string): unknown[] {
  return readFileSync(new URL(`../../../test/corpus/agents/gemini-cli-responses/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** A call of a recorded responses file: the model's side only, so never a result. */
const recorded = (tool: string, args: Record<string, unknown>) => ({
  tool,
  args,
  is_error: false,
  metadata: { format: 'functionCall' },
});

const parse = readerFor(geminiCLIFormat, 'session.json');
const at = (iso: string) => Date.parse(iso) / 1000;
const meta = { format: 'gemini-cli', status: 'success' };
const hello =
  "# Hello World\nThe quick brown fox jumps over the lazy dog.\nA wizard's job is to vex chumps quickly in fog.\nSphinx of black quartz, judge my vow.\nPack my box with five dozen liquor jugs.\nHow vexingly quick daft zebras jump.";
const target = '/Users/Nikita_Levyankov/repos/EPMCDME/codemie-ai/codemie-code/hello.md';

const shellCall = (id: string, status: string, response: Record<string, unknown>, resultDisplay?: string) => ({
  id,
  name: 'run_shell_command',
  args: { command: 'make' },
  result: [{ functionResponse: { id, name: 'run_shell_command', response } }],
  status,
  timestamp: '2025-11-01T09:00:00.000Z',
  ...(resultDisplay === undefined ? {} : { resultDisplay }),
});

testReader(geminiCLIFormat, [
  {
    name: 'recorded responses: the blocked write_file call of a streamed response, without a result (the file records none)',
    input: () => responses('hooks-system.block-tool.responses'),
    calls: [recorded('write_file', { file_path: 'test.txt', content: 'Hello World' })],
    // The second response's text part after its thought (thought: true, "**Acknowledge the Block**...").
    replies: ['I am sorry, but I was unable to create the file as the request was blocked by the security policy.'],
  },
  {
    name: 'recorded responses: the read_file call of a nonexistent file (its failure is not in the file)',
    input: () => responses('json-output.error.responses'),
    calls: [
      recorded('read_file', {
        file_path: '/gemini-cli/.integration-tests/1761766343238/json-output-error/path/to/nonexistent/file.txt',
      }),
    ],
    replies: ['File not found'],
  },
  {
    name: 'recorded responses: a denied run_shell_command call',
    input: () => responses('policy-headless-shell-denied.responses'),
    calls: [
      recorded('run_shell_command', {
        description: 'Execute the echo command as requested.',
        command: 'echo POLICY_TEST_ECHO_COMMAND',
      }),
    ],
    // The second response's text; the first said "I will execute the requested echo command to verify the policy." before its call.
    replies: ['AR NAR'],
  },
  {
    name: 'recorded responses: five functionCall parts of one streamed chunk in order, between generateContent router replies',
    input: () => responses('parallel-tools.responses'),
    calls: [
      recorded('read_file', { file_path: 'file1.txt' }),
      recorded('read_file', { file_path: 'file2.txt' }),
      recorded('write_file', { file_path: 'output.txt', content: 'wave2' }),
      recorded('read_file', { file_path: 'file3.txt' }),
      recorded('read_file', { file_path: 'file4.txt' }),
    ],
    // The stream's closing text (the router's JSON answer of line 1 is no reply to the user).
    replies: ['All waves completed successfully.'],
  },
  {
    name: 'recorded responses with no call (generateContent, a stream, countTokens): no calls, no warning',
    input: () => responses('perf.long-chat.responses'),
    calls: [],
    // The streamed answer of line 2; lines 1 and 3 are the CLI's own generateContent requests (the router's
    // complexity JSON, the chat compression's summary JSON), no reply to the user.
    replies: ['I am a large conversation model response.'],
  },
  {
    name: 'one recorded response (a one-line file, read as JSON): its call, at $.response',
    input: () => responses('parallel-tools.responses')[1] as Record<string, unknown>,
    calls: [
      recorded('read_file', { file_path: 'file1.txt' }),
      recorded('read_file', { file_path: 'file2.txt' }),
      recorded('write_file', { file_path: 'output.txt', content: 'wave2' }),
      recorded('read_file', { file_path: 'file3.txt' }),
      recorded('read_file', { file_path: 'file4.txt' }),
    ],
  },
  {
    name: 'a recorded response of an unknown method is passed over (counted as an item the reader did not know)',
    input: [
      {
        method: 'generateContent',
        response: { candidates: [{ content: { parts: [{ functionCall: { name: 'ls', args: {} } }] } }] },
      },
      { method: 'generateImages', response: {} },
    ],
    calls: [recorded('ls', {})],
  },
  {
    name: 'every toolCalls entry in order, with its functionResponse result, status, timestamp and turn',
    input: () => json('codemie-code/gemini-session-file-ops-excerpt.json'),
    calls: [
      {
        tool: 'write_file',
        args: { content: '# Hello World', file_path: 'hello.md' },
        id: 'write_file-1768566819675-5726cf966781a',
        result: { output: `Successfully created and wrote to new file: ${target}.` },
        is_error: false,
        timestamp: at('2026-01-16T12:33:42.757Z'),
        metadata: meta,
        turn: 1,
      },
      {
        tool: 'read_file',
        args: { file_path: 'hello.md' },
        id: 'read_file-1768566842046-c55520512f11c8',
        result: { output: '# Hello World' },
        is_error: false,
        timestamp: at('2026-01-16T12:34:02.083Z'),
        metadata: meta,
        turn: 2,
      },
      {
        tool: 'write_file',
        args: { content: hello, file_path: 'hello.md' },
        id: 'write_file-1768566849430-8a94507d2a9798',
        result: { output: `Successfully overwrote file: ${target}.` },
        is_error: false,
        timestamp: at('2026-01-16T12:34:09.445Z'),
        metadata: meta,
        turn: 2,
      },
      {
        tool: 'read_file',
        args: { file_path: 'hello.md' },
        id: 'read_file-1768566861335-25b38114eddc1',
        result: { output: hello },
        is_error: false,
        timestamp: at('2026-01-16T12:34:21.347Z'),
        metadata: meta,
        turn: 3,
      },
      {
        tool: 'write_file',
        args: {
          file_path: 'hello.md',
          content:
            '# Hello World\nSphinx of black quartz, judge my vow.\nPack my box with five dozen liquor jugs.\nHow vexingly quick daft zebras jump.',
        },
        id: 'write_file-1768566866671-3a48c2c4de4ca8',
        result: { output: `Successfully overwrote file: ${target}.` },
        is_error: false,
        timestamp: at('2026-01-16T12:34:26.753Z'),
        metadata: meta,
        turn: 3,
      },
    ],
    // The user's three requests (messages 0, 3 and 6): write_file in the first, read and write in each other.
    userMessages: ['create hello.md file', 'add 5 lines of random text', 'remove 2 and 3 line'],
    // Each turn's closing gemini message (messages 2, 5 and 8).
    replies: [
      "I've created the `hello.md` file for you.",
      'I have added 5 lines of random text to `hello.md`.',
      'I have removed the 2nd and 3rd lines from `hello.md`.',
    ],
  },
  {
    name: 'status "error" and "cancelled" fail the call, with the response\'s error, else resultDisplay, as the message',
    input: {
      sessionId: 's',
      messages: [
        { type: 'user', content: 'build it' },
        {
          type: 'gemini',
          content: '',
          toolCalls: [
            shellCall('a', 'error', { error: 'make: *** No targets.  Stop.' }),
            shellCall('b', 'error', { output: '' }, 'Command failed'),
            shellCall('c', 'cancelled', {}),
          ],
        },
      ],
    },
    calls: [
      {
        tool: 'run_shell_command',
        args: { command: 'make' },
        id: 'a',
        result: { error: 'make: *** No targets.  Stop.' },
        is_error: true,
        error: 'make: *** No targets.  Stop.',
        timestamp: at('2025-11-01T09:00:00.000Z'),
        metadata: { format: 'gemini-cli', status: 'error' },
      },
      {
        tool: 'run_shell_command',
        args: { command: 'make' },
        id: 'b',
        result: { output: '' },
        is_error: true,
        error: 'Command failed',
        timestamp: at('2025-11-01T09:00:00.000Z'),
        metadata: { format: 'gemini-cli', status: 'error' },
      },
      {
        tool: 'run_shell_command',
        args: { command: 'make' },
        id: 'c',
        result: {},
        is_error: true,
        error: 'cancelled',
        timestamp: at('2025-11-01T09:00:00.000Z'),
        metadata: { format: 'gemini-cli', status: 'cancelled' },
      },
    ],
  },
  {
    name: 'data that is not a Gemini CLI session is an input error under --format gemini-cli',
    input: { messages: [{ role: 'user', content: 'hi' }] },
    detected: 'openai',
    error: /^t at /,
  },
  {
    name: 'a list of messages without the session is not one',
    input: [{ type: 'gemini', content: '' }],
    detected: false,
    error: /expected a Gemini CLI session/,
  },
]);

describe('Gemini CLI sessions', () => {
  test('the sample session is detected as gemini-cli', () => {
    expect(detectFormat(json('ai-sessions/gemini-session-sample.json'))).toBe('gemini-cli');
  });

  test('a result with text parts after the functionResponse is the list of all parts', () => {
    const { calls, warnings } = parse(json('ai-sessions/gemini-session-sample.json'));
    expect(warnings).toEqual([]);
    expect(calls.map((call) => [call.tool, call.args, call.id, call.result, call.timestamp])).toEqual([
      [
        'list_directory',
        { path: '/Users/test/project' },
        'list_directory-1760799451650-5979488a89c64',
        { output: 'Directory listing for /Users/test/project:\n[DIR] src\n[DIR] tests\npackage.json\nREADME.md' },
        at('2025-10-18T14:57:31.684Z'),
      ],
      [
        'read_file',
        { absolute_path: '/Users/test/project/README.md' },
        'read_file-1760799465000-abc123',
        { output: '# Test Project\n\nThis is a test project for demonstrating Gemini CLI parsing.' },
        at('2025-10-18T14:57:45.000Z'),
      ],
      [
        'read_many_files',
        { paths: ['file1.txt', 'file2.txt'] },
        'read_many_files-12345',
        [
          { output: 'Tool execution succeeded.' },
          '--- file1.txt ---\nContent of file 1',
          '--- file2.txt ---\nContent of file 2',
        ],
        at('2025-10-18T14:58:00.000Z'),
      ],
    ]);
    // Two user messages (0 and 3): list_directory answers the first, read_file and read_many_files the second.
    expect(calls.map((call) => call.turn)).toEqual([1, 2, 2]);
  });
});

describe('fromGeminiCLI: in memory', () => {
  test('a parsed session file gives the calls the file gives; another shape is an error naming gemini-cli', () => {
    const session = json('codemie-code/gemini-session-file-ops-excerpt.json');
    expect(fromGeminiCLI(session)).toEqual(parse(session).calls);
    expect(fromGeminiCLI(session)[0]).toMatchObject({ tool: 'write_file', args: { file_path: 'hello.md' } });
    expect(() => fromGeminiCLI({ contents: [] })).toThrow(/^gemini-cli at \$: expected a Gemini CLI session/);
  });
});
