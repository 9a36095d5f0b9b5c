import { readFile } from 'node:fs/promises';
import { ToolscoreInputError } from '../core/errors.js';
import { parseJson, type ParseJsonOptions } from './json.js';

/** A file-system error met while reading `path`, as a one-line input error. */
export function readError(path: string, error: unknown): ToolscoreInputError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT' ? 'file not found'
    : code === 'EISDIR' ? 'is a directory, expected a JSON file'
    : code === 'EACCES' ? 'permission denied'
    : `cannot read file (${(error as Error).message})`;
  return new ToolscoreInputError({ source: path }, reason);
}

/** Reads a UTF-8 text file, turning file-system errors into one-line input errors. */
export async function readTextFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw readError(path, error);
  }
}

/** Reads and parses a JSON file. */
export async function readJsonFile(path: string, options?: ParseJsonOptions): Promise<unknown> {
  return parseJson(await readTextFile(path), path, options);
}
