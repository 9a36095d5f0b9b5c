import { ToolscoreInputError } from '../core/errors.js';
import { checkMinScore } from '../core/grade.js';
import { readResultsFile, readShardLine } from './results-file.js';
import { checkShard, shardOf } from './shard.js';
import { summarizedRun, type BatchRun } from './run.js';
import { batchOfLines, type ScoredBatch } from './scored-batch.js';
import type { BatchLine, BatchShardLine } from './types.js';

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

/** A shard's results file and its last line. */
interface ShardFile {
  path: string;
  end: BatchShardLine;
}

/** `shard 2/3`. */
function shardName({ shard }: BatchShardLine): string {
  return `shard ${shard.index}/${shard.count}`;
}

/** `dataset sha256 1f2e3d4c… (30 cases)`. */
function datasetName({ dataset }: BatchShardLine): string {
  return `dataset sha256 ${dataset.sha256.slice(0, 12)}… (${dataset.cases} cases)`;
}

/**
 * The files as the complete set of one dataset's shards, in shard order. Each must end with its shard
 * line (a file cut short, or a run stopped, has none); all must name the same dataset and shard count,
 * and every shard of that count must be there once. Checked before any line is merged.
 */
async function shardSet(paths: readonly string[]): Promise<ShardFile[]> {
  if (paths.length === 0)
    throw new ToolscoreInputError({ source: 'merge' }, "expected the results files of a dataset's shards");
  const files: ShardFile[] = [];
  for (const path of paths) {
    const end = await readShardLine(path);
    if (end === undefined)
      throw new ToolscoreInputError(
        { source: path },
        'does not end with a shard line {"shard": …, "dataset": …}; toolscore batch --shard i/n writes one last, once the whole dataset was read (was the file cut short, or the run stopped?)',
      );
    checkShard(end.shard, path);
    files.push({ path, end });
  }
  const first = files[0]!;
  for (const file of files) {
    const { end } = file;
    if (end.dataset.sha256 !== first.end.dataset.sha256 || end.dataset.cases !== first.end.dataset.cases)
      throw new ToolscoreInputError(
        { source: file.path },
        `${shardName(end)} of ${datasetName(end)}, but ${first.path} is ${shardName(first.end)} of ${datasetName(first.end)}; merge the shards of one dataset`,
      );
    if (end.shard.count !== first.end.shard.count)
      throw new ToolscoreInputError(
        { source: file.path },
        `${shardName(end)}, but ${first.path} is ${shardName(first.end)}; the shards of one run share their count`,
      );
  }
  const { count } = first.end.shard;
  const byIndex: (ShardFile | undefined)[] = new Array(count).fill(undefined);
  for (const file of files) {
    const other = byIndex[file.end.shard.index - 1];
    if (other !== undefined)
      throw new ToolscoreInputError(
        { source: 'merge' },
        `${shardName(file.end)} is given twice: ${other.path} and ${file.path}`,
      );
    byIndex[file.end.shard.index - 1] = file;
  }
  const missing = byIndex.flatMap((file, i) => (file === undefined ? [`${i + 1}/${count}`] : []));
  if (missing.length > 0)
    throw new ToolscoreInputError(
      { source: 'merge' },
      `${missing.length === 1 ? 'shard' : 'shards'} ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''} of ${datasetName(first.end)} ${missing.length === 1 ? 'is' : 'are'} missing; merge needs every shard`,
    );
  return byIndex as ShardFile[];
}

/**
 * The lines of a dataset's shards, merged back into dataset order (memory holds one line per file). A
 * case is in shard (k mod n) + 1 by its position k, or, for a trial, by its case's id (`shardOf`); each
 * file holds its cases in index order, so case k is the next line of its position's shard or, for a
 * trial, of another. The result is the lines an unsharded run writes; a case missing from every shard
 * (a file cut short, a line taken out), a case in the wrong shard, or one past the dataset's count is an
 * error naming the file.
 */
async function* mergedLines(paths: readonly string[]): AsyncGenerator<BatchLine> {
  const shards = await shardSet(paths);
  const readers = shards.map((file) => ({
    ...file,
    lines: readResultsFile(file.path),
    next: undefined as IteratorResult<BatchLine> | undefined,
  }));
  const peek = async (reader: (typeof readers)[number]): Promise<IteratorResult<BatchLine>> => {
    reader.next ??= await reader.lines.next();
    return reader.next;
  };
  const { cases } = shards[0]!.end.dataset;
  const count = readers.length;
  let trials = false;
  try {
    for (let k = 0; k < cases; k++) {
      let holder: (typeof readers)[number] | undefined;
      for (let offset = 0; offset < count && holder === undefined; offset++) {
        const reader = readers[(k + offset) % count]!;
        const next = await peek(reader);
        if (!next.done && next.value.trial !== undefined) trials = true;
        if (!next.done && next.value.index === k) holder = reader;
      }
      if (holder === undefined)
        throw missingCase(readers[k % count]!, (await peek(readers[k % count]!)).value, k, cases, trials);
      const line = (holder.next as IteratorYieldResult<BatchLine>).value;
      holder.next = undefined;
      const due = shardOf(k, line.trial === undefined ? undefined : line.id, count);
      if (due !== holder.end.shard.index)
        throw new ToolscoreInputError(
          { source: holder.path },
          `case ${k} (${JSON.stringify(line.id)}${line.trial === undefined ? '' : `, trial ${line.trial}`}) is in ${shardName(holder.end)}, but belongs in shard ${due}/${count}${line.trial === undefined ? ' by its position' : " by its case's id"} (was a line moved?)`,
        );
      yield line;
    }
    for (const reader of readers) {
      const next = await peek(reader);
      if (!next.done)
        throw new ToolscoreInputError(
          { source: reader.path },
          `case ${next.value.index} (${JSON.stringify(next.value.id)}) is past the dataset's ${cases} cases`,
        );
    }
  } finally {
    await Promise.all(readers.map((reader) => reader.lines.return(undefined)));
  }
}

/**
 * Case k is in no shard. Without trials its shard is known, and named; with trials it may have been a
 * trial kept by its id in any shard.
 */
function missingCase(
  reader: ShardFile,
  next: BatchLine | undefined,
  k: number,
  cases: number,
  trials: boolean,
): ToolscoreInputError {
  if (trials)
    return new ToolscoreInputError(
      { source: 'merge' },
      `case ${k} of ${cases} is in none of the shards (cases are missing: was a line taken out?)`,
    );
  if (next === undefined)
    return new ToolscoreInputError(
      { source: reader.path },
      `${shardName(reader.end)} of ${cases} cases ends before case ${k}, which it holds (cases are missing: was a line taken out?)`,
    );
  return new ToolscoreInputError(
    { source: reader.path },
    `case ${next.index} (${JSON.stringify(next.id)}) where case ${k} was due; ${shardName(reader.end)} holds cases ${reader.end.shard.index - 1}, ${reader.end.shard.index - 1 + reader.end.shard.count}, … in index order (was a line taken out or moved?)`,
  );
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
