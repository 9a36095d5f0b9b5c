import { ToolscoreInputError } from '../core/errors.js';
import { VERSION } from '../core/version.js';
import { MIGRATIONS, STORE_MARK, bookkeeping, type Migration } from './schema.js';
import type { Connection } from './sql-store.js';
import { STORE_TEXT, newerStoreText, olderStoreText } from './text.js';

/** Whether a store is opened to keep runs (created or upgraded as needed) or only to read and delete them. */
export type OpenMode = 'write' | 'read';

/** The tables of the database (PostgreSQL: of the schema the connection uses). */
async function tableNames(connection: Connection): Promise<Set<string>> {
  const rows = await connection.all(
    connection.dialect === 'sqlite'
      ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
      : 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()',
  );
  return new Set(rows.map((row) => String(row.name)));
}

/**
 * Checks that the database is a store this toolscore can use, and in `write` mode creates or upgrades it
 * (in the caller's transaction). Refused, never changed: a database holding other tables and no store
 * mark (SQLite: any other table; PostgreSQL, where a store shares a database: our table names), a store of
 * a newer schema, and in `read` mode a missing or older store.
 */
export async function prepareSchema(
  connection: Connection,
  label: string,
  mode: OpenMode,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<void> {
  const refuse = (reason: string) => new ToolscoreInputError({ source: label }, reason);
  const tables = await tableNames(connection);
  const ours = [...tables].filter((name) => name.startsWith('toolscore_'));
  const marked =
    tables.has('toolscore_meta') &&
    (await connection.all('SELECT value FROM toolscore_meta WHERE key = ?', [STORE_MARK.key]))[0]?.value ===
      STORE_MARK.value;
  if (!marked && (connection.dialect === 'sqlite' ? tables.size > 0 : ours.length > 0))
    throw refuse(STORE_TEXT.notAStore);
  const known = migrations.at(-1)!.version;
  let version = 0;
  if (marked) {
    const [row] = await connection.all('SELECT MAX(version) AS version FROM toolscore_migrations');
    version = Number(row?.version ?? 0);
  }
  if (version > known) throw refuse(newerStoreText(version, known));
  if (mode === 'read') {
    if (!marked) throw refuse(STORE_TEXT.noStore);
    if (version < known) throw refuse(olderStoreText(version, known));
    return;
  }
  if (!marked) for (const statement of bookkeeping(connection.dialect)) await connection.all(statement);
  for (const migration of migrations) {
    if (migration.version <= version) continue;
    for (const statement of migration.statements[connection.dialect]) await connection.all(statement);
    await connection.all('INSERT INTO toolscore_migrations (version, applied_at, toolscore_version) VALUES (?, ?, ?)', [
      migration.version,
      new Date().toISOString(),
      VERSION,
    ]);
  }
}
