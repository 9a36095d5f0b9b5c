import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { type FromOptions, describeKeys, readContent, readInMemory } from '../support/call-collector.js';
import { userText } from '../support/turns.js';
import { isObject } from '../../core/objects.js';
import { CallJoiner, failureMessage, unixSeconds } from '../support/call-joiner.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Pydantic AI message histories: what `result.all_messages()` / `new_messages()` dump to
 * (`ModelMessagesTypeAdapter.dump_json`, `to_jsonable_python`), as a list of messages, one message, or
 * `{messages: [...]}`; JSON Lines hold one message a line.
 *
 * A message is `{kind: "request" | "response", parts: [...]}`. In a response, `tool-call` parts are the
 * calls (`tool_name`, `args` as an object or a JSON string, `tool_call_id`), and `builtin-tool-call`
 * parts too (tools the provider ran, marked `metadata.builtin`); their `timestamp` is the response's. In
 * a request, a `tool-return` part is the result (`content`) of the call named by its `tool_call_id`;
 * a `retry-prompt` part naming a tool answers a call that failed (bad arguments, `ModelRetry`, an
 * unknown tool), its `content` being the error. A retry prompt without a `tool_name` asks the model
 * to fix its final output and answers no call. Text, thinking and prompt parts are not calls.
 */
export const pydanticAIFormat: TraceFormat = {
  name: 'pydantic-ai',
  looksFor: 'Pydantic AI messages ({"kind": "request" | "response", "parts": [{"part_kind": ...}]})',
  detect: (data) => (messagesOf(data)?.list.length ?? 0) > 0,
  // A history with no message yet (`[]`, `{"messages": []}`) is read as no calls.
  holdsNoCalls: (data) => messagesOf(data)?.list.length === 0,
  description:
    'Pydantic AI message histories (all_messages() dumps): tool-call parts, tool-return results, retry-prompt failures',
  recordsReplies: true,
  parse(data, context) {
    const messages = messagesOf(data);
    if (messages === undefined) throw notMessages(data, context.source);
    return readMessages(messages.list, messages.path, context);
  },
};

const MESSAGE_SHAPE = '{"kind": "request" | "response", "parts": [...]}';

/** The error for data that is no message history: at the first entry of a list that is no message. */
function notMessages(data: unknown, source: string): ToolscoreInputError {
  const [list, path] = Array.isArray(data)
    ? [data, '$']
    : isObject(data) && Array.isArray(data.messages)
      ? [data.messages, '$.messages']
      : [[], '$'];
  const bad = list.findIndex((item: unknown) => !isMessage(item));
  if (bad >= 0)
    return new ToolscoreInputError(
      { source, path: childPath(path, bad) },
      `expected a Pydantic AI message (${MESSAGE_SHAPE}), got ${describeKeys(list[bad])}`,
    );
  return new ToolscoreInputError(
    { source, path: '$' },
    `expected Pydantic AI messages (a list of ${MESSAGE_SHAPE}, one message or {"messages": [...]}), got ${describeKeys(data)}`,
  );
}

/** Calls from a Pydantic AI message history held in memory (`result.all_messages()` made plain). */
export function fromPydanticAI(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(pydanticAIFormat, value, options);
}

function isMessage(item: unknown): item is Record<string, unknown> & { parts: unknown[] } {
  return isObject(item) && (item.kind === 'request' || item.kind === 'response') && Array.isArray(item.parts);
}

/** A list whose every entry is a message (JSON Lines files may add nothing else); it may be empty. */
function messagesOf(data: unknown): { list: readonly unknown[]; path: string } | undefined {
  if (Array.isArray(data)) return data.every(isMessage) ? { list: data, path: '$' } : undefined;
  if (isObject(data) && Array.isArray(data.messages) && data.messages.every(isMessage))
    return { list: data.messages, path: '$.messages' };
  if (isMessage(data)) return { list: [data], path: '' };
  return undefined;
}

function readMessages(list: readonly unknown[], path: string, context: ParseContext): ToolCall[] {
  const calls = new CallJoiner(context);
  list.forEach((message, i) => {
    const messagePath = path === '' ? '$' : childPath(path, i);
    if (!isMessage(message)) return; // messagesOf checked every entry
    const timestamp = message.kind === 'response' ? unixSeconds(message.timestamp) : undefined;
    // A request with user prompts is a user message (one with only tool returns or retries is not).
    const prompts = message.parts.filter((part) => isObject(part) && part.part_kind === 'user-prompt');
    if (message.kind === 'request' && prompts.length > 0)
      calls.turns.user(
        messagePath,
        prompts.map((part) => userText((part as Record<string, unknown>).content)).join('\n'),
      );
    // A response's text parts (thinking parts aside) are its reply.
    if (message.kind === 'response') {
      const texts = message.parts.filter((part) => isObject(part) && part.part_kind === 'text');
      calls.turns.assistant(
        messagePath,
        texts.map((part) => userText((part as Record<string, unknown>).content)).join('\n'),
      );
    }
    message.parts.forEach((part: unknown, j) =>
      readPart(part, childPath(childPath(messagePath, 'parts'), j), timestamp, calls, context),
    );
  });
  return calls.finish();
}

function readPart(
  part: unknown,
  path: string,
  timestamp: number | undefined,
  calls: CallJoiner,
  context: ParseContext,
): void {
  if (!isObject(part) || typeof part.part_kind !== 'string') {
    context.warn(path, `skipped ${describeType(part)}: a part needs a "part_kind"`);
    return;
  }
  const id = typeof part.tool_call_id === 'string' && part.tool_call_id !== '' ? part.tool_call_id : undefined;
  switch (part.part_kind) {
    case 'tool-call':
    case 'builtin-tool-call': {
      const args = readArguments(part.args, childPath(path, 'args'), context) ?? {};
      const metadata = part.part_kind === 'builtin-tool-call' ? { builtin: true } : undefined;
      calls.add(path, { tool: part.tool_name, args, id, timestamp, metadata });
      return;
    }
    case 'tool-return':
    case 'builtin-tool-return':
      calls.resolve(path, id, { result: readContent(part.content) });
      return;
    case 'retry-prompt':
      if (typeof part.tool_name !== 'string') return; // a retry of the final output, not of a call
      calls.resolve(path, id, { is_error: true, error: retryText(part.content) });
      return;
    default:
      if (!QUIET_PARTS.has(part.part_kind))
        context.unrecognised(path, `a part of kind ${JSON.stringify(part.part_kind)}`);
  }
}

/** Part kinds that are not calls or their results (prompts, text, thoughts, files), read as nothing, quietly. */
const QUIET_PARTS = new Set(['system-prompt', 'user-prompt', 'text', 'thinking', 'file']);

/** A retry prompt's content: its text, or the `msg` of each validation error it lists. */
function retryText(content: unknown): string {
  if (
    Array.isArray(content) &&
    content.length > 0 &&
    content.every((entry) => isObject(entry) && typeof entry.msg === 'string')
  ) {
    return content.map((entry) => (entry as { msg: string }).msg).join('; ');
  }
  return failureMessage(content, 'retry requested');
}
