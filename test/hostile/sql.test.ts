import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { evaluateTrace, type EvaluateTraceOptions } from '../../src/evaluation/evaluate-trace.js';
import { sqliteLeadingKeyword } from '../../src/side-effects/database.js';
import { refusePostgresQuery } from '../../src/side-effects/postgres-query.js';
import { CLI, runProgram } from '../e2e/run-cli.js';
import { startTestPostgres, type TestPostgres } from '../pg-server.js';
import { needs, POSTGRES_SERVER } from '../requirements.js';

// Every attack here is bounded: PostgreSQL queries by statement_timeout (real server) or by refusal
// before they run, SQLite hangs by running the CLI as a child process with a kill timeout.

const dir = mkdtempSync(join(tmpdir(), 'toolscore-hostile-sql-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs one live sql_rows check per query and returns the [passed, reason] of each. */
async function liveChecks(
  queries: readonly Record<string, unknown>[],
  options: Partial<EvaluateTraceOptions>,
): Promise<[boolean, string][]> {
  const gold = queries.map((sql_rows) => ({ tool: 'q', side_effects: { sql_rows } }));
  writeFileSync(join(dir, 'gold.json'), JSON.stringify(gold));
  writeFileSync(join(dir, 'trace.json'), JSON.stringify(gold.map(() => ({ tool: 'q' }))));
  const result = await evaluateTrace({
    goldFile: join(dir, 'gold.json'),
    traceFile: join(dir, 'trace.json'),
    ...options,
  });
  return result.metrics.side_effect_metrics!.details.map((detail) => [
    detail.passed,
    detail.reason.replace(/^query failed on \S+: /, ''),
  ]);
}

describe('PostgreSQL: only one plain query, never as a superuser', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startTestPostgres(
      "CREATE TABLE users (name text, email text); INSERT INTO users VALUES ('John', 'john@example.com'), ('Ann', 'ann@example.com')",
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  test(
    'COPY TO PROGRAM and COPY TO a file run nothing: a superuser connection is refused, and with --db-allow-superuser COPY is refused',
    needs(POSTGRES_SERVER),
    async () => {
      const pwned = join(dir, 'pwned');
      const written = join(dir, 'written');
      const attacks = [
        { query: `COPY (SELECT 1) TO PROGRAM 'touch ${pwned}'` },
        { query: `COPY (SELECT 1) TO '${written}'` },
      ];
      await server.asSuperuser(async (url) => {
        await expect(liveChecks(attacks, { db: url })).rejects.toThrow(
          /^db: postgres:\/\/postgres:\*\*\*@[^ ]+ connects as a superuser, a member of pg_execute_server_program, a member of pg_read_server_files, a member of pg_write_server_files: a gold file's query could then read server files or run programs; connect as a role that may only SELECT what the checks read, or pass --db-allow-superuser \(option dbAllowSuperuser\) for a database you trust$/,
        );
        expect(await liveChecks(attacks, { db: url, dbAllowSuperuser: true })).toEqual([
          [false, 'query refused: only a single SELECT, WITH … SELECT, VALUES or TABLE statement may run, got COPY'],
          [false, 'query refused: only a single SELECT, WITH … SELECT, VALUES or TABLE statement may run, got COPY'],
        ]);
      });
      expect(existsSync(pwned)).toBe(false);
      expect(existsSync(written)).toBe(false);
    },
  );

  test('a query that never ends is stopped by --db-timeout', {
    ...needs(POSTGRES_SERVER),
    timeout: 8_000,
  }, async () => {
    const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS count FROM c';
    expect(await liveChecks([{ query: endless }], { db: server.readerUrl, dbTimeoutSeconds: 1 })).toEqual([
      [false, 'canceling statement due to statement timeout'],
    ]);
  });

  test('a superuser connection is refused before any query runs (also on PGlite)', async () => {
    await server.asSuperuser(async (url) => {
      await expect(liveChecks([{ query: 'SELECT 1' }], { db: url })).rejects.toThrow(
        /^db: postgres:\/\/postgres:\*\*\*@\S+ connects as a superuser/,
      );
    });
  });

  test('data-modifying WITH, SELECT INTO, row locks and functions that reach outside are refused; the row cap holds', async () => {
    expect(
      await liveChecks(
        [
          { query: 'WITH gone AS (DELETE FROM users RETURNING *) SELECT count(*) AS count FROM gone' },
          { query: 'SELECT * INTO stolen FROM users' },
          { query: 'SELECT * FROM users FOR UPDATE' },
          { query: "SELECT pg_read_file('/etc/passwd')" },
          { query: 'SELECT length(pg_catalog."pg_read_binary_file"(\'/etc/passwd\')) AS n FROM users' },
          { query: "SELECT lo_export(1, '/tmp/x')" },
          { query: "SELECT * FROM (SELECT dblink('host=evil', 'SELECT 1')) AS t" },
          { query: "SELECT query_to_xml('COPY (SELECT 1) TO PROGRAM ''id''', true, true, '')" },
          { query: 'SELECT pg_sleep(30)' },
          { query: "SELECT set_config('statement_timeout', '0', false)" },
          { query: 'SELECT x FROM generate_series(1, 50) AS x' },
          { query: 'SELECT count(*) AS count FROM generate_series(1, 50)', equals: 50 },
          { query: 'TABLE users', equals: 2 },
          { query: 'VALUES (1), (2), (3)', equals: 3 },
        ],
        { db: server.readerUrl, dbMaxRows: 10 },
      ),
    ).toEqual([
      [false, 'query refused: WITH holds a DELETE: only queries may run'],
      [false, 'query refused: SELECT INTO creates a table: only queries may run'],
      [false, 'query refused: FOR UPDATE / FOR SHARE takes row locks: only plain queries may run'],
      [false, 'query refused: pg_read_file() reads or writes server files: it may not be called'],
      [false, 'query refused: pg_read_binary_file() reads or writes server files: it may not be called'],
      [false, 'query refused: lo_export() reads or writes server files: it may not be called'],
      [false, 'query refused: dblink() reaches another server: it may not be called'],
      [false, 'query refused: query_to_xml() runs SQL given as text: it may not be called'],
      [false, 'query refused: pg_sleep() sleeps or takes locks: it may not be called'],
      [false, 'query refused: set_config() changes settings or other sessions: it may not be called'],
      [false, 'more than 10 rows (limit: --db-max-rows, option dbMaxRows); count them with SELECT count(*) AS count'],
      [true, 'query rows: 50'],
      [true, 'query rows: 2'],
      [true, 'query rows: 3'],
    ]);
  });
});

describe('PostgreSQL query check, property-based', () => {
  /** Whitespace and comments PostgreSQL skips, nested block comments included. */
  const noise = fc
    .array(fc.constantFrom(' ', '\n', '\t', '-- SELECT 1\n', '/* SELECT */', '/* /* nested */ SELECT */'), {
      maxLength: 4,
    })
    .map((parts) => parts.join(''));
  const attacks = [
    "COPY (SELECT 1) TO PROGRAM 'id'",
    "COPY users TO '/tmp/x'",
    'DELETE FROM users',
    'WITH x AS (UPDATE users SET name = 1 RETURNING 1) SELECT * FROM x',
    "SELECT pg_read_file('/etc/passwd')",
    'SELECT 1; DROP TABLE users',
    "DO $$ BEGIN EXECUTE 'COPY (SELECT 1) TO PROGRAM ''id'''; END $$",
    'SET statement_timeout = 0',
  ];
  const queries = [
    'SELECT 1',
    'WITH a AS (SELECT 1 AS n) SELECT n FROM a',
    'VALUES (1)',
    'TABLE users',
    "SELECT 'COPY (SELECT 1) TO PROGRAM' AS text",
  ];

  test('an attack stays refused whatever comments and whitespace surround it; a query stays accepted', async () => {
    await fc.assert(
      fc.asyncProperty(noise, fc.constantFrom(...attacks), noise, async (before, sql, after) => {
        expect(await refusePostgresQuery(`${before}${sql}${after}`)).toMatch(/./);
      }),
      { numRuns: 200 },
    );
    await fc.assert(
      fc.asyncProperty(noise, fc.constantFrom(...queries), noise, async (before, sql, after) => {
        expect(await refusePostgresQuery(`${before}${sql}${after}`)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  test('any text gets an answer, never an exception', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (sql) => {
        const answer = await refusePostgresQuery(sql);
        expect(answer === undefined || typeof answer === 'string').toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('credentials in --db URLs never reach a message', () => {
  const forms = [
    ['empty user', 'postgres://:hunter2-secret@127.0.0.1:1/db', 'postgres://:***@127.0.0.1:1/db'],
    [
      'password parameter',
      'postgres://u@127.0.0.1:1/db?password=hunter2-secret',
      'postgres://u@127.0.0.1:1/db?password=***',
    ],
    ['@ inside the password', 'postgres://u:p@ss-hunter2@127.0.0.1:1/db', 'postgres://u:***@127.0.0.1:1/db'],
  ] as const;

  for (const [what, url, label] of forms) {
    test(`${what}: the connection error shows ${label}`, async () => {
      const error = await liveChecks([{ query: 'SELECT 1' }], { db: url }).then(
        () => undefined,
        (thrown: Error) => thrown,
      );
      expect(error?.message.startsWith(`db: cannot connect to ${label}: `)).toBe(true);
      expect(error?.message).not.toMatch(/hunter2|ss-/);
    });
  }

  test('an unknown scheme or a value that is no URL is an input error that shows no password, even without a live check', async () => {
    writeFileSync(join(dir, 'plain.json'), JSON.stringify([{ tool: 'q' }]));
    const plain = { goldFile: join(dir, 'plain.json'), traceFile: join(dir, 'plain.json') };
    await expect(evaluateTrace({ ...plain, db: 'mysql://u:hunter2-secret@host/db' })).rejects.toThrow(
      /^db: cannot tell the database from a mysql: URL: use sqlite:path\/to\.db or postgres:\/\/user:password@host\/db$/,
    );
    await expect(evaluateTrace({ ...plain, db: 'u:hunter2 secret@host' })).rejects.toThrow(
      /^db: cannot tell the database from a u: URL: use sqlite:/,
    );
    await expect(evaluateTrace({ ...plain, db: 'hunter2 secret' })).rejects.toThrow(
      /^db: cannot tell the database from a value that is neither a URL nor a \.db\/\.sqlite path: use sqlite:path\/to\.db or postgres:\/\/user:password@host\/db$/,
    );
  });

  test('the CLI exits 2 on a bad --db before scoring, and prints no password', async () => {
    writeFileSync(join(dir, 'plain.json'), JSON.stringify([{ tool: 'q' }]));
    const run = await runProgram(
      process.execPath,
      [
        CLI,
        'eval',
        join(dir, 'plain.json'),
        join(dir, 'plain.json'),
        '-o',
        join(dir, 'out.json'),
        '--db',
        'mysql://u:hunter2-secret@host/db',
      ],
      { timeout: 20_000 },
    );
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'toolscore: db: cannot tell the database from a mysql: URL: use sqlite:path/to.db or postgres://user:password@host/db',
    );
    expect(existsSync(join(dir, 'out.json'))).toBe(false);
  });
});

describe('SQLite: read-only, one query, bounded rows and time', () => {
  const path = join(dir, 'app.db');
  beforeAll(() => {
    const db = new Sqlite(path);
    db.exec("CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('John'), ('Ann')");
    db.close();
  });

  test('PRAGMA, EXPLAIN, ATTACH and load_extension are refused; the file is unchanged', async () => {
    expect(
      await liveChecks(
        [
          { query: 'PRAGMA table_info(users)' },
          { query: 'EXPLAIN SELECT 1' },
          { query: `ATTACH DATABASE '${join(dir, 'other.db')}' AS other` },
          { query: "SELECT load_extension('/tmp/evil.so')" },
          { query: '/* x */ -- y\n WITH n AS (SELECT count(*) AS count FROM users) SELECT count FROM n', equals: 2 },
        ],
        { db: `sqlite:${path}` },
      ),
    ).toEqual([
      [false, 'only a single SELECT, WITH … SELECT or VALUES statement may run, got PRAGMA'],
      [false, 'only a single SELECT, WITH … SELECT or VALUES statement may run, got EXPLAIN'],
      [false, 'only a single SELECT, WITH … SELECT or VALUES statement may run, got ATTACH'],
      [false, 'not authorized'],
      [true, 'query rows: 2'],
    ]);
    expect(existsSync(join(dir, 'other.db'))).toBe(false);
  });

  // Today's code would hang the test process inside SQLite, so these run the CLI in a child process that a timeout kills.
  async function cliCheck(query: string, flags: string[]): Promise<{ code: number; reason: string | undefined }> {
    const gold = join(dir, `gold-${flags.join('')}.json`);
    const out = join(dir, `out-${flags.join('')}.json`);
    writeFileSync(gold, JSON.stringify([{ tool: 'q', side_effects: { sql_rows: { query } } }]));
    writeFileSync(join(dir, 'one.json'), JSON.stringify([{ tool: 'q' }]));
    const run = await runProgram(
      process.execPath,
      [CLI, 'eval', gold, join(dir, 'one.json'), '-o', out, '--db', `sqlite:${path}`, ...flags],
      { timeout: 25_000 },
    );
    const report = existsSync(out)
      ? (JSON.parse(readFileSync(out, 'utf8')) as {
          metrics: { side_effect_metrics: { details: { reason: string }[] } };
        })
      : undefined;
    return {
      code: run.code,
      reason: report?.metrics.side_effect_metrics.details[0]?.reason.replace(/^query failed on \S+: /, ''),
    };
  }

  test('an endless recursive CTE that yields rows stops at the row cap', async () => {
    expect(
      await cliCheck('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c', [
        '--db-max-rows',
        '1000',
      ]),
    ).toEqual({
      code: 0,
      reason: 'more than 1000 rows (limit: --db-max-rows, option dbMaxRows); count them with SELECT count(*) AS count',
    });
  }, 30_000);

  test('an endless query that yields no row is stopped by --db-timeout', async () => {
    expect(
      await cliCheck(
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS count FROM c',
        ['--db-timeout', '1'],
      ),
    ).toEqual({
      code: 0,
      reason: 'the query did not finish within 1 s and was stopped (timeout: --db-timeout, option dbTimeoutSeconds)',
    });
  }, 30_000);

  test('the leading keyword is read past any mix of comments and whitespace', () => {
    const noise = fc
      .array(fc.constantFrom(' ', '\n', '\t', '-- PRAGMA x\n', '/* PRAGMA */', '/**/'), { maxLength: 5 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        noise,
        fc.constantFrom('SELECT', 'select', 'WITH', 'VALUES', 'PRAGMA', 'EXPLAIN'),
        (before, keyword) => {
          expect(sqliteLeadingKeyword(`${before}${keyword} 1`)).toBe(keyword);
        },
      ),
    );
  });
});
