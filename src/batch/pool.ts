import { Worker, parentPort, workerData } from 'node:worker_threads';

/** A batch of items posted to a worker, numbered so the answers can be put back in order. */
interface ItemBatch<Item> {
  seq: number;
  items: Item[];
}

/** A worker's answer to the batch of the same number. */
interface WorkerAnswer<Answer> {
  seq: number;
  answer: Answer;
}

/** Batches waiting or being scored per worker: enough that none idles while the main thread reads. */
const BATCHES_PER_WORKER = 4;

/**
 * Scoring threads fed batches of items, each thread running `script` (a module of the package's build
 * that calls `serveBatches`) with `setup` as its worker data. `map` keeps at most BATCHES_PER_WORKER
 * batches per worker in flight and yields the answers in the order of the batches, so output is
 * ordered and memory bounded whatever the input's size. Batch scoring and the BFCL verdicts share it.
 */
export class WorkerPool<Item, Answer> {
  private readonly workers: { worker: Worker; busy: number }[] = [];
  private readonly waiting = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
  private failure: Error | undefined;
  private closed = false;

  constructor(script: URL, jobs: number, setup: unknown) {
    for (let i = 0; i < jobs; i++) {
      // A smaller young generation than V8's default keeps each thread's heap (and so peak RSS) lower,
      // at no measurable cost in time (bench/RESULTS.md, batch section: default 317 MB, 16 MB 261 MB,
      // 8 MB 231–238 MB on 100,000 cases with 2 jobs).
      const worker = new Worker(script, { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
      const slot = { worker, busy: 0 };
      worker.on('message', ({ seq, answer }: WorkerAnswer<Answer>) => {
        slot.busy--;
        const waiter = this.waiting.get(seq);
        this.waiting.delete(seq);
        waiter?.resolve(answer);
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0 && !this.closed) this.fail(new Error(`a scoring worker stopped with exit code ${code}`));
      });
      this.workers.push(slot);
    }
  }

  /** The answers, in the order of the item batches. */
  async *map(batches: AsyncIterable<Item[]>): AsyncIterable<Answer> {
    const source = batches[Symbol.asyncIterator]();
    const inFlight = new Map<number, Promise<Answer>>();
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

  private submit(seq: number, items: Item[]): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    let slot = this.workers[0]!;
    for (const other of this.workers) if (other.busy < slot.busy) slot = other;
    slot.busy++;
    const answer = new Promise<Answer>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    // Awaited in order later; a failure before then must not count as unhandled.
    answer.catch(() => undefined);
    slot.worker.postMessage({ seq, items } satisfies ItemBatch<Item>);
    return answer;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }
}

/**
 * The body of a worker script: answers each batch the pool posts with `handle`, one batch after
 * another (an asynchronous handler's batches stay in order), and returns the worker data it started with.
 */
export function serveBatches<Setup, Item, Answer>(
  handle: (setup: Setup) => (items: Item[]) => Answer | Promise<Answer>,
): void {
  const port = parentPort;
  if (port === null) throw new Error('serveBatches runs in a worker thread');
  const answer = handle(workerData as Setup);
  let previous: Promise<void> = Promise.resolve();
  port.on('message', ({ seq, items }: ItemBatch<Item>) => {
    previous = previous.then(async () => {
      port.postMessage({ seq, answer: await answer(items) } satisfies WorkerAnswer<Answer>);
    });
  });
}

/** Items in batches of `size` (the last one shorter), as the pool and a one-thread run take them. */
export async function* inBatches<T>(items: AsyncIterable<T> | Iterable<T>, size: number): AsyncIterable<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
