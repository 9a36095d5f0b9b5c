import type { Grade, Verdict } from '../core/grade.js';
import type { IssueKind } from '../core/issues.js';
import { WEIGHT_NAMES } from '../core/weights.js';

/*
 * The files a batch run writes (`results.jsonl` lines and `summary.json`), under the guide's snake_case
 * keys. These types are the contract between the engine (reading, scoring, sharding, merging) and the
 * batch reports (HTML, Markdown, JUnit, CSV), which render only what is here.
 */

/** Layout version of results lines and summaries; bumped only on a breaking change. */
export const BATCH_SCHEMA_VERSION = 1;

/** The core metrics every results line and summary carries, in this order: invocation, then the score's terms. */
export const BATCH_METRICS = ['invocation_accuracy', ...WEIGHT_NAMES] as const;

/** One core metric's serialized name. */
export type BatchMetric = (typeof BATCH_METRICS)[number];

/** The top issue of a case, as a results line and the worst-cases list carry it. */
export interface BatchTopIssue {
  kind: IssueKind;
  tool: string;
  problem: string;
  fix: string;
}

/** One line of `results.jsonl` for a case that was scored. */
export interface BatchScoredLine {
  /** The case's `id`, or the trace path (relative to the trace root) for `--traces` / `--trace-dir`. */
  id: string;
  /** 0-based position of the case in the whole dataset (the order of results lines and of shards). */
  index: number;
  /**
   * Which run of the case this line is (a whole number ≥ 1), when the dataset's case carries `trial`:
   * the lines sharing an id with a trial are one case run n times (see `BatchTrials`).
   */
  trial?: number;
  score: number;
  grade: Grade;
  verdict: Verdict;
  /** The core metrics; `required_call_recall` is null when nothing was expected. */
  metrics: Record<BatchMetric, number | null>;
  expected_calls: number;
  actual_calls: number;
  failed_calls: number;
  policy_violations: number;
  secrets: number;
  /** Budgets broken (`--max-calls` …); with the two counts above, what `--fail-on-violations` fails on. */
  budget_violations: number;
  /** Per tool: expected and actual calls, expected calls not answered by that tool, failed calls. */
  tools: Record<string, BatchToolCounts>;
  top_issue: BatchTopIssue | null;
  /** A conversation gold's turns (docs/conversations.md); absent for a flat gold. */
  turns?: BatchLineTurns;
  /**
   * What reading the case's gold did not understand (`unknown key "arguments"; did you mean "args"?`),
   * each naming its file, line and JSON path, credentials masked; absent when nothing.
   */
  gold_warnings?: string[];
}

/** What a results line says of a conversation case's turns. */
interface BatchLineTurns {
  /** Turns scored (the gold's, and trace turns beyond it that held calls). */
  count: number;
  /** Turns whose verdict is PASS. */
  passed: number;
  /** passed / count. */
  pass_rate: number;
  /** The first turn (1-based) whose verdict is not PASS, or null when every turn passed. */
  first_failing: number | null;
}

/** One line of `results.jsonl` for a case that could not be read or scored. */
export interface BatchErrorLine {
  id: string;
  index: number;
  /** The trial, when the case's text could be read far enough to find it (an error trial is a failed trial). */
  trial?: number;
  /** 1-based line of the case in a JSON Lines input; absent for other inputs. */
  line?: number;
  /** One line: what was wrong, naming the file and JSON path where known. */
  error: string;
}

/** A results line. */
export type BatchLine = BatchScoredLine | BatchErrorLine;

/** What a shard's results record of the dataset they are a slice of (every shard reads all of it). */
export interface DatasetIdentity {
  /** SHA-256 (hex) of the dataset file's bytes; for trace files and in-memory cases, of the case ids or texts. */
  sha256: string;
  /** Cases in the whole dataset. */
  cases: number;
}

/**
 * The last line of a shard's `results.jsonl` (`--shard i/n`): which shard, of which dataset. Written
 * once the whole dataset has been read, so a shard cut short or stopped has none; `merge` checks the
 * set of shards against it. A whole run's results have no such line.
 */
export interface BatchShardLine {
  shard: { index: number; count: number };
  dataset: DatasetIdentity;
}

/** Counts of one tool, in a case or summed over cases. */
export interface BatchToolCounts {
  expected_calls: number;
  actual_calls: number;
  /** Expected calls of this tool that no actual call of this tool answered. */
  selection_misses: number;
  failed_calls: number;
}

/** Distribution of one number over the scored cases (nearest-rank percentiles). */
export interface BatchDistribution {
  /** Cases the number applies to (required_call_recall skips cases that expected nothing). */
  count: number;
  mean: number | null;
  median: number | null;
  p10: number | null;
  p90: number | null;
  min: number | null;
  max: number | null;
}

/** `summary.json`: the aggregate of a run (or of merged shards). */
export interface BatchSummary {
  schema_version: typeof BATCH_SCHEMA_VERSION;
  toolscore_version: string;
  /** When the summary was made; the only timestamp a batch run writes. */
  created_at: string;
  cases: { total: number; scored: number; failed: number };
  score: BatchDistribution;
  metrics: Record<BatchMetric, BatchDistribution>;
  grades: Record<Grade, number>;
  /** The `--min-score` gate, if given, and the share of scored cases at or above it. */
  min_score: number | null;
  pass_rate: number | null;
  /** Score histogram: 10 bins of width 0.1, the last one closed ([0.9, 1.0]). */
  histogram: number[];
  /** Per tool, summed over cases, with `error_rate` = failed_calls / actual_calls (null when 0 calls). */
  tools: Record<string, BatchToolCounts & { error_rate: number | null }>;
  /** The 10 lowest-scoring cases (ties by index), with their top issue. */
  worst_cases: { id: string; index: number; score: number; grade: Grade; top_issue: BatchTopIssue | null }[];
  /** Cases that could not be read or scored, first 100 of them. */
  errors: { id: string; index: number; line?: number; error: string }[];
  /** Totals over cases. */
  totals: { failed_calls: number; policy_violations: number; secrets: number; budget_violations: number };
  /** Scored cases whose gold drew a warning (an unknown key), and the distinct warnings, the first 100 of them. */
  gold_warnings: { cases: number; warnings: string[] };
  /** The trial statistics, when some lines carry `trial`; absent otherwise. */
  trials?: BatchTrials;
  /** The turn statistics, when some scored case has a conversation gold; absent otherwise. */
  turns?: BatchTurns;
}

/** What the conversation cases of a run say about their turns (`summary.turns`). */
export interface BatchTurns {
  /** Scored cases with a conversation gold (the only ones counted here). */
  cases: number;
  /** Their turns in all, and how many of those passed. */
  turns: number;
  passed_turns: number;
  /** The mean over those cases of their turn pass rate. */
  mean_pass_rate: number;
  /** Cases whose every turn passed. */
  all_passed: number;
  /** Cases by their first failing turn: `{"1": 2, "3": 1}` (keys in turn order; cases with none left out). */
  first_failing: Record<string, number>;
}

/** One trial of a case, as the flaky cases list it: its score, verdict and top issue, or why it could not be scored. */
export type BatchTrial =
  | { trial: number; score: number; verdict: Verdict; success: boolean; top_issue: BatchTopIssue | null }
  | { trial: number; success: false; error: string };

/** A case run several times: its successes and score over its trials. */
export interface BatchTrialCase {
  id: string;
  /** Trials (results lines with this id and a `trial`). */
  n: number;
  /** Successful trials: verdict PASS, or the score at or above `--min-score` when given; an error trial fails. */
  c: number;
  success_rate: number;
  /** Mean score of its scored trials; null when every trial was an error. */
  mean_score: number | null;
  /** Population standard deviation of those scores. */
  score_std_dev: number | null;
  /** Each trial, in trial order. */
  trials: BatchTrial[];
}

/**
 * What the trials of a run say (`summary.trials`). Lines without `trial` are not part of it. Cases may
 * have different numbers of trials: each case counts with its own n, and k goes up to the smallest.
 */
export interface BatchTrials {
  /** Cases with trials, trial lines, the fewest and most trials of a case. */
  cases: number;
  trials: number;
  min_trials: number;
  max_trials: number;
  /** Cases all of whose trials succeeded, none did, and some did (flaky). */
  always: number;
  never: number;
  flaky: number;
  /** What a success is: `verdict` (PASS) or `min_score` (the score meets `--min-score`). */
  success: 'verdict' | 'min_score';
  /** pass^k for k = 1 … min_trials (keys "1", "2", …): the mean over cases of C(c, k) / C(n, k). */
  pass_hat_k: Record<string, number>;
  /** pass@k for the same k: the mean over cases of 1 − C(n − c, k) / C(n, k). */
  pass_at_k: Record<string, number>;
  /** The flaky cases (0 < c < n), worst first (lowest success rate, then mean score, then id), the first 100. */
  flaky_cases: BatchTrialCase[];
}
