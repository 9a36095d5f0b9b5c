import { GRADES } from '../core/grade.js';
import { ISSUE_KINDS } from '../core/issues.js';
import type { CaseRecord, RunRecord } from './types.js';

/** One row of `toolscore_cases` after `run_id`, in `CASE_COLUMNS` order. */
export type CaseRow = [
  position: number,
  caseId: string,
  trial: number | null,
  score: number | null,
  grade: string | null,
  verdict: string | null,
  issueKind: string | null,
  problem: string | null,
  tools: string,
  error: string | null,
  line: string,
  detail: string | null,
];

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The columns the store filters and sorts on, read from a results line of any command: batch's and
 * run's lines (scored or error), BFCL's verdict lines (`valid` is the leaderboard's verdict), compare's
 * models. Null for what the line does not say; the line itself is kept as written.
 */
export function caseRow(line: Record<string, unknown>, lineText: string, position: number, detail?: string): CaseRow {
  const issue = isRecord(line.top_issue) ? line.top_issue : undefined;
  const tools = isRecord(line.tools)
    ? Object.keys(line.tools).sort()
    : typeof issue?.tool === 'string' && issue.tool !== ''
      ? [issue.tool]
      : [];
  const grade = text(line.grade);
  const kind = text(issue?.kind);
  const verdict =
    line.verdict === 'PASS' || line.verdict === 'WARN' || line.verdict === 'FAIL'
      ? line.verdict
      : line.valid === true
        ? 'PASS'
        : line.valid === false
          ? 'FAIL'
          : null;
  const error = text(line.error);
  return [
    position,
    String(line.id ?? line.name ?? position),
    number(line.trial),
    error === null ? number(line.score) : null,
    grade !== null && (GRADES as readonly string[]).includes(grade) ? grade : null,
    verdict,
    kind !== null && (ISSUE_KINDS as readonly string[]).includes(kind) ? kind : null,
    text(issue?.problem) ?? error,
    JSON.stringify(tools),
    error,
    lineText,
    detail ?? null,
  ];
}

/** The headline numbers of a run, counted as its rows are written. */
export class RunTally {
  cases = 0;
  errors = 0;
  private scored = 0;
  private sum = 0;
  readonly verdicts = { PASS: 0, WARN: 0, FAIL: 0 };

  add(row: CaseRow): void {
    this.cases++;
    if (row[9] !== null) this.errors++;
    if (row[3] !== null) {
      this.scored++;
      this.sum += row[3];
    }
    const verdict = row[5];
    if (verdict === 'PASS' || verdict === 'WARN' || verdict === 'FAIL') this.verdicts[verdict]++;
  }

  get meanScore(): number | null {
    return this.scored === 0 ? null : this.sum / this.scored;
  }
}

/** The summary's pass rate and pass^k, when the command's summary has them (batch, run). */
export function summaryHeadline(summary: unknown): { passRate: number | null; passHatK: string | null } {
  if (!isRecord(summary)) return { passRate: null, passHatK: null };
  const trials = isRecord(summary.trials) && isRecord(summary.trials.pass_hat_k) ? summary.trials.pass_hat_k : null;
  return { passRate: number(summary.pass_rate), passHatK: trials === null ? null : JSON.stringify(trials) };
}

/** A case row as read back (either driver's row object) → its record. */
export function caseRecord(row: Record<string, unknown>): CaseRecord {
  return {
    position: Number(row.position),
    id: String(row.case_id),
    trial: row.trial === null ? null : Number(row.trial),
    score: row.score === null ? null : Number(row.score),
    grade: row.grade as CaseRecord['grade'],
    verdict: row.verdict as CaseRecord['verdict'],
    issue_kind: row.issue_kind as CaseRecord['issue_kind'],
    problem: row.problem as string | null,
    tools: JSON.parse(String(row.tools)) as string[],
    error: row.error as string | null,
  };
}

/** A run row as read back → its record (options and summary are read only for one run). */
export function runRecord(row: Record<string, unknown>): RunRecord {
  return {
    id: Number(row.id),
    command: row.command as RunRecord['command'],
    started_at: String(row.started_at),
    finished_at: String(row.finished_at),
    toolscore_version: String(row.toolscore_version),
    git_commit: row.git_commit as string | null,
    git_branch: row.git_branch as string | null,
    gold: row.gold as string | null,
    gold_sha256: row.gold_sha256 as string | null,
    tools_sha256: row.tools_sha256 as string | null,
    cases: Number(row.cases),
    errors: Number(row.errors),
    mean_score: row.mean_score === null ? null : Number(row.mean_score),
    pass_rate: row.pass_rate === null ? null : Number(row.pass_rate),
    verdicts: { PASS: Number(row.verdict_pass), WARN: Number(row.verdict_warn), FAIL: Number(row.verdict_fail) },
    pass_hat_k: row.pass_hat_k === null ? null : (JSON.parse(String(row.pass_hat_k)) as Record<string, number>),
  };
}
