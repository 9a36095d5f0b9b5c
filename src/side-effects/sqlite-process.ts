import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * better-sqlite3 cannot interrupt a running statement, and a thread stuck in SQLite ignores
 * Worker.terminate(): the queries run in a child process that is killed when the timeout passes.
 * The child opens the file read-only, compiles each statement with SQLite itself (one statement,
 * read-only, returning rows) and stops iterating one row past the cap.
 */
const CHILD = `
const Database = require(process.argv[1]);
let db;
try {
  db = new Database(process.argv[2], { readonly: true, fileMustExist: true });
  process.send({ ready: true });
} catch (error) {
  process.send({ error: String(error && error.message) });
}
process.on('message', ({ sql, values, maxRows }) => {
  try {
    const statement = db.prepare(sql);
    if (!statement.reader || !statement.readonly) throw new Error('only one read-only statement that returns rows is allowed');
    const rows = [];
    for (const row of statement.iterate(...values)) {
      if (rows.length > maxRows) break;
      rows.push(row);
    }
    process.send({ rows });
  } catch (error) {
    process.send({ error: String(error && error.message) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

type Reply = { ready?: true; rows?: Record<string, unknown>[]; error?: string };

/**
 * How long starting the child (Node, the driver, opening the file) may take: the query's timeout is the
 * user's limit on the query, and a loaded machine can take more than a short one just to start Node.
 */
const START_TIMEOUT_MS = 30_000;

/** A read-only SQLite file served by a child process that a timeout kills. */
export class SqliteProcess {
  private child: ChildProcess | undefined;

  private constructor(
    private readonly modulePath: string,
    private readonly path: string,
    private readonly timeoutMs: number,
  ) {}

  /** Starts the child and opens the file; rejects with SQLite's message when it cannot. */
  static async open(path: string, timeoutMs: number): Promise<SqliteProcess> {
    const served = new SqliteProcess(createRequire(import.meta.url).resolve('better-sqlite3'), path, timeoutMs);
    await served.start();
    return served;
  }

  private async start(): Promise<void> {
    // Imported here: node:child_process loads net, dgram and the streams, which `import 'toolscore'` does not need.
    const { spawn } = await import('node:child_process');
    this.child = spawn(process.execPath, ['-e', CHILD, this.modulePath, this.path], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    const reply = await this.next('opening the database', Math.max(this.timeoutMs, START_TIMEOUT_MS));
    if (reply.error !== undefined) {
      await this.close();
      throw new Error(reply.error);
    }
  }

  /** Up to maxRows + 1 rows of one statement, or an error with SQLite's message or the timeout. */
  async query(sql: string, values: unknown[], maxRows: number): Promise<Record<string, unknown>[]> {
    if (!this.child) await this.start();
    this.child!.send({ sql, values, maxRows });
    const reply = await this.next('the query', this.timeoutMs);
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply.rows ?? [];
  }

  /** The child's next reply; past the timeout the child is killed (a later query starts a new one). */
  private next(what: string, timeoutMs: number): Promise<Reply> {
    const child = this.child!;
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (reply: Reply) => {
        done();
        resolve(reply);
      };
      const onExit = (code: number | null, signal: string | null) => {
        done();
        if (this.child === child) this.child = undefined;
        reject(new Error(`the SQLite process ended during ${what} (${signal ?? `code ${code}`})`));
      };
      const timer = setTimeout(() => {
        done();
        child.kill('SIGKILL');
        if (this.child === child) this.child = undefined;
        reject(
          new Error(
            `${what} did not finish within ${timeoutMs / 1000} s and was stopped (timeout: --db-timeout, option dbTimeoutSeconds)`,
          ),
        );
      }, timeoutMs);
      child.on('message', onMessage);
      child.on('exit', onExit);
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.disconnect();
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }
}
