import { ToolscoreInputError, childPath, describeType, textOf } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { describeKeys, type FromOptions, readContent, readInMemory } from '../support/call-collector.js';
import { assistantText, userText } from '../support/turns.js';
import { isObject } from '../../core/objects.js';
import { CallJoiner, type CallOutcome, failureMessage, secondsBetween, unixSeconds } from '../support/call-joiner.js';
import { toActualCall } from '../support/calls.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * OpenAI Agents SDK (JS, also Python's snake_case names): a run result or its items.
 *
 * Reads, first found: the run items `newItems` (a live `RunResult`, or `{newItems}`; Python
 * `new_items`), a serialized `RunState` (`result.state`, `JSON.stringify(result)` gives `{state}`) and
 * its `generatedItems`, or protocol item lists `history` / `input` / `output`; or such a list itself.
 * `tool_call_item` / `handoff_call_item` wrap the call (`rawItem: {type: "function_call", name,
 * arguments, callId}`), `tool_call_output_item` / `handoff_output_item` its result (`rawItem:
 * {type: "function_call_result", callId, output}`; the item's own `output` is preferred). Hosted tool
 * calls carry their output and status; computer, shell and apply-patch calls become calls named
 * `computer`, `shell` and `apply_patch` with the action (or operation) as arguments.
 *
 * Failures, as the SDK marks them: a result with status `incomplete` (or `failed`), the output of the
 * SDK's default tool error function (`An error occurred while running the tool...`), a rejected
 * approval (`Tool execution was not approved.`, also `metadata.approval: "rejected"`), a shell call
 * that timed out or exited non-zero, a failed patch. Calls of nested agents run as tools
 * (`pendingAgentToolRuns`) are not the run's own calls and are not read.
 *
 * Also traces the Python SDK exports (`Span.export()`: `{"object": "trace.span", "span_data": {...},
 * "started_at", "ended_at", "error"}`), as the backend exporter posts them (`{"data": [...]}`, traces
 * and spans mixed), as `{"spans": [...]}` or as a list: each `function` span is a call (`name`, its
 * `input` the arguments as JSON text or an object, `output` the result, `mcp_data` kept in metadata),
 * ordered by start time, with the span's duration; a span `error` marks it failed (the message is the
 * tool's own error in `error.data.error` when the SDK recorded one, else `error.message`). Other span
 * types (agent, generation, response, handoff, guardrail) are not calls.
 */
export const openaiAgentsFormat: TraceFormat = {
  name: 'openai-agents',
  looksFor:
    'an Agents SDK run result or RunState (newItems / generatedItems of tool_call_item, or history items function_call with callId / function_call_result), or exported trace spans ({"object": "trace.span"})',
  marks: [
    'newItems',
    'generatedItems',
    'tool_call_item',
    'tool_call_output_item',
    'callId',
    'function_call_result',
    'rawItem',
    'span_data',
  ],
  detect: looksLikeOpenAIAgents,
  description:
    'OpenAI Agents SDK run results: newItems / RunState generatedItems (tool_call_item, tool_call_output_item) or history items (function_call, function_call_result)',
  // A trace export's spans record calls, not the agent's messages.
  recordsReplies: (data) => traceSpansOf(data) === undefined,
  parse(data, context) {
    const spans = traceSpansOf(data);
    if (spans !== undefined) return readTraceSpans(spans.list, spans.path, context);
    const reader = new AgentsReader(context);
    reader.read(data);
    return reader.calls.finish();
  },
};

/** Calls from an OpenAI Agents SDK run result held in memory (`RunResult`, `newItems`, `history`). */
export function fromOpenAIAgents(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(openaiAgentsFormat, value, options);
}

/** The SDK's default tool error function output starts with this. */
const SDK_TOOL_ERROR_PREFIX = 'An error occurred while running the tool';
/** The SDK's default message for a tool call whose approval was rejected. */
const APPROVAL_REJECTED = 'Tool execution was not approved.';

const RUN_ITEM_TYPES = new Set([
  'tool_call_item',
  'tool_call_output_item',
  'handoff_call_item',
  'handoff_output_item',
  'tool_approval_item',
  'message_output_item',
  'reasoning_item',
]);
/** Run and protocol items that are not calls or results (messages, reasoning): read as nothing, quietly. */
const QUIET_ITEMS = new Set(['message_output_item', 'reasoning_item', 'message', 'reasoning']);
const CALL_TYPES = new Set(['function_call', 'hosted_tool_call', 'computer_call', 'shell_call', 'apply_patch_call']);
const RESULT_TYPES = new Set([
  'function_call_result',
  'function_call_output',
  'computer_call_result',
  'shell_call_output',
  'apply_patch_call_output',
]);

function rawOf(item: Record<string, unknown>): unknown {
  return item.rawItem ?? item.raw_item;
}

function isRunItem(item: unknown): item is Record<string, unknown> {
  return isObject(item) && typeof item.type === 'string' && RUN_ITEM_TYPES.has(item.type) && isObject(rawOf(item));
}

/** A protocol item of the JS SDK (camelCase `callId`; `function_call_result` is the SDK's own type). */
function isSdkProtocolItem(item: unknown): boolean {
  return (
    isObject(item) &&
    ((CALL_TYPES.has(item.type as string) && typeof item.callId === 'string') ||
      item.type === 'function_call_result' ||
      item.type === 'hosted_tool_call')
  );
}

const ITEM_KEYS = ['newItems', 'new_items', 'generatedItems'] as const;
const HISTORY_KEYS = ['history', 'input', 'output'] as const;

/** The run state inside a `{state}` wrapper (a serialized RunResult) or the data itself. */
function stateOf(data: Record<string, unknown>): Record<string, unknown> {
  return isObject(data.state) &&
    (Array.isArray(data.state.generatedItems) || typeof data.state.$schemaVersion === 'string')
    ? data.state
    : data;
}

function isTraceSpan(item: unknown): item is Record<string, unknown> & { span_data: Record<string, unknown> } {
  return isObject(item) && item.object === 'trace.span' && isObject(item.span_data);
}

/** The exported spans: `{"data": [...]}` (the backend exporter's payload), `{"spans": [...]}`, or a list. */
function traceSpansOf(data: unknown): { list: readonly unknown[]; path: string } | undefined {
  if (Array.isArray(data)) return data.some(isTraceSpan) ? { list: data, path: '$' } : undefined;
  if (!isObject(data)) return undefined;
  for (const key of ['data', 'spans']) {
    const list = data[key];
    if (Array.isArray(list) && list.some(isTraceSpan)) return { list, path: childPath('$', key) };
  }
  return undefined;
}

function readTraceSpans(list: readonly unknown[], path: string, context: ParseContext): ToolCall[] {
  const functions: {
    span: Record<string, unknown> & { span_data: Record<string, unknown> };
    path: string;
    start: number | undefined;
  }[] = [];
  list.forEach((span, i) => {
    if (isTraceSpan(span) && span.span_data.type === 'function')
      functions.push({ span, path: childPath(path, i), start: unixSeconds(span.started_at) });
    else if (!isTraceSpan(span) && !(isObject(span) && span.object === 'trace'))
      context.unrecognised(childPath(path, i), `an entry that is not a trace span (${describeKeys(span)})`);
  });
  // Spans are exported as they end; calls are ordered by when they started (stable for equal times).
  functions.sort((a, b) => (a.start ?? Infinity) - (b.start ?? Infinity));
  const calls: ToolCall[] = [];
  for (const { span, path: spanPath, start } of functions) {
    const data = span.span_data;
    if (typeof data.name !== 'string' || data.name.trim() === '') {
      context.warn(spanPath, 'skipped a function span with no tool name');
      continue;
    }
    const raw: Record<string, unknown> = {
      tool: data.name,
      args:
        data.input === undefined || data.input === null
          ? null
          : readArguments(data.input, childPath(childPath(spanPath, 'span_data'), 'input'), context),
      result: readContent(data.output),
      id: stringId(span.id),
      timestamp: start,
      duration: secondsBetween(start, unixSeconds(span.ended_at)),
    };
    const error = spanError(span.error);
    if (error !== undefined) raw.error = error;
    if (data.mcp_data !== undefined && data.mcp_data !== null) raw.metadata = { mcp_data: data.mcp_data };
    calls.push(toActualCall(raw, spanPath, context.source));
  }
  return calls;
}

/** A span's error message: the tool's own error the SDK put in `data.error`, else the span's `message`. */
function spanError(error: unknown): string | undefined {
  if (!isObject(error))
    return error === undefined || error === null || error === false ? undefined : failureMessage(error);
  if (isObject(error.data) && typeof error.data.error === 'string' && error.data.error !== '') return error.data.error;
  return failureMessage(error.message ?? error);
}

/** Whether a value looks like OpenAI Agents SDK output (used by auto-detection). */
function looksLikeOpenAIAgents(data: unknown): boolean {
  if (traceSpansOf(data) !== undefined) return true;
  if (Array.isArray(data)) return data.some(isRunItem) || data.some(isSdkProtocolItem);
  if (!isObject(data)) return false;
  const root = stateOf(data);
  if (typeof root.$schemaVersion === 'string' && Array.isArray(root.generatedItems)) return true;
  if (ITEM_KEYS.some((key) => Array.isArray(root[key]) && (root[key] as unknown[]).some(isRunItem))) return true;
  return HISTORY_KEYS.some((key) => Array.isArray(root[key]) && (root[key] as unknown[]).some(isSdkProtocolItem));
}

class AgentsReader {
  readonly calls: CallJoiner;

  constructor(private readonly context: ParseContext) {
    this.calls = new CallJoiner(context);
  }

  read(data: unknown): void {
    if (Array.isArray(data) && (data.length === 0 || looksLikeOpenAIAgents(data))) return this.readItems(data, '$');
    if (isObject(data)) {
      const root = stateOf(data);
      const base = root === data ? '$' : '$.state';
      for (const key of ITEM_KEYS) {
        if (Array.isArray(root[key])) {
          this.readItems(root[key] as unknown[], childPath(base, key));
          // A run result's final output is its last message's text (a structured output, its JSON).
          const output = data.finalOutput ?? data.final_output;
          if (output !== undefined && output !== null)
            this.calls.turns.assistant(
              childPath('$', 'finalOutput' in data ? 'finalOutput' : 'final_output'),
              typeof output === 'string' ? output : (JSON.stringify(output) ?? ''),
            );
          return;
        }
      }
      for (const key of HISTORY_KEYS) {
        if (Array.isArray(root[key]) && (root[key] as unknown[]).some(isSdkProtocolItem))
          return this.readItems(root[key] as unknown[], childPath(base, key));
      }
    }
    throw new ToolscoreInputError(
      { source: this.context.source, path: '$' },
      `expected an OpenAI Agents SDK run result (newItems, a RunState with generatedItems, or history items), or a list of run or protocol items, got ${describeType(data)}`,
    );
  }

  private readItems(items: readonly unknown[], path: string): void {
    items.forEach((item, i) => {
      const itemPath = childPath(path, i);
      // A user message of a history (`{type: "message", role: "user"}`, or without its type) starts a turn.
      if (isObject(item) && item.role === 'user' && (item.type === undefined || item.type === 'message'))
        return this.calls.turns.user(itemPath, userText(item.content));
      if (!isObject(item) || typeof item.type !== 'string')
        return this.context.unrecognised(itemPath, `an item without a "type" (${describeKeys(item)})`);
      if (RUN_ITEM_TYPES.has(item.type) || item.rawItem !== undefined || item.raw_item !== undefined) {
        const raw = rawOf(item);
        if (!isObject(raw)) return this.context.unrecognised(itemPath, `a ${item.type} without a raw item object`);
        const rawPath = childPath(itemPath, item.rawItem !== undefined ? 'rawItem' : 'raw_item');
        switch (item.type) {
          case 'tool_call_item':
            return this.readCall(raw, rawPath);
          case 'tool_approval_item':
            return this.readCall(raw, rawPath, { approval: 'pending' });
          case 'handoff_call_item':
            return this.readCall(raw, rawPath, { handoff: true });
          case 'message_output_item':
            return this.readAssistantMessage(raw, rawPath);
          case 'tool_call_output_item':
          case 'handoff_output_item':
            return this.readResult(raw, rawPath, 'output' in item ? { value: item.output } : undefined);
          default:
            if (!QUIET_ITEMS.has(item.type))
              this.context.unrecognised(itemPath, `a run item of type ${JSON.stringify(item.type)}`);
            return;
        }
      }
      if (item.type === 'message') return this.readAssistantMessage(item, itemPath);
      if (CALL_TYPES.has(item.type)) return this.readCall(item, itemPath);
      if (RESULT_TYPES.has(item.type)) return this.readResult(item, itemPath);
      if (!QUIET_ITEMS.has(item.type))
        this.context.unrecognised(itemPath, `an item of type ${JSON.stringify(item.type)}`);
    });
  }

  /** An assistant message item (`output_text` parts): the agent's text. */
  private readAssistantMessage(raw: Record<string, unknown>, path: string): void {
    if (raw.role === 'assistant') this.calls.turns.assistant(path, assistantText(raw.content));
  }

  private readCall(raw: Record<string, unknown>, path: string, extra?: Record<string, unknown>): void {
    const id = callIdOf(raw);
    const metadata: Record<string, unknown> = { ...extra };
    switch (raw.type) {
      case 'function_call': {
        if (typeof raw.namespace === 'string' && raw.namespace !== '' && raw.namespace !== raw.name)
          metadata.namespace = raw.namespace;
        const args =
          raw.arguments === undefined ? null : readArguments(raw.arguments, childPath(path, 'arguments'), this.context);
        this.calls.add(path, { tool: raw.name, args, id, metadata });
        return;
      }
      case 'hosted_tool_call': {
        metadata.hosted = true;
        if (typeof raw.status === 'string') metadata.status = raw.status;
        const args =
          raw.arguments === undefined || raw.arguments === null
            ? null
            : readArguments(raw.arguments, childPath(path, 'arguments'), this.context);
        const key = id ?? stringId(raw.id);
        this.calls.add(path, { tool: raw.name, args, id: key, metadata });
        const failed = raw.status === 'failed' || raw.status === 'incomplete';
        if (raw.output !== undefined || failed) {
          this.calls.resolve(
            path,
            key,
            failed
              ? {
                  is_error: true,
                  error:
                    typeof raw.output === 'string' && raw.output !== '' ? raw.output : `status ${textOf(raw.status)}`,
                }
              : { result: raw.output },
          );
        }
        return;
      }
      case 'computer_call':
        this.calls.add(path, {
          tool: 'computer',
          args:
            raw.action !== undefined
              ? readArguments(raw.action, childPath(path, 'action'), this.context)
              : { actions: raw.actions },
          id,
          metadata: { ...metadata, kind: 'computer_call' },
        });
        return;
      case 'shell_call':
        this.calls.add(path, {
          tool: 'shell',
          args: readArguments(raw.action, childPath(path, 'action'), this.context),
          id,
          metadata: { ...metadata, kind: 'shell_call' },
        });
        return;
      case 'apply_patch_call':
        this.calls.add(path, {
          tool: 'apply_patch',
          args: readArguments(raw.operation, childPath(path, 'operation'), this.context),
          id,
          metadata: { ...metadata, kind: 'apply_patch_call' },
        });
        return;
      default:
        this.context.unrecognised(path, `a call item of type ${JSON.stringify(raw.type)}`);
    }
  }

  private readResult(raw: Record<string, unknown>, path: string, itemOutput?: { value: unknown }): void {
    const id = callIdOf(raw);
    let outcome: CallOutcome;
    switch (raw.type) {
      case 'shell_call_output':
        outcome = shellCallOutcome(raw.output);
        break;
      case 'apply_patch_call_output':
        outcome =
          raw.status === 'failed'
            ? {
                is_error: true,
                error: typeof raw.output === 'string' && raw.output !== '' ? raw.output : 'patch failed',
              }
            : { result: raw.output };
        break;
      case 'computer_call_result':
        outcome = { result: raw.output };
        break;
      default: {
        const output = itemOutput?.value !== undefined ? itemOutput.value : toolOutput(raw.output);
        const text = typeof output === 'string' ? output : undefined;
        const result = readContent(output);
        if (text === APPROVAL_REJECTED) outcome = { is_error: true, error: text, metadata: { approval: 'rejected' } };
        else if (text?.startsWith(SDK_TOOL_ERROR_PREFIX)) outcome = { is_error: true, error: text };
        else if (raw.status === 'incomplete' || raw.status === 'failed')
          outcome = { is_error: true, error: text ?? `status ${textOf(raw.status)}` };
        else outcome = { result };
      }
    }
    this.calls.resolve(path, id, outcome);
  }
}

/** A function result's output as text when it is text: a string, `{type: "text", text}`, or a list of `input_text` items. */
function toolOutput(output: unknown): unknown {
  if (isObject(output) && output.type === 'text' && typeof output.text === 'string') return output.text;
  if (
    Array.isArray(output) &&
    output.length > 0 &&
    output.every(
      (part) => isObject(part) && (part.type === 'input_text' || part.type === 'text') && typeof part.text === 'string',
    )
  ) {
    return output.map((part) => (part as { text: string }).text).join('\n');
  }
  return output;
}

function shellCallOutcome(output: unknown): CallOutcome {
  if (!Array.isArray(output)) return { result: output };
  for (const entry of output) {
    if (!isObject(entry) || !isObject(entry.outcome)) continue;
    const outcome = entry.outcome;
    if (outcome.type === 'timeout') return { result: output, is_error: true, error: 'shell command timed out' };
    if (outcome.type === 'exit' && typeof outcome.exitCode === 'number' && outcome.exitCode !== 0) {
      const stderr = typeof entry.stderr === 'string' && entry.stderr !== '' ? `: ${entry.stderr}` : '';
      return { result: output, is_error: true, error: failureMessage(`exit code ${outcome.exitCode}${stderr}`) };
    }
  }
  return { result: output };
}

function callIdOf(raw: Record<string, unknown>): string | undefined {
  return (
    stringId(raw.callId) ?? stringId(raw.call_id) ?? (raw.type === 'hosted_tool_call' ? stringId(raw.id) : undefined)
  );
}

function stringId(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
