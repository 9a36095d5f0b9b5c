import { ToolscoreInputError } from '../core/errors.js';
import { readResultsFile } from './results-file.js';
import { checkMinScore } from '../core/grade.js';
import { summarizedRun, type BatchRun } from './run.js';
import { batchOfLines, type ScoredBatch } from './scored-batch.js';
import type { BatchLine } from './types.js';

/**
 * `toolscore merge`: the shards' results files as one run, with the lines and the aggregate an
 * unsharded run gives (the summary is built from the merged lines, in the same order).
 */
export function mergeResults(
  paths: readonly string[],
  options: { minScore?: number; createdAt?: Date } = {},
): BatchRun {
  const minScore = options.minScore === undefined ? undefined : checkMinScore(options.minScore);
  return summarizedRun(() => inBatches(mergedLines(paths)), { minScore, createdAt: options.createdAt });
}

/**
 * The lines of several shards' results files, merged back into dataset order by `index` (each file is
 * in that order already, so this is a streaming k-way merge holding one line per file). The result is
 * the lines an unsharded run writes: a case in two files (a shard given twice), a case missing between
 * two others (a shard left out) or a file out of order is an error.
 */
export async function* mergedLines(paths: readonly string[]): AsyncGenerator<BatchLine> {
  const readers = paths.map((path) => ({ path, lines: readResultsFile(path), last: -1 }));
  const heads: { line: BatchLine; from: number }[] = [];
  const advance = async (from: number): Promise<void> => {
    const reader = readers[from]!;
    const next = await reader.lines.next();
    if (next.done) return;
    if (next.value.index <= reader.last)
      throw new ToolscoreInputError(
        { source: reader.path },
        `case ${next.value.index} comes after case ${reader.last}; expected results lines in index order, as toolscore batch writes them`,
      );
    reader.last = next.value.index;
    heads.push({ line: next.value, from });
  };
  try {
    await Promise.all(readers.map((_, from) => advance(from)));
    let expected = 0;
    while (heads.length > 0) {
      let best = 0;
      for (let i = 1; i < heads.length; i++) if (heads[i]!.line.index < heads[best]!.line.index) best = i;
      const [{ line, from }] = heads.splice(best, 1) as [{ line: BatchLine; from: number }];
      if (line.index < expected)
        throw new ToolscoreInputError(
          { source: readers[from]!.path },
          `case ${line.index} (${JSON.stringify(line.id)}) is also in another file; was a shard given twice?`,
        );
      if (line.index > expected)
        throw new ToolscoreInputError(
          { source: readers[from]!.path },
          `cases ${expected}${line.index - 1 > expected ? `–${line.index - 1}` : ''} are in none of the files; is a shard missing?`,
        );
      expected++;
      yield line;
      await advance(from);
    }
  } finally {
    await Promise.all(readers.map((reader) => reader.lines.return(undefined)));
  }
}

/** Lines taken a few hundred at a time. */
async function* inBatches(lines: AsyncIterable<BatchLine>): AsyncGenerator<ScoredBatch> {
  let batch: BatchLine[] = [];
  for await (const line of lines) {
    batch.push(line);
    if (batch.length === 256) {
      yield batchOfLines(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield batchOfLines(batch);
}
