import { isCallList, toActualCalls } from './calls.js';
import { describeKeys, isObject, isRoleMessage } from './call-collector.js';
import type { ToolCall } from '../core/types.js';
import { detectFormat, formatMismatchError, formatNamed, marksOf, undetectedFormatError } from './registry.js';
import { collectingContext, type TraceFormat, type UnrecognisedItems } from './types.js';

/** Calls read from some input, with the format used and any warnings. */
export interface ExtractedCalls {
  calls: ToolCall[];
  /** The format that read them (`calls` for an in-memory call list). */
  format: string;
  warnings: string[];
}

/**
 * Turns a call list or a raw response into calls: a list of `{tool, ...}` objects is taken as is,
 * anything else is recognised by its whole structure and read by the matching adapter. Input that
 * matches no format is an error naming the nearest format, never a silent "no calls".
 */
export function autoExtract(actual: unknown, source = 'actual'): ExtractedCalls {
  if (isCallList(actual)) return { calls: toActualCalls(actual, source), format: 'calls', warnings: [] };
  return readWithFormat(actual, 'auto', source);
}

/** Reads parsed data with a named format (`auto` detects it). */
export function readWithFormat(data: unknown, format: string, source: string): ExtractedCalls {
  const name = format === 'auto' ? detectFormat(data) : format;
  if (name === undefined) throw undetectedFormatError({ source, path: '$' }, data);
  const adapter = formatNamed(name);
  const warnings: string[] = [];
  const passedOver: UnrecognisedItems = { count: 0 };
  const calls = adapter.parse(data, collectingContext(source, warnings, passedOver));
  if (calls.length === 0) {
    const reading: ZeroReading = { adapter, explicit: format !== 'auto', source, passedOver, warnings };
    checkZeroCalls(reading, [data], describeKeys(data), () => callMarkIn(data));
  }
  return { calls, format: name, warnings };
}

/** Kinds and keys that only a tool call or a tool result carries, in any format this package knows. */
const CALL_MARKS = [
  'tool_calls',
  'tool_call',
  'toolCalls',
  'toolCall',
  'tool_use',
  'toolUse',
  'tool-call',
  'function_call',
  'functionCall',
  'tool_call_id',
  'tool_use_id',
  'toolCallId',
  'tool_result',
  'toolResult',
  'tool-return',
  'functionResponse',
  'function_response',
];

/** The first call mark in data (bounded scan), or undefined. */
export function callMarkIn(data: unknown): string | undefined {
  const marks = marksOf(data);
  return CALL_MARKS.find((mark) => marks.has(mark));
}

/** A reading that ended with no call. */
export interface ZeroReading {
  adapter: TraceFormat;
  /** Whether the format was named (`-f`), not detected. */
  explicit: boolean;
  source: string;
  /** What the reader passed over without knowing it. */
  passedOver: UnrecognisedItems;
  warnings: string[];
}

/** What every "found no tool calls it could use" warning says, so the console can tell it from the rest. */
const NOTHING_READ = 'found no tool calls it could use';

/** Whether a warning says the reader found nothing it could use (the agent is not to blame for the zero). */
export function isNothingReadWarning(warning: string): boolean {
  return warning.includes(NOTHING_READ);
}

/**
 * The one rule against a silent "0 calls": a named format that does not recognise non-empty data is an
 * error; a reading that passed over unknown items, or whose data holds call marks, gets a warning. A
 * chat with no tool call in it stays a zero without either. `samples` are what `detect` is asked
 * about, in turn (the data; for JSON Lines the first lines as a list, then the first line).
 */
export function checkZeroCalls(
  reading: ZeroReading,
  samples: readonly unknown[],
  what: string,
  findMark: () => string | undefined,
  where: { path?: string; line?: number } = { path: '$' },
): void {
  if (isEmptyInput(samples[0])) return;
  const { adapter, source } = reading;
  if (reading.explicit && !samples.some((sample) => adapter.detect(sample) || isPlainChat(sample)))
    throw formatMismatchError(adapter, { source, ...where }, samples, what);
  const first = reading.passedOver.first;
  const mark = first === undefined ? findMark() : undefined;
  if (first === undefined && mark === undefined) return;
  const because =
    first !== undefined
      ? `it passed over ${first.what}${reading.passedOver.count > 1 ? ` and ${reading.passedOver.count - 1} more item(s) it does not know` : ''}`
      : `the input holds "${mark}" entries`;
  const at = first?.path ?? where.path;
  reading.warnings.push(
    `${source}${at ? ` at ${at}` : ''}: read as ${adapter.name} but ${NOTHING_READ}, though ${because}; check the format (--format) before reading the score`,
  );
}

/**
 * A chat with no tool call in it (a `{role, ...}` message, a list of them, or `{messages}` / `{contents}`
 * of them, with no call mark): every chat format may read it, and none finds a call there.
 */
function isPlainChat(data: unknown): boolean {
  const messages = isRoleMessage(data) ? [data] : isObject(data) ? (data.messages ?? data.contents) : data;
  return (
    Array.isArray(messages) && messages.length > 0 && messages.every(isRoleMessage) && callMarkIn(data) === undefined
  );
}

function isEmptyInput(data: unknown): boolean {
  if (data === undefined || data === null || data === '') return true;
  if (Array.isArray(data)) return data.length === 0;
  return typeof data === 'object' && Object.keys(data).length === 0;
}
