import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { looksLikeServerSentEvents, parseServerSentEvents } from './sse.js';
import { loadTraceFile } from './trace.js';

function fixture(path: string): string {
  return fileURLToPath(new URL(`../../test/corpus/providers/${path}`, import.meta.url));
}

function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'toolscore-sse-')), name);
  writeFileSync(path, text);
  return path;
}

describe('Server-Sent Events captures (openllmetry cassettes: response bodies as the provider sent them)', () => {
  test('a Cohere v2 stream with event: lines and data: [DONE] reads as its two calls, under auto and -f cohere', async () => {
    const path = fixture('cohere/openllmetry-v2-chat-tool-calls-stream.sse.txt');
    const calls = [
      {
        tool: 'get_time',
        args: { location: 'Tokyo' },
        id: 'get_time_dg5wwc00d8v5',
        is_error: false,
        metadata: { format: 'cohere.tool_call', finish_reason: 'TOOL_CALL' },
      },
      {
        tool: 'get_weather',
        args: { location: 'Tokyo' },
        id: 'get_weather_bc8241gkqss5',
        is_error: false,
        metadata: { format: 'cohere.tool_call', finish_reason: 'TOOL_CALL' },
      },
    ];
    // The stream has no content-delta event: no reply.
    expect(await loadTraceFile(path)).toEqual({ calls, format: 'cohere', warnings: [], replies: [null] });
    expect(await loadTraceFile(path, 'cohere')).toEqual({ calls, format: 'cohere', warnings: [], replies: [null] });
  });

  test('an OpenAI chat.completion.chunk stream (data: lines only, ending in [DONE])', async () => {
    expect(await loadTraceFile(fixture('openai/openllmetry-chat-tools-streaming.sse.txt'))).toEqual({
      calls: [
        {
          tool: 'get_current_weather',
          args: { location: 'San Francisco' },
          id: 'call_P9Ayqu3UQNYuTBVAg2sLimh9',
          is_error: false,
          metadata: { format: 'tool_calls' },
        },
      ],
      format: 'openai',
      warnings: [],
      // Its deltas carry tool call fragments and no content: no reply.
      replies: [null],
    });
  });

  test('an Anthropic Messages stream (event: / data: pairs, ping events, padded JSON)', async () => {
    const metadata = { format: 'tool_use', stop_reason: 'tool_use' };
    expect(await loadTraceFile(fixture('anthropic/openllmetry-tools-streaming.sse.txt'))).toEqual({
      calls: [
        {
          tool: 'get_weather',
          args: { location: 'San Francisco, CA', unit: 'celsius' },
          id: 'toolu_014x5X91kx3fvdhpLvwXZWE2',
          is_error: false,
          metadata,
        },
        {
          tool: 'get_time',
          args: { timezone: 'America/Los_Angeles' },
          id: 'toolu_0121kXsENLvoDZ72LCuAnCCz',
          is_error: false,
          metadata,
        },
      ],
      format: 'anthropic',
      warnings: [],
      // The text block before the calls, joined from its ten text_delta events.
      replies: [
        "Certainly! I can help you with that information. To get the weather and current time in San Francisco, I'll need to use two separate functions. Let me fetch that data for you.",
      ],
    });
  });
});

describe('parseServerSentEvents', () => {
  test('multi-line data is joined by newlines; comments, id, retry and CRLF line ends are handled', () => {
    const text =
      ': keep-alive\r\nid: 1\r\nretry: 100\r\nevent: x\r\ndata: {"a":\r\ndata:  [1,\r\ndata: 2]}\r\n\r\ndata:{"b":true}\n\ndata: [DONE]\n';
    expect(parseServerSentEvents(text, 's.txt')).toEqual([{ a: [1, 2] }, { b: true }]);
  });

  test('data that is not JSON is an error naming the line of its event', () => {
    const text = 'data: {"a":1}\n\nevent: message\ndata: not json\n\n';
    expect(() => parseServerSentEvents(text, 's.txt')).toThrow(
      new ToolscoreInputError(
        { source: 's.txt', line: 4 },
        'expected JSON in the data of this Server-Sent Event, got "not json"',
      ),
    );
  });

  test('a capture with no data is an error, not zero events', async () => {
    const path = tempFile('empty.sse', 'event: ping\n\ndata: [DONE]\n\n');
    await expect(loadTraceFile(path)).rejects.toThrow(
      `${path}: these Server-Sent Events hold no JSON data; expected "data: {...}" lines`,
    );
  });

  test('JSON documents are not taken for SSE; SSE text is', () => {
    expect(looksLikeServerSentEvents('{"data": 1}')).toBe(false);
    expect(looksLikeServerSentEvents('\n\n  [1]')).toBe(false);
    expect(looksLikeServerSentEvents('')).toBe(false);
    expect(looksLikeServerSentEvents('\ufeffevent: message_start\ndata: {}')).toBe(true);
    expect(looksLikeServerSentEvents('\n\ndata: {}')).toBe(true);
    expect(looksLikeServerSentEvents(': comment')).toBe(true);
  });

  test('property: any list of JSON values written as SSE (pretty-printed over several data: lines, LF or CRLF) reads back as that list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        (values, crlf, done) => {
          const eol = crlf ? '\r\n' : '\n';
          const events = values.map(
            (value, i) =>
              `event: e${i}${eol}${JSON.stringify(value, null, 2)
                .split('\n')
                .map((line) => `data: ${line}`)
                .join(eol)}${eol}${eol}`,
          );
          const text = events.join('') + (done ? `data: [DONE]${eol}${eol}` : '');
          expect(looksLikeServerSentEvents(text)).toBe(true);
          expect(parseServerSentEvents(text, 's')).toEqual(JSON.parse(JSON.stringify(values)));
          // A JSON document never looks like SSE.
          expect(looksLikeServerSentEvents(JSON.stringify(values))).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
