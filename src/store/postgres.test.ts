import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startWritablePostgres, type WritablePostgres } from '../../test/pg-server.js';
import { parseDatabaseUrl } from '../side-effects/database-url.js';
import { testRunStore } from '../../test/store-suite.js';
import { openPostgresStore } from './postgres.js';

let server: WritablePostgres;
beforeAll(async () => {
  server = await startWritablePostgres();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function exec(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

testRunStore("PostgreSQL (CI's server, else PGlite over the wire protocol)", () => ({
  open: (mode, migrations) => {
    const target = parseDatabaseUrl(server.url);
    if (target.kind !== 'postgres') throw new Error('a postgres URL');
    return openPostgresStore(target, mode, migrations);
  },
  reset: () =>
    exec('DROP TABLE IF EXISTS toolscore_cases, toolscore_runs, toolscore_migrations, toolscore_meta CASCADE'),
  exec,
  isolated: server.real,
}));
