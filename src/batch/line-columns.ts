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

/** The tools a results line lists: the keys of its per-tool object, else its top issue's tool. */
function toolsOf(line: Record<string, unknown>, issue: Record<string, unknown> | undefined): string[] {
  if (isObject(line.tools)) return Object.keys(line.tools);
  const tool = text(issue?.tool);
  return tool ? [tool] : [];
}

function columnsOf(line: Record<string, unknown>, names: readonly string[]): LineColumns {
  const issue = isObject(line.top_issue) ? line.top_issue : undefined;
  const error = text(line.error);
  return [
    caseIdOf(line),
    Number.isSafeInteger(line.trial) ? (line.trial as number) : null,
    error === null && typeof line.score === 'number' ? line.score : null,
    GRADE_SET.has(line.grade) ? (line.grade as string) : null,
    verdictOf(line),
    KIND_SET.has(issue?.kind) ? (issue!.kind as string) : null,
    text(issue?.problem) ?? error,
    toolNames(names),
    error,
  ];
}

/** A results line's columns (see `LineColumns`). */
export function lineColumns(line: Record<string, unknown>): LineColumns {
  return columnsOf(line, toolsOf(line, isObject(line.top_issue) ? line.top_issue : undefined));
}

/**
 * What one tool's cases add up to in a run (the viewer's per-tool numbers), kept with the run so no page
 * reads every case for them: the cases listing it, the sum and count of their scores, those that FAILed.
 */
export interface ToolTally {
  cases: number;
  scoreSum: number;
  scored: number;
  failed: number;
}

/** Consecutive lines' store columns, one per line, and their cases' tallies by tool. */
export interface ChunkColumns {
  lines: LineColumns[];
  tools: Map<string, ToolTally>;
}

/** The columns of consecutive results lines (case lines: a shard's closing line is left out) and their tallies by tool. */
export function chunkColumns(lines: readonly Record<string, unknown>[]): ChunkColumns {
  const chunk: ChunkColumns = { lines: [], tools: new Map() };
  for (const line of lines) {
    if (!isCaseLine(line)) continue;
    const names = toolsOf(line, isObject(line.top_issue) ? line.top_issue : undefined);
    const columns = columnsOf(line, names);
    chunk.lines.push(columns);
    const [, , score, , verdict] = columns;
    for (const name of names) {
      let tally = chunk.tools.get(name);
      if (tally === undefined) {
        tally = { cases: 0, scoreSum: 0, scored: 0, failed: 0 };
        chunk.tools.set(name, tally);
      }
      tally.cases++;
      if (score !== null) {
        tally.scoreSum += score;
        tally.scored++;
      }
      if (verdict === 'FAIL') tally.failed++;
    }
  }
  return chunk;
}

/** Adds one chunk's tallies by tool to a run's (chunks in order, so a run's sums do not depend on its threads). */
export function addToolTallies(into: Map<string, ToolTally>, from: ReadonlyMap<string, ToolTally>): void {
  for (const [name, tally] of from) {
    const sum = into.get(name);
    if (sum === undefined) into.set(name, { ...tally });
    else {
      sum.cases += tally.cases;
      sum.scoreSum += tally.scoreSum;
      sum.scored += tally.scored;
      sum.failed += tally.failed;
    }
  }
}

/** A shard's closing line (which dataset, which shard) is not a case: every other line is. */
export function isCaseLine(line: Record<string, unknown>): boolean {
  return 'id' in line || !('shard' in line);
}
