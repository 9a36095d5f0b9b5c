import { ToolscoreInputError } from '../core/errors.js';
import type { ToolCall } from '../core/types.js';
import { type ExtractedCalls, readWithFormat } from '../formats/auto.js';
import { claimHint, detectFormat, formatNamed, knownNonTrace, undetectedFormatError } from '../formats/registry.js';
import { collectingContext, passedOverWarnings, type ParseContext, type TraceStreamReader } from '../formats/types.js';
import { readJsonOrServerSentEvents } from './sse.js';
import { isJsonLinesPath, jsonLinePath, type JsonLinesOptions, looksLikeJsonLines, readJsonLines } from './jsonl.js';
import type { UnrecognisedItems } from '../formats/types.js';
import { callMarkIn, checkZeroCalls, describeKeys } from '../formats/support/call-collector.js';
import { openRegularFile } from './files.js';
import { conversationOf } from '../formats/support/turns.js';

/**
 * Loads a trace file with a format (`auto` detects it from the whole structure). JSON Lines files
 * (`.jsonl` / `.ndjson`, or any file whose first line is a complete JSON value followed by more
 * lines) are read line by line as a stream, each line at most `options.maxLineBytes` long; a
 * Server-Sent Events capture is read as the list of its JSON events (`sse.ts`). The file
 * must be a regular file: a device or FIFO is refused.
 */
export async function loadTraceFile(
  path: string,
  format = 'auto',
  options?: JsonLinesOptions,
): Promise<ExtractedCalls> {
  if (isJsonLinesPath(path) || (await looksLikeJsonLines(path))) return loadJsonLinesTrace(path, format, options);
  let data: unknown;
  try {
    data = await readJsonOrServerSentEvents(path, options);
  } catch (error) {
    throw (await notJsonError(path, error)) ?? error;
  }
  return readWithFormat(data, format, path);
}

/** How much of a file that is not JSON is looked at to say what it is. */
const SNIFFED_BYTES = 4096;

/** For a file that is not JSON but a well-known text (Server-Sent Events, an HTML page): an error naming it. */
async function notJsonError(path: string, error: unknown): Promise<ToolscoreInputError | undefined> {
  if (!(error instanceof ToolscoreInputError) || !error.reason.startsWith('invalid JSON')) return undefined;
  const handle = await openRegularFile(path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFFED_BYTES), 0, SNIFFED_BYTES, 0);
    const known = knownNonTrace(buffer.toString('utf8', 0, bytesRead));
    return known === undefined
      ? undefined
      : new ToolscoreInputError({ source: path }, `${known}; expected a JSON trace or JSON Lines`);
  } finally {
    await handle.close();
  }
}

/** Most warnings kept from one JSON Lines file, and most with the same message: past them they are counted. */
const WARNINGS_KEPT = 1_000;
const SAME_WARNINGS_KEPT = 100;

/**
 * A context whose warnings stop growing with the file: a file of millions of lines that are not calls
 * would otherwise keep a warning for each (memory follows the calls, not the file). The first
 * `SAME_WARNINGS_KEPT` of each message and `WARNINGS_KEPT` in all are kept; `finish` adds one line
 * for each message counted past its cap and one for the warnings past the total.
 */
function boundedWarnings(
  path: string,
  warnings: string[],
  passedOver: UnrecognisedItems,
  userMessages: string[],
): ParseContext & {
  finish(): void;
} {
  const context = collectingContext(path, warnings, passedOver, userMessages);
  const kept = new Map<string, number>();
  const beyond = new Map<string, number>();
  let unlisted = 0;
  return {
    ...context,
    warn(at, message) {
      const same = kept.get(message) ?? 0;
      if (same >= SAME_WARNINGS_KEPT) beyond.set(message, (beyond.get(message) ?? 0) + 1);
      else if (warnings.length >= WARNINGS_KEPT) unlisted++;
      else {
        kept.set(message, same + 1);
        context.warn(at, message);
      }
    },
    finish() {
      for (const [message, count] of beyond)
        warnings.push(
          `${path}: ${count} more lines with the warning "${message}" (the first ${SAME_WARNINGS_KEPT} are listed)`,
        );
      if (unlisted > 0) warnings.push(`${path}: ${unlisted} more warnings (the first ${WARNINGS_KEPT} are listed)`);
    },
  };
}

/** How many leading lines `auto` looks at to recognise a JSON Lines trace (and a named format to confirm it). */
const DETECTION_LINES = 64;

/** How many lines are scanned for call marks, in case the reading ends with no call. */
const MARK_SCAN_LINES = 1024;

/**
 * Reads a JSON Lines trace: one item (a call, a span, a message, or a whole export) per line. Lines
 * are handed to the format's stream reader as they are read, so memory follows the calls, not the
 * file; a format without a stream reader gets all lines as one array, each line slimmed first when the
 * format says how (`TraceFormat.slim`). With `auto`, the format is
 * recognised from the first lines (as a list, else the first line alone).
 */
async function loadJsonLinesTrace(path: string, format: string, options?: JsonLinesOptions): Promise<ExtractedCalls> {
  const warnings: string[] = [];
  const passedOver: UnrecognisedItems = { count: 0 };
  const userMessages: string[] = [];
  const context = boundedWarnings(path, warnings, passedOver, userMessages);
  let pending: { item: unknown; line: number }[] | undefined = [];
  // The first lines, kept to confirm a named format when it reads no call.
  let sample: { item: unknown; line: number }[] = [];
  let mark: string | undefined;
  let scanned = 0;
  let name = format;
  let reader: TraceStreamReader | undefined;
  let collected: unknown[] | undefined;
  let slim: ((item: unknown) => unknown) | undefined;

  const begin = (lines: { item: unknown; line: number }[]): void => {
    sample = lines;
    if (format === 'auto') {
      const items = lines.map((entry) => entry.item);
      const detected = detectFormat(items) ?? detectFormat(items[0]);
      if (detected === undefined) {
        throw undetectedFormatError(
          { source: path, line: lines[0]!.line },
          items[0],
          `these JSON Lines (the first line is ${describeKeys(items[0])})`,
        );
      }
      name = detected;
    }
    const adapter = formatNamed(name);
    reader = adapter.createStreamReader?.(context);
    if (!reader) {
      collected = [];
      slim = adapter.slim?.bind(adapter);
    }
    for (const entry of lines) take(entry.item, entry.line);
  };
  const take = (item: unknown, line: number): void => {
    if (mark === undefined && scanned < MARK_SCAN_LINES) {
      scanned++;
      mark = callMarkIn(item);
    }
    if (reader) reader.push(item, jsonLinePath(line));
    else collected!.push(slim ? slim(item) : item);
  };

  const count = await readJsonLines(
    path,
    (item, line) => {
      if (pending === undefined) {
        take(item, line);
        return;
      }
      pending.push({ item, line });
      if (pending.length >= DETECTION_LINES) {
        const lines = pending;
        pending = undefined;
        begin(lines);
      }
    },
    options,
  );
  if (count === 0)
    throw new ToolscoreInputError({ source: path }, 'the file is empty; expected one JSON value per line (JSON Lines)');
  if (pending !== undefined) begin(pending);
  const adapter = formatNamed(name);
  const calls: ToolCall[] = reader ? (reader as TraceStreamReader).finish() : adapter.parse(collected, context);
  context.finish();
  warnings.push(...passedOverWarnings(path, passedOver, calls.length === 0));
  if (calls.length === 0) {
    const items = sample.map((entry) => entry.item);
    const reading = { adapter, explicit: format !== 'auto', source: path, passedOver, warnings };
    checkZeroCalls(
      reading,
      [items, items[0]],
      `these JSON Lines (the first line is ${describeKeys(items[0])})`,
      () => mark,
      { line: sample[0]!.line },
      (samples) => claimHint(adapter, samples),
    );
  }
  return { calls, format: name, warnings, ...conversationOf(userMessages) };
}
