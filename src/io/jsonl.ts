import type { FileHandle } from 'node:fs/promises';
import { extname } from 'node:path';
import { ToolscoreInputError } from '../core/errors.js';
import { DEFAULT_LIMITS } from '../core/limits.js';
import { parseJson, type ParseJsonOptions } from './json.js';
import { openRegularFile, readError } from './files.js';

/** How a JSON Lines file is read. */
export interface JsonLinesOptions extends ParseJsonOptions {
  /** Longest line accepted, in bytes (default `DEFAULT_LIMITS.maxLineBytes`). */
  maxLineBytes?: number;
}

/** File name endings that always mean JSON Lines. */
const JSON_LINES_EXTENSIONS: readonly string[] = ['.jsonl', '.ndjson'];

/** Whether a path names a JSON Lines file by its extension. */
export function isJsonLinesPath(path: string): boolean {
  return JSON_LINES_EXTENSIONS.includes(extname(path).toLowerCase());
}

const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;
const LF = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether a file holds JSON Lines although its name does not say so: its first non-blank line is a
 * complete JSON value and another non-blank line follows. The line break is found with a native
 * search, so a minified one-line document is told apart without scanning it in JavaScript; only the
 * first line's structure (brackets outside strings) is checked, and nothing is parsed or kept.
 * Unreadable files answer false (the regular loader reports them).
 */
export async function looksLikeJsonLines(path: string): Promise<boolean> {
  let handle: FileHandle;
  try {
    // A device or FIFO is not looked into (it may never end); the regular loader refuses it.
    handle = await openRegularFile(path);
  } catch {
    return false;
  }
  try {
    const reader = new ChunkReader(handle);
    // 1. The first non-blank byte (after a BOM).
    let start = await reader.find((bytes, from) => firstNonBlank(bytes, from, true));
    if (start === undefined) return false;
    if (start === 0 && (await reader.startsWithBom()))
      start = (await reader.find((bytes, from) => firstNonBlank(bytes, Math.max(from, 3), true), 3)) ?? -1;
    if (start < 0) return false;
    // 2. The end of that line, and 3. something non-blank after it.
    const lineEnd = await reader.find((bytes, from) => bytes.indexOf(LF, from), start);
    if (lineEnd === undefined) return false;
    const next = await reader.find((bytes, from) => firstNonBlank(bytes, from, true), lineEnd + 1);
    if (next === undefined) return false;
    // 4. Whether the first line holds exactly one complete value.
    const scan = new LineScan();
    let verdict: boolean | undefined;
    await reader.each(start, lineEnd, (bytes, from, to) => {
      verdict = scan.feed(bytes, from, to);
      return verdict !== undefined;
    });
    return verdict ?? scan.end();
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/** Index of the first byte at or after `from` that is not JSON white space (LF counts as blank when `lf`), or -1. */
function firstNonBlank(bytes: Uint8Array, from: number, lf: boolean): number {
  for (let i = from; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b !== SPACE && b !== TAB && b !== CR && !(lf && b === LF)) return i;
  }
  return -1;
}

/** Reads a file in large chunks on demand, searching them with a callback. */
class ChunkReader {
  private static readonly SIZE = 1 << 20;
  private readonly buffer = Buffer.allocUnsafe(ChunkReader.SIZE);
  private offset = -1;
  private length = 0;

  constructor(private readonly handle: FileHandle) {}

  private async load(position: number): Promise<number> {
    const { bytesRead } = await this.handle.read(this.buffer, 0, ChunkReader.SIZE, position);
    this.offset = position;
    this.length = bytesRead;
    return bytesRead;
  }

  async startsWithBom(): Promise<boolean> {
    if (this.offset !== 0) await this.load(0);
    return this.length >= 3 && this.buffer[0] === 0xef && this.buffer[1] === 0xbb && this.buffer[2] === 0xbf;
  }

  /** The file offset of the first match of `search` at or after `from`, or undefined at the end of the file. */
  async find(search: (bytes: Uint8Array, from: number) => number, from = 0): Promise<number | undefined> {
    let position = from;
    for (;;) {
      if (position < this.offset || position >= this.offset + this.length) {
        if ((await this.load(position)) === 0) return undefined;
      }
      const view = this.buffer.subarray(0, this.length);
      const found = search(view, position - this.offset);
      if (found >= 0) return this.offset + found;
      position = this.offset + this.length;
    }
  }

  /** Hands the bytes of [from, to) to `visit` chunk by chunk until it returns true. */
  async each(
    from: number,
    to: number,
    visit: (bytes: Uint8Array, start: number, end: number) => boolean,
  ): Promise<void> {
    let position = from;
    while (position < to) {
      if (position < this.offset || position >= this.offset + this.length) {
        if ((await this.load(position)) === 0) return;
      }
      const end = Math.min(to, this.offset + this.length);
      if (visit(this.buffer, position - this.offset, end - this.offset)) return;
      position = end;
    }
  }
}

/** Checks that one line holds exactly one complete JSON value (structure only). */
class LineScan {
  private started = false;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private scalar = false;
  private complete = false;

  /** Feeds bytes [from, to) of the line; answers once it knows. */
  feed(bytes: Uint8Array, from: number, to: number): boolean | undefined {
    for (let i = from; i < to; i++) {
      const b = bytes[i]!;
      if (!this.started) {
        if (b === SPACE || b === TAB || b === CR) continue;
        this.started = true;
        if (b === 0x7b || b === 0x5b) this.depth = 1;
        else if (b === QUOTE) this.inString = true;
        else this.scalar = true;
        continue;
      }
      if (this.complete) {
        if (b !== SPACE && b !== TAB && b !== CR) return false; // two values on one line
        continue;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) {
          this.inString = false;
          if (this.depth === 0) this.complete = true;
        }
        continue;
      }
      if (this.scalar) {
        if (b === SPACE || b === TAB || b === CR) this.complete = true;
        continue;
      }
      if (b === QUOTE) this.inString = true;
      else if (b === 0x7b || b === 0x5b) this.depth++;
      else if (b === 0x7d || b === 0x5d) {
        this.depth--;
        if (this.depth === 0) this.complete = true;
      }
    }
    return undefined;
  }

  /** At the end of the line: complete if the value closed (a scalar closes at the line break). */
  end(): boolean {
    return this.started && (this.complete || (this.scalar && !this.inString));
  }
}

/** The error for a line past `limit` bytes. */
function lineTooLongError(path: string, line: number, limit: number): ToolscoreInputError {
  return new ToolscoreInputError(
    { source: path, line },
    `line longer than ${limit} bytes; raise limits.maxLineBytes (--max-line-bytes) if this is intended`,
  );
}

/** A line past the limit, skipped to its line break and handed on in place of its text (`skipOverlong`). */
export class OverlongLine {
  constructor(
    /** 1-based line number. */
    readonly line: number,
    readonly error: ToolscoreInputError,
  ) {}
}

/** How `fileLines` reads. */
export interface FileLinesOptions {
  /** Hand on a line past the limit as an `OverlongLine` and go on with the next, instead of throwing. */
  skipOverlong?: boolean;
  /** Sees every chunk of the file's bytes as it is read (a digest of the whole file). */
  onChunk?: (chunk: Uint8Array) => void;
}

/**
 * An open file as `fileLines` reads it: a node:fs/promises `FileHandle`, typed by use so the
 * declarations need no Node types.
 */
export interface LineSource {
  createReadStream(options: { highWaterMark: number; autoClose: boolean }): AsyncIterable<unknown>;
}

/**
 * The lines of a file (split at LF; a CR before it is dropped), decoded as UTF-8. A line is refused as
 * soon as it passes `maxBytes`, before it is joined into one string, so a huge line cannot exhaust
 * memory or pass the longest string JavaScript holds: an error, or with `skipOverlong` an
 * `OverlongLine` once its line break is reached (its bytes are not kept). Blank lines are yielded too,
 * so the count of lines read is the line number.
 */
export function fileLines(
  handle: LineSource,
  path: string,
  maxBytes: number,
  options?: FileLinesOptions & { skipOverlong?: false },
): AsyncGenerator<string>;
export function fileLines(
  handle: LineSource,
  path: string,
  maxBytes: number,
  options: FileLinesOptions,
): AsyncGenerator<string | OverlongLine>;
export async function* fileLines(
  handle: LineSource,
  path: string,
  maxBytes: number,
  options: FileLinesOptions = {},
): AsyncGenerator<string | OverlongLine> {
  const { skipOverlong = false, onChunk } = options;
  let pieces: Buffer[] = [];
  let size = 0;
  let line = 1;
  let overlong = false;
  const take = (piece: Buffer): void => {
    if (overlong) return;
    size += piece.length;
    if (size > maxBytes) {
      if (!skipOverlong) throw lineTooLongError(path, line, maxBytes);
      overlong = true;
      pieces = [];
      return;
    }
    pieces.push(piece);
  };
  const finish = (): string | OverlongLine => {
    if (overlong) {
      overlong = false;
      size = 0;
      return new OverlongLine(line, lineTooLongError(path, line++, maxBytes));
    }
    let bytes = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, size);
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    pieces = [];
    size = 0;
    line++;
    return bytes.toString('utf8');
  };
  // Each chunk is a fresh buffer, so pieces of it can be kept without copying.
  for await (const chunk of handle.createReadStream({
    highWaterMark: 1 << 20,
    autoClose: false,
  }) as AsyncIterable<Buffer>) {
    onChunk?.(chunk);
    let start = 0;
    for (let end = chunk.indexOf(LF, start); end >= 0; end = chunk.indexOf(LF, start)) {
      take(chunk.subarray(start, end));
      start = end + 1;
      yield finish();
    }
    if (start < chunk.length) take(chunk.subarray(start));
  }
  if (size > 0) yield finish();
}

/**
 * Reads a JSON Lines file line by line over a stream (memory follows the longest line, not the file)
 * and hands each non-blank line, parsed, to `onItem` with its 1-based line number and its text. A line that is not
 * JSON is an input error naming the file, the line and the column; so is a line longer than
 * `maxLineBytes`. Returns the number of items.
 */
export async function readJsonLines(
  path: string,
  onItem: (item: unknown, line: number, text: string) => void,
  options?: JsonLinesOptions,
): Promise<number> {
  const handle = await openRegularFile(path);
  const maxBytes = options?.maxLineBytes ?? DEFAULT_LIMITS.maxLineBytes;
  let lineNumber = 0;
  let items = 0;
  try {
    for await (const raw of fileLines(handle, path, maxBytes)) {
      lineNumber++;
      const line = lineNumber === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
      if (isBlank(line)) continue;
      let item: unknown;
      try {
        item = parseJson(line, path, options);
      } catch (error) {
        if (error instanceof ToolscoreInputError) {
          const { column, path: jsonPath } = error.location;
          throw new ToolscoreInputError(
            {
              source: path,
              line: lineNumber,
              ...(column !== undefined ? { column } : {}),
              ...(jsonPath && jsonPath !== '$' ? { path: jsonPath } : {}),
            },
            error.reason,
          );
        }
        throw error;
      }
      items++;
      onItem(item, lineNumber, line);
    }
  } catch (error) {
    if (error instanceof ToolscoreInputError || !(error as NodeJS.ErrnoException).code) throw error;
    throw readError(path, error);
  } finally {
    await handle.close().catch(() => undefined);
  }
  return items;
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== SPACE && c !== TAB && c !== CR && c !== LF) return false;
  }
  return true;
}

/** The path an item of a JSON Lines file is known by in warnings and errors. */
export function jsonLinePath(line: number): string {
  return `line ${line}: $`;
}
