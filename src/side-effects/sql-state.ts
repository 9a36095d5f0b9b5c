import { ToolscoreInputError, childPath, describeType } from '../core/errors.js';
import { isObject, setOwn } from '../core/objects.js';
import { openDatabase, type DatabaseLimits } from './database.js';
import type { DatabaseTarget } from './database-url.js';

/*
 * A before-state or after-state read from a database (docs/outcomes.md, "States from SQL"): named
 * queries, each run as a live `sql_rows` check runs (one read-only statement returning rows, within
 * the time and row limits), make the state document `{name: rows}`.
 */

/** The queries that make a state from a database: a name for each, in the document's key order. */
export type StateQueries = Readonly<Record<string, string>>;

/** Reads `stateQueries` (`{"orders": "SELECT id, status FROM orders ORDER BY id"}`): names and SQL texts, at least one. */
export function readStateQueries(value: unknown, source: string): StateQueries {
  if (!isObject(value))
    throw new ToolscoreInputError(
      { source, path: '$' },
      `expected an object of named queries ({"orders": "SELECT id, status FROM orders ORDER BY id"}), got ${describeType(value)}`,
    );
  const names = Object.keys(value);
  if (names.length === 0)
    throw new ToolscoreInputError({ source, path: '$' }, 'expected at least one named query, got none');
  for (const name of names) {
    const sql = value[name];
    if (typeof sql !== 'string' || sql.trim() === '')
      throw new ToolscoreInputError(
        { source, path: childPath('$', name) },
        `expected the query as SQL text, got ${typeof sql === 'string' ? 'an empty string' : describeType(sql)}`,
      );
  }
  return value as StateQueries;
}

/**
 * Runs every query against the database and returns `{name: rows}`, rows as JSON values (dates as ISO
 * text, bytes as `\x…` hex, big integers as numbers when exact, else as text). A query that cannot run
 * (refused, failed, too slow, too many rows) is an input error naming it: a state that could not be
 * read must not be compared.
 */
export async function readSqlState(
  target: DatabaseTarget,
  queries: StateQueries,
  limits: DatabaseLimits,
  source: string,
): Promise<Record<string, unknown[]>> {
  const database = await openDatabase(target, limits);
  try {
    const state: Record<string, unknown[]> = {};
    for (const [name, sql] of Object.entries(queries)) {
      let rows: Record<string, unknown>[];
      try {
        rows = await database.query(sql, []);
      } catch (error) {
        if (error instanceof ToolscoreInputError) throw error;
        throw new ToolscoreInputError(
          { source },
          `query "${name}" on ${database.label} failed: ${(error as Error).message}`,
        );
      }
      state[name] = rows.map((row) => jsonValue(row));
    }
    return state;
  } finally {
    await database.close();
  }
}

/** A value a driver returned, as JSON holds it. */
function jsonValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return value.map(jsonValue);
  if (isObject(value)) {
    const object: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwn(object, key, jsonValue(value[key]));
    return object;
  }
  return value;
}
