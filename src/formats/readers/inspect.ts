import { ToolscoreInputError, childPath } from '../../core/errors.js';
import { isObject } from '../../core/objects.js';
import { readArguments } from '../support/arguments.js';
import { CallCollector, describeKeys, readContent } from '../support/call-collector.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * UK AISI Inspect AI eval logs, in their JSON form (`inspect eval --log-format json`; `.eval` files
 * are zip archives and are not read): `{version, status, eval, plan, results, stats, samples}`, each
 * sample's `messages` the conversation it ended with. Assistant messages carry `tool_calls`
 * (`{id, function, arguments}`, `function` the tool's name), tool messages `tool_call_id`, `function`,
 * `content` and, for a failed call, `error: {type, message}`. The sample `events` repeat the same
 * calls and are not read. Several samples (or epochs) are read one after the other as one trace,
 * with a warning naming them.
 */
export const inspectFormat: TraceFormat = {
  name: 'inspect',
  marks: ['eval', 'plan', 'samples', 'epoch', 'tool_call_id', 'function'],
  looksFor: 'an Inspect AI eval log ({"eval": {...}, "samples": [{"id", "epoch", "messages"}]})',
  detect: (data) => samplesOf(data) !== undefined,
  description: 'UK AISI Inspect AI JSON eval log: samples[].messages with tool_calls and tool messages',
  parse(data, context) {
    const samples = samplesOf(data);
    if (samples === undefined) throw notALog(data, context.source);
    if (samples.length > 1)
      context.warn(
        '$.samples',
        `read ${samples.length} samples (${samples.map(sampleName).join(', ')}) one after the other as one trace`,
      );
    const collector = new CallCollector(context, 'inspect');
    samples.forEach((sample, i) =>
      readMessages(sample.messages, childPath(childPath('$.samples', i), 'messages'), collector, context),
    );
    return collector.finish();
  },
};

type Sample = Record<string, unknown> & { messages: unknown[] };

function isSample(value: unknown): value is Sample {
  return isObject(value) && Array.isArray(value.messages) && 'epoch' in value;
}

/** The samples of a log that records them (every one with its messages), else undefined. */
function samplesOf(data: unknown): readonly Sample[] | undefined {
  if (!isObject(data) || !isObject(data.eval) || !Array.isArray(data.samples) || data.samples.length === 0)
    return undefined;
  return data.samples.every(isSample) ? data.samples : undefined;
}

/** A sample as the log names it: its id, and its epoch when the log ran more than one. */
function sampleName(sample: Sample): string {
  const id = JSON.stringify(sample.id ?? null);
  return sample.epoch === 1 || sample.epoch === undefined ? id : `${id} epoch ${String(sample.epoch)}`;
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

function readMessages(
  messages: readonly unknown[],
  path: string,
  collector: CallCollector,
  context: ParseContext,
): void {
  messages.forEach((message, j) => {
    const messagePath = childPath(path, j);
    if (!isObject(message)) return context.unrecognised(messagePath, `a message that is ${describeKeys(message)}`);
    if (message.role === 'assistant') return readToolCalls(message.tool_calls, messagePath, collector, context);
    if (message.role === 'tool') return readToolMessage(message, messagePath, collector);
    if (message.role !== 'system' && message.role !== 'user')
      context.unrecognised(messagePath, `a message with role ${JSON.stringify(message.role)}`);
  });
}

function readToolCalls(toolCalls: unknown, messagePath: string, collector: CallCollector, context: ParseContext): void {
  if (toolCalls === undefined || toolCalls === null) return;
  const path = childPath(messagePath, 'tool_calls');
  if (!Array.isArray(toolCalls)) return collector.markUnreadable(path, 'tool_calls that are not a list');
  toolCalls.forEach((call, k) => {
    const callPath = childPath(path, k);
    if (!isObject(call)) return collector.markUnreadable(callPath, `a tool call that is ${describeKeys(call)}`);
    collector.add(call.function, readArguments(call.arguments, callPath, context, 'arguments') ?? {}, callPath, {
      id: call.id,
    });
  });
}

function readToolMessage(message: Record<string, unknown>, path: string, collector: CallCollector): void {
  const result = readContent(message.content);
  const error = message.error;
  const outcome = isObject(error) ? { result, failed: true, error: errorMessage(error) } : { result };
  collector.addResult({ id: message.tool_call_id, name: message.function }, outcome, path);
}

/** An Inspect `ToolCallError`'s text: its message, else its type (`timeout`, `permission`, ...). */
function errorMessage(error: Record<string, unknown>): string {
  if (typeof error.message === 'string' && error.message !== '') return error.message;
  return typeof error.type === 'string' ? error.type : 'the tool call failed';
}
