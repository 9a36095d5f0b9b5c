/**
 * A scoring thread of `evaluateBatch()`: it builds a CaseScorer from the run's defaults, then scores
 * each batch of items the main thread posts, in order, and posts back the lines' text and digest.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CaseScorer } from './cases.js';
import type { ItemBatch, WorkerSetup } from './pool.js';
import { scoreItems } from './scored-batch.js';

const { defaults, stopAtError } = workerData as WorkerSetup;
const scorer = new CaseScorer(defaults);
const port = parentPort!;
// Batches of trace files are scored asynchronously (their files are read); the chain keeps them in order.
let previous: Promise<void> = Promise.resolve();

port.on('message', (batch: ItemBatch) => {
  previous = previous.then(async () => {
    const scored = await scoreItems(scorer, batch.items, stopAtError);
    port.postMessage({ seq: batch.seq, scored });
  });
});
