import { createInterface } from 'node:readline/promises';
import { ToolscoreInputError } from '../../core/errors.js';
import { displayText, plural } from '../../reports/text.js';
import {
  SnapshotStore,
  snapshotCallCount,
  snapshotNotFound,
  type Snapshot,
  type SnapshotData,
} from '../../testing/snapshots/store.js';

/** Flags shared by the snapshot commands. */
export interface SnapshotDirFlags {
  /** The snapshot folder (default: TOOLSCORE_SNAPSHOT_DIR, else .toolscore/snapshots). */
  dir?: string;
}

/** `approved` or `pending`, padded to one width. */
function state(snapshot: Snapshot): string {
  return snapshot.data.approved ? 'approved' : 'pending ';
}

/** What a snapshot records: `2 calls`, or for a conversation `2 calls in 3 turns`. */
export function snapshotSize(data: SnapshotData): string {
  const calls = plural(snapshotCallCount(data), 'call');
  return data.turns === undefined ? calls : `${calls} in ${plural(data.turns.length, 'turn')}`;
}

/** Pretty JSON, each line indented by `indent` and escaped for the terminal. */
function jsonLines(value: unknown, indent: string): string[] {
  return JSON.stringify(value, null, 2)
    .split('\n')
    .map((line) => `${indent}${displayText(line)}`);
}

/**
 * The recorded calls as stored: a list, or for a conversation each turn's heading (`turn 2: user
 * "Please refund it"`, the user's message as stored, a `$regex` shape when it held a credential) and its calls.
 */
function recordedLines(data: SnapshotData): string[] {
  if (data.turns === undefined) return ['  calls:', ...jsonLines(data.calls, '    ')];
  return data.turns.flatMap((turn, k) => [
    `  turn ${k + 1}:${turn.user === undefined ? '' : ` user ${displayText(JSON.stringify(turn.user))}`}${turn.calls.length === 0 ? ' (no calls)' : ''}`,
    ...(turn.calls.length === 0 ? [] : jsonLines(turn.calls, '    ')),
  ]);
}

/** Says on stderr that `name` matches no snapshot; returns exit code 1, the Python tool's code for it. */
export function reportNotFound(store: SnapshotStore, name: string): number {
  process.stderr.write(`toolscore: ${displayText(snapshotNotFound(store.root, name).message)}\n`);
  return 1;
}

/** One line per corrupt file on stderr; returns whether there were any. */
export function reportCorrupt(store: SnapshotStore): boolean {
  const { corrupt } = store.list();
  for (const { file, reason } of corrupt)
    process.stderr.write(`toolscore: ${displayText(file)}: ${displayText(reason)}\n`);
  return corrupt.length > 0;
}

/**
 * `toolscore snapshots list [--pending]`: one line per snapshot, `approved|pending  NAME  (N calls, FILE)`
 * (`N calls in K turns` for a conversation).
 * Corrupt files are named on stderr and make the exit code 2.
 */
export function runSnapshotsList(flags: SnapshotDirFlags & { pending?: boolean }): number {
  const store = new SnapshotStore(flags.dir);
  const { snapshots } = store.list();
  const shown = flags.pending ? snapshots.filter((snapshot) => !snapshot.data.approved) : snapshots;
  for (const snapshot of shown) {
    process.stdout.write(
      `${state(snapshot)}  ${displayText(snapshot.data.name)}  (${snapshotSize(snapshot.data)}, ${displayText(snapshot.file)})\n`,
    );
  }
  if (shown.length === 0)
    process.stdout.write(
      flags.pending
        ? `no pending snapshots in ${displayText(store.root)}\n`
        : `no snapshots in ${displayText(store.root)}\n`,
    );
  return reportCorrupt(store) ? 2 : 0;
}

/**
 * `toolscore snapshots show NAME`: the file, its state and its calls as stored (a conversation's turn by
 * turn); exit 1 when there is no such snapshot.
 */
export function runSnapshotsShow(name: string, flags: SnapshotDirFlags): number {
  const store = new SnapshotStore(flags.dir);
  const snapshot = store.find(name);
  if (snapshot === undefined) return reportNotFound(store, name);
  const { data } = snapshot;
  process.stdout.write(
    [
      `${displayText(data.name)}`,
      `  file: ${displayText(snapshot.file)}`,
      `  state: ${data.approved ? 'approved' : 'pending approval'}`,
      `  recorded by: ${displayText(String(data.source))}, toolscore ${displayText(String(data.toolscore_version))}`,
      `  created: ${displayText(String(data.created_at))}   updated: ${displayText(String(data.updated_at))}`,
      ...recordedLines(data),
      '',
    ].join('\n'),
  );
  return 0;
}

/** Asks a yes/no question on the terminal. */
async function confirm(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await prompt.question(question)).trim());
  } finally {
    prompt.close();
  }
}

/**
 * `toolscore snapshots rm NAME [--yes]`: deletes a snapshot (a corrupt file too, named by its file
 * name), asking first unless `--yes`; off a terminal `--yes` is required. Exit 1 when there is no such
 * snapshot or the answer is no.
 */
export async function runSnapshotsRemove(name: string, flags: SnapshotDirFlags & { yes?: boolean }): Promise<number> {
  const store = new SnapshotStore(flags.dir);
  const file = store.fileOf(name);
  if (file === undefined) return reportNotFound(store, name);
  if (!flags.yes) {
    if (process.stdin.isTTY !== true)
      throw new ToolscoreInputError(
        { source: 'snapshots rm' },
        'not a terminal, so cannot ask: pass --yes to delete without asking',
      );
    if (!(await confirm(`delete snapshot ${JSON.stringify(name)} (${file})? [y/N] `))) {
      process.stdout.write('kept\n');
      return 1;
    }
  }
  store.remove(file);
  process.stdout.write(`deleted ${displayText(name)} (${displayText(file)})\n`);
  return 0;
}
