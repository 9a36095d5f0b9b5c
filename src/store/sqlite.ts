import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { ToolscoreInputError } from '../core/errors.js';
import { loadPeer } from '../side-effects/database.js';
import {
  LineRows,
  finishRunStatement,
  newRunStatement,
  runToolsStatements,
  type RunRows,
  type Tally,
} from './lines.js';
import { prepareSchema, type OpenMode } from './migrate.js';
import { CASE_COLUMNS, type Migration } from './schema.js';
import { SqlRunStore, type Connection } from './sql-store.js';
import { STORE_TEXT, cannotOpenText } from './text.js';
import type { NewRun, RunEnd, RunWriter } from './types.js';

/** How long a statement waits for another process's lock before the store is reported locked. */
const BUSY_TIMEOUT_MS = 5000;
/** How long a staged run's commit waits for a run being written straight into the store to end. */
const LOCK_WAIT_MS = 10 * 60_000;

/** better-sqlite3's errors that are the user's file, not a bug: one line each. */
function sqliteFailure(error: unknown, label: string): unknown {
  const code = (error as { code?: unknown }).code;
  const reason =
    code === 'SQLITE_NOTADB'
      ? STORE_TEXT.notSqlite
      : code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED'
        ? STORE_TEXT.locked
        : code === 'SQLITE_READONLY' || code === 'SQLITE_READONLY_DIRECTORY'
          ? STORE_TEXT.readOnly
          : code === 'SQLITE_CANTOPEN' || code === 'EACCES' || code === 'EROFS' || code === 'ENOTDIR'
            ? cannotOpenText((error as Error).message)
            : undefined;
  return reason === undefined ? error : new ToolscoreInputError({ source: label }, reason);
}

/** A synchronous driver behind the async Connection the queries share; transactions are BEGIN IMMEDIATE. */
function connectionOf(db: BetterSqlite3.Database, label: string): Connection {
  const all = async (sql: string, params: readonly unknown[] = []) => {
    try {
      const statement = db.prepare(sql);
      if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
      statement.run(...params);
      return [];
    } catch (error) {
      throw sqliteFailure(error, label);
    }
  };
  return {
    dialect: 'sqlite',
    all,
    async transaction(work) {
      await all('BEGIN IMMEDIATE');
      try {
        const result = await work();
        await all('COMMIT');
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
  };
}

/** Case rows bound per INSERT: one statement for a chunk of lines, not one per line. */
const ROWS_PER_STATEMENT = 64;

/** The tables a run's rows go to: the store's, or the temporary ones a staged run waits in. */
interface RowTables {
  cases: string;
  lines: string;
}

/** Inserts a run's rows into `tables` (`run_id` first when `runId` is given), `ROWS_PER_STATEMENT` cases at a time. */
function rowInserter(db: BetterSqlite3.Database, tables: RowTables, runId?: number) {
  const run = runId === undefined ? '' : 'run_id, ';
  const value = runId === undefined ? '' : `${runId}, `;
  const one = `(${value}${CASE_COLUMNS.map(() => '?').join(', ')})`;
  const statements = new Map<number, BetterSqlite3.Statement>();
  const statement = (n: number) => {
    let prepared = statements.get(n);
    if (prepared === undefined) {
      prepared = db.prepare(
        `INSERT INTO ${tables.cases} (${run}${CASE_COLUMNS.join(', ')}) VALUES ${Array(n).fill(one).join(', ')}`,
      );
      statements.set(n, prepared);
    }
    return prepared;
  };
  const lines = db.prepare(`INSERT INTO ${tables.lines} (${run}first, lines, detail) VALUES (${value}?, ?, ?)`);
  return ({ cases, lines: text }: RunRows) => {
    for (let start = 0; start < cases.length; start += ROWS_PER_STATEMENT) {
      const end = Math.min(cases.length, start + ROWS_PER_STATEMENT);
      const params: unknown[] = [];
      for (let i = start; i < end; i++) params.push(...cases[i]!);
      statement(end - start).run(params);
    }
    if (text !== undefined) lines.run(text);
  };
}

const isBusy = (error: unknown) => (error as { code?: unknown }).code === 'SQLITE_BUSY';

/** Adds the run's row (its headline numbers come at the end); answers its id. */
function insertRun(db: BetterSqlite3.Database, run: NewRun): number {
  const { sql, params } = newRunStatement(run);
  return Number((db.prepare(sql).get(...params) as { id: number }).id);
}

/** Gives the run its end: when it finished, its headline numbers, summary and tallies by tool. */
function finishRun(db: BetterSqlite3.Database, id: number, end: RunEnd, tally: Tally): void {
  for (const { sql, params } of [finishRunStatement(id, end, tally), ...runToolsStatements(id, tally)])
    db.prepare(sql).run(...params);
}

/**
 * Runs in one SQLite file (its journal in WAL mode), through better-sqlite3 (an optional peer, loaded
 * here). A run is written straight into the store, in one transaction on a connection of its own that
 * holds the file's write lock from `begin` to `commit`: readers go on reading meanwhile and see nothing
 * of it before the commit, and a killed process leaves nothing (SQLite drops an uncommitted transaction).
 * When another run holds the lock, or the run is an agent's (whose trials can take hours), its lines are
 * staged in a temporary table of this connection instead, and copied in at the commit, which waits for the
 * lock as long as `lockWaitMs`.
 */
class SqliteRunStore extends SqlRunStore {
  private staged = 0;

  constructor(
    private readonly path: string,
    private readonly Database: typeof BetterSqlite3,
    private readonly db: BetterSqlite3.Database,
    private readonly lockWaitMs: number,
  ) {
    super(path, connectionOf(db, path));
  }

  async begin(run: NewRun): Promise<RunWriter> {
    const fail = (error: unknown) => sqliteFailure(error, this.label);
    try {
      return (run.command !== 'run' && this.direct(run)) || this.staging(run);
    } catch (error) {
      throw fail(error);
    }
  }

  /** The run written straight into the store, or undefined when another connection holds its write lock. */
  private direct(run: NewRun): RunWriter | undefined {
    const db = new this.Database(this.path, { timeout: 0 });
    try {
      db.pragma('foreign_keys = ON');
      // A commit in WAL mode is safe against a crash of the process; NORMAL skips the sync of every commit.
      db.pragma('synchronous = NORMAL');
      db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      db.close();
      if (isBusy(error)) return undefined;
      throw error;
    }
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const ended = () => {
      if (db.inTransaction) db.exec('ROLLBACK');
      db.close();
    };
    const rows = new LineRows();
    let insert: (rows: RunRows) => void;
    let id: number;
    try {
      id = insertRun(db, run);
      insert = rowInserter(db, { cases: 'toolscore_cases', lines: 'toolscore_case_lines' }, id);
    } catch (error) {
      ended();
      throw error;
    }
    return this.writer(
      rows,
      insert,
      (end) => {
        try {
          finishRun(db, id, end, rows.tally);
          db.exec('COMMIT');
          return id;
        } finally {
          ended();
        }
      },
      ended,
    );
  }

  /** The run's rows staged in temporary tables of this connection, copied into the store at the commit. */
  private staging(run: NewRun): RunWriter {
    const db = this.db;
    const staged = ++this.staged;
    const tables = { cases: `temp.toolscore_staged_cases_${staged}`, lines: `temp.toolscore_staged_lines_${staged}` };
    db.exec(`CREATE TABLE ${tables.cases} (${CASE_COLUMNS.join(', ')})`);
    db.exec(`CREATE TABLE ${tables.lines} (first, lines, detail)`);
    let open = true;
    const drop = () => {
      if (!open) return;
      open = false;
      for (const table of Object.values(tables)) db.exec(`DROP TABLE IF EXISTS ${table}`);
    };
    const rows = new LineRows();
    const insert = rowInserter(db, tables);
    return this.writer(
      rows,
      (added) => db.transaction(insert)(added),
      (end) => {
        try {
          this.lock(end);
          try {
            const id = insertRun(db, run);
            finishRun(db, id, end, rows.tally);
            db.prepare(
              `INSERT INTO toolscore_cases (run_id, ${CASE_COLUMNS.join(', ')}) SELECT ?, ${CASE_COLUMNS.join(', ')} FROM ${tables.cases}`,
            ).run(id);
            db.prepare(
              `INSERT INTO toolscore_case_lines (run_id, first, lines, detail) SELECT ?, first, lines, detail FROM ${tables.lines}`,
            ).run(id);
            db.exec('COMMIT');
            return id;
          } finally {
            if (db.inTransaction) db.exec('ROLLBACK');
          }
        } finally {
          drop();
        }
      },
      drop,
    );
  }

  /** Takes the store's write lock, waiting (and saying so) while another run holds it. */
  private lock(end: RunEnd): void {
    const db = this.db;
    try {
      db.pragma('busy_timeout = 0');
      try {
        db.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if (!isBusy(error)) throw error;
      }
      end.onWait?.(STORE_TEXT.waiting);
      db.pragma(`busy_timeout = ${this.lockWaitMs}`);
      db.exec('BEGIN IMMEDIATE');
    } finally {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  }

  private writer(
    rows: LineRows,
    insert: (rows: RunRows) => void,
    commit: (end: RunEnd) => number,
    abort: () => void,
  ): RunWriter {
    const fail = (error: unknown) => sqliteFailure(error, this.label);
    const add = (added: RunRows) => {
      try {
        insert(added);
      } catch (error) {
        throw fail(error);
      }
    };
    return {
      async addText(text, columns) {
        add(rows.fromText(text, columns));
      },
      async addLine(line, detail) {
        add(rows.fromLine(line, detail));
      },
      async commit(end) {
        try {
          return commit(end);
        } catch (error) {
          throw fail(error);
        }
      },
      async abort() {
        abort();
      },
    };
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/**
 * Opens (in `write` mode: creates, with its folder, and upgrades) the SQLite store at `path`. A file
 * that is not SQLite, a database that is not a store, a newer store, a locked or read-only file: one
 * input error naming the file, and nothing written.
 * @param migrations the schema's versions (tests give more to upgrade a store through them).
 * @param lockWaitMs how long a staged run's commit waits for another run's write lock.
 */
export async function openSqliteStore(
  path: string,
  mode: OpenMode,
  migrations?: readonly Migration[],
  lockWaitMs = LOCK_WAIT_MS,
) {
  const { default: Database } = await loadPeer<{ default: typeof BetterSqlite3 }>(
    'better-sqlite3',
    '12',
    STORE_TEXT.needsDriver,
    path,
  );
  if (mode === 'read' && !existsSync(path)) throw new ToolscoreInputError({ source: path }, STORE_TEXT.noStore);
  if (mode === 'write' && existsSync(path) && !writable(path))
    throw new ToolscoreInputError({ source: path }, STORE_TEXT.readOnly);
  let db: BetterSqlite3.Database;
  try {
    if (mode === 'write') mkdirSync(dirname(path), { recursive: true });
    db = new Database(path, { fileMustExist: mode === 'read', timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    throw new ToolscoreInputError({ source: path }, cannotOpenText((error as Error).message));
  }
  const store = new SqliteRunStore(path, Database, db, lockWaitMs);
  try {
    // SQLite opens a file it may not write read-only, silently: refused now, not when the run is done.
    if (mode === 'write' && db.readonly) throw new ToolscoreInputError({ source: path }, STORE_TEXT.readOnly);
    db.pragma('foreign_keys = ON');
    const connection = connectionOf(db, path);
    if (mode === 'read') await prepareSchema(connection, path, mode, migrations);
    else {
      // A current store is opened without its write lock, so another run being kept does not hold this one up;
      // creating or upgrading one holds it, and finds a locked file.
      const current = await prepareSchema(connection, path, 'read', migrations).then(
        () => true,
        (error: unknown) => {
          if ((error as ToolscoreInputError).reason === STORE_TEXT.locked) throw error;
          return false;
        },
      );
      if (!current) await connection.transaction(() => prepareSchema(connection, path, mode, migrations));
      // Only once the file is known to be a store (another program's database is never changed): WAL, so
      // that readers go on reading while a run is written.
      db.pragma('journal_mode = WAL');
    }
  } catch (error) {
    await store.close();
    throw sqliteFailure(error, path);
  }
  return store;
}

/**
 * Whether this process may write the store and its folder (SQLite writes its journal beside it). SQLite
 * opens a file it may not write read-write all the same and fails only at the first write, so ask first.
 */
function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    accessSync(dirname(path), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
