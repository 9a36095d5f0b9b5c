import type { Environment } from '../../core/types.js';

/** How snapshot checks behave in this run. */
export interface SnapshotMode {
  /** Running in CI: missing and pending snapshots fail, and nothing is ever written by an update or record flag. */
  ci: boolean;
  /** Re-record drifted or pending snapshots and approve them (`TOOLSCORE_UPDATE=1`, `vitest -u`, `jest -u`). */
  update: boolean;
  /** Re-record drifted snapshots for review, unapproved (`toolscore record -- CMD` sets `TOOLSCORE_RECORD=1`). */
  record: boolean;
  /** Missing and pending snapshots only warn, even in CI (`TOOLSCORE_ALLOW_PENDING=1`), for staged rollouts. */
  allowPending: boolean;
}

/** Whether an environment flag is on: set, and not "", "0", "false" or "no" (any case). */
function envFlag(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false', 'no'].includes(value.trim().toLowerCase());
}

/** The snapshot mode from the environment (read at every check), with a runner's own flags on top. */
export function snapshotMode(
  env: Environment = process.env,
  flags: { update?: boolean; allowPending?: boolean } = {},
): SnapshotMode {
  return {
    ci: envFlag(env.CI),
    update: envFlag(env.TOOLSCORE_UPDATE) || flags.update === true,
    record: envFlag(env.TOOLSCORE_RECORD),
    allowPending: envFlag(env.TOOLSCORE_ALLOW_PENDING) || flags.allowPending === true,
  };
}
