import { ToolscoreInputError, childPath, describeType } from '../core/errors.js';
import type { Args, ToolCall } from '../core/types.js';
import { readArguments } from './arguments.js';
import { type FromOptions, isObject, readContent, readInMemory } from './call-collector.js';
import { CallJoiner, failureMessage } from './call-joiner.js';
import type { ParseContext, TraceFormat } from './types.js';

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
 *   of the call named by `tool_call_id`, and `status: "error"` marks it failed. Consecutive
 *   `AIMessageChunk`s of one streamed message are joined: `tool_call_chunks` are concatenated per index.
 *
 * A modern ToolCall list without `type: "tool_call"` is also read, identically, by the custom format,
 * which auto-detection picks for it.
 */
export const langchainFormat: TraceFormat = {
  name: 'langchain',
  looksFor: 'LangChain messages (serialized {lc, kwargs}, stored {type, data}, {type: "ai", tool_calls}) or {messages} state, intermediate_steps, {tool, tool_input} actions or [{name, args, type: "tool_call"}]',
  marks: ['lc', 'kwargs', 'tool_calls', 'ai', 'tool', 'intermediate_steps', 'tool_input', 'additional_kwargs'],
  detect: looksLikeLangChain,
  description:
    'LangChain / LangGraph: legacy {tool, tool_input, log} actions and intermediate_steps, ToolCall lists, and message lists or {messages} state (AIMessage.tool_calls, ToolMessage results, streamed chunks)',
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

type Role = 'ai' | 'tool' | 'other';

interface Message {
  role: Role;
  /** A streamed `AIMessageChunk`. */
  chunk: boolean;
  fields: Record<string, unknown>;
}

const STORED_TYPES: Readonly<Record<string, Role>> = {
  ai: 'ai',
  tool: 'tool',
  human: 'other',
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
  HumanMessageChunk: 'other',
  SystemMessageChunk: 'other',
  ChatMessageChunk: 'other',
  FunctionMessageChunk: 'other',
};

/** The role of a LangChain message class name (`AIMessage`, `ToolMessageChunk`, ...). */
function classRole(name: string): { role: Role; chunk: boolean } | undefined {
  const match = /^(AI|Tool|Human|System|Chat|Function|Remove)Message(Chunk)?$/.exec(name);
  if (!match) return undefined;
  const role: Role = match[1] === 'AI' ? 'ai' : match[1] === 'Tool' ? 'tool' : 'other';
  return { role, chunk: match[2] !== undefined };
}

/** A serialized LangChain object `{lc: 1, type: "constructor", id: [...], kwargs}`: its class name. */
function serializedClass(item: Record<string, unknown>): string | undefined {
  if (item.lc !== 1 || item.type !== 'constructor' || !Array.isArray(item.id) || !isObject(item.kwargs)) return undefined;
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
  if (typeof type !== 'string' && typeof item._getType === 'function') type = (item._getType as () => unknown).call(item);
  if (typeof type !== 'string') return undefined;
  const className = (item as { constructor?: { name?: unknown } }).constructor?.name;
  const chunkByClass = typeof className === 'string' && className.endsWith('MessageChunk');
  if (STORED_TYPES[type] !== undefined && ('content' in item || 'tool_calls' in item || 'tool_call_id' in item)) {
    return { role: STORED_TYPES[type]!, chunk: chunkByClass && STORED_TYPES[type] === 'ai', fields: item };
  }
  if (CHUNK_TYPES[type] !== undefined) return { role: CHUNK_TYPES[type]!, chunk: true, fields: item };
  return undefined;
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
function toStep(item: unknown): { action: Record<string, unknown>; observation: unknown; hasObservation: boolean } | undefined {
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

/** An item this adapter can read: a message, an intermediate step, an agent action or a ToolCall. */
function isLangChainItem(item: unknown): boolean {
  return toMessage(item) !== undefined || toStep(item) !== undefined || toAction(item) !== undefined || isToolCall(item);
}

/** Whether a value looks like LangChain / LangGraph output (used by auto-detection). */
function looksLikeLangChain(data: unknown): boolean {
  if (isObject(data)) {
    if (Array.isArray(data.intermediate_steps) || Array.isArray(data.intermediateSteps)) return true;
    if (Array.isArray(data.messages)) return data.messages.some((item) => toMessage(item) !== undefined);
    return toMessage(data) !== undefined || toAction(data) !== undefined;
  }
  if (!Array.isArray(data) || data.length === 0) return false;
  if (data.some((item) => toMessage(item) !== undefined || toAction(item) !== undefined || toStep(item) !== undefined)) return true;
  return data.every((item) => isToolCall(item) && item.type === 'tool_call');
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
  private run: { messages: { fields: Record<string, unknown>; path: string }[]; id: unknown } | undefined;

  constructor(private readonly context: ParseContext) {
    this.calls = new CallJoiner(context);
  }

  read(data: unknown): void {
    if (isObject(data)) {
      for (const key of ['intermediate_steps', 'intermediateSteps']) {
        if (Array.isArray(data[key])) return this.readList(data[key] as unknown[], childPath('$', key));
      }
      if (Array.isArray(data.messages) && (data.messages.length === 0 || data.messages.some(isLangChainItem))) return this.readList(data.messages, '$.messages');
      if (toMessage(data) !== undefined || toAction(data) !== undefined) return this.readList([data], '$', true);
      if (isToolCall(data)) return this.readList([data], '$', true);
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
      const message = toMessage(item);
      if (message) return this.readMessage(message, itemPath);
      this.flushRun();
      const step = toStep(item);
      if (step) return this.readAction(step.action, itemPath, step.hasObservation ? { observation: step.observation } : undefined);
      const action = toAction(item);
      if (action) return this.readAction(action, itemPath);
      if (isToolCall(item)) return this.readToolCall(item, itemPath);
      if (item === null || item === undefined) return;
      this.context.warn(itemPath, `skipped ${describeType(item)}: not a LangChain message, agent action or ToolCall`);
    });
    this.flushRun();
  }

  private readMessage(message: Message, path: string): void {
    if (message.role === 'ai' && message.chunk) {
      const id = message.fields.id;
      if (this.run && (id === undefined || this.run.id === undefined || id === this.run.id)) {
        this.run.messages.push({ fields: message.fields, path });
        this.run.id ??= id;
      } else {
        this.flushRun();
        this.run = { messages: [{ fields: message.fields, path }], id };
      }
      return;
    }
    this.flushRun();
    if (message.role === 'ai') this.readAiMessage(message.fields, path);
    else if (message.role === 'tool') this.readToolMessage(message.fields, path);
  }

  private readAction(action: Record<string, unknown>, path: string, step?: { observation: unknown }): void {
    const isAction = typeof action.action === 'string' && action.tool === undefined;
    const tool = isAction ? action.action : action.tool;
    const inputKey = isAction ? 'action_input' : 'tool_input' in action ? 'tool_input' : 'toolInput';
    const metadata: Record<string, unknown> = {};
    if (typeof action.log === 'string' && action.log !== '') metadata.log = action.log;
    const id = typeof action.tool_call_id === 'string' ? action.tool_call_id : typeof action.toolCallId === 'string' ? action.toolCallId : undefined;
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
      toolCalls.forEach((entry: unknown, i) => this.readToolCallEntry(entry, childPath(childPath(path, 'tool_calls'), i)));
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
        this.calls.add(fnPath, { tool: fn.name, args: readArguments(fn.arguments, childPath(fnPath, 'arguments'), this.context) });
      }
    }
    const invalid = fields.invalid_tool_calls;
    if (Array.isArray(invalid)) {
      invalid.forEach((entry: unknown, i) => {
        const entryPath = childPath(childPath(path, 'invalid_tool_calls'), i);
        if (!isObject(entry)) return this.context.warn(entryPath, `skipped ${describeType(entry)}: expected an invalid tool call object`);
        const metadata: Record<string, unknown> = { invalid_tool_call: true };
        if (typeof entry.error === 'string') metadata.parse_error = entry.error;
        const args = entry.args === undefined || entry.args === null ? null : readArguments(entry.args, childPath(entryPath, 'args'), this.context);
        this.calls.add(entryPath, { tool: entry.name, args, id: stringId(entry.id), metadata });
      });
    }
  }

  /** One `tool_calls` entry: LangChain's `{name, args, id}` or OpenAI's `{id, function: {name, arguments}}`. */
  private readToolCallEntry(entry: unknown, path: string): void {
    if (isObject(entry) && 'name' in entry) {
      const args = entry.args === undefined ? null : readArguments(entry.args, childPath(path, 'args'), this.context);
      this.calls.add(path, { tool: entry.name, args, id: stringId(entry.id) });
    } else if (isObject(entry) && isObject(entry.function)) {
      const fn = entry.function;
      const args = fn.arguments === undefined ? null : readArguments(fn.arguments, childPath(childPath(path, 'function'), 'arguments'), this.context);
      this.calls.add(path, { tool: fn.name, args, id: stringId(entry.id) });
    } else {
      if (this.unreadable === 0) this.unreadablePath = path;
      this.unreadable += 1;
      this.context.warn(path, `skipped ${describeType(entry)}: a tool call needs {name, args} or {function: {name, arguments}}`);
    }
  }

  private readToolMessage(fields: Record<string, unknown>, path: string): void {
    const id = stringId(fields.tool_call_id);
    const result = readContent(fields.content);
    const failed = fields.status === 'error';
    const outcome = failed ? { is_error: true, error: failureMessage(result) } : { result };
    this.calls.resolve(path, id, outcome);
  }

  /** Joins the streamed chunks of one message and reads their tool calls. */
  private flushRun(): void {
    const run = this.run;
    this.run = undefined;
    if (!run) return;
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
        if (!isObject(chunk)) return this.context.warn(chunkPath, `skipped ${describeType(chunk)}: expected a tool call chunk`);
        const key = typeof chunk.index === 'number' ? `index:${chunk.index}` : typeof chunk.id === 'string' && chunk.id !== '' ? `id:${chunk.id}` : `anon:${anonymous++}`;
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
      this.calls.add(call.path, { tool: call.name, args: readArguments(call.args, childPath(call.path, 'args'), this.context), id: call.id });
    }
  }

  finish(): ToolCall[] {
    this.flushRun();
    const calls = this.calls.finish();
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
