import { caseRecord, runRecord } from './case-row.js';
import { lineAt } from './lines.js';
import type { Dialect } from './schema.js';
import type {
  CaseChange,
  CaseQuery,
  CaseRecord,
  JoinQuery,
  JoinedPage,
  Page,
  RunQuery,
  RunRecord,
  RunStore,
  RunWriter,
  NewRun,
  StoredCase,
  StoredRun,
  ToolChange,
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

/** The changes in the order the join lists them: regressed (largest drop first), improved (largest gain first), the rest by position. */
const CHANGE_GROUPS: readonly (readonly CaseChange[])[] = [['regressed'], ['improved'], ['same', 'added', 'removed']];
const CHANGES = CHANGE_GROUPS.flat();
const MATCHED: readonly CaseChange[] = ['regressed', 'improved', 'same'];

/** How a case in both runs changed: a score that fell or stopped being scored regressed. */
const MATCHED_CHANGE = `CASE
  WHEN a.score IS NOT NULL AND (b.score IS NULL OR b.score < a.score) THEN 'regressed'
  WHEN b.score IS NOT NULL AND (a.score IS NULL OR b.score > a.score) THEN 'improved'
  ELSE 'same' END`;

const JOIN_ORDER = `CASE change WHEN 'regressed' THEN 0 WHEN 'improved' THEN 1 ELSE 2 END,
  CASE change WHEN 'regressed' THEN COALESCE(b_score, 0) - a_score WHEN 'improved' THEN COALESCE(a_score, 0) - b_score ELSE 0 END,
  COALESCE(a_position, b_position), a_position IS NULL, b_position`;

/** The case of run `y` that is the case of run `x`: the same id and trial (a null trial is 0: trials are ≥ 1). */
const sameCase = (x: string, y: string) =>
  `${y}.case_id = ${x}.case_id AND COALESCE(${y}.trial, 0) = COALESCE(${x}.trial, 0)`;

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

  /**
   * That a case has a tool (a key of its `tools` object) whose name meets `nameIs` (`= ?`, or a LIKE)
   * with `value`: each case's tools read as JSON, after a test of the text itself that every such case
   * passes (`needle`: text the object's text must hold), so most cases are never parsed.
   */
  private toolNamed(
    nameIs: string,
    value: string,
    needle: { sql: string; value: string } | undefined,
    where: Conditions,
  ) {
    const keys =
      this.connection.dialect === 'postgres'
        ? `EXISTS (SELECT 1 FROM jsonb_object_keys(tools::jsonb) AS k(name) WHERE k.name ${nameIs})`
        : `EXISTS (SELECT 1 FROM json_each(tools) AS k WHERE k.key ${nameIs})`;
    if (needle === undefined) where.add(keys, value);
    else where.add(`(${needle.sql} AND ${keys})`, needle.value, value);
  }

  /** A case listing the tool: its name as the tools object writes it (JSON, then `:{}`) is in the text. */
  private listsTool(tool: string, where: Conditions): void {
    const holds = this.connection.dialect === 'postgres' ? 'strpos(tools, ?) > 0' : 'instr(tools, ?) > 0';
    this.toolNamed('= ?', tool, { sql: holds, value: `${JSON.stringify(tool)}:{}` }, where);
  }

  /** A case whose id, problem (or error) or a tool name holds the text. */
  private mentions(text: string, where: Conditions): void {
    const pattern = containing(text);
    const like = `${this.like} ? ESCAPE '\\'`;
    const tool = new Conditions();
    // A name holding the text holds it in the object's text too, unless JSON writes it escaped.
    const written = JSON.stringify(text) === `"${text}"`;
    this.toolNamed(like, pattern, written ? { sql: `tools ${like}`, value: pattern } : undefined, tool);
    where.add(`(case_id ${like} OR problem ${like} OR ${tool.parts[0]})`, pattern, pattern, ...tool.params);
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
    if (query.tool !== undefined) this.listsTool(query.tool, where);
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
      `SELECT ${CASE_LIST_COLUMNS} FROM toolscore_cases WHERE run_id = ? AND position = ?`,
      [runId, position],
    );
    if (row === undefined) return undefined;
    // The chunk of lines holding it: the last one starting at or before it.
    const [chunk] = await this.connection.all(
      'SELECT first, lines, detail FROM toolscore_case_lines WHERE run_id = ? AND first <= ? ORDER BY first DESC LIMIT 1',
      [runId, position],
    );
    const first = Number(chunk?.first);
    const line = chunk === undefined ? undefined : lineAt(String(chunk.lines), position - first);
    if (line === undefined) throw new Error(`${this.label}: run ${runId} has no results line at position ${position}`);
    return {
      ...caseRecord(row),
      line: JSON.parse(line) as Record<string, unknown>,
      detail: chunk!.detail === null || first !== position ? null : JSON.parse(String(chunk!.detail)),
    };
  }

  async toolChanges(runA: number, runB: number): Promise<ToolChange[]> {
    // Kept with each run as it was written (a name PostgreSQL had to change can hold two rows: added up).
    const rows = await this.connection.all(
      `SELECT run_id, tool, SUM(cases) AS cases, SUM(score_sum) AS score_sum, SUM(scored) AS scored, SUM(failed) AS failed
      FROM toolscore_run_tools WHERE run_id IN (?, ?) GROUP BY run_id, tool`,
      [runA, runB],
    );
    const tools = new Map<string, ToolChange>();
    for (const row of rows) {
      const tool = String(row.tool);
      const scored = Number(row.scored);
      const stat: ToolStat = {
        cases: Number(row.cases),
        mean_score: scored === 0 ? null : Number(row.score_sum) / scored,
        failed: Number(row.failed),
      };
      const change = tools.get(tool) ?? { tool, a: null, b: null };
      if (Number(row.run_id) === runA) change.a = stat;
      if (Number(row.run_id) === runB) change.b = stat;
      tools.set(tool, change);
    }
    // Sorted here: the two databases' collations order text differently.
    return [...tools.values()].sort((x, y) => (x.tool < y.tool ? -1 : x.tool > y.tool ? 1 : 0));
  }

  /**
   * The join of two runs' cases as keys (positions, scores, change), for the changes asked: the cases in
   * both runs (through the (run_id, case_id, trial) index, which holds the score and position), then
   * those only in a (removed) and only in b (added). With `text`, the cases whose id or problem in either
   * run holds it.
   */
  private joinedKeys(
    runA: number,
    runB: number,
    changes: readonly CaseChange[],
    text: string | undefined,
  ): { sql: string; params: unknown[] } {
    const parts: string[] = [];
    const params: unknown[] = [];
    const [integer, real] =
      this.connection.dialect === 'postgres' ? ['INTEGER', 'DOUBLE PRECISION'] : ['INTEGER', 'REAL'];
    // SQLite finds the cases holding the text in each run on their own: a condition on the joined rows
    // lets it read every case of one run for each case of the other. PostgreSQL hash-joins the runs, and
    // a subquery there may be planned from statistics that do not know a run just kept yet.
    const holds = (...sides: (readonly [side: string, run: number])[]) => {
      if (text === undefined) return '';
      const like = `${this.like} ? ESCAPE '\\'`;
      const found = sides.map(([side, run]) => {
        if (this.connection.dialect === 'postgres') {
          params.push(containing(text), containing(text));
          return `${side}.case_id ${like} OR ${side}.problem ${like}`;
        }
        params.push(run, containing(text), containing(text));
        return `${side}.position IN (SELECT position FROM toolscore_cases WHERE run_id = ? AND (case_id ${like} OR problem ${like}))`;
      });
      return ` AND (${found.join(' OR ')})`;
    };
    const matched = changes.filter((change) => MATCHED.includes(change));
    const removed = changes.includes('removed');
    if (matched.length > 0) {
      // a's cases not in b come out of the same pass over a when asked for: a left join.
      const [join, change, kept] = removed
        ? [
            'LEFT JOIN',
            `CASE WHEN b.position IS NULL THEN 'removed' ELSE ${MATCHED_CHANGE} END`,
            [...matched, 'removed'],
          ]
        : ['JOIN', MATCHED_CHANGE, matched];
      params.push(runB, runA);
      const which = matched.length === MATCHED.length ? '' : ` AND ${change} IN (${kept.map(() => '?').join(', ')})`;
      parts.push(
        `SELECT a.position AS a_position, b.position AS b_position, a.score AS a_score, b.score AS b_score, ${change} AS change
        FROM toolscore_cases a ${join} toolscore_cases b ON b.run_id = ? AND ${sameCase('a', 'b')}
        WHERE a.run_id = ?${holds(['a', runA], ['b', runB])}${which}`,
      );
      if (which !== '') params.push(...kept);
    }
    const onlyIn = (side: 'a' | 'b', change: CaseChange) => {
      if (!changes.includes(change)) return;
      const other = side === 'a' ? 'b' : 'a';
      const [run, otherRun] = side === 'a' ? [runA, runB] : [runB, runA];
      params.push(run, otherRun);
      const none = (column: string, type: string) => `CAST(NULL AS ${type}) AS ${other}_${column}`;
      const [position, score] =
        side === 'a'
          ? [`a.position AS a_position, ${none('position', integer)}`, `a.score AS a_score, ${none('score', real)}`]
          : [`${none('position', integer)}, b.position AS b_position`, `${none('score', real)}, b.score AS b_score`];
      parts.push(
        `SELECT ${position}, ${score}, '${change}' AS change FROM toolscore_cases ${side}
        WHERE ${side}.run_id = ? AND NOT EXISTS (SELECT 1 FROM toolscore_cases ${other} WHERE ${other}.run_id = ? AND ${sameCase(side, other)})${holds([side, run])}`,
      );
    };
    if (matched.length === 0) onlyIn('a', 'removed');
    onlyIn('b', 'added');
    return { sql: parts.join('\nUNION ALL\n'), params };
  }

  async changeCounts(runA: number, runB: number, text?: string): Promise<Record<CaseChange, number>> {
    const keys = this.joinedKeys(runA, runB, CHANGES, text === '' ? undefined : text);
    const rows = await this.connection.all(
      `SELECT change, COUNT(*) AS n FROM (${keys.sql}) j GROUP BY change`,
      keys.params,
    );
    const counts = Object.fromEntries(CHANGES.map((change) => [change, 0])) as Record<CaseChange, number>;
    for (const row of rows) counts[row.change as CaseChange] = Number(row.n);
    return counts;
  }

  async joinCases(runA: number, runB: number, query: JoinQuery = {}): Promise<JoinedPage> {
    const text = query.text === '' ? undefined : query.text;
    const changes = await this.changeCounts(runA, runB, text);
    const wanted = CHANGES.filter((change) => query.change === undefined || query.change.includes(change));
    const total = wanted.reduce((sum, change) => sum + changes[change], 0);
    const [limit, offset] = page(query);
    // The counts say which groups (regressed, improved, the rest) the page falls in: only their rows are
    // joined and sorted, and the groups before it are skipped by count, not by reading them.
    const needed: CaseChange[] = [];
    let before = 0;
    let start = 0;
    for (const group of CHANGE_GROUPS) {
      const members = group.filter((change) => wanted.includes(change));
      const size = members.reduce((sum, change) => sum + changes[change], 0);
      if (size > 0 && start + size > offset && start < offset + limit) needed.push(...members);
      else if (start + size <= offset) before += size;
      start += size;
    }
    if (needed.length === 0) return { total, items: [], changes };
    const keys = this.joinedKeys(runA, runB, needed, text);
    const rows = await this.connection.all(`SELECT * FROM (${keys.sql}) j ORDER BY ${JOIN_ORDER} LIMIT ? OFFSET ?`, [
      ...keys.params,
      limit,
      offset - before,
    ]);
    const casesA = await this.casesAt(
      runA,
      rows.map((row) => row.a_position),
    );
    const casesB = await this.casesAt(
      runB,
      rows.map((row) => row.b_position),
    );
    const items = rows.map((row) => {
      const a = row.a_position === null ? null : casesA.get(Number(row.a_position))!;
      const b = row.b_position === null ? null : casesB.get(Number(row.b_position))!;
      const known = (a ?? b)!;
      return { id: known.id, trial: known.trial, change: row.change as CaseChange, a, b };
    });
    return { total, items, changes };
  }

  /** A run's cases at these positions (nulls skipped), by position. */
  private async casesAt(runId: number, positions: readonly unknown[]): Promise<Map<number, CaseRecord>> {
    const wanted = positions.filter((position) => position !== null).map(Number);
    if (wanted.length === 0) return new Map();
    const rows = await this.connection.all(
      `SELECT ${CASE_LIST_COLUMNS} FROM toolscore_cases WHERE run_id = ? AND position IN (${wanted.map(() => '?').join(', ')})`,
      [runId, ...wanted],
    );
    return new Map(rows.map((row) => [Number(row.position), caseRecord(row)]));
  }

  async deleteRun(id: number): Promise<boolean> {
    return this.connection.transaction(async () => {
      const [found] = await this.connection.all('SELECT id FROM toolscore_runs WHERE id = ?', [id]);
      if (found === undefined) return false;
      await this.deleteRows(id);
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
      for (const id of ids) await this.deleteRows(id);
      return ids;
    });
  }

  /** A run's rows in every table, in the caller's transaction. */
  private async deleteRows(id: number): Promise<void> {
    for (const table of ['toolscore_cases', 'toolscore_case_lines', 'toolscore_run_tools'])
      await this.connection.all(`DELETE FROM ${table} WHERE run_id = ?`, [id]);
    await this.connection.all('DELETE FROM toolscore_runs WHERE id = ?', [id]);
  }
}
