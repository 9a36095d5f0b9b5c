/** What the run store says: its refusals (each one line, exit 2) and what `toolscore runs` prints. */

export const STORE_TEXT = {
  notAStore: 'holds tables that are not a toolscore store (no toolscore_meta table); give another --store',
  notSqlite: 'is not a SQLite database, so not a toolscore store; give another --store',
  locked: 'is locked by another process; try again when it is done',
  readOnly: 'cannot be written (read-only file or folder); give a writable --store',
  waiting: 'another run is being written to it; this one is kept when that one is done',
  noStore: 'holds no runs yet: a command with --store creates it',
  /** What `--store` (and TOOLSCORE_STORE) accepts. */
  usage: 'use a file path (.toolscore/runs.db) or postgres://user:password@host/db',
  needsDriver: 'a --store',
} as const;

export function newerStoreText(found: number, known: number): string {
  return `was written by a newer toolscore (store schema ${found}; this one knows up to ${known}): upgrade toolscore to use it; nothing was changed`;
}

export function olderStoreText(found: number, known: number): string {
  return `has store schema ${found}, older than ${known}: run a command with --store to upgrade it first`;
}

export function cannotOpenText(reason: string): string {
  return `cannot be opened: ${reason}`;
}

export function cannotConnectText(reason: string): string {
  return `cannot be reached: ${reason}`;
}

/** The line a command prints once its run is kept. */
export function keptText(id: number, label: string): string {
  return `Run kept: ${id} in ${label}`;
}
