import pg from 'pg';

/**
 * A PostgreSQL for the live sql_rows tests: CI's real server when TOOLSCORE_TEST_PG_URL is set (a
 * fresh database and a SELECT-only role in it), otherwise PGlite served over the wire protocol on
 * 127.0.0.1 at a free port, so nothing is skipped for lack of a server.
 */
export interface TestPostgres {
  /** A real server (can stop a running query, has superusers that can run programs), or PGlite. */
  real: boolean;
  /** Connects as a role that may only SELECT the tables `setup` made. */
  readerUrl: string;
  /** Connects as a superuser (PGlite: the same server, with the role switched while `asSuperuser` runs). */
  asSuperuser<T>(use: (url: string) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

const realUrl = process.env.TOOLSCORE_TEST_PG_URL;

export async function startTestPostgres(setup: string): Promise<TestPostgres> {
  return realUrl ? startReal(realUrl, setup) : startPglite(setup);
}

async function run(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startReal(adminUrl: string, setup: string): Promise<TestPostgres> {
  const suffix = `${process.pid}_${Date.now()}`;
  const database = `toolscore_test_${suffix}`;
  const role = `toolscore_reader_${suffix}`;
  const superuserUrl = withDatabase(adminUrl, database);
  await run(adminUrl, `CREATE DATABASE ${database}`);
  await run(adminUrl, `CREATE ROLE ${role} LOGIN PASSWORD 'reader-secret'`);
  await run(superuserUrl, `${setup}; GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`);
  const readerUrl = new URL(superuserUrl);
  readerUrl.username = role;
  readerUrl.password = 'reader-secret';
  return {
    real: true,
    readerUrl: readerUrl.href,
    asSuperuser: (use) => use(superuserUrl),
    async stop() {
      await run(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await run(adminUrl, `DROP ROLE IF EXISTS ${role}`);
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.href;
}

async function startPglite(setup: string): Promise<TestPostgres> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create();
  // PGlite has one session for every connection and ignores the user name: the role is switched in it.
  await db.exec(`${setup}; CREATE ROLE reader; GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader; SET ROLE reader`);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  const url = `postgres://postgres:pglite-secret@${server.getServerConn()}/postgres`;
  return {
    real: false,
    readerUrl: url,
    async asSuperuser(use) {
      await db.exec('RESET ROLE');
      try {
        return await use(url);
      } finally {
        await db.exec('SET ROLE reader');
      }
    },
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/** A PostgreSQL database a test may create tables in: a fresh database of CI's server, else PGlite over the wire. */
export interface WritablePostgres {
  real: boolean;
  /** Connects as the database's owner. */
  url: string;
  stop(): Promise<void>;
}

export async function startWritablePostgres(): Promise<WritablePostgres> {
  if (realUrl) {
    const database = `toolscore_test_${process.pid}_${Date.now()}`;
    await run(realUrl, `CREATE DATABASE ${database}`);
    return {
      real: true,
      url: withDatabase(realUrl, database),
      stop: () => run(realUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  return {
    real: false,
    url: `postgres://postgres:pglite-secret@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
