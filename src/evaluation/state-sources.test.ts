import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../../test/pg-server.js';
import { evaluateTrace, type EvaluateTraceOptions } from './evaluate-trace.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-state-'));
function write(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

/** A shop whose agent shipped order 1 and, by mistake, cancelled order 2. */
const CALLS = [{ tool: 'ship_order', args: { id: 1 } }];
const GOLD = write('gold.json', {
  calls: CALLS,
  state: {
    expected: {
      orders: [
        { id: 1, status: 'shipped' },
        { id: 2, status: 'open' },
      ],
    },
    unchanged: true,
  },
});
const TRACE = write('trace.json', CALLS);
const BEFORE = {
  orders: [
    { id: 1, status: 'open' },
    { id: 2, status: 'open' },
  ],
};
const AFTER = {
  orders: [
    { id: 1, status: 'shipped' },
    { id: 2, status: 'cancelled' },
  ],
};

/** The same shop as two SQLite files: a copy taken before the run, and the database after it. */
function shopDatabase(name: string, state: typeof BEFORE): string {
  const path = join(dir, name);
  const db = new Sqlite(path);
  db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT, note BLOB)');
  for (const order of state.orders)
    db.prepare('INSERT INTO orders (id, status) VALUES (?, ?)').run(order.id, order.status);
  db.close();
  return path;
}
const BEFORE_DB = shopDatabase('before.db', BEFORE);
const AFTER_DB = shopDatabase('after.db', AFTER);
const QUERIES = write('queries.json', { orders: 'SELECT id, status FROM orders ORDER BY id' });

const run = (options: Partial<EvaluateTraceOptions>) => evaluateTrace({ goldFile: GOLD, traceFile: TRACE, ...options });
const messages = (result: Awaited<ReturnType<typeof run>>) =>
  result.metrics.outcome_metrics!.failures.map((failure) => failure.message);

describe('evaluateTrace({stateBefore, stateAfter}): JSON files', () => {
  test('the states are read from the files; metrics.state names the cancelled order', async () => {
    const result = await run({ stateBefore: write('before.json', BEFORE), stateAfter: write('after.json', AFTER) });
    expect(messages(result)).toEqual([
      '$.orders is [{"id":1,"status":"shipped"},{"id":2,"status":"cancelled"}], expected [{"id":1,"status":"shipped"},{"id":2,"status":"open"}]',
    ]);
    expect(result.metrics.state).toEqual({
      paths_expected: 1,
      paths_matched: 0,
      unchanged_required: true,
      unexpected_changes: 0,
      changes: [
        { path: '$.orders[0].status', change: 'changed', before: 'open', after: 'shipped', covered_by: 'expected' },
        { path: '$.orders[1].status', change: 'changed', before: 'open', after: 'cancelled', covered_by: 'expected' },
      ],
    });
  });

  test('both or neither; queries only with a database; a state file over maxStateBytes is one line', async () => {
    await expect(run({ stateBefore: write('b.json', BEFORE) })).rejects.toThrow(
      'stateAfter: expected both stateBefore and stateAfter (--state-before, --state-after): the state check compares them',
    );
    await expect(run({ stateBefore: 'b.json', stateAfter: 'a.json', stateQueries: QUERIES })).rejects.toThrow(
      'stateQueries: neither state is a database (sqlite:…, postgres://…): the queries would read nothing',
    );
    await expect(run({ stateBefore: 'b.json', stateAfter: `sqlite:${AFTER_DB}` })).rejects.toThrow(
      'stateAfter: a state read from a database needs the queries that make it: stateQueries (--state-queries FILE)',
    );
    const before = write('big-before.json', BEFORE);
    await expect(
      run({ stateBefore: before, stateAfter: write('big-after.json', AFTER), limits: { maxStateBytes: 40 } }),
    ).rejects.toThrow(
      `${before} at $: the state is over 40 bytes of JSON; raise limits.maxStateBytes (--max-state-bytes) if this is intended`,
    );
    await expect(run({ stateBefore: join(dir, 'nowhere.json'), stateAfter: before })).rejects.toThrow(
      `${join(dir, 'nowhere.json')}: file not found`,
    );
  });
});

describe('states from SQL: SQLite', () => {
  test('named queries make {name: rows} before and after; the after-state is what expected reads', async () => {
    const goldFile = write('sql-gold.json', {
      calls: CALLS,
      state: { expected: { orders: [{ id: 1, status: 'shipped' }, { $any: true }] }, unchanged: true },
    });
    const result = await evaluateTrace({
      goldFile,
      traceFile: TRACE,
      stateBefore: `sqlite:${BEFORE_DB}`,
      stateAfter: AFTER_DB,
      stateQueries: QUERIES,
    });
    // The expected array covers every change inside it: only the expected value's match is checked.
    expect(result.metrics.outcome_metrics!.state_checks).toEqual({ checks: 2, passed: 2 });
    expect(result.metrics.state!.changes).toEqual([
      { path: '$.orders[0].status', change: 'changed', before: 'open', after: 'shipped', covered_by: 'expected' },
      { path: '$.orders[1].status', change: 'changed', before: 'open', after: 'cancelled', covered_by: 'expected' },
    ]);
  });

  test('a JSON before-state against a database after-state; queries given inline; bytes as \\x hex', async () => {
    const result = await run({
      stateBefore: write('mixed-before.json', { orders: [{ id: 1, note: '\\x6869' }] }),
      stateAfter: `sqlite:${AFTER_DB}`,
      stateQueries: { orders: "SELECT id, CAST('hi' AS BLOB) AS note FROM orders WHERE id = 1" },
    });
    expect(result.metrics.state!.changes).toEqual([]);
  });

  test('a query that writes, fails, returns too many rows or runs too long is one line naming it', async () => {
    const state = (sql: string, more: Partial<EvaluateTraceOptions> = {}) =>
      run({ stateBefore: BEFORE_DB, stateAfter: AFTER_DB, stateQueries: { orders: sql }, ...more });
    await expect(state('DELETE FROM orders RETURNING *')).rejects.toThrow(
      `stateBefore: query "orders" on sqlite:${BEFORE_DB} failed: only a single SELECT, WITH … SELECT or VALUES statement may run, got DELETE`,
    );
    await expect(state('SELECT missing FROM orders')).rejects.toThrow(
      `stateBefore: query "orders" on sqlite:${BEFORE_DB} failed: no such column: missing`,
    );
    await expect(state('SELECT * FROM orders', { dbMaxRows: 1 })).rejects.toThrow(
      `stateBefore: query "orders" on sqlite:${BEFORE_DB} failed: more than 1 rows (limit: --db-max-rows, option dbMaxRows); count them with SELECT count(*) AS count`,
    );
    await expect(
      state('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS count FROM c', {
        dbTimeoutSeconds: 1,
      }),
    ).rejects.toThrow(
      `stateBefore: query "orders" on sqlite:${BEFORE_DB} failed: the query did not finish within 1 s and was stopped (timeout: --db-timeout, option dbTimeoutSeconds)`,
    );
    expect(new Sqlite(AFTER_DB, { readonly: true }).prepare('SELECT count(*) AS n FROM orders').get()).toEqual({
      n: 2,
    });
  }, 30_000);

  test('bad queries: not an object, none, a name without SQL', async () => {
    const state = (stateQueries: unknown) =>
      run({ stateBefore: BEFORE_DB, stateAfter: AFTER_DB, stateQueries: stateQueries as Record<string, string> });
    await expect(state(['SELECT 1'])).rejects.toThrow(
      'stateQueries at $: expected an object of named queries ({"orders": "SELECT id, status FROM orders ORDER BY id"}), got an array',
    );
    await expect(state({})).rejects.toThrow('stateQueries at $: expected at least one named query, got none');
    await expect(state({ orders: '  ' })).rejects.toThrow(
      'stateQueries at $.orders: expected the query as SQL text, got an empty string',
    );
    const file = write('bad-queries.json', { orders: 3 });
    await expect(run({ stateBefore: BEFORE_DB, stateAfter: AFTER_DB, stateQueries: file })).rejects.toThrow(
      `${file} at $.orders: expected the query as SQL text, got a number`,
    );
  });
});

describe("states from SQL: PostgreSQL (CI's server, else PGlite over the wire protocol)", () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startTestPostgres(
      "CREATE TABLE orders (id int PRIMARY KEY, status text, placed date); INSERT INTO orders VALUES (1, 'shipped', '2026-01-02'), (2, 'cancelled', '2026-01-03')",
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('the after-state read from PostgreSQL (dates as ISO text) against a JSON before-state', async () => {
    const result = await run({
      stateBefore: write('pg-before.json', {
        orders: [
          { id: 1, status: 'open', placed: '2026-01-02' },
          { id: 2, status: 'open', placed: '2026-01-03' },
        ],
      }),
      stateAfter: server.readerUrl,
      stateQueries: { orders: "SELECT id, status, to_char(placed, 'YYYY-MM-DD') AS placed FROM orders ORDER BY id" },
    });
    expect(result.metrics.state!.changes.map((change) => [change.path, change.before, change.after])).toEqual([
      ['$.orders[0].status', 'open', 'shipped'],
      ['$.orders[1].status', 'open', 'cancelled'],
    ]);
  });

  test('a query that writes or reaches outside is refused, one line naming it, the password masked', async () => {
    const state = (sql: string) =>
      run({
        stateBefore: write('pg-b.json', BEFORE),
        stateAfter: server.readerUrl,
        stateQueries: { orders: sql },
      }).catch((error: Error) => error.message);
    const refused = await state('WITH gone AS (DELETE FROM orders RETURNING *) SELECT * FROM gone');
    expect(refused).toMatch(
      /^stateAfter: query "orders" on postgres:\/\/[^:]+:\*\*\*@\S+ failed: query refused: WITH holds a DELETE: only queries may run$/,
    );
    expect(await state("SELECT pg_read_file('/etc/passwd')")).toMatch(/pg_read_file\(\) reads or writes server files/);
  });
});
