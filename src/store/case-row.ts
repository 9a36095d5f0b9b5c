import type { CaseRecord, RunRecord } from './types.js';

const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The summary's pass rate and pass^k, when the command's summary has them (batch, run). */
export function summaryHeadline(summary: unknown): { passRate: number | null; passHatK: string | null } {
  if (!isRecord(summary)) return { passRate: null, passHatK: null };
  const trials = isRecord(summary.trials) && isRecord(summary.trials.pass_hat_k) ? summary.trials.pass_hat_k : null;
  return { passRate: number(summary.pass_rate), passHatK: trials === null ? null : JSON.stringify(trials) };
}

/**
 * The keys of a JSON object's text, in the order it writes them (JSON.parse would put keys that look like
 * array indices first): the strings at depth 1 that a colon follows.
 */
export function objectKeys(json: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    else if (char === '"') {
      let end = i + 1;
      while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      let next = end + 1;
      while (json[next] === ' ' || json[next] === '\n' || json[next] === '\t' || json[next] === '\r') next++;
      if (depth === 1 && json[next] === ':') keys.push(JSON.parse(json.slice(i, end + 1)) as string);
      i = end;
    }
  }
  return keys;
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
    tools: objectKeys(String(row.tools)),
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
