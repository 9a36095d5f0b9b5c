import { relative, sep } from 'node:path';

/** What a test runner tells about the running test (Vitest's and Jest's matcher state). */
export interface SnapshotNaming {
  /** `describe > test` in Vitest, `describe test` in Jest. */
  currentTestName?: string | undefined;
  /** Absolute path of the test file. */
  testPath?: string | undefined;
}

/** How many unnamed snapshots each test has taken so far in this worker. */
const taken = new Map<string, number>();

/**
 * The default snapshot name of a test: its file relative to the working folder and its full name
 * (`test/agent.test.ts > books a flight`), so equal test names in two files do not share a snapshot;
 * the second and later unnamed snapshots in one test get `-2`, `-3`, ….
 */
export function snapshotNameFor(state: SnapshotNaming): string {
  const test = state.currentTestName;
  if (!test) throw new TypeError('no running test to name the snapshot after: pass { name }');
  const file = state.testPath ? relative(process.cwd(), state.testPath).split(sep).join('/') : '';
  const base = file ? `${file} > ${test}` : test;
  const count = (taken.get(base) ?? 0) + 1;
  taken.set(base, count);
  return count === 1 ? base : `${base}-${count}`;
}
