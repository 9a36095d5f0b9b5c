import { ToolscoreInputError, childPath, describeType } from '../core/errors.js';
import type { ToolCall } from '../core/types.js';
import { readArguments } from './arguments.js';
import { type FromOptions, isObject, readContent, readInMemory } from './call-collector.js';
import { CallJoiner, failureMessage, unixSeconds } from './call-joiner.js';
import type { ParseContext, TraceFormat } from './types.js';

/**
 * Claude Agent SDK (`query()` output, collected; also Claude Code session transcripts, which use the
 * same message shape): a list of SDK messages, or `{messages: [...]}`.
 *
 * `{type: "assistant", message: {role: "assistant", content: [...]}}` messages hold `tool_use` blocks
 * (`id`, `name`, `input`; server-side `server_tool_use` / `mcp_tool_use` too, marked in metadata);
 * `{type: "user", message: {content: [{type: "tool_result", tool_use_id, content, is_error}]}}`
 * messages hold the results, joined by id, `is_error: true` marking a failure. The SDK sends one
 * assistant message per content block, so a block repeated under the same id is kept once. Calls of
 * subagents (messages with a `parent_tool_use_id`) are kept, with that id in metadata. Of the
 * `result` message only `permission_denials` are read (those tool uses failed, marked
 * `metadata.permission_denied`); its total duration and cost belong to the run, not to any call.
 * `system`, `stream_event` and other messages are ignored. An ISO `timestamp` on the message (session transcripts) becomes the call's timestamp.
 */
export const claudeAgentSDKFormat: TraceFormat = {
  name: 'claude-agent-sdk',
  looksFor: 'Claude Agent SDK messages ({"type": "assistant" | "user", "message": {"content": [...]}})',
  marks: ['session_id', 'message', 'assistant', 'user', 'tool_use', 'parent_tool_use_id'],
  detect: looksLikeClaudeAgentSDK,
  description: 'Claude Agent SDK message lists: assistant messages with tool_use blocks, user messages with tool_result blocks (is_error)',
  parse(data, context) {
    const messages = messagesOf(data);
    if (messages === undefined) {
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected a list of Claude Agent SDK messages ({"type": "assistant" | "user", "message": {...}}) or {"messages": [...]}, got ${describeType(data)}`,
      );
    }
    return readMessages(messages.list, messages.path, context);
  },
};

/** Calls from Claude Agent SDK messages held in memory (the messages `query()` yielded). */
export function fromClaudeAgentSDK(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(claudeAgentSDKFormat, value, options);
}

function isSdkMessage(item: unknown): item is Record<string, unknown> {
  return isObject(item) && (item.type === 'assistant' || item.type === 'user') && isObject(item.message) && 'content' in item.message;
}

/** SDK message types besides assistant / user: a list of only these is a run without tool use. */
const OTHER_MESSAGE_TYPES = new Set(['system', 'result', 'stream_event', 'tool_progress', 'auth_status']);

/** A list of SDK messages: empty, or holding at least one message the SDK sends. */
function isMessageList(list: readonly unknown[]): boolean {
  return list.length === 0 || list.some((item) => isSdkMessage(item) || (isObject(item) && OTHER_MESSAGE_TYPES.has(item.type as string)));
}

function messagesOf(data: unknown): { list: readonly unknown[]; path: string } | undefined {
  if (Array.isArray(data)) return isMessageList(data) ? { list: data, path: '$' } : undefined;
  if (isObject(data) && Array.isArray(data.messages) && isMessageList(data.messages)) return { list: data.messages, path: '$.messages' };
  if (isSdkMessage(data)) return { list: [data], path: '' };
  return undefined;
}

/** Whether a value looks like Claude Agent SDK messages (used by auto-detection). */
function looksLikeClaudeAgentSDK(data: unknown): boolean {
  if (isSdkMessage(data)) return true;
  const list = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.messages) ? data.messages : undefined;
  return list !== undefined && list.some(isSdkMessage);
}

const CALL_BLOCKS = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

function readMessages(list: readonly unknown[], path: string, context: ParseContext): ToolCall[] {
  const calls = new CallJoiner(context);
  list.forEach((item, i) => {
    const itemPath = path === '' ? '$' : childPath(path, i);
    if (isObject(item) && item.type === 'result' && Array.isArray(item.permission_denials)) {
      // The run's summary names the tool uses the permission system refused: those calls failed.
      item.permission_denials.forEach((denial: unknown, j) => {
        if (!isObject(denial) || typeof denial.tool_use_id !== 'string') return;
        calls.resolve(childPath(childPath(itemPath, 'permission_denials'), j), denial.tool_use_id, { is_error: true, error: 'permission denied', metadata: { permission_denied: true } });
      });
      return;
    }
    if (!isSdkMessage(item)) return;
    const message = item.message as Record<string, unknown>;
    const content = message.content;
    if (!Array.isArray(content)) return;
    const contentPath = childPath(childPath(itemPath, 'message'), 'content');
    const timestamp = unixSeconds(item.timestamp);
    const parent = typeof item.parent_tool_use_id === 'string' && item.parent_tool_use_id !== '' ? item.parent_tool_use_id : undefined;
    content.forEach((block: unknown, j) => {
      const blockPath = childPath(contentPath, j);
      if (!isObject(block) || typeof block.type !== 'string') return;
      if (CALL_BLOCKS.has(block.type)) {
        if (item.type !== 'assistant') return;
        const metadata: Record<string, unknown> = {};
        if (parent !== undefined) metadata.parent_tool_use_id = parent;
        if (block.type !== 'tool_use') metadata.block_type = block.type;
        if (block.type === 'mcp_tool_use' && typeof block.server_name === 'string') metadata.server_name = block.server_name;
        const args = block.input === undefined ? null : readArguments(block.input, childPath(blockPath, 'input'), context);
        calls.add(blockPath, { tool: block.name, args, id: typeof block.id === 'string' ? block.id : undefined, timestamp, metadata });
      } else if (block.type === 'tool_result' || block.type === 'mcp_tool_result' || block.type.endsWith('_tool_result')) {
        const id = typeof block.tool_use_id === 'string' ? block.tool_use_id : undefined;
        const result = readContent(block.content);
        const failed = block.is_error === true || (isObject(block.content) && typeof block.content.type === 'string' && block.content.type.endsWith('_error'));
        calls.resolve(blockPath, id, failed ? { is_error: true, error: failureMessage(result) } : { result });
      }
    });
  });
  return calls.finish();
}
