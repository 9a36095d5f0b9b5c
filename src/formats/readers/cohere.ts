import { ToolscoreInputError, childPath, describeType, textOf } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import {
  CallCollector,
  describeKeys,
  type FromOptions,
  isRoleMessage,
  outcomeOf,
  passOverForeignCallKeys,
  readContent,
  readInMemory,
} from '../support/call-collector.js';
import { assistantText, userText } from '../support/turns.js';
import { isObject } from '../../core/objects.js';
import { StreamAssembly, joinedArguments } from '../support/stream-fragments.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Cohere v2 Chat traces: a chat response (`{id, finish_reason, message: {role, tool_plan, tool_calls}}`),
 * a message list or `{messages: [...]}` (a request body), and a recorded v2 stream (a list of its events).
 * - `message.tool_calls` entries `{id, type: "function", function: {name, arguments}}` are calls
 *   (arguments are a JSON text); `role: "tool"` messages are their results, joined by `tool_call_id`.
 *   A tool message's content is text, a list of `{type: "text", text}` parts (joined), or `{type:
 *   "document", document: {data}}` parts, each its data (several kept as a list); JSON text is parsed
 *   and an `{"error": ...}` object or an `Error:` text marks the call failed, as for other providers.
 * - A stream is rebuilt per `index`: `tool-call-start` opens a call, `tool-call-delta` argument
 *   fragments are joined until `tool-call-end`; `message-end` ends the message, so a run of several
 *   messages may reuse index 0.
 */

const FORMAT = 'cohere';

function readToolCall(
  entry: unknown,
  path: string,
  calls: CallCollector,
  context: ParseContext,
  finishReason?: unknown,
): void {
  if (!isObject(entry) || !isObject(entry.function)) {
    calls.markUnreadable(path, `a tool_calls entry that is ${describeType(entry)} without a "function" object`);
    return;
  }
  const fn = entry.function;
  const metadata: Record<string, unknown> = { format: 'cohere.tool_call' };
  if (typeof finishReason === 'string') metadata.finish_reason = finishReason;
  calls.add(
    fn.name,
    readArguments(fn.arguments, () => childPath(childPath(path, 'function'), 'arguments'), context),
    path,
    { id: entry.id, metadata },
  );
}

/**
 * A tool message's content made readable: text parts are joined into one text; `document` parts (one
 * per result, as Cohere's guides build them) are each their data, and several are kept as a list.
 */
function toolContent(content: unknown): unknown {
  if (!Array.isArray(content) || !content.some(isDocumentPart)) return content;
  const values = content.map((part: unknown) =>
    isDocumentPart(part)
      ? readContent(part.document.data)
      : isObject(part) && typeof part.text === 'string'
        ? part.text
        : part,
  );
  return values.length === 1 ? values[0] : values;
}

function isDocumentPart(part: unknown): part is { document: { data: string } } {
  return (
    isObject(part) && part.type === 'document' && isObject(part.document) && typeof part.document.data === 'string'
  );
}

function readMessage(
  message: Record<string, unknown>,
  path: string,
  calls: CallCollector,
  context: ParseContext,
  finishReason?: unknown,
): void {
  const toolCalls = message.tool_calls;
  if (Array.isArray(toolCalls))
    toolCalls.forEach((entry: unknown, i) =>
      readToolCall(entry, childPath(childPath(path, 'tool_calls'), i), calls, context, finishReason),
    );
  else if (toolCalls !== undefined && toolCalls !== null)
    calls.markUnreadable(childPath(path, 'tool_calls'), `"tool_calls" that is ${describeType(toolCalls)}, not a list`);
  passOverForeignCallKeys(message, READ_KEYS, path, context);
  if (Array.isArray(message.content))
    message.content.forEach((part: unknown, i) => {
      if (!(isObject(part) && typeof part.type === 'string' && CONTENT_TYPES.has(part.type)))
        context.unrecognised(
          childPath(childPath(path, 'content'), i),
          `a content part that is not Cohere's (${describeKeys(part)})`,
        );
    });
  if (message.role === 'user') calls.turns.user(path, userText(message.content));
  // `tool_plan` is the model thinking aloud before its calls, no reply.
  if (message.role === 'assistant') calls.turns.assistant(path, assistantText(message.content));
  if (message.role === 'tool')
    calls.addResult({ id: message.tool_call_id }, outcomeOf(toolContent(message.content)), path);
}

/** The call keys of a message this reader reads; others (`function_call`, `toolCalls`, ...) are passed over. */
const READ_KEYS: ReadonlySet<string> = new Set(['tool_calls', 'tool_call_id']);

/** Content part types of v2 messages: none is a call. */
const CONTENT_TYPES = new Set(['text', 'document', 'image_url', 'thinking']);

function readList(items: unknown[], path: string, calls: CallCollector, context: ParseContext): void {
  items.forEach((item: unknown, i) => {
    const itemPath = childPath(path, i);
    if (isRoleMessage(item)) readMessage(item, itemPath, calls, context);
    else context.warn(itemPath, `skipped ${describeType(item)}: expected a Cohere chat message with a "role"`);
  });
}

/** Event types of a Cohere v2 chat stream. */
const STREAM_EVENTS = new Set([
  'message-start',
  'content-start',
  'content-delta',
  'content-end',
  'tool-plan-delta',
  'tool-call-start',
  'tool-call-delta',
  'tool-call-end',
  'citation-start',
  'citation-end',
  'message-end',
  'debug',
]);

function isStreamEvent(value: unknown): value is Record<string, unknown> & { type: string } {
  return isObject(value) && typeof value.type === 'string' && STREAM_EVENTS.has(value.type);
}

/** A v2 chat stream: every element a stream event, and some a `message-start` or `tool-call-start`. */
function isCohereStream(list: unknown[]): boolean {
  return (
    list.some((item) => isStreamEvent(item) && (item.type === 'message-start' || item.type === 'tool-call-start')) &&
    list.every(isStreamEvent)
  );
}

/** The `delta.message.tool_calls` object of a stream event, if it has one. */
function streamedToolCall(event: Record<string, unknown>): Record<string, unknown> | undefined {
  const message = isObject(event.delta) ? event.delta.message : undefined;
  return isObject(message) && isObject(message.tool_calls) ? message.tool_calls : undefined;
}

interface StreamedCall {
  entry: Record<string, unknown>;
  message: number;
}

/** Calls of a recorded v2 stream, rebuilt into `tool_calls` entries and read like a response's. */
function readStream(events: unknown[], calls: CallCollector, context: ParseContext): void {
  const assembly = new StreamAssembly<StreamedCall>(context);
  const finishReasons: unknown[] = [];
  // Each message's streamed text (`content-delta` events), joined, with where it began.
  const texts: { text: string; path: string }[] = [];
  let message = 0;
  events.forEach((event, i) => {
    const path = childPath('$', i);
    if (!isStreamEvent(event))
      return context.warn(path, `skipped ${describeType(event)}: expected a Cohere chat stream event`);
    // textOf, not String(): a damaged index may be an object whose toString is not a function.
    const key = `${message}:${textOf(event.index)}`;
    switch (event.type) {
      case 'tool-call-start': {
        const entry = streamedToolCall(event);
        if (!entry) return context.warn(path, 'skipped a tool-call-start event without delta.message.tool_calls');
        assembly.start(
          key,
          { entry, message },
          childPath(childPath(childPath(path, 'delta'), 'message'), 'tool_calls'),
          [message, typeof event.index === 'number' ? event.index : 0],
        );
        return;
      }
      case 'tool-call-delta': {
        const fn = streamedToolCall(event)?.function;
        if (isObject(fn) && typeof fn.arguments === 'string') assembly.append(key, fn.arguments, path);
        return;
      }
      case 'tool-call-end':
        return assembly.close(key);
      case 'content-delta': {
        const delta = isObject(event.delta) && isObject(event.delta.message) ? event.delta.message.content : undefined;
        if (isObject(delta) && typeof delta.text === 'string') {
          texts[message] ??= { text: '', path };
          texts[message]!.text += delta.text;
        }
        return;
      }
      case 'message-end':
        finishReasons[message] = isObject(event.delta) ? event.delta.finish_reason : undefined;
        assembly.closeAll();
        message++;
        return;
      // message-start, tool plan, citations: not calls.
    }
  });
  for (const unit of assembly.finish()) {
    const { entry, message: index } = unit.head;
    const fn = isObject(entry.function) ? entry.function : {};
    readToolCall(
      { ...entry, function: { ...fn, arguments: joinedArguments(unit, fn.arguments) } },
      unit.path,
      calls,
      context,
      finishReasons[index],
    );
  }
  for (const text of texts) if (text !== undefined) calls.turns.assistant(text.path, text.text);
}

function readObject(data: Record<string, unknown>, calls: CallCollector, context: ParseContext): void {
  if (isObject(data.message) && data.finish_reason !== undefined)
    readMessage(data.message, '$.message', calls, context, data.finish_reason);
  else if (Array.isArray(data.messages)) readList(data.messages, '$.messages', calls, context);
  else if (typeof data.role === 'string') readMessage(data, '$', calls, context);
  else {
    throw new ToolscoreInputError(
      { source: context.source, path: '$' },
      `expected a Cohere v2 chat response ({"message", "finish_reason"}), a message list, {"messages": [...]} or v2 stream events; got ${describeKeys(data)}`,
    );
  }
}

/** Cohere v2 Chat traces. */
export const cohereFormat: TraceFormat = {
  name: FORMAT,
  looksFor:
    'a v2 chat response ({message: {tool_plan, tool_calls}, finish_reason: "TOOL_CALL" | "COMPLETE" | ...}), messages with tool_plan or document tool content, or v2 stream events (message-start / tool-call-start / tool-call-delta)',
  detect: looksLikeCohere,
  description:
    'Cohere v2 chat responses, message lists (tool_calls; role "tool" results joined by tool_call_id, text or document content) and recorded v2 stream events',
  recordsReplies: true,
  parse(data, context): ToolCall[] {
    const calls = new CallCollector(context, FORMAT);
    if (Array.isArray(data) && isCohereStream(data)) readStream(data, calls, context);
    else if (Array.isArray(data)) readList(data, '$', calls, context);
    else if (isObject(data)) readObject(data, calls, context);
    else
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected a Cohere chat response or a message list, got ${describeType(data)}`,
      );
    return calls.finish();
  },
};

/**
 * Calls from a Cohere v2 chat response, its stream events (a list) or a message history held in memory
 * (the `cohere-ai` client's `ChatResponse`, `messages`). Throws `ToolscoreInputError` for anything else.
 */
export function fromCohere(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(cohereFormat, value, options);
}

// ---- Detection ---------------------------------------------------------------------------------

/** v2 `finish_reason` values; OpenAI's are lower case, so a Chat Completions response never matches. */
const FINISH_REASONS = new Set(['COMPLETE', 'STOP_SEQUENCE', 'MAX_TOKENS', 'TOOL_CALL', 'ERROR', 'TIMEOUT']);

/** What only Cohere messages carry: an assistant `tool_plan`, or tool content with `document` parts. */
function isCohereMessage(message: unknown): boolean {
  if (!isRoleMessage(message)) return false;
  if (message.role === 'assistant' && typeof message.tool_plan === 'string' && Array.isArray(message.tool_calls))
    return true;
  return (
    message.role === 'tool' &&
    Array.isArray(message.content) &&
    message.content.some((part) => isObject(part) && part.type === 'document' && isObject(part.document))
  );
}

function isCohereList(list: unknown[]): boolean {
  return list.length > 0 && list.every(isRoleMessage) && list.some(isCohereMessage);
}

/**
 * Cohere: a v2 chat response (a `message` object with a `role` and an upper-case v2 `finish_reason`),
 * a list (or `{messages}`) in which every element has a `role` and some message is Cohere's own
 * (`isCohereMessage`), or a v2 stream (`isCohereStream`). A history without `tool_plan` or document
 * parts has OpenAI's shape and is read as OpenAI, with the same calls.
 */
function looksLikeCohere(data: unknown): boolean {
  if (Array.isArray(data)) return isCohereList(data) || isCohereStream(data);
  if (!isObject(data)) return false;
  if (isRoleMessage(data.message) && typeof data.finish_reason === 'string' && FINISH_REASONS.has(data.finish_reason))
    return true;
  return Array.isArray(data.messages) && isCohereList(data.messages);
}
