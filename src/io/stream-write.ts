import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ToolscoreInputError } from '../core/errors.js';

// The same guarantees as writeFileAtomic (atomic-write.ts) for text given in chunks, so a report larger
// than the longest string JavaScript holds can be written. The interrupt handling mirrors atomic-write's,
// whose pieces are not exported yet; both can share them once they are.

/** Temporary files being written right now, removed if the process is interrupted. */
const inFlight = new Set<string>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** On Ctrl-C (or a kill) mid-write: remove the temporary files, then die of the same signal. */
function onInterrupt(signal: NodeJS.Signals): void {
  for (const temporary of inFlight) rmSync(temporary, { force: true });
  inFlight.clear();
  unwatch();
  process.kill(process.pid, signal);
}

// Handlers are installed only while a write is under way, so a library user's own handling stays as is.
function watch(temporary: string): void {
  if (inFlight.size === 0) for (const signal of SIGNALS) process.on(signal, onInterrupt);
  inFlight.add(temporary);
}

function unwatch(temporary?: string): void {
  if (temporary !== undefined) inFlight.delete(temporary);
  if (inFlight.size === 0) for (const signal of SIGNALS) process.off(signal, onInterrupt);
}

/**
 * Writes UTF-8 text given as chunks so that readers see the old file or the new one, never half of one:
 * the chunks go one by one to a temporary file in the same folder, which is then renamed over the
 * target; an interrupt mid-write removes the temporary file. Missing parent folders are created.
 * File-system errors become one-line input errors naming the path.
 */
export async function writeChunksAtomic(path: string, chunks: Iterable<string>): Promise<void> {
  const folder = dirname(path);
  const temporary = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  watch(temporary);
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(temporary, chunks, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    // An error of the chunks themselves (a value JSON cannot hold) is not a file-system error.
    if (!(error as NodeJS.ErrnoException).code) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EACCES' || code === 'EPERM' ? 'permission denied'
      : code === 'EISDIR' ? 'is a directory, expected a file path'
      : code === 'ENOTDIR' ? 'a parent of this path is a file, not a folder'
      : `cannot write file (${(error as Error).message})`;
    throw new ToolscoreInputError({ source: path }, reason);
  } finally {
    unwatch(temporary);
  }
}
