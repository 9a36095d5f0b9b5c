import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../../test/pg-server.js';
import { evaluateTrace } from '../evaluation/evaluate-trace.js';

let server: TestPostgres;

describe("sql_rows against PostgreSQL (CI's server, else PGlite over the wire protocol)", () => {
  beforeAll(async () => {
    server = await startTestPostgres(
      "CREATE TABLE users (name text, email text); INSERT INTO users VALUES ('John', 'john@example.com'), ('Ann', 'ann@example.com')",
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
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
    const result = await evaluateTrace({
      goldFile: join(dir, 'gold.json'),
      traceFile: join(dir, 'trace.json'),
      db: server.readerUrl,
    });
    const outcomes = result.metrics.side_effect_metrics!.details.map((detail) => [
      detail.passed,
      detail.reason.replace(/^query failed on postgres:\/\/[^:]+:\*\*\*@\S+: /, 'query failed on DB: '),
    ]);
    expect(outcomes.slice(0, 3)).toEqual([
      [true, 'query rows: 1'],
      [true, 'query rows: 2'],
      [false, 'query rows: 0, expected at least 1'],
    ]);
    expect(outcomes.slice(3)).toEqual([
      [
        false,
        'query failed on DB: query refused: only a single SELECT, WITH … SELECT, VALUES or TABLE statement may run, got DELETE',
      ],
      [false, 'query failed on DB: query refused: expected exactly one statement, got 2'],
    ]);
    expect(JSON.stringify(result.metrics.side_effect_metrics)).not.toContain('secret');

    const client = new pg.Client({ connectionString: server.readerUrl });
    await client.connect();
    expect((await client.query('SELECT count(*)::int AS n FROM users')).rows).toEqual([{ n: 2 }]);
    await client.end();
  });
});
