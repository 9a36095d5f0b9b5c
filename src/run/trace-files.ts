import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';

/** Characters kept in a trace file's name as they are; any other run of characters becomes one `_`. */
const UNSAFE = /[^A-Za-z0-9._-]+/g;

/** Longest id part of a folder name: readable, and far under every file system's limit. */
const MAX_NAME = 48;

/**
 * Where a trial's trace is written, relative to the traces folder: `0003-refund_flow/trial-2.json` for
 * trial 2 of the third case, id `refund flow`. The case's number (from 1) makes the name unique whatever
 * the id (ids may repeat, differ only in case, or be made of characters no file name may hold); the id,
 * cut to the characters every file system keeps, makes it readable.
 */
export function traceFilePath(caseNumber: number, id: string, trial: number): string {
  const name = id
    .replace(UNSAFE, '_')
    .replace(/^[._]+/, '')
    .slice(0, MAX_NAME);
  const folder = `${String(caseNumber).padStart(4, '0')}${name === '' ? '' : `-${name}`}`;
  return join(folder, `trial-${trial}.json`);
}

/** The batch dataset a traces folder holds: every trace, one per line, in the order of the results. */
const TRACES_DATASET = 'cases.jsonl';

/**
 * A run's traces folder: one file per trial, written when the trial ends, and `cases.jsonl`, the same
 * texts one per line in results order, written as the results are (a partial file is renamed into place
 * at the end, so the dataset there is always whole).
 */
export class TracesFolder {
  private dataset: WriteStream | undefined;

  constructor(private readonly folder: string) {}

  /** Writes one trial's trace (a single line of JSON). */
  async write(path: string, text: string): Promise<void> {
    const file = join(this.folder, path);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, `${text}\n`);
  }

  /** A trace written by an earlier run (a resumed one), or undefined when it is not there. */
  async read(path: string): Promise<string | undefined> {
    try {
      return (await readFile(join(this.folder, path), 'utf8')).trimEnd();
    } catch {
      return undefined;
    }
  }

  /** Adds a trace to the dataset, in results order. */
  async append(text: string): Promise<void> {
    if (this.dataset === undefined) {
      await mkdir(this.folder, { recursive: true });
      this.dataset = createWriteStream(join(this.folder, `${TRACES_DATASET}.partial`));
    }
    const stream = this.dataset;
    if (!stream.write(`${text}\n`)) await new Promise<void>((done) => stream.once('drain', () => done()));
  }

  /** Closes the dataset and puts it in place of the previous one. */
  async close(): Promise<void> {
    const stream = this.dataset;
    if (stream === undefined) return;
    await new Promise<void>((done, fail) => stream.end((error?: Error | null) => (error ? fail(error) : done())));
    await rename(join(this.folder, `${TRACES_DATASET}.partial`), join(this.folder, TRACES_DATASET));
  }

  /** Drops a partial dataset (the run failed). */
  async abandon(): Promise<void> {
    this.dataset?.destroy();
    await rm(join(this.folder, `${TRACES_DATASET}.partial`), { force: true });
  }
}
