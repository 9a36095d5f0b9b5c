import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { describeKeys, type FromOptions, outcomeOf, readInMemory } from '../support/call-collector.js';
import { assistantText, userText } from '../support/turns.js';
import { isObject } from '../../core/objects.js';
import { CallJoiner, type CallOutcome, unixSeconds } from '../support/call-joiner.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Codex CLI rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): one `{timestamp, type, payload}`
 * object a line, `type` being `session_meta`, `turn_context`, `response_item`, `event_msg` or `compacted`.
 *
 * `response_item` payloads are OpenAI Responses API items, read as the openai format reads them:
 * `function_call` (`name`, JSON `arguments`, `call_id`) and `custom_tool_call` (`name`, text `input`,
 * kept as `{input}`) are calls; `function_call_output` / `custom_tool_call_output` (by `call_id`) their
 * results, a JSON text parsed and an `{error}` object or `Error:` text marking a failure as there. Unlike
 * the openai format, `local_shell_call` is Codex's own shell, so it is a call named `shell` with its
 * `action` as arguments. Codex records failures beside the output too: a result whose `metadata.exit_code`
 * is not 0, an `event_msg` `exec_command_end` with a non-zero `exit_code`, or a `patch_apply_end` with
 * `success: false` marks the call failed. A call's timestamp is its line's; its duration runs to the line
 * of its output (for a command left running in a session, that is until Codex handed back the session).
 * The joiner is the agent SDKs' (`CallJoiner`), which keeps timestamps; the openai reader's has none.
 */
export const codexFormat: TraceFormat = {
  name: 'codex',
  looksFor:
    'Codex CLI rollout lines ({"timestamp", "type": "session_meta" | "response_item" | "event_msg" | "turn_context", "payload"})',
  detect: looksLikeCodex,
  description:
    'Codex CLI rollout JSONL: response_item payloads function_call / custom_tool_call / local_shell_call and their outputs, with durations and exit codes',
  parse(data, context) {
    if (!Array.isArray(data) || !data.some(isRolloutLine)) {
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected Codex rollout lines ({"timestamp", "type": "response_item" | "event_msg" | ..., "payload": {...}}, one a line), got ${describeType(data)}`,
      );
    }
    return readRollout(data, context);
  },
  recordsReplies: true,
  slim: slimRolloutLine,
};

/**
 * A rollout line cut to what `readRollout` looks at: messages, reasoning and the other quiet items
 * keep their type, events their call id and outcome, the session's other lines nothing; calls and
 * their outputs are kept whole.
 */
function slimRolloutLine(item: unknown): unknown {
  if (!isRolloutLine(item)) return item;
  const { payload } = item;
  if (item.type === 'response_item') {
    // A user's text is a turn's, an assistant's a reply.
    if (payload.type === 'message' && (payload.role === 'user' || payload.role === 'assistant'))
      return { ...item, payload: { type: payload.type, role: payload.role, content: payload.content } };
    return typeof payload.type === 'string' && QUIET_ITEMS.has(payload.type)
      ? { ...item, payload: { type: payload.type } }
      : item;
  }
  if (item.type === 'event_msg') {
    const { type, call_id, exit_code, stderr, success, message } = payload;
    return { ...item, payload: { type, call_id, exit_code, stderr, success, message } };
  }
  return { ...item, payload: {} };
}

/** Calls from Codex rollout lines held in memory. */
export function fromCodex(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(codexFormat, value, options);
}

const LINE_TYPES = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted']);

function isRolloutLine(item: unknown): item is { timestamp?: unknown; type: string; payload: Record<string, unknown> } {
  return isObject(item) && typeof item.type === 'string' && LINE_TYPES.has(item.type) && isObject(item.payload);
}

/** Rollout lines: every element an object, and one a `session_meta` or `response_item` line. */
function looksLikeCodex(data: unknown): boolean {
  return (
    Array.isArray(data) &&
    data.every(isObject) &&
    data.some((item) => isRolloutLine(item) && (item.type === 'response_item' || item.type === 'session_meta'))
  );
}

/** How the user messages Codex writes itself begin: its environment, permissions and instructions. */
const INJECTED_CONTEXT =
  /^\s*(<environment_context>|<user_instructions>|<permissions instructions>|# AGENTS\.md instructions)/;

const OUTPUT_TYPES = new Set(['function_call_output', 'custom_tool_call_output']);
/** Response items that are not calls of the agent's tools (messages, reasoning, hosted search, snapshots): read as nothing, quietly. */
const QUIET_ITEMS = new Set([
  'message',
  'reasoning',
  'web_search_call',
  'ghost_snapshot',
  'compaction',
  'compaction_summary',
]);

/** An `event_msg` recording what the agent told the user (`{type: "agent_message", message}`). */
function isAgentEvent(line: unknown): boolean {
  return isRolloutLine(line) && line.type === 'event_msg' && line.payload.type === 'agent_message';
}

/** An `event_msg` recording what the user typed (`{type: "user_message", message}`). */
function isUserEvent(line: unknown): boolean {
  return isRolloutLine(line) && line.type === 'event_msg' && line.payload.type === 'user_message';
}

function readRollout(lines: readonly unknown[], context: ParseContext): ToolCall[] {
  const calls = new CallJoiner(context);
  // The user's turns: its `user_message` events, which newer rollouts write for what was typed; older
  // ones have only the user `message` items, which also carry the context Codex injects (environment,
  // AGENTS.md instructions), told apart by their opening tag.
  const byEvents = lines.some(isUserEvent);
  // The agent's replies likewise: its `agent_message` events, else its assistant `message` items.
  const repliesByEvents = lines.some(isAgentEvent);
  let items = 0;
  lines.forEach((line, i) => {
    if (!isRolloutLine(line))
      return context.unrecognised(childPath('$', i), `a line that is not a rollout line (${describeKeys(line)})`);
    const payload = line.payload;
    const path = childPath(childPath('$', i), 'payload');
    const at = unixSeconds(line.timestamp);
    if (byEvents && isUserEvent(line))
      return calls.turns.user(path, typeof payload.message === 'string' ? payload.message : '');
    if (repliesByEvents && isAgentEvent(line) && typeof payload.message === 'string')
      return calls.turns.assistant(path, payload.message);
    if (line.type === 'event_msg') return readEvent(payload, path, calls);
    if (line.type !== 'response_item') return;
    if (!byEvents && payload.type === 'message' && payload.role === 'user') {
      const text = userText(payload.content);
      if (!INJECTED_CONTEXT.test(text)) calls.turns.user(path, text);
    }
    if (!repliesByEvents && payload.type === 'message' && payload.role === 'assistant')
      calls.turns.assistant(path, assistantText(payload.content));
    items++;
    const id = typeof payload.call_id === 'string' ? payload.call_id : undefined;
    switch (payload.type) {
      case 'function_call':
        calls.add(path, {
          tool: payload.name,
          args: readArguments(payload.arguments, childPath(path, 'arguments'), context),
          id,
          timestamp: at,
          metadata: { format: 'codex.function_call' },
        });
        return;
      case 'custom_tool_call':
        calls.add(path, {
          tool: payload.name,
          args: payload.input === undefined || payload.input === null ? null : { input: payload.input },
          id,
          timestamp: at,
          metadata: { format: 'codex.custom_tool_call' },
        });
        return;
      case 'local_shell_call':
        calls.add(path, {
          tool: 'shell',
          args: readArguments(payload.action, childPath(path, 'action'), context),
          id,
          timestamp: at,
          metadata: { format: 'codex.local_shell_call' },
        });
        return;
      default:
        if (typeof payload.type === 'string' && OUTPUT_TYPES.has(payload.type))
          calls.resolve(path, id, { ...outputOutcome(payload.output), endedAt: at });
        else if (!(typeof payload.type === 'string' && QUIET_ITEMS.has(payload.type)))
          context.unrecognised(path, `a response_item of type ${JSON.stringify(payload.type)}`);
    }
  });
  if (items === 0) context.warn('$', 'the rollout holds no response_item lines, so no calls');
  return calls.finish();
}

/** A tool output: text (a JSON text parsed), or the older `{content, success}` payload. */
function outputOutcome(output: unknown): CallOutcome {
  if (isObject(output) && typeof output.content === 'string') {
    const inner = outputOutcome(output.content);
    return output.success === false ? { ...inner, is_error: true, error: inner.error ?? output.content } : inner;
  }
  const { result, failed, error } = outcomeOf(output);
  if (failed) return { result, is_error: true, error };
  const code = isObject(result) && isObject(result.metadata) ? result.metadata.exit_code : undefined;
  return typeof code === 'number' && code !== 0 ? { result, is_error: true, error: `exit code ${code}` } : { result };
}

/** Failures Codex records as events beside the output: a command's exit code, a patch that did not apply. */
function readEvent(payload: Record<string, unknown>, path: string, calls: CallJoiner): void {
  const id = typeof payload.call_id === 'string' ? payload.call_id : undefined;
  if (id === undefined) return;
  if (payload.type === 'exec_command_end' && typeof payload.exit_code === 'number' && payload.exit_code !== 0) {
    const stderr =
      typeof payload.stderr === 'string' && payload.stderr.trim() !== '' ? `: ${payload.stderr.trim()}` : '';
    calls.resolve(path, id, {
      is_error: true,
      error: `exit code ${payload.exit_code}${stderr}`,
      metadata: { exit_code: payload.exit_code },
    });
  } else if (payload.type === 'patch_apply_end' && payload.success === false) {
    const stderr =
      typeof payload.stderr === 'string' && payload.stderr.trim() !== '' ? payload.stderr.trim() : 'patch failed';
    calls.resolve(path, id, { is_error: true, error: stderr });
  }
}
