import { ToolscoreInputError } from '../core/errors.js';
import { DEFAULT_LIMITS } from '../core/limits.js';
import { openRegularFile, readError } from '../io/files.js';
import { fileLines } from '../io/jsonl.js';
import { parseJson } from '../io/json.js';
import { checkResultsLine } from './results-line.js';
import type { BatchLine } from './types.js';

/**
 * The lines of a `results.jsonl` file, read back as a stream (for `toolscore merge` and the batch
 * reports). A line that is not JSON, or not a results line, is an error naming the file and line.
 */
export async function* readResultsFile(path: string): AsyncGenerator<BatchLine> {
  const handle = await openRegularFile(path);
  let line = 0;
  try {
    for await (const text of fileLines(handle, path, DEFAULT_LIMITS.maxLineBytes)) {
      line++;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        try {
          parseJson(text, path);
        } catch (error) {
          if (error instanceof ToolscoreInputError) {
            const { column } = error.location;
            throw new ToolscoreInputError(
              { source: path, line, ...(column === undefined ? {} : { column }) },
              error.reason,
            );
          }
          throw error;
        }
      }
      yield checkResultsLine(value, `${path}:${line}`);
    }
  } catch (error) {
    if (error instanceof ToolscoreInputError || !(error as NodeJS.ErrnoException).code) throw error;
    throw readError(path, error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}
