import { SummaryBuilder } from './summary.js';
import type { BatchLine, BatchSummary } from './types.js';

/** A batch run: iterate it for the results lines in dataset order; then `summary()` is the aggregate. */
export interface BatchRun extends AsyncIterable<BatchLine> {
  /** The aggregate of every line yielded; throws until the iteration has ended. */
  summary(): BatchSummary;
}

/** How a run's lines are summarized, and when it stops early. */
export interface RunOptions {
  /** The gate the summary's `pass_rate` is measured at. */
  minScore?: number | undefined;
  /** The summary's `created_at` (default: when the run ends). */
  createdAt?: Date | undefined;
  /** Called after each line with the counts so far; answering false ends the run after that line. */
  onLine?: (line: BatchLine, counts: { scored: number; failed: number }) => boolean;
}

/** A run over `produce()`'s lines (in index order), summarized as they pass. Iterable once. */
export function summarizedRun(produce: () => AsyncIterable<BatchLine>, options: RunOptions): BatchRun {
  const builder = new SummaryBuilder();
  let summary: BatchSummary | undefined;
  let started = false;
  async function* lines(): AsyncGenerator<BatchLine> {
    for await (const line of produce()) {
      builder.add(line);
      yield line;
      if (options.onLine?.(line, builder.counts) === false) break;
    }
    summary = builder.summary({ createdAt: options.createdAt ?? new Date(), minScore: options.minScore });
  }
  return {
    [Symbol.asyncIterator]() {
      if (started) throw new Error('a batch run can be iterated once');
      started = true;
      return lines();
    },
    summary() {
      if (summary === undefined) throw new Error('the summary is ready once the run has been iterated to its end');
      return summary;
    },
  };
}
