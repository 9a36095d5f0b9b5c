import type { Grade } from '../core/grade.js';
import type { Weights } from '../core/weights.js';
import type { BatchMetric } from '../batch/types.js';
import type { Budgets } from '../metrics/budget.js';

/*
 * A baseline: the figures of one run (a trace, or a whole batch) that later runs are compared with, under
 * snake_case keys. The Python tool's baseline (`version`, `gold_file_hash`, `metrics`, `metadata`) is read
 * into the same shape (read.ts).
 */

/** Layout version of baseline files; bumped only on a breaking change. Newer versions are refused. */
export const BASELINE_SCHEMA_VERSION = 1;

/** The counts a baseline keeps besides the metrics: failed calls and the three safety counts. */
export interface BaselineCounts {
  failed_calls: number;
  forbidden_calls: number;
  credentials: number;
  budget_violations: number;
}

/** How the trace was scored, so a regression run scores the same way (weights, strict mode, budgets). */
export interface BaselineSettings {
  weights: Weights;
  strict: boolean;
  budgets: Budgets | null;
  /** Forbidden rules the run was checked against (0 when none): `forbidden_calls` means nothing without them. */
  forbidden_rules: number;
}

/** One case of a batch baseline. */
export interface BaselineCase {
  id: string;
  score: number;
  grade: Grade;
  metrics: Record<BatchMetric, number | null>;
}

/**
 * One case of a batch baseline run several times (its results lines carry `trial`): trials n, successes c
 * (by the baseline's `trials.success` rule), and the mean score and core metrics over its scored trials
 * (null when every trial was an error).
 */
export interface BaselineTrialCase {
  id: string;
  n: number;
  c: number;
  score: number | null;
  grade: Grade | null;
  metrics: Record<BatchMetric, number | null>;
}

/** How the trials of a batch baseline were counted: a success is a PASS verdict, or a score at or above `min_score`. */
interface BaselineTrials {
  success: 'verdict' | 'min_score';
  min_score: number | null;
}

/** Fields of every baseline. */
interface BaselineCommon {
  schema_version: typeof BASELINE_SCHEMA_VERSION;
  toolscore_version: string;
  created_at: string;
  /** The composite score (for a batch: the mean over scored cases; null when none was scored). */
  score: number | null;
  grade: Grade | null;
  /** The core metrics (for a batch: means; `required_call_recall` null when nothing was expected). */
  metrics: Record<BatchMetric, number | null>;
  counts: BaselineCounts;
}

/** The baseline of one trace (`eval --save-baseline`). */
export interface TraceBaseline extends BaselineCommon {
  kind: 'trace';
  /** `sha256:<hex>` of the gold file's bytes. */
  gold_hash: string;
  settings: BaselineSettings;
  expected_calls: number;
  actual_calls: number;
}

/** The baseline of a batch run: the aggregate, and per case the score and core metrics (with trials, n and c). */
export interface BatchBaseline extends BaselineCommon {
  kind: 'batch';
  cases: { total: number; scored: number; not_scored: number };
  case_results: (BaselineCase | BaselineTrialCase)[];
  /** Present when the run had trials: how a success was counted, so `regression` counts the same way. */
  trials?: BaselineTrials;
}
