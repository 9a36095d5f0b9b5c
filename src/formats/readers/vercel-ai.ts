import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { describeKeys, type FromOptions, readInMemory } from '../support/call-collector.js';
import { assistantText, userText } from '../support/turns.js';
import { isObject } from '../../core/objects.js';
import { CallJoiner, type CallOutcome, type FoundCall, failureMessage } from '../support/call-joiner.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Vercel AI SDK (v4 to v7): results of `generateText` / `streamText`, as objects or saved as JSON.
 *
 * Every step is walked (in v5/v6 the result's own `toolCalls` hold only the last step): a step's
 * `content` parts `tool-call` (`input`, v4 `args`), `tool-result` (`output`, v4 `result`) and
 * `tool-error` (a failure), or its `toolCalls` / `toolResults` lists; then the result's `toolCalls`,
 * `toolResults`, `content` and `response.messages` (`responseMessages`), where a tool message's
 * `output: {type, value}` of type `error-text` / `error-json` / `execution-denied` marks a failure.
 * Calls seen in several of these places are kept once, by `toolCallId`. Also read: a list of
 * messages (model messages, or `useChat` UI messages with `tool-<name>` parts or v4
 * `toolInvocations`), a list of content or stream parts (`tool-input-*` deltas are joined when no
 * `tool-call` part follows), and a result saved under `result` (`{"result": {...}}`).
 * Provider-executed tools (web search, ...) are calls too, marked `metadata.providerExecuted`.
 */
export const vercelAIFormat: TraceFormat = {
  name: 'vercel-ai',
  looksFor:
    'a generateText/streamText result ({"steps": [...]}, toolCalls with toolCallId/toolName, response.messages) or messages / parts of type tool-call / tool-result',
  marks: ['steps', 'toolCalls', 'toolResults', 'toolCallId', 'toolName', 'tool-call', 'tool-result'],
  detect: looksLikeVercelAI,
  description:
    "Vercel AI SDK generateText/streamText results: every step's tool-call / tool-result / tool-error parts (v4 args/result, v5+ input/output), response messages, UI messages or stream parts",
  recordsReplies: true,
  parse(data, context) {
    const reader = new VercelReader(context);
    reader.read(data);
    return reader.finish();
  },
};

/** Calls from a Vercel AI SDK result held in memory (`generateText` / `streamText` output, messages or parts). */
export function fromVercelAI(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(vercelAIFormat, value, options);
}

const PART_TYPES = new Set([
  'tool-call',
  'tool-result',
  'tool-error',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-end',
  'tool-approval-request',
  'tool-output-denied',
]);

/** A model-message / content / stream part about a tool: `{type: "tool-...", toolCallId | id}`. */
function isToolPart(part: unknown): part is Record<string, unknown> {
  return (
    isObject(part) &&
    typeof part.type === 'string' &&
    PART_TYPES.has(part.type) &&
    (typeof part.toolCallId === 'string' || (part.type.startsWith('tool-input-') && typeof part.id === 'string'))
  );
}

/** A `useChat` UI message part about a tool: `{type: "tool-<name>" | "dynamic-tool", toolCallId, state}`. */
function isUIToolPart(part: unknown): part is Record<string, unknown> {
  return (
    isObject(part) &&
    typeof part.type === 'string' &&
    (part.type.startsWith('tool-') || part.type === 'dynamic-tool') &&
    typeof part.toolCallId === 'string' &&
    typeof part.state === 'string'
  );
}

function isVercelMessage(message: unknown): boolean {
  if (!isObject(message) || typeof message.role !== 'string') return false;
  return (
    (Array.isArray(message.content) && message.content.some(isToolPart)) ||
    (Array.isArray(message.parts) && message.parts.some(isUIToolPart)) ||
    (Array.isArray(message.toolInvocations) &&
      message.toolInvocations.some((entry) => isObject(entry) && typeof entry.toolCallId === 'string'))
  );
}

function isStep(step: unknown): boolean {
  return (
    isObject(step) &&
    (Array.isArray(step.content) ||
      Array.isArray(step.toolCalls) ||
      Array.isArray(step.toolResults) ||
      'finishReason' in step)
  );
}

/** Whether an object is a generateText / streamText result (or the parts of one). */
function isResult(data: Record<string, unknown>): boolean {
  // Provider API objects name their kind (`object: "interaction"` also has `steps`); AI SDK results do not.
  if (typeof data.object === 'string') return false;
  if (Array.isArray(data.steps) && data.steps.length > 0 && data.steps.every(isStep)) return true;
  if (
    (Array.isArray(data.toolCalls) && data.toolCalls.some(isToolPart)) ||
    (Array.isArray(data.toolResults) && data.toolResults.some(isToolPart))
  )
    return true;
  const response = isObject(data.response) ? data.response : undefined;
  return [response?.messages, data.responseMessages].some((list) => Array.isArray(list) && list.some(isVercelMessage));
}

/** The result inside a `{"result": {...}}` wrapper, or the data itself. */
function unwrap(data: unknown): { root: unknown; path: string } {
  if (isObject(data) && !isResult(data) && isObject(data.result) && isResult(data.result))
    return { root: data.result, path: '$.result' };
  return { root: data, path: '$' };
}

/** Whether a value looks like Vercel AI SDK output (used by auto-detection). */
function looksLikeVercelAI(data: unknown): boolean {
  const { root } = unwrap(data);
  if (isObject(root)) return isResult(root) || (Array.isArray(root.messages) && root.messages.some(isVercelMessage));
  return Array.isArray(root) && (root.some(isVercelMessage) || root.some(isToolPart));
}

/** A user message: model and UI messages alike (tool results come in `tool` messages, never in a user's). */
function isUserMessage(message: unknown): message is Record<string, unknown> {
  return isObject(message) && message.role === 'user';
}

/** A tool call being streamed as `tool-input-start` / `tool-input-delta` parts. */
interface StreamedInput {
  name: unknown;
  text: string;
  path: string;
  metadata: Record<string, unknown>;
}

class VercelReader {
  private readonly calls: CallJoiner;
  private readonly streamed = new Map<string, StreamedInput>();
  /** Steps that finished with `tool-calls`: if no call at all is read, the input is not what it seems. */
  private toolStepPath: string | undefined;
  private unreadable: string | undefined;

  constructor(private readonly context: ParseContext) {
    this.calls = new CallJoiner(context);
  }

  read(data: unknown): void {
    const { root, path } = unwrap(data);
    if (Array.isArray(root) && (root.length === 0 || root.some(isVercelMessage) || root.some(isToolPart))) {
      if (root.some(isVercelMessage)) this.readMessages(root, path);
      else this.readParts(root, path, undefined);
      return;
    }
    if (
      isObject(root) &&
      (isResult(root) ||
        (Array.isArray(root.messages) &&
          root.messages.some((m) => isVercelMessage(m) || (isObject(m) && Array.isArray(m.parts)))))
    ) {
      this.readResult(root, path);
      return;
    }
    throw new ToolscoreInputError(
      { source: this.context.source, path: '$' },
      `expected a Vercel AI SDK result ({"steps": [...]}, toolCalls, response.messages), a list of messages or a list of tool parts, got ${describeType(data)}`,
    );
  }

  private readResult(result: Record<string, unknown>, path: string): void {
    if (Array.isArray(result.steps)) {
      result.steps.forEach((step: unknown, i) => {
        const stepPath = childPath(childPath(path, 'steps'), i);
        if (!isObject(step))
          return this.context.warn(stepPath, `skipped ${describeType(step)}: expected a step object`);
        if (step.finishReason === 'tool-calls' || step.finishReason === 'tool_calls') this.toolStepPath ??= stepPath;
        for (const key of ['content', 'toolCalls', 'toolResults']) {
          if (Array.isArray(step[key])) this.readParts(step[key] as unknown[], childPath(stepPath, key), i);
        }
        if (typeof step.text === 'string') this.calls.turns.assistant(childPath(stepPath, 'text'), step.text);
        const response = isObject(step.response) ? step.response : undefined;
        if (Array.isArray(response?.messages))
          this.readMessages(response.messages, childPath(childPath(stepPath, 'response'), 'messages'), i);
      });
    }
    for (const key of ['toolCalls', 'toolResults', 'content']) {
      if (Array.isArray(result[key])) this.readParts(result[key] as unknown[], childPath(path, key), undefined);
    }
    // The result's `text` is its last step's: the reply.
    if (typeof result.text === 'string') this.calls.turns.assistant(childPath(path, 'text'), result.text);
    const response = isObject(result.response) ? result.response : undefined;
    if (Array.isArray(response?.messages))
      this.readMessages(response.messages, childPath(childPath(path, 'response'), 'messages'));
    if (Array.isArray(result.responseMessages))
      this.readMessages(result.responseMessages, childPath(path, 'responseMessages'));
    if (Array.isArray(result.messages)) {
      const messagesPath = childPath(path, 'messages');
      // Calls read above (steps, the result's own lists) come before the messages' user turns in the
      // reading but not in the conversation: their turns are not known, so the result is one turn.
      const oneTurn = this.calls.size > 0 && result.messages.filter(isUserMessage).length >= 2;
      if (oneTurn)
        this.context.warn(
          messagesPath,
          "read as one turn: the result's steps record no user messages, so the turn of their calls is not known",
        );
      this.readMessages(result.messages, messagesPath, undefined, !oneTurn);
    }
    if (!Array.isArray(result.steps) && Array.isArray(result.streamParts))
      this.readParts(result.streamParts, childPath(path, 'streamParts'), undefined);
  }

  /** Messages in order; a user message starts a turn (unless `turns` is false). */
  private readMessages(messages: readonly unknown[], path: string, step?: number, turns = true): void {
    messages.forEach((message, i) => {
      const messagePath = childPath(path, i);
      if (!isObject(message)) return;
      if (turns && isUserMessage(message))
        this.calls.turns.user(
          messagePath,
          userText(typeof message.content === 'string' ? message.content : (message.parts ?? message.content)),
        );
      if (message.role === 'assistant')
        this.calls.turns.assistant(
          messagePath,
          assistantText(typeof message.content === 'string' ? message.content : (message.parts ?? message.content)),
        );
      if (Array.isArray(message.content))
        this.readParts(message.content, childPath(messagePath, 'content'), step, true);
      if (Array.isArray(message.parts)) this.readUIParts(message.parts, childPath(messagePath, 'parts'));
      if (Array.isArray(message.toolInvocations))
        this.readInvocations(message.toolInvocations, childPath(messagePath, 'toolInvocations'));
    });
  }

  /** Model-message, content or stream parts. In messages, a tool result's output is `{type, value}`. */
  private readParts(parts: readonly unknown[], path: string, step: number | undefined, inMessage = false): void {
    parts.forEach((part, i) => {
      const partPath = childPath(path, i);
      if (!isObject(part) || typeof part.type !== 'string')
        return this.context.unrecognised(partPath, `a part without a "type" (${describeKeys(part)})`);
      switch (part.type) {
        case 'tool-call':
          return this.readCall(part, partPath, step);
        case 'tool-result':
          return this.readResultPart(part, partPath, step, inMessage);
        case 'tool-error':
          return this.calls.resolve(
            partPath,
            stringId(part.toolCallId),
            { is_error: true, error: failureMessage(part.error) },
            this.fallback(part, partPath, step),
          );
        case 'tool-output-denied':
          return this.calls.resolve(partPath, stringId(part.toolCallId), {
            is_error: true,
            error: 'tool execution denied',
            metadata: { denied: true },
          });
        case 'tool-input-start': {
          const id = stringId(part.id);
          if (id !== undefined)
            this.streamed.set(id, {
              name: part.toolName,
              text: '',
              path: partPath,
              metadata: callMetadata(part, step),
            });
          return;
        }
        case 'tool-input-delta': {
          const input = this.streamed.get(stringId(part.id) ?? '');
          if (input && typeof part.delta === 'string') input.text += part.delta;
          return;
        }
        default:
          if (!isQuietPart(part.type))
            this.context.unrecognised(partPath, `a part of type ${JSON.stringify(part.type)}`);
      }
    });
  }

  private readCall(part: Record<string, unknown>, path: string, step: number | undefined): void {
    const key = 'input' in part ? 'input' : 'args';
    const args = part[key] === undefined ? null : readArguments(part[key], childPath(path, key), this.context);
    const before = this.calls.size;
    this.calls.add(path, {
      tool: part.toolName,
      args,
      id: stringId(part.toolCallId),
      metadata: callMetadata(part, step),
    });
    if (this.calls.size === before && (typeof part.toolName !== 'string' || part.toolName === ''))
      this.unreadable ??= path;
  }

  private readResultPart(
    part: Record<string, unknown>,
    path: string,
    step: number | undefined,
    inMessage: boolean,
  ): void {
    if (part.preliminary === true) return; // a streamed interim output; the final one follows
    const id = stringId(part.toolCallId);
    let outcome: CallOutcome;
    if ('output' in part) outcome = inMessage ? typedOutput(part.output) : { result: part.output };
    else if (part.isError === true) outcome = { is_error: true, error: failureMessage(part.result) };
    else outcome = { result: part.result };
    this.calls.resolve(path, id, outcome, this.fallback(part, path, step));
  }

  /** The call a result part describes (it repeats toolName and input), used when no tool-call part is seen. */
  private fallback(part: Record<string, unknown>, path: string, step: number | undefined): FoundCall | undefined {
    if (typeof part.toolName !== 'string') return undefined;
    const key = 'input' in part ? 'input' : 'args';
    const args = part[key] === undefined ? null : readArguments(part[key], childPath(path, key), this.context);
    return { tool: part.toolName, args, metadata: callMetadata(part, step) };
  }

  /** `useChat` UI message parts (v5+): `tool-<name>` / `dynamic-tool` with a `state`. */
  private readUIParts(parts: readonly unknown[], path: string): void {
    parts.forEach((part, i) => {
      const partPath = childPath(path, i);
      if (!isUIToolPart(part)) {
        if (!(isObject(part) && typeof part.type === 'string' && isQuietPart(part.type)))
          this.context.unrecognised(partPath, `a UI message part that is not a tool part (${describeKeys(part)})`);
        return;
      }
      const tool = part.type === 'dynamic-tool' ? part.toolName : (part.type as string).slice('tool-'.length);
      const id = stringId(part.toolCallId);
      const args =
        part.input === undefined ? null : readArguments(part.input, childPath(partPath, 'input'), this.context);
      const metadata: Record<string, unknown> = { state: part.state };
      if (part.providerExecuted === true) metadata.providerExecuted = true;
      this.calls.add(partPath, { tool, args, id, metadata });
      if (part.state === 'output-available') this.calls.resolve(partPath, id, { result: part.output });
      else if (part.state === 'output-error')
        this.calls.resolve(partPath, id, { is_error: true, error: failureMessage(part.errorText ?? 'tool error') });
      else if (part.state === 'output-denied')
        this.calls.resolve(partPath, id, {
          is_error: true,
          error: 'tool execution denied',
          metadata: { denied: true },
        });
    });
  }

  /** v4 UI messages: `toolInvocations: [{state, toolCallId, toolName, args, result}]`. */
  private readInvocations(invocations: readonly unknown[], path: string): void {
    invocations.forEach((entry, i) => {
      const entryPath = childPath(path, i);
      if (!isObject(entry)) return;
      const id = stringId(entry.toolCallId);
      const args =
        entry.args === undefined ? null : readArguments(entry.args, childPath(entryPath, 'args'), this.context);
      this.calls.add(entryPath, { tool: entry.toolName, args, id, metadata: { state: entry.state } });
      if (entry.state === 'result') this.calls.resolve(entryPath, id, { result: entry.result });
    });
  }

  finish(): ToolCall[] {
    for (const [id, input] of this.streamed) {
      if (this.calls.has(id)) continue;
      // A stream that ended before its tool-call part: the joined input deltas are the arguments.
      this.calls.add(input.path, {
        tool: input.name,
        args: readArguments(input.text, childPath(input.path, 'delta'), this.context),
        id,
        metadata: { ...input.metadata, incomplete: true },
      });
    }
    const calls = this.calls.finish();
    if (calls.length === 0 && (this.unreadable !== undefined || this.toolStepPath !== undefined)) {
      const path = this.unreadable ?? this.toolStepPath!;
      throw new ToolscoreInputError(
        { source: this.context.source, path },
        this.unreadable !== undefined
          ? 'the result has tool-call parts but none names its tool (toolName), so no call could be read'
          : 'this step finished with "tool-calls" but no tool-call part was found in any step (content / toolCalls) or response message; was the result serialized without its steps?',
      );
    }
    return calls;
  }
}

/** Part types (model messages, step content, stream parts, UI messages) that are not calls or results. */
const QUIET_PARTS = new Set([
  'text',
  'reasoning',
  'redacted-reasoning',
  'file',
  'image',
  'source',
  'source-url',
  'source-document',
  'step-start',
  'start',
  'finish',
  'start-step',
  'finish-step',
  'stream-start',
  'response-metadata',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'reasoning-part-finish',
  'tool-input-end',
  'tool-approval-request',
  'tool-approval-response',
  'tool-call-streaming-start',
  'tool-call-delta',
  'raw',
  'error',
  'abort',
  'message-metadata',
  // v7 step content with a provider's own data ({kind: "anthropic.message_start", providerMetadata}).
  'custom',
]);

/** Whether a part type holds nothing this reader scores (`data-*` parts are the app's own). */
function isQuietPart(type: string): boolean {
  return QUIET_PARTS.has(type) || type.startsWith('data-');
}

function callMetadata(part: Record<string, unknown>, step: number | undefined): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  if (step !== undefined) metadata.step = step;
  if (part.providerExecuted === true) metadata.providerExecuted = true;
  if (part.dynamic === true) metadata.dynamic = true;
  if (part.invalid === true) metadata.invalid = true;
  return metadata;
}

/** A tool message's `output: {type, value}` (v5+): error types and denied executions are failures. */
function typedOutput(output: unknown): CallOutcome {
  if (!isObject(output) || typeof output.type !== 'string') return { result: output };
  switch (output.type) {
    case 'text':
    case 'json':
    case 'content':
      return { result: output.value };
    case 'error-text':
    case 'error-json':
      return { is_error: true, error: failureMessage(output.value) };
    case 'execution-denied':
      return {
        is_error: true,
        error: typeof output.reason === 'string' && output.reason !== '' ? output.reason : 'tool execution denied',
        metadata: { denied: true },
      };
    default:
      return { result: 'value' in output ? output.value : output };
  }
}

function stringId(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
