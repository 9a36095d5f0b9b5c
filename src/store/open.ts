import { ToolscoreInputError } from '../core/errors.js';
import { parseDatabaseUrl } from '../side-effects/database-url.js';
import type { OpenMode } from './migrate.js';
import { STORE_TEXT } from './text.js';
import type { RunStore } from './types.js';

/** The store of a project when `--store` names none: one SQLite file, created on first use. */
export const DEFAULT_STORE = '.toolscore/runs.db';

/** The environment variable that names the store (and, set, keeps every run of the commands that take `--store`). */
const STORE_VARIABLE = 'TOOLSCORE_STORE';

/**
 * Which store a command keeps its run in: `--store PATH|URL`, `--store` alone (TOOLSCORE_STORE, else the
 * default file), or none given (TOOLSCORE_STORE when set and not empty, else no store).
 */
export function storeOf(flag: string | boolean | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const fromEnv = env[STORE_VARIABLE] === undefined || env[STORE_VARIABLE] === '' ? undefined : env[STORE_VARIABLE];
  if (typeof flag === 'string') return flag;
  if (flag === true) return fromEnv ?? DEFAULT_STORE;
  return fromEnv;
}

/**
 * Opens the store a `--store` value names: a `postgres://` (or `postgresql://`) URL, or a SQLite file
 * (a path, or `sqlite:path`). Any other URL is refused, naming only its scheme (past it a URL may hold a
 * password). Each driver is loaded only when its store is opened.
 */
export async function openStore(spec: string, mode: OpenMode): Promise<RunStore> {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(spec)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'postgres' && scheme !== 'postgresql')
    throw new ToolscoreInputError({ source: '--store' }, `cannot keep runs in a ${scheme}: URL: ${STORE_TEXT.usage}`);
  if (scheme !== undefined) {
    const target = parseDatabaseUrl(spec);
    if (target.kind !== 'postgres') throw new Error('a postgres URL parses as one');
    const { openPostgresStore } = await import('./postgres.js');
    return openPostgresStore(target, mode);
  }
  const path = spec.startsWith('sqlite:') ? spec.slice('sqlite:'.length) : spec;
  if (path === '') throw new ToolscoreInputError({ source: '--store' }, `expected a file: ${STORE_TEXT.usage}`);
  const { openSqliteStore } = await import('./sqlite.js');
  return openSqliteStore(path, mode);
}
