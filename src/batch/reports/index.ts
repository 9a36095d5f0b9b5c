/*
 * TEMPORARY STUB (h-batch): the batch reports are written on the batchrep branch, which replaces this
 * file with the real module of the same API. It exists only so the CLI that calls them typechecks.
 */
import type { BatchLine, BatchSummary } from '../types.js';

export interface BatchReportInput {
  summary: BatchSummary;
  lines: () => AsyncIterable<BatchLine>;
  minScore?: number;
  minScoreEach?: boolean;
  now?: Date;
}

function missing(): never {
  throw new Error('the batch reports are not part of this build yet');
}

export function batchHtmlChunks(_input: BatchReportInput): AsyncIterable<string> {
  return missing();
}
export function batchMarkdown(_input: BatchReportInput): Promise<string> {
  return missing();
}
export function batchJunitChunks(_input: BatchReportInput): AsyncIterable<string> {
  return missing();
}
export function batchCsvChunks(_input: BatchReportInput): AsyncIterable<string> {
  return missing();
}
