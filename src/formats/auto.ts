import { isCallList, toActualCalls } from './support/calls.js';
import { callMarkIn, checkZeroCalls, describeKeys, isEmptyList, type ZeroReading } from './support/call-collector.js';
import type { ToolCall } from '../core/types.js';
import { claimHint, detectFormat, formatNamed, undetectedFormatError } from './registry.js';
import { runsOf, runsReadAsOneText } from './runs.js';
import { conversationOf } from './support/turns.js';
import {
  collectingContext,
  passedOverWarnings,
  recordsReplies,
  type TraceFormat,
  type UnrecognisedItems,
} from './types.js';

/** Calls read from some input, with the format used and any warnings. */
export interface ExtractedCalls {
  calls: ToolCall[];
  /** The format that read them (`calls` for an in-memory call list). */
  format: string;
  warnings: string[];
  /** The ids of the runs read as one trace, when the input holds several (see `formats/runs.ts`). */
  runs?: string[];
  /**
   * The user messages' texts, in order (text parts joined with "\n"): present only when the trace
   * holds two or more, and then each call carries its `turn`.
   */
  userMessages?: string[];
  /**
   * The agent's reply in each conversation turn (index k-1 for turn k; one entry when the trace holds
   * fewer than two user messages): the last assistant text of the turn, or null when it has none.
   * Absent when the format records no assistant text at all (no reply recorded).
   */
  replies?: (string | null)[];
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
  return readWithAdapter(formatNamed(name), data, source, format !== 'auto');
}

/**
 * @internal Reads parsed data with one format's adapter, as `readWithFormat` does once it has the
 * format; `explicit` when the format was named rather than detected (a zero then needs its reason).
 */
export function readWithAdapter(
  adapter: TraceFormat,
  data: unknown,
  source: string,
  explicit: boolean,
): ExtractedCalls {
  const warnings: string[] = [];
  const passedOver: UnrecognisedItems = { count: 0 };
  const userMessages: string[] = [];
  const replies: (string | null)[] = [];
  const context = collectingContext(source, warnings, passedOver, userMessages, replies);
  // An empty list is no calls in any format (a run that made none), whatever shape the format expects.
  const empty = isEmptyList(data);
  const calls = empty ? [] : adapter.parse(data, context);
  warnings.push(...passedOverWarnings(source, passedOver, calls.length === 0));
  // Several runs scored as one trace is rarely what is meant: say so, and what scores them one by one.
  const runs = runsOf(adapter, data);
  if (runs !== undefined) context.warn('', runsReadAsOneText(runs));
  if (calls.length === 0) {
    const reading: ZeroReading = { adapter, explicit, source, passedOver, warnings };
    checkZeroCalls(
      reading,
      [data],
      describeKeys(data),
      () => callMarkIn(data),
      { path: '$' },
      (samples) => claimHint(adapter, samples),
    );
  }
  return {
    calls,
    format: adapter.name,
    warnings,
    ...(runs === undefined ? {} : { runs: runs.map((run) => run.id) }),
    // An empty list records nothing, a reply neither.
    ...conversationOf(userMessages, replies, !empty && recordsReplies(adapter, data)),
  };
}
