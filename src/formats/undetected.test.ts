import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { readWithFormat } from './auto.js';
import {
  FORMATS,
  knownNonTrace,
  UNDETECTED_REASON_LIMIT,
  undetectedFormatError,
  UndetectedFormatError,
} from './registry.js';

function detectionError(data: unknown): ToolscoreInputError {
  try {
    readWithFormat(data, 'auto', 'trace.json');
  } catch (error) {
    if (error instanceof ToolscoreInputError) return error;
    throw error;
  }
  throw new Error('expected a ToolscoreInputError');
}

const HEAD = 'could not detect the trace format: ';
const TAIL = ' (--explain)';

describe('the "could not detect" error names the nearest format, or what the data is', () => {
  test('an object none of whose parts a format takes: the nearest format and the first key of it the data lacked', () => {
    // anthropic holds content and tool_use of its seven marks; nothing below the top is a whole Anthropic message or block list.
    expect(detectionError({ content: 'x', kind: { type: 'tool_use' } }).message).toBe(
      `trace.json at $: ${HEAD}the nearest is anthropic, which lacked tool_result${TAIL}`,
    );
  });

  test('a log of events no reader takes: the nearest is the Gemini content nested under them, not a format named by keys', () => {
    // An ADK session's events without their author: ADK's reader does not take them (a whole session is read by it).
    const log = {
      id: 's1',
      events: [
        { content: { role: 'model', parts: [{ function_call: { name: 'get_weather', args: { city: 'Paris' } } }] } },
      ],
    };
    const error = detectionError(log);
    expect(error.reason).toBe(`${HEAD}the nearest is gemini, found at $.events[0].content, not at the top${TAIL}`);
  });

  test('well-known non-traces are named', () => {
    expect(detectionError({}).reason).toBe(`${HEAD}this is an empty object${TAIL}`);
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
      `${HEAD}this looks like Server-Sent Events text (event: / data: lines), not JSON${TAIL}`,
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

  test('nothing any format knows says so', () => {
    expect(detectionError({ hello: 'world' }).reason).toBe(`${HEAD}no format found any key it knows${TAIL}`);
  });

  test('a long path below the top is cut with an ellipsis so that the reason keeps to the limit', () => {
    const key = 'k'.repeat(200);
    const reason = detectionError({ [key]: { choices: [{ message: { role: 'assistant', content: 'hi' } }] } }).reason;
    // The openai response sits at $.kkk…; 120 characters in all, the cut marked.
    expect(reason).toBe(`${HEAD}${`the nearest is openai, found at $.${key}`.slice(0, 72)}…${TAIL}`);
    expect(reason.length).toBe(UNDETECTED_REASON_LIMIT);
  });

  test('the one-line reason never exceeds the limit, for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (data) => {
        const error = undetectedFormatError({ source: 'some/long/path/trace.json', path: '$' }, data);
        expect(error.reason.length).toBeLessThanOrEqual(UNDETECTED_REASON_LIMIT);
        expect(error.reason).not.toContain('\n');
        expect(error.message).toBe(`some/long/path/trace.json at $: ${error.reason}`);
      }),
    );
  });

  // Shapes of real recordings no reader claims (trimmed to their telling keys), each as the CLI prints
  // it for a file whose path has up to 22 characters: the whole line, `toolscore: ` and the location
  // included, keeps to 160 characters.
  const REALISTIC: readonly { name: string; data: unknown; line: string }[] = [
    {
      // AutoGen AgentChat `TaskResult`: its ToolCallRequestEvent content is a list of {id, arguments, name}.
      name: 'an AutoGen TaskResult: the calls of its first event, which the custom reader takes',
      data: {
        type: 'TaskResult',
        messages: [
          {
            source: 'assistant',
            type: 'ToolCallRequestEvent',
            content: [{ id: 'call_1', arguments: '{"city":"Paris"}', name: 'get_weather' }],
          },
          {
            source: 'assistant',
            type: 'ToolCallExecutionEvent',
            content: [{ content: 'sunny', call_id: 'call_1', is_error: false }],
          },
        ],
        stop_reason: null,
      },
      line: `toolscore: runs/autogen-task.json at $: ${HEAD}the nearest is custom, found at $.messages[0].content, not at the top${TAIL}`,
    },
    {
      // Letta agent messages: tool_call_message / tool_return_message, OpenAI's arguments and tool_call_id.
      name: 'Letta messages: openai by its keys, lacking its first mark',
      data: {
        messages: [
          {
            id: 'm1',
            message_type: 'tool_call_message',
            tool_call: { name: 'send_message', arguments: '{"message":"hi"}', tool_call_id: 't1' },
          },
          { id: 'm2', message_type: 'tool_return_message', tool_return: 'ok', status: 'success', tool_call_id: 't1' },
        ],
        usage: { step_count: 1 },
      },
      line: `toolscore: runs/letta-run.json at $: ${HEAD}the nearest is openai, which lacked choices${TAIL}`,
    },
    {
      // DSPy ReAct prediction: the trajectory is numbered keys (thought_0, tool_name_0, tool_args_0, ...).
      name: 'a DSPy ReAct prediction: no key any format knows',
      data: {
        trajectory: { thought_0: 'look it up', tool_name_0: 'search', tool_args_0: { q: 'x' }, observation_0: 'y' },
        reasoning: 'r',
        answer: 'a',
      },
      line: `toolscore: runs/dspy-react.json at $: ${HEAD}no format found any key it knows${TAIL}`,
    },
    {
      name: 'an HTML error page saved in place of the response',
      data: '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>Bad Gateway</body></html>\n',
      line: `toolscore: traces/run-42.json at $: ${HEAD}this is an HTML page, not a recorded trace${TAIL}`,
    },
  ];

  test.each(REALISTIC)('$name', ({ data, line }) => {
    const path = line.slice('toolscore: '.length, line.indexOf(' at $: '));
    let message = '';
    try {
      readWithFormat(data, 'auto', path);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(`toolscore: ${message}`).toBe(line);
    expect(line.length).toBeLessThanOrEqual(160);
  });

  test('the explanation lists every format, what it looks for and what this data lacked', () => {
    const error = undetectedFormatError({ source: 't', path: '$' }, { content: 'x', kind: { type: 'tool_use' } });
    expect(error).toBeInstanceOf(UndetectedFormatError);
    const lines = error.explanation.split('\n');
    expect(lines[0]).toBe(
      'could not detect the trace format of an object with keys content, kind: the nearest is anthropic, which lacked tool_result.',
    );
    expect(lines[1]).toBe(
      'Every format, in the order detection asks them, what it looks for and which of its keys this data lacked:',
    );
    expect(lines.slice(2, -1).map((line) => line.slice(2, line.indexOf(':')))).toEqual([...FORMATS.keys()]);
    expect(lines).toContain(
      `  anthropic: looks for ${FORMATS.get('anthropic')!.looksFor}; lacked: tool_result, tool_use_id, stop_reason, message_start, content_block_start`,
    );
    expect(lines).toContain(`  custom: looks for ${FORMATS.get('custom')!.looksFor}; lacked: calls, tool, args`);
    expect(lines).toContain(`  codex: looks for ${FORMATS.get('codex')!.looksFor}; lacked: (it lists no keys)`);
    expect(lines.at(-1)).toBe('Pass --format if the data is one of them in an unusual wrapping.');
  });
});
