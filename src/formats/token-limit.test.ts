import { describe, expect, test } from 'vitest';
import { readerFor } from '../../test/adapter.js';
import { anthropicFormat } from './anthropic.js';
import { geminiFormat } from './gemini.js';
import { openaiFormat } from './openai.js';

describe('a response cut at its output token limit while writing a call warns on that call', () => {
  test('OpenAI finish_reason "length": the cut arguments are kept raw, with both warnings', () => {
    const response = {
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          finish_reason: 'length',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'search', arguments: '{"q": "lisbon"}' } },
              {
                id: 'call_2',
                type: 'function',
                function: { name: 'write_file', arguments: '{"path": "notes.md", "text": "Lis' },
              },
            ],
          },
        },
      ],
    };
    const { calls, warnings } = readerFor(openaiFormat)(response);
    expect(calls.map((call) => [call.tool, call.args])).toEqual([
      ['search', { q: 'lisbon' }],
      ['write_file', { raw: '{"path": "notes.md", "text": "Lis' }],
    ]);
    expect(warnings).toEqual([
      't at $.choices[0].message.tool_calls[1].function.arguments: arguments are not valid JSON; kept the raw text as {"raw": ...}',
      't at $.choices[0].message.tool_calls[1]: the response stopped at its output token limit (finish_reason "length") while writing this call; its arguments may be incomplete',
    ]);
  });

  test('Anthropic stop_reason "max_tokens" on a message ending in tool_use, whole or streamed', () => {
    const message = {
      type: 'message',
      role: 'assistant',
      stop_reason: 'max_tokens',
      content: [
        { type: 'text', text: 'Writing the file.' },
        { type: 'tool_use', id: 'toolu_1', name: 'write_file', input: { path: 'notes.md' } },
      ],
    };
    expect(readerFor(anthropicFormat)(message).warnings).toEqual([
      't at $.content[1]: the response stopped at its output token limit (stop_reason "max_tokens") while writing this call; its arguments may be incomplete',
    ]);
    const stream = [
      { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [] } },
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'write_file', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: '{"path": "notes.md"}' },
      },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'max_tokens' } },
      { type: 'message_stop' },
    ];
    const streamed = readerFor(anthropicFormat)(stream);
    expect(streamed.calls.map((call) => [call.tool, call.args])).toEqual([['write_file', { path: 'notes.md' }]]);
    expect(streamed.warnings).toHaveLength(1);
    expect(streamed.warnings[0]).toMatch(
      /: the response stopped at its output token limit \(stop_reason "max_tokens"\) while writing this call; its arguments may be incomplete$/,
    );
  });

  test('Gemini finishReason "MAX_TOKENS" with a functionCall last', () => {
    const response = {
      candidates: [
        {
          finishReason: 'MAX_TOKENS',
          content: { role: 'model', parts: [{ functionCall: { name: 'write_file', args: { path: 'notes.md' } } }] },
        },
      ],
    };
    expect(readerFor(geminiFormat)(response).warnings).toEqual([
      't at $.candidates[0].content.parts[0].functionCall: the response stopped at its output token limit (finishReason "MAX_TOKENS") while writing this call; its arguments may be incomplete',
    ]);
  });

  test('text after the last call, or another stop reason, is no cut call', () => {
    const textLast = {
      role: 'assistant',
      stop_reason: 'max_tokens',
      content: [
        { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} },
        { type: 'text', text: 'and then' },
      ],
    };
    expect(readerFor(anthropicFormat)(textLast).warnings).toEqual([]);
    const done = {
      role: 'assistant',
      stop_reason: 'tool_use',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }],
    };
    expect(readerFor(anthropicFormat)(done).warnings).toEqual([]);
  });
});
