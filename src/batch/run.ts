import type { ChunkColumns } from './line-columns.js';
import type { ScoredBatch } from './scored-batch.js';
import { SummaryBuilder } from './summary.js';
import type { BatchLine, BatchSummary } from './types.js';

/**
 * A batch run. Iterate it once, either for the results lines as objects (`for await (const line of
 * run)`) or for their JSON Lines text (`run.text()`, what `-o` writes, cheaper: no line is parsed in
 * this thread); then `summary()` is the aggregate.
 */
export interface BatchRun extends AsyncIterable<BatchLine> {
  /** The results as JSON Lines text, in chunks of whole lines, in dataset order (a shard's ends with its `BatchShardLine`). */
  text(): AsyncIterable<string>;
  /** The same chunks of text, each with its lines' store columns when the run read them (`lineColumns`). */
  chunks(): AsyncIterable<ResultsChunk>;
  /** The aggregate of every line; throws until the iteration has ended. */
  summary(): BatchSummary;
}

/** Whole lines of results text, and their store columns (one per line, and tallies by tool) when they were read. */
export interface ResultsChunk {
  text: string;
  columns?: ChunkColumns | undefined;
}

/** How a run's batches are summarized, and what is told as they pass. */
export interface RunOptions {
  /** The gate the summary's `pass_rate` is measured at. */
  minScore?: number | undefined;
  /** The summary's `created_at` (default: when the run ends). */
  createdAt?: Date | undefined;
  /** Called after each batch with the counts so far. */
  onBatch?: (counts: { scored: number; failed: number }) => void;
  /** The text's last line, asked for once every batch has passed (a shard's line); none when a batch stopped. */
  lastLine?: () => string | undefined;
}

/** A run over `produce()`'s batches (in index order), summarized as they pass; it ends after a batch that stopped. */
export function summarizedRun(produce: () => AsyncIterable<ScoredBatch>, options: RunOptions): BatchRun {
  const builder = new SummaryBuilder();
  let summary: BatchSummary | undefined;
  let started = false;
  /** The results lines' text; then, when the run went to its end, the last line if any. */
  async function* resultsText(): AsyncGenerator<ResultsChunk, string | undefined> {
    if (started) throw new Error('a batch run can be iterated once');
    started = true;
    let stopped = false;
    for await (const batch of produce()) {
      builder.merge(batch.digest);
      if (batch.text !== '') yield batch;
      options.onBatch?.(builder.counts);
      stopped = batch.stopped;
      if (stopped) break;
    }
    summary = builder.summary({ createdAt: options.createdAt ?? new Date(), minScore: options.minScore });
    return stopped ? undefined : options.lastLine?.();
  }
  async function* chunks(): AsyncGenerator<ResultsChunk> {
    const last = yield* resultsText();
    if (last !== undefined) yield { text: `${last}\n` };
  }
  async function* text(): AsyncGenerator<string> {
    for await (const chunk of chunks()) yield chunk.text;
  }
  async function* lines(): AsyncGenerator<BatchLine> {
    for await (const { text: chunk } of resultsText()) {
      let start = 0;
      for (let end = chunk.indexOf('\n'); end >= 0; end = chunk.indexOf('\n', start)) {
        yield JSON.parse(chunk.slice(start, end)) as BatchLine;
        start = end + 1;
      }
    }
  }
  return {
    [Symbol.asyncIterator]: lines,
    text,
    chunks,
    summary() {
      if (summary === undefined) throw new Error('the summary is ready once the run has been iterated to its end');
      return summary;
    },
  };
}
