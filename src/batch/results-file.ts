import { ToolscoreInputError } from '../core/errors.js';
import { DEFAULT_LIMITS } from '../core/limits.js';
import { isObject } from '../core/objects.js';
import { openRegularFile, readError } from '../io/files.js';
import { fileLines } from '../io/jsonl.js';
import { parseJson } from '../io/json.js';
import { checkResultsLine } from './results-line-schema.js';
import type { BatchLine, BatchShardLine } from './types.js';

/**
 * The lines of a `results.jsonl` file, read back as a stream (for `toolscore merge` and the batch
 * reports), each checked against the results line's schema. A line that is not JSON, or not a results
 * line, is an error naming the file and line. A shard's last line (`BatchShardLine`) is not a case and
 * is not yielded; a line after it is an error.
 */
export async function* readResultsFile(path: string): AsyncGenerator<BatchLine> {
  const handle = await openRegularFile(path);
  let line = 0;
  let shardLine: number | undefined;
  try {
    for await (const text of fileLines(handle, path, DEFAULT_LIMITS.maxLineBytes)) {
      line++;
      if (text.trim() === '') continue;
      if (shardLine !== undefined)
        throw new ToolscoreInputError(
          { source: path, line },
          `a line after the shard's last line (line ${shardLine}); a shard's results end with it`,
        );
      const read = checkResultsLine(parseLine(text, path, line), `${path}:${line}`);
      if (read.kind === 'shard') shardLine = line;
      else yield read.line;
    }
  } catch (error) {
    if (error instanceof ToolscoreInputError || !(error as NodeJS.ErrnoException).code) throw error;
    throw readError(path, error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function parseLine(text: string, path: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return parseJson(text, path);
    } catch (error) {
      if (!(error instanceof ToolscoreInputError)) throw error;
      const { column } = error.location;
      throw new ToolscoreInputError({ source: path, line, ...(column === undefined ? {} : { column }) }, error.reason);
    }
  }
}

/** Bytes read from a results file's end to find its shard line (a few hundred bytes long). */
const TAIL_BYTES = 64 * 1024;

/**
 * The shard line that ends a shard's results file, or undefined when its last line is not one (a whole
 * run's results, a shard cut short or stopped, or a file written before shards recorded it). Reads only
 * the end of the file.
 */
export async function readShardLine(path: string): Promise<BatchShardLine | undefined> {
  const handle = await openRegularFile(path);
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    const text = tail.toString('utf8').trimEnd();
    const last = text.slice(text.lastIndexOf('\n') + 1);
    let value: unknown;
    try {
      value = JSON.parse(last);
    } catch {
      return undefined;
    }
    if (!isObject(value) || Object.hasOwn(value, 'id') || !Object.hasOwn(value, 'shard')) return undefined;
    const read = checkResultsLine(value, `${path} (last line)`);
    return read.kind === 'shard' ? read.line : undefined;
  } catch (error) {
    if (error instanceof ToolscoreInputError || !(error as NodeJS.ErrnoException).code) throw error;
    throw readError(path, error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}
