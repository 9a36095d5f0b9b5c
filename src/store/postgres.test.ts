import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
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
    exec(
      'DROP TABLE IF EXISTS toolscore_run_tools, toolscore_case_lines, toolscore_cases, toolscore_runs, toolscore_migrations, toolscore_meta CASCADE',
    ),
  exec,
  isolated: server.real,
}));

test('reads asked for together run one at a time on the connection: pg warns of nothing', async () => {
  await exec(
    'DROP TABLE IF EXISTS toolscore_run_tools, toolscore_case_lines, toolscore_cases, toolscore_runs, toolscore_migrations, toolscore_meta CASCADE',
  );
  const target = parseDatabaseUrl(server.url);
  if (target.kind !== 'postgres') throw new Error('a postgres URL');
  (await openPostgresStore(target, 'write')).close();
  const store = await openPostgresStore(target, 'read');
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  process.on('warning', onWarning);
  try {
    const lists = await Promise.all([store.listRuns(), store.listRuns(), store.listRuns()]);
    expect(lists.map((list) => list.total)).toEqual([0, 0, 0]);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([]);
  } finally {
    process.off('warning', onWarning);
    await store.close();
  }
}, 60_000);
