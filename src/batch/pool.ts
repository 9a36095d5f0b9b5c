import { Worker } from 'node:worker_threads';
import type { BatchItem, CaseDefaults } from './cases.js';
import type { ScoredBatch } from './scored-batch.js';

/** A batch of items posted to a worker, numbered so the answers can be put back in order. */
export interface ItemBatch {
  seq: number;
  items: BatchItem[];
}

/** A worker's answer: the scored batch of the items it was posted. */
export interface WorkerAnswer {
  seq: number;
  scored: ScoredBatch;
}

/** What a worker starts with. */
export interface WorkerSetup {
  defaults: CaseDefaults;
  /** End each batch at its first case that cannot be read (--fail-fast). */
  stopAtError: boolean;
}

/** Batches waiting or being scored per worker: enough that none idles while the main thread reads. */
const BATCHES_PER_WORKER = 4;

/** Where the worker script sits beside this module, in the package's build (`dist/batch/worker.js`). */
const WORKER_SCRIPT = new URL('../batch/worker.js', import.meta.url);

/**
 * Scoring threads fed batches of items. `map` keeps at most BATCHES_PER_WORKER batches per worker in
 * flight and yields the answers in the order of the batches, so output is ordered and memory bounded
 * whatever the input's size.
 */
export class WorkerPool {
  private readonly workers: { worker: Worker; busy: number }[] = [];
  private readonly waiting = new Map<number, { resolve(lines: ScoredBatch): void; reject(error: Error): void }>();
  private failure: Error | undefined;
  private closed = false;

  constructor(jobs: number, setup: WorkerSetup) {
    for (let i = 0; i < jobs; i++) {
      // A smaller young generation than V8's default keeps each thread's heap (and so peak RSS) lower,
      // at no measurable cost in time (bench/RESULTS.md, batch section: default 317 MB, 16 MB 261 MB,
      // 8 MB 231–238 MB on 100,000 cases with 2 jobs).
      const worker = new Worker(WORKER_SCRIPT, { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
      const slot = { worker, busy: 0 };
      worker.on('message', (answer: WorkerAnswer) => {
        slot.busy--;
        const waiter = this.waiting.get(answer.seq);
        this.waiting.delete(answer.seq);
        waiter?.resolve(answer.scored);
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0 && !this.closed) this.fail(new Error(`a scoring worker stopped with exit code ${code}`));
      });
      this.workers.push(slot);
    }
  }

  /** The scored batches, in the order of the item batches. */
  async *map(batches: AsyncIterable<BatchItem[]>): AsyncIterable<ScoredBatch> {
    const source = batches[Symbol.asyncIterator]();
    const inFlight = new Map<number, Promise<ScoredBatch>>();
    const limit = this.workers.length * BATCHES_PER_WORKER;
    let next = 0;
    let out = 0;
    let ended = false;
    for (;;) {
      while (!ended && inFlight.size < limit) {
        const read = await source.next();
        if (read.done) {
          ended = true;
          break;
        }
        inFlight.set(next, this.submit(next, read.value));
        next++;
      }
      const head = inFlight.get(out);
      if (head === undefined) return;
      inFlight.delete(out);
      out++;
      yield await head;
    }
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }

  private submit(seq: number, items: BatchItem[]): Promise<ScoredBatch> {
    if (this.failure) return Promise.reject(this.failure);
    let slot = this.workers[0]!;
    for (const other of this.workers) if (other.busy < slot.busy) slot = other;
    slot.busy++;
    const answer = new Promise<ScoredBatch>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    // Awaited in order later; a failure before then must not count as unhandled.
    answer.catch(() => undefined);
    slot.worker.postMessage({ seq, items } satisfies ItemBatch);
    return answer;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }
}
