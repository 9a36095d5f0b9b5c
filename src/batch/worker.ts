/**
 * A scoring thread of `evaluateBatch()`: it builds a CaseScorer from the run's defaults, then scores
 * each batch of items the main thread posts, in order, and posts the results lines back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CaseScorer, type CaseDefaults } from './cases.js';
import type { ItemBatch, LineBatch } from './pool.js';

const scorer = new CaseScorer(workerData as CaseDefaults);
const port = parentPort!;
// Batches of trace files are scored asynchronously (their files are read); the chain keeps them in order.
let previous: Promise<void> = Promise.resolve();

port.on('message', (batch: ItemBatch) => {
  previous = previous.then(async () => {
    const lines = [];
    for (const item of batch.items) lines.push(await scorer.score(item));
    port.postMessage({ seq: batch.seq, lines } satisfies LineBatch);
  });
});
