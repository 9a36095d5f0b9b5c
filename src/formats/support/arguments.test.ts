import { describe, expect, test } from 'vitest';
import { evaluate } from '../../evaluation/evaluate.js';
import { readWithFormat } from '../auto.js';

/** Truncated JSON, as a model cut at its token limit writes it. */
const CUT = '{"email": "alice@exam';
const FAILED = 'arguments are not valid JSON: {"email": "alice@exam';
const WARNING = 'arguments are not valid JSON; the call is read as failed, with no arguments';

/**
 * Each reader that parses argument text, given a call whose text is cut (the readers with tests of
 * their own for it: openai, anthropic, bedrock, gemini, mcp, otel, langchain, vercel-ai, openai-agents,
 * claude-agent-sdk, crewai and the streams are not repeated here).
 */
const READERS: { format: string; data: unknown; at: string }[] = [
  {
    format: 'openai',
    data: {
      object: 'response',
      output: [{ type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'lookup_customer', arguments: CUT }],
    },
    at: '$.output[0].arguments',
  },
  {
    format: 'cohere',
    data: {
      id: 'c',
      finish_reason: 'TOOL_CALL',
      message: {
        role: 'assistant',
        tool_plan: 'I will look the customer up.',
        tool_calls: [{ id: 'lookup_1', type: 'function', function: { name: 'lookup_customer', arguments: CUT } }],
      },
    },
    at: '$.message.tool_calls[0].function.arguments',
  },
  {
    format: 'ollama',
    data: {
      model: 'qwen3',
      message: {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'lookup_customer', arguments: CUT } }],
      },
      done: true,
    },
    at: '$.message.tool_calls[0].function.arguments',
  },
  {
    format: 'pydantic-ai',
    data: [
      {
        kind: 'response',
        parts: [{ part_kind: 'tool-call', tool_name: 'lookup_customer', args: CUT, tool_call_id: 'c1' }],
      },
    ],
    at: '$[0].parts[0].args',
  },
  {
    format: 'codex',
    data: [
      {
        timestamp: '2026-05-11T11:26:55.000Z',
        type: 'response_item',
        payload: { type: 'function_call', name: 'lookup_customer', arguments: CUT, call_id: 'c1' },
      },
    ],
    at: '$[0].payload.arguments',
  },
  {
    format: 'gemini-cli',
    data: {
      sessionId: 's1',
      messages: [
        { type: 'user', content: 'Look up alice' },
        {
          type: 'gemini',
          content: '',
          toolCalls: [{ id: 'c1', name: 'lookup_customer', args: CUT, status: 'success' }],
        },
      ],
    },
    at: '$.messages[1].toolCalls[0].args',
  },
  {
    format: 'custom',
    data: [{ tool: 'lookup_customer', arguments: CUT }],
    at: '$[0].arguments',
  },
];

describe('arguments that are not JSON fail their call, in every reader', () => {
  test.each(READERS)('$format', ({ format, data, at }) => {
    const { calls, warnings } = readWithFormat(data, format, 't');
    expect(calls.map((call) => [call.tool, call.args, call.is_error, call.error])).toEqual([
      ['lookup_customer', {}, true, FAILED],
    ]);
    expect(warnings).toContain(`t at ${at}: ${WARNING}`);
  });

  test('the failure holds even when a tool result answers the call: the arguments never reached the tool as sent', () => {
    const { calls } = readWithFormat(
      [
        {
          role: 'assistant',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'lookup_customer', arguments: CUT } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: '{"id": 7}' },
      ],
      'openai',
      't',
    );
    expect(calls).toEqual([
      {
        tool: 'lookup_customer',
        args: {},
        result: { id: 7 },
        is_error: true,
        error: FAILED,
        id: 'c1',
        metadata: { format: 'tool_calls' },
      },
    ]);
  });
});

describe('the error quotes a short excerpt of the text', () => {
  const errorOf = (text: string): string | undefined =>
    readWithFormat([{ tool: 'f', arguments: text }], 'custom', 't').calls[0]!.error;

  test('whitespace runs read as one space; a short text is quoted whole', () => {
    expect(errorOf('  {"a":\n\t1,\n  ')).toBe('arguments are not valid JSON: {"a": 1,');
  });

  test('a long text is cut after 40 characters, with an ellipsis', () => {
    const text = '{"note": "one two three four five six seven eight nine ten"';
    // 40 characters: `{"note": "one two three four five six se`; the word cut in two is left out.
    expect(errorOf(text)).toBe('arguments are not valid JSON: {"note": "one two three four five six…');
  });

  test('a credential the cut would split is left out, not shown in part (reports mask only whole ones)', () => {
    const key = `sk-proj-${'Ab1'.repeat(16)}`;
    const error = errorOf(`{"to": "ops", "api_key": "${key}`);
    expect(error).toBe('arguments are not valid JSON: {"to": "ops", "api_key": "…');
    expect(error).not.toContain('sk-');
  });

  test('a cut never splits a surrogate pair', () => {
    // The 40th character is the first half of 😀.
    const text = `{"a": "${'b '.repeat(16)}😀 and more`;
    expect(errorOf(text)).toBe('arguments are not valid JSON: {"a": "b b b b b b b b b b b b b b b b…');
  });
});

describe('a credential in arguments that are not JSON is still found', () => {
  test('the credential scan reads the text the call came as, and the verdict fails', () => {
    const key = `sk-proj-${'Ab1'.repeat(16)}`;
    const result = evaluate({
      expected: [{ tool: 'notify', args: { channel: 'ops' } }],
      actual: {
        choices: [
          {
            message: {
              role: 'assistant',
              tool_calls: [
                {
                  id: 'c1',
                  type: 'function',
                  function: { name: 'notify', arguments: `{"channel": "ops", "token": "${key}", "text": "dep` },
                },
              ],
            },
          },
        ],
      },
    });
    expect(result.metrics.security_metrics).toEqual({
      secret_count: 1,
      secrets: [{ index: 0, tool: 'notify', path: '(arguments text)', kind: 'openai_api_key', preview: 'sk-p…b1' }],
    });
    expect(result.verdict).toBe('FAIL');
  });
});

describe('the failed call as Top issues show it', () => {
  test('its problem quotes the excerpt with control characters escaped (an ESC cannot reach a terminal)', () => {
    const result = evaluate({
      expected: [{ tool: 'notify', args: { channel: 'ops' } }],
      actual: {
        choices: [
          {
            message: {
              role: 'assistant',
              tool_calls: [
                {
                  id: 'c1',
                  type: 'function',
                  function: { name: 'notify', arguments: '{"c": "\u001b[2J", "k": "AKIAZ7Q3R5T2W4Y6U8P1' },
                },
              ],
            },
          },
        ],
      },
    });
    // The error read as a value: JSON text, credentials masked, cut at 60 characters.
    expect(result.topIssue).toMatchObject({
      kind: 'failed',
      problem:
        'notify failed: "arguments are not valid JSON: {\\"c\\": \\"\\u001b[2J\\", \\"k\\"… and was not retried successfully',
    });
  });
});
