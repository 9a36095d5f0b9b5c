import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { snapshotSummaryText, type SnapshotOutcome } from '../text.js';

/**
 * The environment variable naming the file where snapshot checks append their outcomes, one per line.
 * A runner integration (or `toolscore record`) sets it before the tests start and prints the one-line
 * summary after they end; test workers inherit it, so outcomes from every worker are counted.
 */
export const SNAPSHOT_LOG_ENV = 'TOOLSCORE_SNAPSHOT_LOG';

/** Appends one outcome to the run's log, when a run is logging. */
export function logSnapshotOutcome(outcome: SnapshotOutcome, env: NodeJS.ProcessEnv = process.env): void {
  const log = env[SNAPSHOT_LOG_ENV];
  if (log) appendFileSync(log, `${outcome}\n`);
}

/**
 * The outcomes logged to `file`, counted.
 * @internal Exported for its tests only.
 */
export function countSnapshotOutcomes(file: string): Partial<Record<SnapshotOutcome, number>> {
  const counts: Partial<Record<SnapshotOutcome, number>> = {};
  if (!existsSync(file)) return counts;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const outcome = line.trim() as SnapshotOutcome;
    if (outcome) counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

/** `toolscore: 2 snapshots created (pending approval), 5 passed`, or '' when the log is empty. */
export function snapshotSummary(file: string): string {
  return snapshotSummaryText(countSnapshotOutcomes(file));
}

/** Names who started the run's log, so only they print the summary and remove it. */
const LOG_OWNER_ENV = 'TOOLSCORE_SNAPSHOT_LOG_OWNER';

/**
 * Starts logging snapshot outcomes for a run (a runner's global setup), unless a caller such as
 * `toolscore record` already logs them and prints the summary itself.
 */
export function startSnapshotLog(owner: string, env: NodeJS.ProcessEnv = process.env): void {
  if (env[SNAPSHOT_LOG_ENV]) return;
  env[SNAPSHOT_LOG_ENV] = join(mkdtempSync(join(tmpdir(), 'toolscore-run-')), 'outcomes');
  env[LOG_OWNER_ENV] = owner;
}

/** Ends the run's log started by `owner`: prints the summary line (when anything happened) and removes the log. */
export function finishSnapshotLog(owner: string, env: NodeJS.ProcessEnv = process.env): void {
  const log = env[SNAPSHOT_LOG_ENV];
  if (!log || env[LOG_OWNER_ENV] !== owner) return;
  const summary = snapshotSummary(log);
  if (summary) process.stdout.write(`${summary}\n`);
  rmSync(dirname(log), { recursive: true, force: true });
  delete env[SNAPSHOT_LOG_ENV];
  delete env[LOG_OWNER_ENV];
}
