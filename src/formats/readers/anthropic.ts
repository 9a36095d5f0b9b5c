import { ToolscoreInputError, childPath, describeType, textOf } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { isAnthropicEventStream, reassembleAnthropicEvents } from '../support/anthropic-stream.js';
import { readArguments } from '../support/arguments.js';
import {
  CallCollector,
  describeKeys,
  errorText,
  isRoleMessage,
  readContent,
  readInMemory,
  type FromOptions,
  type Outcome,
} from '../support/call-collector.js';
import { assistantText, userInputText } from '../support/turns.js';
import { isObject } from '../../core/objects.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Anthropic Messages traces: a Messages API response (`{type: "message", role: "assistant", content}`),
 * a single message `{role, content}` (also without its `role`: `{content: [...]}`), a message list, or
 * `{messages: [...]}` (a request body); a bare list of content blocks, or one call block, is read as one assistant turn.
 * - `tool_use` blocks are calls (`id`, `name`, `input`); `mcp_tool_use` blocks (MCP connector) too.
 * - `tool_result` / `mcp_tool_result` blocks, joined by `tool_use_id`, fill the result (text blocks
 *   joined; JSON text parsed); `is_error: true` marks the call failed, its content is the error message.
 * - A recorded stream (a list of Messages stream events) is rebuilt by `anthropic-stream.ts` into the
 *   content blocks above and read the same way.
 * - Policy for `server_tool_use` (Anthropic-hosted tools such as web_search, web_fetch, code_execution,
 *   tool search): skipped with a warning, like OpenAI's built-in tools; their `*_tool_result` blocks are
 *   dropped with them.
 */

const FORMAT = 'anthropic';

const CALL_BLOCKS = new Set(['tool_use', 'mcp_tool_use']);
const RESULT_BLOCKS = new Set(['tool_result', 'mcp_tool_result']);

function readBlock(
  block: unknown,
  path: string,
  stopReason: unknown,
  calls: CallCollector,
  context: ParseContext,
): void {
  if (!isObject(block) || typeof block.type !== 'string') {
    context.unrecognised(path, `a content block without a "type" (${describeKeys(block)})`);
    return;
  }
  const type = block.type;
  if (CALL_BLOCKS.has(type)) {
    const metadata: Record<string, unknown> = { format: type };
    if (typeof block.server_name === 'string') metadata.server_name = block.server_name;
    if (isObject(block.caller) && block.caller.type !== 'direct') metadata.caller = block.caller;
    if (typeof stopReason === 'string') metadata.stop_reason = stopReason;
    calls.add(block.name, readArguments(block.input, childPath(path, 'input'), context), path, {
      id: block.id,
      metadata,
    });
  } else if (RESULT_BLOCKS.has(type)) {
    const result = readContent(block.content);
    let outcome: Outcome = { result };
    if (block.is_error === true) {
      const message = errorText(result);
      outcome = message === undefined ? { result, failed: true } : { result, failed: true, error: message };
    }
    calls.addResult({ id: block.tool_use_id }, outcome, path);
  } else if (type === 'server_tool_use') {
    calls.skip(
      path,
      `skipped a server_tool_use block for ${JSON.stringify(block.name)}: Anthropic-hosted tools are not scored`,
      block.id,
    );
  } else if (!QUIET_BLOCKS.has(type) && !type.endsWith('_tool_result')) {
    context.unrecognised(path, `a content block of type ${JSON.stringify(type)}`);
  }
  // text, thinking, images, documents and results of hosted tools are not calls.
}

/** Content blocks that are not calls or their results, read as nothing, quietly. */
const QUIET_BLOCKS = new Set([
  'text',
  'thinking',
  'redacted_thinking',
  'image',
  'document',
  'search_result',
  'container_upload',
]);

function readMessage(
  message: Record<string, unknown>,
  path: string,
  calls: CallCollector,
  context: ParseContext,
): void {
  const content = message.content;
  if (message.role === 'user') {
    const text = userInputText(content, isResultBlock);
    if (text !== undefined) calls.turns.user(path, text);
  } else if (message.role === 'assistant' || message.role === undefined) {
    calls.turns.assistant(path, assistantText(content));
  }
  if (typeof content === 'string' || content === undefined || content === null) return;
  if (!Array.isArray(content)) {
    calls.markUnreadable(
      childPath(path, 'content'),
      `message content that is ${describeType(content)}, not text or a list of blocks`,
    );
    return;
  }
  const before = calls.count;
  content.forEach((block: unknown, i) =>
    readBlock(block, childPath(childPath(path, 'content'), i), message.stop_reason, calls, context),
  );
  if (endsOnCall(content)) calls.endedAtTokenLimit('stop_reason', message.stop_reason, before);
}

/** A `tool_result` block (or a hosted tool's result): a user message holding one returns results, it is no turn. */
function isResultBlock(block: unknown): boolean {
  return isObject(block) && typeof block.type === 'string' && block.type.endsWith('tool_result');
}

/** Whether a message's last block is a call: a token limit reached there cut that call. */
function endsOnCall(blocks: readonly unknown[]): boolean {
  const last = blocks[blocks.length - 1];
  return isObject(last) && typeof last.type === 'string' && CALL_BLOCKS.has(last.type);
}

/**
 * A message without its `role` (`{content: [...]}`), as hand-written fixtures and mocked clients give
 * them: an object with a `content` list and no `type` of its own (beyond the response's "message").
 */
function isRolelessMessage(value: unknown): value is Record<string, unknown> {
  return (
    isObject(value) &&
    value.role === undefined &&
    (value.type === undefined || value.type === 'message') &&
    Array.isArray(value.content)
  );
}

function isMessage(value: unknown): value is Record<string, unknown> {
  return isRoleMessage(value) || isRolelessMessage(value);
}

function readList(items: unknown[], path: string, calls: CallCollector, context: ParseContext): void {
  // Bare content blocks are one assistant message: their text is its reply.
  const blocks: unknown[] = [];
  items.forEach((item: unknown, i) => {
    const itemPath = childPath(path, i);
    if (isMessage(item)) readMessage(item, itemPath, calls, context);
    else if (isObject(item) && typeof item.type === 'string') {
      blocks.push(item);
      readBlock(item, itemPath, undefined, calls, context);
    } else context.warn(itemPath, `skipped ${describeType(item)}: expected a message with a "role" or a content block`);
  });
  calls.turns.assistant(path, assistantText(blocks));
}

/** The error for an Anthropic API error (`{"type", "message"}`), in a body or a stream: the input is not a trace. */
function apiError(error: Record<string, unknown>, source: string, path: string): ToolscoreInputError {
  const kind = typeof error.type === 'string' ? error.type : 'error';
  return new ToolscoreInputError(
    { source, path },
    `this is an Anthropic API error response (${kind}), not a trace: ${textOf(error.message ?? '')}`,
  );
}

/** Blocks of a recorded Messages stream, read like a message's content; a stream that reports an API error is one. */
function readStream(events: unknown[], calls: CallCollector, context: ParseContext): void {
  const stream = reassembleAnthropicEvents(events, context);
  if (stream.error) throw apiError(stream.error.error, context.source, stream.error.path);
  const before = calls.count;
  for (const { block, path, stopReason } of stream.blocks) readBlock(block, path, stopReason, calls, context);
  // Each message's text blocks, joined, in turn: the last message's is the reply.
  const messages = new Map<number, { path: string; blocks: unknown[] }>();
  for (const { block, path, message } of stream.blocks) {
    const read = messages.get(message) ?? { path, blocks: [] };
    messages.set(message, read);
    read.blocks.push(block);
  }
  for (const { path, blocks } of messages.values()) calls.turns.assistant(path, assistantText(blocks));
  const last = stream.blocks[stream.blocks.length - 1];
  if (last && endsOnCall([last.block])) calls.endedAtTokenLimit('stop_reason', last.stopReason, before);
}

function readObject(data: Record<string, unknown>, calls: CallCollector, context: ParseContext): void {
  if (data.type === 'error' && isObject(data.error)) throw apiError(data.error, context.source, '$.error');
  if (Array.isArray(data.messages)) readList(data.messages, '$.messages', calls, context);
  else if (typeof data.role === 'string' || Array.isArray(data.content)) readMessage(data, '$', calls, context);
  else if (typeof data.type === 'string' && CALL_BLOCKS.has(data.type)) readBlock(data, '$', undefined, calls, context);
  else {
    throw new ToolscoreInputError(
      { source: context.source, path: '$' },
      `expected an Anthropic message ({"role", "content": [...]}), a Messages API response, a message list or {"messages": [...]}; got ${describeKeys(data)}`,
    );
  }
}

/** Anthropic Messages API traces. */
export const anthropicFormat: TraceFormat = {
  name: FORMAT,
  looksFor:
    'a Messages response or messages with tool_use / tool_result content blocks, or a Messages stream (message_start / content_block_* events)',
  marks: ['content', 'tool_use', 'tool_result', 'tool_use_id', 'stop_reason', 'message_start', 'content_block_start'],
  detect: looksLikeAnthropic,
  holdsNoCalls: isRolelessConversation,
  description:
    'Anthropic Messages responses, single messages, message lists (tool_use blocks; tool_result blocks with is_error) and recorded stream events',
  recordsReplies: true,
  parse(data, context): ToolCall[] {
    const calls = new CallCollector(context, FORMAT);
    if (Array.isArray(data) && isAnthropicEventStream(data)) readStream(data, calls, context);
    else if (Array.isArray(data)) readList(data, '$', calls, context);
    else if (isObject(data)) readObject(data, calls, context);
    else
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected an Anthropic message or a message list, got ${describeType(data)}`,
      );
    return calls.finish();
  },
};

/**
 * Calls from an Anthropic response or conversation held in memory: a Messages API response, one
 * message, or a message list. Throws `ToolscoreInputError` for anything else.
 */
export function fromAnthropic(response: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(anthropicFormat, response, options);
}

// ---- Detection ---------------------------------------------------------------------------------

const ANTHROPIC_TOOL_BLOCKS = new Set([
  'tool_use',
  'tool_result',
  'mcp_tool_use',
  'mcp_tool_result',
  'server_tool_use',
]);

function hasAnthropicToolBlock(message: Record<string, unknown>): boolean {
  const content = message.content;
  return (
    Array.isArray(content) &&
    content.some((block) => isObject(block) && typeof block.type === 'string' && ANTHROPIC_TOOL_BLOCKS.has(block.type))
  );
}

function isAnthropicMessageList(list: unknown[]): boolean {
  return (
    list.length > 0 &&
    list.every(isMessage) &&
    list.some((message) => hasAnthropicToolBlock(message as Record<string, unknown>))
  );
}

/** The members of a Messages API response: a role-less object with others is some other record. */
const MESSAGE_KEYS = new Set([
  'id',
  'type',
  'role',
  'content',
  'model',
  'stop_reason',
  'stop_sequence',
  'usage',
  'container',
]);

/** A message without its `role` holding only members a message has (an MCP tool result also has `content`). */
function isBareRolelessMessage(value: unknown): boolean {
  return isRolelessMessage(value) && Object.keys(value).every((key) => MESSAGE_KEYS.has(key));
}

/**
 * Messages without their `role`, alone or in a list with other messages: `detect` asks for a tool
 * block before claiming them, but read by name they are a conversation, and one without a call is a zero.
 */
function isRolelessConversation(data: unknown): boolean {
  if (isBareRolelessMessage(data)) return true;
  return (
    Array.isArray(data) &&
    data.some(isBareRolelessMessage) &&
    data.every((item) => isRoleMessage(item) || isBareRolelessMessage(item))
  );
}

/** One `tool_use` block on its own: `{type: "tool_use", id, name, input}`. */
function isLoneToolUse(data: Record<string, unknown>): boolean {
  return data.type === 'tool_use' && typeof data.id === 'string' && typeof data.name === 'string' && 'input' in data;
}

/**
 * Anthropic: a Messages API response (`type: "message"`, `role: "assistant"`, `content` list), an
 * Anthropic error body (`type: "error"` with an `error` object), one message (with or without its
 * `role`) with a tool block, a list (or `{messages}`) in which every element is a message and some
 * message has a `tool_use` /
 * `tool_result` / `mcp_tool_use` / `mcp_tool_result` / `server_tool_use` block, or a bare list of
 * content blocks (every element has a `type`) holding a `tool_use` block with a `name`, or a recorded
 * stream (`isAnthropicEventStream`: a list of Messages stream events), or one `tool_use` block.
 */
function looksLikeAnthropic(data: unknown): boolean {
  if (Array.isArray(data)) {
    if (isAnthropicMessageList(data) || isAnthropicEventStream(data)) return true;
    return (
      data.length > 0 &&
      data.every((block) => isObject(block) && typeof block.type === 'string') &&
      data.some((block) => isObject(block) && block.type === 'tool_use' && typeof block.name === 'string')
    );
  }
  if (!isObject(data)) return false;
  if (data.type === 'message' && data.role === 'assistant' && Array.isArray(data.content)) return true;
  if (data.type === 'error' && isObject(data.error) && typeof data.error.type === 'string') return true;
  if (isMessage(data) && hasAnthropicToolBlock(data)) return true;
  if (isLoneToolUse(data)) return true;
  return Array.isArray(data.messages) && isAnthropicMessageList(data.messages);
}
