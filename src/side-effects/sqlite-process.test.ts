import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, expect, test } from 'vitest';
import { SqliteProcess } from './sqlite-process.js';

const folder = mkdtempSync(join(tmpdir(), 'toolscore-sqlite-process-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Starting Node in the child takes far more than 1 ms on any machine: the limit is the query's, not the start's.
test("a query's timeout does not bound starting the child: a 1 ms limit still opens the file", async () => {
  const path = join(folder, 'one.db');
  const db = new Sqlite(path);
  db.exec('CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (7)');
  db.close();
  const served = await SqliteProcess.open(path, 1);
  try {
    await expect(
      served.query('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c', [], 10),
    ).rejects.toThrow(
      'the query did not finish within 0.001 s and was stopped (timeout: --db-timeout, option dbTimeoutSeconds)',
    );
  } finally {
    await served.close();
  }
}, 60_000);
