import { childPath, describeType, textOf } from '../../core/errors.js';
import { isObject } from '../../core/objects.js';
import { StreamAssembly, joinedArguments } from './stream-fragments.js';
import type { ParseContext } from '../types.js';

/**
 * Recorded OpenAI streams, rebuilt into the units a non-streamed response holds (see
 * `stream-fragments.ts`):
 * - Chat Completions (and OpenAI-compatible providers: Groq, Mistral, ...): `chat.completion.chunk`
 *   objects whose `choices[].delta.tool_calls[]` fragments are joined per completion id, choice and
 *   fragment `index` (the first carries `id` and `function.name`, later ones append to
 *   `function.arguments`); a `finish_reason` or the `"[DONE]"` sentinel closes the calls. The legacy
 *   `delta.function_call` (a `functions=` request) streams one call per choice the same way.
 * - Responses API events: `response.output_item.added` opens an item, `*.delta` events append to its
 *   arguments (or a custom tool's input), `*.done` and `response.output_item.done` replace it with the
 *   complete item; a `response.completed` / `.incomplete` / `.failed` event carries the whole
 *   response, whose `output` is then read instead of the events. A run may hold several responses,
 *   each opened by `response.created`.
 */

/** The string OpenAI sends as the last server-sent event of a chat stream. */
const DONE = '[DONE]';

/** A chunk: `object: "chat.completion.chunk"`, or `choices` that all carry a `delta` (compatible providers may omit `object`). */
export function isChatChunk(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (value.object === 'chat.completion.chunk') return true;
  const choices = value.choices;
  return (
    Array.isArray(choices) &&
    choices.length > 0 &&
    choices.every((choice) => isObject(choice) && isObject(choice.delta))
  );
}

/** A Chat Completions stream: every element a chunk or the `"[DONE]"` sentinel, and some element a chunk. */
export function isChatChunkStream(list: unknown[]): boolean {
  return list.some(isChatChunk) && list.every((item) => item === DONE || isChatChunk(item));
}

function isResponsesEvent(value: unknown): value is Record<string, unknown> & { type: string } {
  return (
    isObject(value) && typeof value.type === 'string' && (value.type.startsWith('response.') || value.type === 'error')
  );
}

/** A Responses API event stream: every element an event (`type: "response.*"` or `"error"`), some a `response.*` one. */
export function isResponsesEventStream(list: unknown[]): boolean {
  return list.some((item) => isResponsesEvent(item) && item.type !== 'error') && list.every(isResponsesEvent);
}

// ---- Chat Completions ------------------------------------------------------------------------

/** A `tool_calls` entry rebuilt from chunks. */
interface StreamedToolCall {
  /** The entry as a non-streamed message would hold it: `{id, type, function: {name, arguments}}`. */
  entry: Record<string, unknown>;
  /** JSON path of its first fragment. */
  path: string;
  /** The choice it belongs to. */
  choice: number;
  /** Its choice's `finish_reason`, on the last call the choice streamed (the one a token limit cuts). */
  finishReason?: unknown;
  /** Rebuilt from legacy `delta.function_call` fragments (a `functions=` request): a message's `function_call`. */
  legacy?: true;
}

/** The tool calls of a chat stream, and the choices that had any (alternatives when more than one). */
export interface ChatStream {
  /** Rebuilt entries, in the order their first fragments came. */
  calls: StreamedToolCall[];
  /** Choice indexes that streamed tool calls, ascending. */
  choices: number[];
  /** The text each completion's choices streamed (`delta.content` joined), in the order they began. */
  texts: { choice: number; text: string; path: string }[];
}

interface ChatHead {
  scope: ChoiceScope;
  entry: Record<string, unknown>;
  legacy?: true;
}

/** One choice of one completion: where its fragments are keyed, and the keys it opened. */
interface ChoiceScope {
  /** `completion id/choice index`, the prefix of its keys. */
  name: string;
  /** Ordinal of the completion in the recording (a recording may hold several turns). */
  completion: number;
  /** The choice index. */
  choice: number;
  /** Keys opened, in order: closed at its finish_reason, and the last one continued by index-less fragments. */
  keys: string[];
  /** The choice's `finish_reason`, once a chunk gave one. */
  finishReason?: string;
}

/** Joins the `tool_calls` fragments of a chat stream; `pathOf` names a chunk in warnings (`$[i]` for a list). */
export function reassembleChatChunks(
  chunks: unknown[],
  context: ParseContext,
  pathOf = (index: number): string => childPath('$', index),
): ChatStream {
  const assembly = new StreamAssembly<ChatHead>(context);
  const scopes = new Map<string, ChoiceScope>();
  /** Completion ids in the order they first came. */
  const completions = new Map<string, number>();
  const texts = new Map<string, ChatStream['texts'][number]>();
  chunks.forEach((chunk, i) => {
    const path = pathOf(i);
    if (chunk === DONE) return assembly.closeAll();
    if (!isObject(chunk) || !isChatChunk(chunk))
      return context.warn(path, `skipped ${describeType(chunk)}: expected a chat.completion.chunk`);
    const completion = typeof chunk.id === 'string' ? chunk.id : '';
    if (!completions.has(completion)) completions.set(completion, completions.size);
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    choices.forEach((choice: unknown, c) => {
      if (!isObject(choice)) return;
      const index = typeof choice.index === 'number' ? choice.index : c;
      const name = `${completion}/${index}`;
      const scope = scopes.get(name) ?? { name, completion: completions.get(completion)!, choice: index, keys: [] };
      scopes.set(name, scope);
      const content = isObject(choice.delta) ? choice.delta.content : undefined;
      if (typeof content === 'string' && content !== '') {
        const text = texts.get(name) ?? { choice: index, text: '', path };
        texts.set(name, text);
        text.text += content;
      }
      const fragments = isObject(choice.delta) ? choice.delta.tool_calls : undefined;
      if (Array.isArray(fragments)) {
        fragments.forEach((fragment: unknown, t) => {
          const fragmentPath = childPath(
            childPath(childPath(childPath(childPath(path, 'choices'), c), 'delta'), 'tool_calls'),
            t,
          );
          if (!isObject(fragment))
            return context.warn(fragmentPath, `skipped ${describeType(fragment)}: expected a tool call fragment`);
          readFragment(fragment, fragmentPath, scope, assembly);
        });
      }
      const legacy = isObject(choice.delta) ? choice.delta.function_call : undefined;
      if (isObject(legacy))
        readLegacyFragment(
          legacy,
          childPath(childPath(childPath(childPath(path, 'choices'), c), 'delta'), 'function_call'),
          scope,
          assembly,
        );
      // The choice is over: its calls are complete.
      if (typeof choice.finish_reason === 'string') {
        scope.finishReason = choice.finish_reason;
        for (const key of scope.keys) assembly.close(key);
      }
    });
  });
  const units = assembly.finish();
  const calls = units.map((unit, u): StreamedToolCall => {
    const fn = isObject(unit.head.entry.function) ? unit.head.entry.function : undefined;
    const entry = fn
      ? { ...unit.head.entry, function: { ...fn, arguments: joinedArguments(unit, '') } }
      : unit.head.entry;
    const { scope } = unit.head;
    const call: StreamedToolCall = { entry, path: unit.path, choice: scope.choice };
    if (unit.head.legacy) call.legacy = true;
    // Units come by rank (completion, choice, index): the last of its scope is the last one before another scope.
    if (units[u + 1]?.head.scope !== scope) call.finishReason = scope.finishReason;
    return call;
  });
  return {
    calls,
    choices: [...new Set(calls.map((call) => call.choice))].sort((a, b) => a - b),
    texts: [...texts.values()],
  };
}

/**
 * One `tool_calls` fragment. Keyed by its `index`; a provider that sends none is keyed by `id`, and a
 * fragment with neither continues the choice's latest call. Like the OpenAI SDK, a non-empty `id`,
 * `type` or `function.name` sets the field, `function.arguments` is appended.
 */
function readFragment(
  fragment: Record<string, unknown>,
  path: string,
  scope: ChoiceScope,
  assembly: StreamAssembly<ChatHead>,
): void {
  const id = typeof fragment.id === 'string' && fragment.id !== '' ? fragment.id : undefined;
  const index = typeof fragment.index === 'number' ? fragment.index : undefined;
  const key =
    index !== undefined
      ? `${scope.name}/#${index}`
      : id !== undefined
        ? `${scope.name}/id:${id}`
        : (scope.keys.at(-1) ?? `${scope.name}/#0`);
  let unit = assembly.find(key);
  if (!unit) {
    unit = assembly.start(key, { scope, entry: {} }, path, [
      scope.completion,
      scope.choice,
      index ?? scope.keys.length,
    ]);
    scope.keys.push(key);
  }
  const entry = unit.head.entry;
  if (id !== undefined) entry.id = id;
  if (typeof fragment.type === 'string' && fragment.type !== '') entry.type = fragment.type;
  const fn = fragment.function;
  if (!isObject(fn)) return;
  const known = isObject(entry.function) ? entry.function : (entry.function = {});
  if (typeof fn.name === 'string' && fn.name !== '') known.name = fn.name;
  if (typeof fn.arguments === 'string') assembly.append(key, fn.arguments, path);
}

/**
 * One legacy `delta.function_call` fragment: a choice streams at most one such call, so every fragment
 * of the choice continues it (the first names it, later ones append to its arguments).
 */
function readLegacyFragment(
  fragment: Record<string, unknown>,
  path: string,
  scope: ChoiceScope,
  assembly: StreamAssembly<ChatHead>,
): void {
  const key = `${scope.name}/function_call`;
  let unit = assembly.find(key);
  if (!unit) {
    unit = assembly.start(key, { scope, entry: { function: {} }, legacy: true }, path, [
      scope.completion,
      scope.choice,
      scope.keys.length,
    ]);
    scope.keys.push(key);
  }
  const fn = unit.head.entry.function as Record<string, unknown>;
  if (typeof fragment.name === 'string' && fragment.name !== '') fn.name = fragment.name;
  if (typeof fragment.arguments === 'string') assembly.append(key, fragment.arguments, path);
}

// ---- Responses API ---------------------------------------------------------------------------

/** An output item rebuilt from events, or one of a whole response's `output` items. */
interface StreamedItem {
  /** The item as the non-streamed response's `output` would hold it. */
  item: unknown;
  /** JSON path of the event that opened it (or of the item inside the whole response). */
  path: string;
  /** The response's `incomplete_details.reason`, on its last item (the one a token limit cuts). */
  incompleteReason?: unknown;
}

/** The output items of a Responses API stream, or the API error it reported. */
export interface ResponsesStream {
  /** Output items of every response of the stream, in order. */
  items: StreamedItem[];
  /** The first API error the stream reported (an `error` event or a failed response), with its path. */
  error?: { path: string; error: Record<string, unknown> };
}

/** Item types whose arguments stream in fragments, and the field that holds them. */
const ARGUMENT_FIELD: ReadonlyMap<unknown, string> = new Map([
  ['function_call', 'arguments'],
  ['mcp_call', 'arguments'],
  ['custom_tool_call', 'input'],
]);

/** Delta and done events, by type, with the field of the done event that holds the complete arguments. */
const DELTA_EVENTS = new Set([
  'response.function_call_arguments.delta',
  'response.mcp_call_arguments.delta',
  'response.custom_tool_call_input.delta',
]);
const DONE_EVENTS: ReadonlyMap<string, string> = new Map([
  ['response.function_call_arguments.done', 'arguments'],
  ['response.mcp_call_arguments.done', 'arguments'],
  ['response.custom_tool_call_input.done', 'input'],
]);
const FINAL_EVENTS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** One response of the stream: rebuilt from its events, unless a final event carried it whole. */
interface ResponseState {
  assembly: StreamAssembly<Record<string, unknown>>;
  whole?: { output: unknown[]; path: string };
  /** `incomplete_details.reason` of the final response (`max_output_tokens`, `content_filter`). */
  incompleteReason?: unknown;
}

/** Rebuilds the output items of a Responses API event stream. */
export function reassembleResponsesEvents(events: unknown[], context: ParseContext): ResponsesStream {
  const responses: ResponseState[] = [];
  const open = (): ResponseState => {
    const state: ResponseState = { assembly: new StreamAssembly(context) };
    responses.push(state);
    return state;
  };
  const current = (): ResponseState => responses.at(-1) ?? open();
  let error: ResponsesStream['error'];
  events.forEach((event, i) => {
    const path = childPath('$', i);
    if (!isResponsesEvent(event))
      return context.warn(path, `skipped ${describeType(event)}: expected a Responses API stream event`);
    const { assembly } = event.type === 'response.created' ? open() : current();
    // textOf, not String(): a damaged id may be an object whose toString is not a function.
    const key = textOf(event.output_index ?? event.item_id ?? (isObject(event.item) ? event.item.id : ''));
    const rank = [typeof event.output_index === 'number' ? event.output_index : 0];
    const itemPath = childPath(path, 'item');
    if (event.type === 'response.output_item.added') {
      // Only calls are rebuilt; other items (messages, hosted tools) are read from their done event.
      if (isObject(event.item) && ARGUMENT_FIELD.has(event.item.type))
        assembly.start(key, { ...event.item }, itemPath, rank);
    } else if (DELTA_EVENTS.has(event.type)) {
      if (typeof event.delta === 'string') assembly.append(key, event.delta, path);
    } else if (DONE_EVENTS.has(event.type)) {
      const unit = assembly.find(key);
      const full = event[DONE_EVENTS.get(event.type)!];
      if (unit && typeof full === 'string')
        assembly.complete(key, { ...unit.head, [ARGUMENT_FIELD.get(unit.head.type)!]: full }, unit.path, unit.rank);
    } else if (event.type === 'response.output_item.done') {
      if (isObject(event.item)) assembly.complete(key, event.item, itemPath, rank);
    } else if (FINAL_EVENTS.has(event.type) && isObject(event.response)) {
      assembly.closeAll();
      const response = event.response;
      if (isObject(response.incomplete_details)) current().incompleteReason = response.incomplete_details.reason;
      if (Array.isArray(response.output))
        current().whole = { output: response.output, path: childPath(childPath(path, 'response'), 'output') };
      if (isObject(response.error))
        error ??= { path: childPath(childPath(path, 'response'), 'error'), error: response.error };
    } else if (event.type === 'error') {
      error ??= isObject(event.error) ? { path: childPath(path, 'error'), error: event.error } : { path, error: event };
    }
  });
  const items = responses.flatMap((state): StreamedItem[] => {
    const rebuilt: StreamedItem[] = state.whole
      ? state.whole.output.map((item, k) => ({ item, path: childPath(state.whole!.path, k) }))
      : state.assembly.finish().map((unit) => {
          const field = ARGUMENT_FIELD.get(unit.head.type);
          return {
            item: field ? { ...unit.head, [field]: joinedArguments(unit, unit.head[field]) } : unit.head,
            path: unit.path,
          };
        });
    const last = rebuilt[rebuilt.length - 1];
    if (last && state.incompleteReason !== undefined) last.incompleteReason = state.incompleteReason;
    return rebuilt;
  });
  return error ? { items, error } : { items };
}
