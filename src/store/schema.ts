/**
 * The store's tables, named `toolscore_*` so a PostgreSQL database shared with other tables holds them
 * beside its own. Each migration moves the schema one version up; `toolscore_migrations` records the
 * versions applied, and a store whose highest version is above the last one here was written by a newer
 * toolscore and is refused, never changed.
 */

/** Which SQL a migration is written in. */
export type Dialect = 'sqlite' | 'postgres';

/** One step of the schema: its version and its statements in each dialect. */
export interface Migration {
  version: number;
  statements: Readonly<Record<Dialect, readonly string[]>>;
}

/** What the `toolscore_meta` table says of a store, so a database that is not one is never written. */
export const STORE_MARK = { key: 'store', value: 'toolscore runs' } as const;

/** The tables every version has: what identifies a store, and what versions it went through. */
export function bookkeeping(dialect: Dialect): string[] {
  const time = 'TEXT NOT NULL';
  return [
    'CREATE TABLE IF NOT EXISTS toolscore_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
    `CREATE TABLE IF NOT EXISTS toolscore_migrations (version INTEGER PRIMARY KEY, applied_at ${time}, toolscore_version TEXT NOT NULL)`,
    dialect === 'sqlite'
      ? `INSERT OR IGNORE INTO toolscore_meta (key, value) VALUES ('${STORE_MARK.key}', '${STORE_MARK.value}')`
      : `INSERT INTO toolscore_meta (key, value) VALUES ('${STORE_MARK.key}', '${STORE_MARK.value}') ON CONFLICT DO NOTHING`,
  ];
}

/** The runs and their cases (one row per results line); JSON columns hold the serialized text as written. */
function runsAndCases(dialect: Dialect): string[] {
  const [id, real, bigint] =
    dialect === 'sqlite'
      ? ['INTEGER PRIMARY KEY AUTOINCREMENT', 'REAL', 'INTEGER']
      : ['BIGSERIAL PRIMARY KEY', 'DOUBLE PRECISION', 'BIGINT'];
  return [
    `CREATE TABLE toolscore_runs (
      id ${id},
      command TEXT NOT NULL,
      started_at TEXT NOT NULL,
      finished_at TEXT NOT NULL,
      toolscore_version TEXT NOT NULL,
      options TEXT NOT NULL,
      git_commit TEXT,
      git_branch TEXT,
      gold TEXT,
      gold_sha256 TEXT,
      tools_sha256 TEXT,
      cases INTEGER NOT NULL,
      errors INTEGER NOT NULL,
      mean_score ${real},
      pass_rate ${real},
      verdict_pass INTEGER NOT NULL,
      verdict_warn INTEGER NOT NULL,
      verdict_fail INTEGER NOT NULL,
      pass_hat_k TEXT,
      summary TEXT NOT NULL
    )`,
    'CREATE INDEX toolscore_runs_started ON toolscore_runs (started_at, id)',
    `CREATE TABLE toolscore_cases (
      run_id ${bigint} NOT NULL REFERENCES toolscore_runs (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      case_id TEXT NOT NULL,
      trial INTEGER,
      score ${real},
      grade TEXT,
      verdict TEXT,
      issue_kind TEXT,
      problem TEXT,
      tools TEXT NOT NULL,
      error TEXT,
      line TEXT NOT NULL,
      detail TEXT,
      PRIMARY KEY (run_id, position)
    )`,
    'CREATE INDEX toolscore_cases_id ON toolscore_cases (run_id, case_id, trial)',
    'CREATE INDEX toolscore_cases_score ON toolscore_cases (run_id, score, position)',
  ];
}

/**
 * Indexes the viewer's pages read instead of the table, whose rows carry each results line: two runs'
 * cases are matched by (run_id, case_id, trial) with the score and position in the index itself; in
 * SQLite a run's cases are listed, filtered and counted from one index holding every listed column, and
 * its per-tool numbers read from one ordered by the tools object (each distinct object parsed once). A
 * PostgreSQL B-tree entry is limited to about 2.7 KB, so there the free-text columns (problem, tools)
 * are left out of indexes: a case with many tools would otherwise fail to be kept.
 */
function pageIndexes(dialect: Dialect): string[] {
  return [
    'DROP INDEX toolscore_cases_id',
    dialect === 'sqlite'
      ? 'CREATE INDEX toolscore_cases_id ON toolscore_cases (run_id, case_id, trial, score, position)'
      : 'CREATE INDEX toolscore_cases_id ON toolscore_cases (run_id, case_id, trial) INCLUDE (score, position)',
    ...(dialect === 'sqlite'
      ? [
          'CREATE INDEX toolscore_cases_list ON toolscore_cases (run_id, position, case_id, trial, score, grade, verdict, issue_kind, problem, error, tools)',
          'CREATE INDEX toolscore_cases_tools ON toolscore_cases (run_id, tools, score, verdict)',
        ]
      : []),
  ];
}

/**
 * Schema 3: keeping a run costs less, and its pages read less.
 * - Each run's tallies by tool, written with the run (the per-tool numbers read a few rows, not every
 *   case), filled for the runs already kept. SQLite's index by tools object, which the per-tool numbers
 *   were grouped through, goes: its entries land at random places, and it cost a third of keeping a run.
 * - A run's results lines are kept as they come, a chunk of whole lines per row
 *   (`toolscore_case_lines`, by the position of its first line), and no longer one per case row: a
 *   case row keeps the columns pages list and filter (in SQLite, a table ordered by run and position,
 *   which also takes the place of the index that held every listed column). Lines already kept become
 *   chunks of one line.
 */
function linesApart(dialect: Dialect): string[] {
  const [bigint, real, keys, key, newline] =
    dialect === 'sqlite'
      ? ['INTEGER', 'REAL', 'json_each(c.tools) AS k', 'k.key', 'char(10)']
      : ['BIGINT', 'DOUBLE PRECISION', 'jsonb_object_keys(c.tools::jsonb) AS k(name)', 'k.name', 'chr(10)'];
  const runId = `run_id ${bigint} NOT NULL REFERENCES toolscore_runs (id) ON DELETE CASCADE`;
  const listed = 'case_id, trial, score, grade, verdict, issue_kind, problem, tools, error';
  return [
    `CREATE TABLE toolscore_run_tools (
      ${runId},
      tool TEXT NOT NULL,
      cases INTEGER NOT NULL,
      score_sum ${real} NOT NULL,
      scored INTEGER NOT NULL,
      failed INTEGER NOT NULL
    )`,
    'CREATE INDEX toolscore_run_tools_run ON toolscore_run_tools (run_id)',
    `INSERT INTO toolscore_run_tools (run_id, tool, cases, score_sum, scored, failed)
      SELECT c.run_id, ${key}, COUNT(*), COALESCE(SUM(c.score), 0), COUNT(c.score),
        SUM(CASE WHEN c.verdict = 'FAIL' THEN 1 ELSE 0 END)
      FROM toolscore_cases c, ${keys} GROUP BY c.run_id, ${key}`,
    `CREATE TABLE toolscore_case_lines (
      ${runId},
      first INTEGER NOT NULL,
      lines TEXT NOT NULL,
      detail TEXT,
      PRIMARY KEY (run_id, first)
    )`,
    `INSERT INTO toolscore_case_lines (run_id, first, lines, detail)
      SELECT run_id, position, line || ${newline}, detail FROM toolscore_cases`,
    ...(dialect === 'sqlite'
      ? [
          `CREATE TABLE toolscore_cases_3 (
            ${runId},
            position INTEGER NOT NULL,
            case_id TEXT NOT NULL,
            trial INTEGER,
            score REAL,
            grade TEXT,
            verdict TEXT,
            issue_kind TEXT,
            problem TEXT,
            tools TEXT NOT NULL,
            error TEXT,
            PRIMARY KEY (run_id, position)
          ) WITHOUT ROWID`,
          `INSERT INTO toolscore_cases_3 (run_id, position, ${listed}) SELECT run_id, position, ${listed} FROM toolscore_cases`,
          'DROP TABLE toolscore_cases',
          'ALTER TABLE toolscore_cases_3 RENAME TO toolscore_cases',
          'CREATE INDEX toolscore_cases_id ON toolscore_cases (run_id, case_id, trial, score, position)',
        ]
      : ['ALTER TABLE toolscore_cases DROP COLUMN line, DROP COLUMN detail']),
  ];
}

/** Every version of the schema, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, statements: { sqlite: runsAndCases('sqlite'), postgres: runsAndCases('postgres') } },
  { version: 2, statements: { sqlite: pageIndexes('sqlite'), postgres: pageIndexes('postgres') } },
  { version: 3, statements: { sqlite: linesApart('sqlite'), postgres: linesApart('postgres') } },
];

/** The columns of a case row after `run_id`, in the order writers insert them. */
export const CASE_COLUMNS = [
  'position',
  'case_id',
  'trial',
  'score',
  'grade',
  'verdict',
  'issue_kind',
  'problem',
  'tools',
  'error',
] as const;
