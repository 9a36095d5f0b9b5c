import { createHash } from 'node:crypto';
import { ToolscoreInputError } from '../core/errors.js';
import { letterGrade } from '../core/grade.js';
import { VERSION } from '../core/version.js';
import {
  BATCH_METRICS,
  type BatchLine,
  type BatchMetric,
  type BatchScoredLine,
  type BatchSummary,
} from '../batch/types.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { trialCasesOf } from '../batch/trials.js';
import { coreMetricsOf, countsOf, isScored, meanMetrics } from './measures.js';
import { BASELINE_SCHEMA_VERSION, type BatchBaseline, type TraceBaseline } from './types.js';

/** `sha256:<hex>` of a gold file's content (its bytes; a string is hashed as UTF-8). */
function goldHash(content: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(content).digest('hex')}`;
}

/** What `baselineOf` needs besides the result. */
export interface BaselineOptions {
  /** The gold file's content, hashed so a regression run can tell when the gold standard changed. */
  goldText: string | Uint8Array;
  /** When the baseline is made (default: now). */
  now?: Date;
}

/** The baseline of one scored trace: score, grade, core metrics, failed calls, safety counts, and how it was scored. */
export function baselineOf(result: EvaluationResult, options: BaselineOptions): TraceBaseline {
  const metrics = result.metrics;
  return {
    schema_version: BASELINE_SCHEMA_VERSION,
    kind: 'trace',
    toolscore_version: VERSION,
    created_at: (options.now ?? new Date()).toISOString(),
    gold_hash: goldHash(options.goldText),
    settings: {
      weights: result.weights,
      strict: result.mode === 'strict',
      budgets: metrics.budget_metrics?.limits ?? null,
      forbidden_rules: metrics.policy_metrics?.rule_count ?? 0,
    },
    score: result.score,
    grade: result.grade,
    metrics: coreMetricsOf(result),
    counts: countsOf(result),
    expected_calls: result.goldCalls.length,
    actual_calls: result.traceCalls.length,
  };
}

/**
 * The baseline of a batch run: the aggregate from its summary, and per case (from its results lines) the
 * score, grade and core metrics. Cases are matched by id later, so a repeated id is refused, except for
 * the trials of one case (lines with `trial`): such a case keeps its n, c (counted as the summary counted
 * them) and the means over its scored trials.
 */
export function baselineFromBatch(
  summary: BatchSummary,
  lines: Iterable<BatchLine>,
  options: { now?: Date } = {},
): BatchBaseline {
  const all = [...lines];
  const minScore = summary.trials?.success === 'min_score' ? (summary.min_score ?? undefined) : undefined;
  const trialCases = trialCasesOf(all, minScore);
  const scoredTrials = new Map<string, BatchScoredLine[]>();
  for (const line of all) {
    if (line.trial === undefined || !isScored(line)) continue;
    const trials = scoredTrials.get(line.id);
    if (trials === undefined) scoredTrials.set(line.id, [line]);
    else trials.push(line);
  }
  const seen = new Set<string>();
  const cases: BatchBaseline['case_results'] = [];
  for (const line of all) {
    const trialCase = line.trial === undefined ? undefined : trialCases.get(line.id);
    if (trialCase !== undefined) {
      if (seen.has(line.id)) continue;
      seen.add(line.id);
      const mean = trialCase.stats.meanScore;
      cases.push({
        id: line.id,
        n: trialCase.stats.n,
        c: trialCase.stats.c,
        score: mean,
        grade: mean === null ? null : letterGrade(mean),
        metrics: meanMetrics(scoredTrials.get(line.id) ?? []),
      });
      continue;
    }
    if (seen.has(line.id))
      throw new ToolscoreInputError(
        { source: 'results' },
        `case id ${JSON.stringify(line.id)} appears twice; cases are matched by id`,
      );
    seen.add(line.id);
    if (isScored(line)) cases.push({ id: line.id, score: line.score, grade: line.grade, metrics: { ...line.metrics } });
  }
  const mean = summary.score.mean;
  return {
    schema_version: BASELINE_SCHEMA_VERSION,
    kind: 'batch',
    toolscore_version: VERSION,
    created_at: (options.now ?? new Date()).toISOString(),
    score: mean,
    grade: mean === null ? null : letterGrade(mean),
    metrics: Object.fromEntries(BATCH_METRICS.map((name) => [name, summary.metrics[name].mean])) as Record<
      BatchMetric,
      number | null
    >,
    counts: {
      failed_calls: summary.totals.failed_calls,
      forbidden_calls: summary.totals.policy_violations,
      credentials: summary.totals.secrets,
      budget_violations: summary.totals.budget_violations,
    },
    cases: { total: summary.cases.total, scored: summary.cases.scored, not_scored: summary.cases.failed },
    case_results: cases,
    ...(summary.trials === undefined
      ? {}
      : { trials: { success: summary.trials.success, min_score: minScore ?? null } }),
  };
}
