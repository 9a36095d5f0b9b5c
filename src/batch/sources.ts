import { createHash, type Hash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { extname, isAbsolute, join, relative } from 'node:path';
import { ToolscoreInputError, textOf } from '../core/errors.js';
import { DEFAULT_LIMITS } from '../core/limits.js';
import { openRegularFile, readError } from '../io/files.js';
import { OverlongLine, fileLines, isJsonLinesPath } from '../io/jsonl.js';
import { loadTraceRuns, runText, type TraceRuns } from '../io/trace.js';
import { runSource } from '../formats/runs.js';
import type { TraceRun } from '../formats/types.js';
import type { BatchCase, BatchItem } from './cases.js';
import { compareText } from './results-line.js';
import type { DatasetIdentity } from './types.js';

/** What `evaluateBatch()` scores. */
export type BatchSource =
  /** A dataset file: JSON Lines, or a JSON array, of `{id, expected, actual, options?}`. */
  | { dataset: string }
  /** One gold file against every trace the patterns match (globs expanded here, sorted by path). */
  | { gold: string; traces: string | readonly string[] }
  /** Gold files and traces in two folders, paired by relative path without extension. */
  | { goldDir: string; traceDir: string }
  /** Cases in memory. */
  | { cases: Iterable<BatchCase> | AsyncIterable<BatchCase> };

/** The items of a source in dataset order, how far the reading has come, and how many there are. */
export interface ItemStream {
  items: AsyncIterable<BatchItem>;
  /** Share of the input read so far, in [0, 1], when the input's size is known. */
  readShare(): number | undefined;
  /**
   * The number of items, when known: up front for file lists and for a JSON Lines file whose lines were
   * counted (`countLines`), and for any source once it has been read to its end.
   */
  total(): number | undefined;
  /** The dataset's identity, once every item has been read (when asked for with `identify`). */
  identity(): DatasetIdentity | undefined;
}

/**
 * The digest a shard's results record of the whole dataset (every shard reads all of it): a dataset
 * file's bytes; for trace files and in-memory cases, each case's id (the trace path) or JSON text.
 */
class DatasetDigest {
  private readonly hash: Hash = createHash('sha256');
  private cases = 0;
  private done = false;

  bytes(chunk: Uint8Array): void {
    this.hash.update(chunk);
  }

  text(text: string): void {
    this.hash.update(`${text}\n`);
  }

  /** Counts the items as they pass, and seals the digest when the last one has. */
  async *counted(items: AsyncIterable<BatchItem>): AsyncIterable<BatchItem> {
    for await (const item of items) {
      this.cases++;
      yield item;
    }
    this.done = true;
  }

  identity(): DatasetIdentity | undefined {
    return this.done ? { sha256: this.hash.copy().digest('hex'), cases: this.cases } : undefined;
  }
}

/** How `openSource` reads, beyond the items themselves. */
export interface OpenSourceOptions {
  /** Work out the dataset's identity while reading (what a shard's results record). */
  identify?: boolean;
  /** Count a JSON Lines file's cases first, for a progress line's total. */
  countLines?: boolean;
  /** The trace format (default `auto`), to find the runs of trace files of several (see `runItems`). */
  format?: string;
  /** Keep `1.0` apart from `1` in the runs' texts (strict mode). */
  keepNumberKinds?: boolean;
}

/**
 * Opens a source. Bad patterns and folders throw before any case is read.
 */
export async function openSource(
  source: BatchSource,
  maxLineBytes = DEFAULT_LIMITS.maxLineBytes,
  { identify = false, countLines = false, format = 'auto', keepNumberKinds = false }: OpenSourceOptions = {},
): Promise<ItemStream> {
  const digest = identify ? new DatasetDigest() : undefined;
  const stream = await openItems(source, maxLineBytes, digest, countLines, { format, keepNumberKinds });
  if (digest === undefined) return { ...stream, identity: () => undefined };
  return { ...stream, items: digest.counted(stream.items), identity: () => digest.identity() };
}

async function openItems(
  source: BatchSource,
  maxLineBytes: number,
  digest: DatasetDigest | undefined,
  countLines: boolean,
  reading: TraceReading,
): Promise<Omit<ItemStream, 'identity'>> {
  if ('dataset' in source) return datasetItems(source.dataset, maxLineBytes, digest, countLines);
  if ('cases' in source) return countedItems(caseItems(source.cases, digest), undefined);
  if ('goldDir' in source) return runItems(await pairFolders(source.goldDir, source.traceDir), digest, reading);
  const traces = await expandPatterns(typeof source.traces === 'string' ? [source.traces] : source.traces);
  const items = traces.map((trace, index): FileItem => ({ kind: 'files', index, id: trace, gold: source.gold, trace }));
  return runItems(items, digest, reading);
}

type FileItem = Extract<BatchItem, { id: string }>;

/** How trace files are read to find their runs. */
type TraceReading = { format: string; keepNumberKinds: boolean };

/** The runs of a trace file of several, or undefined: a file of one run, or one that cannot be read (its scorer says why). */
async function runsOfFile(path: string, { format, keepNumberKinds }: TraceReading): Promise<TraceRuns | undefined> {
  try {
    return await loadTraceRuns(path, format, { keepNumberKinds });
  } catch {
    return undefined;
  }
}

/** The item of one run of a trace file: its text for the scorer, or the error of a run too deep to write. */
function runItem(file: Extract<BatchItem, { kind: 'files' }>, runs: TraceRuns, run: TraceRun): FileItem {
  const id = runSource(file.id, run.id);
  try {
    return { ...file, id, run: runText(runs, run, file.trace) };
  } catch (error) {
    if (!(error instanceof ToolscoreInputError)) throw error;
    return { kind: 'error', index: file.index, id, error: error.message };
  }
}

/**
 * The items of trace files, a trace file of several runs (an ADK eval set) giving one per run, named
 * `file#run` (`formats/runs.ts`), numbered in turn, each carrying its run's text so the scoring thread
 * does not read the file again. Finding the runs reads each trace file here once (only one that holds
 * a run key is parsed); a file that cannot be read is left whole to its scorer, which reports why. The
 * total is the number of files until a file turns out to hold several runs, then unknown until the end.
 */
function runItems(
  files: readonly FileItem[],
  digest: DatasetDigest | undefined,
  reading: TraceReading,
): Omit<ItemStream, 'identity'> {
  let split = false;
  async function* items(): AsyncIterable<BatchItem> {
    let index = 0;
    for (const file of files) {
      const runs = file.kind === 'files' ? await runsOfFile(file.trace, reading) : undefined;
      if (runs !== undefined) split = true;
      const fileItems =
        runs === undefined || file.kind !== 'files' ? [file] : runs.runs.map((run) => runItem(file, runs, run));
      for (const item of fileItems) {
        digest?.text(JSON.stringify(item.id));
        yield { ...item, index: index++ };
      }
    }
  }
  const counted = counting(items());
  const total = (): number | undefined => (counted.ended() ? counted.given() : split ? undefined : files.length);
  return {
    items: counted.items,
    readShare: () => {
      const known = total();
      return known === undefined || known === 0 ? undefined : counted.given() / known;
    },
    total,
  };
}

/** Items counted as they are handed out; the count is the total once they run out. */
function counting(items: AsyncIterable<BatchItem>): {
  items: AsyncIterable<BatchItem>;
  given(): number;
  ended(): boolean;
} {
  let given = 0;
  let ended = false;
  return {
    items: (async function* () {
      for await (const item of items) {
        given++;
        yield item;
      }
      ended = true;
    })(),
    given: () => given,
    ended: () => ended,
  };
}

/** A stream whose share read is the share of `total` items handed out. */
function countedItems(items: AsyncIterable<BatchItem>, total: number | undefined): Omit<ItemStream, 'identity'> {
  const counted = counting(items);
  return {
    items: counted.items,
    readShare: () => (total === undefined || total === 0 ? undefined : counted.given() / total),
    total: () => total ?? (counted.ended() ? counted.given() : undefined),
  };
}

async function* caseItems(
  cases: Iterable<BatchCase> | AsyncIterable<BatchCase>,
  digest: DatasetDigest | undefined,
): AsyncIterable<BatchItem> {
  let index = 0;
  for await (const value of cases) {
    digest?.text(textOf(value));
    yield { kind: 'value', index: index++, value };
  }
}

// ---- Dataset files --------------------------------------------------------------------------------

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LINE_FEED = 0x0a;

function isBlankByte(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
}

/**
 * A dataset file, streamed: `.jsonl` / `.ndjson`, or any file not starting with `[`, is read as JSON
 * Lines (one case per non-blank line); a file starting with `[` as a JSON array, split into its elements
 * without parsing them. Either way the text of each case goes to a scorer, which parses it.
 */
async function datasetItems(
  path: string,
  maxLineBytes: number,
  digest: DatasetDigest | undefined,
  countLines: boolean,
): Promise<Omit<ItemStream, 'identity'>> {
  const handle = await openRegularFile(path);
  const stats = await handle.stat();
  const { size } = stats;
  const head = Buffer.alloc(64);
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  let first = 0;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) first = 3;
  while (first < bytesRead && isBlankByte(head[first]!)) first++;
  if (bytesRead === 0 || first === bytesRead) {
    await handle.close();
    throw new ToolscoreInputError({ source: path }, 'the file is empty; expected cases {id, expected, actual}');
  }
  const progress = { read: 0 };
  const readShare = (): number | undefined => (size === 0 ? undefined : Math.min(1, progress.read / size));
  const asArray = !isJsonLinesPath(path) && head[first] === OPEN_BRACKET;
  const items = asArray
    ? arrayElements(handle, path, maxLineBytes, progress, digest)
    : jsonLinesItems(handle, path, maxLineBytes, progress, digest);
  const counted = counting(closing(items, handle, path));
  // A regular file can be read twice (the count is one quick pass before the first case); a pipe or a
  // device only once, so its total waits for the end, as a JSON array's does.
  const lines =
    countLines && !asArray && stats.isFile() ? await countCaseLines(path).catch(() => undefined) : undefined;
  return {
    items: counted.items,
    readShare,
    total: () => (counted.ended() ? counted.given() : lines),
  };
}

/** The non-blank lines of a JSON Lines file (the cases `jsonLinesItems` yields), in a pass of its own. */
async function countCaseLines(path: string): Promise<number> {
  const handle = await openRegularFile(path);
  try {
    let count = 0;
    let content = false;
    let first = true;
    for await (const chunk of handle.createReadStream({
      highWaterMark: 1 << 20,
      autoClose: false,
    }) as AsyncIterable<Buffer>) {
      let i = first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
      first = false;
      while (i < chunk.length) {
        const end = chunk.indexOf(LINE_FEED, i);
        const stop = end < 0 ? chunk.length : end;
        for (; !content && i < stop; i++) content = !isBlankByte(chunk[i]!);
        if (end < 0) break;
        if (content) count++;
        content = false;
        i = end + 1;
      }
    }
    return content ? count + 1 : count;
  } finally {
    await handle.close();
  }
}

/** Closes the file when the reading ends, and turns file-system errors into one-line input errors. */
async function* closing(
  items: AsyncIterable<BatchItem>,
  handle: { close(): Promise<void> },
  path: string,
): AsyncIterable<BatchItem> {
  try {
    yield* items;
  } catch (error) {
    if (error instanceof ToolscoreInputError || !(error as NodeJS.ErrnoException).code) throw error;
    throw readError(path, error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

async function* jsonLinesItems(
  handle: Parameters<typeof fileLines>[0],
  path: string,
  maxLineBytes: number,
  progress: { read: number },
  digest: DatasetDigest | undefined,
): AsyncIterable<BatchItem> {
  let line = 0;
  let index = 0;
  const onChunk = digest === undefined ? undefined : (chunk: Uint8Array) => digest.bytes(chunk);
  for await (const raw of fileLines(handle, path, maxLineBytes, { skipOverlong: true, onChunk })) {
    line++;
    if (raw instanceof OverlongLine) {
      // Skipped to its line break: one case lost, named by its line, and the run goes on.
      progress.read += maxLineBytes;
      yield { kind: 'error', index: index++, id: `line ${line}`, line, error: raw.error.message };
      continue;
    }
    // Characters, not bytes: close enough for a progress bar, and free.
    progress.read += raw.length + 1;
    const text = line === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (isBlankText(text)) continue;
    yield { kind: 'text', index: index++, text, where: { file: path, line } };
  }
}

function isBlankText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isBlankByte(text.charCodeAt(i))) return false;
  return true;
}

/** The bytes of the array element being read, dropped once it is longer than the limit; `index` is the next element's. */
class ElementBuffer {
  index = 0;
  private pieces: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly path: string,
    private readonly maxBytes: number,
  ) {}

  keep(piece: Buffer): void {
    this.size += piece.length;
    if (this.size > this.maxBytes) this.pieces = [];
    else this.pieces.push(piece);
  }

  /** The element read so far as an item (undefined when blank; an error when too long), then empty again. */
  take(): BatchItem | undefined {
    const { path, maxBytes } = this;
    if (this.size > maxBytes) {
      this.pieces = [];
      this.size = 0;
      const error = `${path} at $[${this.index}]: element longer than ${maxBytes} bytes; raise limits.maxLineBytes (--max-line-bytes) if this is intended`;
      return { kind: 'error', index: this.index, id: `$[${this.index++}]`, error };
    }
    const text = (this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.size)).toString('utf8');
    this.pieces = [];
    this.size = 0;
    if (isBlankText(text)) return undefined;
    const where = { file: path, element: this.index };
    return { kind: 'text', index: this.index++, text, where };
  }
}

/**
 * The elements of a top-level JSON array, as text, found by tracking brackets and strings byte by byte.
 * An element that is not valid JSON is its scorer's to report, so one bad case loses nothing else; an
 * element longer than `maxBytes` is not kept (an error item names it, as a JSON Lines line past the
 * limit); an array cut short ends with an item saying so.
 */
async function* arrayElements(
  handle: Parameters<typeof fileLines>[0],
  path: string,
  maxBytes: number,
  progress: { read: number },
  digest: DatasetDigest | undefined,
): AsyncIterable<BatchItem> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let started = false;
  let closed = false;
  const element = new ElementBuffer(path, maxBytes);
  const trailing = (): never => {
    throw new ToolscoreInputError({ source: path }, 'unexpected text after the end of the JSON array of cases');
  };
  for await (const chunk of handle.createReadStream({
    highWaterMark: 1 << 20,
    autoClose: false,
  }) as AsyncIterable<Buffer>) {
    progress.read += chunk.length;
    digest?.bytes(chunk);
    let i = 0;
    if (!started) {
      while (i < chunk.length && chunk[i] !== OPEN_BRACKET) i++;
      if (i === chunk.length) continue;
      started = true;
      depth = 1;
      i++;
    }
    let open = i;
    for (; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (closed) {
        if (!isBlankByte(b)) trailing();
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) inString = false;
        continue;
      }
      if (b === QUOTE) inString = true;
      else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
      else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) {
          element.keep(chunk.subarray(open, i));
          const item = element.take();
          // `[]` has no element; `[1, ]` is the scorer's to refuse, like any bad element.
          if (item !== undefined || element.index > 0) yield item ?? blankElement(path, element.index++);
          closed = true;
        }
      } else if (b === COMMA && depth === 1) {
        element.keep(chunk.subarray(open, i));
        yield element.take() ?? blankElement(path, element.index++);
        open = i + 1;
      }
    }
    if (!closed && open < chunk.length) {
      element.keep(chunk.subarray(open));
    }
  }
  if (!started) throw new ToolscoreInputError({ source: path }, 'expected a JSON array of cases');
  if (!closed)
    yield {
      kind: 'error',
      index: element.index,
      id: `$[${element.index}]`,
      error: `${path} at $[${element.index}]: the file ends inside the JSON array; expected "]" after the last case`,
    };
}

/** An empty element (`[a,,b]`, `[a,]`): a case that is not there, reported as such. */
function blankElement(path: string, index: number): BatchItem {
  return { kind: 'error', index, id: `$[${index}]`, error: `${path} at $[${index}]: empty element; expected a case` };
}

// ---- Trace files -------------------------------------------------------------------------------

/**
 * The files a list of patterns matches, sorted by path, each once. A path that names a file is taken as
 * it is (so `[1].json` is not a character class); a pattern that matches nothing is an error naming it.
 */
export async function expandPatterns(patterns: readonly string[], flag = '--traces'): Promise<string[]> {
  const { glob } = await import('tinyglobby');
  const found = new Set<string>();
  for (const pattern of patterns) {
    let matches: string[];
    if (await isFile(pattern)) matches = [pattern];
    // An absolute pattern gives absolute paths, a relative one paths relative to here, as typed.
    else matches = await glob(pattern, { onlyFiles: true, expandDirectories: false, absolute: isAbsolute(pattern) });
    if (matches.length === 0)
      throw new ToolscoreInputError({ source: flag }, `no file matches ${JSON.stringify(pattern)}`);
    for (const match of matches) found.add(match);
  }
  return [...found].sort(compareText);
}

async function isFile(path: string): Promise<boolean> {
  try {
    const handle = await openRegularFile(path);
    await handle.close();
    return true;
  } catch {
    return false;
  }
}

/** Every file under a folder, as paths relative to it with `/` separators, sorted. */
async function filesUnder(folder: string, flag: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch (error) {
    throw new ToolscoreInputError({ source: flag }, `${JSON.stringify(folder)}: ${readError(folder, error).reason}`);
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort(compareText);
}

/** A relative path without its extension: the key gold files and traces are paired by. */
function pairKey(path: string): string {
  const extension = extname(path);
  return extension === '' ? path : path.slice(0, -extension.length);
}

/** Keys → relative paths; two files of one folder with one key cannot be paired and are an error. */
function keyed(paths: readonly string[], folder: string, flag: string): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const path of paths) {
    const key = pairKey(path);
    const other = byKey.get(key);
    if (other !== undefined)
      throw new ToolscoreInputError(
        { source: flag },
        `${JSON.stringify(join(folder, other))} and ${JSON.stringify(join(folder, path))} would be the same case; rename one`,
      );
    byKey.set(key, path);
  }
  return byKey;
}

/**
 * Gold files and traces paired by relative path without extension, sorted by that path. A file with no
 * partner is not dropped: it becomes an error item (so it is listed in the results and counted).
 */
async function pairFolders(goldDir: string, traceDir: string): Promise<FileItem[]> {
  const golds = keyed(await filesUnder(goldDir, '--gold-dir'), goldDir, '--gold-dir');
  const traces = keyed(await filesUnder(traceDir, '--trace-dir'), traceDir, '--trace-dir');
  if (golds.size === 0 && traces.size === 0)
    throw new ToolscoreInputError(
      { source: '--gold-dir' },
      `no file in ${JSON.stringify(goldDir)} or ${JSON.stringify(traceDir)}`,
    );
  const keys = [...new Set([...golds.keys(), ...traces.keys()])].sort(compareText);
  return keys.map((key, index): FileItem => {
    const gold = golds.get(key);
    const trace = traces.get(key);
    if (gold !== undefined && trace !== undefined)
      return { kind: 'files', index, id: trace, gold: join(goldDir, gold), trace: join(traceDir, trace) };
    const error =
      trace !== undefined
        ? `${join(traceDir, trace)}: no gold file for this trace in ${goldDir} (expected ${key} with any extension)`
        : `${join(goldDir, gold!)}: no trace for this gold file in ${traceDir} (expected ${key} with any extension)`;
    return { kind: 'error', index, id: trace ?? gold!, error };
  });
}
