import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { testReader } from '../../../test/reader-tester.js';
import { readCorpusJson, readCorpusJsonl } from '../../../test/corpus.js';
import { ToolscoreInputError } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { evaluate } from '../../evaluation/evaluate.js';
import { autoExtract } from '../auto.js';
import { detectFormat } from '../registry.js';
import { fromMCP, mcpFormat } from './mcp.js';

type Line = { dir: string; message: Record<string, unknown> };

const TRANSCRIPTS = 'mcp/recorded-transcripts';
const everything = () => readCorpusJsonl(TRANSCRIPTS, 'server-everything-2026.8.31.stdio.jsonl') as Line[];
const filesystem = () => readCorpusJsonl(TRANSCRIPTS, 'server-filesystem-2026.8.31.stdio.jsonl') as Line[];
const memory = () => readCorpusJsonl(TRANSCRIPTS, 'server-memory-2026.8.31.stdio.jsonl') as Line[];

const parse = readerFor(mcpFormat, 't.json');

/** A successful call as the adapter reports it. */
function ok(
  id: number | string,
  tool: string,
  args: Record<string, unknown>,
  result: unknown,
  extra: Record<string, unknown> = {},
): ToolCall {
  return { tool, args, is_error: false, result, id: String(id), metadata: { format: 'mcp', jsonrpc_id: id, ...extra } };
}

/** A call whose result had `isError: true`. */
function failed(id: number, tool: string, args: Record<string, unknown>, error: string): ToolCall {
  return { tool, args, is_error: true, error, id: String(id), metadata: { format: 'mcp', jsonrpc_id: id } };
}

function responseContent(lines: Line[], id: number): unknown {
  const line = lines.find((l) => l.dir === 'server->client' && l.message.id === id && 'result' in l.message);
  return (line!.message.result as { content: unknown }).content;
}

const SDK_FIXTURES = 'mcp/sdk-fixtures-2025-11-25';

testReader(mcpFormat, [
  {
    name: 'server-everything: 9 tools/call, 3 isError results, structuredContent, resource links; initialize, tools/list, notifications and the -32601 error are not calls',
    input: everything,
    calls: [
      ok(3, 'echo', { message: 'Hello, MCP!' }, 'Echo: Hello, MCP!'),
      ok(4, 'get-sum', { a: 2, b: 40 }, 'The sum of 2 and 40 is 42.'),
      failed(
        5,
        'get-sum',
        { a: 'two', b: 40 },
        'MCP error -32602: Input validation error: Invalid arguments for tool get-sum: Invalid input: expected number, received string at a',
      ),
      failed(
        6,
        'echo',
        {},
        'MCP error -32602: Input validation error: Invalid arguments for tool echo: Invalid input: expected string, received undefined at message',
      ),
      failed(7, 'no-such-tool', { x: 1 }, 'MCP error -32602: Tool no-such-tool not found'),
      ok(
        8,
        'get-structured-content',
        { location: 'New York' },
        { temperature: 33, conditions: 'Cloudy', humidity: 82 },
        {
          content: [{ type: 'text', text: '{"temperature":33,"conditions":"Cloudy","humidity":82}' }],
        },
      ),
      // An annotated text that says "Error" is still a successful call: only isError marks failure.
      ok(9, 'get-annotated-message', { messageType: 'error', includeImage: false }, 'Error: Operation failed'),
      ok(
        10,
        'trigger-long-running-operation',
        { duration: 1, steps: 2 },
        'Long running operation completed. Duration: 1 seconds, Steps: 2.',
      ),
      ok(
        11,
        'get-resource-links',
        { count: 2 },
        'Here are 2 resource links to resources available in this server:\n[resource link demo://resource/dynamic/blob/1 Blob Resource 1]\n[resource link demo://resource/dynamic/text/2 Text Resource 2]',
      ),
    ],
    // A transcript is the client's and the server's JSON-RPC: no agent's text in it.
    replies: 'absent',
  },
  {
    name: 'SDK fixtures: request and result envelopes join by id',
    input: () => [
      readCorpusJson(SDK_FIXTURES, 'JSONRPCRequest__request-envelope.json'),
      readCorpusJson(SDK_FIXTURES, 'JSONRPCResultResponse__result-envelope.json'),
    ],
    calls: [ok(1, 'get_weather', { location: 'New York' }, '72F, partly cloudy')],
  },
  {
    name: 'SDK fixtures: a JSON-RPC error response marks the call failed, with its message and code',
    input: () => [
      readCorpusJson(SDK_FIXTURES, 'JSONRPCRequest__request-envelope.json'),
      readCorpusJson(SDK_FIXTURES, 'JSONRPCErrorResponse__error-envelope.json'),
    ],
    calls: [
      {
        tool: 'get_weather',
        args: { location: 'New York' },
        is_error: true,
        error: 'Unknown tool: invalid_tool_name',
        id: '1',
        metadata: { format: 'mcp', jsonrpc_id: 1, error_code: -32602 },
      },
    ],
  },
  {
    name: 'input that holds no JSON-RPC message is an error, not a silent zero score',
    input: [{ role: 'user', content: 'hi' }],
    error: /found no JSON-RPC messages/,
  },
  { name: 'a text is not JSON-RPC', input: 'text', error: /expected JSON-RPC 2.0 messages/ },
  { name: 'a chat completion is not JSON-RPC', input: { choices: [] }, error: /expected JSON-RPC 2.0 messages/ },
]);

describe('mcp: recorded transcripts of the reference servers', () => {
  test('server-filesystem: 7 calls, structuredContent results keep the content, 2 isError results (outside the allowed dirs, ENOENT)', () => {
    const lines = filesystem();
    const { calls, warnings } = parse(lines);
    const structured = (id: number, tool: string, args: Record<string, unknown>, text: string) =>
      ok(id, tool, args, { content: text }, { content: responseContent(lines, id) });
    expect(calls).toEqual([
      structured(3, 'list_allowed_directories', {}, 'Allowed directories:\n/tmp/mcpwork/sandbox'),
      structured(4, 'read_text_file', { path: '/tmp/mcpwork/sandbox/notes.txt' }, 'hello from a test file\n'),
      structured(
        5,
        'write_file',
        { path: '/tmp/mcpwork/sandbox/out.txt', content: 'written by tools/call' },
        'Successfully wrote to /tmp/mcpwork/sandbox/out.txt',
      ),
      structured(6, 'list_directory', { path: '/tmp/mcpwork/sandbox' }, '[FILE] notes.txt\n[FILE] out.txt'),
      failed(
        7,
        'read_text_file',
        { path: '/etc/hostname' },
        'Access denied - path outside allowed directories: /etc/hostname not in /tmp/mcpwork/sandbox',
      ),
      failed(
        8,
        'read_text_file',
        { path: '/tmp/mcpwork/sandbox/missing.txt' },
        "ENOENT: no such file or directory, open '/tmp/mcpwork/sandbox/missing.txt'",
      ),
      structured(
        9,
        'search_files',
        { path: '/tmp/mcpwork/sandbox', pattern: '*.txt' },
        '/tmp/mcpwork/sandbox/notes.txt\n/tmp/mcpwork/sandbox/out.txt',
      ),
    ]);
    expect(warnings).toEqual([]);
  });

  test('server-memory: 5 calls with nested arguments and structured results, one isError for a non-array argument', () => {
    const lines = memory();
    const { calls } = parse(lines);
    const ada = { name: 'Ada', entityType: 'person', observations: ['writes TypeScript'] };
    const acme = { name: 'Acme', entityType: 'organization', observations: ['builds tools'] };
    const worksAt = { from: 'Ada', to: 'Acme', relationType: 'works_at' };
    const structured = (id: number, tool: string, args: Record<string, unknown>, result: unknown) =>
      ok(id, tool, args, result, { content: responseContent(lines, id) });
    expect(calls).toEqual([
      structured(3, 'create_entities', { entities: [ada, acme] }, { entities: [ada, acme] }),
      structured(4, 'create_relations', { relations: [worksAt] }, { relations: [worksAt] }),
      structured(5, 'search_nodes', { query: 'TypeScript' }, { entities: [ada], relations: [worksAt] }),
      structured(6, 'read_graph', {}, { entities: [ada, acme], relations: [worksAt] }),
      failed(
        7,
        'create_entities',
        { entities: 'not-an-array' },
        'MCP error -32602: Input validation error: Invalid arguments for tool create_entities: Invalid input: expected array, received string at entities',
      ),
    ]);
  });

  test('the corpus counts: 9/7/5 calls, 6 isError results', () => {
    const all = [everything(), filesystem(), memory()].map((lines) => parse(lines).calls);
    expect(all.map((calls) => calls.length)).toEqual([9, 7, 5]);
    expect(all.flat().filter((call) => call.is_error)).toHaveLength(6);
  });

  test('the raw messages without the {dir} wrappers give the same calls', () => {
    const lines = everything();
    expect(parse(lines.map((line) => line.message)).calls).toEqual(parse(lines).calls);
  });

  test('auto-detection picks mcp for transcripts, raw message lists and recorded sessions', () => {
    const lines = everything();
    expect(detectFormat(lines)).toBe('mcp');
    expect(detectFormat(lines.map((line) => line.message))).toBe('mcp');
    expect(detectFormat({ format: 'mcp', messages: [] })).toBe('mcp');
    expect(detectFormat(lines[6]!.message)).toBe('mcp');
    const extracted = autoExtract(lines);
    expect(extracted.format).toBe('mcp');
    expect(extracted.calls.map((call) => call.tool)).toEqual(parse(lines).calls.map((call) => call.tool));
  });

  test('fromMCP reads in-memory traffic and reports warnings through onWarning', () => {
    const warnings: string[] = [];
    const calls = fromMCP(memory(), { onWarning: (warning) => warnings.push(warning) });
    expect(calls.map((call) => call.tool)).toEqual([
      'create_entities',
      'create_relations',
      'search_nodes',
      'read_graph',
      'create_entities',
    ]);
    expect(warnings).toEqual([]);
  });
});

describe('mcp: recorded sessions (toolscore mcp record)', () => {
  /** The everything transcript as the recorder stores it: tools/call requests and their responses only. */
  function recordedSession(wrap: boolean): Record<string, unknown> {
    const lines = everything();
    const callIds = new Set(lines.filter((l) => l.message.method === 'tools/call').map((l) => l.message.id));
    const messages: unknown[] = [];
    let clock = 1_790_000_000;
    for (const line of lines) {
      if (!callIds.has(line.message.id as number)) continue;
      clock += 0.25;
      const isResponse = line.dir === 'server->client';
      if (wrap) messages.push({ direction: line.dir, timestamp: clock, message: line.message });
      else messages.push(isResponse ? { ...line.message, duration: (line.message.id as number) / 1000 } : line.message);
    }
    return {
      format: 'mcp',
      recorded_by: 'toolscore mcp record',
      server_command: ['npx', '@modelcontextprotocol/server-everything'],
      messages,
    };
  }

  test('raw messages with the recorded round trip as "duration" on the response', () => {
    const { calls, warnings } = parse(recordedSession(false));
    expect(calls).toHaveLength(9);
    expect(calls.map((call) => call.duration)).toEqual([0.003, 0.004, 0.005, 0.006, 0.007, 0.008, 0.009, 0.01, 0.011]);
    expect(calls.map((call) => call.is_error)).toEqual([false, false, true, true, true, false, false, false, false]);
    expect(warnings).toEqual([]);
    expect(detectFormat(recordedSession(false))).toBe('mcp');
  });

  test('wrapped messages with direction and timestamps: call time from the request, duration from the two timestamps', () => {
    const { calls } = parse(recordedSession(true));
    expect(calls).toHaveLength(9);
    expect(calls[0]).toMatchObject({
      tool: 'echo',
      timestamp: 1_790_000_000.25,
      duration: 0.25,
      result: 'Echo: Hello, MCP!',
    });
    expect(calls.every((call) => call.duration === 0.25)).toBe(true);
  });

  test('wrapper "duration" and ISO timestamps', () => {
    const { calls } = parse({
      format: 'mcp',
      messages: [
        {
          direction: 'client->server',
          timestamp: '2026-08-31T10:00:00.123456Z',
          message: {
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'echo', arguments: { message: 'hi' } },
          },
        },
        {
          direction: 'server->client',
          timestamp: '2026-08-31T10:00:01.123456Z',
          duration: 0.5,
          message: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'hi' }] } },
        },
      ],
    });
    expect(calls).toEqual([
      {
        ...ok(1, 'echo', { message: 'hi' }, 'hi'),
        timestamp: Date.parse('2026-08-31T10:00:00Z') / 1000 + 0.123456,
        duration: 0.5,
      },
    ]);
  });

  test('a request never answered stays a call without a result, with a warning', () => {
    const request = everything()[6]!.message; // tools/call echo, id 3
    const { calls, warnings } = parse({ format: 'mcp', messages: [request] });
    expect(calls).toEqual([
      {
        tool: 'echo',
        args: { message: 'Hello, MCP!' },
        is_error: false,
        id: '3',
        metadata: { format: 'mcp', jsonrpc_id: 3 },
      },
    ]);
    expect(warnings).toEqual([
      't.json at $.messages[0]: no response recorded for the tools/call of "echo"; kept the call without a result',
    ]);
  });

  test('an empty recorded session is zero calls, with a note', () => {
    const { calls, warnings } = parse({ format: 'mcp', recorded_by: 'toolscore mcp record', messages: [] });
    expect(calls).toEqual([]);
    expect(warnings).toEqual(['t.json at $: no tools/call requests among 0 JSON-RPC messages']);
  });
});

describe('mcp: SDK fixtures and spec examples', () => {
  const SDK = 'mcp/sdk-fixtures-2025-11-25';
  const SPEC = 'mcp/spec-examples-2026-07-28';

  test('CallToolResult shapes: text, structured, isError', () => {
    const request = readCorpusJson(SDK, 'JSONRPCRequest__request-envelope.json');
    const answer = (file: string) =>
      parse([request, { jsonrpc: '2.0', id: 1, result: readCorpusJson(SDK, file) }]).calls[0];
    expect(answer('CallToolResult__text.json')).toEqual(
      ok(1, 'get_weather', { location: 'New York' }, 'Current weather in New York: 72F, partly cloudy'),
    );
    expect(answer('CallToolResult__structured.json')).toEqual(
      ok(
        1,
        'get_weather',
        { location: 'New York' },
        { temperature: 22.5, conditions: 'Partly cloudy' },
        { content: [{ type: 'text', text: '{"temperature": 22.5}' }] },
      ),
    );
    expect(answer('CallToolResult__is-error.json')).toEqual(
      failed(1, 'get_weather', { location: 'New York' }, 'Failed to fetch weather data: API rate limit exceeded'),
    );
    const spec = (file: string) =>
      parse([request, { jsonrpc: '2.0', id: 1, result: readCorpusJson(SPEC, file) }]).calls[0]!;
    expect(spec('CallToolResult__result-with-array-structured-content.json').result).toEqual([
      { id: '1', name: 'Alice', email: 'alice@example.com' },
      { id: '2', name: 'Bob', email: 'bob@example.com' },
    ]);
    expect(spec('CallToolResult__invalid-tool-input-error.json')).toMatchObject({
      is_error: true,
      error: 'Invalid departure date: must be in the future. Current date is 08/08/2025.',
    });
    expect(spec('CallToolResult__result-with-unstructured-text.json')).toMatchObject({
      is_error: false,
      result: 'Current weather in New York:\nTemperature: 72°F\nConditions: Partly cloudy',
    });
  });

  test('string ids ("call-tool-example") join; a bare CallToolRequest without id or jsonrpc is still a call', () => {
    const { calls, warnings } = parse([
      readCorpusJson(SPEC, 'ListToolsRequest__list-tools-request.json'),
      readCorpusJson(SPEC, 'CallToolRequest__call-tool-request.json'),
      readCorpusJson(SPEC, 'CallToolResultResponse__call-tool-result-response.json'),
      readCorpusJson(SDK, 'CallToolRequest__call-tool-with-progress-token.json'),
    ]);
    expect(calls).toEqual([
      ok(
        'call-tool-example',
        'get_weather',
        { location: 'New York' },
        'Current weather in New York:\nTemperature: 72°F\nConditions: Partly cloudy',
      ),
      { tool: 'get_weather', args: { location: 'Berlin' }, is_error: false, metadata: { format: 'mcp' } },
    ]);
    expect(warnings).toEqual([]);
  });

  test('initialize, notifications (even with params) and tools/list never become calls (reference §21 item 7)', () => {
    const { calls, warnings } = parse([
      readCorpusJson(SDK, 'InitializeRequest__initialize.json'),
      readCorpusJson(SDK, 'InitializedNotification__initialized.json'),
      { jsonrpc: '2.0', method: 'notifications/initialized', params: { note: 'with params' } },
      readCorpusJson(SDK, 'ListToolsRequest__list-tools.json'),
      readCorpusJson(SDK, 'ToolListChangedNotification__tool-list-changed.json'),
      readCorpusJson(SPEC, 'ToolListChangedNotification__tools-list-changed.json'),
    ]);
    expect(calls).toEqual([]);
    expect(warnings).toEqual(['t.json at $: no tools/call requests among 6 JSON-RPC messages']);
  });
});

describe('mcp: messages the SDK rejects (sdk-rejection-fixtures)', () => {
  const fixture = (name: string) =>
    (readCorpusJson('mcp/sdk-rejection-fixtures', `${name}.json`) as { message: unknown }).message;

  test('a valid tools/call is a call', () => {
    expect(parse(fixture('valid-tools-call')).calls).toEqual([
      { tool: 'echo', args: { text: 'hi' }, is_error: false, id: '8', metadata: { format: 'mcp', jsonrpc_id: 8 } },
    ]);
  });

  test('a tools/call whose name is not a string is skipped with a warning', () => {
    const { calls, warnings } = parse(fixture('invalid-spec-params'));
    expect(calls).toEqual([]);
    expect(warnings[0]).toBe('t.json at $.params.name: skipped a tools/call with no tool name');
  });

  test('responses to unknown ids, a null id and jsonrpc "1.0" are skipped with warnings; pings and unknown methods are not calls', () => {
    const { calls, warnings } = parse([
      fixture('batch-array-body'),
      fixture('null-request-id'),
      fixture('request-extra-top-level-key'),
      fixture('unknown-request-method'),
      fixture('unregistered-spec-method'),
      fixture('notification-unknown-method'),
      fixture('notification-invalid-spec-params'),
      fixture('wrong-jsonrpc-version'),
      fixture('result-response-unknown-id'),
      fixture('error-response-unknown-id'),
    ]);
    expect(calls).toEqual([]);
    expect(warnings).toEqual([
      't.json at $[7].jsonrpc: skipped a message with jsonrpc "1.0"; expected "2.0"',
      't.json at $[8].id: skipped a response to id 99, which matches no earlier request',
      't.json at $[9].id: skipped a response to id 98, which matches no earlier request',
      't.json at $: no tools/call requests among 9 JSON-RPC messages',
    ]);
  });

  test('a result that is not an object is kept as is, with a warning', () => {
    const { calls, warnings } = parse([
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: {} } },
      fixture('result-not-an-object'),
    ]);
    expect(calls).toEqual([{ ...ok(7, 'echo', {}, 'nope') }]);
    expect(warnings).toEqual([
      't.json at $[1].result: the result is a string, not a CallToolResult object; kept it as is',
    ]);
  });
});

describe('mcp: shapes the corpus lacks', () => {
  const call = (id: unknown, name: string, args: unknown = {}) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  const text = (id: unknown, value: string) => ({
    jsonrpc: '2.0',
    id,
    result: { content: [{ type: 'text', text: value }] },
  });

  test('string id "1" and number id 1 are different requests', () => {
    const { calls } = parse([call(1, 'a'), call('1', 'b'), text('1', 'for b'), text(1, 'for a')]);
    expect(calls.map((c) => [c.tool, c.id, c.result, c.metadata?.jsonrpc_id])).toEqual([
      ['a', '1', 'for a', 1],
      ['b', '1', 'for b', '1'],
    ]);
  });

  test('batches, nested arrays included, are flattened in order', () => {
    const { calls } = parse([
      [call(1, 'a'), [call(2, 'b')]],
      [text(2, 'B'), text(1, 'A')],
    ]);
    expect(calls.map((c) => [c.tool, c.result])).toEqual([
      ['a', 'A'],
      ['b', 'B'],
    ]);
    expect(detectFormat([[call(1, 'a')]])).toBe('mcp');
  });

  test('a server-to-client request with the same id never answers a tool call', () => {
    const { calls, warnings } = parse([
      { dir: 'client->server', message: call(0, 'summarize', { text: 'long' }) },
      {
        dir: 'server->client',
        message: { jsonrpc: '2.0', id: 0, method: 'sampling/createMessage', params: { messages: [] } },
      },
      {
        dir: 'client->server',
        message: { jsonrpc: '2.0', id: 0, result: { role: 'assistant', content: { type: 'text', text: 'sample' } } },
      },
      { dir: 'server->client', message: text(0, 'summary') },
    ]);
    expect(calls.map((c) => [c.tool, c.result])).toEqual([['summarize', 'summary']]);
    expect(warnings).toEqual([]);
  });

  test('JSON string arguments are parsed; invalid ones fail their call (no arguments) with a warning; missing ones are null', () => {
    const { calls, warnings } = parse([
      call(1, 'a', '{"q": "x"}'),
      call(2, 'b', '{oops'),
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'c' } },
      text(1, ''),
      text(2, ''),
      text(3, ''),
    ]);
    expect(calls.map((c) => c.args)).toEqual([{ q: 'x' }, {}, null]);
    expect(calls.map((c) => c.error)).toEqual([undefined, 'arguments are not valid JSON: {oops', undefined]);
    expect(calls.map((c) => c.is_error)).toEqual([false, true, false]);
    expect(warnings).toEqual([
      't.json at $[1].params.arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
    ]);
  });

  test('an empty tool name is skipped with a warning; a padded one is trimmed', () => {
    const { calls, warnings } = parse([call(1, '  '), call(2, ' echo ')]);
    expect(calls.map((c) => c.tool)).toEqual(['echo']);
    expect(warnings[0]).toBe('t.json at $[0].params.name: skipped a tools/call with no tool name');
  });

  test('an error without a message, with data; a cancelled request', () => {
    const { calls } = parse([
      call(1, 'slow'),
      { jsonrpc: '2.0', id: 1, error: { code: -32000, data: { retry: true } } },
      call(2, 'slower'),
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'user aborted' } },
    ]);
    expect(calls[0]).toMatchObject({
      is_error: true,
      error: 'JSON-RPC error -32000',
      metadata: { error_code: -32000, error_data: { retry: true } },
    });
    expect(calls[1]).toMatchObject({
      tool: 'slower',
      is_error: false,
      metadata: { cancelled: true, cancel_reason: 'user aborted' },
    });
  });

  test('an isError result with no content still has an error message; an empty result object is kept', () => {
    const { calls } = parse([
      call(1, 'a'),
      { jsonrpc: '2.0', id: 1, result: { isError: true, content: [] } },
      call(2, 'b'),
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    expect(calls[0]).toMatchObject({ is_error: true, error: 'the tool reported an error (isError) without content' });
    expect(calls[1]).toMatchObject({ is_error: false, result: {} });
  });
});

describe('mcp: MCP Inspector logs', () => {
  // A session recorded here against server-everything 2026.8.31 with the Inspector's own tracking code,
  // exported as its Protocol and Network tabs export (test/corpus/SOURCES.md); expected calls read off the files.
  const inspector = (name: string) =>
    JSON.parse(readFileSync(new URL(`../../../test/corpus/mcp/inspector/${name}`, import.meta.url), 'utf8')) as unknown;
  const read = readerFor(mcpFormat, 'inspector.json');
  const at = (iso: string) => Date.parse(iso) / 1000;
  const STRUCTURED = { temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 };
  const BAD_SUM =
    'MCP error -32602: Input validation error: Invalid arguments for tool get-sum: Invalid input: expected number, received string at a';
  // A tools/call asking the echo tool, which runs no tasks, to run as a task: a JSON-RPC error.
  const TASK_ERROR =
    'MCP error -32602: Invalid task creation result: [\n  {\n    "expected": "object",\n    "code": "invalid_type",\n    "path": [\n      "task"\n    ],\n    "message": "Invalid input: expected object, received undefined"\n  }\n]';
  /** The six answered, named tools/call requests of the session, with when each was sent and how long it took (ms). */
  const sessionCalls = (sent: [string, number][]) =>
    [
      {
        tool: 'echo',
        args: { message: 'Hello from the Inspector' },
        id: '2',
        result: 'Echo: Hello from the Inspector',
        is_error: false,
        metadata: { format: 'mcp', jsonrpc_id: 2 },
      },
      {
        tool: 'get-sum',
        args: { a: 17, b: 25 },
        id: '3',
        result: 'The sum of 17 and 25 is 42.',
        is_error: false,
        metadata: { format: 'mcp', jsonrpc_id: 3 },
      },
      {
        tool: 'get-structured-content',
        args: { location: 'Chicago' },
        id: '4',
        result: STRUCTURED,
        is_error: false,
        metadata: { format: 'mcp', jsonrpc_id: 4, content: [{ type: 'text', text: JSON.stringify(STRUCTURED) }] },
      },
      {
        tool: 'get-sum',
        args: { a: 'seventeen', b: 25 },
        id: '5',
        error: BAD_SUM,
        is_error: true,
        metadata: { format: 'mcp', jsonrpc_id: 5 },
      },
      {
        tool: 'get-weather',
        args: { city: 'Chicago' },
        id: '6',
        error: 'MCP error -32602: Tool get-weather not found',
        is_error: true,
        metadata: { format: 'mcp', jsonrpc_id: 6 },
      },
      {
        tool: 'echo',
        args: { message: 'as a task' },
        id: '8',
        error: TASK_ERROR,
        is_error: true,
        metadata: { format: 'mcp', jsonrpc_id: 8, error_code: -32602 },
      },
    ].map((call, i) => ({ ...call, timestamp: at(sent[i]![0]), duration: sent[i]![1] / 1000 }));
  /** The last call, cancelled by the client after 500 ms: no answer, so no duration. */
  const cancelled = (sent: string) => ({
    tool: 'trigger-long-running-operation',
    args: { duration: 10, steps: 5 },
    id: '9',
    is_error: false,
    timestamp: at(sent),
    metadata: {
      format: 'mcp',
      jsonrpc_id: 9,
      cancelled: true,
      cancel_reason: 'TimeoutError: The operation was aborted due to timeout',
    },
  });

  test('the Protocol export: request entries carry their responses, duration in ms; isError results failed; a nameless call warned', () => {
    const log = inspector('server-everything-2026.8.31.protocol-export.json');
    expect(detectFormat(log)).toBe('mcp');
    expect(read(log)).toEqual({
      calls: [
        ...sessionCalls([
          ['2026-12-03T08:38:15.597Z', 58],
          ['2026-12-03T08:38:15.656Z', 79],
          ['2026-12-03T08:38:15.735Z', 36],
          ['2026-12-03T08:38:15.772Z', 59],
          ['2026-12-03T08:38:15.832Z', 30],
          ['2026-12-03T08:38:15.891Z', 27],
        ]),
        cancelled('2026-12-03T08:38:15.919Z'),
      ],
      // The server's JSON-RPC error answers the nameless request, and so no call.
      warnings: [
        'inspector.json at $[7].message.params.name: skipped a tools/call with no tool name',
        'inspector.json at $[9].message: no response recorded for the tools/call of "trigger-long-running-operation"; kept the call without a result',
      ],
    });
  });

  test('the Network export: JSON-RPC in the requestBody texts, answers as Server-Sent Events in responseBody', () => {
    const log = inspector('server-everything-2026.8.31.network-export.json');
    expect(detectFormat(log)).toBe('mcp');
    expect(read(log)).toEqual({
      calls: [
        ...sessionCalls([
          ['2026-12-03T08:38:15.598Z', 56],
          ['2026-12-03T08:38:15.656Z', 78],
          ['2026-12-03T08:38:15.735Z', 34],
          ['2026-12-03T08:38:15.772Z', 58],
          ['2026-12-03T08:38:15.832Z', 29],
          ['2026-12-03T08:38:15.892Z', 25],
        ]),
        // Its body was still streaming when the client gave up, so the Inspector recorded none.
        cancelled('2026-12-03T08:38:15.919Z'),
      ],
      warnings: [
        'inspector.json at $[8].requestBody.params.name: skipped a tools/call with no tool name',
        'inspector.json at $[10].requestBody: no response recorded for the tools/call of "trigger-long-running-operation"; kept the call without a result',
      ],
    });
  });

  test('the GET that opens the event stream (headers, no body) is no JSON-RPC message', () => {
    const [initialize, initialized, streamGet] = inspector('server-everything-2026.8.31.network-export.json') as [
      unknown,
      unknown,
      unknown,
    ];
    expect(streamGet).toMatchObject({ method: 'GET', url: 'http://localhost:38417/mcp', responseStatus: 200 });
    expect(read([initialize, initialized, streamGet])).toEqual({
      calls: [],
      warnings: ['inspector.json at $: no tools/call requests among 3 JSON-RPC messages'],
    });
    expect(() => read([streamGet])).toThrow(/found no JSON-RPC messages/);
  });

  // Written after the Inspector's fetch tracking tests: what the recorded session lacks (a server answering
  // application/json instead of Server-Sent Events, an aborted request, an OAuth entry).
  test('a responseBody of plain JSON, a transport error without a response, and auth entries', () => {
    const entry = (id: number, extra: Record<string, unknown>) => ({
      id: `n-${id}`,
      timestamp: '2026-07-28T10:31:00.000Z',
      method: 'POST',
      url: 'https://example.com/mcp',
      requestBody: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'search', arguments: { q: 'mcp' } },
      }),
      category: 'transport',
      ...extra,
    });
    const { calls, warnings } = read([
      {
        id: 'a-1',
        method: 'POST',
        url: 'https://auth.example.com/token',
        requestBody: 'grant_type=authorization_code&code=abc',
        category: 'auth',
      },
      entry(1, {
        responseBody: '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"3 hits"}]}}',
        duration: 250,
      }),
      entry(2, { error: 'The operation was aborted' }),
    ]);
    expect(warnings).toEqual([]);
    expect(calls.map((call) => [call.tool, call.id, call.result, call.is_error, call.error, call.duration])).toEqual([
      ['search', '1', '3 hits', false, undefined, 0.25],
      ['search', '2', undefined, true, 'The operation was aborted', undefined],
    ]);
  });
});

describe('mcp: {"calls": [...]} and {"tools": [...]} wrappers', () => {
  // The Python tool reads JSON-RPC messages wrapped under "calls" or "tools"; the messages here are the
  // recorded memory-server transcript of the shared corpus.
  const parse = readerFor(mcpFormat, 'wrapped.json');
  const messages = () =>
    readCorpusJsonl('mcp/recorded-transcripts', 'server-memory-2026.8.31.stdio.jsonl').map(
      (line) => (line as Line).message,
    );

  test('JSON-RPC messages under "calls" or "tools" are detected as mcp and read as the bare messages are', () => {
    for (const key of ['calls', 'tools']) {
      const wrapped = { [key]: messages() };
      expect(detectFormat(wrapped)).toBe('mcp');
      expect(parse(wrapped).calls.map((call) => call.tool)).toEqual([
        'create_entities',
        'create_relations',
        'search_nodes',
        'read_graph',
        'create_entities',
      ]);
      expect(parse(wrapped).calls).toEqual(parse(messages()).calls);
    }
  });

  test('a tools/list catalogue under "tools" is no wrapper of messages', () => {
    const catalogue = {
      tools: [{ name: 'get_weather', description: 'Weather by city', inputSchema: { type: 'object' } }],
    };
    expect(detectFormat(catalogue)).toBeUndefined();
    expect(() => parse(catalogue)).toThrow(ToolscoreInputError);
  });
});

test('a transcript records no reply: a response check fails as "no reply recorded", though a tool result says its words', () => {
  const expected = {
    calls: [{ tool: 'trigger-long-running-operation' }],
    allow_extra_calls: true,
    response: { contains: ['completed'] },
  };
  const outcome = evaluate({ expected, actual: everything() }).metrics.outcome_metrics!;
  // Call 10's result says "Long running operation completed."; that is the server's text, not a reply.
  expect(outcome.reply_checks).toEqual({ checks: 1, passed: 0 });
  expect(outcome.failures.map((failure) => failure.message)).toEqual(['no reply recorded']);
});
