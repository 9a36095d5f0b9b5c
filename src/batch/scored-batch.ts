import type { BatchItem, CaseDefaults, CaseScorer } from './cases.js';
import { chunkColumns, type ChunkColumns } from './line-columns.js';
import { isScoredLine, serializeLine } from './results-line.js';
import { SummaryBuilder, type SummaryDigest } from './summary.js';
import type { BatchLine } from './types.js';

/**
 * Consecutive results lines, as the run's threads pass them on: their JSON Lines text and the digest of
 * their summary, so the thread that writes does not rebuild (or even parse) the lines.
 */
export interface ScoredBatch {
  /** The lines, each ending in a line break. */
  text: string;
  digest: SummaryDigest;
  /** The batch ends at a case that could not be read or scored (only when asked to stop there). */
  stopped: boolean;
  /** The lines' store columns and tallies by tool, when the run was asked for them (`BatchOptions.lineColumns`). */
  columns?: ChunkColumns;
}

/** What a scoring worker starts with. */
export interface WorkerSetup {
  defaults: CaseDefaults;
  /** End each batch at its first case that cannot be read (--fail-fast). */
  stopAtError: boolean;
  /** Read each line's store columns too. */
  columns: boolean;
}

/** The batch of some lines, with their store columns when asked. */
export function batchOfLines(lines: readonly BatchLine[], stopped = false, columns = false): ScoredBatch {
  const builder = new SummaryBuilder();
  let text = '';
  for (const line of lines) {
    builder.add(line);
    text += `${serializeLine(line)}\n`;
  }
  const batch: ScoredBatch = { text, digest: builder.digest(), stopped };
  if (columns) batch.columns = chunkColumns(lines as unknown as Record<string, unknown>[]);
  return batch;
}

/**
 * Scores items in order, in this thread (a worker, or the only thread with --jobs 1); `stopAtError` ends
 * at the first bad case. With `readAhead`, the items' texts are read together first
 * (`CaseScorer.readAhead`); a line that is not a promise (every case but trace files) is taken without
 * waiting a turn. `scoreItemsPlainly` is the reference.
 */
export async function scoreItems(
  scorer: CaseScorer,
  items: readonly BatchItem[],
  { stopAtError, columns }: Omit<WorkerSetup, 'defaults'>,
  readAhead = false,
): Promise<ScoredBatch> {
  const lines: BatchLine[] = [];
  const parsed = readAhead ? scorer.readAhead(items) : [];
  for (let k = 0; k < items.length; k++) {
    const scored = scorer.score(items[k]!, parsed[k]);
    const line = scored instanceof Promise ? await scored : scored;
    lines.push(line);
    if (stopAtError && !isScoredLine(line)) return batchOfLines(lines, true, columns);
  }
  return batchOfLines(lines, false, columns);
}

/** `scoreItems` the plain way: each case's text parsed as it is scored, every line awaited. */
export async function scoreItemsPlainly(
  scorer: CaseScorer,
  items: readonly BatchItem[],
  { stopAtError, columns }: Omit<WorkerSetup, 'defaults'>,
): Promise<ScoredBatch> {
  const lines: BatchLine[] = [];
  for (const item of items) {
    const line = await scorer.score(item);
    lines.push(line);
    if (stopAtError && !isScoredLine(line)) return batchOfLines(lines, true, columns);
  }
  return batchOfLines(lines, false, columns);
}
