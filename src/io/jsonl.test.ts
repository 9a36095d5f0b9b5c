import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { corpusPath, readCorpusJson, readCorpusJsonl } from '../../test/corpus.js';
import { ToolscoreInputError } from '../core/errors.js';
import { fromMCP } from '../formats/readers/mcp.js';
import { fromOtel } from '../formats/readers/otel.js';
import { evaluateTrace } from '../evaluation/evaluate-trace.js';
import { OverlongLine, fileLines, isJsonLinesPath, looksLikeJsonLines, readJsonLines } from './jsonl.js';
import { openRegularFile } from './files.js';
import { loadTraceFile } from './trace.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dir = mkdtempSync(join(tmpdir(), 'toolscore-jsonl-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const lines = (items: unknown[], eol = '\n') => items.map((item) => JSON.stringify(item)).join(eol) + eol;

function spansOf(data: Json): Json[] {
  return data.resourceSpans.flatMap((resource: Json) => resource.scopeSpans.flatMap((scope: Json) => scope.spans));
}

async function inputError(promise: Promise<unknown>): Promise<ToolscoreInputError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ToolscoreInputError);
    return error as ToolscoreInputError;
  }
  throw new Error('expected a ToolscoreInputError');
}

describe('recognising JSON Lines', () => {
  test('by extension', () => {
    expect(isJsonLinesPath('trace.jsonl')).toBe(true);
    expect(isJsonLinesPath('/x/TRACE.NDJSON')).toBe(true);
    expect(isJsonLinesPath('trace.json')).toBe(false);
    expect(isJsonLinesPath('jsonl')).toBe(false);
  });

  test('by content: a complete value on the first line, then another line', async () => {
    expect(await looksLikeJsonLines(file('a.json', '{"tool": "a"}\n{"tool": "b"}\n'))).toBe(true);
    expect(await looksLikeJsonLines(file('b.json', '\n\n  {"s": "}\\"{[\\n"}  \r\n\r\n[1]'))).toBe(true);
    expect(await looksLikeJsonLines(file('c.json', '\ufeff{"a": 1}\n{"a": 2}'))).toBe(true);
    expect(await looksLikeJsonLines(file('d.json', '42\n43\n'))).toBe(true);
    expect(await looksLikeJsonLines(file('e.json', '"text"\n"more"\n'))).toBe(true);
  });

  test('not JSON Lines: pretty-printed documents, one-line documents, two values on one line, missing files', async () => {
    expect(await looksLikeJsonLines(file('f.json', '{\n  "calls": []\n}\n'))).toBe(false);
    expect(await looksLikeJsonLines(file('g.json', '[\n{"tool": "a"}\n]'))).toBe(false);
    expect(await looksLikeJsonLines(file('h.json', '{"calls": [{"tool": "a"}]}\n'))).toBe(false);
    expect(await looksLikeJsonLines(file('i.json', '{"a": 1}\n\n   \n'))).toBe(false);
    expect(await looksLikeJsonLines(file('j.json', '{"a": 1} {"a": 2}\n{"a": 3}'))).toBe(false);
    expect(await looksLikeJsonLines(file('k.json', ''))).toBe(false);
    expect(await looksLikeJsonLines(join(dir, 'missing.json'))).toBe(false);
    // first lines longer than one read buffer (1 MiB): a JSON Lines record, a minified document
    const big = `{"big": "${'x'.repeat(1_500_000)}", "n": [${'1,'.repeat(600_000)}1], "s": "}]\\"{"}`;
    expect(await looksLikeJsonLines(file('l.json', `${big}\n{"a": 1}\n`))).toBe(true);
    expect(await looksLikeJsonLines(file('m.json', `${big}\n`))).toBe(false);
    expect(await looksLikeJsonLines(file('n.json', big))).toBe(false);
    expect(await looksLikeJsonLines(file('o.json', `${big.slice(0, -1)}\n, "more": 1}\n`))).toBe(false);
  });
});

describe('readJsonLines', () => {
  test('parsed items with their line numbers; blank lines and CRLF endings are fine', async () => {
    const seen: [unknown, number][] = [];
    const count = await readJsonLines(file('r.jsonl', '\ufeff{"a": 1}\r\n\r\n  \r\n[2]\r\n"three"'), (item, line) =>
      seen.push([item, line]),
    );
    expect(count).toBe(3);
    expect(seen).toEqual([
      [{ a: 1 }, 1],
      [[2], 4],
      ['three', 5],
    ]);
  });

  test('a bad line is an input error naming the file, the line and the column', async () => {
    const path = file('bad.jsonl', '{"tool": "a"}\n{"tool": "b"}\n{"tool": "c",}\n{"tool": "d"}\n');
    const error = await inputError(readJsonLines(path, () => undefined));
    expect(error.location).toMatchObject({ source: path, line: 3, column: 14 });
    expect(error.message).toBe(`${path}:3:14: invalid JSON: unexpected '}'; expected a property name in double quotes`);
  });

  test('a line longer than a read chunk, with characters of several bytes across the chunk boundary', async () => {
    // 1 MiB chunks: 'é' is 2 bytes and '€' 3, so some character straddles each boundary.
    const long = 'é€'.repeat(300_000);
    const seen: unknown[] = [];
    await readJsonLines(file('long.jsonl', `"a"\n${JSON.stringify(long)}\n"b"\n`), (item) => seen.push(item));
    expect(seen).toEqual(['a', long, 'b']);
  });

  test('property: the items are the non-blank lines of the text split at LF (CR before LF dropped)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom('\n', '\r\n', '\n\n  \n')), {
          minLength: 1,
          maxLength: 20,
        }),
        async (rows) => {
          const path = file(`prop-${run++}.jsonl`, rows.map(([text, end]) => JSON.stringify(text) + end).join(''));
          const seen: unknown[] = [];
          const count = await readJsonLines(path, (item) => seen.push(item));
          expect(seen).toEqual(rows.map(([text]) => text));
          expect(count).toBe(rows.length);
        },
      ),
      { numRuns: 100 },
    );
  });

  test('a line past maxLineBytes is refused with its line number', async () => {
    const path = file('cap.jsonl', '"short"\n"a line of twenty-two"\n');
    expect((await inputError(readJsonLines(path, () => undefined, { maxLineBytes: 21 }))).message).toBe(
      `${path}:2: line longer than 21 bytes; raise limits.maxLineBytes (--max-line-bytes) if this is intended`,
    );
    expect(await readJsonLines(path, () => undefined, { maxLineBytes: 22 })).toBe(2);
  });

  test('skipOverlong: a line past the limit is skipped to its line break and named; the lines around it read', async () => {
    // Lines: 3 bytes, 25 bytes over 2 reads of a 16-byte limit, a blank, 3 bytes, then 30 bytes with no line break.
    const path = file('skip.jsonl', `"a"\n${'x'.repeat(25)}\n\n"b"\n${'y'.repeat(30)}`);
    const handle = await openRegularFile(path);
    const seen: unknown[] = [];
    try {
      for await (const line of fileLines(handle, path, 16, { skipOverlong: true }))
        seen.push(line instanceof OverlongLine ? [line.line, line.error.message] : line);
    } finally {
      await handle.close();
    }
    const tooLong = (line: number) =>
      `${path}:${line}: line longer than 16 bytes; raise limits.maxLineBytes (--max-line-bytes) if this is intended`;
    expect(seen).toEqual(['"a"', [2, tooLong(2)], '', '"b"', [5, tooLong(5)]]);
  });

  test('missing files and folders', async () => {
    expect((await inputError(readJsonLines(join(dir, 'nope.jsonl'), () => undefined))).message).toBe(
      `${join(dir, 'nope.jsonl')}: file not found`,
    );
    const folder = join(dir, 'folder.jsonl');
    mkdirSync(folder, { recursive: true });
    expect((await inputError(readJsonLines(folder, () => undefined))).reason).toBe(
      'is a directory, expected a JSON file',
    );
  });
});

describe('loading JSON Lines traces', () => {
  test('OTel: one span per line gives the same calls as the export', async () => {
    const data = readCorpusJson(
      'otel/ai-sdk-v7-gen_ai',
      'openai-chat-parallel-tool-calls-one-tool-error.gen_ai.otlp.json',
    ) as Json;
    const trace = await loadTraceFile(file('spans.jsonl', lines(spansOf(data))));
    expect(trace.format).toBe('otel');
    expect(trace.calls).toEqual(fromOtel(data));
    expect(trace.calls.map((call) => [call.args, call.is_error])).toEqual([
      [{ location: 'Seattle, WA' }, false],
      [{ location: 'San Francisco, CA' }, true],
    ]);
    expect(trace.warnings).toEqual([]);
  });

  test('OTel: one export per line (collector file exporter), detected without the extension', async () => {
    const a = readCorpusJson('otel/ai-sdk-v7-gen_ai', 'anthropic-messages-tool-use.gen_ai.otlp.json');
    const b = readCorpusJson('vercel-ai-sdk/v5', 'openai-responses-function-call.ai_sdk_v5.otlp.json');
    const trace = await loadTraceFile(file('exports.json', lines([a, b])));
    expect(trace.format).toBe('otel');
    expect(trace.calls.map((call) => [call.tool, call.id, call.result])).toEqual([
      ['get_weather', 'toolu_01UAcA2APHENDob6qJ8kmoaC', 'Sunny in San Francisco'],
      ['get_current_weather', 'call_90uO5LcGP5vTBTCrjyhYtWsA', '50 degrees and raining'],
    ]);
  });

  test('MCP: a recorded stdio transcript, read straight from the corpus', async () => {
    const path = corpusPath('mcp/recorded-transcripts/server-everything-2026.8.31.stdio.jsonl');
    const trace = await loadTraceFile(path);
    expect(trace.format).toBe('mcp');
    expect(trace.calls).toEqual(
      fromMCP(readCorpusJsonl('mcp/recorded-transcripts/server-everything-2026.8.31.stdio.jsonl')),
    );
    expect(trace.calls).toHaveLength(9);
    expect(trace.warnings).toEqual([]);
  });

  test('MCP: warnings and skipped entries name the line', async () => {
    const path = file(
      'mcp.jsonl',
      lines([
        {
          dir: 'client->server',
          message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: '', arguments: {} } },
        },
        {
          dir: 'client->server',
          message: {
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: { name: 'echo', arguments: { message: 'hi' } },
          },
        },
        {
          dir: 'server->client',
          message: { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'hi' }] } },
        },
        { dir: 'server->client', message: { jsonrpc: '2.0', id: 9, result: {} } },
      ]),
    );
    const trace = await loadTraceFile(path);
    expect(trace.calls.map((call) => [call.tool, call.result])).toEqual([['echo', 'hi']]);
    expect(trace.warnings).toEqual([
      `${path} at line 1: $.message.params.name: skipped a tools/call with no tool name`,
      `${path} at line 4: $.message.id: skipped a response to id 9, which matches no earlier request`,
    ]);
  });

  test('custom: one call per line, aliases and failures kept; a line that is a list gives several calls', async () => {
    const path = file(
      'calls.ndjson',
      lines([
        { tool: 'search', args: { q: 'x' }, result: ['a'], duration: 0.5 },
        { name: 'deploy', arguments: '{"env": "prod"}', error: 'timed out' },
        [{ tool: 'a' }, { tool: 'b' }],
        { note: 'no tool here' },
      ]),
    );
    const trace = await loadTraceFile(path);
    expect(trace.format).toBe('custom');
    expect(trace.calls).toEqual([
      { tool: 'search', args: { q: 'x' }, result: ['a'], duration: 0.5, is_error: false },
      { tool: 'deploy', args: { env: 'prod' }, error: 'timed out', is_error: true },
      { tool: 'a', args: null, is_error: false },
      { tool: 'b', args: null, is_error: false },
    ]);
    expect(trace.warnings).toEqual([`${path} at line 4: $: skipped a call with no tool name`]);
  });

  test('custom: a bad value in a line is an input error naming the line', async () => {
    const path = file('bad-duration.jsonl', lines([{ tool: 'a' }, { tool: 'b', duration: 'slow' }]));
    const error = await inputError(loadTraceFile(path));
    expect(error.message).toBe(`${path} at line 2: $.duration: expected a number, got a string`);
  });

  test('a bad JSON line while loading a trace names the file and the line', async () => {
    const path = file('broken.jsonl', `${lines([{ tool: 'a' }])}{"tool": "b"\n`);
    const error = await inputError(loadTraceFile(path));
    expect(error.location).toMatchObject({ source: path, line: 2 });
    expect(error.message).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:\\d+: invalid JSON`));
  });

  test('an explicit format, and a format without a stream reader (its lines are read as one list)', async () => {
    const spans = spansOf(readCorpusJson('otel/ai-sdk-v7-gen_ai', 'gemini-function-call.gen_ai.otlp.json') as Json);
    expect((await loadTraceFile(file('explicit.jsonl', lines(spans)), 'otel')).calls.map((call) => call.tool)).toEqual([
      'weather',
    ]);
    const chat = [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Paris"}' } },
        ],
      },
    ];
    const trace = await loadTraceFile(file('chat.jsonl', lines(chat)), 'openai');
    expect(trace.calls.map((call) => [call.tool, call.args])).toEqual([['get_weather', { city: 'Paris' }]]);
  });

  test('lines that match no format, and empty files, are errors rather than zero calls', async () => {
    const unknown = file('unknown.jsonl', lines([{ hello: 'world' }, { hello: 'again' }]));
    expect((await inputError(loadTraceFile(unknown))).message).toBe(
      `${unknown}:1: could not detect the trace format: no format found any key it knows (--explain)`,
    );
    expect((await inputError(loadTraceFile(file('empty.jsonl', '\n\n')))).reason).toBe(
      'the file is empty; expected one JSON value per line (JSON Lines)',
    );
    const noGenAi = file('http.jsonl', lines([{ traceId: 'a', spanId: 'b', name: 'GET /', attributes: [] }]));
    expect((await inputError(loadTraceFile(noGenAi))).reason).toMatch(/none of the 1 spans is a GenAI span/);
  });

  test('evaluateTrace scores a JSON Lines trace end to end', async () => {
    const gold = file(
      'gold.json',
      JSON.stringify([
        { tool: 'echo', args: { message: 'Hello, MCP!' } },
        { tool: 'get-sum', args: { a: 2, b: 40 } },
      ]),
    );
    const result = await evaluateTrace({
      goldFile: gold,
      traceFile: corpusPath('mcp/recorded-transcripts/server-everything-2026.8.31.stdio.jsonl'),
    });
    expect(result.traceCalls).toHaveLength(9);
    expect(result.requiredCallRecall).toBe(1);
  });

  test('a regular JSON document is still read whole', async () => {
    const trace = await loadTraceFile(file('doc.json', JSON.stringify({ calls: [{ tool: 'a' }] }, null, 2)));
    expect(trace).toEqual({ calls: [{ tool: 'a', args: null, is_error: false }], format: 'custom', warnings: [] });
  });
});
