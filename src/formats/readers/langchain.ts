import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import type { Args, ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { type FromOptions, readContent, readInMemory } from '../support/call-collector.js';
import { assistantText, userText } from '../support/turns.js';
import { hasOwnProperty, isObject } from '../../core/objects.js';
import { CallJoiner, failureMessage } from '../support/call-joiner.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * LangChain and LangGraph, Python and JS:
 *
 * - legacy agent actions `{tool, tool_input, log}` (JS: `toolInput`), alone or as AgentExecutor
 *   `intermediate_steps` pairs `[action, observation]` (JS: `intermediateSteps: [{action, observation}]`),
 *   the observation being the result; a string `tool_input` that is not a JSON object becomes
 *   `{input: s}` (the single input of a one-argument tool); `action`/`action_input` entries too;
 * - modern ToolCall lists `[{name, args, id, type: "tool_call"}]`;
 * - messages in any of LangChain's forms: serialized (`{lc: 1, type: "constructor", id: [..., "AIMessage"],
 *   kwargs}`), stored (`{type: "ai", data}`), plain (`{type: "ai", tool_calls, ...}`, `model_dump()`),
 *   or live message objects; a list of them, one message, or LangGraph state `{messages: [...]}`.
 *   `AIMessage.tool_calls` are the calls (OpenAI-style `additional_kwargs.tool_calls` when there are
 *   none); `invalid_tool_calls` are kept with their raw argument text; a `ToolMessage` gives the result
 *   of the call named by `tool_call_id`, and `status: "error"` marks it failed. The
 *   `AIMessageChunk`s of a streamed message are joined by message id (parallel nodes interleave
 *   theirs; a chunk without an id continues the latest message): its `tool_call_chunks` are
 *   concatenated per index, and its calls come where its first chunk came.
 *   Messages tagged with `role` (`assistant`, `tool`, ...) instead of `type`, and untagged ones
 *   (`{content, tool_calls}`, `{tool_call_id, content}`), are read too;
 * - LangGraph `stream()` output, as a list (JSON Lines: one part a line): `[mode, payload]` parts of
 *   several modes at once (`[namespace, mode, payload]` with subgraphs), `stream_mode="messages"`
 *   `[message chunk, metadata]` tuples, `"values"` states `{messages}` and `"updates"`
 *   `{node: {messages}}`. Every values state repeats the history, so a message is read once: by its
 *   id, and one without an id only where it lies past the end of the previous state. A message seen in
 *   several modes (streamed chunks, then a state or an update) is read once, by its message id, and a
 *   call once by its call id. Other modes (`custom`, `debug`, ...) hold no messages and are skipped.
 *
 * A modern ToolCall list without `type: "tool_call"` is also read, identically, by the custom format,
 * which auto-detection picks for it.
 */
export const langchainFormat: TraceFormat = {
  name: 'langchain',
  looksFor:
    'LangChain messages (serialized {lc, kwargs}, stored {type, data}, {type: "ai", tool_calls}) or {messages} state, intermediate_steps, {tool, tool_input} actions or [{name, args, type: "tool_call"}]',
  marks: ['lc', 'kwargs', 'tool_calls', 'ai', 'tool', 'intermediate_steps', 'tool_input', 'additional_kwargs'],
  detect: looksLikeLangChain,
  description:
    'LangChain / LangGraph: legacy {tool, tool_input, log} actions and intermediate_steps, ToolCall lists, and message lists or {messages} state (AIMessage.tool_calls, ToolMessage results, streamed chunks)',
  recordsReplies: true,
  parse(data, context) {
    const reader = new LangChainReader(context);
    reader.read(data);
    return reader.finish();
  },
};

/** Calls from LangChain / LangGraph output held in memory (messages, state, agent steps or actions). */
export function fromLangChain(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(langchainFormat, value, options);
}

/** `human`: a user message, which starts a conversation turn. */
type Role = 'ai' | 'tool' | 'human' | 'other';

interface Message {
  role: Role;
  /** A streamed `AIMessageChunk`. */
  chunk: boolean;
  fields: Record<string, unknown>;
}

const STORED_TYPES: Readonly<Record<string, Role>> = {
  ai: 'ai',
  tool: 'tool',
  human: 'human',
  system: 'other',
  generic: 'other',
  chat: 'other',
  function: 'other',
  developer: 'other',
  remove: 'other',
};

const CHUNK_TYPES: Readonly<Record<string, Role>> = {
  AIMessageChunk: 'ai',
  ToolMessageChunk: 'tool',
  HumanMessageChunk: 'human',
  SystemMessageChunk: 'other',
  ChatMessageChunk: 'other',
  FunctionMessageChunk: 'other',
};

/** Chat roles of messages tagged with `role` instead of `type` (`{"role": "assistant", "tool_calls": [...]}`). */
const CHAT_ROLES: Readonly<Record<string, Role>> = {
  assistant: 'ai',
  ai: 'ai',
  tool: 'tool',
  user: 'human',
  human: 'human',
  system: 'other',
  developer: 'other',
};

/** The role of a LangChain message class name (`AIMessage`, `ToolMessageChunk`, ...). */
function classRole(name: string): { role: Role; chunk: boolean } | undefined {
  const match = /^(AI|Tool|Human|System|Chat|Function|Remove)Message(Chunk)?$/.exec(name);
  if (!match) return undefined;
  const role: Role = match[1] === 'AI' ? 'ai' : match[1] === 'Tool' ? 'tool' : match[1] === 'Human' ? 'human' : 'other';
  return { role, chunk: match[2] !== undefined };
}

/** A serialized LangChain object `{lc: 1, type: "constructor", id: [...], kwargs}`: its class name. */
function serializedClass(item: Record<string, unknown>): string | undefined {
  if (item.lc !== 1 || item.type !== 'constructor' || !Array.isArray(item.id) || !isObject(item.kwargs))
    return undefined;
  const last = item.id[item.id.length - 1];
  return typeof last === 'string' ? last : undefined;
}

/** Reads one item as a LangChain message in any of its forms, or undefined. */
function toMessage(item: unknown): Message | undefined {
  if (!isObject(item)) return undefined;
  const cls = serializedClass(item);
  if (cls !== undefined) {
    const role = classRole(cls);
    return role ? { ...role, fields: item.kwargs as Record<string, unknown> } : undefined;
  }
  if (typeof item.type === 'string' && isObject(item.data) && STORED_TYPES[item.type] !== undefined) {
    return { role: STORED_TYPES[item.type]!, chunk: false, fields: item.data };
  }
  let type = item.type;
  if (typeof type !== 'string' && typeof item._getType === 'function')
    type = (item._getType as () => unknown).call(item);
  if (typeof type !== 'string') return item.type === undefined ? untypedMessage(item) : undefined;
  const className = (item as { constructor?: { name?: unknown } }).constructor?.name;
  const chunkByClass = typeof className === 'string' && className.endsWith('MessageChunk');
  if (STORED_TYPES[type] !== undefined && ('content' in item || 'tool_calls' in item || 'tool_call_id' in item)) {
    return { role: STORED_TYPES[type]!, chunk: chunkByClass && STORED_TYPES[type] === 'ai', fields: item };
  }
  if (CHUNK_TYPES[type] !== undefined) return { role: CHUNK_TYPES[type]!, chunk: true, fields: item };
  return undefined;
}

/** A message tagged with `role` instead of `type`, or untagged: `{content, tool_calls}` or `{tool_call_id, content}`. */
function untypedMessage(item: Record<string, unknown>): Message | undefined {
  if (typeof item.role === 'string') {
    const role = CHAT_ROLES[item.role];
    return role !== undefined && ('content' in item || 'tool_calls' in item || 'tool_call_id' in item)
      ? { role, chunk: false, fields: item }
      : undefined;
  }
  if (item.role !== undefined) return undefined;
  if (Array.isArray(item.tool_calls)) return { role: 'ai', chunk: false, fields: item };
  if (typeof item.tool_call_id === 'string' && 'content' in item) return { role: 'tool', chunk: false, fields: item };
  return undefined;
}

/**
 * Whether a message names its LangChain type, or (tagged by `role` or untagged) holds tool calls in
 * LangChain's `{name, args}` shape: what detection accepts, so plain chat histories stay with their providers.
 */
function isLangChainMessage(item: unknown): boolean {
  const message = toMessage(item);
  if (message === undefined) return false;
  if (
    !isObject(item) ||
    item.type !== undefined ||
    serializedClass(item) !== undefined ||
    typeof item._getType === 'function'
  )
    return true;
  const calls = message.fields.tool_calls;
  return (
    Array.isArray(calls) && calls.some((call) => isObject(call) && typeof call.name === 'string' && 'args' in call)
  );
}

/** Stream modes of LangGraph `stream()`; only `messages`, `values` and `updates` carry messages. */
const STREAM_MODES = new Set(['values', 'updates', 'messages', 'custom', 'debug', 'tasks', 'checkpoints', 'events']);

/** One part of a several-mode LangGraph stream: `[mode, payload]`, or `[namespace, mode, payload]` with subgraphs. */
function streamPart(item: unknown): { mode: string; payload: unknown; payloadIndex: number } | undefined {
  if (!Array.isArray(item)) return undefined;
  if (item.length === 2 && typeof item[0] === 'string' && STREAM_MODES.has(item[0]))
    return { mode: item[0], payload: item[1], payloadIndex: 1 };
  if (
    item.length === 3 &&
    Array.isArray(item[0]) &&
    item[0].every((part) => typeof part === 'string') &&
    typeof item[1] === 'string' &&
    STREAM_MODES.has(item[1])
  ) {
    return { mode: item[1], payload: item[2], payloadIndex: 2 };
  }
  return undefined;
}

/** A `stream_mode="messages"` item: `[message, metadata]`. */
function messageTuple(item: unknown): Message | undefined {
  return Array.isArray(item) && item.length === 2 && isObject(item[1]) ? toMessage(item[0]) : undefined;
}

/** A `stream_mode="values"` item (graph state): `{messages: [...]}`. */
function isState(item: unknown): item is { messages: unknown[] } {
  return isObject(item) && Array.isArray(item.messages);
}

/** A `stream_mode="updates"` item: `{node_name: {messages: [...]} | null, ...}`, some node updating messages. */
function isUpdate(item: unknown): item is Record<string, unknown> {
  if (!isObject(item) || 'messages' in item) return false;
  // Detection asks this of every item of large call lists: stop at the first key that is no update.
  let updatesMessages = false;
  for (const node in item) {
    if (!hasOwnProperty.call(item, node)) continue;
    const update = item[node];
    if (update !== null && typeof update !== 'object') return false;
    updatesMessages ||= isState(update);
  }
  return updatesMessages;
}

/** Whether a stream item holds LangChain messages (what detection accepts of stream output). */
function isStreamItem(item: unknown): boolean {
  const part = streamPart(item);
  if (part?.mode === 'messages') return isLangChainTuple(part.payload);
  // One level only: a part's payload is a state or an update, never another part.
  const value = part ? part.payload : item;
  if (part === undefined && isLangChainTuple(value)) return true;
  if (isState(value)) return value.messages.some(isLangChainMessage);
  return (
    isUpdate(value) &&
    Object.values(value).some((update) => isState(update) && update.messages.some(isLangChainMessage))
  );
}

function isLangChainTuple(item: unknown): boolean {
  return messageTuple(item) !== undefined && isLangChainMessage((item as unknown[])[0]);
}

/** A legacy agent action, unwrapped from its serialized form. */
function toAction(item: unknown): Record<string, unknown> | undefined {
  if (!isObject(item)) return undefined;
  const fields = serializedClass(item) !== undefined ? (item.kwargs as Record<string, unknown>) : item;
  if (typeof fields.tool === 'string' && ('tool_input' in fields || 'toolInput' in fields)) return fields;
  if (typeof fields.action === 'string' && 'action_input' in fields) return fields;
  return undefined;
}

/** An intermediate step: `[action, observation]` or `{action, observation}`. */
function toStep(
  item: unknown,
): { action: Record<string, unknown>; observation: unknown; hasObservation: boolean } | undefined {
  if (Array.isArray(item) && item.length >= 1 && item.length <= 2) {
    const action = toAction(item[0]);
    return action ? { action, observation: item[1], hasObservation: item.length === 2 } : undefined;
  }
  if (isObject(item) && 'action' in item && isObject(item.action)) {
    const action = toAction(item.action);
    return action ? { action, observation: item.observation, hasObservation: 'observation' in item } : undefined;
  }
  return undefined;
}

/** A modern ToolCall `{name, args, id, type?: "tool_call"}`. */
function isToolCall(item: unknown): item is Record<string, unknown> {
  return isObject(item) && 'name' in item && ('args' in item || item.type === 'tool_call') && !('tool' in item);
}

/**
 * An item this adapter can read: a message, an intermediate step, an agent action, a ToolCall or a
 * stream item. Chat messages tagged by `role` count only with LangChain-shaped tool calls, so that
 * another format's history read as LangChain is an error rather than zero calls.
 */
function isLangChainItem(item: unknown): boolean {
  if (
    isLangChainMessage(item) ||
    toStep(item) !== undefined ||
    toAction(item) !== undefined ||
    isToolCall(item) ||
    streamPart(item) !== undefined
  )
    return true;
  return (isState(item) && item.messages.length === 0) || isStreamItem(item);
}

/** Whether a value looks like LangChain / LangGraph output (used by auto-detection). */
function looksLikeLangChain(data: unknown): boolean {
  if (isObject(data)) {
    if (Array.isArray(data.intermediate_steps) || Array.isArray(data.intermediateSteps)) return true;
    if (Array.isArray(data.messages)) return data.messages.some(isLangChainMessage);
    return isLangChainMessage(data) || toAction(data) !== undefined || isStreamItem(data);
  }
  if (!Array.isArray(data) || data.length === 0) return false;
  if (
    data.some(
      (item) =>
        isLangChainMessage(item) || toAction(item) !== undefined || toStep(item) !== undefined || isStreamItem(item),
    )
  )
    return true;
  return data.every((item) => isToolCall(item) && item.type === 'tool_call');
}

/** Content part types of provider calls that an AI message may carry beside (or instead of) its `tool_calls`. */
const CONTENT_CALL_TYPES = new Set(['tool_use', 'tool_call', 'function_call', 'tool-call', 'server_tool_call']);

/** The chunks of one streamed message (`AIMessageChunk`s sharing an id). */
interface ChunkRun {
  messages: { fields: Record<string, unknown>; path: string }[];
  id: unknown;
  /** From a `"messages"` stream, where a state may hold the message too. */
  streamed: boolean;
}

/** A streamed tool call being assembled from `tool_call_chunks`. */
interface ChunkCall {
  name: string;
  args: string;
  id: string | undefined;
  path: string;
}

class LangChainReader {
  private readonly calls: CallJoiner;
  /** `tool_calls` entries that had neither a name nor a `function`: if no call is read, that is an error. */
  private unreadable = 0;
  private unreadablePath = '$';
  /**
   * Streamed messages being joined, by message id, in the order their first chunks came: parallel
   * nodes interleave their chunks in a `"messages"` stream, so each message gathers its own.
   */
  private runs: ChunkRun[] = [];
  private readonly runsById = new Map<unknown, ChunkRun>();
  /** The run the latest chunk went to: a chunk without an id continues it. */
  private lastRun: ChunkRun | undefined;
  /** Ids of the messages read from a stream, whose modes and states repeat them. */
  private readonly seenMessages = new Set<string>();
  /** Length of the last `values` state read: messages without an id are new only past it. */
  private stateLength = 0;
  /** Stream parts of modes that hold no messages, by mode (named in a warning when no call is read). */
  private readonly skippedModes = new Map<string, number>();

  constructor(private readonly context: ParseContext) {
    this.calls = new CallJoiner(context);
  }

  read(data: unknown): void {
    if (isObject(data)) {
      for (const key of ['intermediate_steps', 'intermediateSteps']) {
        if (Array.isArray(data[key])) return this.readList(data[key] as unknown[], childPath('$', key));
      }
      if (Array.isArray(data.messages) && (data.messages.length === 0 || data.messages.some(isLangChainItem)))
        return this.readList(data.messages, '$.messages');
      if (isLangChainMessage(data) || toAction(data) !== undefined) return this.readList([data], '$', true);
      if (isToolCall(data) || isUpdate(data)) return this.readList([data], '$', true);
    } else if (Array.isArray(data) && (data.length === 0 || data.some(isLangChainItem))) {
      return this.readList(data, '$');
    }
    throw new ToolscoreInputError(
      { source: this.context.source, path: '$' },
      `expected LangChain messages (a list, one message or {"messages": [...]}), intermediate_steps, agent actions or ToolCalls, got ${describeType(data)}`,
    );
  }

  private readList(items: readonly unknown[], path: string, single = false): void {
    items.forEach((item, i) => {
      const itemPath = single ? path : childPath(path, i);
      const message = toMessage(item) ?? messageTuple(item);
      if (message)
        return Array.isArray(item)
          ? this.readMessage(message, childPath(itemPath, 0), true)
          : this.readMessage(message, itemPath);
      const part = streamPart(item);
      if (part) return this.readStreamPart(part, itemPath);
      // States and updates hold whole messages: a run of chunks around them goes on.
      if (isState(item)) return this.readState(item.messages, childPath(itemPath, 'messages'));
      if (isUpdate(item)) return this.readUpdate(item, itemPath);
      this.flushRun();
      const step = toStep(item);
      if (step)
        return this.readAction(
          step.action,
          itemPath,
          step.hasObservation ? { observation: step.observation } : undefined,
        );
      const action = toAction(item);
      if (action) return this.readAction(action, itemPath);
      if (isToolCall(item)) return this.readToolCall(item, itemPath);
      if (item === null || item === undefined) return;
      this.context.warn(itemPath, `skipped ${describeType(item)}: not a LangChain message, agent action or ToolCall`);
    });
    this.flushRun();
  }

  /** Reads a message; `streamed`: from a `"messages"` stream, where a state may hold it too (by message id). */
  private readMessage(message: Message, path: string, streamed = false): void {
    if (message.role === 'ai' && message.chunk) {
      const id = message.fields.id;
      let run = id === undefined ? this.lastRun : this.runsById.get(id);
      // The first chunk with an id names the run its id-less chunks began.
      if (run === undefined && this.lastRun?.id === undefined) run = this.lastRun;
      if (run === undefined) {
        run = { messages: [], id: undefined, streamed };
        this.runs.push(run);
      }
      if (run.id === undefined && id !== undefined) {
        run.id = id;
        this.runsById.set(id, run);
      }
      run.messages.push({ fields: message.fields, path });
      this.lastRun = run;
      return;
    }
    this.flushRun();
    if (streamed && !this.firstSight(message.fields.id)) return;
    if (message.role === 'ai') {
      this.calls.turns.assistant(path, assistantText(message.fields.content));
      this.readAiMessage(message.fields, path);
    } else if (message.role === 'tool') this.readToolMessage(message.fields, path);
    else if (message.role === 'human') this.calls.turns.user(path, userText(message.fields.content));
  }

  private readStreamPart(part: { mode: string; payload: unknown; payloadIndex: number }, path: string): void {
    const payloadPath = childPath(path, part.payloadIndex);
    const { mode, payload } = part;
    if (mode === 'messages') {
      const message = messageTuple(payload);
      if (message) return this.readMessage(message, childPath(payloadPath, 0), true);
      return this.context.warn(
        payloadPath,
        `skipped ${describeType(payload)}: a "messages" stream part holds [message, metadata]`,
      );
    }
    if (mode === 'values' && isState(payload))
      return this.readState(payload.messages, childPath(payloadPath, 'messages'));
    if (mode === 'updates' && isObject(payload)) return this.readUpdate(payload, payloadPath);
    if (mode === 'values' || mode === 'updates') {
      // An object is a state or update without messages; anything else is not what LangGraph streams.
      if (!isObject(payload))
        this.context.warn(payloadPath, `skipped ${describeType(payload)}: a "${mode}" stream part holds an object`);
      return;
    }
    this.skippedModes.set(mode, (this.skippedModes.get(mode) ?? 0) + 1);
  }

  /** A `values` state: the whole history so far, of which only the messages not read before count. */
  private readState(messages: readonly unknown[], path: string): void {
    const readBefore = this.stateLength;
    this.stateLength = messages.length;
    messages.forEach((item, i) => {
      if (i >= readBefore || stringId(toMessage(item)?.fields.id) !== undefined)
        this.readWholeMessage(item, childPath(path, i));
    });
  }

  /** An `updates` item: what each node added, `{node: {messages: [...]}}`. */
  private readUpdate(update: Record<string, unknown>, path: string): void {
    for (const [node, value] of Object.entries(update)) {
      if (!isState(value)) continue; // a node that changed other keys, or nothing
      const messagesPath = childPath(childPath(path, node), 'messages');
      value.messages.forEach((item, i) => this.readWholeMessage(item, childPath(messagesPath, i)));
    }
  }

  /** A complete message of a state or update (even when serialized as an AIMessageChunk), read once by id. */
  private readWholeMessage(item: unknown, path: string): void {
    const message = toMessage(item);
    if (!message) {
      if (item !== null && item !== undefined)
        this.context.warn(path, `skipped ${describeType(item)}: not a LangChain message`);
      return;
    }
    if (!this.firstSight(message.fields.id)) return;
    if (message.role === 'ai') {
      this.calls.turns.assistant(path, assistantText(message.fields.content));
      this.readAiMessage(message.fields, path);
    } else if (message.role === 'tool') this.readToolMessage(message.fields, path);
    else if (message.role === 'human') this.calls.turns.user(path, userText(message.fields.content));
  }

  /** Whether a streamed message with this id is read for the first time (one without an id always is). */
  private firstSight(messageId: unknown): boolean {
    const id = stringId(messageId);
    if (id === undefined) return true;
    if (this.seenMessages.has(id)) return false;
    this.seenMessages.add(id);
    return true;
  }

  private readAction(action: Record<string, unknown>, path: string, step?: { observation: unknown }): void {
    const isAction = typeof action.action === 'string' && action.tool === undefined;
    const tool = isAction ? action.action : action.tool;
    const inputKey = isAction ? 'action_input' : 'tool_input' in action ? 'tool_input' : 'toolInput';
    const metadata: Record<string, unknown> = {};
    if (typeof action.log === 'string' && action.log !== '') metadata.log = action.log;
    const id =
      typeof action.tool_call_id === 'string'
        ? action.tool_call_id
        : typeof action.toolCallId === 'string'
          ? action.toolCallId
          : undefined;
    const args = toolInputArgs(action[inputKey]);
    // Without a call id, a step's observation can only be joined by position: give it a private one.
    const key = id ?? `\u0000step:${path}`;
    const added = this.calls.add(path, { tool, args, id: key, metadata });
    if (!added || step === undefined) return;
    if (tool === '_Exception') {
      // AgentExecutor's stand-in for an output it could not parse: the observation is the error.
      this.calls.resolve(path, key, { is_error: true, error: failureMessage(step.observation) });
    } else {
      this.calls.resolve(path, key, { result: step.observation });
    }
  }

  private readToolCall(item: Record<string, unknown>, path: string, extra?: Record<string, unknown>): void {
    const args = item.args === undefined ? null : readArguments(item.args, childPath(path, 'args'), this.context);
    this.calls.add(path, { tool: item.name, args, id: stringId(item.id), metadata: extra });
  }

  private readAiMessage(fields: Record<string, unknown>, path: string): void {
    const toolCalls = fields.tool_calls;
    let read = false;
    if (Array.isArray(toolCalls) && toolCalls.length > 0) {
      read = true;
      toolCalls.forEach((entry: unknown, i) =>
        this.readToolCallEntry(entry, childPath(childPath(path, 'tool_calls'), i)),
      );
    }
    const kwargs = isObject(fields.additional_kwargs) ? fields.additional_kwargs : undefined;
    if (!read && kwargs) {
      const wire = kwargs.tool_calls;
      if (Array.isArray(wire) && wire.length > 0) {
        read = true;
        const base = childPath(childPath(path, 'additional_kwargs'), 'tool_calls');
        wire.forEach((entry: unknown, i) => this.readToolCallEntry(entry, childPath(base, i)));
      } else if (isObject(kwargs.function_call)) {
        const fn = kwargs.function_call;
        const fnPath = childPath(childPath(path, 'additional_kwargs'), 'function_call');
        this.calls.add(fnPath, {
          tool: fn.name,
          args: readArguments(fn.arguments, childPath(fnPath, 'arguments'), this.context),
        });
      }
    }
    if (!read && Array.isArray(fields.content)) this.passOverCallParts(fields.content, childPath(path, 'content'));
    const invalid = fields.invalid_tool_calls;
    if (Array.isArray(invalid)) {
      invalid.forEach((entry: unknown, i) => {
        const entryPath = childPath(childPath(path, 'invalid_tool_calls'), i);
        if (!isObject(entry))
          return this.context.warn(entryPath, `skipped ${describeType(entry)}: expected an invalid tool call object`);
        const metadata: Record<string, unknown> = { invalid_tool_call: true };
        if (typeof entry.error === 'string') metadata.parse_error = entry.error;
        const args =
          entry.args === undefined || entry.args === null
            ? null
            : readArguments(entry.args, childPath(entryPath, 'args'), this.context);
        this.calls.add(entryPath, { tool: entry.name, args, id: stringId(entry.id), metadata });
      });
    }
  }

  /** Call parts of an AI message's content that its `tool_calls` do not repeat (the calls are read from there). */
  private passOverCallParts(content: readonly unknown[], path: string): void {
    content.forEach((part, i) => {
      if (isObject(part) && typeof part.type === 'string' && CONTENT_CALL_TYPES.has(part.type))
        this.context.unrecognised(
          childPath(path, i),
          `a "${part.type}" content part without a matching tool_calls entry`,
        );
    });
  }

  /** One `tool_calls` entry: LangChain's `{name, args, id}` or OpenAI's `{id, function: {name, arguments}}`. */
  private readToolCallEntry(entry: unknown, path: string): void {
    if (isObject(entry) && 'name' in entry) {
      const args = entry.args === undefined ? null : readArguments(entry.args, childPath(path, 'args'), this.context);
      this.calls.add(path, { tool: entry.name, args, id: stringId(entry.id) });
    } else if (isObject(entry) && isObject(entry.function)) {
      const fn = entry.function;
      const args =
        fn.arguments === undefined
          ? null
          : readArguments(fn.arguments, childPath(childPath(path, 'function'), 'arguments'), this.context);
      this.calls.add(path, { tool: fn.name, args, id: stringId(entry.id) });
    } else {
      if (this.unreadable === 0) this.unreadablePath = path;
      this.unreadable += 1;
      this.context.warn(
        path,
        `skipped ${describeType(entry)}: a tool call needs {name, args} or {function: {name, arguments}}`,
      );
    }
  }

  private readToolMessage(fields: Record<string, unknown>, path: string): void {
    const id = stringId(fields.tool_call_id);
    const result = readContent(fields.content);
    const failed = fields.status === 'error';
    const outcome = failed ? { is_error: true, error: failureMessage(result) } : { result };
    this.calls.resolve(path, id, outcome);
  }

  /** Joins the chunks of every streamed message, in the order the messages began, and reads their tool calls. */
  private flushRun(): void {
    if (this.runs.length === 0) return;
    const runs = this.runs;
    this.runs = [];
    this.runsById.clear();
    this.lastRun = undefined;
    for (const run of runs) this.readRun(run);
  }

  /** Joins the streamed chunks of one message and reads their tool calls. */
  private readRun(run: ChunkRun): void {
    // A state may already have given this message whole (streamed chunks and a "values" state at once).
    if (run.streamed && !this.firstSight(run.id)) return;
    // Its text is the chunks' texts joined.
    this.calls.turns.assistant(
      run.messages[0]!.path,
      run.messages.map(({ fields }) => assistantText(fields.content)).join(''),
    );
    const only = run.messages.length === 1 ? run.messages[0]! : undefined;
    if (only && Array.isArray(only.fields.tool_calls) && only.fields.tool_calls.length > 0) {
      // One chunk (often the `concat` of a stream): its parsed tool_calls are complete.
      this.readAiMessage(only.fields, only.path);
      return;
    }
    const assembled = new Map<string, ChunkCall>();
    let anonymous = 0;
    for (const { fields, path } of run.messages) {
      const chunks = fields.tool_call_chunks;
      if (!Array.isArray(chunks)) continue;
      chunks.forEach((chunk: unknown, i) => {
        const chunkPath = childPath(childPath(path, 'tool_call_chunks'), i);
        if (!isObject(chunk))
          return this.context.warn(chunkPath, `skipped ${describeType(chunk)}: expected a tool call chunk`);
        const key =
          typeof chunk.index === 'number'
            ? `index:${chunk.index}`
            : typeof chunk.id === 'string' && chunk.id !== ''
              ? `id:${chunk.id}`
              : `anon:${anonymous++}`;
        let call = assembled.get(key);
        if (!call) {
          call = { name: '', args: '', id: undefined, path: chunkPath };
          assembled.set(key, call);
        }
        if (typeof chunk.name === 'string') call.name += chunk.name;
        if (typeof chunk.args === 'string') call.args += chunk.args;
        if (call.id === undefined && typeof chunk.id === 'string' && chunk.id !== '') call.id = chunk.id;
      });
    }
    if (assembled.size === 0) {
      // No chunks recorded: fall back on each chunk's own parsed tool_calls.
      for (const { fields, path } of run.messages) this.readAiMessage(fields, path);
      return;
    }
    for (const call of assembled.values()) {
      this.calls.add(call.path, {
        tool: call.name,
        args: readArguments(call.args, childPath(call.path, 'args'), this.context),
        id: call.id,
      });
    }
  }

  finish(): ToolCall[] {
    this.flushRun();
    const calls = this.calls.finish();
    if (calls.length === 0 && this.skippedModes.size > 0) {
      const modes = [...this.skippedModes].map(([mode, count]) => `${count} "${mode}"`).join(', ');
      this.context.warn(
        '$',
        `no call read; skipped ${modes} stream part${[...this.skippedModes.values()].reduce((a, b) => a + b) === 1 ? '' : 's'}, which hold no messages (stream with "messages", "values" or "updates" to record calls)`,
      );
    }
    if (calls.length === 0 && this.unreadable > 0) {
      throw new ToolscoreInputError(
        { source: this.context.source, path: this.unreadablePath },
        `the messages hold ${this.unreadable} tool_calls entr${this.unreadable === 1 ? 'y' : 'ies'} but none has the {name, args, id} shape of a LangChain ToolCall or the {function: {name, arguments}} shape of an OpenAI one, so no call could be read`,
      );
    }
    // Step keys made up for joining observations are not ids: drop them.
    return calls.map((call) => {
      if (call.id?.startsWith('\u0000step:')) delete call.id;
      return call;
    });
  }
}

function stringId(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * Arguments of a legacy action: an object as is; a string holding a JSON object is that object,
 * any other string is the single input of a one-argument tool, `{input: s}`; other values likewise
 * `{input: value}`.
 */
function toolInputArgs(raw: unknown): Args | null {
  if (raw === undefined || raw === null) return null;
  if (isObject(raw)) return raw;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (isObject(parsed)) return parsed;
      } catch {
        // Not JSON: the text is the input.
      }
    }
  }
  return { input: raw };
}
