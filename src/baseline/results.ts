import { ToolscoreInputError } from '../core/errors.js';
import { readResultsFile } from '../batch/results-file.js';
import type { BatchLine } from '../batch/types.js';

/**
 * The lines of a batch's `results.jsonl` (scored cases and error lines alike), read by the batch's own
 * reader. Cases are matched by id, so an id given twice is an error naming both lines' positions.
 */
export async function readResults(path: string): Promise<BatchLine[]> {
  const lines: BatchLine[] = [];
  const seen = new Map<string, number>();
  for await (const line of readResultsFile(path)) {
    const first = seen.get(line.id);
    if (first !== undefined)
      throw new ToolscoreInputError(
        { source: path },
        `case id ${JSON.stringify(line.id)} is in results ${first + 1} and ${lines.length + 1}; cases are matched by id`,
      );
    seen.set(line.id, lines.length);
    lines.push(line);
  }
  if (lines.length === 0)
    throw new ToolscoreInputError(
      { source: path },
      'no results lines; expected the results.jsonl of a toolscore batch run',
    );
  return lines;
}
