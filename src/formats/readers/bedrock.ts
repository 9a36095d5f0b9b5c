import { ToolscoreInputError, childPath, describeType, textOf } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import {
  CallCollector,
  describeKeys,
  errorText,
  type FromOptions,
  isRoleMessage,
  readContent,
  readInMemory,
  type Outcome,
} from '../support/call-collector.js';
import { assistantText, userInputText } from '../support/turns.js';
import { isObject } from '../../core/objects.js';
import { StreamAssembly, joinedArguments } from '../support/stream-fragments.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Amazon Bedrock Converse traces: a Converse response (`{output: {message}, stopReason}`), one
 * message, a message list or `{messages: [...]}` (a request body), and a recorded ConverseStream (a
 * list of its events).
 * - Content blocks are one-key unions: `{toolUse: {toolUseId, name, input}}` is a call,
 *   `{toolResult: {toolUseId, content, status}}` its result, joined by `toolUseId`; `status: "error"`
 *   marks the call failed. Result content is a list of `{text}` / `{json}` blocks: texts are joined
 *   (and JSON text parsed) as for other providers, one `{json}` block is its value, mixed blocks are kept
 *   as a list of their values.
 * - A stream is rebuilt per `contentBlockIndex`: `contentBlockStart.start.toolUse` opens a call,
 *   `contentBlockDelta.delta.toolUse.input` fragments are joined (none mean `{}`) until
 *   `contentBlockStop`; `messageStop` ends a message, so a run of several messages may reuse index 0.
 * - `metrics.latencyMs` (response or stream `metadata`) times the model call, not a tool, so it is not
 *   a call's duration.
 */

const FORMAT = 'bedrock';

function readToolResult(result: Record<string, unknown>): Outcome {
  const content = result.content;
  let value: unknown;
  if (Array.isArray(content) && content.every((block) => isObject(block) && typeof block.text === 'string')) {
    value = readContent(content);
  } else if (Array.isArray(content)) {
    const values = content.map((block) =>
      isObject(block) && 'json' in block ? block.json : isObject(block) && 'text' in block ? block.text : block,
    );
    value = values.length === 1 ? values[0] : values;
  } else {
    value = readContent(content);
  }
  if (result.status !== 'error') return { result: value };
  const message = errorText(value);
  return message === undefined ? { result: value, failed: true } : { result: value, failed: true, error: message };
}

function readBlock(
  block: unknown,
  path: string,
  stopReason: unknown,
  calls: CallCollector,
  context: ParseContext,
): void {
  if (!isObject(block)) {
    context.unrecognised(path, `a content block that is ${describeType(block)}`);
    return;
  }
  const use = block.toolUse;
  if (isObject(use)) {
    const usePath = childPath(path, 'toolUse');
    const metadata: Record<string, unknown> = { format: 'bedrock.toolUse' };
    if (typeof stopReason === 'string') metadata.stop_reason = stopReason;
    calls.add(
      use.name,
      readArguments(use.input, () => childPath(usePath, 'input'), context),
      usePath,
      { id: use.toolUseId, metadata },
    );
    return;
  }
  const result = block.toolResult;
  if (isObject(result))
    calls.addResult({ id: result.toolUseId }, readToolResult(result), childPath(path, 'toolResult'));
  else if (use !== undefined || result !== undefined)
    calls.markUnreadable(path, `a ${use !== undefined ? 'toolUse' : 'toolResult'} block that is not an object`);
  else if (!QUIET_BLOCKS.some((key) => key in block))
    context.unrecognised(path, `a content block that is not a Converse block (${describeKeys(block)})`);
}

/** Converse content blocks that are not calls or their results, read as nothing, quietly. */
const QUIET_BLOCKS = [
  'text',
  'image',
  'document',
  'video',
  'reasoningContent',
  'citationsContent',
  'cachePoint',
  'guardContent',
];

function readMessage(
  message: Record<string, unknown>,
  path: string,
  stopReason: unknown,
  calls: CallCollector,
  context: ParseContext,
): void {
  const content = message.content;
  if (message.role === 'user') {
    const text = userInputText(content, isToolResultBlock);
    if (text !== undefined) calls.turns.user(path, text);
  } else if (message.role === 'assistant') calls.turns.assistant(path, assistantText(content));
  if (content === undefined || content === null) return;
  if (!Array.isArray(content)) {
    calls.markUnreadable(
      childPath(path, 'content'),
      `message content that is ${describeType(content)}, not a list of content blocks`,
    );
    return;
  }
  content.forEach((block: unknown, i) =>
    readBlock(block, childPath(childPath(path, 'content'), i), stopReason, calls, context),
  );
}

/** A `toolResult` block: a user message holding one returns results, it is no turn. */
function isToolResultBlock(block: unknown): boolean {
  return isObject(block) && block.toolResult !== undefined;
}

function readList(items: unknown[], path: string, calls: CallCollector, context: ParseContext): void {
  items.forEach((item: unknown, i) => {
    const itemPath = childPath(path, i);
    if (isRoleMessage(item)) readMessage(item, itemPath, undefined, calls, context);
    else context.warn(itemPath, `skipped ${describeType(item)}: expected a Converse message with a "role"`);
  });
}

/** The ConverseStream event keys; each event is an object with one of them. */
const STREAM_EVENTS = new Set([
  'messageStart',
  'contentBlockStart',
  'contentBlockDelta',
  'contentBlockStop',
  'messageStop',
  'metadata',
]);

function streamEventKey(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 && STREAM_EVENTS.has(keys[0]!) && isObject(value[keys[0]!]) ? keys[0] : undefined;
}

/** A ConverseStream: every element one event, and some a `contentBlockStart`, `contentBlockDelta` or `messageStop`. */
function isConverseStream(list: unknown[]): boolean {
  return (
    list.length > 0 &&
    list.every((item) => streamEventKey(item) !== undefined) &&
    list.some((item) => streamEventKey(item) !== 'metadata' && streamEventKey(item) !== 'messageStart')
  );
}

interface StreamedUse {
  use: Record<string, unknown>;
  message: number;
}

/** Calls of a recorded ConverseStream, rebuilt into `toolUse` blocks and read like a response's. */
function readStream(events: unknown[], calls: CallCollector, context: ParseContext): void {
  const assembly = new StreamAssembly<StreamedUse>(context);
  const stopReasons: unknown[] = [];
  // Each message's streamed text (`contentBlockDelta.delta.text`), joined, with where it began.
  const texts: { text: string; path: string }[] = [];
  let message = 0;
  events.forEach((event, i) => {
    const path = childPath('$', i);
    const key = streamEventKey(event);
    if (key === undefined) return context.warn(path, `skipped ${describeType(event)}: expected a ConverseStream event`);
    const body = (event as Record<string, Record<string, unknown>>)[key]!;
    // textOf, not String(): a damaged index may be an object whose toString is not a function.
    const blockKey = `${message}:${textOf(body.contentBlockIndex)}`;
    switch (key) {
      case 'contentBlockStart': {
        const start = isObject(body.start) ? body.start.toolUse : undefined;
        if (!isObject(start)) return;
        const rank = [message, typeof body.contentBlockIndex === 'number' ? body.contentBlockIndex : 0];
        assembly.start(blockKey, { use: start, message }, childPath(childPath(path, key), 'start'), rank);
        return;
      }
      case 'contentBlockDelta': {
        const delta = isObject(body.delta) ? body.delta.toolUse : undefined;
        if (isObject(delta) && typeof delta.input === 'string')
          assembly.append(blockKey, delta.input, childPath(path, key));
        const text = isObject(body.delta) ? body.delta.text : undefined;
        if (typeof text === 'string') {
          texts[message] ??= { text: '', path: childPath(path, key) };
          texts[message]!.text += text;
        }
        return;
      }
      case 'contentBlockStop':
        return assembly.close(blockKey);
      case 'messageStop':
        stopReasons[message] = body.stopReason;
        assembly.closeAll();
        message++;
        return;
      // messageStart, metadata (usage, latencyMs of the model call): nothing to read.
    }
  });
  for (const unit of assembly.finish()) {
    const { use, message: index } = unit.head;
    readBlock(
      { toolUse: { ...use, input: joinedArguments(unit, use.input) } },
      unit.path,
      stopReasons[index],
      calls,
      context,
    );
  }
  for (const text of texts) if (text !== undefined) calls.turns.assistant(text.path, text.text);
}

function readObject(data: Record<string, unknown>, calls: CallCollector, context: ParseContext): void {
  if (isObject(data.output) && isObject(data.output.message))
    readMessage(data.output.message, '$.output.message', data.stopReason, calls, context);
  else if (Array.isArray(data.messages)) readList(data.messages, '$.messages', calls, context);
  else if (typeof data.role === 'string') readMessage(data, '$', undefined, calls, context);
  else {
    throw new ToolscoreInputError(
      { source: context.source, path: '$' },
      `expected a Bedrock Converse response ({"output": {"message"}}), a message, a message list, {"messages": [...]} or ConverseStream events; got ${describeKeys(data)}`,
    );
  }
}

/** Amazon Bedrock Converse and ConverseStream traces. */
export const bedrockFormat: TraceFormat = {
  name: FORMAT,
  looksFor:
    'a Converse response ({output: {message}}) or messages with toolUse / toolResult content blocks, or ConverseStream events (contentBlockStart / contentBlockDelta / messageStop)',
  detect: looksLikeBedrock,
  description:
    'Amazon Bedrock Converse responses, messages and message lists (toolUse blocks; toolResult blocks with status "error") and recorded ConverseStream events',
  recordsReplies: true,
  parse(data, context): ToolCall[] {
    const calls = new CallCollector(context, FORMAT);
    if (Array.isArray(data) && isConverseStream(data)) readStream(data, calls, context);
    else if (Array.isArray(data)) readList(data, '$', calls, context);
    else if (isObject(data)) readObject(data, calls, context);
    else
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected a Bedrock Converse response or a message list, got ${describeType(data)}`,
      );
    return calls.finish();
  },
};

/**
 * Calls from a Bedrock Converse response, ConverseStream events (a list) or a message history held in
 * memory (the AWS SDK's `ConverseCommandOutput`, `messages`). Throws `ToolscoreInputError` for anything else.
 */
export function fromBedrock(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(bedrockFormat, value, options);
}

// ---- Detection ---------------------------------------------------------------------------------

function isToolBlock(block: unknown): boolean {
  return (
    isObject(block) &&
    ((isObject(block.toolUse) && typeof block.toolUse.toolUseId === 'string') ||
      (isObject(block.toolResult) && typeof block.toolResult.toolUseId === 'string'))
  );
}

function hasToolBlock(message: unknown): boolean {
  return isRoleMessage(message) && Array.isArray(message.content) && message.content.some(isToolBlock);
}

function isConverseMessageList(list: unknown[]): boolean {
  return list.length > 0 && list.every(isRoleMessage) && list.some(hasToolBlock);
}

/**
 * Bedrock: a Converse response (an `output` object holding a `message` with a `content` list, and a
 * `stopReason`), one message with a `toolUse` / `toolResult` block (a one-key object holding a
 * `toolUseId`), a list (or `{messages}`) in which every element has a `role` and some message has
 * such a block, or a ConverseStream (`isConverseStream`).
 */
function looksLikeBedrock(data: unknown): boolean {
  if (Array.isArray(data)) return isConverseMessageList(data) || isConverseStream(data);
  if (!isObject(data)) return false;
  const output = data.output;
  if (
    isObject(output) &&
    isObject(output.message) &&
    Array.isArray(output.message.content) &&
    typeof data.stopReason === 'string'
  )
    return true;
  if (hasToolBlock(data)) return true;
  return Array.isArray(data.messages) && isConverseMessageList(data.messages);
}
