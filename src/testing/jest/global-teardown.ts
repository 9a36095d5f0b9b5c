import { finishSnapshotLog } from '../snapshots/ledger.js';

/** `globalTeardown: 'toolscore/jest/global-teardown'`: prints `toolscore: 2 snapshots created (pending approval), 5 passed`. */
export default function globalTeardown(): void {
  finishSnapshotLog('jest');
}
