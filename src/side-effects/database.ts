import { ToolscoreInputError, textOf } from '../core/errors.js';
import { withoutSecrets, type DatabaseTarget } from './database-url.js';
import { SqliteProcess } from './sqlite-process.js';

/** A live database that side-effect checks may read (never write). */
export interface Database {
  /** The URL with any password masked, for messages. */
  readonly label: string;
  /** Runs one read-only statement with `$1, $2, …` parameters and returns its rows. */
  query(sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** Loads an optional peer dependency, saying what to install when it is missing (an input error of `source`). */
export async function loadPeer<T>(name: string, range: string, purpose: string, source = 'db'): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (error) {
    if (
      (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' ||
      (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND'
    ) {
      throw new ToolscoreInputError(
        { source },
        `${purpose} needs the optional package ${name}: npm install ${name}@${range}`,
      );
    }
    throw error;
  }
}

/** Bounds on a live query and who may run it. */
export interface DatabaseLimits {
  /** A query still running after this many milliseconds is stopped and its check fails. */
  timeoutMs: number;
  /** A query returning more rows fails its check (count with `SELECT count(*) AS count` instead). */
  maxRows: number;
  /** Connect to PostgreSQL as a superuser or a member of the server-file roles (off: refused). */
  allowSuperuser: boolean;
}

const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { timeoutMs: 10_000, maxRows: 100_000, allowSuperuser: false };

/** The limits from `evaluateTrace` options, each checked (an input error names the option). */
export function resolveDatabaseLimits(options: {
  dbAllowSuperuser?: boolean;
  dbTimeoutSeconds?: number;
  dbMaxRows?: number;
}): DatabaseLimits {
  const {
    dbAllowSuperuser = false,
    dbTimeoutSeconds = DEFAULT_DATABASE_LIMITS.timeoutMs / 1000,
    dbMaxRows = DEFAULT_DATABASE_LIMITS.maxRows,
  } = options;
  if (typeof dbTimeoutSeconds !== 'number' || !(dbTimeoutSeconds > 0) || dbTimeoutSeconds > 86_400) {
    throw new ToolscoreInputError(
      { source: 'dbTimeoutSeconds' },
      `expected seconds in (0, 86400], got ${textOf(dbTimeoutSeconds)}`,
    );
  }
  if (!Number.isSafeInteger(dbMaxRows) || dbMaxRows < 1)
    throw new ToolscoreInputError(
      { source: 'dbMaxRows' },
      `expected a whole number of rows ≥ 1, got ${textOf(dbMaxRows)}`,
    );
  return {
    timeoutMs: Math.ceil(dbTimeoutSeconds * 1000),
    maxRows: dbMaxRows,
    allowSuperuser: dbAllowSuperuser === true,
  };
}

/**
 * Opens a database read by `parseDatabaseUrl`: SQLite through better-sqlite3 (in a child process a
 * timeout can kill), PostgreSQL through pg. Both are optional peer dependencies, loaded only here.
 */
export async function openDatabase(
  target: DatabaseTarget,
  limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS,
): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target, limits) : openSqlite(target.path, target.label, limits);
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

/** Statements SQLite compiles as read-only row producers that are not queries (PRAGMA, EXPLAIN) start otherwise. */
const SQLITE_QUERY_START = /^(select|values|with)$/i;

/**
 * The first keyword of an SQLite statement, past whitespace and comments (SQLite's rules: no nesting).
 * @internal Exported for its tests only.
 */
export function sqliteLeadingKeyword(sql: string): string {
  let rest = sql;
  for (;;) {
    const skipped = rest.replace(/^(\s+|--[^\n]*(\n|$)|\/\*[\s\S]*?(\*\/|$))/, '');
    if (skipped === rest) break;
    rest = skipped;
  }
  return /^[A-Za-z_]+/.exec(rest)?.[0] ?? '';
}

async function openSqlite(path: string, label: string, limits: DatabaseLimits): Promise<Database> {
  await loadPeer('better-sqlite3', '12', 'a SQLite side-effect check');
  let served: SqliteProcess;
  try {
    served = await SqliteProcess.open(path, limits.timeoutMs);
  } catch (error) {
    throw new ToolscoreInputError({ source: 'db' }, `cannot open SQLite database ${path}: ${(error as Error).message}`);
  }
  return {
    label,
    async query(sql, params) {
      // SQLite compiles the statement (one only, read-only, returning rows); its first word tells a query from PRAGMA or EXPLAIN.
      const keyword = sqliteLeadingKeyword(sql);
      if (!SQLITE_QUERY_START.test(keyword))
        throw new Error(
          `only a single SELECT, WITH … SELECT or VALUES statement may run, got ${keyword.toUpperCase() || 'nothing'}`,
        );
      const { sql: text, values } = toPositional(sql, params);
      return capped(await served.query(text, values.map(sqliteValue), limits.maxRows), limits.maxRows);
    },
    close: () => served.close(),
  };
}

/** Rows up to the cap; one more is an error saying how to count instead. */
function capped(rows: Record<string, unknown>[], maxRows: number): Record<string, unknown>[] {
  if (rows.length > maxRows)
    throw new Error(
      `more than ${maxRows} rows (limit: --db-max-rows, option dbMaxRows); count them with SELECT count(*) AS count`,
    );
  return rows;
}

/** SQLite binds numbers, strings, bigints, buffers and null; booleans become 0/1. */
function sqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value;
}

/** Whether the role is a superuser or may read, write or run server files (PostgreSQL 11+ roles). */
const PRIVILEGE_QUERY = `SELECT current_setting('is_superuser') = 'on' AS superuser,
  ARRAY(SELECT rolname::text FROM pg_roles WHERE rolname IN ('pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program')
    AND pg_has_role(current_user, oid, 'MEMBER') ORDER BY rolname) AS file_roles`;

async function openPostgres(
  target: Extract<DatabaseTarget, { kind: 'postgres' }>,
  limits: DatabaseLimits,
): Promise<Database> {
  const module = await loadPeer<{ default: typeof import('pg') }>('pg', '8', 'a PostgreSQL side-effect check');
  const { label, secrets } = target;
  const { refusePostgresQuery } = await import('./postgres-query.js');
  // query_timeout is the client's backstop for a server that ignores statement_timeout.
  const client = new module.default.Client({
    connectionString: target.url,
    connectionTimeoutMillis: limits.timeoutMs,
    query_timeout: limits.timeoutMs + 5_000,
  });
  client.on('error', () => {}); // a dropped connection fails the next query instead of crashing
  try {
    await client.connect();
  } catch (error) {
    throw new ToolscoreInputError(
      { source: 'db' },
      `cannot connect to ${label}: ${withoutSecrets((error as Error).message, secrets)}`,
    );
  }
  if (!limits.allowSuperuser) {
    const privileges = (await client.query(PRIVILEGE_QUERY)).rows[0] as { superuser: boolean; file_roles: string[] };
    const reasons = [
      ...(privileges.superuser ? ['a superuser'] : []),
      ...privileges.file_roles.map((role) => `a member of ${role}`),
    ];
    if (reasons.length > 0) {
      await client.end();
      throw new ToolscoreInputError(
        { source: 'db' },
        `${label} connects as ${reasons.join(', ')}: a gold file's query could then read server files or run programs; connect as a role that may only SELECT what the checks read, or pass --db-allow-superuser (option dbAllowSuperuser) for a database you trust`,
      );
    }
  }
  return {
    label,
    async query(sql, params) {
      const refused = await refusePostgresQuery(sql);
      if (refused) throw new Error(`query refused: ${refused}`);
      await client.query('BEGIN READ ONLY');
      try {
        await client.query(`SET LOCAL statement_timeout = ${Math.ceil(limits.timeoutMs)}`);
        // A cursor fetches one row past the cap and no more; DECLARE itself accepts only a query.
        await client.query({ text: `DECLARE toolscore_rows NO SCROLL CURSOR FOR ${sql}`, values: [...params] });
        const result = await client.query(`FETCH FORWARD ${limits.maxRows + 1} FROM toolscore_rows`);
        return capped(result.rows as Record<string, unknown>[], limits.maxRows);
      } catch (error) {
        throw new Error(withoutSecrets((error as Error).message, secrets));
      } finally {
        await client.query('ROLLBACK').catch(() => {});
      }
    },
    async close() {
      await client.end().catch(() => {});
    },
  };
}
