import type pg from 'pg';
import { ToolscoreInputError } from '../core/errors.js';
import { loadPeer } from '../side-effects/database.js';
import { withoutSecrets, type DatabaseTarget } from '../side-effects/database-url.js';
import { LineRows, finishRunStatement, newRunStatement, runToolsStatements, type RunRows } from './lines.js';
import { prepareSchema, type OpenMode } from './migrate.js';
import { CASE_COLUMNS, type Migration } from './schema.js';
import { SqlRunStore, type Connection } from './sql-store.js';
import { STORE_TEXT, cannotConnectText } from './text.js';
import type { NewRun, RunWriter } from './types.js';

type PostgresTarget = Extract<DatabaseTarget, { kind: 'postgres' }>;
type Pg = typeof pg;

const CONNECT_TIMEOUT_MS = 10_000;
/** Held while a store is created or upgraded, so two first runs do not both create the tables. */
const SCHEMA_LOCK = "SELECT pg_advisory_xact_lock(hashtext('toolscore_store'))";

/** `?` parameters numbered `$1, $2, …` (the store's SQL has no `?` of its own). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** PostgreSQL text cannot hold U+0000: a name or message from a file that has one keeps U+FFFD instead. */
function storable(value: unknown): unknown {
  return typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value;
}

async function connect(driver: Pg, target: PostgresTarget): Promise<pg.Client> {
  const client = new driver.Client({ connectionString: target.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => {}); // a dropped connection fails the next query instead of crashing
  try {
    await client.connect();
  } catch (error) {
    throw new ToolscoreInputError(
      { source: target.label },
      cannotConnectText(withoutSecrets((error as Error).message, target.secrets)),
    );
  }
  return client;
}

function connectionOf(client: pg.Client, target: PostgresTarget): Connection {
  // One client runs one query at a time: queries asked for together (a page's reads) wait their turn
  // here, as pg's own queue will no longer do (it warns of it now).
  let previous: Promise<unknown> = Promise.resolve();
  const run = async (sql: string, params: readonly unknown[]) => {
    try {
      return (await client.query(numbered(sql), params.map(storable))).rows as Record<string, unknown>[];
    } catch (error) {
      throw new ToolscoreInputError({ source: target.label }, withoutSecrets((error as Error).message, target.secrets));
    }
  };
  const all = (sql: string, params: readonly unknown[] = []) => {
    const next = previous.then(
      () => run(sql, params),
      () => run(sql, params),
    );
    previous = next.catch(() => {});
    return next;
  };
  return {
    dialect: 'postgres',
    all,
    async transaction(work) {
      await all('BEGIN');
      try {
        const result = await work();
        await all('COMMIT');
        return result;
      } catch (error) {
        await all('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

/**
 * Runs in a PostgreSQL database, through pg (an optional peer, loaded here). A run is written in one
 * transaction on a connection of its own: no other session sees it before `commit`, and a process killed
 * mid-run drops the connection, which rolls it all back.
 */
class PostgresRunStore extends SqlRunStore {
  constructor(
    private readonly driver: Pg,
    private readonly target: PostgresTarget,
    private readonly client: pg.Client,
  ) {
    super(target.label, connectionOf(client, target));
  }

  async begin(run: NewRun): Promise<RunWriter> {
    const client = await connect(this.driver, this.target);
    const connection = connectionOf(client, this.target);
    const ended = async () => {
      await client.end().catch(() => {});
    };
    let id: number;
    try {
      await connection.all('BEGIN');
      const { sql, params } = newRunStatement(run);
      const [row] = await connection.all(sql, params);
      id = Number(row!.id);
    } catch (error) {
      await ended();
      throw error;
    }
    const rows = new LineRows();
    // One statement per chunk of lines: one array per column.
    const insert = async ({ cases, lines }: RunRows) => {
      if (cases.length > 0)
        await connection.all(
          `INSERT INTO toolscore_cases (run_id, ${CASE_COLUMNS.join(', ')})
           SELECT ?, * FROM unnest(?::int[], ?::text[], ?::bigint[], ?::float8[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])`,
          [id, ...CASE_COLUMNS.map((_, column) => cases.map((row) => storable(row[column])))],
        );
      if (lines !== undefined)
        await connection.all('INSERT INTO toolscore_case_lines (run_id, first, lines, detail) VALUES (?, ?, ?, ?)', [
          id,
          ...lines,
        ]);
    };
    return {
      addText: (text, columns) => insert(rows.fromText(text, columns)),
      addLine: (line, detail) => insert(rows.fromLine(line, detail)),
      async commit(end) {
        try {
          for (const { sql, params } of [
            finishRunStatement(id, end, rows.tally),
            ...runToolsStatements(id, rows.tally),
          ])
            await connection.all(sql, params);
          await connection.all('COMMIT');
          // The planner works from statistics that know nothing of the run until autovacuum gets to it (a
          // minute or more): refreshed now, the viewer's joins of 100,000 cases take a third of the time.
          // Only a speed matter, and the run is kept: a user who may not analyze the tables goes without.
          await connection.all('ANALYZE toolscore_cases, toolscore_run_tools').catch(() => {});
          return id;
        } finally {
          await ended();
        }
      },
      async abort() {
        await client.query('ROLLBACK').catch(() => {});
        await ended();
      },
    };
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => {});
  }
}

/**
 * Opens (in `write` mode: creates or upgrades) the store in the PostgreSQL database of the URL. A server
 * that cannot be reached, a database whose `toolscore_*` tables are not a store, a newer store: one input
 * error naming the URL with its password masked, and nothing written.
 * @param migrations the schema's versions (tests give more to upgrade a store through them).
 */
export async function openPostgresStore(target: PostgresTarget, mode: OpenMode, migrations?: readonly Migration[]) {
  const { default: driver } = await loadPeer<{ default: Pg }>('pg', '8', STORE_TEXT.needsDriver, target.label);
  const client = await connect(driver, target);
  const store = new PostgresRunStore(driver, target, client);
  try {
    const connection = connectionOf(client, target);
    if (mode === 'write')
      await connection.transaction(async () => {
        await connection.all(SCHEMA_LOCK);
        await prepareSchema(connection, target.label, mode, migrations);
      });
    else await prepareSchema(connection, target.label, mode, migrations);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
