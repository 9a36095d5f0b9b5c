import { describe, expect, test } from 'vitest';
import { readerFor } from '../../test/adapter.js';
import { anthropicFormat } from './readers/anthropic.js';
import { geminiFormat } from './readers/gemini.js';
import { openaiFormat } from './readers/openai.js';

describe('a response cut at its output token limit while writing a call warns on that call', () => {
  test('OpenAI finish_reason "length": the call with cut arguments failed, with both warnings', () => {
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
    expect(calls.map((call) => [call.tool, call.args, call.error])).toEqual([
      ['search', { q: 'lisbon' }, undefined],
      ['write_file', {}, 'arguments are not valid JSON: {"path": "notes.md", "text": "Lis'],
    ]);
    expect(warnings).toEqual([
      't at $.choices[0].message.tool_calls[1].function.arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
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

/**
 * Streams cut at the token limit. No public recording of one was found; these are built from the
 * chunk shapes of real recordings in test/corpus/providers/vercel-ai-fixtures (the Mistral-compatible
 * chat stream, the Responses custom-tool stream, the Gemini 3 stream with its closing empty text part),
 * with the stop reason each API documents for a token limit.
 */
describe('a stream cut at its output token limit while writing a call warns on that call', () => {
  const chatChunk = (delta: Record<string, unknown>, finish: string | null = null): Record<string, unknown> => ({
    id: '735e434874a24f68a2390b3cab149242',
    object: 'chat.completion.chunk',
    created: 1787234678,
    model: 'zai-glm-5-2',
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  const fragment = (index: number, fn: Record<string, unknown>, id?: string): Record<string, unknown> => ({
    ...(id === undefined ? {} : { id }),
    type: 'function',
    function: fn,
    index,
  });

  test('Chat Completions: finish_reason "length" on the chunk after the second call, cut mid-arguments', () => {
    const stream = [
      chatChunk({ tool_calls: [fragment(0, { name: 'webSearchTool', arguments: '' }, 'chatcmpl-tool-1')] }),
      chatChunk({ tool_calls: [fragment(0, { name: '', arguments: '{"query": "current Berlin weather"}' })] }),
      chatChunk({ tool_calls: [fragment(1, { name: 'writeFile', arguments: '' }, 'chatcmpl-tool-2')] }),
      chatChunk({ tool_calls: [fragment(1, { name: '', arguments: '{"path": "berlin.md", "text": "Sun' })] }),
      chatChunk({ content: '' }, 'length'),
      '[DONE]',
    ];
    const { calls, warnings } = readerFor(openaiFormat)(stream);
    expect(calls.map((call) => [call.tool, call.args, call.error])).toEqual([
      ['webSearchTool', { query: 'current Berlin weather' }, undefined],
      ['writeFile', {}, 'arguments are not valid JSON: {"path": "berlin.md", "text": "Sun'],
    ]);
    expect(warnings).toEqual([
      't at $[2].choices[0].delta.tool_calls[0].function.arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
      't at $[2].choices[0].delta.tool_calls[0]: the response stopped at its output token limit (finish_reason "length") while writing this call; its arguments may be incomplete',
    ]);
  });

  test('Chat Completions: finish_reason "tool_calls" or "stop" is no cut call', () => {
    for (const finish of ['tool_calls', 'stop']) {
      const stream = [
        chatChunk({ tool_calls: [fragment(0, { name: 'webSearchTool', arguments: '{"query": "x"}' }, 'c1')] }),
        chatChunk({}, finish),
      ];
      expect(readerFor(openaiFormat)(stream).warnings).toEqual([]);
    }
  });

  const response = (status: string, output: unknown[], reason: string | null): Record<string, unknown> => ({
    id: 'resp_custom_tool_test_001',
    object: 'response',
    created_at: 1741257730,
    status,
    error: null,
    incomplete_details: reason === null ? null : { reason },
    max_output_tokens: 16,
    model: 'gpt-5.2-codex',
    output,
  });

  test('Responses API: response.incomplete with incomplete_details.reason "max_output_tokens" after a function_call', () => {
    const cut = {
      type: 'function_call',
      id: 'fc_1',
      call_id: 'call_1',
      name: 'write_sql',
      arguments: '{"query": "SELECT * FROM users WHERE',
      status: 'incomplete',
    };
    const stream = [
      { type: 'response.created', response: response('in_progress', [], null) },
      { type: 'response.output_item.added', output_index: 0, item: { ...cut, arguments: '', status: 'in_progress' } },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 0, delta: '{"query": ' },
      {
        type: 'response.function_call_arguments.delta',
        item_id: 'fc_1',
        output_index: 0,
        delta: '"SELECT * FROM users WHERE',
      },
      { type: 'response.incomplete', response: response('incomplete', [cut], 'max_output_tokens') },
    ];
    const { calls, warnings } = readerFor(openaiFormat)(stream);
    expect(calls.map((call) => [call.tool, call.args, call.error])).toEqual([
      ['write_sql', {}, 'arguments are not valid JSON: {"query": "SELECT * FROM users WHERE'],
    ]);
    expect(warnings).toEqual([
      't at $[4].response.output[0].arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
      't at $[4].response.output[0]: the response stopped at its output token limit (incomplete_details.reason "max_output_tokens") while writing this call; its arguments may be incomplete',
    ]);
    // The same response, not streamed.
    expect(readerFor(openaiFormat)(response('incomplete', [cut], 'max_output_tokens')).warnings).toEqual([
      't at $.output[0].arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
      't at $.output[0]: the response stopped at its output token limit (incomplete_details.reason "max_output_tokens") while writing this call; its arguments may be incomplete',
    ]);
  });

  test('Responses API: a message after the call, or a content_filter stop, is no cut call', () => {
    const call = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{}' };
    const message = { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'and' }] };
    expect(readerFor(openaiFormat)(response('incomplete', [call, message], 'max_output_tokens')).warnings).toEqual([]);
    expect(readerFor(openaiFormat)(response('incomplete', [call], 'content_filter')).warnings).toEqual([]);
  });

  const geminiChunk = (parts: unknown[], finishReason?: string): Record<string, unknown> => ({
    candidates: [
      { content: { parts, role: 'model' }, ...(finishReason === undefined ? {} : { finishReason }), index: 0 },
    ],
    usageMetadata: { promptTokenCount: 29, candidatesTokenCount: 15, totalTokenCount: 89 },
    modelVersion: 'gemini-3-pro-preview',
    responseId: 'b36LacjwM668nsEP2tbsgQQ',
  });

  test('Gemini: finishReason "MAX_TOKENS" in the closing chunk (an empty text part) after a functionCall', () => {
    const stream = [
      geminiChunk([{ text: 'Checking the weather.' }]),
      geminiChunk([{ functionCall: { name: 'weather', args: { location: 'San Francisco' } } }]),
      geminiChunk([{ text: '' }], 'MAX_TOKENS'),
    ];
    const { calls, warnings } = readerFor(geminiFormat)(stream);
    expect(calls.map((call) => [call.tool, call.args])).toEqual([['weather', { location: 'San Francisco' }]]);
    expect(warnings).toEqual([
      't at $[1].candidates[0].content.parts[0].functionCall: the response stopped at its output token limit (finishReason "MAX_TOKENS") while writing this call; its arguments may be incomplete',
    ]);
  });

  test('Gemini: text after the call, or finishReason "STOP", is no cut call', () => {
    const call = geminiChunk([{ functionCall: { name: 'weather', args: { location: 'San Francisco' } } }]);
    expect(readerFor(geminiFormat)([call, geminiChunk([{ text: 'Done.' }], 'MAX_TOKENS')]).warnings).toEqual([]);
    expect(readerFor(geminiFormat)([call, geminiChunk([{ text: '' }], 'STOP')]).warnings).toEqual([]);
  });
});
