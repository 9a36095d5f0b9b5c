import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { keepViewRuns } from '../../test/view-fixtures.js';
import { runView } from '../cli/commands/view.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { RunStore } from '../store/types.js';
import { exportSite } from './export.js';
import { CLIENT_SCRIPT } from './client.js';
import { SERVED_POLICY } from './layout.js';
import { type ViewServer, startViewServer } from './server.js';

const folder = mkdtempSync(join(tmpdir(), 'toolscore-view-'));
const path = join(folder, 'runs.db');
let store: RunStore;
let server: ViewServer;
let ids: { a: number; b: number; c: number };

beforeAll(async () => {
  store = await openSqliteStore(path, 'write');
  ids = await keepViewRuns(store);
  server = await startViewServer({ store });
});
afterAll(async () => {
  await server?.close();
  await store?.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request to the viewer, with the Host header and method given (fetch would not send a foreign Host). */
function ask(target: string, options: { method?: string; host?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: target,
        method: options.method ?? 'GET',
        headers: { host: options.host ?? `127.0.0.1:${server.port}` },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const token = () => new URL(server.url).pathname.slice(1, -1);
const page = (name: string) => ask(`/${token()}/${name}`);

describe('the viewer answers only its own URL, only to read', () => {
  test('listens on 127.0.0.1 with a random token of 32 URL-safe characters', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+\/[A-Za-z0-9_-]{32}\/$/);
  });

  test('without the token, or with another, every request is refused (403)', async () => {
    for (const target of ['/', '/index.html', `/${'x'.repeat(32)}/index.html`, `/${token()}x/index.html`, '/view.js']) {
      const answer = await ask(target);
      expect([target, answer.status, answer.body]).toEqual([
        target,
        403,
        'this address needs the token of the URL toolscore view printed\n',
      ]);
    }
  });

  test('a Host header that is not this server (DNS rebinding) is refused (403); localhost at its port is served', async () => {
    const evil = await ask(`/${token()}/`, { host: `evil.example:${server.port}` });
    expect([evil.status, evil.body]).toEqual([
      403,
      `host "evil.example:${server.port}" is not this viewer: open the URL it printed\n`,
    ]);
    expect((await ask(`/${token()}/`, { host: `localhost:${server.port + 1}` })).status).toBe(403);
    expect((await ask(`/${token()}/`, { host: `localhost:${server.port}` })).status).toBe(200);
  });

  test('only GET and HEAD: anything else is 405 with Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const answer = await ask(`/${token()}/index.html`, { method });
      expect([method, answer.status, answer.headers.allow]).toEqual([method, 405, 'GET, HEAD']);
    }
    const head = await ask(`/${token()}/index.html`, { method: 'HEAD' });
    expect([head.status, head.body]).toEqual([200, '']);
  });

  test('every answer carries the strict policy, and no CORS header', async () => {
    for (const answer of [await page('index.html'), await ask('/'), await page('run-1.html?page=0')]) {
      expect(answer.headers['content-security-policy']).toBe(SERVED_POLICY);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    expect(SERVED_POLICY).toMatch(/^default-src 'self'; script-src 'self'; style-src 'sha256-[^']+' 'sha256-[^']+';/);
  });

  test('the token without its slash is sent on to the runs page', async () => {
    const answer = await ask(`/${token()}`);
    expect([answer.status, answer.headers.location]).toEqual([308, `/${token()}/`]);
  });
});

describe('pages and their parameters', () => {
  test('the runs page lists the three runs, newest first', async () => {
    const answer = await page('');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect([...answer.body.matchAll(/data-run="([0-9]+)"/g)].map((match) => Number(match[1]))).toEqual([
      ids.c,
      ids.b,
      ids.a,
    ]);
  });

  test('a run page is paged by the server, 50 cases a page', async () => {
    const last = await page(`run-${ids.a}.html?page=3`);
    expect(last.body).toContain('Showing 101–120 of 120 cases');
    expect([...last.body.matchAll(/data-position="([0-9]+)"/g)].length).toBe(20);
    // case k has grade B when k % 3 = 1: 1, 4, …, 118
    expect((await page(`run-${ids.a}.html?grade=B`)).body).toContain('Showing 1–40 of 40 cases');
    expect((await page(`run-${ids.a}.html?errors=only`)).body).toContain('Showing 1–1 of 1 cases');
    expect((await page(`run-${ids.a}.html?kind=missing&tool=refund`)).body).toContain('Showing 1–20 of 20 cases');
  });

  test('a bad parameter is a 400 with one line naming it', async () => {
    const lines = async (name: string) => {
      const answer = await page(name);
      return [answer.status, answer.body];
    };
    expect(await lines(`run-${ids.a}.html?page=0`)).toEqual([
      400,
      'parameter "page" is "0": expected a whole number from 1 to 1000000000\n',
    ]);
    expect(await lines(`run-${ids.a}.html?page=2.5`)).toEqual([
      400,
      'parameter "page" is "2.5": expected a whole number from 1 to 1000000000\n',
    ]);
    expect(await lines(`run-${ids.a}.html?page=4`)).toEqual([400, 'page 4 is past the last page (3)\n']);
    expect(await lines(`run-${ids.a}.html?grade=Z`)).toEqual([
      400,
      'parameter "grade" is "Z": expected one of A, B, C, D, F\n',
    ]);
    expect(await lines(`run-${ids.a}.html?limit=100000`)).toEqual([
      400,
      'unknown parameter "limit": this page takes "sort", "grade", "tool", "kind", "errors", "q", "page"\n',
    ]);
    expect(await lines(`run-${ids.a}.html?page=1&page=2`)).toEqual([
      400,
      'parameter "page" is given twice: give it once\n',
    ]);
    expect(await lines('compare.html?a=1&b=x')).toEqual([
      400,
      'parameter "b" is "x": expected a run id (a whole number from 1)\n',
    ]);
  });

  test('a run or case the store does not hold is a 404; the compare form lands on its page', async () => {
    expect((await page('run-99.html')).status).toBe(404);
    expect((await page(`case-${ids.a}-500.html`)).status).toBe(404);
    expect((await page('nothing.html')).status).toBe(404);
    const form = await page(`compare.html?a=${ids.a}&b=${ids.b}`);
    expect([form.status, form.headers.location]).toEqual([303, `compare-${ids.a}-${ids.b}.html`]);
  });

  test('without --watch there is no script and no event stream', async () => {
    expect((await page('view.js')).status).toBe(404);
    expect((await page('events')).status).toBe(404);
    expect((await page('')).body).not.toContain('<script');
  });
});

describe('--watch', () => {
  test('serves its one script, under 100 KB compressed, and an event stream', async () => {
    const watching = await startViewServer({ store, watch: true });
    try {
      const script = await fetch(`${watching.url}view.js`);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      const text = await script.text();
      expect(text).toBe(CLIENT_SCRIPT);
      expect(gzipSync(text).length).toBeLessThan(100 * 1024);
      const page = await (await fetch(watching.url)).text();
      expect(page).toContain('<script src="view.js" defer></script>');
      expect(page.match(/<script/g)).toHaveLength(1);
      const events = await fetch(`${watching.url}events`);
      expect(events.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await events.body?.cancel();
    } finally {
      await watching.close();
    }
  });
});

describe('toolscore view --export', () => {
  test('writes every page with relative links and no token, and may write over its own earlier export', async () => {
    const dir = join(folder, 'site');
    const pages = await exportSite(store, dir);
    // index; run A and B: 3 list pages + 120 cases + (B) 3 compare pages; run C: 1 list page + 3 cases
    expect(pages).toBe(1 + (3 + 120) + (3 + 120 + 3) + (1 + 3));
    const index = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(index).toContain(`href="run-${ids.a}.html"`);
    expect(index).not.toContain(token());
    expect(readFileSync(join(dir, `run-${ids.a}.html`), 'utf8')).toContain(`href="run-${ids.a}-page-2.html"`);
    expect(existsSync(join(dir, `compare-${ids.a}-${ids.b}-page-3.html`))).toBe(true);
    expect(await exportSite(store, dir)).toBe(pages);
  });

  test('a folder of other files, or a file, is refused and left as it was', async () => {
    const other = join(folder, 'mine');
    rmSync(other, { recursive: true, force: true });
    await exportSite(store, join(other, 'new')); // a new folder inside is fine
    writeFileSync(join(other, 'notes.txt'), 'mine');
    await expect(exportSite(store, other)).rejects.toThrow(
      `${other}: is a folder that holds other files and no earlier export: give a new or empty folder (nothing was written)`,
    );
    expect(readdirSync(other).sort()).toEqual(['new', 'notes.txt']);
    await expect(exportSite(store, join(other, 'notes.txt'))).rejects.toThrow(
      `${join(other, 'notes.txt')}: is a file, not a folder: --export writes a folder of pages`,
    );
    expect(readFileSync(join(other, 'notes.txt'), 'utf8')).toBe('mine');
  });
});

describe('toolscore view on a store it cannot read: one line, nothing written', () => {
  test('no store there yet: refused, and no file is created', async () => {
    const missing = join(folder, 'missing', 'runs.db');
    await expect(runView({ store: missing, open: false })).rejects.toThrow(
      `${missing}: holds no runs yet: a command with --store creates it`,
    );
    expect(existsSync(join(folder, 'missing'))).toBe(false);
  });

  test('a file that is not a store keeps its bytes', async () => {
    const notes = join(folder, 'notes.db');
    writeFileSync(notes, 'my notes\n'.repeat(100));
    await expect(runView({ store: notes, open: false })).rejects.toThrow(
      `${notes}: is not a SQLite database, so not a toolscore store; give another --store`,
    );
    expect(readFileSync(notes, 'utf8')).toBe('my notes\n'.repeat(100));
  });

  test('a PostgreSQL that is down: the URL named with its password masked', async () => {
    const error = await runView({ store: 'postgres://me:hunter2@127.0.0.1:9/runs', open: false }).catch((e) => e);
    expect(String(error.message)).toMatch(/^postgres:\/\/me:\*+@127\.0\.0\.1:9\/runs: cannot be reached: /);
    expect(String(error.message)).not.toContain('hunter2');
  });

  // A store in WAL mode (what toolscore writes) is read while a run is written; one in the rollback-journal
  // mode of older stores cannot be read while another process holds it.
  test('a locked store in rollback-journal mode is refused after the wait', async () => {
    const locked = join(folder, 'locked.db');
    await (await openSqliteStore(locked, 'write')).close();
    const holder = new Sqlite(locked);
    holder.pragma('journal_mode = DELETE');
    holder.exec('BEGIN EXCLUSIVE');
    try {
      await expect(runView({ store: locked, open: false })).rejects.toThrow(
        `${locked}: is locked by another process; try again when it is done`,
      );
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  }, 60_000);

  test('a bad --port is a usage error before the store is opened', async () => {
    await expect(runView({ store: join(folder, 'none.db'), port: '70000', open: false })).rejects.toThrow(
      '--port: expected a port from 1 to 65535, got "70000"',
    );
  });
});
