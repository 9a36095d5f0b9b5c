import { caseRecord, runRecord } from './case-row.js';
import type { Dialect } from './schema.js';
import type {
  CaseChange,
  CaseQuery,
  CaseRecord,
  JoinQuery,
  JoinedCase,
  Page,
  RunQuery,
  RunRecord,
  RunStore,
  RunWriter,
  NewRun,
  StoredCase,
  StoredRun,
  ToolStat,
} from './types.js';

/** What the queries need of a database: rows of a statement with `?` parameters, in its dialect. */
export interface Connection {
  readonly dialect: Dialect;
  all(sql: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs statements in one transaction: all of them or none. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

/** The most rows one page holds. */
const MAX_PAGE = 1000;
const DEFAULT_PAGE = 50;

const RUN_COLUMNS =
  'id, command, started_at, finished_at, toolscore_version, git_commit, git_branch, gold, gold_sha256, tools_sha256, cases, errors, mean_score, pass_rate, verdict_pass, verdict_warn, verdict_fail, pass_hat_k';
const CASE_LIST_COLUMNS = 'position, case_id, trial, score, grade, verdict, issue_kind, problem, tools, error';

function page(query: { offset?: number | undefined; limit?: number | undefined }): [limit: number, offset: number] {
  const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(query.limit ?? DEFAULT_PAGE)));
  return [limit, Math.max(0, Math.floor(query.offset ?? 0))];
}

/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** A WHERE clause and its parameters, built one condition at a time. */
class Conditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, ...params: unknown[]): void {
    this.parts.push(sql);
    this.params.push(...params);
  }

  in(column: string, values: readonly unknown[] | undefined): void {
    if (values === undefined) return;
    if (values.length === 0) this.add('1 = 0');
    else this.add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  }

  get sql(): string {
    return this.parts.length === 0 ? '' : `WHERE ${this.parts.join(' AND ')}`;
  }
}

/** The order of a run's cases; ties by position, so every page is stable. */
const CASE_ORDER: Record<NonNullable<CaseQuery['sort']>, string> = {
  position: 'position',
  score: 'score IS NULL, score, position',
  '-score': 'score IS NULL, score DESC, position',
  id: 'case_id, trial, position',
};

const CHANGE = `CASE
  WHEN a_position IS NULL THEN 'added'
  WHEN b_position IS NULL THEN 'removed'
  WHEN a_score IS NOT NULL AND (b_score IS NULL OR b_score < a_score) THEN 'regressed'
  WHEN b_score IS NOT NULL AND (a_score IS NULL OR b_score > a_score) THEN 'improved'
  ELSE 'same' END`;

/**
 * The reading half of a store, the same SQL for SQLite and PostgreSQL (`?` parameters; the PostgreSQL
 * connection numbers them). Writing is each driver's own: how a run is kept out of sight until it commits.
 */
export abstract class SqlRunStore implements RunStore {
  constructor(
    readonly label: string,
    protected readonly connection: Connection,
  ) {}

  abstract begin(run: NewRun): Promise<RunWriter>;
  abstract close(): Promise<void>;

  private get like(): string {
    return this.connection.dialect === 'postgres' ? 'ILIKE' : 'LIKE';
  }

  /** The condition that a case has the tool among its `tools` keys (an exact name, whatever it holds). */
  private hasTool(): string {
    return this.connection.dialect === 'postgres'
      ? '(tools::jsonb -> ?::text) IS NOT NULL'
      : 'EXISTS (SELECT 1 FROM json_each(tools) WHERE json_each.key = ?)';
  }

  /** A case whose id, problem (or error) or a tool name holds the text. */
  private mentions(text: string, where: Conditions): void {
    const pattern = containing(text);
    const toolNamed =
      this.connection.dialect === 'postgres'
        ? "EXISTS (SELECT 1 FROM jsonb_object_keys(tools::jsonb) k WHERE k ILIKE ? ESCAPE '\\')"
        : "EXISTS (SELECT 1 FROM json_each(tools) WHERE json_each.key LIKE ? ESCAPE '\\')";
    const columns = ['case_id', 'problem'].map((column) => `${column} ${this.like} ? ESCAPE '\\'`);
    where.add(`(${columns.join(' OR ')} OR ${toolNamed})`, pattern, pattern, pattern);
  }

  async listRuns(query: RunQuery = {}): Promise<Page<RunRecord>> {
    const where = new Conditions();
    if (query.command !== undefined) where.add('command = ?', query.command);
    if (query.branch !== undefined) where.add('git_branch = ?', query.branch);
    if (query.gold !== undefined) where.add('gold = ?', query.gold);
    const [limit, offset] = page(query);
    const rows = await this.connection.all(
      `SELECT ${RUN_COLUMNS} FROM toolscore_runs ${where.sql} ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?`,
      [...where.params, limit, offset],
    );
    const [count] = await this.connection.all(`SELECT COUNT(*) AS n FROM toolscore_runs ${where.sql}`, where.params);
    return { total: Number(count!.n), items: rows.map(runRecord) };
  }

  async getRun(id: number): Promise<StoredRun | undefined> {
    const [row] = await this.connection.all(
      `SELECT ${RUN_COLUMNS}, options, summary FROM toolscore_runs WHERE id = ?`,
      [id],
    );
    if (row === undefined) return undefined;
    return {
      ...runRecord(row),
      options: JSON.parse(String(row.options)) as Record<string, unknown>,
      summary: JSON.parse(String(row.summary)),
    };
  }

  async listCases(runId: number, query: CaseQuery = {}): Promise<Page<CaseRecord>> {
    const where = new Conditions();
    where.add('run_id = ?', runId);
    where.in('grade', query.grade);
    where.in('verdict', query.verdict);
    if (query.tool !== undefined) where.add(this.hasTool(), query.tool);
    if (query.issueKind !== undefined) where.add('issue_kind = ?', query.issueKind);
    if (query.errors !== undefined) where.add(query.errors ? 'error IS NOT NULL' : 'error IS NULL');
    if (query.id !== undefined) where.add('case_id = ?', query.id);
    if (query.text !== undefined && query.text !== '') this.mentions(query.text, where);
    const [limit, offset] = page(query);
    const rows = await this.connection.all(
      `SELECT ${CASE_LIST_COLUMNS} FROM toolscore_cases ${where.sql} ORDER BY ${CASE_ORDER[query.sort ?? 'position']} LIMIT ? OFFSET ?`,
      [...where.params, limit, offset],
    );
    const [count] = await this.connection.all(`SELECT COUNT(*) AS n FROM toolscore_cases ${where.sql}`, where.params);
    return { total: Number(count!.n), items: rows.map(caseRecord) };
  }

  async getCase(runId: number, position: number): Promise<StoredCase | undefined> {
    const [row] = await this.connection.all(
      `SELECT ${CASE_LIST_COLUMNS}, line, detail FROM toolscore_cases WHERE run_id = ? AND position = ?`,
      [runId, position],
    );
    if (row === undefined) return undefined;
    return {
      ...caseRecord(row),
      line: JSON.parse(String(row.line)) as Record<string, unknown>,
      detail: row.detail === null ? null : JSON.parse(String(row.detail)),
    };
  }

  async toolStats(runId: number): Promise<ToolStat[]> {
    // A case's tools are the keys of its per-tool object.
    const [each, name] =
      this.connection.dialect === 'postgres'
        ? ['jsonb_object_keys(c.tools::jsonb) AS t(name)', 't.name']
        : ['json_each(c.tools) AS t', 't.key'];
    const rows = await this.connection.all(
      `SELECT ${name} AS tool, COUNT(*) AS cases, AVG(c.score) AS mean_score,
        SUM(CASE WHEN c.verdict = 'FAIL' THEN 1 ELSE 0 END) AS failed
      FROM toolscore_cases c, ${each} WHERE c.run_id = ? GROUP BY ${name}`,
      [runId],
    );
    // Sorted here: the two databases' collations order text differently.
    return rows
      .map((row) => ({
        tool: String(row.tool),
        cases: Number(row.cases),
        mean_score: row.mean_score === null ? null : Number(row.mean_score),
        failed: Number(row.failed),
      }))
      .sort((x, y) => (x.tool < y.tool ? -1 : x.tool > y.tool ? 1 : 0));
  }

  async joinCases(runA: number, runB: number, query: JoinQuery = {}): Promise<Page<JoinedCase>> {
    const side = (name: 'a' | 'b') =>
      CASE_LIST_COLUMNS.split(', ')
        .map((column) => `${name}.${column} AS ${name}_${column}`)
        .join(', ');
    // A null trial joins a null trial: trials are ≥ 1, so 0 stands for none. The full join is written as
    // a left join and the other side's unmatched rows, each found through the (run_id, case_id, trial)
    // index: a FULL OUTER JOIN of two subqueries compared every row with every row (minutes at 10,000).
    const same = (x: string, y: string) =>
      `${y}.case_id = ${x}.case_id AND COALESCE(${y}.trial, 0) = COALESCE(${x}.trial, 0)`;
    const none = CASE_LIST_COLUMNS.split(', ')
      .map((column) => `NULL AS a_${column}`)
      .join(', ');
    const joined = `SELECT u.*, ${CHANGE} AS change FROM (
      SELECT ${side('a')}, ${side('b')} FROM toolscore_cases a
        LEFT JOIN toolscore_cases b ON b.run_id = ? AND ${same('a', 'b')}
        WHERE a.run_id = ?
      UNION ALL
      SELECT ${none}, ${side('b')} FROM toolscore_cases b
        WHERE b.run_id = ? AND NOT EXISTS (SELECT 1 FROM toolscore_cases a WHERE a.run_id = ? AND ${same('b', 'a')})
    ) u`;
    const where = new Conditions();
    where.in('change', query.change);
    if (query.text !== undefined && query.text !== '') {
      const pattern = containing(query.text);
      const columns = ['a_case_id', 'b_case_id', 'a_problem', 'b_problem'].map(
        (column) => `${column} ${this.like} ? ESCAPE '\\'`,
      );
      where.add(`(${columns.join(' OR ')})`, pattern, pattern, pattern, pattern);
    }
    const [limit, offset] = page(query);
    const order = `CASE change WHEN 'regressed' THEN 0 WHEN 'improved' THEN 1 ELSE 2 END,
      CASE change WHEN 'regressed' THEN COALESCE(b_score, 0) - a_score WHEN 'improved' THEN COALESCE(a_score, 0) - b_score ELSE 0 END,
      COALESCE(a_position, b_position), a_position IS NULL`;
    const rows = await this.connection.all(
      `SELECT * FROM (${joined}) j ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
      [runB, runA, runB, runA, ...where.params, limit, offset],
    );
    const [count] = await this.connection.all(`SELECT COUNT(*) AS n FROM (${joined}) j ${where.sql}`, [
      runB,
      runA,
      runB,
      runA,
      ...where.params,
    ]);
    return {
      total: Number(count!.n),
      items: rows.map((row) => {
        const pick = (name: 'a' | 'b') => {
          if (row[`${name}_position`] === null) return null;
          const fields: Record<string, unknown> = {};
          for (const column of CASE_LIST_COLUMNS.split(', ')) fields[column] = row[`${name}_${column}`];
          return caseRecord(fields);
        };
        const a = pick('a');
        const b = pick('b');
        const known = (a ?? b)!;
        return { id: known.id, trial: known.trial, change: row.change as CaseChange, a, b };
      }),
    };
  }

  async deleteRun(id: number): Promise<boolean> {
    return this.connection.transaction(async () => {
      const [found] = await this.connection.all('SELECT id FROM toolscore_runs WHERE id = ?', [id]);
      if (found === undefined) return false;
      await this.connection.all('DELETE FROM toolscore_cases WHERE run_id = ?', [id]);
      await this.connection.all('DELETE FROM toolscore_runs WHERE id = ?', [id]);
      return true;
    });
  }

  async prune(keep: number): Promise<number[]> {
    return this.connection.transaction(async () => {
      const rows = await this.connection.all(
        `SELECT id FROM toolscore_runs ORDER BY started_at DESC, id DESC LIMIT ${this.connection.dialect === 'postgres' ? 'ALL' : '-1'} OFFSET ?`,
        [keep],
      );
      const ids = rows.map((row) => Number(row.id)).sort((x, y) => x - y);
      for (const id of ids) {
        await this.connection.all('DELETE FROM toolscore_cases WHERE run_id = ?', [id]);
        await this.connection.all('DELETE FROM toolscore_runs WHERE id = ?', [id]);
      }
      return ids;
    });
  }
}
