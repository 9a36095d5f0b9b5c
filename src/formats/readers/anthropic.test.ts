import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import type { ToolCall } from '../../core/types.js';
import { corpusPath, readCorpusJson } from '../../../test/corpus.js';
import { evaluate } from '../../evaluation/evaluate.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { loadTraceFile } from '../../io/trace.js';
import { anthropicFormat, fromAnthropic } from './anthropic.js';
import { autoExtract, readWithFormat } from '../auto.js';
import { detectFormat } from '../registry.js';

type Json = Record<string, any>;

const read = readerFor(anthropicFormat);

function fixture(name: string): Json {
  return readCorpusJson('providers', 'vercel-ai-fixtures', 'anthropic', name) as Json;
}

const assistant = {
  role: 'assistant',
  content: [
    { type: 'text', text: 'Let me look.' },
    { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: '/etc/app.conf' } },
    { type: 'tool_use', id: 'toolu_2', name: 'list_dir', input: { path: '/etc' } },
  ],
};
const TOOL_USE = { format: 'tool_use', stop_reason: 'tool_use' };

const FORCED_TOOL_USE_CALLS: ToolCall[] = [
  {
    tool: 'get_weather',
    args: { city: 'San Francisco' },
    id: 'toolu_01UAcA2APHENDob6qJ8kmoaC',
    is_error: false,
    metadata: { format: 'tool_use', stop_reason: 'tool_use' },
  },
];
const bedrockClaude = () =>
  readCorpusJson(
    'providers',
    'recorded-http',
    'bedrock',
    'test_invoke_model_with_content_tool_call_anthropic.claude.json',
  ) as Json;
const BEDROCK_REQUEST_CALLS: ToolCall[] = [
  {
    tool: 'get_current_weather',
    args: { location: 'Seattle' },
    id: 'toolu_bdrk_01Y5MJKoHE4VJ5ZrhcVfM1gP',
    result: '50 degrees and raining',
    is_error: false,
    metadata: { format: 'tool_use' },
  },
  {
    tool: 'get_current_weather',
    args: { location: 'San Francisco' },
    id: 'toolu_bdrk_014yQPSMntXHRmzGYxCbmBHE',
    result: '70 degrees and sunny',
    is_error: false,
    metadata: { format: 'tool_use' },
  },
];

testReader(anthropicFormat, [
  {
    name: 'a conversation of two user turns: user messages holding only tool_result blocks return results and are no turn',
    input: [
      { role: 'user', content: 'Where is order 7?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'tu1', name: 'track_order', input: { order_id: 7 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu1', content: 'shipped' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'It has shipped.' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Refund it.' },
          { type: 'image', source: {} },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'tu2', name: 'refund_order', input: { order_id: 7 } }] },
    ],
    calls: [
      {
        tool: 'track_order',
        args: { order_id: 7 },
        id: 'tu1',
        result: 'shipped',
        is_error: false,
        metadata: { format: 'tool_use' },
        turn: 1,
      },
      {
        tool: 'refund_order',
        args: { order_id: 7 },
        id: 'tu2',
        is_error: false,
        metadata: { format: 'tool_use' },
        turn: 2,
      },
    ],
    userMessages: ['Where is order 7?', 'Refund it.'],
  },
  {
    name: "one tool_use block on its own (the recorded response's content[0]): detected and read, without a stop_reason",
    input: () =>
      (
        readCorpusJson(
          'providers',
          'recorded-http',
          'anthropic',
          'test_sync_messages_create_captures_tool_use_content.json',
        ) as Json
      ).interactions[0].response.body.json.content[0],
    calls: [{ ...FORCED_TOOL_USE_CALLS[0]!, metadata: { format: 'tool_use' } }],
  },
  {
    name: 'one tool_result block on its own is no call: not detected, and refused rather than read as an invented call',
    input: { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny, 21 C' },
    error: /^t at \$: expected an Anthropic message .*got an object with keys type, tool_use_id, content$/,
    detected: false,
  },
  {
    name: 'recorded Messages API response with a forced tool_use: the call, its id and input',
    input: () =>
      (
        readCorpusJson(
          'providers',
          'recorded-http',
          'anthropic',
          'test_sync_messages_create_captures_tool_use_content.json',
        ) as Json
      ).interactions[0].response.body.json,
    calls: FORCED_TOOL_USE_CALLS,
  },
  {
    name: 'Claude on Bedrock (recorded): two parallel tool_use blocks after text',
    input: () => bedrockClaude().interactions[0].response.body.json,
    calls: [
      {
        tool: 'get_current_weather',
        args: { location: 'Seattle' },
        id: 'toolu_bdrk_01Y5MJKoHE4VJ5ZrhcVfM1gP',
        is_error: false,
        metadata: { format: 'tool_use', stop_reason: 'tool_use' },
      },
      {
        tool: 'get_current_weather',
        args: { location: 'San Francisco' },
        id: 'toolu_bdrk_014yQPSMntXHRmzGYxCbmBHE',
        is_error: false,
        metadata: { format: 'tool_use', stop_reason: 'tool_use' },
      },
    ],
  },
  {
    name: 'Claude on Bedrock, the follow-up request body ({messages, anthropic_version, tools, max_tokens}): both tool_results joined by tool_use_id',
    input: () => bedrockClaude().interactions[1].request.body.json,
    calls: BEDROCK_REQUEST_CALLS,
  },
  {
    name: 'Claude on Bedrock, the messages of that request alone',
    input: () => bedrockClaude().interactions[1].request.body.json.messages,
    calls: BEDROCK_REQUEST_CALLS,
  },
  {
    name: 'a recorded API error body is an error, not zero calls',
    input: () =>
      (readCorpusJson('providers', 'recorded-http', 'anthropic', 'test_sync_messages_create_api_error.json') as Json)
        .interactions[0].response.body.json,
    detected: 'anthropic',
    error: /Anthropic API error response \(not_found_error\), not a trace: model: invalid-model-name/,
  },
  {
    name: 'vercel/ai fixture: a JSON tool with nested input',
    input: () => fixture('anthropic-json-tool.1.json'),
    calls: [
      {
        tool: 'json',
        args: {
          elements: [
            { location: 'San Francisco', temperature: -5, condition: 'snowy' },
            { location: 'London', temperature: 0, condition: 'snowy' },
            { location: 'Paris', temperature: 23, condition: 'cloudy' },
            { location: 'Berlin', temperature: -9, condition: 'snowy' },
          ],
        },
        id: 'toolu_01Q9ExVZnzZj7E2QQYHYtNUa',
        is_error: false,
        metadata: TOOL_USE,
      },
    ],
  },
  {
    name: 'vercel/ai fixture: a tool called with no arguments',
    input: () => fixture('anthropic-tool-no-args.json'),
    calls: [
      { tool: 'updateIssueList', args: {}, id: 'toolu_01LRmxn9vGM1d2DZSDBowdZ1', is_error: false, metadata: TOOL_USE },
    ],
  },
  {
    name: 'MCP connector (vercel/ai fixture): mcp_tool_use is a call; its mcp_tool_result (text blocks) is the result',
    input: () => fixture('anthropic-mcp.1.json'),
    calls: [
      {
        tool: 'echo',
        args: { message: 'hello world' },
        id: 'mcptoolu_015oTj2fXVKLrDohFetJd5UL',
        result: 'Tool echo: hello world',
        is_error: false,
        metadata: { format: 'mcp_tool_use', server_name: 'echo', stop_reason: 'end_turn' },
      },
    ],
  },
  {
    name: "the Python tool's trace_anthropic.json: tool_use calls with tool_result results joined by id (JSON text parsed)",
    input: () => readCorpusJson('comparable-tools', 'toolscore', 'trace_anthropic.json'),
    calls: [
      {
        tool: 'make_file',
        args: { filename: 'poem.txt', lines_of_text: ['Roses are red,', 'Violets are blue.'] },
        id: 'toolu_01ABC123',
        result: { success: true, path: 'poem.txt' },
        is_error: false,
        metadata: TOOL_USE,
      },
      {
        tool: 'read_file',
        args: { filename: 'poem.txt' },
        id: 'toolu_01ABC124',
        result: 'Roses are red,\\nViolets are blue.',
        is_error: false,
        metadata: TOOL_USE,
      },
    ],
  },
  {
    name: 'a history opening with a user message; is_error: true marks the call failed with the content as the message',
    input: {
      system: 'You are a file agent.',
      messages: [
        { role: 'user', content: 'Show me the config' },
        assistant,
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: '["app.conf", "hosts"]' }] },
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              is_error: true,
              content: [{ type: 'text', text: 'EACCES: permission denied' }],
            },
          ],
        },
        { role: 'assistant', content: 'I cannot read it.' },
      ],
    },
    calls: [
      {
        tool: 'read_file',
        args: { path: '/etc/app.conf' },
        id: 'toolu_1',
        result: 'EACCES: permission denied',
        error: 'EACCES: permission denied',
        is_error: true,
        metadata: { format: 'tool_use' },
      },
      {
        tool: 'list_dir',
        args: { path: '/etc' },
        id: 'toolu_2',
        result: ['app.conf', 'hosts'],
        is_error: false,
        metadata: { format: 'tool_use' },
      },
    ],
  },
  {
    name: 'an empty tool name is skipped with a warning (and its result dropped); bad JSON input text fails its call',
    input: [
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'a', name: '', input: {} },
          { type: 'tool_use', id: 'b', name: 'search', input: '{"q": ' },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'x' }] },
    ],
    calls: [
      {
        tool: 'search',
        args: {},
        id: 'b',
        is_error: true,
        error: 'arguments are not valid JSON: {"q":',
        metadata: { format: 'tool_use' },
      },
    ],
    warnings: [
      't at $[0].content[0]: skipped a call with an empty tool name',
      't at $[0].content[1].input: arguments are not valid JSON; the call is read as failed, with no arguments',
    ],
  },
  {
    name: 'an OpenAI response under --format anthropic is an error naming what was expected',
    input: { choices: [] },
    error: /expected an Anthropic message .*got an object with keys choices/,
  },
  { name: 'a number is an error', input: 42, error: /^t at \$: / },
  {
    name: 'message content that is an object is no call, and an error',
    input: [{ role: 'assistant', content: { type: 'tool_use' } }],
    error: /read as anthropic but found no tool calls: message content that is an object/,
  },
]);

describe('anthropic: recorded provider HTTP', () => {
  const response = (
    readCorpusJson(
      'providers',
      'recorded-http',
      'anthropic',
      'test_sync_messages_create_captures_tool_use_content.json',
    ) as Json
  ).interactions[0].response.body.json;

  test('fromAnthropic reads the recorded response in memory', () => {
    expect(fromAnthropic(response)).toEqual(FORCED_TOOL_USE_CALLS);
  });

  test("Claude on Bedrock: the follow-up request's history opens with a user message", () => {
    expect(bedrockClaude().interactions[1].request.body.json.messages[0].role).toBe('user');
  });
});

describe('anthropic: vercel/ai provider fixtures', () => {
  test('policy: server_tool_use (hosted tools) is skipped with a warning; client tool_use calls it triggers are read', () => {
    const programmatic = read(fixture('anthropic-programmatic-tool-calling.1.json'));
    const caller = { type: 'code_execution_20250825', tool_id: 'srvtoolu_01CberhXc9TgYXrCZU8bQoks' };
    expect(programmatic.calls.map((c) => [c.tool, c.args, c.id])).toEqual([
      ['rollDie', { player: 'player2' }, 'toolu_01PMcE1JBKCeLjn83cgUCvR5'],
      ['rollDie', { player: 'player1' }, 'toolu_01MZf5QJ1EQyd2yGyeLzBxAS'],
      ['rollDie', { player: 'player1' }, 'toolu_01T7Upuuv8C71nq7DZ9ZPNQW'],
      ['rollDie', { player: 'player2' }, 'toolu_016Da1tDet9Bf7dAdYTkF5Ar'],
    ]);
    expect(programmatic.calls.every((c) => (c.metadata as Json).caller.tool_id === caller.tool_id)).toBe(true);
    expect(programmatic.warnings).toEqual([
      't at $.content[1]: skipped a server_tool_use block for "code_execution": Anthropic-hosted tools are not scored',
    ]);

    const search = read(fixture('anthropic-tool-search-regex.1.json'));
    expect(search.calls).toEqual([
      {
        tool: 'get_temp_data',
        args: { location: 'San Francisco, CA', unit: 'fahrenheit' },
        id: 'toolu_01X4r989CAhzqnFqDJn1gVvp',
        is_error: false,
        metadata: { format: 'tool_use', stop_reason: 'tool_use' },
      },
    ]);
    expect(search.warnings).toEqual([
      't at $.content[0]: skipped a server_tool_use block for "tool_search_tool_regex": Anthropic-hosted tools are not scored',
    ]);

    const webFetch = read(fixture('anthropic-web-fetch-tool.error.json'));
    expect(webFetch.calls).toEqual([]);
    expect(webFetch.warnings).toEqual([
      't at $.content[1]: skipped a server_tool_use block for "web_fetch": Anthropic-hosted tools are not scored',
    ]);
  });

  test('negative control: a text-only message gives zero calls', () => {
    // Its one text block is the reply.
    expect(autoExtract(fixture('anthropic-text.json'))).toEqual({
      calls: [],
      format: 'anthropic',
      warnings: [],
      replies: [
        "Hello! I'm doing well, thanks for asking. How are you doing today? Is there anything I can help you with?",
      ],
    });
  });
});

describe("anthropic: the Python tool's trace_anthropic.json", () => {
  test('evaluateTrace({format: "auto"}) picks anthropic and scores it against the gold file', async () => {
    const traceFile = corpusPath('comparable-tools', 'toolscore', 'trace_anthropic.json');
    expect((await loadTraceFile(traceFile, 'auto')).format).toBe('anthropic');
    const result = await evaluateTrace({
      goldFile: corpusPath('comparable-tools', 'toolscore', 'gold_calls.json'),
      traceFile,
      format: 'auto',
    });
    expect(result.score).toBe(1);
    expect(result.traceCalls.map((c) => c.id)).toEqual(['toolu_01ABC123', 'toolu_01ABC124']);
  });
});

describe('anthropic: hand-written shapes the corpus lacks', () => {
  test('a single assistant message object (zero calls in the Python tool) is detected and read', () => {
    const { calls, format } = autoExtract(assistant);
    expect(format).toBe('anthropic');
    expect(calls.map((c) => [c.tool, c.id, c.args])).toEqual([
      ['read_file', 'toolu_1', { path: '/etc/app.conf' }],
      ['list_dir', 'toolu_2', { path: '/etc' }],
    ]);
    expect(fromAnthropic(assistant)).toEqual(calls);
    expect(readWithFormat(assistant, 'anthropic', 'x').calls).toEqual(calls);
  });

  test('is_error without content still fails the call; content that merely says "Error:" does not (Anthropic has a flag)', () => {
    const { calls } = read([
      assistant,
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', is_error: true },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'Error: nothing, just a file named like that' },
        ],
      },
    ]);
    expect(calls[0]).toMatchObject({ is_error: true });
    expect(calls[0]!.error).toBeUndefined();
    expect(calls[1]).toMatchObject({ is_error: false, result: 'Error: nothing, just a file named like that' });
  });

  test('a bare list of content blocks is one assistant turn', () => {
    const { calls, format } = autoExtract(assistant.content);
    expect(format).toBe('anthropic');
    expect(calls.map((c) => c.tool)).toEqual(['read_file', 'list_dir']);
  });

  test('a tool_result for an unknown id is reported', () => {
    const { warnings } = read([
      assistant,
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'x' }] },
    ]);
    expect(warnings).toEqual(['t at $[1].content[0]: ignored a tool result for call id "toolu_9": no call it answers']);
  });

  test('evaluate({actual: <raw Messages response>}) scores the extracted call', () => {
    const response = (
      readCorpusJson(
        'providers',
        'recorded-http',
        'anthropic',
        'test_sync_messages_create_captures_tool_use_content.json',
      ) as Json
    ).interactions[0].response.body.json;
    expect(
      evaluate({ expected: [{ tool: 'get_weather', args: { city: 'San Francisco' } }], actual: response }).score,
    ).toBe(1);
    expect(
      evaluate({ expected: [{ tool: 'get_weather', args: { city: 'Paris' } }], actual: response }).score,
    ).toBeLessThan(1);
  });
});

describe('anthropic: messages without their role', () => {
  test("the Python Toolscore's own from_anthropic() fixtures, {content: [...]} alone: text skipped, tool_use blocks read in order", () => {
    const single = readCorpusJson('comparable-tools', 'toolscore', 'test_integrations__tool_use_blocks.json');
    expect(detectFormat(single)).toBe('anthropic');
    expect(read(single)).toEqual({
      calls: [
        {
          tool: 'web_search',
          args: { query: 'python tutorials' },
          id: 'toolu_123',
          is_error: false,
          metadata: { format: 'tool_use' },
        },
      ],
      warnings: [],
    });
    const two = readCorpusJson('comparable-tools', 'toolscore', 'test_integrations__multiple_tool_use.json');
    expect(detectFormat(two)).toBe('anthropic');
    expect(read(two)).toEqual({
      calls: [
        { tool: 'search', args: { q: 'a' }, is_error: false, metadata: { format: 'tool_use' } },
        { tool: 'read', args: { file: 'b.txt' }, is_error: false, metadata: { format: 'tool_use' } },
      ],
      warnings: [],
    });
  });

  // The `message` objects of the first turn of a real Claude Code session (test/corpus/agents/kno-trace,
  // lines 2 to 4) with their `role` removed, as hand-written fixtures and mocked clients write them.
  const lines = readFileSync(
    new URL('../../../test/corpus/agents/kno-trace/live_session.jsonl', import.meta.url),
    'utf8',
  )
    .split('\n')
    .slice(1, 4);
  const [assistant, readResult, bashResult] = lines.map((line) => {
    const { role: _role, ...message } = (JSON.parse(line) as Json).message as Json;
    return message;
  });

  test('{content: [tool_use...]} alone is detected and read as an Anthropic message', () => {
    expect(detectFormat(assistant)).toBe('anthropic');
    expect(read(assistant).calls).toEqual([
      {
        tool: 'Read',
        args: { file_path: 'internal/parser/parser.go' },
        id: 'toolu-l01',
        is_error: false,
        metadata: { format: 'tool_use', stop_reason: 'tool_use' },
      },
      {
        tool: 'Bash',
        args: { command: 'go test ./...', description: 'Run tests' },
        id: 'toolu-l02',
        is_error: false,
        metadata: { format: 'tool_use', stop_reason: 'tool_use' },
      },
    ]);
  });

  test("a role-less message with text only is read as no calls (the Python tool's test_no_tool_use / test_empty_content)", () => {
    // The dict literals of TestFromAnthropic in yotambraun/Toolscore tests/unit/test_integrations.py.
    expect(fromAnthropic({ content: [{ type: 'text', text: 'Hello!' }] })).toEqual([]);
    expect(fromAnthropic({ content: [] })).toEqual([]);
    expect(readWithFormat({ content: [{ type: 'text', text: 'Hello!' }] }, 'anthropic', 't')).toEqual({
      calls: [],
      format: 'anthropic',
      warnings: [],
      replies: ['Hello!'],
    });
    // A conversation of such messages, with or without their role.
    expect(fromAnthropic([{ role: 'user', content: 'Hi' }, { content: [{ type: 'text', text: 'Hello!' }] }])).toEqual(
      [],
    );
  });

  test('an object that merely has a content list is not taken for one (an MCP tool result has isError)', () => {
    expect(() => fromAnthropic({ content: [{ type: 'text', text: 'sunny' }], isError: false })).toThrow(
      /^anthropic at \$: read as anthropic but found no tool calls in an object with keys content, isError, which anthropic does not recognise/,
    );
  });

  test('a list of role-less messages joins the tool_result blocks to their calls', () => {
    expect(detectFormat([assistant, readResult, bashResult])).toBe('anthropic');
    const { calls, warnings } = read([assistant, readResult, bashResult]);
    expect(warnings).toEqual([]);
    expect(calls.map((call) => [call.tool, call.id, call.result, call.is_error])).toEqual([
      ['Read', 'toolu-l01', '// file content\n', false],
      ['Bash', 'toolu-l02', 'ok\n', false],
    ]);
  });
});
