import { availableParallelism } from 'node:os';
import { resolveSettings, type SettingsInput } from '../evaluation/evaluate.js';
import { checkFormatName } from '../formats/registry.js';
import { checkMinScore } from '../core/grade.js';
import { CaseScorer, trialCaseId, type BatchItem, type CaseDefaults } from './cases.js';
import { WorkerPool, inBatches } from './pool.js';
import { checkShard, inShard, shardLineText, shardSize, type Shard } from './shard.js';
import { openSource, type BatchSource } from './sources.js';
import { summarizedRun, type BatchRun } from './run.js';
import { scoreItems, type ScoredBatch, type WorkerSetup } from './scored-batch.js';
import type { DatasetIdentity } from './types.js';

/** Options of `evaluateBatch()`: the defaults of every case (a case's own `options` override them) and how to run. */
export interface BatchOptions extends SettingsInput {
  /** Trace format of `actual` and of trace files; `auto` (default) detects it per case. */
  format?: string;
  /** Scoring threads (default: the available cores); 1 scores in this thread, with no worker. */
  jobs?: number;
  /** Score only this slice of the cases (`{index: 2, count: 3}`: the 2nd of 3; see `inShard`). */
  shard?: Shard;
  /** Stop after the first case that cannot be read or scored. */
  failFast?: boolean;
  /**
   * Let a case's `options.limits` raise these limits (default false: a case may only lower them, and one
   * that raises a limit is an error line).
   */
  allowCaseLimits?: boolean;
  /** The gate the summary's `pass_rate` is measured at. */
  minScore?: number;
  /** Called as the run goes (after each batch of cases): cases done, and the share of the input read when known. */
  onProgress?: (progress: BatchProgress) => void;
  /** The summary's `created_at` (default: when the run ends). */
  createdAt?: Date;
  /**
   * An unknown key in a case's gold (or the gold file) makes the case an error line; by default it is
   * a warning on the case's line (`gold_warnings`), counted in the summary.
   */
  strictGold?: boolean;
  /**
   * Also read each line's store columns in the scoring threads (`BatchRun.chunks()`), for a store that
   * keeps the run (`--store`) without parsing the lines again.
   */
  lineColumns?: boolean;
}

/** How far a run has come. */
export interface BatchProgress {
  /** Results lines yielded so far (scored and failed). */
  done: number;
  /** The lines the run will yield, when known (see `ItemStream.total`): `done` of `total`. */
  total: number | undefined;
  failed: number;
  /** Share of the input read, in [0, 1], when its size is known. */
  readShare: number | undefined;
}

/** Where the scoring worker sits beside this module, in the package's build (`dist/batch/worker.js`). */
const WORKER_SCRIPT = new URL('../batch/worker.js', import.meta.url);

/** Items handed to a worker at once: large enough to make a message cheap, small enough to keep both threads fed. */
const ITEMS_PER_BATCH = 64;

/**
 * Scores a dataset case by case, as a stream: lines come in dataset order (whatever `jobs` is), memory
 * stays flat, and `summary()` gives the aggregate once the iteration is over. Options are checked
 * before anything is read (bad ones throw `ToolscoreInputError`); a case that cannot be read or
 * scored becomes an error line and the run goes on (unless `failFast`).
 *
 * ```ts
 * const run = evaluateBatch({ dataset: 'cases.jsonl' }, { minScore: 0.8 });
 * for await (const line of run) if ('error' in line) console.error(line.error);
 * console.log(run.summary().score.mean);
 * ```
 */
export function evaluateBatch(source: BatchSource, options: BatchOptions = {}): BatchRun {
  const { format = 'auto', jobs = availableParallelism(), shard, failFast = false, onProgress } = options;
  const defaults: CaseDefaults = {
    settings: settingsOf(options),
    format: checkFormatName(format),
    ...(options.strictGold ? { strictGold: true } : {}),
    allowCaseLimits: options.allowCaseLimits === true,
  };
  // Checked now, in this thread, so a bad default fails the call rather than every case.
  const { limits, mode } = resolveSettings(defaults.settings);
  if (shard !== undefined) checkShard(shard);
  const minScore = options.minScore === undefined ? undefined : checkMinScore(options.minScore);
  if (!Number.isSafeInteger(jobs) || jobs < 1) throw new RangeError(`jobs must be a whole number ≥ 1, got ${jobs}`);
  async function* scoredBatches(): AsyncGenerator<ScoredBatch> {
    const stream = await openSource(source, limits.maxLineBytes, {
      identify: shard !== undefined,
      countLines: onProgress !== undefined,
      format: defaults.format,
      keepNumberKinds: mode === 'strict',
    });
    readShare = stream.readShare;
    identity = stream.identity;
    const sharded = onlyShard(stream.items, shard);
    total = () => {
      const items = stream.total();
      // A shard holding trials by their case's id takes a share no count of positions gives.
      return items === undefined || sharded.byId() ? undefined : shardSize(items, shard);
    };
    const batches = inBatches(sharded.items, ITEMS_PER_BATCH);
    const how = { stopAtError: failFast, columns: options.lineColumns === true };
    if (jobs === 1) {
      const scorer = new CaseScorer(defaults);
      // Read ahead here, not in a worker: with a worker's small young generation (pool.ts), 64 cases read
      // ahead outlive its collections, which costs more than the reading saves (bench/RESULTS.md, issue 38's
      // fifth round: 3% more CPU with 2 jobs; 4–9% less with one).
      for await (const items of batches) yield await scoreItems(scorer, items, how, true);
      return;
    }
    const pool = new WorkerPool<BatchItem, ScoredBatch>(WORKER_SCRIPT, jobs, {
      defaults,
      ...how,
    } satisfies WorkerSetup);
    try {
      yield* pool.map(batches);
    } finally {
      await pool.close();
    }
  }
  let readShare: () => number | undefined = () => undefined;
  let identity: () => DatasetIdentity | undefined = () => undefined;
  let total: () => number | undefined = () => undefined;
  return summarizedRun(scoredBatches, {
    minScore,
    createdAt: options.createdAt,
    // A shard's results end with which shard of which dataset they are, for merge to check the set.
    lastLine: () => {
      const dataset = identity();
      return shard === undefined || dataset === undefined ? undefined : shardLineText({ shard, dataset });
    },
    onBatch: ({ scored, failed }) =>
      onProgress?.({ done: scored + failed, total: total(), failed, readShare: readShare() }),
  });
}

/** The case defaults of the options, as plain data a worker can receive. */
function settingsOf(options: BatchOptions): SettingsInput {
  const { weights, strict, forbidden, tools, budgets, limits, turnAggregate } = options;
  return { weights, strict, forbidden, tools, budgets, limits, turnAggregate };
}

/** The items of a shard (a trial by its case's id, any other case by position); `byId` once a trial was met. */
function onlyShard(
  items: AsyncIterable<BatchItem>,
  shard: Shard | undefined,
): { items: AsyncIterable<BatchItem>; byId(): boolean } {
  // Without a shard every item is kept: handed on as they are, with no generator between.
  if (shard === undefined) return { items, byId: () => false };
  let byId = false;
  async function* kept(): AsyncIterable<BatchItem> {
    for await (const item of items) {
      const trialId = trialCaseId(item);
      if (trialId !== undefined) byId = true;
      if (inShard(item.index, shard, trialId)) yield item;
    }
  }
  return { items: kept(), byId: () => byId };
}
