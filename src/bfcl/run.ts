import { WorkerPool, inBatches } from '../batch/pool.js';
import { type BfclPlan, type BfclSources, planBfclRun } from './files.js';
import { BfclSummaryBuilder } from './summary.js';
import type { BfclItem, BfclLine, BfclSettings, BfclSummary } from './types.js';
import { BfclJudge } from './verdict.js';

/** Options of `evaluateBfcl()`. */
export interface BfclOptions {
  /**
   * Judging threads (default 1: this thread, no worker). A BFCL run is a few thousand entries, judged
   * in well under a second; a thread's start-up (loading and warming the judge) costs more than it
   * saves until runs are far larger (bench/RESULTS.md, BFCL section).
   */
  jobs?: number;
  /** Read a result name with `_` for the offered name's `.` as that function (default true). */
  underscoreToDot?: boolean;
  /** Called after each batch of entries: entries judged so far, of how many. */
  onProgress?: (progress: { done: number; total: number }) => void;
}

/** A BFCL run: iterate it once for the verdicts lines (in run order), then `summary()` counts them. */
export interface BfclRun extends AsyncIterable<BfclLine> {
  /** Per category and overall; throws until the iteration has ended. */
  summary(): BfclSummary;
}

/** Entries handed to a worker at once. */
const ENTRIES_PER_BATCH = 64;

/** Where the judging worker sits beside this module, in the package's build (`dist/bfcl/worker.js`). */
const WORKER_SCRIPT = new URL('../bfcl/worker.js', import.meta.url);

/**
 * Judges a model's BFCL results as the leaderboard does, entry by entry, and diagnoses each with
 * toolscore's metrics. The files are found and paired before anything is judged (bad input throws
 * `ToolscoreInputError`), or given as a plan `planBfclRun` made; entries are judged on the batch
 * machinery's worker pool.
 *
 * ```ts
 * const run = evaluateBfcl({ questions: 'data/', answers: 'data/possible_answer/', results: 'result/gpt-4o/' });
 * for await (const line of run) if ('valid' in line && !line.valid) console.log(line.id, line.error_type);
 * console.log(run.summary().categories);
 * ```
 */
export function evaluateBfcl(sources: BfclSources | BfclPlan, options: BfclOptions = {}): BfclRun {
  const { jobs = 1, underscoreToDot = true, onProgress } = options;
  if (!Number.isSafeInteger(jobs) || jobs < 1) throw new RangeError(`jobs must be a whole number ≥ 1, got ${jobs}`);
  const builder = new BfclSummaryBuilder();
  let summary: BfclSummary | undefined;
  let started = false;
  async function* lines(): AsyncGenerator<BfclLine> {
    if (started) throw new Error('a BFCL run can be iterated once');
    started = true;
    const plan = 'categories' in sources ? sources : await planBfclRun(sources);
    const settings: BfclSettings = { underscoreToDot, parameters: plan.parameters };
    const items: BfclItem[] = [];
    for (const category of plan.categories)
      for (const item of category.items) items.push({ ...item, index: items.length });
    const unanswered = plan.categories.reduce((sum, category) => sum + category.unanswered, 0);
    const batches = inBatches(items, ENTRIES_PER_BATCH);
    let done = 0;
    const pass = (judged: BfclLine[]): BfclLine[] => {
      for (const line of judged) builder.add(line);
      done += judged.length;
      onProgress?.({ done, total: items.length });
      return judged;
    };
    if (jobs === 1 || items.length <= ENTRIES_PER_BATCH) {
      const judge = new BfclJudge(settings);
      for await (const batch of batches) yield* pass(batch.map((item) => judge.judge(item)));
    } else {
      const pool = new WorkerPool<BfclItem, BfclLine[]>(
        WORKER_SCRIPT,
        Math.min(jobs, Math.ceil(items.length / ENTRIES_PER_BATCH)),
        settings,
      );
      try {
        for await (const judged of pool.map(batches)) yield* pass(judged);
      } finally {
        await pool.close();
      }
    }
    const textResults = plan.categories
      .filter(
        (category) =>
          category.kind === 'ast' && category.items.length > 0 && category.textResults === category.items.length,
      )
      .map((category) => ({ category: category.category, count: category.textResults }));
    summary = builder.summary(plan.skipped, unanswered, textResults);
  }
  return {
    [Symbol.asyncIterator]: () => lines(),
    summary() {
      if (summary === undefined) throw new Error('the summary is ready once the run has been iterated to its end');
      return summary;
    },
  };
}
