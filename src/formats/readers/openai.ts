import { ChildPath, pathText, type LazyPath } from '../support/calls.js';
import { ToolscoreInputError, childPath, describeType, textOf } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import {
  isChatChunk,
  isChatChunkStream,
  isResponsesEventStream,
  reassembleChatChunks,
  reassembleResponsesEvents,
} from '../support/openai-stream.js';
import {
  CallCollector,
  describeKeys,
  errorText,
  isRoleMessage,
  outcomeOf,
  readInMemory,
  type FromOptions,
} from '../support/call-collector.js';
import { isObject } from '../../core/objects.js';
import { assistantText, userText } from '../support/turns.js';
import type { ParseContext, TraceFormat } from '../types.js';

export type { FromOptions } from '../support/call-collector.js';

/**
 * OpenAI traces, three shapes:
 * - Chat Completions: a response (`choices[0].message`), a message list, or `{messages: [...]}` (a
 *   request body). Every message is read: `tool_calls` entries (with or without `type`), the legacy
 *   `function_call`, `role: "tool"` results joined by `tool_call_id`, legacy `role: "function"`
 *   results joined by name.
 * - Responses API: a response (`{object: "response", output: [...]}`), a list of input/output items,
 *   or `{input: [...]}`. `function_call` items are calls (id = `call_id`), `function_call_output`
 *   items their results; `custom_tool_call` items are calls with args `{input: text}`; `mcp_call`
 *   items are calls that carry their own output or error.
 * - Recorded streams (a list of `chat.completion.chunk`s, or of Responses API events) are rebuilt by
 *   `openai-stream.ts` into the `tool_calls` entries or output items above and read the same way.
 * - Policy for hosted built-in tools (`web_search_call`, `file_search_call`, `shell_call`,
 *   `local_shell_call`, `code_interpreter_call`, `computer_call`, `tool_search_call`, …): they have no
 *   tool name of the developer's, so they are skipped with a warning, as are `mcp_approval_request`s
 *   (the call has not run).
 * A tool result reports an error per `reportedError` (an object with an `error` member, or a text
 * starting with `Error:`).
 */

const FORMAT = 'openai';

/** Responses API item types that are results of a call (joined by `call_id`). */
const OUTPUT_ITEMS = new Set(['function_call_output', 'custom_tool_call_output']);

/**
 * The metadata of every Chat Completions `tool_calls` call: one object for all of them, since the
 * collector copies metadata into each call it returns.
 */
const TOOL_CALLS_METADATA: Readonly<Record<string, unknown>> = { format: 'tool_calls' };

function readToolCallEntry(entry: unknown, path: LazyPath, calls: CallCollector, context: ParseContext): void {
  if (!isObject(entry)) {
    calls.markUnreadable(path, `a tool_calls entry that is ${describeType(entry)}, not an object`);
    return;
  }
  const metadata = TOOL_CALLS_METADATA;
  // Chat Completions custom tools: {type: "custom", custom: {name, input}}.
  if (entry.type === 'custom' && isObject(entry.custom)) {
    const input = entry.custom.input;
    calls.add(entry.custom.name, input === undefined || input === null ? null : { input }, path, {
      id: entry.id,
      metadata,
    });
    return;
  }
  if (entry.type !== undefined && entry.type !== 'function') {
    calls.markUnreadable(path, `a tool_calls entry of type ${JSON.stringify(entry.type)}`);
    return;
  }
  const fn = entry.function;
  if (!isObject(fn)) {
    const hint =
      typeof entry.name === 'string' ? ' (LangChain-style {name, args} entries are read by --format langchain)' : '';
    calls.markUnreadable(path, `a tool_calls entry without a "function" object${hint}`);
    return;
  }
  calls.add(fn.name, readArguments(fn.arguments, path, context, 'function', 'arguments'), path, {
    id: entry.id,
    metadata,
  });
}

/**
 * One chat message; its path is `path`, or item `index` of the list at `path`, built only when a call,
 * a result or a warning keeps it (most messages of a history hold neither).
 */
function readChatMessage(
  message: Record<string, unknown>,
  path: LazyPath,
  calls: CallCollector,
  context: ParseContext,
  index?: number,
): void {
  let at: LazyPath | undefined;
  const toolCalls = message.tool_calls;
  if (Array.isArray(toolCalls)) {
    at = itemPath(path, index);
    for (let i = 0; i < toolCalls.length; i++)
      readToolCallEntry(toolCalls[i], new ChildPath(at, 'tool_calls', i), calls, context);
  } else if (toolCalls !== undefined && toolCalls !== null) {
    calls.markUnreadable(
      childPath(pathText(itemPath(path, index)), 'tool_calls'),
      `"tool_calls" that is ${describeType(toolCalls)}, not a list`,
    );
  }
  const legacy = message.function_call;
  if (legacy !== undefined && legacy !== null)
    readLegacyCall(legacy, new ChildPath((at ??= itemPath(path, index)), 'function_call'), calls, context);
  const role = message.role;
  const content = message.content;
  if (role === 'tool') {
    at ??= itemPath(path, index);
    if (message.tool_call_id === undefined && message.name === undefined) {
      context.warn(pathText(at), 'ignored a tool message with no tool_call_id');
      return;
    }
    calls.addResult({ id: message.tool_call_id, name: message.name }, outcomeOf(content), at);
    return;
  }
  if (role === 'function') {
    calls.addResult({ name: message.name }, outcomeOf(content), (at ??= itemPath(path, index)));
  } else if (role === 'user') {
    calls.turns.user(itemPath(path, index), userText(content));
  } else if (role === 'assistant') {
    calls.turns.assistant(itemPath(path, index), assistantText(content));
  } else if (!CHAT_ROLES.has(role as string)) {
    context.unrecognised(pathText(itemPath(path, index)), `a message of role ${JSON.stringify(role)}`);
  }
  if (Array.isArray(content)) passOverParts(content, itemPath(path, index), context);
}

/** A legacy `function_call` (`{name, arguments}`) at `fcPath`. */
function readLegacyCall(legacy: unknown, fcPath: LazyPath, calls: CallCollector, context: ParseContext): void {
  if (!isObject(legacy)) {
    calls.markUnreadable(fcPath, `a "function_call" that is ${describeType(legacy)}, not an object`);
    return;
  }
  calls.add(legacy.name, readArguments(legacy.arguments, fcPath, context, 'arguments'), fcPath, {
    metadata: { format: 'function_call' },
  });
}

/** The path of item `index` of the list at `path`, or `path` itself for an item not in a list. */
function itemPath(path: LazyPath, index: number | undefined): LazyPath {
  return index === undefined ? path : new ChildPath(path, index);
}

/** Content parts of a kind chat messages do not hold (another provider's blocks), passed over. */
function passOverParts(parts: readonly unknown[], path: LazyPath, context: ParseContext): void {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!(isObject(part) && typeof part.type === 'string' && TEXT_PART_TYPES.has(part.type)))
      context.unrecognised(
        childPath(childPath(pathText(path), 'content'), i),
        `a content part that is not a chat message part (${describeKeys(part)})`,
      );
  }
}

function readResponsesItem(
  item: Record<string, unknown>,
  type: string,
  path: LazyPath,
  calls: CallCollector,
  context: ParseContext,
): void {
  switch (type) {
    case 'function_call':
      calls.add(
        item.name,
        readArguments(item.arguments, () => childPath(pathText(path), 'arguments'), context),
        path,
        {
          id: item.call_id ?? item.id,
          metadata: responsesMetadata('responses.function_call', item),
        },
      );
      return;
    case 'custom_tool_call': {
      const input = item.input;
      calls.add(item.name, input === undefined || input === null ? null : { input }, path, {
        id: item.call_id ?? item.id,
        metadata: responsesMetadata('responses.custom_tool_call', item),
      });
      return;
    }
    case 'mcp_call': {
      const metadata = responsesMetadata('responses.mcp_call', item);
      if (typeof item.server_label === 'string') metadata.server_label = item.server_label;
      calls.add(
        item.name,
        readArguments(item.arguments, () => childPath(pathText(path), 'arguments'), context),
        path,
        { id: item.id, metadata },
      );
      const outcome = outcomeOf(item.output);
      const error = errorText(item.error);
      calls.addResult({ id: item.id }, error === undefined ? outcome : { ...outcome, failed: true, error }, path);
      return;
    }
    case 'mcp_approval_request':
      calls.skip(path, `skipped an mcp_approval_request for ${JSON.stringify(item.name)}: the call has not run yet`);
      return;
    default:
      if (OUTPUT_ITEMS.has(type)) {
        calls.addResult({ id: item.call_id }, outcomeOf(item.output), path);
      } else if (type.endsWith('_call')) {
        calls.skip(
          path,
          `skipped a built-in ${type} item: only function, custom and MCP tool calls are scored`,
          item.call_id ?? item.id,
        );
      } else if (!QUIET_ITEMS.has(type) && !type.endsWith('_call_output')) {
        context.unrecognised(pathText(path), `an item of type ${JSON.stringify(type)}`);
      }
  }
}

/** Responses API items that are not calls or their results, read as nothing, quietly. */
const QUIET_ITEMS = new Set(['message', 'reasoning', 'mcp_list_tools', 'program', 'compaction', 'item_reference']);

function responsesMetadata(format: string, item: Record<string, unknown>): Record<string, unknown> {
  const metadata: Record<string, unknown> = { format };
  if (typeof item.id === 'string' && item.id !== item.call_id && item.call_id !== undefined) metadata.item_id = item.id;
  return metadata;
}

/**
 * One element of a message/item list: a Responses item (by `type`), else a chat message (by `role`).
 * Its path is `path`, or item `index` of the list at `path` (see `readChatMessage`).
 */
function readItem(item: unknown, path: LazyPath, calls: CallCollector, context: ParseContext, index?: number): void {
  if (!isObject(item)) {
    context.warn(
      pathText(itemPath(path, index)),
      `skipped ${describeType(item)}: expected a message or a Responses API item`,
    );
    return;
  }
  const type = item.type;
  if (typeof type === 'string' && type !== 'message') {
    readResponsesItem(item, type, itemPath(path, index), calls, context);
    return;
  }
  if (typeof item.role === 'string') {
    readChatMessage(item, path, calls, context, index);
    return;
  }
  context.warn(pathText(itemPath(path, index)), 'skipped an entry with neither a "role" nor a "type"');
}

function readList(
  items: unknown[],
  path: string,
  calls: CallCollector,
  context: ParseContext,
  end = items.length,
): void {
  // Each item's path is built only if a warning or error names it.
  for (let i = 0; i < end; i++) readItem(items[i], path, calls, context, i);
}

/** The error for an OpenAI API error (`{"message", "type", "code"}`), in a body or a stream: the input is not a trace. */
function apiError(error: Record<string, unknown>, source: string, path: string): ToolscoreInputError {
  const kind = typeof error.code === 'string' ? error.code : typeof error.type === 'string' ? error.type : 'error';
  return new ToolscoreInputError(
    { source, path },
    `this is an OpenAI API error response (${kind}), not a trace: ${textOf(error.message ?? '')}`,
  );
}

/** Throws for an OpenAI API error body (`{"error": {"message", "type", "code"}}`). */
function rejectErrorBody(data: Record<string, unknown>, source: string): void {
  const error = data.error;
  if (
    isObject(error) &&
    typeof error.message === 'string' &&
    data.choices === undefined &&
    data.output === undefined &&
    data.object === undefined
  ) {
    throw apiError(error, source, '$.error');
  }
}

/** Tool calls of a recorded chat stream, read like a message's `tool_calls` (the first choice, as for a whole response). */
function readChatStream(
  chunks: unknown[],
  calls: CallCollector,
  context: ParseContext,
  pathOf?: (index: number) => string,
): void {
  const stream = reassembleChatChunks(chunks, context, pathOf);
  if (stream.choices.length > 1) context.warn('$', firstOfAlternatives(stream.choices.length, 'choices'));
  // The text of the choice read (the first when none called a tool), completion by completion.
  const read = stream.choices[0] ?? Math.min(...stream.texts.map((text) => text.choice));
  for (const { choice, text, path } of stream.texts) if (choice === read) calls.turns.assistant(path, text);
  for (const call of stream.calls) {
    if (call.choice !== stream.choices[0]) continue;
    const before = calls.count;
    if (call.legacy) readLegacyCall(call.entry.function, call.path, calls, context);
    else readToolCallEntry(call.entry, call.path, calls, context);
    if (call.finishReason !== undefined) calls.endedAtTokenLimit('finish_reason', call.finishReason, before);
  }
}

/** Items of a recorded Responses API stream, read like a response's `output`; a stream that reports an API error is one. */
function readResponsesStream(events: unknown[], calls: CallCollector, context: ParseContext): void {
  const stream = reassembleResponsesEvents(events, context);
  if (stream.error) throw apiError(stream.error.error, context.source, stream.error.path);
  for (const { item, path, incompleteReason } of stream.items) {
    const before = calls.count;
    readItem(item, path, calls, context);
    if (incompleteReason !== undefined) checkCutCall(item, incompleteReason, before, calls);
  }
}

/** Response items whose arguments the model writes, so a token limit can cut them. */
const WRITTEN_CALL_ITEMS = new Set(['function_call', 'custom_tool_call', 'mcp_call']);

/**
 * Warns when a Responses API response that stopped at its output token limit (`incomplete_details.reason`)
 * ended on `item`, a call just read (`before` is the count before it).
 */
function checkCutCall(item: unknown, reason: unknown, before: number, calls: CallCollector): void {
  if (isObject(item) && WRITTEN_CALL_ITEMS.has(item.type as string))
    calls.endedAtTokenLimit('incomplete_details.reason', reason, before);
}

function firstOfAlternatives(count: number, what: string): string {
  return `read the first of ${count} ${what}; the others are alternatives, not later steps`;
}

function readObject(data: Record<string, unknown>, calls: CallCollector, context: ParseContext): void {
  rejectErrorBody(data, context.source);
  if (data.object === 'response' || (Array.isArray(data.output) && data.choices === undefined)) {
    if (Array.isArray(data.input)) readList(data.input, '$.input', calls, context);
    if (!Array.isArray(data.output)) {
      throw new ToolscoreInputError(
        { source: context.source, path: '$.output' },
        `expected the Responses API "output" list, got ${describeType(data.output)}`,
      );
    }
    const output = data.output;
    const last = output.length - 1;
    readList(output, '$.output', calls, context, Math.max(last, 0));
    if (last >= 0) {
      const before = calls.count;
      readItem(output[last], '$.output', calls, context, last);
      if (isObject(data.incomplete_details)) checkCutCall(output[last], data.incomplete_details.reason, before, calls);
    }
    return;
  }
  if (Array.isArray(data.choices)) {
    if (isChatChunk(data)) {
      readChatStream([data], calls, context, () => '$');
      return;
    }
    const withMessage = data.choices.filter((choice) => isObject(choice) && isObject(choice.message));
    if (withMessage.length === 0) {
      if (data.choices.length > 0)
        calls.markUnreadable('$.choices', 'choices without a "message" (or a streamed "delta") object');
      return;
    }
    if (withMessage.length > 1) context.warn('$.choices', firstOfAlternatives(withMessage.length, 'choices'));
    const index = data.choices.indexOf(withMessage[0]);
    const choice = withMessage[0] as Record<string, unknown>;
    const before = calls.count;
    readChatMessage(choice.message as Record<string, unknown>, `$.choices[${index}].message`, calls, context);
    calls.endedAtTokenLimit('finish_reason', choice.finish_reason, before);
    return;
  }
  if (Array.isArray(data.messages)) {
    readList(data.messages, '$.messages', calls, context);
    return;
  }
  if (Array.isArray(data.input)) {
    readList(data.input, '$.input', calls, context);
    return;
  }
  if (typeof data.role === 'string' || typeof data.type === 'string') {
    readItem(data, '$', calls, context);
    return;
  }
  throw new ToolscoreInputError(
    { source: context.source, path: '$' },
    `expected an OpenAI chat completion ("choices"), a message list, {"messages": [...]}, or a Responses API response ("output") or item list; got ${describeKeys(data)}`,
  );
}

/** OpenAI Chat Completions and Responses API traces. */
export const openaiFormat: TraceFormat = {
  name: FORMAT,
  looksFor:
    '"choices", messages with tool_calls ({function: {name, arguments}}) / function_call, Responses API "output" / function_call items, or a stream of chat.completion.chunk objects or Responses API events (response.*)',
  marks: ['choices', 'tool_calls', 'function', 'arguments', 'finish_reason', 'function_call', 'output', 'tool_call_id'],
  detect: looksLikeOpenAI,
  description:
    'OpenAI Chat Completions responses and message lists (tool_calls, function_call, role "tool" results), Responses API output/input items, and recorded streams of either (chat.completion.chunk lists, Responses events)',
  recordsReplies: true,
  parse(data, context): ToolCall[] {
    const calls = new CallCollector(context, FORMAT);
    if (Array.isArray(data) && isChatChunkStream(data)) readChatStream(data, calls, context);
    else if (Array.isArray(data) && isResponsesEventStream(data)) readResponsesStream(data, calls, context);
    else if (Array.isArray(data)) readList(data, '$', calls, context);
    else if (isObject(data)) readObject(data, calls, context);
    else
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected an OpenAI response or a message list, got ${describeType(data)}`,
      );
    return calls.finish();
  },
};

/**
 * Calls from an OpenAI response or conversation held in memory: a Chat Completions response, a
 * message list, a Responses API response or item list. Throws `ToolscoreInputError` for anything else.
 */
export function fromOpenAI(response: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(openaiFormat, response, options);
}

// ---- Detection ---------------------------------------------------------------------------------

/** A Chat Completions `tool_calls` entry: `{function: {...}}` (with or without `type`) or a custom tool call. */
function isOpenAIToolCallEntry(entry: unknown): boolean {
  return isObject(entry) && (isObject(entry.function) || (entry.type === 'custom' && isObject(entry.custom)));
}

/** A chat message that calls a tool the OpenAI way, or a legacy `role: "function"` result. */
function isOpenAICallMessage(message: unknown): boolean {
  if (!isRoleMessage(message)) return false;
  const toolCalls = message.tool_calls;
  if (Array.isArray(toolCalls) && toolCalls.length > 0 && toolCalls.every(isOpenAIToolCallEntry)) return true;
  if (isObject(message.function_call) && typeof message.function_call.name === 'string') return true;
  return message.role === 'function' && typeof message.name === 'string';
}

const RESPONSES_ITEMS = new Set([
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
]);

/** A Responses API call or call-output item (snake_case `call_id`; the Agents JS SDK writes `callId`). */
function isResponsesCallItem(item: unknown): boolean {
  return (
    isObject(item) &&
    typeof item.type === 'string' &&
    RESPONSES_ITEMS.has(item.type) &&
    typeof item.call_id === 'string'
  );
}

/** Tool-call entries that are not OpenAI's (LangChain `{name, args, id}`): the list is someone else's. */
function hasForeignToolCalls(message: unknown): boolean {
  return isObject(message) && Array.isArray(message.tool_calls) && !message.tool_calls.every(isOpenAIToolCallEntry);
}

function isOpenAIList(list: unknown[]): boolean {
  return (
    list.length > 0 &&
    list.every((item) => isRoleMessage(item) || (isObject(item) && typeof item.type === 'string')) &&
    list.some((item) => isOpenAICallMessage(item) || isResponsesCallItem(item)) &&
    !list.some(hasForeignToolCalls)
  );
}

const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant']);
const TEXT_PART_TYPES = new Set([
  'text',
  'input_text',
  'output_text',
  'refusal',
  'image_url',
  'input_image',
  'input_audio',
  'input_file',
  'file',
]);

/**
 * A chat history in which no tool was called: every element a system/developer/user/assistant
 * message whose content is text, null or text/image parts, and nothing else. Real agent runs end
 * like this when the agent answered without tools (tau-bench has such runs); it is read as OpenAI —
 * it has zero calls under any format, so the zero is the trace's, not a misread.
 */
function isPlainChatList(list: unknown[]): boolean {
  return (
    list.length > 0 &&
    list.every((item) => {
      if (!isRoleMessage(item) || !CHAT_ROLES.has(item.role)) return false;
      if (Object.keys(item).some((key) => key !== 'role' && key !== 'content' && key !== 'name' && key !== 'refusal'))
        return false;
      const content = item.content;
      if (content === null || content === undefined || typeof content === 'string') return true;
      return (
        Array.isArray(content) &&
        content.every((part) => isObject(part) && typeof part.type === 'string' && TEXT_PART_TYPES.has(part.type))
      );
    })
  );
}

/**
 * OpenAI: a Responses API response (`object: "response"` with an `output` list), a Chat Completions
 * response (`choices` of objects, some with a `message` object), an OpenAI error body (only an
 * `error` object with a `message` and a `type`), one message that calls a tool, or a list (or
 * `{messages}` / `{input}`) in which every element has a `role` or a `type`, some element is a
 * message with OpenAI `tool_calls` (`function` objects) / a legacy `function_call` / a `role:
 * "function"` result, or a Responses `function_call` / `function_call_output` item with a `call_id`,
 * and no `tool_calls` entry lacks a `function` object; or a plain chat history without tool calls
 * (`isPlainChatList`); or a recorded stream (`isChatChunkStream`: `chat.completion.chunk`s, one or a
 * list; `isResponsesEventStream`: a list of Responses API events); or one Responses call item.
 */
function looksLikeOpenAI(data: unknown): boolean {
  if (Array.isArray(data))
    return isOpenAIList(data) || isPlainChatList(data) || isChatChunkStream(data) || isResponsesEventStream(data);
  if (!isObject(data)) return false;
  if (data.object === 'response' && Array.isArray(data.output)) return true;
  if (isChatChunk(data)) return true;
  const choices = data.choices;
  if (Array.isArray(choices))
    return choices.length > 0 && choices.every(isObject) && choices.some((c) => isObject(c) && isObject(c.message));
  const error = data.error;
  if (Object.keys(data).length === 1 && isObject(error) && typeof error.message === 'string' && 'type' in error)
    return true;
  if (Array.isArray(data.messages)) return isOpenAIList(data.messages) || isPlainChatList(data.messages);
  if (Array.isArray(data.input)) return isOpenAIList(data.input);
  return (isOpenAICallMessage(data) && !hasForeignToolCalls(data)) || isLoneResponsesCall(data);
}

/** One Responses API call item on its own (`{type: "function_call", call_id, name, arguments}`, or a custom tool's). */
function isLoneResponsesCall(data: Record<string, unknown>): boolean {
  return (
    (data.type === 'function_call' || data.type === 'custom_tool_call') &&
    typeof data.call_id === 'string' &&
    typeof data.name === 'string'
  );
}
