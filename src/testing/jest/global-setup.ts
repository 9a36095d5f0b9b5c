import { startSnapshotLog } from '../snapshots/ledger.js';

/** `globalSetup: 'toolscore/jest/global-setup'`: counts snapshot outcomes across Jest's workers. */
export default function globalSetup(): void {
  startSnapshotLog('jest');
}
