import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ToolCall } from '../core/types.js';
import { readWithAdapter } from './auto.js';
import { formatNamed } from './registry.js';

/**
 * Conversation turns, as a property of every reader that marks them: a conversation is generated
 * (user messages, calls and their results in any order), written in a format, and read. Marking turns
 * never changes the calls otherwise (they equal the calls of the same document without its user
 * messages), each call's turn is the number of user messages before it, and the texts are reported
 * in order, all only when there are two or more user messages.
 */

type Step = { user: string } | { call: { id: string; tool: string; args: { n: number }; result: string } };

/** How a format writes each step of a conversation (tool results right after their call). */
interface Writer {
  format: string;
  user(text: string): unknown;
  call(call: { id: string; tool: string; args: { n: number } }): unknown;
  result(call: { id: string; tool: string; result: string }): unknown;
  document(items: unknown[]): unknown;
}

const WRITERS: readonly Writer[] = [
  {
    format: 'openai',
    user: (text) => ({ role: 'user', content: text }),
    call: ({ id, tool, args }) => ({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name: tool, arguments: JSON.stringify(args) } }],
    }),
    result: ({ id, result }) => ({ role: 'tool', tool_call_id: id, content: result }),
    document: (items) => [{ role: 'system', content: 'Be brief.' }, ...items],
  },
  {
    format: 'anthropic',
    user: (text) => ({ role: 'user', content: text }),
    call: ({ id, tool, args }) => ({ role: 'assistant', content: [{ type: 'tool_use', id, name: tool, input: args }] }),
    result: ({ id, result }) => ({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: result }],
    }),
    document: (items) => items,
  },
  {
    format: 'gemini',
    user: (text) => ({ role: 'user', parts: [{ text }] }),
    call: ({ tool, args }) => ({ role: 'model', parts: [{ functionCall: { name: tool, args } }] }),
    result: ({ tool, result }) => ({
      role: 'user',
      parts: [{ functionResponse: { name: tool, response: { result } } }],
    }),
    document: (items) => ({ contents: items }),
  },
  {
    format: 'bedrock',
    user: (text) => ({ role: 'user', content: [{ text }] }),
    call: ({ id, tool, args }) => ({
      role: 'assistant',
      content: [{ toolUse: { toolUseId: id, name: tool, input: args } }],
    }),
    result: ({ id, result }) => ({
      role: 'user',
      content: [{ toolResult: { toolUseId: id, content: [{ text: result }] } }],
    }),
    document: (items) => items,
  },
  {
    format: 'langchain',
    user: (text) => ({ type: 'human', data: { content: text } }),
    call: ({ id, tool, args }) => ({
      type: 'ai',
      data: { content: '', tool_calls: [{ name: tool, args, id, type: 'tool_call' }] },
    }),
    result: ({ id, result }) => ({ type: 'tool', data: { content: result, tool_call_id: id } }),
    document: (items) => items,
  },
  {
    format: 'vercel-ai',
    user: (text) => ({ role: 'user', content: text }),
    call: ({ id, tool, args }) => ({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: id, toolName: tool, input: args }],
    }),
    result: ({ id, tool, result }) => ({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: id, toolName: tool, output: { type: 'text', value: result } }],
    }),
    document: (items) => items,
  },
  {
    format: 'claude-code',
    user: (text) => ({ type: 'user', message: { role: 'user', content: text }, isSidechain: false }),
    call: ({ id, tool, args }) => ({
      type: 'assistant',
      message: { role: 'assistant', content: [{ type: 'tool_use', id, name: tool, input: args }] },
      isSidechain: false,
    }),
    result: ({ id, result }) => ({
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: result }] },
      isSidechain: false,
    }),
    document: (items) => items,
  },
];

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ user: fc.string({ maxLength: 12 }) }),
  fc.record({
    call: fc.record({
      id: fc.constant(''),
      tool: fc.constantFrom('search', 'refund_order', 'track_order'),
      args: fc.record({ n: fc.nat(99) }),
      result: fc.string({ maxLength: 8 }).map((text) => `r${text}`),
    }),
  }),
);

/** Conversations with at least one call, each call given its own id. */
const conversationArb = fc
  .tuple(
    fc.array(stepArb, { maxLength: 12 }),
    stepArb.filter((step) => 'call' in step),
  )
  .map(([steps, last]) =>
    [...steps, last].map((step, i) => ('call' in step ? { call: { ...step.call, id: `call_${i}` } } : step)),
  );

function write(writer: Writer, steps: readonly Step[], withUsers: boolean): unknown {
  const items: unknown[] = [];
  for (const step of steps) {
    if ('user' in step) {
      if (withUsers) items.push(writer.user(step.user));
    } else items.push(writer.call(step.call), writer.result(step.call));
  }
  return writer.document(items);
}

function withoutTurns(calls: readonly ToolCall[]): ToolCall[] {
  return calls.map(({ turn: _turn, ...call }) => call);
}

describe('conversation turns, in every format that marks them', () => {
  test.each(WRITERS.map((writer) => [writer.format, writer] as const))(
    '%s: turns never change the calls; each is the number of user messages before its call',
    (_, writer) => {
      const format = formatNamed(writer.format);
      fc.assert(
        fc.property(conversationArb, (steps) => {
          const reading = readWithAdapter(format, write(writer, steps, true), 't', true);
          const plain = readWithAdapter(format, write(writer, steps, false), 't', true);
          expect(withoutTurns(reading.calls)).toEqual(plain.calls);
          expect(plain.userMessages).toBeUndefined();

          const users = steps.flatMap((step) => ('user' in step ? [step.user] : []));
          const expected: number[] = [];
          let seen = 0;
          for (const step of steps) {
            if ('user' in step) seen++;
            else expected.push(Math.max(seen, 1));
          }
          const turns = reading.calls.map((call) => call.turn);
          if (users.length >= 2) {
            expect(reading.userMessages).toEqual(users);
            expect(turns).toEqual(expected);
            for (let i = 1; i < turns.length; i++) expect(turns[i]!).toBeGreaterThanOrEqual(turns[i - 1]!);
          } else {
            expect(reading.userMessages).toBeUndefined();
            expect(turns.every((turn) => turn === undefined)).toBe(true);
          }
        }),
        { numRuns: 60 },
      );
    },
  );
});
