import { ToolscoreInputError, childPath } from '../../core/errors.js';
import { isObject } from '../../core/objects.js';
import { assistantText, userText } from '../support/turns.js';
import { readArguments } from '../support/arguments.js';
import { CallCollector, type Outcome, describeKeys, readContent } from '../support/call-collector.js';
import type { ParseContext, TraceFormat, TraceRun } from '../types.js';

/**
 * UK AISI Inspect AI eval logs, in their JSON form (`inspect eval --log-format json`; `.eval` files
 * are zip archives and are not read): `{version, status, eval, plan, results, stats, samples}`, each
 * sample's `messages` the conversation it ended with. Assistant messages carry `tool_calls`
 * (`{id, function, arguments}`, `function` the tool's name), tool messages `tool_call_id`, `function`,
 * `content` and, for a failed call, `error: {type, message}`. The sample `events` repeat the same
 * calls as `tool` events (`{event: "tool", id, function, arguments, result, error}`); they are read
 * only for what the messages lack: the error of a call whose tool message has none, the outcome of a
 * call no tool message answers, and the calls of a sample whose messages hold none. Several samples
 * (or epochs) are read one after the other as one trace, with a warning naming them; `inspectSamples`
 * lists them, one run each.
 */
export const inspectFormat: TraceFormat = {
  name: 'inspect',
  marks: ['eval', 'plan', 'samples', 'epoch', 'tool_call_id', 'function'],
  looksFor: 'an Inspect AI eval log ({"eval": {...}, "samples": [{"id", "epoch", "messages"}]})',
  detect: (data) => samplesOf(data) !== undefined,
  runs: { keys: ['samples'], split: sampleRuns },
  description: 'UK AISI Inspect AI JSON eval log: samples[].messages with tool_calls and tool messages',
  recordsReplies: true,
  parse(data, context) {
    const samples = samplesOf(data);
    if (samples === undefined) throw notALog(data, context.source);
    // Each sample is its own conversation: the turns of one are read, several are one turn.
    const turns = samples.length === 1;
    const collector = new CallCollector(context, 'inspect');
    samples.forEach((sample, i) => readSample(sample, childPath('$.samples', i), collector, context, turns));
    return collector.finish();
  },
};

/**
 * The runs of an Inspect log, one per sample and epoch, each named as the log names it (`a`, or
 * `a epoch 2`) and read alone as the log with that one sample.
 */
function sampleRuns(data: unknown): TraceRun[] | undefined {
  return samplesOf(data)?.map((sample) => ({
    id: sampleName(sample),
    data: { ...(data as Record<string, unknown>), samples: [sample] },
  }));
}

/** A sample of a log: its id, epoch, messages and (optionally) events. */
type InspectSample = Record<string, unknown> & { messages: unknown[] };

function isSample(value: unknown): value is InspectSample {
  return isObject(value) && Array.isArray(value.messages) && 'epoch' in value;
}

/** The samples of a log that records them (every one with its messages), else undefined. */
function samplesOf(data: unknown): readonly InspectSample[] | undefined {
  if (!isObject(data) || !isObject(data.eval) || !Array.isArray(data.samples) || data.samples.length === 0)
    return undefined;
  return data.samples.every(isSample) ? data.samples : undefined;
}

/** A sample as the log names it: its id, and its epoch after the first. */
function sampleName(sample: InspectSample): string {
  const id = typeof sample.id === 'string' ? sample.id : JSON.stringify(sample.id ?? null);
  if (sample.epoch === 1 || sample.epoch === undefined) return id;
  // A damaged epoch (an object) has no string form of its own: its JSON names it.
  return `${id} epoch ${typeof sample.epoch === 'number' || typeof sample.epoch === 'string' ? String(sample.epoch) : JSON.stringify(sample.epoch)}`;
}

function notALog(data: unknown, source: string): ToolscoreInputError {
  if (isObject(data) && isObject(data.eval)) {
    if (!Array.isArray(data.samples) || data.samples.length === 0)
      return new ToolscoreInputError(
        { source, path: '$' },
        `this Inspect log records no samples (was it written with --no-log-samples, or is the run unfinished?)`,
      );
    const bad = data.samples.findIndex((sample: unknown) => !isSample(sample));
    return new ToolscoreInputError(
      { source, path: childPath('$.samples', bad) },
      `expected an Inspect sample ({"id", "epoch", "messages": [...]}), got ${describeKeys(data.samples[bad])}`,
    );
  }
  return new ToolscoreInputError(
    { source, path: '$' },
    `expected an Inspect AI eval log ({"eval": {...}, "samples": [...]}), got ${describeKeys(data)}`,
  );
}

/** A top-level `tool` event of a sample, with where it is. */
interface ToolEvent {
  event: Record<string, unknown>;
  path: string;
}

function isUserMessage(message: unknown): message is Record<string, unknown> {
  return isObject(message) && message.role === 'user';
}

/** One sample: its messages' calls and results (and user turns, if `turns`), then what only its tool events record. */
function readSample(
  sample: InspectSample,
  path: string,
  collector: CallCollector,
  context: ParseContext,
  turns: boolean,
): void {
  const events = toolEvents(sample.events, childPath(path, 'events'));
  const callIds: string[] = [];
  const answered = new Set<string>();
  sample.messages.forEach((message, j) => {
    const messagePath = childPath(childPath(path, 'messages'), j);
    if (!isObject(message)) return context.unrecognised(messagePath, `a message that is ${describeKeys(message)}`);
    if (message.role === 'assistant') {
      collector.turns.assistant(messagePath, assistantText(message.content));
      return readToolCalls(message.tool_calls, messagePath, collector, context, callIds);
    }
    if (message.role === 'tool') {
      if (typeof message.tool_call_id === 'string') answered.add(message.tool_call_id);
      return readToolMessage(message, messagePath, collector, events);
    }
    if (turns && isUserMessage(message)) collector.turns.user(messagePath, userText(message.content));
    if (message.role !== 'system' && message.role !== 'user')
      context.unrecognised(messagePath, `a message with role ${JSON.stringify(message.role)}`);
  });
  // A call the messages leave unanswered (the sample stopped at a limit) may still have its tool event.
  for (const id of callIds) {
    const event = answered.has(id) ? undefined : events.get(id);
    if (event !== undefined) collector.addResult({ id }, eventOutcome(event.event), event.path);
  }
  readUnmatchedEvents(events, new Set(callIds), collector, context);
}

/**
 * Tool events whose call no message holds. When the messages hold no call at all (a sample whose
 * messages were not kept), the events are the calls, with a warning; otherwise they are another
 * agent's calls (an agent run as a tool records its calls only as events) and are left out, counted
 * in one warning.
 */
function readUnmatchedEvents(
  events: ReadonlyMap<string, ToolEvent>,
  callIds: ReadonlySet<string>,
  collector: CallCollector,
  context: ParseContext,
): void {
  const unmatched = [...events.values()].filter(({ event }) => !callIds.has(event.id as string));
  if (unmatched.length === 0) return;
  const count = unmatched.length === 1 ? 'a tool event' : `${unmatched.length} tool events`;
  if (callIds.size > 0)
    return context.warn(
      unmatched[0]!.path,
      `left out ${count} whose call no message holds (calls of an agent run as a tool?)`,
    );
  context.warn(unmatched[0]!.path, `the messages hold no tool call; read the calls of ${count}`);
  for (const { event, path } of unmatched) {
    collector.add(event.function, readArguments(event.arguments, path, context, 'arguments') ?? {}, path, {
      id: event.id,
    });
    collector.addResult({ id: event.id }, eventOutcome(event), path);
  }
}

/** The `tool` events of a sample's top-level events, by call id. */
function toolEvents(events: unknown, path: string): Map<string, ToolEvent> {
  const byId = new Map<string, ToolEvent>();
  if (!Array.isArray(events)) return byId;
  events.forEach((event, i) => {
    if (isObject(event) && event.event === 'tool' && typeof event.id === 'string' && !byId.has(event.id))
      byId.set(event.id, { event, path: childPath(path, i) });
  });
  return byId;
}

function readToolCalls(
  toolCalls: unknown,
  messagePath: string,
  collector: CallCollector,
  context: ParseContext,
  callIds: string[],
): void {
  if (toolCalls === undefined || toolCalls === null) return;
  const path = childPath(messagePath, 'tool_calls');
  if (!Array.isArray(toolCalls)) return collector.markUnreadable(path, 'tool_calls that are not a list');
  toolCalls.forEach((call, k) => {
    const callPath = childPath(path, k);
    if (!isObject(call)) return collector.markUnreadable(callPath, `a tool call that is ${describeKeys(call)}`);
    if (typeof call.id === 'string') callIds.push(call.id);
    collector.add(call.function, readArguments(call.arguments, callPath, context, 'arguments') ?? {}, callPath, {
      id: call.id,
    });
  });
}

/** A tool message's outcome; its error, else the error its tool event records. */
function readToolMessage(
  message: Record<string, unknown>,
  path: string,
  collector: CallCollector,
  events: ReadonlyMap<string, ToolEvent>,
): void {
  const result = readContent(message.content);
  const error = isObject(message.error)
    ? message.error
    : typeof message.tool_call_id === 'string'
      ? events.get(message.tool_call_id)?.event.error
      : undefined;
  const outcome = isObject(error) ? { result, failed: true, error: errorMessage(error) } : { result };
  collector.addResult({ id: message.tool_call_id, name: message.function }, outcome, path);
}

/** A tool event's outcome: its `result` (text or content list) and its `error`. */
function eventOutcome(event: Record<string, unknown>): Outcome {
  const result = readContent(event.result);
  return isObject(event.error) ? { result, failed: true, error: errorMessage(event.error) } : { result };
}

/** An Inspect `ToolCallError`'s text: its message, else its type (`timeout`, `permission`, ...). */
function errorMessage(error: Record<string, unknown>): string {
  if (typeof error.message === 'string' && error.message !== '') return error.message;
  return typeof error.type === 'string' ? error.type : 'the tool call failed';
}
