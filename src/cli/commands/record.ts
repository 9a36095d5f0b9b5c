import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolscoreInputError } from '../../core/errors.js';
import { recordedCalls } from '../../testing/snapshots/recorded-calls.js';
import { checkFormatName } from '../../formats/registry.js';
import { loadTraceFile } from '../../io/trace.js';
import { displayText, plural } from '../../reports/text.js';
import { SNAPSHOT_LOG_ENV, snapshotSummary } from '../../testing/snapshots/ledger.js';
import { SnapshotStore, newSnapshotData } from '../../testing/snapshots/store.js';
import type { SnapshotDirFlags } from './snapshots.js';

/** Flags of `toolscore record`. */
export interface RecordFlags extends SnapshotDirFlags {
  /** Trace file to record a snapshot from. */
  fromTrace?: string;
  /** The snapshot's name. */
  name?: string;
  /** Trace format, or `auto`. */
  format: string;
}

/**
 * `toolscore record --from-trace FILE --name NAME`: writes the trace's calls as a snapshot waiting for
 * approval (replacing one of the same name). `toolscore record -- CMD...`: runs CMD (a test suite) with
 * TOOLSCORE_RECORD=1, so drifted snapshots are re-recorded for review and missing ones created, then
 * prints the snapshot summary; the exit code is CMD's.
 */
export async function runRecord(command: readonly string[], flags: RecordFlags): Promise<number> {
  if (command.length > 0) {
    if (flags.fromTrace !== undefined || flags.name !== undefined) throw new ToolscoreInputError({ source: 'record' }, 'give --from-trace FILE --name NAME, or -- CMD..., not both');
    return recordWhileRunning(command, flags.dir);
  }
  if (flags.fromTrace === undefined || flags.name === undefined || flags.name.trim() === '') {
    throw new ToolscoreInputError({ source: 'record' }, 'expected --from-trace FILE --name NAME, or -- CMD... to run a test suite in record mode');
  }
  const format = checkFormatName(flags.format, '--format');
  const trace = await loadTraceFile(flags.fromTrace, format);
  const store = new SnapshotStore(flags.dir);
  const existed = store.read(flags.name) !== undefined;
  const calls = recordedCalls(trace.calls);
  const file = store.save(newSnapshotData(flags.name, calls, { approved: false, source: 'trace' }));
  process.stdout.write(
    `${existed ? 're-recorded' : 'recorded'} ${displayText(flags.name)} (${plural(calls.length, 'call')}, ${displayText(file)}), pending approval: toolscore approve ${JSON.stringify(flags.name)}\n`,
  );
  return 0;
}

/** Runs a command in record mode, logging snapshot outcomes to a temporary file for the summary. */
async function recordWhileRunning(command: readonly string[], dir: string | undefined): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'toolscore-record-'));
  const log = join(work, 'outcomes');
  try {
    const env = { ...process.env, TOOLSCORE_RECORD: '1', TOOLSCORE_SNAPSHOT_DIR: new SnapshotStore(dir).root, [SNAPSHOT_LOG_ENV]: log };
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env });
      child.on('error', (error: NodeJS.ErrnoException) =>
        reject(new ToolscoreInputError({ source: 'record' }, error.code === 'ENOENT' ? `command not found: ${command[0]}` : `cannot run ${command[0]}: ${error.message}`)),
      );
      child.on('close', (exitCode, signal) => resolve(exitCode ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)));
    });
    const summary = snapshotSummary(log);
    process.stdout.write(`${summary || 'toolscore: no snapshots checked'}\n`);
    return code;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
