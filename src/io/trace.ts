import { ToolscoreInputError, describeType } from '../core/errors.js';
import type { ToolCall } from '../core/types.js';
import { readWithFormat, type ExtractedCalls } from '../formats/auto.js';
import { detectFormat, formatNamed, undetectedFormatError } from '../formats/registry.js';
import { collectingContext, type TraceStreamReader } from '../formats/types.js';
import { readJsonOrServerSentEvents } from './sse.js';
import { isJsonLinesPath, jsonLinePath, looksLikeJsonLines, readJsonLines, type JsonLinesOptions } from './jsonl.js';

/**
 * Loads a trace file with a format (`auto` detects it from the whole structure). JSON Lines files
 * (`.jsonl` / `.ndjson`, or any file whose first line is a complete JSON value followed by more
 * lines) are read line by line as a stream, each line at most `options.maxLineBytes` long; a
 * Server-Sent Events capture is read as the list of its JSON events (`sse.ts`). The file
 * must be a regular file: a device or FIFO is refused.
 */
export async function loadTraceFile(path: string, format = 'auto', options?: JsonLinesOptions): Promise<ExtractedCalls> {
  if (isJsonLinesPath(path) || (await looksLikeJsonLines(path))) return loadJsonLinesTrace(path, format, options);
  return readWithFormat(await readJsonOrServerSentEvents(path, options), format, path);
}

/** How many leading lines `auto` looks at to recognise a JSON Lines trace. */
const DETECTION_LINES = 64;

/**
 * Reads a JSON Lines trace: one item (a call, a span, a message, or a whole export) per line. Lines
 * are handed to the format's stream reader as they are read, so memory follows the calls, not the
 * file; a format without a stream reader gets all lines as one array. With `auto`, the format is
 * recognised from the first lines (as a list, else the first line alone).
 */
async function loadJsonLinesTrace(path: string, format: string, options?: JsonLinesOptions): Promise<ExtractedCalls> {
  const warnings: string[] = [];
  const context = collectingContext(path, warnings);
  let pending: { item: unknown; line: number }[] | undefined = [];
  let name = format;
  let reader: TraceStreamReader | undefined;
  let collected: unknown[] | undefined;

  const begin = (lines: { item: unknown; line: number }[]): void => {
    if (format === 'auto') {
      const items = lines.map((entry) => entry.item);
      const detected = detectFormat(items) ?? detectFormat(items[0]);
      if (detected === undefined) {
        throw undetectedFormatError({ source: path, line: lines[0]!.line }, items[0], `these JSON Lines (the first line is ${describeType(items[0])})`);
      }
      name = detected;
    }
    const adapter = formatNamed(name);
    reader = adapter.createStreamReader?.(context);
    if (!reader) collected = [];
    for (const entry of lines) take(entry.item, entry.line);
  };
  const take = (item: unknown, line: number): void => {
    if (reader) reader.push(item, jsonLinePath(line));
    else collected!.push(item);
  };

  const count = await readJsonLines(
    path,
    (item, line) => {
      if (pending === undefined) {
        take(item, line);
        return;
      }
      pending.push({ item, line });
      if (format !== 'auto' || pending.length >= DETECTION_LINES) {
        const lines = pending;
        pending = undefined;
        begin(lines);
      }
    },
    options,
  );
  if (count === 0) throw new ToolscoreInputError({ source: path }, 'the file is empty; expected one JSON value per line (JSON Lines)');
  if (pending !== undefined) begin(pending);
  const calls: ToolCall[] = reader ? (reader as TraceStreamReader).finish() : formatNamed(name).parse(collected, context);
  return { calls, format: name, warnings };
}
