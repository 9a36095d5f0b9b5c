import { ToolscoreInputError, childPath } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { type FromOptions, describeKeys, readContent, readInMemory } from '../support/call-collector.js';
import { isObject } from '../../core/objects.js';
import { TurnCounter } from '../support/turns.js';
import { toActualCall } from '../support/calls.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * OpenHands trajectories: the event list an OpenHands run saves (a list, or `{"history": [...]}` as in
 * its evaluation outputs, or `{"trajectory": [...]}`), each event an action (`action`) or an
 * observation (`observation`). An action with `tool_call_metadata` came from a tool call: its tool is
 * `function_name`, its arguments the model response's tool call with that `tool_call_id` (the action's
 * own `args` when the response is not kept). The observation whose `cause` is the action's `id` (or
 * with the same `tool_call_id`) is its result; an `ErrorObservation` (`observation: "error"`) fails it,
 * and so do an observation OpenHands saved with `success: false` (a command's non-zero exit; its
 * `message` names the exit code) and a result starting `ERROR:` and a line break: OpenHands' file editor
 * (`str_replace_editor`) reports its errors that way in a read or edit observation. An `ErrorObservation` answering no action
 * is a tool call OpenHands refused before running it (an unknown tool, an invalid argument): the call
 * itself is not recorded, so it is said in a warning. Actions without `tool_call_metadata` (user
 * messages, state changes) are no calls.
 */
export const openHandsFormat: TraceFormat = {
  name: 'openhands',
  marks: ['tool_call_metadata', 'observation', 'action', 'cause', 'function_name'],
  looksFor: 'an OpenHands event list ([{"action"} / {"observation"}], or {"history": [...]}) with tool_call_metadata',
  detect: (data) => eventsOf(data) !== undefined,
  description: 'OpenHands trajectories: actions with tool_call_metadata, their observations as results',
  recordsReplies: true,
  parse(data, context) {
    const events = eventsOf(data);
    if (events === undefined) throw notEvents(data, context.source);
    return readEvents(events.list, events.path, context);
  },
};

type OpenHandsEvent = Record<string, unknown>;

/** An event is an action or an observation, never both (a SWE-agent step has both). */
function isEvent(item: unknown): item is OpenHandsEvent {
  return isObject(item) && (typeof item.action === 'string') !== (typeof item.observation === 'string');
}

/** The event list: every item an event, and at least one action from a tool call (else nothing OpenHands-only). */
function eventsOf(data: unknown): { list: readonly OpenHandsEvent[]; path: string } | undefined {
  const [list, path] = Array.isArray(data)
    ? [data, '$']
    : isObject(data) && Array.isArray(data.history)
      ? [data.history, '$.history']
      : isObject(data) && Array.isArray(data.trajectory)
        ? [data.trajectory, '$.trajectory']
        : [undefined, '$'];
  if (list === undefined || !list.every(isEvent)) return undefined;
  if (!list.some((event) => typeof event.action === 'string' && isObject(event.tool_call_metadata))) return undefined;
  return { list, path };
}

function notEvents(data: unknown, source: string): ToolscoreInputError {
  const [list, path] = Array.isArray(data)
    ? [data, '$']
    : isObject(data) && Array.isArray(data.history)
      ? [data.history, '$.history']
      : [[], '$'];
  const bad = list.findIndex((item: unknown) => !isEvent(item));
  // An evaluation output.jsonl: one run a line, each {"instance_id", "history": [...]}.
  if (bad >= 0 && path === '$' && list.every((item: unknown) => isObject(item) && Array.isArray(item.history)))
    return new ToolscoreInputError(
      { source, path: '$' },
      `expected one OpenHands run, got ${list.length} (an evaluation output, one {"history": [...]} a line); read each run on its own`,
    );
  if (bad >= 0)
    return new ToolscoreInputError(
      { source, path: childPath(path, bad) },
      `expected an OpenHands event (an "action" or an "observation"), got ${describeKeys(list[bad])}`,
    );
  return new ToolscoreInputError(
    { source, path: '$' },
    `expected an OpenHands event list with an action carrying tool_call_metadata, got ${describeKeys(data)}`,
  );
}

/** Calls from an OpenHands event list held in memory. */
export function fromOpenHands(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(openHandsFormat, value, options);
}

/** The model's tool call with this id in the kept model response, if any. */
function modelToolCall(metadata: Record<string, unknown>, id: unknown): Record<string, unknown> | undefined {
  const response = metadata.model_response;
  if (!isObject(response) || !Array.isArray(response.choices)) return undefined;
  for (const choice of response.choices) {
    const message = isObject(choice) ? choice.message : undefined;
    if (!isObject(message) || !Array.isArray(message.tool_calls)) continue;
    const found = message.tool_calls.find((call: unknown) => isObject(call) && call.id === id);
    if (isObject(found) && isObject(found.function)) return found.function;
  }
  return undefined;
}

/** How OpenHands' file editor reports an error in its observation's content. */
const EDITOR_ERROR = /^ERROR:\r?\n/;

function readEvents(list: readonly OpenHandsEvent[], path: string, context: ParseContext): ToolCall[] {
  const calls: Record<string, unknown>[] = [];
  const paths: string[] = [];
  const byEventId = new Map<unknown, Record<string, unknown>>();
  const byToolCallId = new Map<unknown, Record<string, unknown>>();
  const answered = new Set<Record<string, unknown>>();
  let firstRefused: string | undefined;
  let refused = 0;
  const turns = new TurnCounter(context);
  const callTurns: number[] = [];
  list.forEach((event, i) => {
    const eventPath = childPath(path, i);
    const metadata = event.tool_call_metadata;
    if (typeof event.action === 'string') {
      if (event.action === 'message' && event.source === 'user') return turns.user(eventPath, userMessageText(event));
      // What the agent tells the user: its messages; an action's thought, the text of the model message
      // that made its call; and the finish tool's message (final_thought), its last word.
      if (event.action === 'message' && event.source === 'agent')
        return turns.assistant(eventPath, userMessageText(event));
      if (event.source !== 'user' && isObject(event.args)) {
        if (typeof event.args.thought === 'string') turns.assistant(eventPath, event.args.thought);
        if (event.action === 'finish' && typeof event.args.final_thought === 'string')
          turns.assistant(eventPath, event.args.final_thought);
      }
      if (!isObject(metadata)) return;
      const tool = metadata.function_name;
      if (typeof tool !== 'string' || tool.trim() === '')
        return context.warn(eventPath, 'skipped an action whose tool_call_metadata has no function_name');
      const modelCall = modelToolCall(metadata, metadata.tool_call_id);
      const args =
        modelCall !== undefined
          ? readArguments(modelCall.arguments, childPath(eventPath, 'tool_call_metadata'), context)
          : readArguments(event.args, childPath(eventPath, 'args'), context);
      const call: Record<string, unknown> = { tool, args: args ?? {} };
      if (typeof metadata.tool_call_id === 'string') call.id = metadata.tool_call_id;
      calls.push(call);
      paths.push(eventPath);
      callTurns.push(turns.current);
      if (event.id !== undefined) byEventId.set(event.id, call);
      if (typeof metadata.tool_call_id === 'string') byToolCallId.set(metadata.tool_call_id, call);
      return;
    }
    const call =
      (event.cause !== undefined ? byEventId.get(event.cause) : undefined) ??
      (isObject(metadata) ? byToolCallId.get(metadata.tool_call_id) : undefined);
    if (call === undefined && event.observation === 'error' && event.cause === undefined) {
      if (refused++ === 0) firstRefused = eventPath;
      return;
    }
    if (call === undefined || answered.has(call)) return; // an observation of no tool call (a message, a state change)
    answered.add(call);
    const result = readContent(event.content);
    if (result !== undefined) call.result = result;
    if (event.observation === 'error')
      call.error = typeof event.content === 'string' && event.content !== '' ? event.content : 'ErrorObservation';
    else if (event.success === false)
      call.error = typeof event.message === 'string' && event.message !== '' ? event.message : 'success: false';
    else if (typeof event.content === 'string' && EDITOR_ERROR.test(event.content))
      call.error = event.content.replace(EDITOR_ERROR, '').trim() || 'ERROR';
  });
  if (refused > 0)
    context.warn(
      firstRefused!,
      `${refused} ErrorObservation${refused === 1 ? '' : 's'} answering no action not read (a tool call OpenHands refused before running it; the call is not recorded)`,
    );
  return turns.finish(calls.map((call, i) => turns.mark(toActualCall(call, paths[i]!, context.source), callTurns[i])));
}

/** What a user's `message` action says: its `args.content`, else its `message`. */
/** A `message` action's text (`args.content`, else its `message`), the user's or the agent's. */
function userMessageText(event: OpenHandsEvent): string {
  if (isObject(event.args) && typeof event.args.content === 'string') return event.args.content;
  return typeof event.message === 'string' ? event.message : '';
}
