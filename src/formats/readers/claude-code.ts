import { ToolscoreInputError, describeType } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { type FromOptions, readInMemory } from '../support/call-collector.js';
import { isObject } from '../../core/objects.js';
import { claudeSlimmer, isSdkMessage, readClaudeMessages, slimClaudeMessage } from './claude-agent-sdk.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Claude Code session transcripts: `~/.claude/projects/<project>/<session>.jsonl`, one entry a line, or
 * the web export `{"loglines": [...]}` holding the same entries.
 *
 * `user` / `assistant` entries are Claude Agent SDK messages with `uuid`, `parentUuid`, `timestamp` and
 * `isSidechain`, so they are read by the same code (`readClaudeMessages` in claude-agent-sdk.ts):
 * `tool_use` blocks are calls, `tool_result` blocks joined by `tool_use_id` their results (`is_error`
 * marks a failure). A call's timestamp is its assistant entry's; its duration runs from there to the
 * timestamp of the user entry holding its result. `summary`, `system`, `file-history-snapshot` and other
 * entries hold no calls.
 *
 * Subagents (the Task / Agent tool): the session's own calls are scored, and a Task call is one call
 * whose result is the subagent's answer. The calls the subagent made, echoed in `progress` entries
 * (`data.message`, under `parentToolUseID`) or written as sidechain entries (`isSidechain: true`) beside
 * the main chain, are left out with one warning that counts them; a subagent's own transcript
 * (`<session>/subagents/agent-*.jsonl`, in which every entry is a sidechain) is read as that agent's session.
 */
export const claudeCodeFormat: TraceFormat = {
  name: 'claude-code',
  looksFor:
    'Claude Code session entries ({"type": "assistant" | "user", "message", "uuid", "parentUuid", "isSidechain"} lines, "progress" lines) or {"loglines": [...]}',
  detect: looksLikeClaudeCode,
  description:
    'Claude Code session JSONL (~/.claude/projects) and {"loglines"} exports: tool_use / tool_result blocks with durations; subagent calls left out with a warning',
  parse(data, context) {
    const entries = entriesOf(data);
    if (entries === undefined) {
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected Claude Code session entries (one {"type": "assistant" | "user", "message": {...}} object a line) or {"loglines": [...]}, got ${describeType(data)}`,
      );
    }
    return readSession(entries.list, entries.path, context);
  },
  recordsReplies: true,
  slim: slimClaudeMessage,
  slimmer: claudeSlimmer,
};

/** Calls from Claude Code session entries held in memory (the parsed lines, or `{loglines}`). */
export function fromClaudeCode(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(claudeCodeFormat, value, options);
}

function entriesOf(data: unknown): { list: readonly unknown[]; path: string } | undefined {
  if (Array.isArray(data)) return { list: data, path: '$' };
  if (isObject(data) && Array.isArray(data.loglines)) return { list: data.loglines, path: '$.loglines' };
  return undefined;
}

/** A session entry carries the fields Claude Code writes on every line, which SDK messages do not have. */
function isSessionEntry(item: unknown): boolean {
  return (
    isObject(item) &&
    typeof item.type === 'string' &&
    ('parentUuid' in item || 'isSidechain' in item || typeof item.sessionId === 'string')
  );
}

/** A `progress` entry echoing a subagent's message: `{type: "progress", data: {message: {type, message: {content}}}}`. */
function subagentMessageOf(item: unknown): Record<string, unknown> | undefined {
  if (!isObject(item) || item.type !== 'progress' || !isObject(item.data)) return undefined;
  return isSdkMessage(item.data.message) ? item.data.message : undefined;
}

function looksLikeClaudeCode(data: unknown): boolean {
  if (isObject(data) && Array.isArray(data.loglines))
    return data.loglines.length === 0 || data.loglines.some(isSdkMessage);
  if (!Array.isArray(data)) return false;
  return data.some((item) => (isSdkMessage(item) && isSessionEntry(item)) || subagentMessageOf(item) !== undefined);
}

function toolUseCount(message: Record<string, unknown>): number {
  if (message.type !== 'assistant') return 0;
  const content = (message.message as Record<string, unknown>).content;
  return Array.isArray(content) ? content.filter((block) => isObject(block) && block.type === 'tool_use').length : 0;
}

function readSession(list: readonly unknown[], path: string, context: ParseContext): ToolCall[] {
  if (!list.some(isSdkMessage)) {
    if (list.length > 0) context.warn(path, 'the session holds no user or assistant entries, so no calls');
    return [];
  }
  const hasMainChain = list.some((item) => isSdkMessage(item) && item.isSidechain !== true);
  let leftOut = 0;
  const parents = new Set<string>();
  const calls = readClaudeMessages(list, path, context, (item) => {
    const echoed = subagentMessageOf(item);
    if (echoed !== undefined) {
      const count = toolUseCount(echoed);
      leftOut += count;
      const parent = (item as Record<string, unknown>).parentToolUseID;
      if (count > 0 && typeof parent === 'string') parents.add(parent);
      return false;
    }
    if (hasMainChain && isSdkMessage(item) && item.isSidechain === true) {
      leftOut += toolUseCount(item);
      return false;
    }
    return true;
  });
  if (leftOut > 0) {
    const under = parents.size > 0 ? ` under ${[...parents].map((id) => JSON.stringify(id)).join(', ')}` : '';
    context.warn(
      path,
      `left out ${leftOut} call${leftOut === 1 ? '' : 's'} made by subagents${under}: the session's own calls are scored (a Task / Agent call counts once); read a subagent's transcript (subagents/agent-*.jsonl) to score its calls`,
    );
  }
  return calls;
}
