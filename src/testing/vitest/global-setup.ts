import { finishSnapshotLog, startSnapshotLog } from '../snapshots/ledger.js';

/**
 * `globalSetup: ['toolscore/vitest/global-setup']`: counts snapshot outcomes across Vitest's workers
 * and prints `toolscore: 2 snapshots created (pending approval), 5 passed` after the run.
 */
export default function setup(): () => void {
  startSnapshotLog('vitest');
  return () => finishSnapshotLog('vitest');
}
