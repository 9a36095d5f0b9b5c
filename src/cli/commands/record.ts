import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolscoreInputError } from '../../core/errors.js';
import { snapshotText } from '../../testing/text.js';
import { recordedSnapshot } from '../../testing/snapshots/recorded-calls.js';
import { checkFormatName } from '../../formats/registry.js';
import { loadTraceFile } from '../../io/trace.js';
import { displayText } from '../../reports/text.js';
import { SNAPSHOT_LOG_ENV, snapshotSummary } from '../../testing/snapshots/ledger.js';
import { snapshotMode } from '../../testing/snapshots/mode.js';
import { SnapshotStore, newSnapshotData } from '../../testing/snapshots/store.js';
import { checkOutputPaths } from '../output-paths.js';
import { snapshotSize, type SnapshotDirFlags } from './snapshots.js';

/** Flags of `toolscore record`. */
export interface RecordFlags extends SnapshotDirFlags {
  /** Trace file to record a snapshot from. */
  fromTrace?: string;
  /** The snapshot's name. */
  name?: string;
  /** Trace format, or `auto`. */
  format: string;
  /** Re-record an existing snapshot and approve it (a test run: TOOLSCORE_UPDATE=1). */
  update?: boolean;
}

/**
 * `toolscore record --from-trace FILE --name NAME`: writes the trace's calls as a snapshot waiting for
 * approval. An existing snapshot is kept (exit 1) unless `--update`, which re-records it and approves
 * it; in CI `--update` writes nothing (exit 1), as for test runs. `toolscore record -- CMD...`: runs
 * CMD (a test suite) with TOOLSCORE_RECORD=1 (and TOOLSCORE_UPDATE=1 with `--update`), so drifted
 * snapshots are re-recorded and missing ones created, then prints the snapshot summary; the exit code
 * is CMD's.
 */
export async function runRecord(command: readonly string[], flags: RecordFlags): Promise<number> {
  if (command.length > 0) {
    if (flags.fromTrace !== undefined || flags.name !== undefined)
      throw new ToolscoreInputError({ source: 'record' }, 'give --from-trace FILE --name NAME, or -- CMD..., not both');
    return recordWhileRunning(command, flags.dir, flags.update === true);
  }
  if (flags.fromTrace === undefined || flags.name === undefined || flags.name.trim() === '') {
    throw new ToolscoreInputError(
      { source: 'record' },
      'expected --from-trace FILE --name NAME, or -- CMD... to run a test suite in record mode',
    );
  }
  const { name } = flags;
  const format = checkFormatName(flags.format, '--format');
  const store = new SnapshotStore(flags.dir);
  const file = store.pathOf(name);
  checkOutputPaths([['--name', file, 'the snapshot']], [['trace file', flags.fromTrace]]);
  const refuse = (text: string): number => {
    process.stderr.write(`toolscore: ${displayText(text)}\n`);
    return 1;
  };
  if (flags.update && snapshotMode().ci) return refuse(snapshotText('ci_update', name, file));
  // A corrupt file is an input error here (exit 2) and is never overwritten.
  const existing = store.read(name);
  if (existing !== undefined && !flags.update) return refuse(snapshotText('exists', name, file));
  const trace = await loadTraceFile(flags.fromTrace, format);
  const data = newSnapshotData(name, recordedSnapshot(trace), { approved: flags.update === true, source: 'trace' });
  store.save(existing === undefined ? data : { ...data, created_at: existing.data.created_at });
  const recorded = existing === undefined ? 'recorded' : 're-recorded';
  const what = `${displayText(name)} (${snapshotSize(data)}, ${displayText(file)})`;
  process.stdout.write(
    flags.update
      ? `${recorded} and approved ${what}\n`
      : `${recorded} ${what}, pending approval: toolscore approve ${JSON.stringify(name)}\n`,
  );
  return 0;
}

/** Runs a command in record mode, logging snapshot outcomes to a temporary file for the summary. */
async function recordWhileRunning(
  command: readonly string[],
  dir: string | undefined,
  update: boolean,
): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'toolscore-record-'));
  const log = join(work, 'outcomes');
  try {
    const env = {
      ...process.env,
      TOOLSCORE_RECORD: '1',
      ...(update ? { TOOLSCORE_UPDATE: '1' } : {}),
      TOOLSCORE_SNAPSHOT_DIR: new SnapshotStore(dir).root,
      [SNAPSHOT_LOG_ENV]: log,
    };
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env });
      child.on('error', (error: NodeJS.ErrnoException) =>
        reject(
          new ToolscoreInputError(
            { source: 'record' },
            error.code === 'ENOENT' ? `command not found: ${command[0]}` : `cannot run ${command[0]}: ${error.message}`,
          ),
        ),
      );
      child.on('close', (exitCode, signal) =>
        resolve(exitCode ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)),
      );
    });
    const summary = snapshotSummary(log);
    process.stdout.write(`${summary || 'toolscore: no snapshots checked'}\n`);
    return code;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
