import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { testRunStore } from '../../test/store-suite.js';
import { openSqliteStore } from './sqlite.js';
import type { NewRun } from './types.js';

const folder = mkdtempSync(join(tmpdir(), 'toolscore-store-'));
const path = join(folder, '.toolscore', 'runs.db');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

testRunStore('SQLite', () => ({
  open: (mode, migrations) => openSqliteStore(path, mode, migrations),
  async reset() {
    rmSync(path, { force: true });
  },
  async exec(sql) {
    const db = new Sqlite(path);
    db.exec(sql);
    db.close();
  },
  isolated: true,
}));

describe('SQLite store files that cannot be used: one line each, nothing written', () => {
  const other = (name: string) => join(folder, name);

  test('a file that is not SQLite is refused and keeps its bytes', async () => {
    writeFileSync(other('notes.db'), 'these are my notes, not a database\n'.repeat(40));
    await expect(openSqliteStore(other('notes.db'), 'write')).rejects.toThrow(
      `${other('notes.db')}: is not a SQLite database, so not a toolscore store; give another --store`,
    );
    expect(readFileSync(other('notes.db'), 'utf8')).toBe('these are my notes, not a database\n'.repeat(40));
  });

  test("another program's SQLite database is refused and keeps its bytes", async () => {
    const path = other('app.db');
    const db = new Sqlite(path);
    db.exec("CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ann')");
    db.close();
    const before = readFileSync(path);
    await expect(openSqliteStore(path, 'write')).rejects.toThrow(
      `${path}: holds tables that are not a toolscore store (no toolscore_meta table); give another --store`,
    );
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  test('a store in rollback mode that another process holds locked is refused after a wait', async () => {
    const path = other('locked.db');
    (await openSqliteStore(path, 'write')).close();
    const holder = new Sqlite(path);
    holder.pragma('journal_mode = DELETE');
    holder.exec('BEGIN EXCLUSIVE');
    try {
      await expect(openSqliteStore(path, 'write')).rejects.toThrow(
        `${path}: is locked by another process; try again when it is done`,
      );
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  }, 30_000);

  test("a run kept while another process holds the store's write lock is staged; its commit waits, says so, then gives up whole", async () => {
    const path = other('held.db');
    const store = await openSqliteStore(path, 'write', undefined, 300);
    const holder = new Sqlite(path);
    holder.exec('BEGIN IMMEDIATE');
    const told: string[] = [];
    try {
      const writer = await store.begin(newRun());
      await writer.addText('{"id":"a","index":0,"score":1,"grade":"A","verdict":"PASS"}\n');
      await expect(
        writer.commit({ finished_at: '2026-12-02T00:00:01.000Z', summary: {}, onWait: (text) => told.push(text) }),
      ).rejects.toThrow(`${path}: is locked by another process; try again when it is done`);
      expect(told).toEqual(['another run is being written to it; this one is kept when that one is done']);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    try {
      expect((await store.listRuns()).total).toBe(0);
      const writer = await store.begin(newRun());
      await writer.addText('{"id":"a","index":0,"score":1,"grade":"A","verdict":"PASS"}\n');
      const id = await writer.commit({ finished_at: '2026-12-02T00:00:01.000Z', summary: {} });
      expect((await store.listCases(id)).items.map((item) => item.id)).toEqual(['a']);
    } finally {
      await store.close();
    }
  });

  // root writes any file whatever its mode: as root, the store is opened by a child running as nobody.
  test('a read-only store is refused before the run, not after', async () => {
    const path = other('read-only.db');
    (await openSqliteStore(path, 'write')).close();
    chmodSync(path, 0o444);
    if (process.getuid?.() !== 0) {
      await expect(openSqliteStore(path, 'write')).rejects.toThrow(
        `${path}: cannot be written (read-only file or folder); give a writable --store`,
      );
    } else {
      chmodSync(folder, 0o755);
      const script = `
        import { createJiti } from 'jiti';
        const { openSqliteStore } = await createJiti(import.meta.url, { fsCache: false }).import(${JSON.stringify(join(import.meta.dirname, 'sqlite.ts'))});
        try { await openSqliteStore(${JSON.stringify(path)}, 'write'); process.stdout.write('opened'); }
        catch (error) { process.stdout.write(error.message); }
      `;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        cwd: join(import.meta.dirname, '../..'),
        uid: 65534,
        gid: 65534,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      await new Promise((resolve) => child.on('close', resolve));
      expect(out).toBe(`${path}: cannot be written (read-only file or folder); give a writable --store`);
    }
    expect((await (await openSqliteStore(path, 'read')).listRuns()).total).toBe(0);
  }, 60_000);
});

function newRun(): NewRun {
  return {
    command: 'batch',
    started_at: '2026-12-02T00:00:00.000Z',
    options: {},
    git_commit: null,
    git_branch: null,
    gold: null,
    gold_sha256: null,
    tools_sha256: null,
  };
}

/**
 * A child process that keeps `lines` lines (ids `<name>-<i>`) in the store at `path`, printing `staged`
 * after the first thousand, then `committing`, then `committed`. With `hold`, it waits for a line on its
 * stdin before committing, and exits once committed.
 */
function writerChild(path: string, lines: number, { name = 'case', hold = false } = {}): ChildProcess {
  const script = `
    import { createJiti } from 'jiti';
    const { openSqliteStore } = await createJiti(import.meta.url).import(${JSON.stringify(join(import.meta.dirname, 'sqlite.ts'))});
    const store = await openSqliteStore(${JSON.stringify(path)}, 'write');
    const writer = await store.begin({ command: 'batch', started_at: '2026-12-01T00:00:00.000Z', options: {}, git_commit: null, git_branch: null, gold: null, gold_sha256: null, tools_sha256: null });
    let text = '';
    for (let n = 0; n < ${lines} / 1000; n++) {
      let text = '';
      for (let i = n * 1000; i < (n + 1) * 1000; i++) text += JSON.stringify({ id: '${name}-' + i, index: i, score: 1, grade: 'A', verdict: 'PASS', tools: {}, top_issue: null, note: 'x'.repeat(200) }) + '\\n';
      await writer.addText(text);
      if (n === 0) process.stdout.write('staged\\n');
    }
    if (${hold}) await new Promise((go) => process.stdin.once('data', go));
    process.stdout.write('committing\\n');
    await writer.commit({ finished_at: '2026-12-01T00:01:00.000Z', summary: {}, onWait: () => process.stdout.write('waiting\\n') });
    process.stdout.write('committed\\n');
    if (${hold}) process.exit(0);
    setInterval(() => {}, 1000);
  `;
  return spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(import.meta.dirname, '../..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/** Resolves when the child has printed `word`. */
function printed(child: ChildProcess, word: string): Promise<void> {
  return new Promise((done) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(word)) done();
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((done) => (child.exitCode === null ? child.on('exit', done) : done(child.exitCode)));

/** Kills the child with SIGKILL as soon as it prints `word`; resolves when it is gone. */
function killAt(child: ChildProcess, word: string): Promise<void> {
  return new Promise((done) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(word)) child.kill('SIGKILL');
    });
    child.on('exit', () => done());
  });
}

describe('two processes keeping runs in one store at once', () => {
  test('both runs land whole: the second, staged while the first writes, waits for it and says so', async () => {
    const path = join(folder, 'two-writers.db');
    const first = writerChild(path, 20_000, { name: 'first', hold: true });
    await printed(first, 'staged');
    const second = writerChild(path, 3000, { name: 'second', hold: true });
    await printed(second, 'staged');
    second.stdin!.write('go\n');
    await printed(second, 'waiting');
    first.stdin!.write('go\n');
    expect(await exited(first)).toBe(0);
    expect(await exited(second)).toBe(0);
    const store = await openSqliteStore(path, 'read');
    try {
      const runs = (await store.listRuns()).items;
      expect(runs.map((run) => [run.id, run.cases])).toEqual([
        [2, 3000],
        [1, 20_000],
      ]);
      for (const [id, name, cases] of [
        [1, 'first', 20_000],
        [2, 'second', 3000],
      ] as const) {
        const last = await store.listCases(id, { offset: cases - 1 });
        expect(last.total).toBe(cases);
        expect(last.items.map((item) => [item.position, item.id])).toEqual([[cases - 1, `${name}-${cases - 1}`]]);
        expect((await store.listCases(id, { text: name === 'first' ? 'second' : 'first' })).total).toBe(0);
      }
    } finally {
      await store.close();
    }
  }, 120_000);
});

describe('a process killed while it keeps a run leaves no half run', () => {
  test('killed while it writes its lines: the store holds no run, and takes the next one', async () => {
    const path = join(folder, 'killed-staging.db');
    const child = writerChild(path, 1_000_000);
    await killAt(child, 'staged');
    const store = await openSqliteStore(path, 'write');
    try {
      expect(await store.listRuns()).toEqual({ total: 0, items: [] });
      const writer = await store.begin({
        command: 'eval',
        started_at: '2026-12-02T00:00:00.000Z',
        options: {},
        git_commit: null,
        git_branch: null,
        gold: null,
        gold_sha256: null,
        tools_sha256: null,
      });
      await writer.addLine({ id: 'one', index: 0, score: 1, grade: 'A', verdict: 'PASS' });
      const id = await writer.commit({ finished_at: '2026-12-02T00:00:01.000Z', summary: {} });
      expect((await store.listCases(id)).total).toBe(1);
    } finally {
      await store.close();
    }
  }, 120_000);

  test('killed while it commits: the run is there with all its lines, or not at all', async () => {
    const path = join(folder, 'killed-commit.db');
    const child = writerChild(path, 200_000);
    await killAt(child, 'committing');
    const store = await openSqliteStore(path, 'write');
    try {
      const runs = await store.listRuns();
      const kept = runs.items.map((run) => run.cases);
      expect(kept.length === 0 || (kept.length === 1 && kept[0] === 200_000)).toBe(true);
      const db = new Sqlite(path, { readonly: true });
      const rows = db.prepare('SELECT COUNT(*) AS n FROM toolscore_cases').get() as { n: number };
      db.close();
      expect(rows.n).toBe(kept[0] ?? 0);
    } finally {
      await store.close();
    }
  }, 120_000);
});
