import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { describeKeys, type FromOptions, readContent, readInMemory } from '../support/call-collector.js';
import { assistantText, userInputText } from '../support/turns.js';
import { hasOwnProperty, isObject } from '../../core/objects.js';
import { CallJoiner, type CallOutcome, failureMessage, unixSeconds } from '../support/call-joiner.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Claude Agent SDK (`query()` output, collected): a list of SDK messages, or `{messages: [...]}`. Claude
 * Code session transcripts use the same messages; their format (claude-code.ts, detected first) reads
 * them with `readClaudeMessages` and adds the session's rule for subagent calls.
 *
 * `{type: "assistant", message: {role: "assistant", content: [...]}}` messages hold `tool_use` blocks
 * (`id`, `name`, `input`; server-side `server_tool_use` / `mcp_tool_use` too, marked in metadata);
 * `{type: "user", message: {content: [{type: "tool_result", tool_use_id, content, is_error}]}}`
 * messages hold the results, joined by id, `is_error: true` marking a failure. The SDK sends one
 * assistant message per content block, so a block repeated under the same id is kept once. Calls of
 * subagents (messages with a `parent_tool_use_id`) are kept, with that id in metadata. Of the
 * `result` message only `permission_denials` are read (those tool uses failed, marked
 * `metadata.permission_denied`); its total duration and cost belong to the run, not to any call.
 * The Python SDK's messages, dumped (`dataclasses.asdict`, `model_dump()`), are read the same way:
 * `{content: [{id, name, input}], model}` (AssistantMessage), `{content: [{tool_use_id, content,
 * is_error}]}` (UserMessage), tagged by `__type__` / `type` with the class name or untagged, blocks
 * tagged the same way (`ToolUseBlock`, `ToolResultBlock`) or recognised by their fields.
 * `system`, `stream_event` and other messages are ignored. An ISO `timestamp` on the message (session transcripts) becomes the call's timestamp,
 * and the time from it to the timestamp of the user message holding the result the call's duration.
 */
export const claudeAgentSDKFormat: TraceFormat = {
  name: 'claude-agent-sdk',
  looksFor: 'Claude Agent SDK messages ({"type": "assistant" | "user", "message": {"content": [...]}})',
  marks: ['session_id', 'message', 'assistant', 'user', 'tool_use', 'parent_tool_use_id'],
  detect: looksLikeClaudeAgentSDK,
  description:
    'Claude Agent SDK message lists: assistant messages with tool_use blocks, user messages with tool_result blocks (is_error)',
  parse(data, context) {
    const messages = messagesOf(data);
    if (messages === undefined) {
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected a list of Claude Agent SDK messages ({"type": "assistant" | "user", "message": {...}}) or {"messages": [...]}, got ${describeType(data)}`,
      );
    }
    return readClaudeMessages(messages.list, messages.path, context);
  },
  recordsReplies: true,
  slim: slimClaudeMessage,
  slimmer: claudeSlimmer,
};

/** Calls from Claude Agent SDK messages held in memory (the messages `query()` yielded). */
export function fromClaudeAgentSDK(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(claudeAgentSDKFormat, value, options);
}

/** A message of the SDK (or an entry of a Claude Code session): `{type: "assistant" | "user", message: {content}}`. */
export function isSdkMessage(item: unknown): item is Record<string, unknown> {
  return (
    isObject(item) &&
    (item.type === 'assistant' || item.type === 'user') &&
    isObject(item.message) &&
    'content' in item.message
  );
}

/** Message classes of the Python SDK, as `__type__` (or `type`) tags of their dumps. */
const PYTHON_MESSAGE_KINDS: Readonly<Record<string, 'assistant' | 'user' | 'result' | 'system'>> = {
  AssistantMessage: 'assistant',
  UserMessage: 'user',
  ResultMessage: 'result',
  SystemMessage: 'system',
};
/** Content block classes of the Python SDK, as `__type__` tags of their dumps. */
const PYTHON_BLOCK_TYPES: Readonly<Record<string, string>> = {
  ToolUseBlock: 'tool_use',
  ToolResultBlock: 'tool_result',
  ServerToolUseBlock: 'server_tool_use',
  TextBlock: 'text',
  ThinkingBlock: 'thinking',
};

function ownTag(value: Record<string, unknown>, key: string): string | undefined {
  const tag = value[key];
  return typeof tag === 'string' && hasOwnProperty.call(PYTHON_MESSAGE_KINDS, tag) ? tag : undefined;
}

/**
 * The kind of a message as the Python SDK's dataclasses dump (`dataclasses.asdict`, `model_dump()`):
 * its `content` on the message itself, no `message` wrapper and no `role`; tagged by `__type__` or
 * `type` with the class name, or untagged: an assistant message has its `model`, a user message
 * answers with blocks that carry a `tool_use_id`.
 */
function pythonKindOf(item: unknown): 'assistant' | 'user' | 'result' | 'system' | undefined {
  if (!isObject(item) || item.message !== undefined || item.role !== undefined) return undefined;
  const tag = ownTag(item, '__type__') ?? ownTag(item, 'type');
  if (tag !== undefined) return PYTHON_MESSAGE_KINDS[tag];
  if (item.type !== undefined || !Array.isArray(item.content)) return undefined;
  if (typeof item.model === 'string') return 'assistant';
  return item.content.some((block) => isObject(block) && typeof block.tool_use_id === 'string') ? 'user' : undefined;
}

/** A block's type: its `type`, its Python class (`__type__`), or, untagged, what its fields say. */
function blockTypeOf(block: Record<string, unknown>): string | undefined {
  if (typeof block.type === 'string') return block.type;
  if (typeof block.__type__ === 'string') return PYTHON_BLOCK_TYPES[block.__type__];
  if (typeof block.tool_use_id === 'string') return 'tool_result';
  if (typeof block.name === 'string' && 'input' in block) return 'tool_use';
  return undefined;
}

/** An assistant message of the Python SDK holding a tool use: what detection claims Python dumps by. */
function isPythonToolUse(item: unknown): boolean {
  if (pythonKindOf(item) !== 'assistant') return false;
  const content = (item as Record<string, unknown>).content;
  return Array.isArray(content) && content.some((block) => isObject(block) && blockTypeOf(block) === 'tool_use');
}

/** SDK message types besides assistant / user: a list of only these is a run without tool use. */
const OTHER_MESSAGE_TYPES = new Set(['system', 'result', 'stream_event', 'tool_progress', 'auth_status']);

/** A list of SDK messages: empty, or holding at least one message the SDK sends. */
function isMessageList(list: readonly unknown[]): boolean {
  return (
    list.length === 0 ||
    list.some(
      (item) =>
        isSdkMessage(item) ||
        pythonKindOf(item) !== undefined ||
        (isObject(item) && OTHER_MESSAGE_TYPES.has(item.type as string)),
    )
  );
}

function messagesOf(data: unknown): { list: readonly unknown[]; path: string } | undefined {
  if (Array.isArray(data)) return isMessageList(data) ? { list: data, path: '$' } : undefined;
  if (isObject(data) && Array.isArray(data.messages) && isMessageList(data.messages))
    return { list: data.messages, path: '$.messages' };
  if (isSdkMessage(data) || pythonKindOf(data) !== undefined) return { list: [data], path: '' };
  return undefined;
}

/** Whether a value looks like Claude Agent SDK messages (used by auto-detection). */
function looksLikeClaudeAgentSDK(data: unknown): boolean {
  if (isSdkMessage(data) || isPythonToolUse(data)) return true;
  const list = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.messages) ? data.messages : undefined;
  return list?.some((item) => isSdkMessage(item) || isPythonToolUse(item)) === true;
}

/** What a message holds, in either SDK's shape: its kind, its content blocks and where they are. */
function messageParts(
  item: unknown,
  itemPath: string,
): { kind: string; content: unknown; contentPath: string } | undefined {
  if (isSdkMessage(item))
    return {
      kind: item.type as string,
      content: (item.message as Record<string, unknown>).content,
      contentPath: childPath(childPath(itemPath, 'message'), 'content'),
    };
  const kind = pythonKindOf(item);
  return kind === undefined
    ? undefined
    : { kind, content: (item as Record<string, unknown>).content, contentPath: childPath(itemPath, 'content') };
}

const CALL_BLOCKS = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);
/** Blocks that are not calls or their results, read as nothing, quietly. */
const QUIET_BLOCKS = new Set(['text', 'thinking', 'redacted_thinking', 'image', 'document', 'tool_reference']);
/**
 * A message (or Claude Code entry) with its quiet blocks but text cut to their `type`, the one thing the
 * reader looks at in them: a long session's thinking is much of its size and holds no call. Text blocks
 * are kept (the last of a turn is its reply; `claudeSlimmer` cuts the others as a reading goes), and a
 * user message whole (its text is a turn's; its results are kept anyway).
 */
export function slimClaudeMessage(item: unknown): unknown {
  if (!isObject(item) || !isObject(item.message) || !Array.isArray(item.message.content)) return item;
  // A user's text is what the user said: a conversation's turns keep it.
  if (item.type === 'user') return item;
  // Text blocks are kept: the last is the turn's reply.
  const content = item.message.content.map((block: unknown) =>
    isObject(block) && typeof block.type === 'string' && block.type !== 'text' && QUIET_BLOCKS.has(block.type)
      ? { type: block.type }
      : block,
  );
  return { ...item, message: { ...item.message, content } };
}

/**
 * The slimming of one JSON Lines reading: each line as `slimClaudeMessage` slims it, and of a turn's
 * assistant texts only the last kept whole (the turn's reply, what the reader reports): an earlier one
 * is cut to its type when a later one comes, and a subagent's at once (it is no reply). Memory then
 * follows the calls and one reply a turn, not the session's prose.
 */
export function claudeSlimmer(): (item: unknown) => unknown {
  /** The content of the turn's last assistant entry with text: ours (slimClaudeMessage made it), so cut in place. */
  let lastText: unknown[] | undefined;
  return (item) => {
    const slimmed = slimClaudeMessage(item);
    if (!isObject(slimmed) || !isObject(slimmed.message)) return slimmed;
    if (slimmed.type === 'user') {
      // A prompt (text or blocks) opens a turn, whose reply is its own: the last turn's text stays.
      if (userInputText(slimmed.message.content, isResultBlock) !== undefined) lastText = undefined;
      return slimmed;
    }
    if (!Array.isArray(slimmed.message.content)) return slimmed;
    const content = slimmed.message.content as unknown[];
    if (!content.some(isTextBlock)) return slimmed;
    const subagent = typeof slimmed.parent_tool_use_id === 'string' && slimmed.parent_tool_use_id !== '';
    if (subagent) return { ...slimmed, message: { ...slimmed.message, content: cutTexts(content) } };
    if (lastText !== undefined) lastText.splice(0, lastText.length, ...cutTexts(lastText));
    lastText = content;
    return slimmed;
  };
}

function isTextBlock(block: unknown): boolean {
  return isObject(block) && block.type === 'text';
}

/** Content with its text blocks cut to their type. */
function cutTexts(content: readonly unknown[]): unknown[] {
  return content.map((block) => (isTextBlock(block) ? { type: 'text' } : block));
}

/** Entries without calls: the SDK's other messages, and the lines a Claude Code session adds. */
const QUIET_ENTRIES = new Set([
  ...OTHER_MESSAGE_TYPES,
  'summary',
  'progress',
  'file-history-snapshot',
  'queue-operation',
  'custom-title',
]);

/** A result message's `result`, the run's final text (an error result's is no reply). */
function readResultText(item: Record<string, unknown>, path: string, calls: CallJoiner): void {
  if (typeof item.result === 'string' && item.is_error !== true)
    calls.turns.assistant(childPath(path, 'result'), item.result);
}

/**
 * Calls of a list of SDK messages (or Claude Code session entries, which are the same messages with a
 * `timestamp`); `include` says which entries to read (claude-code.ts leaves subagent entries out).
 */
export function readClaudeMessages(
  list: readonly unknown[],
  path: string,
  context: ParseContext,
  include?: (item: unknown) => boolean,
): ToolCall[] {
  const calls = new CallJoiner(context);
  list.forEach((item, i) => {
    if (include !== undefined && !include(item)) return;
    const itemPath = path === '' ? '$' : childPath(path, i);
    const parts = messageParts(item, itemPath);
    if (
      isObject(item) &&
      (item.type === 'result' || parts?.kind === 'result') &&
      Array.isArray(item.permission_denials)
    ) {
      denyCalls(item.permission_denials, childPath(itemPath, 'permission_denials'), calls);
      readResultText(item, itemPath, calls);
      return;
    }
    if (isObject(item) && (item.type === 'result' || parts?.kind === 'result')) readResultText(item, itemPath, calls);
    if (parts === undefined || !isObject(item)) {
      if (!(isObject(item) && QUIET_ENTRIES.has(item.type as string)))
        context.unrecognised(itemPath, `an entry that is not an SDK message (${describeKeys(item)})`);
      return;
    }
    const { kind, content, contentPath } = parts;
    if (kind === 'user' && item.isMeta !== true && item.isCompactSummary !== true) {
      const text = userInputText(content, isResultBlock);
      if (text !== undefined) calls.turns.user(itemPath, text);
    }
    // A subagent's text is what it told the agent, not the agent's reply.
    const subagent = typeof item.parent_tool_use_id === 'string' && item.parent_tool_use_id !== '';
    if (kind === 'assistant' && !subagent) calls.turns.assistant(itemPath, assistantText(content));
    if (!Array.isArray(content)) return;
    const message: MessageOfBlock = {
      kind,
      timestamp: unixSeconds(item.timestamp),
      parent:
        typeof item.parent_tool_use_id === 'string' && item.parent_tool_use_id !== ''
          ? item.parent_tool_use_id
          : undefined,
    };
    content.forEach((block: unknown, j) => readBlock(block, childPath(contentPath, j), message, calls, context));
  });
  return calls.finish();
}

/**
 * A tool result block: a user message holding one returns results, it is no turn. (So are Claude
 * Code's `isMeta` entries, which it writes itself, and its `isCompactSummary` entry.)
 */
function isResultBlock(block: unknown): boolean {
  if (!isObject(block)) return false;
  const type = blockTypeOf(block);
  return type !== undefined && (type === 'tool_result' || type.endsWith('_tool_result'));
}

/** The run's summary names the tool uses the permission system refused: those calls failed. */
function denyCalls(denials: unknown[], path: string, calls: CallJoiner): void {
  denials.forEach((denial: unknown, j) => {
    if (!isObject(denial) || typeof denial.tool_use_id !== 'string') return;
    calls.resolve(childPath(path, j), denial.tool_use_id, {
      is_error: true,
      error: 'permission denied',
      metadata: { permission_denied: true },
    });
  });
}

/** What a content block takes from its message: who sent it, when, and the subagent call it ran under. */
interface MessageOfBlock {
  kind: string;
  timestamp: number | undefined;
  parent: string | undefined;
}

/** One content block: a call (in an assistant message), a result, or a block passed over. */
function readBlock(
  block: unknown,
  blockPath: string,
  message: MessageOfBlock,
  calls: CallJoiner,
  context: ParseContext,
): void {
  const type = isObject(block) ? blockTypeOf(block) : undefined;
  if (!isObject(block) || type === undefined) {
    context.unrecognised(blockPath, `a content block of no known kind (${describeKeys(block)})`);
    return;
  }
  const { kind, timestamp, parent } = message;
  if (CALL_BLOCKS.has(type)) {
    if (kind !== 'assistant') {
      context.unrecognised(blockPath, `a ${type} block in a ${kind} message`);
      return;
    }
    const metadata: Record<string, unknown> = {};
    if (parent !== undefined) metadata.parent_tool_use_id = parent;
    if (type !== 'tool_use') metadata.block_type = type;
    if (type === 'mcp_tool_use' && typeof block.server_name === 'string') metadata.server_name = block.server_name;
    const args = block.input === undefined ? null : readArguments(block.input, childPath(blockPath, 'input'), context);
    calls.add(blockPath, {
      tool: block.name,
      args,
      id: typeof block.id === 'string' ? block.id : undefined,
      timestamp,
      metadata,
    });
  } else if (type === 'tool_result' || type.endsWith('_tool_result')) {
    const id = typeof block.tool_use_id === 'string' ? block.tool_use_id : undefined;
    const result = readContent(block.content);
    const failed =
      block.is_error === true ||
      (isObject(block.content) && typeof block.content.type === 'string' && block.content.type.endsWith('_error'));
    const outcome: CallOutcome = failed ? { is_error: true, error: failureMessage(result) } : { result };
    // A result in the assistant's own message (hosted tools) was not timed apart from the call.
    if (timestamp !== undefined && kind === 'user') outcome.endedAt = timestamp;
    calls.resolve(blockPath, id, outcome);
  } else if (!QUIET_BLOCKS.has(type)) {
    context.unrecognised(blockPath, `a content block of type ${JSON.stringify(type)}`);
  }
}
