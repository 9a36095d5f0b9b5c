import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { ToolscoreInputError } from '../core/errors.js';
import { VERSION } from '../core/version.js';
import { loadPeer } from '../side-effects/database.js';
import { summaryHeadline } from './case-row.js';
import { TALLY_SQL, caseColumnsSql, isCaseSql } from './columns.js';
import { LineNumbers } from './lines.js';
import { prepareSchema, type OpenMode } from './migrate.js';
import { CASE_COLUMNS, type Migration } from './schema.js';
import { SqlRunStore, type Connection } from './sql-store.js';
import { STORE_TEXT, cannotOpenText } from './text.js';
import type { NewRun, RunWriter } from './types.js';

/** How long a statement waits for another process's lock before the store is reported locked. */
const BUSY_TIMEOUT_MS = 5000;

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

/**
 * Runs in one SQLite file, through better-sqlite3 (an optional peer, loaded here). A run's lines are
 * staged in a temporary table of this connection, which no other connection sees and which a killed
 * process leaves nothing of; `commit` copies them into the store and adds the run in one transaction,
 * so the file's write lock is held only for that copy and other runs can be kept meanwhile.
 */
class SqliteRunStore extends SqlRunStore {
  private staged = 0;

  constructor(
    label: string,
    private readonly db: BetterSqlite3.Database,
  ) {
    super(label, connectionOf(db, label));
  }

  async begin(run: NewRun): Promise<RunWriter> {
    const db = this.db;
    const table = `temp.toolscore_staged_${++this.staged}`;
    const raw = `temp.toolscore_raw_${this.staged}`;
    const fail = (error: unknown) => sqliteFailure(error, this.label);
    db.exec(
      `CREATE TABLE ${table} (position INTEGER, case_id TEXT, trial INTEGER, score REAL, grade TEXT, verdict TEXT, issue_kind TEXT, problem TEXT, tools TEXT, error TEXT, line TEXT, detail TEXT);
       CREATE TABLE ${raw} (pos INTEGER, l TEXT, d TEXT)`,
    );
    // A chunk's lines go in as text, then one statement reads their columns: SQLite parses each line once
    // (its JSON cache serves the other reads of the same row), which per-line statements would not.
    const insertRaw = db.prepare(`INSERT INTO ${raw} VALUES (?, ?, ?)`);
    const readColumns = db.prepare(
      `INSERT INTO ${table} SELECT ${caseColumnsSql('sqlite')} FROM (SELECT pos, l, d, l AS b FROM ${raw}) WHERE ${isCaseSql('sqlite')}`,
    );
    const clearRaw = db.prepare(`DELETE FROM ${raw}`);
    const insertMany = db.transaction((rows: readonly (readonly [number, string, string | null])[]) => {
      for (const row of rows) insertRaw.run(row);
      readColumns.run();
      clearRaw.run();
    });
    const numbers = new LineNumbers();
    let open = true;
    const drop = () => {
      if (!open) return;
      open = false;
      db.exec(`DROP TABLE IF EXISTS ${table}; DROP TABLE IF EXISTS ${raw}`);
    };
    const add = (rows: readonly (readonly [number, string, string | null])[]) => {
      try {
        insertMany(rows);
      } catch (error) {
        throw fail(error);
      }
    };
    return {
      async addText(text) {
        add(numbers.fromText(text));
      },
      async addLine(line, detail) {
        add([numbers.fromLine(line, detail)]);
      },
      commit: async (end) => {
        const { passRate, passHatK } = summaryHeadline(end.summary);
        try {
          return db
            .transaction(() => {
              const tally = db.prepare(`${TALLY_SQL} FROM ${table}`).get() as Record<string, number | null>;
              const { lastInsertRowid } = db
                .prepare(
                  `INSERT INTO toolscore_runs (command, started_at, finished_at, toolscore_version, options, git_commit, git_branch, gold, gold_sha256, tools_sha256, cases, errors, mean_score, pass_rate, verdict_pass, verdict_warn, verdict_fail, pass_hat_k, summary)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
                )
                .run(
                  run.command,
                  run.started_at,
                  end.finished_at,
                  VERSION,
                  JSON.stringify(run.options),
                  run.git_commit,
                  run.git_branch,
                  run.gold,
                  run.gold_sha256,
                  run.tools_sha256,
                  tally.cases,
                  tally.errors,
                  tally.mean_score,
                  passRate,
                  tally.verdict_pass ?? 0,
                  tally.verdict_warn ?? 0,
                  tally.verdict_fail ?? 0,
                  passHatK,
                  JSON.stringify(end.summary ?? null),
                );
              db.prepare(
                `INSERT INTO toolscore_cases (run_id, ${CASE_COLUMNS.join(', ')}) SELECT ?, ${CASE_COLUMNS.join(', ')} FROM ${table}`,
              ).run(lastInsertRowid);
              return Number(lastInsertRowid);
            })
            .immediate();
        } catch (error) {
          throw fail(error);
        } finally {
          drop();
        }
      },
      async abort() {
        drop();
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
 */
export async function openSqliteStore(path: string, mode: OpenMode, migrations?: readonly Migration[]) {
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
  const store = new SqliteRunStore(path, db);
  try {
    // SQLite opens a file it may not write read-only, silently: refused now, not when the run is done.
    if (mode === 'write' && db.readonly) throw new ToolscoreInputError({ source: path }, STORE_TEXT.readOnly);
    db.pragma('foreign_keys = ON');
    const connection = connectionOf(db, path);
    // In write mode the check and any upgrade hold the write lock: a read-only or locked file is found here.
    if (mode === 'write') await connection.transaction(() => prepareSchema(connection, path, mode, migrations));
    else await prepareSchema(connection, path, mode, migrations);
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
