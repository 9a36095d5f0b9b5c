import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import {
  CallCollector,
  describeKeys,
  type FromOptions,
  isRoleMessage,
  outcomeOf,
  passOverForeignCallKeys,
  readInMemory,
} from '../support/call-collector.js';
import { userText } from '../support/turns.js';
import { isObject } from '../../core/objects.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Ollama native `/api/chat` traces: a response (`{model, message, done}`), the NDJSON stream (one such
 * object per line, `done: true` last; every chunk's `message.tool_calls` is read, since Ollama sends
 * each call whole in one chunk), and message histories (a list, or `{messages}` as a request body).
 * - `tool_calls` entries are `{function: {name, arguments}}` with `arguments` an object (a JSON text is
 *   parsed too); an `id`, when a newer server sends one, is kept.
 * - `role: "tool"` replies carry no call id. Joining rule: a reply with a `tool_call_id` goes to that
 *   call; else a reply with a `tool_name` answers the first unanswered call of that name; else a reply
 *   answers the calls of the preceding assistant message in order (the first reply the first call, and
 *   so on), as Ollama's own templates pair them. A reply left over is ignored with a warning.
 * A result reports an error per `reportedError` (an `{"error": ...}` object or an `Error:` text).
 */

const FORMAT = 'ollama';

interface OllamaCall {
  name: string;
  id: unknown;
}

/** The call keys of a message this reader reads; others (`function_call`, `toolCalls`, ...) are passed over. */
const READ_KEYS: ReadonlySet<string> = new Set(['tool_calls', 'tool_call_id']);

/** Reads one message; `awaiting` holds the calls of the latest assistant message still without a reply. */
function readMessage(
  message: Record<string, unknown>,
  path: string,
  awaiting: OllamaCall[],
  calls: CallCollector,
  context: ParseContext,
): void {
  const toolCalls = message.tool_calls;
  if (Array.isArray(toolCalls)) {
    awaiting.length = 0;
    toolCalls.forEach((entry: unknown, i) => {
      const entryPath = childPath(childPath(path, 'tool_calls'), i);
      const fn = isObject(entry) ? entry.function : undefined;
      if (!isObject(entry) || !isObject(fn)) {
        calls.markUnreadable(
          entryPath,
          `a tool_calls entry that is ${describeType(entry)} without a "function" object`,
        );
        return;
      }
      calls.add(
        fn.name,
        readArguments(fn.arguments, () => childPath(childPath(entryPath, 'function'), 'arguments'), context),
        entryPath,
        {
          id: entry.id,
          metadata: { format: 'ollama.tool_call' },
        },
      );
      if (typeof fn.name === 'string') awaiting.push({ name: fn.name.trim(), id: entry.id });
    });
  } else if (toolCalls !== undefined && toolCalls !== null) {
    calls.markUnreadable(childPath(path, 'tool_calls'), `"tool_calls" that is ${describeType(toolCalls)}, not a list`);
  }
  passOverForeignCallKeys(message, READ_KEYS, path, context);
  // Ollama's content is text; parts (another provider's blocks) are not read.
  if (Array.isArray(message.content) && message.content.length > 0)
    context.unrecognised(childPath(path, 'content'), 'message content that is a list of parts, not text');
  if (message.role === 'user') calls.turns.user(path, userText(message.content));
  if (message.role !== 'tool') return;
  const outcome = outcomeOf(message.content);
  if (message.tool_call_id !== undefined) {
    calls.addResult({ id: message.tool_call_id }, outcome, path);
    return;
  }
  const named = typeof message.tool_name === 'string' ? message.tool_name.trim() : undefined;
  const position = named === undefined ? 0 : awaiting.findIndex((call) => call.name === named);
  const answered = position >= 0 ? awaiting.splice(position, 1)[0] : undefined;
  calls.addResult({ id: answered?.id, name: named ?? answered?.name }, outcome, path);
}

/** An assistant message's text (Ollama's content is text; `thinking` is apart): its reply. */
function readReply(message: Record<string, unknown>, path: string, calls: CallCollector): void {
  if (message.role === 'assistant' && typeof message.content === 'string') calls.turns.assistant(path, message.content);
}

function readList(items: unknown[], path: string, calls: CallCollector, context: ParseContext): void {
  const awaiting: OllamaCall[] = [];
  // A stream's chunks each carry a piece of the reply: joined until the chunk that is `done`.
  let streamed: { text: string; path: string } | undefined;
  items.forEach((item: unknown, i) => {
    const itemPath = childPath(path, i);
    if (isRoleMessage(item)) {
      readMessage(item, itemPath, awaiting, calls, context);
      readReply(item, itemPath, calls);
    } else if (isChunk(item)) {
      const message = item.message;
      if (isObject(message)) {
        readMessage(message, childPath(itemPath, 'message'), awaiting, calls, context);
        if (message.role === 'assistant' && typeof message.content === 'string') {
          streamed ??= { text: '', path: itemPath };
          streamed.text += message.content;
        }
      }
      if (item.done === true && streamed !== undefined) {
        calls.turns.assistant(streamed.path, streamed.text);
        streamed = undefined;
      }
    } else context.warn(itemPath, `skipped ${describeType(item)}: expected an Ollama chat message or /api/chat chunk`);
  });
  if (streamed !== undefined) calls.turns.assistant(streamed.path, streamed.text);
}

function readObject(data: Record<string, unknown>, calls: CallCollector, context: ParseContext): void {
  if (isObject(data.message)) {
    readMessage(data.message, '$.message', [], calls, context);
    readReply(data.message, '$.message', calls);
  } else if (Array.isArray(data.messages)) readList(data.messages, '$.messages', calls, context);
  else if (typeof data.role === 'string') {
    readMessage(data, '$', [], calls, context);
    readReply(data, '$', calls);
  } else if (!isChunk(data)) {
    throw new ToolscoreInputError(
      { source: context.source, path: '$' },
      `expected an Ollama /api/chat response ({"model", "message", "done"}), a message list or {"messages": [...]}; got ${describeKeys(data)}`,
    );
  }
}

/** Ollama native `/api/chat` traces. */
export const ollamaFormat: TraceFormat = {
  name: FORMAT,
  looksFor:
    'an /api/chat response or NDJSON stream ({model, message, done}), or messages whose tool_calls carry object arguments or whose tool replies carry tool_name',
  detect: looksLikeOllama,
  description:
    'Ollama native /api/chat responses, NDJSON streams and message histories (tool_calls with object arguments; role "tool" replies joined by tool_name, else in order)',
  recordsReplies: true,
  parse(data, context): ToolCall[] {
    const calls = new CallCollector(context, FORMAT);
    if (Array.isArray(data)) readList(data, '$', calls, context);
    else if (isObject(data)) readObject(data, calls, context);
    else
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected an Ollama /api/chat response or a message list, got ${describeType(data)}`,
      );
    return calls.finish();
  },
};

/**
 * Calls from an Ollama `/api/chat` response, its stream chunks (a list) or a message history held in
 * memory (the `ollama` JS client's `ChatResponse`, `messages`). Throws `ToolscoreInputError` for anything else.
 */
export function fromOllama(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(ollamaFormat, value, options);
}

// ---- Detection ---------------------------------------------------------------------------------

/** An `/api/chat` response or stream chunk: a `model` name and a `done` flag (the last chunk may lack `message`). */
function isChunk(value: unknown): value is Record<string, unknown> {
  return (
    isObject(value) &&
    typeof value.model === 'string' &&
    typeof value.done === 'boolean' &&
    (value.message === undefined || isRoleMessage(value.message))
  );
}

/** An Ollama tool call: `{function: {name, arguments}}` with object arguments (OpenAI's are always JSON text). */
function isOllamaToolCall(entry: unknown): boolean {
  return (
    isObject(entry) &&
    isObject(entry.function) &&
    typeof entry.function.name === 'string' &&
    isObject(entry.function.arguments)
  );
}

/** A message only Ollama writes: tool calls all with object arguments, or a tool reply naming its tool by `tool_name`. */
function isOllamaMessage(message: unknown): boolean {
  if (!isRoleMessage(message)) return false;
  const toolCalls = message.tool_calls;
  if (Array.isArray(toolCalls) && toolCalls.length > 0) return toolCalls.every(isOllamaToolCall);
  return message.role === 'tool' && typeof message.tool_name === 'string';
}

/** Tool calls that are not Ollama's (JSON-text arguments, LangChain `{name, args}`): the list is someone else's. */
function hasForeignToolCalls(message: unknown): boolean {
  return isRoleMessage(message) && Array.isArray(message.tool_calls) && !message.tool_calls.every(isOllamaToolCall);
}

function isOllamaList(list: unknown[]): boolean {
  return list.length > 0 && list.every(isRoleMessage) && list.some(isOllamaMessage) && !list.some(hasForeignToolCalls);
}

/**
 * Ollama: an `/api/chat` response (`isChunk` with a `message`), a list of such chunks (the NDJSON
 * stream), or a list (or `{messages}`) in which every element has a `role`, some message is Ollama's
 * own (`isOllamaMessage`) and no message has tool calls of another shape.
 */
function looksLikeOllama(data: unknown): boolean {
  if (Array.isArray(data))
    return (
      isOllamaList(data) ||
      (data.length > 0 && data.every(isChunk) && data.some((chunk) => isObject(chunk) && isObject(chunk.message)))
    );
  if (!isObject(data)) return false;
  if (isChunk(data) && isObject(data.message)) return true;
  return Array.isArray(data.messages) && isOllamaList(data.messages);
}
