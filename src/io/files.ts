import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { ToolscoreInputError } from '../core/errors.js';
import { parseJson, type ParseJsonOptions } from './json.js';

/** A file-system error met while reading `path`, as a one-line input error. */
export function readError(path: string, error: unknown): ToolscoreInputError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT'
      ? 'file not found'
      : code === 'EISDIR'
        ? 'is a directory, expected a JSON file'
        : code === 'EACCES'
          ? 'permission denied'
          : // open() of a Unix socket fails this way.
            code === 'ENXIO'
            ? 'is a socket, expected a regular file'
            : `cannot read file (${(error as Error).message})`;
  return new ToolscoreInputError({ source: path }, reason);
}

/**
 * Opens an input file for reading and checks that it is a regular file (after following symbolic
 * links). A device such as /dev/zero never ends and a FIFO waits for a writer, so both would hang a
 * run; they are refused. Non-blocking open returns at once for a FIFO, and the check is made on the
 * opened file, so nothing can be swapped in between.
 */
export async function openRegularFile(path: string): Promise<FileHandle> {
  // node:fs/promises is taken when a file is opened: loading it (and the streams it needs) costs every import.
  const { open } = process.getBuiltinModule('node:fs/promises');
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw readError(path, error);
  }
  const info = await handle.stat();
  if (info.isFile()) return handle;
  await handle.close();
  const kind = info.isDirectory()
    ? 'a directory'
    : info.isFIFO()
      ? 'a FIFO (named pipe)'
      : info.isCharacterDevice()
        ? 'a character device'
        : info.isBlockDevice()
          ? 'a block device'
          : info.isSocket()
            ? 'a socket'
            : 'an unsupported kind of file';
  throw new ToolscoreInputError(
    { source: path },
    info.isDirectory() ? 'is a directory, expected a JSON file' : `is ${kind}, expected a regular file`,
  );
}

/** Reads a UTF-8 text file, turning file-system errors into one-line input errors. */
export async function readTextFile(path: string): Promise<string> {
  const handle = await openRegularFile(path);
  try {
    return await handle.readFile('utf8');
  } catch (error) {
    throw readError(path, error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Reads and parses a JSON file. */
export async function readJsonFile(path: string, options?: ParseJsonOptions): Promise<unknown> {
  return parseJson(await readTextFile(path), path, options);
}
