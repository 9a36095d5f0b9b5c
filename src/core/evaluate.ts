import { autoExtract } from '../formats/auto.js';
import type { EqualityMode } from '../match/equality.js';
import { argumentMetrics } from '../metrics/arguments.js';
import { budgetMetrics, parseBudgets, type Budgets } from '../metrics/budget.js';
import { costMetrics, latencyMetrics } from '../metrics/performance.js';
import { schemaMetrics } from '../metrics/schema.js';
import { readToolCatalogue, type ToolCatalogue } from '../schemas/catalogue.js';
import { efficiencyMetrics } from '../metrics/efficiency.js';
import { invocationAccuracy } from '../metrics/invocation.js';
import { parseForbiddenRules, policyMetrics, type ForbiddenRule } from '../metrics/policy.js';
import { requiredCallRecall } from '../metrics/recall.js';
import { securityMetrics } from '../metrics/security.js';
import { selectionAccuracy } from '../metrics/selection.js';
import { sequenceMetrics } from '../metrics/sequence.js';
import { toolCorrectnessMetrics } from '../metrics/tool-correctness.js';
import { indexTools } from '../metrics/tool-index.js';
import { trajectoryMetrics } from '../metrics/trajectory.js';
import { pairCalls } from '../pairing/pairing.js';
import { toExpectedCalls } from './calls.js';
import { letterGrade } from './grade.js';
import { DEFAULT_LIMITS, resolveLimits, withStackGuard, type EvaluationLimits } from './limits.js';
import { EvaluationResult, type Metrics } from './result.js';
import type { ActualCallInput, ExpectedCall, ExpectedCallInput, ToolCall } from './types.js';
import { normalizeWeights, type Weights, type WeightsInput } from './weights.js';

/** Options of `evaluate()`. */
export interface EvaluateOptions {
  /** Expected calls: `{tool, args?}`; `args` may hold matchers or `$` operators. */
  expected: readonly ExpectedCallInput[];
  /** Actual calls (`{tool, args?, result?, error?, is_error?, ...}`), or a raw response to auto-extract. */
  actual: readonly ActualCallInput[] | unknown;
  /** Weights merged over the defaults and renormalized. */
  weights?: WeightsInput;
  /** Compare arguments strictly: same JSON type and value, no trimming. */
  strict?: boolean;
  /** Calls the agent must never make; adds `metrics.policy_metrics`. */
  forbidden?: readonly ForbiddenRule[];
  /** The tools offered to the agent (OpenAI or Anthropic `tools`, an MCP `tools/list` result); adds `metrics.schema_metrics`. */
  tools?: unknown;
  /** Limits on calls, time and cost; adds `metrics.budget_metrics`. */
  budgets?: Budgets;
  /** Bounds on nesting depth and work for hostile or huge input (see `DEFAULT_LIMITS`). */
  limits?: Partial<EvaluationLimits>;
}

/** Scores actual tool calls against expected ones. Synchronous, pure, no I/O. */
export function evaluate(options: EvaluateOptions): EvaluationResult {
  return withStackGuard(() => evaluateUnguarded(options), 'evaluate');
}

function evaluateUnguarded(options: EvaluateOptions): EvaluationResult {
  const weights = normalizeWeights(options.weights);
  const limits = resolveLimits(options.limits);
  const expected = toExpectedCalls(options.expected, 'expected', { maxDepth: limits.maxDepth });
  const { calls: actual, warnings } = autoExtract(options.actual, 'actual');
  const forbidden = options.forbidden === undefined ? undefined : parseForbiddenRules(options.forbidden);
  const catalogue = options.tools === undefined ? undefined : readToolCatalogue(options.tools);
  const budgets = options.budgets === undefined ? undefined : parseBudgets(options.budgets);
  return scoreCalls(expected, actual, { weights, mode: options.strict ? 'strict' : 'lenient', forbidden, catalogue, budgets, limits, warnings });
}

/** Normalized inputs of a scoring run. */
export interface ScoreSettings {
  weights: Weights;
  mode: EqualityMode;
  forbidden?: readonly ForbiddenRule[] | undefined;
  catalogue?: ToolCatalogue | undefined;
  budgets?: Budgets | undefined;
  limits?: EvaluationLimits;
  warnings?: readonly string[];
}

/** Scores already-normalized calls; shared by `evaluate()` and `evaluateTrace()`. */
export function scoreCalls(expected: readonly ExpectedCall[], actual: readonly ToolCall[], settings: ScoreSettings): EvaluationResult {
  const limits = settings.limits ?? DEFAULT_LIMITS;
  // First: the credential scan walks every argument and stops at the nesting limit, before any recursive pass.
  const security = securityMetrics(actual, limits.maxDepth);
  const index = indexTools(expected, actual);
  const pairing = pairCalls(expected, actual, settings.mode, index, limits.maxPairingCells);
  const metrics: Metrics = {
    invocation_accuracy: invocationAccuracy(expected, actual, index),
    selection_accuracy: selectionAccuracy(expected, actual, index),
    tool_correctness_metrics: toolCorrectnessMetrics(expected, actual, index),
    sequence_metrics: sequenceMetrics(expected, actual, index, limits.maxSequenceCells),
    trajectory_metrics: trajectoryMetrics(expected, actual, settings.mode === 'lenient' ? pairing : undefined),
    argument_metrics: argumentMetrics(expected, actual, pairing),
    efficiency_metrics: efficiencyMetrics(expected, actual, index),
    required_call_recall: requiredCallRecall(expected, actual, index),
    security_metrics: security,
  };
  if (settings.forbidden) metrics.policy_metrics = policyMetrics(actual, settings.forbidden);
  if (settings.budgets) metrics.budget_metrics = budgetMetrics(actual, settings.budgets);
  const schemas = schemaMetrics(expected, actual, settings.catalogue);
  if (schemas) metrics.schema_metrics = schemas;
  const latency = latencyMetrics(actual);
  if (latency) metrics.latency_metrics = latency;
  const cost = costMetrics(actual);
  if (cost) metrics.cost_metrics = cost;
  const score = compositeScore(metrics, settings.weights, expected.length, actual.length);
  return new EvaluationResult({
    score,
    grade: letterGrade(score),
    weights: settings.weights,
    metrics,
    goldCalls: expected,
    traceCalls: actual,
    pairing,
    mode: settings.mode,
    warnings: settings.warnings ?? [],
  });
}

/** Digits kept when rounding away float noise, so a perfect match is exactly 1. */
const SCORE_PRECISION = 1e12;

/**
 * The weighted blend. The redundancy term is 1 − redundant_rate, except that a trace with no calls when
 * calls were expected earns nothing for it (the Python tool gives such a trace 0.1). Unknown recall
 * (nothing expected) counts as fully met.
 */
export function compositeScore(metrics: Metrics, weights: Weights, expectedCount: number, actualCount: number): number {
  const efficiency = actualCount === 0 && expectedCount > 0 ? 0 : 1 - metrics.efficiency_metrics.redundant_rate;
  const score =
    weights.selection_accuracy * metrics.selection_accuracy +
    weights.argument_f1 * metrics.argument_metrics.f1 +
    weights.sequence_accuracy * metrics.sequence_metrics.sequence_accuracy +
    weights.redundant_rate * efficiency +
    weights.required_call_recall * (metrics.required_call_recall ?? 1);
  return Math.min(1, Math.max(0, Math.round(score * SCORE_PRECISION) / SCORE_PRECISION));
}
