import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { readWithFormat } from './auto.js';
import { FORMATS, knownNonTrace, undetectedFormatError, withEveryFormat } from './registry.js';

function detectionError(data: unknown): ToolscoreInputError {
  try {
    readWithFormat(data, 'auto', 'trace.json');
  } catch (error) {
    if (error instanceof ToolscoreInputError) return error;
    throw error;
  }
  throw new Error('expected a ToolscoreInputError');
}

const TAIL = 'Pass --format if it is one of the formats (--verbose lists them).';

describe('the "could not detect" error names the nearest format, or what the data is', () => {
  test('a message-like object of an unknown type: nearest anthropic, with what it found and missed', () => {
    // Without `type` this is a role-less Anthropic message, which is read; a type of its own makes it no message.
    expect(detectionError({ content: [{ type: 'tool_use', name: 'f', input: {} }], type: 'turn' }).message).toBe(
      `trace.json at $: could not detect the trace format of an object with keys content, type: the nearest format is anthropic: found content, tool_use but not tool_result, tool_use_id, stop_reason, message_start (it looks for ${FORMATS.get('anthropic')!.looksFor}). ${TAIL}`,
    );
  });

  test('well-known non-traces are named', () => {
    expect(detectionError({}).reason).toBe(
      `could not detect the trace format of an empty object: this is an empty object. ${TAIL}`,
    );
    const groq = {
      error: {
        message: 'Failed to call a function.',
        type: 'invalid_request_error',
        code: 'tool_use_failed',
        failed_generation: '<function=get_weather>',
      },
    };
    // The openai reader claims {"error": ...} bodies itself and says so; the name is what detection falls back on.
    expect(knownNonTrace(groq)).toBe('this is a Groq API error body (error.failed_generation), not a response');
    expect(detectionError('data: {"id":"chatcmpl-1"}\n\ndata: [DONE]\n').reason).toBe(
      `could not detect the trace format of a string: this looks like Server-Sent Events text (event: / data: lines), not JSON. ${TAIL}`,
    );
    expect(knownNonTrace({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toBe(
      'this is an Anthropic API error body (type: "error"), not a response',
    );
    expect(knownNonTrace({ error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } })).toBe(
      'this is a Google API error body (error.code, error.status), not a response',
    );
    expect(knownNonTrace({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } })).toBe(
      'this is an API error body ({"error": {"message": ...}}), not a response',
    );
    expect(knownNonTrace('event: message_start\ndata: {"type":"message_start"}\n\n')).toBe(
      'this looks like Server-Sent Events text (event: / data: lines), not JSON',
    );
    expect(knownNonTrace('<!DOCTYPE html><html><body>502 Bad Gateway</body></html>')).toBe(
      'this is an HTML page, not a recorded trace',
    );
    expect(knownNonTrace({ hello: 'world' })).toBeUndefined();
  });

  test('nothing any format knows says so, and the line stays short', () => {
    const error = detectionError({ hello: 'world' });
    expect(error.reason).toBe(
      `could not detect the trace format of an object with keys hello: no format found any key it knows. ${TAIL}`,
    );
    expect(error.message.length).toBeLessThan(200);
  });

  test('--verbose appends every format and what it looks for, still on one line', () => {
    const verbose = withEveryFormat(undetectedFormatError({ source: 't', path: '$' }, { hello: 'world' }));
    expect(verbose.message).toContain(`${TAIL} Formats: mcp (`);
    for (const format of FORMATS.values()) expect(verbose.message).toContain(`${format.name} (${format.looksFor})`);
    expect(verbose.message).not.toContain('\n');
    const other = new ToolscoreInputError({ source: 't' }, 'something else');
    expect(withEveryFormat(other)).toBe(other);
  });
});
