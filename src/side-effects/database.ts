import { createHash } from 'node:crypto';
import { ToolscoreInputError } from '../core/errors.js';

/** A live database that side-effect checks may read (never write). */
export interface Database {
  /** The URL with any password masked, for messages. */
  readonly label: string;
  /** Runs one read-only statement with `$1, $2, …` parameters and returns its rows. */
  query(sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** Loads an optional peer dependency, saying what to install when it is missing. */
async function loadPeer<T>(name: string, range: string, purpose: string): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' || (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') {
      throw new ToolscoreInputError({ source: 'db' }, `${purpose} needs the optional package ${name}: npm install ${name}@${range}`);
    }
    throw error;
  }
}

/** The SQLite file a database URL names (`sqlite:path/to.db`, or a path ending in .db/.sqlite), else undefined. */
export function sqliteFileOf(url: string): string | undefined {
  if (url.startsWith('sqlite:')) return url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  return /\.(db|sqlite3?)$/.test(url) ? url : undefined;
}

/**
 * Opens a database from a URL: `sqlite:path/to.db` (or a path ending in .db/.sqlite) through
 * better-sqlite3, `postgres://…` / `postgresql://…` through pg. Both are optional peer dependencies,
 * loaded only here.
 */
export async function openDatabase(url: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  const path = sqliteFileOf(url);
  if (path !== undefined) return openSqlite(path);
  throw new ToolscoreInputError({ source: 'db' }, `cannot tell the database from ${JSON.stringify(url)}: use sqlite:path/to.db or postgres://user:password@host/db`);
}

/** `$1`, `$2` … outside quotes become SQLite's positional `?`, with the values reordered to match. */
function toPositional(sql: string, params: readonly unknown[]): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const text = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (match, n: string | undefined) => {
    if (n === undefined) return match;
    values.push(params[Number(n) - 1]);
    return '?';
  });
  return values.length > 0 ? { sql: text, values } : { sql, values: [...params] };
}

async function openSqlite(path: string): Promise<Database> {
  const module = await loadPeer<{ default: typeof import('better-sqlite3') }>('better-sqlite3', '12', 'a SQLite side-effect check');
  let db: import('better-sqlite3').Database;
  try {
    db = new module.default(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new ToolscoreInputError({ source: 'db' }, `cannot open SQLite database ${path}: ${(error as Error).message}`);
  }
  return {
    label: `sqlite:${path}`,
    async query(sql, params) {
      const { sql: text, values } = toPositional(sql, params);
      const statement = db.prepare(text); // throws on more than one statement
      if (!statement.reader || !statement.readonly) throw new Error('only one read-only statement that returns rows is allowed');
      return statement.all(...values.map(sqliteValue)) as Record<string, unknown>[];
    },
    async close() {
      db.close();
    },
  };
}

/** SQLite binds numbers, strings, bigints, buffers and null; booleans become 0/1. */
function sqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value;
}

async function openPostgres(url: string): Promise<Database> {
  const module = await loadPeer<{ default: typeof import('pg') }>('pg', '8', 'a PostgreSQL side-effect check');
  const label = url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  const client = new module.default.Client({ connectionString: url, connectionTimeoutMillis: 10_000, statement_timeout: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new ToolscoreInputError({ source: 'db' }, `cannot connect to ${label}: ${(error as Error).message}`);
  }
  return {
    label,
    async query(sql, params) {
      // A named prepared statement holds exactly one statement; the read-only transaction forbids writes.
      const name = `toolscore_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
      await client.query('BEGIN READ ONLY');
      try {
        const result = await client.query({ name, text: sql, values: [...params] });
        return result.rows as Record<string, unknown>[];
      } finally {
        await client.query('ROLLBACK');
      }
    },
    async close() {
      await client.end();
    },
  };
}
