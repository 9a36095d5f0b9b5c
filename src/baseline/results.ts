import { ToolscoreInputError } from '../core/errors.js';
import { readResultsFile } from '../batch/results-file.js';
import type { BatchLine } from '../batch/types.js';

/**
 * The lines of a batch's `results.jsonl` (scored cases and error lines alike), read by the batch's own
 * reader. Cases are matched by id, so an id given twice is an error naming both lines' positions, unless
 * both lines carry a `trial`: then they are trials of one case.
 */
export async function readResults(path: string): Promise<BatchLine[]> {
  const lines: BatchLine[] = [];
  const seen = new Map<string, number>();
  for await (const line of readResultsFile(path)) {
    const first = seen.get(line.id);
    const trials =
      first === undefined ? 0 : Number(line.trial !== undefined) + Number(lines[first]!.trial !== undefined);
    if (first !== undefined && trials < 2)
      throw new ToolscoreInputError(
        { source: path },
        `case id ${JSON.stringify(line.id)} is in results ${first + 1} and ${lines.length + 1}; cases are matched by id${
          trials === 1 ? ' (the trials of one case all carry `trial`)' : ''
        }`,
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
