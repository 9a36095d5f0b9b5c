import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readerFor } from '../../test/adapter.js';
import { readCorpusJson, readCorpusJsonl } from '../../test/corpus.js';
import { assertDamagedSampleReadsSafely } from '../../test/damage.js';
import { anthropicFormat } from './readers/anthropic.js';
import { detectFormat } from './registry.js';
import { geminiFormat } from './readers/gemini.js';
import { openaiFormat } from './readers/openai.js';
import type { TraceFormat } from './types.js';

/*
 * For random call lists, a synthesized stream — arguments cut at random points, the fragments of
 * parallel calls interleaved at random — must rebuild exactly the calls, with no warning, and read
 * the same as the non-streamed response that holds them.
 */

interface Generated {
  name: string;
  args: Record<string, unknown>;
}

const callsArbitrary = fc.array(
  fc.record({
    name: fc.stringMatching(/^[a-z_][a-z0-9_]{0,15}$/),
    args: fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  }),
  { minLength: 1, maxLength: 5 },
);

/** Cut points and interleaving choices, drawn once per run. */
const shapeArbitrary = fc.record({
  cuts: fc.array(fc.nat(), { maxLength: 12 }),
  order: fc.array(fc.nat(), { maxLength: 40 }),
});

/** `text` cut at the given points (taken modulo its length), in order. */
function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const point of points) {
    pieces.push(text.slice(from, point));
    from = point;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** One merge of the sequences that keeps each one's own order, steered by `order`. */
function interleave<T>(sequences: T[][], order: number[]): T[] {
  const queues = sequences.map((sequence) => [...sequence]);
  const merged: T[] = [];
  for (let step = 0; queues.some((queue) => queue.length > 0); step++) {
    const open = queues.filter((queue) => queue.length > 0);
    merged.push(open[(order[step % Math.max(order.length, 1)] ?? 0) % open.length]!.shift()!);
  }
  return merged;
}

const read = (format: TraceFormat, data: unknown) => readerFor(format)(data);

/** The arguments as the adapter returns them: through JSON, as they travelled. */
const travelled = (args: Record<string, unknown>): unknown => JSON.parse(JSON.stringify(args));

describe('stream reassembly: random calls, random cuts, random interleaving', () => {
  test('OpenAI Chat Completions chunks', () => {
    fc.assert(
      fc.property(callsArbitrary, shapeArbitrary, (generated: Generated[], { cuts, order }) => {
        const fragments = generated.map((call, index) =>
          split(JSON.stringify(call.args), cuts).map((piece, k) =>
            k === 0
              ? { index, id: `call_${index}`, type: 'function', function: { name: call.name, arguments: piece } }
              : { index, function: { arguments: piece } },
          ),
        );
        const chunks: unknown[] = interleave(fragments, order).map((fragment) => ({
          id: 'c',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { tool_calls: [fragment] }, finish_reason: null }],
        }));
        chunks.push(
          { id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
          '[DONE]',
        );
        const whole = {
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                tool_calls: generated.map((call, index) => ({
                  id: `call_${index}`,
                  type: 'function',
                  function: { name: call.name, arguments: JSON.stringify(call.args) },
                })),
              },
            },
          ],
        };
        const streamed = read(openaiFormat, chunks);
        expect(detectFormat(chunks)).toBe('openai');
        expect(streamed.warnings).toEqual([]);
        expect(streamed.calls).toEqual(
          generated.map((call, index) => ({
            tool: call.name,
            args: travelled(call.args),
            id: `call_${index}`,
            is_error: false,
            metadata: { format: 'tool_calls' },
          })),
        );
        expect(streamed).toEqual(read(openaiFormat, whole));
      }),
    );
  });

  test('OpenAI Responses API events, with or without the done events and the final response', () => {
    fc.assert(
      fc.property(
        callsArbitrary,
        shapeArbitrary,
        fc.boolean(),
        fc.boolean(),
        (generated: Generated[], { cuts, order }, doneEvents, finalResponse) => {
          const items = generated.map((call, index) => ({
            type: 'function_call',
            id: `fc_${index}`,
            call_id: `call_${index}`,
            name: call.name,
            arguments: JSON.stringify(call.args),
          }));
          const perItem = items.map((item, index) => {
            const events: unknown[] = [
              { type: 'response.output_item.added', output_index: index, item: { ...item, arguments: '' } },
            ];
            for (const delta of split(item.arguments, cuts))
              events.push({
                type: 'response.function_call_arguments.delta',
                output_index: index,
                item_id: item.id,
                delta,
              });
            if (doneEvents) events.push({ type: 'response.output_item.done', output_index: index, item });
            return events;
          });
          const events: unknown[] = [
            { type: 'response.created', response: { id: 'r', object: 'response', output: [] } },
            ...interleave(perItem, order),
          ];
          if (finalResponse)
            events.push({ type: 'response.completed', response: { id: 'r', object: 'response', output: items } });
          const streamed = read(openaiFormat, events);
          expect(detectFormat(events)).toBe('openai');
          expect(streamed.calls).toEqual(
            generated.map((call, index) => ({
              tool: call.name,
              args: travelled(call.args),
              id: `call_${index}`,
              is_error: false,
              metadata: { format: 'responses.function_call', item_id: `fc_${index}` },
            })),
          );
          // Without any event that closes the items, each call is kept with a "stream ended" warning.
          expect(streamed.warnings).toHaveLength(doneEvents || finalResponse ? 0 : generated.length);
          expect(streamed.calls).toEqual(read(openaiFormat, { object: 'response', output: items }).calls);
        },
      ),
    );
  });

  test('Anthropic Messages events', () => {
    fc.assert(
      fc.property(callsArbitrary, shapeArbitrary, (generated: Generated[], { cuts, order }) => {
        // As the API would send the whole message: JSON (a -0 arrives as 0).
        const blocks = generated.map((call, index) => ({
          type: 'tool_use',
          id: `toolu_${index}`,
          name: call.name,
          input: travelled(call.args),
        }));
        const perBlock = blocks.map((block, index) => [
          { type: 'content_block_start', index, content_block: { ...block, input: {} } },
          ...split(JSON.stringify(block.input), cuts).map((partial_json) => ({
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json },
          })),
          { type: 'content_block_stop', index },
        ]);
        const events = [
          {
            type: 'message_start',
            message: { id: 'm', type: 'message', role: 'assistant', content: [], stop_reason: null },
          },
          ...interleave(perBlock, order),
          { type: 'message_delta', delta: { stop_reason: 'tool_use' } },
          { type: 'message_stop' },
        ];
        const streamed = read(anthropicFormat, events);
        expect(detectFormat(events)).toBe('anthropic');
        expect(streamed.warnings).toEqual([]);
        expect(streamed.calls).toEqual(
          generated.map((call, index) => ({
            tool: call.name,
            args: travelled(call.args),
            id: `toolu_${index}`,
            is_error: false,
            metadata: { format: 'tool_use', stop_reason: 'tool_use' },
          })),
        );
        expect(streamed).toEqual(
          read(anthropicFormat, { type: 'message', role: 'assistant', content: blocks, stop_reason: 'tool_use' }),
        );
      }),
    );
  });
});

const fixture = (dir: string, name: string): unknown[] => readCorpusJsonl('providers', 'vercel-ai-fixtures', dir, name);
const cassetteEvents = (provider: string, name: string): unknown[] =>
  (
    readCorpusJson('providers', 'recorded-http', provider, name) as {
      interactions: { response: { body: { sse: { data: unknown }[] } } }[];
    }
  ).interactions[0]!.response.body.sse.map((event) => event.data);

const DAMAGED: [string, TraceFormat, unknown[]][] = [
  [
    'openai chat cassette',
    openaiFormat,
    cassetteEvents('openai', 'test_chat_completion_multiple_tools_streaming_with_content.json'),
  ],
  ['mistral chunks', openaiFormat, fixture('openai-chat-compatible', 'mistral-incremental-tool-call.chunks.jsonl')],
  [
    'responses custom tool',
    openaiFormat,
    fixture('openai-responses', 'openai-custom-tool.1.chunks.jsonl').filter(
      (event) => (event as { type: string }).type !== 'response.completed',
    ),
  ],
  ['anthropic mcp', anthropicFormat, fixture('anthropic', 'anthropic-mcp.1.chunks.jsonl')],
  [
    'gemini partial args',
    geminiFormat,
    fixture('google', 'google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.jsonl'),
  ],
];

describe('stream reassembly on damaged real streams', () => {
  test('an index or id that is an object with a non-callable toString (found by the property below) is read, not a crash', () => {
    const hostile = JSON.parse('{"toString": ""}') as unknown;
    const anthropic = [
      { type: 'message_start', message: { stop_reason: null } },
      {
        type: 'content_block_start',
        index: hostile,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'echo', input: {} },
      },
      {
        type: 'content_block_delta',
        index: hostile,
        delta: { type: 'input_json_delta', partial_json: '{"message": "hi"}' },
      },
      { type: 'content_block_stop', index: hostile },
      { type: 'message_stop' },
    ];
    expect(read(anthropicFormat, anthropic).calls).toEqual([
      { tool: 'echo', args: { message: 'hi' }, id: 'toolu_1', is_error: false, metadata: { format: 'tool_use' } },
    ]);
    const responses = [
      {
        type: 'response.output_item.added',
        output_index: hostile,
        item: { type: 'function_call', call_id: 'call_1', name: 'echo', arguments: '' },
      },
      { type: 'response.function_call_arguments.delta', output_index: hostile, delta: '{"message": "hi"}' },
      {
        type: 'response.output_item.done',
        output_index: hostile,
        item: { type: 'function_call', call_id: 'call_1', name: 'echo', arguments: '{"message": "hi"}' },
      },
    ];
    expect(read(openaiFormat, responses).calls).toMatchObject([{ tool: 'echo', args: { message: 'hi' } }]);
  });

  test.each(DAMAGED)(
    '%s: one value replaced anywhere gives calls or an input error, never a crash',
    (_name, format, sample) => assertDamagedSampleReadsSafely(format, sample),
  );
});
