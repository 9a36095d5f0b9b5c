/**
 * `toolscore/batch`: datasets scored case by case, in worker threads, as a stream; shards and their
 * merge. A separate entry point, so `import 'toolscore'` does not load it.
 */
export { evaluateBatch, type BatchOptions, type BatchProgress } from './evaluate-batch.js';
export type { BatchRun } from './run.js';
export type { BatchSource } from './sources.js';
export type { BatchCase, CaseOptions } from './cases.js';
export { inShard, type Shard } from './shard.js';
export { mergeResults } from './merge.js';
export { readResultsFile } from './results-file.js';
export { serializeLine } from './results-line.js';
export { SummaryBuilder } from './summary.js';
export {
  BATCH_METRICS,
  BATCH_SCHEMA_VERSION,
  type BatchDistribution,
  type BatchErrorLine,
  type BatchLine,
  type BatchMetric,
  type BatchScoredLine,
  type BatchShardLine,
  type BatchSummary,
  type BatchToolCounts,
  type BatchTopIssue,
  type DatasetIdentity,
} from './types.js';
