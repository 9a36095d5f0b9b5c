import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFile as writeToDescriptor,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { basename, dirname, join, resolve } from 'node:path';
import { ToolscoreInputError } from '../core/errors.js';

/** Temporary files being written right now, removed if the process is interrupted. */
const inFlight = new Set<string>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** Links followed before giving up, as the kernel does (ELOOP). */
const MAX_LINKS = 40;

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

/** `path`, absolute, with its symbolic links followed to the end (a dangling link to where it points). */
export function followLinks(path: string): string {
  let target = resolve(path);
  for (let links = 0; links < MAX_LINKS; links++) {
    try {
      if (!lstatSync(target).isSymbolicLink()) return target;
    } catch {
      // A new path, or a parent that is not a folder: the write itself reports the latter.
      return target;
    }
    target = resolve(dirname(target), readlinkSync(target));
  }
  throw new ToolscoreInputError({ source: path }, `too many symbolic links (more than ${MAX_LINKS})`);
}

/** Whether `path` (links followed) is a device, FIFO or socket: a file that is written to, never replaced. */
export function isWrittenThrough(path: string): boolean {
  try {
    const entry = statSync(path);
    return !entry.isFile() && !entry.isDirectory();
  } catch {
    return false;
  }
}

/**
 * How to write `path`: a device, FIFO or socket is written through (renaming over `/dev/null` would
 * replace it with a regular file); anything else is replaced atomically at the end of its symbolic
 * links, so a link stays a link and its target gets the new text.
 */
function writePlan(path: string): { target: string; through: boolean } {
  const target = followLinks(path);
  return { target, through: isWrittenThrough(target) };
}

/**
 * The longest file name, in bytes, these functions can write: file systems cap a name at 255 bytes, and
 * the temporary file beside it adds a dot before it and `.<pid>.<8 hex digits>.tmp` after it (25 bytes
 * at most: a pid has at most 10 digits).
 */
export const MAX_WRITABLE_NAME_BYTES = 255 - '.'.length - '.4294967295.ffffffff.tmp'.length;

// node:crypto loads two dozen internal modules: required on the first temporary file, so importing
// toolscore does not pay for it.
const require = createRequire(import.meta.url);

/** The temporary file beside `target` that is renamed over it. */
function temporaryFor(target: string): string {
  const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
  return join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** A file-system error met while writing `path`, as a one-line input error; any other error as it is. */
function writeError(path: string, error: unknown): Error {
  // An error of the text itself (a chunk generator that threw) is not the file system's.
  if (error instanceof ToolscoreInputError || (error as NodeJS.ErrnoException).code === undefined)
    return error as Error;
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'EISDIR'
        ? 'is a directory, expected a file path'
        : code === 'ENOTDIR'
          ? 'a parent of this path is a file, not a folder'
          : `cannot write file (${(error as Error).message})`;
  return new ToolscoreInputError({ source: path }, reason);
}

const writeDescriptor = promisify(writeToDescriptor);

/** The text, or its chunks as they come, written through an open file descriptor. */
async function writeChunks(descriptor: number, text: string | Iterable<string> | AsyncIterable<string>): Promise<void> {
  if (typeof text === 'string') return writeDescriptor(descriptor, text, 'utf8');
  for await (const chunk of text) await writeDescriptor(descriptor, chunk, 'utf8');
}

/**
 * Writes a UTF-8 text file so that readers see the old file or the new one, never half of one: the text
 * goes to a temporary file beside the target (the end of any symbolic links), which is then renamed
 * over it; an interrupt mid-write removes the temporary file. A device or FIFO (`/dev/null`, a named
 * pipe) is written through instead. Missing parent folders are created. File-system errors become
 * one-line input errors naming the path. Text given as chunks (or chunks still being made, as an async
 * iterable) is written chunk by chunk, so a report longer than the longest string JavaScript holds can
 * be written, and a stream of results as it is produced.
 */
export async function writeFileAtomic(
  path: string,
  text: string | Iterable<string> | AsyncIterable<string>,
): Promise<void> {
  // Taken here, not imported: node:fs/promises and the streams it loads would cost every import of toolscore.
  const { mkdir, rename, rm, writeFile } = process.getBuiltinModule('node:fs/promises');
  let temporary: string | undefined;
  try {
    const { target, through } = writePlan(path);
    if (through) return await writeFile(target, text, 'utf8');
    temporary = temporaryFor(target);
    await mkdir(dirname(target), { recursive: true });
    // Created here, synchronously, and written through its descriptor: an interrupt's handler runs
    // between tasks, so it finds the file there to remove, and no write still queued in the thread pool
    // can create it again after the removal (an open by path could, under load).
    const descriptor = openSync(temporary, 'wx');
    watch(temporary);
    try {
      await writeChunks(descriptor, text);
    } finally {
      closeSync(descriptor);
    }
    await rename(temporary, target);
  } catch (error) {
    // The write error is the one worth reporting; a leftover temporary file is not.
    if (temporary !== undefined) await rm(temporary, { force: true }).catch(() => undefined);
    throw writeError(path, error);
  } finally {
    if (temporary !== undefined) unwatch(temporary);
  }
}

/**
 * `writeFileAtomic` for callers that cannot await (snapshot matchers). Signals are not watched: none
 * can be handled while synchronous code runs, and one arriving after the rename would be swallowed.
 */
export function writeFileAtomicSync(path: string, text: string): void {
  let temporary: string | undefined;
  try {
    const { target, through } = writePlan(path);
    if (through) return writeFileSync(target, text, 'utf8');
    temporary = temporaryFor(target);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(temporary, text, 'utf8');
    renameSync(temporary, target);
  } catch (error) {
    if (temporary !== undefined) rmSync(temporary, { force: true });
    throw writeError(path, error);
  }
}
