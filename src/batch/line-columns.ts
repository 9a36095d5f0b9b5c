import { GRADES } from '../core/grade.js';
import { ISSUE_KINDS } from '../core/issues.js';

/**
 * What a run store (`--store`) filters and sorts a results line on, read from the line of any command:
 * batch's and run's lines, scored or error; BFCL's verdict lines, whose `valid` is the leaderboard's
 * verdict; compare's models (`name`). Null for what the line does not say. The scoring threads read
 * them from the line they built (`BatchOptions.lineColumns`), so the thread that writes the store
 * parses no line; the store reads the lines it gets as text the same way.
 */
export type LineColumns = [
  /** `id` (text, or the JSON of another value), else `name`; null: the store uses the line's position. */
  caseId: string | null,
  trial: number | null,
  /** Null on an error line. */
  score: number | null,
  grade: string | null,
  /** `verdict`, else PASS / FAIL for BFCL's `valid`. */
  verdict: string | null,
  issueKind: string | null,
  /** The top issue's sentence, else the error. */
  problem: string | null,
  /** The tool names as the keys of a JSON object (`{"refund":{}}`): the line's per-tool object's, else the top issue's tool. */
  tools: string,
  error: string | null,
];

const VERDICTS: ReadonlySet<unknown> = new Set(['PASS', 'WARN', 'FAIL']);
const GRADE_SET: ReadonlySet<unknown> = new Set(GRADES);
const KIND_SET: ReadonlySet<unknown> = new Set(ISSUE_KINDS);

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function caseIdOf(line: Record<string, unknown>): string | null {
  const { id } = line;
  if (typeof id === 'string') return id;
  if (id !== undefined && id !== null) return typeof id === 'object' ? JSON.stringify(id) : String(id);
  return text(line.name);
}

/** Names as the keys of an object (in their order), each holding `{}`: what a store searches by key. */
function toolNames(names: readonly string[]): string {
  let text = '';
  for (const name of names) text += `${text === '' ? '' : ','}${JSON.stringify(name)}:{}`;
  return `{${text}}`;
}

function verdictOf(line: Record<string, unknown>): string | null {
  if (VERDICTS.has(line.verdict)) return line.verdict as string;
  return line.valid === true ? 'PASS' : line.valid === false ? 'FAIL' : null;
}

/** A results line's columns (see `LineColumns`). */
export function lineColumns(line: Record<string, unknown>): LineColumns {
  const issue = isObject(line.top_issue) ? line.top_issue : undefined;
  const error = text(line.error);
  const tool = text(issue?.tool);
  return [
    caseIdOf(line),
    Number.isSafeInteger(line.trial) ? (line.trial as number) : null,
    error === null && typeof line.score === 'number' ? line.score : null,
    GRADE_SET.has(line.grade) ? (line.grade as string) : null,
    verdictOf(line),
    KIND_SET.has(issue?.kind) ? (issue!.kind as string) : null,
    text(issue?.problem) ?? error,
    toolNames(isObject(line.tools) ? Object.keys(line.tools) : tool ? [tool] : []),
    error,
  ];
}

/** A shard's closing line (which dataset, which shard) is not a case: every other line is. */
export function isCaseLine(line: Record<string, unknown>): boolean {
  return 'id' in line || !('shard' in line);
}
