/**
 * A scoring thread of `evaluateBatch()`: it builds a CaseScorer from the run's defaults, then scores
 * each batch of items the main thread posts, in order, and posts back the lines' text and digest.
 */
import { CaseScorer, type BatchItem } from './cases.js';
import { serveBatches } from './pool.js';
import { scoreItems, type ScoredBatch, type WorkerSetup } from './scored-batch.js';

serveBatches<WorkerSetup, BatchItem, ScoredBatch>(({ defaults, ...how }) => {
  const scorer = new CaseScorer(defaults);
  return (items) => scoreItems(scorer, items, how);
});
