import { childPath, describeType, textOf } from '../../core/errors.js';
import { isObject } from '../../core/objects.js';
import { StreamAssembly, joinedArguments } from './stream-fragments.js';
import type { ParseContext } from '../types.js';

/**
 * Recorded Anthropic Messages streams, rebuilt into the content blocks a non-streamed message holds
 * (see `stream-fragments.ts`): `content_block_start` opens a block at its `index`; for a block with an
 * `input` (`tool_use`, `mcp_tool_use`, `server_tool_use`) the `input_json_delta.partial_json`
 * fragments are joined (none, or only empty ones, mean `{}`) until `content_block_stop` or
 * `message_stop`; other blocks (text, `mcp_tool_result`, ...) are taken as they start. The stop reason
 * comes from `message_delta`. A run may hold several messages, each opened by `message_start`.
 */

/** Event types of a Messages stream. */
const STREAM_EVENTS = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
  'error',
]);

function isStreamEvent(value: unknown): value is Record<string, unknown> & { type: string } {
  return isObject(value) && typeof value.type === 'string' && STREAM_EVENTS.has(value.type);
}

/** A Messages stream: every element a stream event, and some a `message_start` or `content_block_start`. */
export function isAnthropicEventStream(list: unknown[]): boolean {
  return (
    list.some(
      (item) => isStreamEvent(item) && (item.type === 'message_start' || item.type === 'content_block_start'),
    ) && list.every(isStreamEvent)
  );
}

/** A content block rebuilt from events. */
interface StreamedBlock {
  /** The block as the non-streamed message's `content` would hold it; a streamed `input` is the joined JSON text. */
  block: Record<string, unknown>;
  /** JSON path of its `content_block_start` event's block. */
  path: string;
  /** The message's stop reason, once `message_delta` told it. */
  stopReason: unknown;
  /** The message it belongs to (0 for the stream's first). */
  message: number;
}

/** The content blocks of a Messages stream, or the API error it reported. */
export interface AnthropicStream {
  /** Blocks of every message of the stream, in order. */
  blocks: StreamedBlock[];
  /** The first `error` event's error object, with its path. */
  error?: { path: string; error: Record<string, unknown> };
}

interface BlockHead {
  /** Which message of the stream (0-based) the block is in. */
  message: number;
  block: Record<string, unknown>;
}

/** Rebuilds the content blocks of a Messages event stream. */
export function reassembleAnthropicEvents(events: unknown[], context: ParseContext): AnthropicStream {
  const assembly = new StreamAssembly<BlockHead>(context);
  const stopReasons: unknown[] = [];
  let message = -1;
  let error: AnthropicStream['error'];
  // textOf, not String(): a damaged index may be an object whose toString is not a function.
  const keyOf = (event: Record<string, unknown>): string => `${message}:${textOf(event.index)}`;
  // Text blocks, copied at their start so their `text_delta`s are joined onto the copy.
  const texts = new Map<string, Record<string, unknown>>();
  events.forEach((event, i) => {
    const path = childPath('$', i);
    if (!isStreamEvent(event))
      return context.warn(path, `skipped ${describeType(event)}: expected a Messages stream event`);
    // Events before any message_start belong to a first message whose start was not recorded.
    if (event.type === 'message_start' || message < 0) message++;
    switch (event.type) {
      case 'message_start':
        stopReasons[message] = isObject(event.message) ? event.message.stop_reason : undefined;
        return;
      case 'content_block_start': {
        const block = event.content_block;
        const blockPath = childPath(path, 'content_block');
        if (!isObject(block))
          return context.warn(blockPath, `skipped a content block that is ${describeType(block)}, not an object`);
        const rank = [message, typeof event.index === 'number' ? event.index : 0];
        if (block.type === 'text') {
          const copy = { ...block, text: typeof block.text === 'string' ? block.text : '' };
          texts.set(keyOf(event), copy);
          return assembly.complete(keyOf(event), { message, block: copy }, blockPath, rank);
        }
        if ('input' in block) assembly.start(keyOf(event), { message, block }, blockPath, rank);
        else assembly.complete(keyOf(event), { message, block }, blockPath, rank);
        return;
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (isObject(delta) && delta.type === 'input_json_delta' && typeof delta.partial_json === 'string') {
          assembly.append(keyOf(event), delta.partial_json, childPath(childPath(path, 'delta'), 'partial_json'));
        }
        const text = texts.get(keyOf(event));
        if (text && isObject(delta) && delta.type === 'text_delta' && typeof delta.text === 'string')
          text.text += delta.text;
        return;
      }
      case 'content_block_stop':
        return assembly.close(keyOf(event));
      case 'message_delta':
        if (isObject(event.delta) && event.delta.stop_reason !== undefined)
          stopReasons[message] = event.delta.stop_reason;
        return;
      case 'message_stop':
        return assembly.closeAll();
      case 'error':
        error ??= { path: childPath(path, 'error'), error: isObject(event.error) ? event.error : {} };
        return;
      // ping: nothing to read.
    }
  });
  const blocks = assembly.finish().map((unit): StreamedBlock => {
    const { block, message: index } = unit.head;
    return {
      block: 'input' in block ? { ...block, input: joinedArguments(unit, block.input) } : block,
      path: unit.path,
      stopReason: stopReasons[index],
      message: index,
    };
  });
  return error ? { blocks, error } : { blocks };
}
