import { resolve } from 'node:path';
import { test as base, expect, type RunnerTask } from 'vitest';
import type { EvaluationResult } from '../../evaluation/result.js';
import { evaluateTrace, type EvaluateTraceOptions } from '../../evaluation/evaluate-trace.js';
import { assertTools } from '../assert-tools.js';
import * as metricAssertions from '../metric-assertions.js';
import { runnerUpdates, type ToolSnapshotOptions } from '../matchers.js';
import { checkSnapshot, type SnapshotCheck } from '../snapshots/check.js';
import { snapshotMode } from '../snapshots/mode.js';
import { snapshotNameFor } from '../snapshots/naming.js';

/** Where the fixtures find files (relative paths resolve against the working folder). */
export interface ToolscoreFixtureOptions {
  /** Gold standards folder (default `tests/gold_standards`). */
  goldDir?: string;
  /** Traces folder (default `tests/traces`). */
  traceDir?: string;
  /** Snapshot folder (default `TOOLSCORE_SNAPSHOT_DIR`, else `.toolscore/snapshots`). */
  snapshotDir?: string;
  /** Missing and pending snapshots only warn, even in CI. */
  allowPending?: boolean;
}

/** The fixtures a `toolscoreTest()` test can destructure. */
export interface ToolscoreFixtures {
  /** The gold standards folder, absolute. */
  toolscoreGoldDir: string;
  /** The traces folder, absolute. */
  toolscoreTraceDir: string;
  /** `evaluateTrace` with relative paths resolved against the gold and trace folders; `strictGold` unless told otherwise. */
  toolscoreEval: (
    gold: string,
    trace: string,
    options?: Omit<EvaluateTraceOptions, 'goldFile' | 'traceFile'>,
  ) => Promise<EvaluationResult>;
  /** The metric assertion helpers. */
  toolscoreAssert: typeof metricAssertions;
  /** `assertTools`. */
  toolscoreAssertTools: typeof assertTools;
  /** Record → approve → replay, named after the running test. */
  toolscoreSnapshot: (actual: unknown, options?: Omit<ToolSnapshotOptions, 'store'>) => SnapshotCheck;
}

/** `describe > test`, as Vitest names the running test (the fixture's own task, right under concurrency too). */
function fullTestName(task: RunnerTask): string {
  const names = [task.name];
  for (let suite = task.suite; suite && suite !== task.file; suite = suite.suite) names.unshift(suite.name);
  return names.join(' > ');
}

/** A Vitest `test` with the toolscore fixtures, reading files from the given folders. */
export function toolscoreTest(options: ToolscoreFixtureOptions = {}) {
  return base.extend<ToolscoreFixtures>({
    // Vitest reads each fixture's dependencies from its destructuring pattern, so `{}` must stay.
    // eslint-disable-next-line no-empty-pattern
    toolscoreGoldDir: async ({}, use) => use(resolve(options.goldDir ?? 'tests/gold_standards')),
    // eslint-disable-next-line no-empty-pattern
    toolscoreTraceDir: async ({}, use) => use(resolve(options.traceDir ?? 'tests/traces')),
    toolscoreEval: async ({ toolscoreGoldDir, toolscoreTraceDir }, use) =>
      use((gold, trace, evalOptions = {}) =>
        evaluateTrace({
          // In a test a typo in the gold file is a bug: an unknown key fails it (strictGold: false warns).
          strictGold: true,
          ...evalOptions,
          goldFile: resolve(toolscoreGoldDir, gold),
          traceFile: resolve(toolscoreTraceDir, trace),
        }),
      ),
    // eslint-disable-next-line no-empty-pattern
    toolscoreAssert: async ({}, use) => use(metricAssertions),
    // eslint-disable-next-line no-empty-pattern
    toolscoreAssertTools: async ({}, use) => use(assertTools),
    toolscoreSnapshot: async ({ task }, use) =>
      use((actual, snapshotOptions = {}) => {
        const name =
          snapshotOptions.name ??
          snapshotNameFor({ currentTestName: fullTestName(task), testPath: task.file.filepath });
        const mode = snapshotMode(process.env, {
          update: runnerUpdates(expect.getState()),
          allowPending: snapshotOptions.allowPending ?? options.allowPending,
        });
        return checkSnapshot(actual, { ...snapshotOptions, name, mode, store: options.snapshotDir, source: 'vitest' });
      }),
  });
}
