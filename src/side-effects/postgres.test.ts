import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { evaluateTrace } from '../evaluation/evaluate-trace.js';

// .ci/postgres.sh starts the server; locally, run it once (as root) or set TOOLSCORE_TEST_PG_URL.
const adminUrl = process.env.TOOLSCORE_TEST_PG_URL ?? 'postgres://postgres:toolscore@127.0.0.1:5432/postgres';
const database = `toolscore_test_${process.pid}_${Date.now()}`;
const testUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const available = await reachable();
if (!available && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${adminUrl.replace(/:[^:@/]*@/, ':***@')}; .ci/run must start it (.ci/postgres.sh)`);
if (!available) console.warn('Skipping PostgreSQL side-effect tests: no server at 127.0.0.1:5432. Start one with `sudo bash .ci/postgres.sh` or set TOOLSCORE_TEST_PG_URL.');

describe.skipIf(!available)('sql_rows against a real PostgreSQL server', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const client = new pg.Client({ connectionString: testUrl });
    await client.connect();
    await client.query("CREATE TABLE users (name text, email text); INSERT INTO users VALUES ('John', 'john@example.com'), ('Ann', 'ann@example.com')");
    await client.end();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  test('parameterized counts pass and fail; writes and second statements are refused and change nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolscore-pg-'));
    const check = (sql_rows: unknown) => ({ tool: 'insert_user', side_effects: { sql_rows } });
    const gold = [
      check({ query: 'SELECT * FROM users WHERE email = $1', params: ['john@example.com'], equals: 1 }),
      check({ query: 'SELECT count(*) AS count FROM users WHERE name <> $1', params: ['nobody'], min: 2, max: 2 }),
      check({ query: 'SELECT * FROM users WHERE email = $1', params: ['zoe@example.com'] }),
      check({ query: 'DELETE FROM users RETURNING *' }),
      check({ query: 'SELECT 1; DROP TABLE users' }),
    ];
    writeFileSync(join(dir, 'gold.json'), JSON.stringify(gold));
    writeFileSync(join(dir, 'trace.json'), JSON.stringify(gold.map(() => ({ tool: 'insert_user' }))));
    const result = await evaluateTrace({ goldFile: join(dir, 'gold.json'), traceFile: join(dir, 'trace.json'), db: testUrl });
    const outcomes = result.metrics.side_effect_metrics!.details.map((detail) => [detail.passed, detail.reason.replace(/postgres:\/\/\S+?:/, 'URL:')]);
    expect(outcomes.slice(0, 3)).toEqual([
      [true, 'query rows: 1'],
      [true, 'query rows: 2'],
      [false, 'query rows: 0, expected at least 1'],
    ]);
    expect(outcomes[3]![0]).toBe(false);
    expect(outcomes[3]![1]).toMatch(/cannot execute DELETE in a read-only transaction/);
    expect(outcomes[4]![0]).toBe(false);
    expect(outcomes[4]![1]).toMatch(/cannot insert multiple commands into a prepared statement/);
    expect(JSON.stringify(result.metrics.side_effect_metrics)).not.toContain('toolscore@');

    const client = new pg.Client({ connectionString: testUrl });
    await client.connect();
    expect((await client.query('SELECT count(*)::int AS n FROM users')).rows).toEqual([{ n: 2 }]);
    await client.end();
  });
});
