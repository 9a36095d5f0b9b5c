import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { evaluateTrace } from '../evaluation/evaluate-trace.js';
import { registerSideEffect } from './registry.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-se-'));
function write(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}
async function run(
  gold: unknown[],
  trace: unknown[],
  options: { root?: string; db?: string; validateSideEffects?: boolean } = {},
) {
  const name = `case-${Math.random().toString(36).slice(2)}`;
  return evaluateTrace({
    goldFile: write(`${name}-gold.json`, gold),
    traceFile: write(`${name}-trace.json`, trace),
    ...options,
  });
}
const details = (result: Awaited<ReturnType<typeof run>>) =>
  result.metrics.side_effect_metrics!.details.map((detail) => [detail.check, detail.passed, detail.reason]);

describe('HTTP checks on statuses recorded from a real server', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const status = Number(/\/status\/(\d+)/.exec(request.url ?? '')?.[1] ?? 200);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: status < 400 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The agent's tool: fetches a URL and records what came back, as a real tool would. */
  async function makeRequest(url: string) {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return { tool: 'make_request', args: { url }, result: { status: response.status, body: await response.json() } };
  }

  test("the guide's HTTP example: http_ok and http_status 200", async () => {
    const gold = [
      { tool: 'make_request', args: { url: `${base}/status/200` }, side_effects: { http_ok: true, http_status: 200 } },
    ];
    const result = await run(gold, [await makeRequest(`${base}/status/200`)]);
    expect(result.metrics.side_effect_metrics).toEqual({
      total_checks: 2,
      passed_checks: 2,
      success_rate: 1,
      details: [
        {
          tool: 'make_request',
          check: 'http_ok',
          passed: true,
          reason: 'HTTP 200',
          expected_index: 0,
          actual_index: 0,
        },
        {
          tool: 'make_request',
          check: 'http_status',
          passed: true,
          reason: 'HTTP 200',
          expected_index: 0,
          actual_index: 0,
        },
      ],
    });
  });

  test('a 404 fails both checks; lists and classes of codes work', async () => {
    const gold = [
      { tool: 'make_request', side_effects: { http_ok: true, http_status: 200 } },
      { tool: 'make_request', side_effects: { http_status: [200, 201], http_ok: 201 } },
      { tool: 'make_request', side_effects: { http_status: '4xx', http_ok: false } },
    ];
    const trace = [
      await makeRequest(`${base}/status/404`),
      await makeRequest(`${base}/status/201`),
      await makeRequest(`${base}/status/429`),
    ];
    const result = await run(gold, trace);
    expect(details(result)).toEqual([
      ['http_ok', false, 'HTTP 404, expected a 2xx status'],
      ['http_status', false, 'HTTP 404, expected 200'],
      ['http_status', true, 'HTTP 201'],
      ['http_ok', true, 'HTTP 201'],
      ['http_status', true, 'HTTP 429'],
      ['http_ok', true, 'HTTP 429'],
    ]);
    expect(result.metrics.side_effect_metrics!.success_rate).toBe(4 / 6);
    expect(result.findings.map((finding) => finding.message)).toContain(
      'side effect http_ok of make_request (expected call 1) failed: HTTP 404, expected a 2xx status',
    );
  });

  test('status from metadata, and a call with no status recorded', async () => {
    const result = await run(
      [
        { tool: 'get', side_effects: { http_status: 204 } },
        { tool: 'search_web', side_effects: { http_ok: true } },
      ],
      [
        { tool: 'get', statusCode: 204 },
        { tool: 'search_web', result: ['a', 'b'] },
      ],
    );
    expect(details(result)).toEqual([
      ['http_status', true, 'HTTP 204'],
      [
        'http_ok',
        false,
        'no HTTP status recorded (looked for an integer result and status, status_code, statusCode, http_status, httpStatus in the result and metadata)',
      ],
    ]);
  });
});

describe('file_exists on the real file system, confined to the root', () => {
  const root = join(dir, 'root');
  mkdirSync(join(root, 'out'), { recursive: true });
  writeFileSync(join(root, 'output.txt'), 'Roses are red,\nViolets are blue.\n');
  writeFileSync(join(dir, 'secret.txt'), 'outside');
  symlinkSync(join(dir, 'secret.txt'), join(root, 'link-out.txt'));
  symlinkSync(join(root, 'output.txt'), join(root, 'link-in.txt'));

  test("the guide's filesystem example", async () => {
    const result = await run(
      [{ tool: 'create_file', args: { filename: 'output.txt' }, side_effects: { file_exists: 'output.txt' } }],
      [{ tool: 'create_file', args: { filename: 'output.txt' } }],
      { root },
    );
    expect(details(result)).toEqual([['file_exists', true, '"output.txt" exists (33 bytes)']]);
  });

  test('the path can come from the call; content and size can be checked', async () => {
    const result = await run(
      [
        { tool: 'write', side_effects: { file_exists: true } },
        {
          tool: 'write',
          side_effects: { file_exists: { path: 'output.txt', contains: ['Violets', 'blue'], min_size: 10 } },
        },
        { tool: 'write', side_effects: { file_exists: { contains: 'tulips' } } },
        { tool: 'write', side_effects: { file_exists: { path: 'output.txt', min_size: 1000 } } },
      ],
      [
        { tool: 'write', args: { path: 'output.txt' } },
        { tool: 'write' },
        { tool: 'write', result: { path: 'output.txt' } },
        { tool: 'write' },
      ],
      { root },
    );
    expect(details(result)).toEqual([
      ['file_exists', true, '"output.txt" exists (33 bytes)'],
      ['file_exists', true, '"output.txt" exists (33 bytes)'],
      ['file_exists', false, '"output.txt" does not contain "tulips"'],
      ['file_exists', false, '"output.txt" has 33 bytes, expected at least 1000'],
    ]);
  });

  test('traversal, absolute paths and symlinks out of the root are refused', async () => {
    const paths = [
      '../../etc/passwd',
      '/etc/passwd',
      'link-out.txt',
      '../secret.txt',
      'out/../../secret.txt',
      'missing.txt',
      'out',
      'link-in.txt',
    ];
    const result = await run(
      paths.map((path) => ({ tool: 'read', side_effects: { file_exists: path } })),
      paths.map(() => ({ tool: 'read' })),
      { root },
    );
    const outcomes = result.metrics.side_effect_metrics!.details.map((detail) => [
      detail.passed,
      detail.reason.replace(root, 'ROOT'),
    ]);
    expect(outcomes).toEqual([
      [false, 'refused "../../etc/passwd": it is outside the root ROOT'],
      [false, 'refused "/etc/passwd": it is outside the root ROOT'],
      [false, 'refused "link-out.txt": it links outside the root ROOT'],
      [false, 'refused "../secret.txt": it is outside the root ROOT'],
      [false, 'refused "out/../../secret.txt": it is outside the root ROOT'],
      [false, '"missing.txt" does not exist under ROOT'],
      [true, '"out" exists (a directory)'],
      [true, '"link-in.txt" exists (33 bytes)'],
    ]);
  });

  test('a directory passes; "type" asks for a file or a directory; content checks need a file', async () => {
    symlinkSync(dir, join(root, 'link-dir-out'));
    const checks: unknown[] = [
      true,
      { path: 'out', type: 'directory' },
      { path: 'out', type: 'file' },
      { path: 'output.txt', type: 'directory' },
      { path: 'output.txt', type: 'file' },
      { path: 'out', contains: 'x' },
      { path: 'out', type: 'folder' },
      { path: 'link-dir-out', type: 'directory' },
      { path: '../', type: 'directory' },
    ];
    const result = await run(
      checks.map((check) => ({ tool: 'mkdir', side_effects: { file_exists: check } })),
      checks.map(() => ({ tool: 'mkdir', args: { path: 'out' } })),
      { root },
    );
    expect(
      result.metrics.side_effect_metrics!.details.map((detail) => [detail.passed, detail.reason.replace(root, 'ROOT')]),
    ).toEqual([
      [true, '"out" exists (a directory)'],
      [true, '"out" exists (a directory)'],
      [false, '"out" is a directory, expected a file'],
      [false, '"output.txt" is a file, expected a directory'],
      [true, '"output.txt" exists (33 bytes)'],
      [false, '"out" is a directory, expected a file'],
      [false, 'expected "type" to be "file" or "directory"'],
      [false, 'refused "link-dir-out": it links outside the root ROOT'],
      [false, 'refused "../": it is outside the root ROOT'],
    ]);
  });

  test('the root defaults to the gold file directory', async () => {
    writeFileSync(join(dir, 'beside-gold.txt'), 'x');
    const result = await run([{ tool: 'w', side_effects: { file_exists: 'beside-gold.txt' } }], [{ tool: 'w' }]);
    expect(details(result)).toEqual([['file_exists', true, '"beside-gold.txt" exists (1 bytes)']]);
  });
});

describe('sql_rows', () => {
  test("the guide's database example, from the recorded result", async () => {
    const result = await run(
      [
        { tool: 'insert_user', args: { name: 'John', email: 'john@example.com' }, side_effects: { sql_rows: 1 } },
        { tool: 'insert_user', side_effects: { sql_rows: true } },
        { tool: 'insert_user', side_effects: { sql_rows: { min: 2, max: 5 } } },
        { tool: 'insert_user', side_effects: { sql_rows: 1 } },
      ],
      [
        { tool: 'insert_user', args: { name: 'John', email: 'john@example.com' }, result: { rows_affected: 1 } },
        { tool: 'insert_user', result: { rowCount: 3 } },
        { tool: 'insert_user', result: [{ id: 1 }] },
        { tool: 'insert_user', result: 'done' },
      ],
    );
    expect(details(result)).toEqual([
      ['sql_rows', true, 'rows: 1'],
      ['sql_rows', true, 'rows: 3'],
      ['sql_rows', false, 'rows: 1, expected at least 2'],
      [
        'sql_rows',
        false,
        'no row count recorded (looked for an integer or array result and rows_affected, rowsAffected, rowcount, row_count, rowCount, changes, affectedRows, count, rows in the result and metadata)',
      ],
    ]);
  });

  test('live checks against a real SQLite file: parameterized, read-only, one statement', async () => {
    const path = join(dir, 'app.db');
    const db = new Sqlite(path);
    db.exec(
      "CREATE TABLE users (name TEXT, email TEXT); INSERT INTO users VALUES ('John', 'john@example.com'), ('Ann', 'ann@example.com')",
    );
    db.close();
    const query = (extra: Record<string, unknown>) => ({ tool: 'insert_user', side_effects: { sql_rows: extra } });
    const result = await run(
      [
        query({ query: 'SELECT * FROM users WHERE email = $1', params: ['john@example.com'], equals: 1 }),
        query({ query: 'SELECT COUNT(*) AS count FROM users WHERE name <> $1', params: ['$1'], min: 2 }),
        query({ query: "SELECT * FROM users WHERE name = '$1' OR email = $1", params: ['ann@example.com'], max: 0 }),
        query({ query: 'DELETE FROM users' }),
        query({ query: 'SELECT 1; DELETE FROM users' }),
        query({ query: 'SELECT * FROM nope' }),
      ],
      Array.from({ length: 6 }, () => ({ tool: 'insert_user' })),
      { db: `sqlite:${path}` },
    );
    expect(
      details(result).map(([check, passed, reason]) => [check, passed, String(reason).replace(path, 'DB')]),
    ).toEqual([
      ['sql_rows', true, 'query rows: 1'],
      ['sql_rows', true, 'query rows: 2'],
      ['sql_rows', false, 'query rows: 1, expected at most 0'],
      [
        'sql_rows',
        false,
        'query failed on sqlite:DB: only a single SELECT, WITH … SELECT or VALUES statement may run, got DELETE',
      ],
      ['sql_rows', false, 'query failed on sqlite:DB: The supplied SQL string contains more than one statement'],
      ['sql_rows', false, 'query failed on sqlite:DB: no such table: nope'],
    ]);
    const after = new Sqlite(path, { readonly: true });
    expect(after.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: 2 });
    after.close();
  });

  test('a count column that is not a whole number fails, whatever the bounds', async () => {
    const path = join(dir, 'counts.db');
    new Sqlite(path).close();
    const count = (query: string, bounds: Record<string, unknown>) => ({
      tool: 'q',
      side_effects: { sql_rows: { query, ...bounds } },
    });
    const result = await run(
      [
        count("SELECT 'abc' AS count", { min: 0, max: 10 }),
        count('SELECT 2.5 AS count', { min: 0 }),
        count('SELECT NULL AS count', { max: 5 }),
        count("SELECT '3' AS count", { equals: 3 }),
      ],
      Array.from({ length: 4 }, () => ({ tool: 'q' })),
      { db: `sqlite:${path}` },
    );
    expect(details(result)).toEqual([
      ['sql_rows', false, 'the count column holds "abc", not a whole number: count with SELECT count(*) AS count'],
      ['sql_rows', false, 'the count column holds 2.5, not a whole number: count with SELECT count(*) AS count'],
      ['sql_rows', false, 'the count column holds null, not a whole number: count with SELECT count(*) AS count'],
      ['sql_rows', true, 'query rows: 3'],
    ]);
  });

  test('a live check without a database fails with how to name one', async () => {
    const result = await run([{ tool: 'q', side_effects: { sql_rows: { query: 'SELECT 1' } } }], [{ tool: 'q' }]);
    expect(details(result)).toEqual([
      [
        'sql_rows',
        false,
        'this check queries a database: name one with --db sqlite:path.db or --db postgres://… (option db)',
      ],
    ]);
  });

  test('a database that cannot be opened is an input error', async () => {
    await expect(
      run([{ tool: 'q', side_effects: { sql_rows: { query: 'SELECT 1' } } }], [{ tool: 'q' }], {
        db: `sqlite:${join(dir, 'absent.db')}`,
      }),
    ).rejects.toThrow(/^db: cannot open SQLite database .*absent\.db/);
  });
});

describe('general rules', () => {
  test('a call that was not made fails every check; unknown checks list the known ones; validation can be turned off', async () => {
    const gold = [
      { tool: 'a', side_effects: { http_ok: true, file_exists: 'x' } },
      { tool: 'b', side_effects: { email_sent: true } },
    ];
    const trace = [{ tool: 'b' }];
    const result = await run(gold, trace);
    expect(details(result)).toEqual([
      ['http_ok', false, 'call not made'],
      ['file_exists', false, 'call not made'],
      [
        'email_sent',
        false,
        'unknown check; known checks: file_exists, http_ok, http_status, sql_rows (add one with registerSideEffect)',
      ],
    ]);
    expect((await run(gold, trace, { validateSideEffects: false })).metrics.side_effect_metrics).toBeUndefined();
  });

  test('custom checks with registerSideEffect; a check that throws fails with its message', async () => {
    registerSideEffect('email_sent', (call, expected) => ({
      passed: call.result === expected,
      reason: `sent to ${String(call.result)}`,
    }));
    registerSideEffect('explodes', () => {
      throw new Error('kaboom');
    });
    const result = await run(
      [{ tool: 'mail', side_effects: { email_sent: 'bob@example.com', explodes: 1 } }],
      [{ tool: 'mail', result: 'bob@example.com' }],
    );
    expect(details(result)).toEqual([
      ['email_sent', true, 'sent to bob@example.com'],
      ['explodes', false, 'check failed: kaboom'],
    ]);
  });

  test('checks run on the paired call, not the one at the same position', async () => {
    const result = await run(
      [
        { tool: 'get', args: { id: 1 }, side_effects: { http_status: 200 } },
        { tool: 'get', args: { id: 2 }, side_effects: { http_status: 404 } },
      ],
      [
        { tool: 'get', args: { id: 2 }, result: { status: 404 } },
        { tool: 'get', args: { id: 1 }, result: { status: 200 } },
      ],
    );
    expect(result.metrics.side_effect_metrics!.details.map((detail) => [detail.actual_index, detail.passed])).toEqual([
      [1, true],
      [0, true],
    ]);
  });
});
