import { open, type FileHandle } from 'node:fs/promises';
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import { ToolscoreInputError } from '../core/errors.js';
import { parseJson, type ParseJsonOptions } from './json.js';

/** File name endings that always mean JSON Lines. */
export const JSON_LINES_EXTENSIONS: readonly string[] = ['.jsonl', '.ndjson'];

/** Whether a path names a JSON Lines file by its extension. */
export function isJsonLinesPath(path: string): boolean {
  return JSON_LINES_EXTENSIONS.includes(extname(path).toLowerCase());
}

/** A file-system error as a one-line input error (same wording as `readTextFile`). */
function fileError(path: string, error: unknown): ToolscoreInputError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT' ? 'file not found'
    : code === 'EISDIR' ? 'is a directory, expected a JSON file'
    : code === 'EACCES' ? 'permission denied'
    : `cannot read file (${(error as Error).message})`;
  return new ToolscoreInputError({ source: path }, reason);
}

async function openFile(path: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw fileError(path, error);
  }
  const info = await handle.stat();
  if (info.isDirectory()) {
    await handle.close();
    throw new ToolscoreInputError({ source: path }, 'is a directory, expected a JSON file');
  }
  return handle;
}

const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;
const LF = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether a file holds JSON Lines although its name does not say so: its first non-blank line is a
 * complete JSON value and another non-blank line follows. Only the structure is scanned (brackets
 * outside strings), from the start of the file, so a pretty-printed document is told apart after
 * its first line break and nothing is parsed or kept. Unreadable files answer false (the regular
 * loader reports them).
 */
export async function looksLikeJsonLines(path: string): Promise<boolean> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return false;
  }
  try {
    const buffer = Buffer.allocUnsafe(64 * 1024);
    const scan = new FirstLineScan();
    let position = 0;
    for (;;) {
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(buffer, 0, buffer.length, position));
      } catch {
        return false;
      }
      if (bytesRead === 0) return false;
      const verdict = scan.feed(buffer, bytesRead, position === 0);
      if (verdict !== undefined) return verdict;
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/** The byte scanner behind `looksLikeJsonLines`; `feed` answers once it knows. */
class FirstLineScan {
  private started = false;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private scalar = false;
  private complete = false;
  private lineEnded = false;

  feed(bytes: Uint8Array, length: number, atStart: boolean): boolean | undefined {
    let i = atStart && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    for (; i < length; i++) {
      const b = bytes[i]!;
      if (!this.started) {
        if (b === SPACE || b === TAB || b === CR || b === LF) continue;
        this.started = true;
        if (b === 0x7b || b === 0x5b) this.depth = 1;
        else if (b === QUOTE) this.inString = true;
        else this.scalar = true;
        continue;
      }
      if (!this.complete) {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (b === BACKSLASH) this.escaped = true;
          else if (b === QUOTE) {
            this.inString = false;
            if (this.depth === 0) this.complete = true;
          } else if (b === LF) return false;
          continue;
        }
        if (b === LF) {
          if (!this.scalar) return false; // the first value goes on past its line: a JSON document
          this.complete = true;
          this.lineEnded = true;
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
        continue;
      }
      if (!this.lineEnded) {
        if (b === LF) this.lineEnded = true;
        else if (b !== SPACE && b !== TAB && b !== CR) return false; // more on the first line: not JSON Lines
        continue;
      }
      if (b !== SPACE && b !== TAB && b !== CR && b !== LF) return true;
    }
    return undefined;
  }
}

/**
 * Reads a JSON Lines file line by line over a stream (memory follows the longest line, not the file)
 * and hands each non-blank line, parsed, to `onItem` with its 1-based line number. A line that is not
 * JSON is an input error naming the file, the line and the column. Returns the number of items.
 */
export async function readJsonLines(path: string, onItem: (item: unknown, line: number) => void, options?: ParseJsonOptions): Promise<number> {
  const handle = await openFile(path);
  const stream = handle.createReadStream({ encoding: 'utf8', highWaterMark: 1 << 20 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNumber = 0;
  let items = 0;
  try {
    for await (const raw of lines) {
      lineNumber++;
      const line = lineNumber === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
      if (isBlank(line)) continue;
      let item: unknown;
      try {
        item = parseJson(line, path, options);
      } catch (error) {
        if (error instanceof ToolscoreInputError) {
          const { column, path: jsonPath } = error.location;
          throw new ToolscoreInputError({ source: path, line: lineNumber, ...(column !== undefined ? { column } : {}), ...(jsonPath && jsonPath !== '$' ? { path: jsonPath } : {}) }, error.reason);
        }
        throw error;
      }
      items++;
      onItem(item, lineNumber);
    }
  } catch (error) {
    if (error instanceof ToolscoreInputError || !(error as NodeJS.ErrnoException).code) throw error;
    throw fileError(path, error);
  } finally {
    lines.close();
    stream.destroy();
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
