import type { ChunkColumns } from '../batch/line-columns.js';
import type { Grade, Verdict } from '../core/grade.js';
import type { IssueKind } from '../core/issues.js';

/*
 * The run store: every `eval`, `batch`, `run`, `bfcl` and `compare` run kept with its cases, in SQLite
 * or PostgreSQL behind one interface. Records read from a store are serialized data (snake_case keys,
 * what the viewer sends to the browser as it is); the queries that read them are the TS API (camelCase).
 */

/** The commands whose runs are kept. */
export const STORED_COMMANDS = ['eval', 'batch', 'run', 'bfcl', 'compare'] as const;

/** One command whose runs are kept. */
export type StoredCommand = (typeof STORED_COMMANDS)[number];

/** What a run is, known when it starts; credentials already masked, keys snake_case. */
export interface NewRun {
  command: StoredCommand;
  started_at: string;
  /** The command line (arguments and flags) as given, credentials masked. */
  options: Record<string, unknown>;
  /** The repository the command ran in, when it ran in one. */
  git_commit: string | null;
  git_branch: string | null;
  /** The gold file, dataset or folder the cases came from, as given. */
  gold: string | null;
  /** SHA-256 (hex) of the gold file's or dataset's bytes (of every gold file of a folder, by path). */
  gold_sha256: string | null;
  /** SHA-256 (hex) of the `--tools` catalogue's bytes. */
  tools_sha256: string | null;
}

/** A kept run, as listed: what it was and its headline numbers. */
export interface RunRecord extends Omit<NewRun, 'options'> {
  id: number;
  finished_at: string;
  toolscore_version: string;
  /** Lines kept: cases (and trials) scored or not. */
  cases: number;
  /** Lines that could not be read or scored. */
  errors: number;
  /** Mean score of the scored lines; null when none was scored. */
  mean_score: number | null;
  /** The summary's pass rate at `--min-score`, when the run had that gate. */
  pass_rate: number | null;
  /** Scored lines by verdict. */
  verdicts: Record<Verdict, number>;
  /** pass^k of the run's trials (keys "1", "2", …), when its lines carry trials. */
  pass_hat_k: Record<string, number> | null;
}

/** A kept run in full: its record, options and summary. */
export interface StoredRun extends RunRecord {
  options: Record<string, unknown>;
  /** The command's own summary: batch's `summary.json`, BFCL's summary, `comparison.json`. */
  summary: unknown;
}

/** One kept case (or trial) of a run, as listed. */
export interface CaseRecord {
  /** 0-based position of the line in the run. */
  position: number;
  id: string;
  trial: number | null;
  /** Null for a line that could not be read or scored. */
  score: number | null;
  grade: Grade | null;
  verdict: Verdict | null;
  issue_kind: IssueKind | null;
  /** The top issue's sentence, or the error of a line not scored. */
  problem: string | null;
  /** The tools of the case, by name, in code-unit order. */
  tools: string[];
  error: string | null;
}

/** One kept case in full: the results line as the command wrote it, and the report behind it when kept. */
export interface StoredCase extends CaseRecord {
  line: Record<string, unknown>;
  /** The case's full JSON report (`eval` keeps it); null otherwise. */
  detail: unknown;
}

/** What the run list shows: newest first, filtered. */
export interface RunQuery {
  command?: StoredCommand | undefined;
  branch?: string | undefined;
  gold?: string | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

/** How a run's cases are ordered. */
type CaseSort = 'position' | 'score' | '-score' | 'id';

/** Which of a run's cases, in what order: filtered and paged by the store. */
export interface CaseQuery {
  sort?: CaseSort | undefined;
  grade?: readonly Grade[] | undefined;
  verdict?: readonly Verdict[] | undefined;
  /** Cases that called or expected this tool. */
  tool?: string | undefined;
  issueKind?: IssueKind | undefined;
  /** Only the lines not scored (true), or only the scored ones (false). */
  errors?: boolean | undefined;
  /** Exactly this case id (its trials). */
  id?: string | undefined;
  /** A substring of the id, the problem, the error or a tool name (case-insensitive for ASCII). */
  text?: string | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

/** A page of results and how many there are in all. */
export interface Page<T> {
  total: number;
  items: T[];
}

/** How a case changed from run a to run b (its score, or scored against not scored). */
export type CaseChange = 'regressed' | 'improved' | 'same' | 'added' | 'removed';

/** One case of two runs, side by side (matched by id and trial). */
interface JoinedCase {
  id: string;
  trial: number | null;
  change: CaseChange;
  a: CaseRecord | null;
  b: CaseRecord | null;
}

/** Which cases of two runs, regressed first (largest drop first), then improved, then by position. */
export interface JoinQuery {
  change?: readonly CaseChange[] | undefined;
  text?: string | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

/** Two runs' cases joined: one page, how many match the query, and how many changed each way. */
export interface JoinedPage extends Page<JoinedCase> {
  /** The cases matching the query's text (all of them without one), by change; the change filter aside. */
  changes: Record<CaseChange, number>;
}

/** A tool in one run: how many of its cases list it, their mean score, and how many of them failed. */
export interface ToolStat {
  cases: number;
  /** Mean score of those cases that were scored; null when none was. */
  mean_score: number | null;
  /** Those cases whose verdict is FAIL. */
  failed: number;
}

/** A tool of either of two runs, with its numbers in each (null in a run none of whose cases list it). */
export interface ToolChange {
  tool: string;
  a: ToolStat | null;
  b: ToolStat | null;
}

/** What a run's end adds to it. */
export interface RunEnd {
  finished_at: string;
  summary: unknown;
  /** Told (once) when the commit has to wait for another run writing to the store to finish. */
  onWait?: ((text: string) => void) | undefined;
}

/**
 * A run being written: its lines go where no reader sees them, and `commit` makes the whole run
 * visible at once; a run abandoned, or a process killed, leaves nothing.
 */
export interface RunWriter {
  /**
   * Lines of JSON Lines text (whole lines), each a results line; a shard's closing line is not a case and
   * is skipped. `columns`, when the lines' columns were read already (one per line, and their tallies by
   * tool), spares parsing them.
   */
  addText(text: string, columns?: ChunkColumns): Promise<void>;
  /** One line as an object, with the case's full report when there is one. */
  addLine(line: Record<string, unknown>, detail?: unknown): Promise<void>;
  /** Makes the run visible, all of it at once; answers its id. */
  commit(end: RunEnd): Promise<number>;
  /** Drops what was written. */
  abort(): Promise<void>;
}

/** Where runs are kept: SQLite or PostgreSQL, the same behaviour (one test suite runs against both). */
export interface RunStore {
  /** The store named for messages (a file path, or the URL with its password masked). */
  readonly label: string;
  /** Starts a run. */
  begin(run: NewRun): Promise<RunWriter>;
  listRuns(query?: RunQuery): Promise<Page<RunRecord>>;
  getRun(id: number): Promise<StoredRun | undefined>;
  listCases(runId: number, query?: CaseQuery): Promise<Page<CaseRecord>>;
  getCase(runId: number, position: number): Promise<StoredCase | undefined>;
  /** Every tool either run's cases list, in code-unit order, with its cases' numbers in each (the viewer's per-tool changes). */
  toolChanges(runA: number, runB: number): Promise<ToolChange[]>;
  /** How many of two runs' cases (matched by id and trial) changed each way; those holding `text` when given. */
  changeCounts(runA: number, runB: number, text?: string): Promise<Record<CaseChange, number>>;
  /** Two runs' cases matched by id and trial. */
  joinCases(runA: number, runB: number, query?: JoinQuery): Promise<JoinedPage>;
  /** Deletes a run and its cases; false when there is no such run. */
  deleteRun(id: number): Promise<boolean>;
  /** Keeps the newest `keep` runs and deletes the rest; answers the ids deleted. */
  prune(keep: number): Promise<number[]>;
  close(): Promise<void>;
}
