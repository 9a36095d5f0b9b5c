import { ToolscoreInputError } from '../core/errors.js';
import { withStackGuard } from '../core/limits.js';
import type { ToolCall } from '../core/types.js';
import { type ExtractedCalls, readWithAdapter, readWithFormat } from '../formats/auto.js';
import { mayHoldRuns, runSource, runsOf, unknownRunText } from '../formats/runs.js';
import { claimHint, detectFormat, formatNamed, knownNonTrace, undetectedFormatError } from '../formats/registry.js';
import {
  collectingContext,
  passedOverWarnings,
  type ParseContext,
  recordsReplies,
  type TraceFormat,
  type TraceRun,
  type TraceStreamReader,
  type UnrecognisedItems,
} from '../formats/types.js';
import { jsonTextWithKinds } from '../match/number-kinds.js';
import { type ParseJsonOptions, parseJson } from './json.js';
import { readJsonOrServerSentEvents } from './sse.js';
import { isJsonLinesPath, jsonLinePath, type JsonLinesOptions, looksLikeJsonLines, readJsonLines } from './jsonl.js';
import { callMarkIn, checkZeroCalls, describeKeys } from '../formats/support/call-collector.js';
import { openRegularFile, readTextFile } from './files.js';
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
  options?: TraceFileOptions,
): Promise<ExtractedCalls> {
  if (options?.run !== undefined) return loadOneRun(path, format, options.run, options);
  if (isJsonLinesPath(path) || (await looksLikeJsonLines(path))) return loadJsonLinesTrace(path, format, options);
  let data: unknown;
  try {
    data = await readJsonOrServerSentEvents(path, options);
  } catch (error) {
    throw (await notJsonError(path, error)) ?? error;
  }
  return readWithFormat(data, format, path);
}

/** How a trace file is read. */
export interface TraceFileOptions extends JsonLinesOptions {
  /** Read only this run of a file of several (its id; see `formats/runs.ts`). */
  run?: string;
}

/** One run of a file of several; a file of one run is an error saying to leave the run out. */
async function loadOneRun(
  path: string,
  format: string,
  id: string,
  options: ParseJsonOptions,
): Promise<ExtractedCalls> {
  const runs = await loadTraceRuns(path, format, options);
  if (runs === undefined)
    throw new ToolscoreInputError(
      { source: path },
      `--run ${JSON.stringify(id)}: this file is one run, not several; leave --run out to read it`,
    );
  const run = runs.runs.find((each) => each.id === id);
  if (run === undefined)
    throw new ToolscoreInputError(
      { source: path },
      unknownRunText(
        id,
        runs.runs.map((each) => each.id),
      ),
    );
  return readWithAdapter(runs.format, run.data, runSource(path, id), runs.explicit);
}

/** The runs of a trace file of several (see `formats/runs.ts`), with the format that reads each. */
export interface TraceRuns {
  format: TraceFormat;
  /** The format was named rather than detected (a run read with no call then needs its reason). */
  explicit: boolean;
  runs: TraceRun[];
}

/**
 * The runs of a JSON trace file that holds two or more (an ADK eval set), or undefined for any other
 * file: JSON Lines, a file that holds no format's run key (not parsed), one run. The format is
 * detected on the whole file (`auto`), so each run is read with it even where a run alone would not be
 * recognised. Throws what reading the file throws (not JSON, a file-system error).
 */
export async function loadTraceRuns(
  path: string,
  format = 'auto',
  options?: ParseJsonOptions,
): Promise<TraceRuns | undefined> {
  if (isJsonLinesPath(path) || (format !== 'auto' && formatNamed(format).runs === undefined)) return undefined;
  const text = await readTextFile(path);
  if (!mayHoldRuns(text)) return undefined;
  const data = parseJson(text, path, options);
  const name = format === 'auto' ? detectFormat(data) : format;
  if (name === undefined) return undefined;
  const adapter = formatNamed(name);
  const runs = runsOf(adapter, data);
  return runs === undefined ? undefined : { format: adapter, explicit: format !== 'auto', runs };
}

/**
 * One run of a trace file as `batch` hands it to a scoring thread: its JSON text (integral numbers
 * written `1.0` kept so, for strict mode) and the format the whole file was read with, so the thread
 * reads the run without reading the file again.
 */
export interface TraceRunText {
  id: string;
  format: string;
  explicit: boolean;
  text: string;
}

/** One run of a file of several as text for a scoring thread; one nested past what the stack holds is an input error naming it. */
export function runText(runs: TraceRuns, run: TraceRun, path: string): TraceRunText {
  const text = withStackGuard(
    () => jsonTextWithKinds(run.data, undefined, undefined, (value) => JSON.stringify(value)),
    runSource(path, run.id),
  );
  return { id: run.id, format: runs.format.name, explicit: runs.explicit, text };
}

/** The calls of one run of a trace file, from its text (`evalset.json#case-a` in its warnings and errors). */
export function readTraceRunText(path: string, run: TraceRunText, options?: ParseJsonOptions): ExtractedCalls {
  const source = runSource(path, run.id);
  return readWithAdapter(formatNamed(run.format), parseJson(run.text, source, options), source, run.explicit);
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
  replies: (string | null)[],
): ParseContext & {
  finish(): void;
} {
  const context = collectingContext(path, warnings, passedOver, userMessages, replies);
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
  const replies: (string | null)[] = [];
  const context = boundedWarnings(path, warnings, passedOver, userMessages, replies);
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
      slim = adapter.slimmer?.() ?? adapter.slim?.bind(adapter);
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
  return {
    calls,
    format: name,
    warnings,
    ...conversationOf(userMessages, replies, recordsReplies(adapter, collected ?? sample.map((entry) => entry.item))),
  };
}
