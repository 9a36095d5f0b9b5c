import type { EqualityMode } from '../match/equality.js';
import { withRegexBudget } from '../match/matchers/regex.js';
import { argumentMetrics } from '../metrics/arguments.js';
import { budgetMetrics, type Budgets } from '../metrics/budget.js';
import { costMetrics, latencyMetrics } from '../metrics/performance.js';
import { schemaMetrics } from '../metrics/schema.js';
import type { ToolCatalogue } from '../schemas/catalogue.js';
import { efficiencyMetrics, redundantCount } from '../metrics/efficiency.js';
import { invocationAccuracy } from '../metrics/invocation.js';
import { policyMetrics, type ForbiddenRule } from '../metrics/policy.js';
import { requiredCallRecall } from '../metrics/recall.js';
import { securityMetrics } from '../metrics/security.js';
import { selectionAccuracy } from '../metrics/selection.js';
import { sequenceMetrics } from '../metrics/sequence.js';
import { toolCorrectnessMetrics } from '../metrics/tool-correctness.js';
import { trajectoryMetrics } from '../metrics/trajectory.js';
import type { Pairing } from '../pairing/pairing.js';
import { goldView } from '../pairing/gold-view.js';
import { checkResultNesting } from '../formats/support/calls.js';
import { DEFAULT_GOLD_OPTIONS } from '../gold/gold.js';
import { letterGrade } from '../core/grade.js';
import type { EvaluationLimits } from '../core/limits.js';
import type { Metrics } from '../metrics/metrics.js';
import { outcomeMetrics, type OutcomeCheck, type OutcomeMetrics } from '../metrics/outcome.js';
import type { StateMetrics } from '../metrics/state.js';
import { callOutcomeChecks, checksCalls, replyOutcomeChecks, type ReplyCheck } from './outcomes.js';
import { EvaluationResult, type GoldApplied, NO_GOLD_APPLIED, type TurnAggregate } from './result.js';
import type { ExpectedCall, GoldOptions, ToolCall } from '../core/types.js';
import { ToolscoreInputError } from '../core/errors.js';
import type { Weights } from '../core/weights.js';

/*
 * Scoring one list of calls against one list of expected calls: the score's terms now, the rest of the
 * metrics on first read. A conversation (turns.ts) scores each turn with it.
 */

/** Normalized inputs of a scoring run (see `resolveSettings`). */
export interface ScoreSettings {
  weights: Weights;
  mode: EqualityMode;
  forbidden?: readonly ForbiddenRule[] | undefined;
  catalogue?: ToolCatalogue | undefined;
  budgets?: Budgets | undefined;
  limits: EvaluationLimits;
  /** Tools set aside by the caller (merged with the gold's `ignore_tools`). */
  ignoreTools?: readonly string[];
  /** How a conversation's turn scores make its score (default `mean`). */
  turnAggregate?: TurnAggregate;
  /** The gold file's file-level options (default: none given). */
  gold?: GoldOptions;
  /** What reading the calls skipped or repaired. */
  warnings?: readonly string[];
  /** The files the calls were read from (evaluateTrace), remembered by the result for its reports. */
  sources?: { goldFile: string; traceFile: string };
  /** The gold's `response` checks and the replies they read (docs/outcomes.md). */
  replyChecks?: readonly ReplyCheck[];
  /** The gold's `state` checks, already answered against the before- and after-state (docs/outcomes.md). */
  stateChecks?: readonly OutcomeCheck[];
  /** `metrics.state`: the state diff and what covered it (only when the gold has a `state` and both states were given). */
  stateMetrics?: StateMetrics;
}

/** Metrics checked outside the pure scoring, against live systems, after the calls were paired. */
export type CheckedMetrics = Pick<Metrics, 'side_effect_metrics' | 'semantic_metrics'>;

/**
 * A scored run before its result is built: the pairing is what side-effect checks and the judge need;
 * `result()` builds the `EvaluationResult`, with the metrics they produced.
 */
export interface Scoring {
  readonly expected: readonly ExpectedCall[];
  readonly actual: readonly ToolCall[];
  readonly pairing: Pairing;
  result(checked?: CheckedMetrics): EvaluationResult;
}

/**
 * Scores already-normalized calls; shared by `evaluate()` and `evaluateTrace()`. The score's terms, the
 * nesting guard (inside the credential scan) and everything that can reject input run now; metrics the
 * score does not use (tool correctness, trajectory, repeats and failures, policy, budgets, latency,
 * cost) are computed on the first read of `result.metrics`.
 */
export function scoreCalls(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  settings: ScoreSettings,
): Scoring {
  const { limits, mode, weights } = settings;
  const gold = goldInForce(settings, expected);
  // First: the credential scan walks every argument and stops at the nesting limit, before any recursive pass.
  const security = securityMetrics(actual, limits.maxDepth);
  checkResultNesting(actual, limits.maxDepth);
  // The gold language's options, applied once: every metric below sees a plain gold and the calls scored against it.
  const view = withRegexBudget(limits.maxRegexChars, () =>
    goldView(expected, actual, mode, {
      ignoreTools: gold.ignore_tools.length === 0 ? NO_TOOLS : new Set(gold.ignore_tools),
      allowExtraCalls: gold.allow_extra_calls,
      maxPairingCells: limits.maxPairingCells,
    }),
  );
  const { expected: wanted, actual: scored, pairing: scoredPairing, index } = view;
  const selection = selectionAccuracy(wanted, scored, index);
  const sequence = sequenceMetrics(wanted, scored, index, limits.maxSequenceCells);
  const argumentsMatched = argumentMetrics(wanted, scored, scoredPairing);
  const recall = requiredCallRecall(wanted, scored, index);
  const schemas = schemaMetrics(wanted, actual, settings.catalogue);
  const pairing =
    view.scoredPositions === null
      ? scoredPairing
      : toTracePositions(scoredPairing, view.scoredPositions, actual.length);
  const outcomes = outcomeChecks(wanted, actual, pairing, mode, settings.replyChecks ?? [], settings.stateChecks ?? []);
  const score = blendScore(
    {
      selectionAccuracy: selection,
      argumentF1: argumentsMatched.f1,
      sequenceAccuracy: sequence.sequence_accuracy,
      redundantRate: scored.length === 0 ? 0 : redundantCount(index) / scored.length,
      requiredCallRecall: recall,
      outcomeRate: outcomes?.rate ?? null,
    },
    weights,
    wanted.length,
    scored.length,
  );
  const allMetrics = (checked: CheckedMetrics): Metrics =>
    withOptionalMetrics(
      {
        invocation_accuracy: invocationAccuracy(wanted, scored, index),
        selection_accuracy: selection,
        tool_correctness_metrics: toolCorrectnessMetrics(wanted, scored, index),
        sequence_metrics: sequence,
        trajectory_metrics: trajectoryMetrics(wanted, scored, mode === 'lenient' ? scoredPairing : undefined),
        argument_metrics: argumentsMatched,
        efficiency_metrics: efficiencyMetrics(wanted, scored, index),
        required_call_recall: recall,
        security_metrics: security,
      },
      actual,
      settings,
      schemas,
      checked,
      outcomes,
    );
  const goldApplied = appliedGold(gold, view, actual.length);
  return {
    expected: wanted,
    actual,
    pairing,
    result: (checked = {}) =>
      new EvaluationResult({
        score,
        grade: letterGrade(score),
        weights,
        metrics: () => allMetrics(checked),
        goldCalls: wanted,
        traceCalls: actual,
        pairing,
        mode,
        warnings: settings.warnings ?? [],
        gold: goldApplied,
        outcomes,
        ...(settings.sources ? settings.sources : {}),
      }),
  };
}

/** The core metrics with the optional ones added, in the order the report lists them: each only when it applies. */
function withOptionalMetrics(
  metrics: Metrics,
  actual: readonly ToolCall[],
  settings: ScoreSettings,
  schemas: Metrics['schema_metrics'],
  checked: CheckedMetrics,
  outcomes: OutcomeMetrics | undefined,
): Metrics {
  if (settings.forbidden) metrics.policy_metrics = policyMetrics(actual, settings.forbidden);
  if (settings.budgets) metrics.budget_metrics = budgetMetrics(actual, settings.budgets);
  if (schemas) metrics.schema_metrics = schemas;
  const latency = latencyMetrics(actual);
  if (latency) metrics.latency_metrics = latency;
  const cost = costMetrics(actual);
  if (cost) metrics.cost_metrics = cost;
  if (checked.side_effect_metrics) metrics.side_effect_metrics = checked.side_effect_metrics;
  if (checked.semantic_metrics) metrics.semantic_metrics = checked.semantic_metrics;
  if (outcomes) metrics.outcome_metrics = outcomes;
  if (settings.stateMetrics) metrics.state = settings.stateMetrics;
  return metrics;
}

/** The outcome checks of a run: the expected calls' results and success, the replies, the state; undefined when there are none. */
function outcomeChecks(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  pairing: Pairing,
  mode: EqualityMode,
  replies: readonly ReplyCheck[],
  state: readonly OutcomeCheck[],
): OutcomeMetrics | undefined {
  if (replies.length === 0 && state.length === 0 && !checksCalls(expected)) return undefined;
  return outcomeMetrics([
    ...callOutcomeChecks(expected, actual, pairing, mode),
    ...replies.flatMap(replyOutcomeChecks),
    ...state,
  ]);
}

const NO_TOOLS: ReadonlySet<string> = new Set();
const NO_POSITIONS: readonly number[] = Object.freeze([]);

/**
 * The gold's file-level options with the caller's ignored tools added. A tool both expected and ignored
 * is a contradiction the user must resolve, not a silent choice.
 */
function goldInForce(settings: ScoreSettings, expected: readonly ExpectedCall[]): GoldOptions {
  const fileOptions = settings.gold ?? DEFAULT_GOLD_OPTIONS;
  const extra = settings.ignoreTools ?? [];
  const ignored = extra.length === 0 ? fileOptions.ignore_tools : [...new Set([...fileOptions.ignore_tools, ...extra])];
  if (ignored.length > 0) {
    const names = new Set(ignored);
    expected.forEach((call, i) => {
      const tool = (call.alternatives ?? [call.tool]).find((name) => names.has(name));
      if (tool !== undefined)
        throw new ToolscoreInputError(
          { source: 'ignore_tools' },
          `tool ${JSON.stringify(tool)} is both expected (call ${i + 1} of the gold) and ignored; remove it from one of them`,
        );
    });
  }
  return ignored === fileOptions.ignore_tools ? fileOptions : { ...fileOptions, ignore_tools: ignored };
}

/** A pairing over the scored calls, restated over every actual call (unscored ones answer nothing). */
function toTracePositions(pairing: Pairing, positions: readonly number[], actualCount: number): Pairing {
  const expectedFor = new Array<number>(actualCount).fill(-1);
  positions.forEach((j, k) => {
    expectedFor[j] = pairing.expectedFor[k]!;
  });
  return {
    actualFor: pairing.actualFor.map((k) => (k < 0 ? -1 : positions[k]!)),
    expectedFor,
    matchedArgs: pairing.matchedArgs,
  };
}

/** What the gold's options did to this run: nothing (the shared record), or the options, optional calls skipped and calls left unscored. */
function appliedGold(
  gold: GoldOptions,
  view: { scoredPositions: readonly number[] | null; skippedOptional: number },
  actualCount: number,
): GoldApplied {
  const unscored = unscoredPositions(view.scoredPositions, actualCount);
  return gold === DEFAULT_GOLD_OPTIONS && unscored.length === 0 && view.skippedOptional === 0
    ? NO_GOLD_APPLIED
    : { options: gold, skippedOptional: view.skippedOptional, unscoredCalls: unscored };
}

/** The actual calls left out of scoring (ignored tools, extra calls under allow_extra_calls). */
function unscoredPositions(positions: readonly number[] | null, actualCount: number): readonly number[] {
  if (positions === null) return NO_POSITIONS;
  const scored = new Set(positions);
  const unscored: number[] = [];
  for (let j = 0; j < actualCount; j++) if (!scored.has(j)) unscored.push(j);
  return unscored;
}

/** The five terms of the composite score. */
interface ScoreTerms {
  selectionAccuracy: number;
  argumentF1: number;
  sequenceAccuracy: number;
  redundantRate: number;
  /** `null` when nothing was expected (counts as fully met). */
  requiredCallRecall: number | null;
  /** Share of outcome checks passed; `null` when the gold checks no outcome (counts as fully met). */
  outcomeRate: number | null;
}

/** Digits kept when rounding away float noise, so a perfect match is exactly 1. */
const SCORE_PRECISION = 1e12;

/** A score with float noise rounded away (a conversation's mean of turn scores too). */
export function roundScore(score: number): number {
  return Math.round(score * SCORE_PRECISION) / SCORE_PRECISION;
}

/** The composite score of a metrics record (the guide's weighted blend; see `blendScore`). */
export function compositeScore(metrics: Metrics, weights: Weights, expectedCount: number, actualCount: number): number {
  const terms: ScoreTerms = {
    selectionAccuracy: metrics.selection_accuracy,
    argumentF1: metrics.argument_metrics.f1,
    sequenceAccuracy: metrics.sequence_metrics.sequence_accuracy,
    redundantRate: metrics.efficiency_metrics.redundant_rate,
    requiredCallRecall: metrics.required_call_recall,
    outcomeRate: metrics.outcome_metrics?.rate ?? null,
  };
  return blendScore(terms, weights, expectedCount, actualCount);
}

/**
 * The weighted blend. The redundancy term is 1 − redundant_rate, except that a trace with no calls when
 * calls were expected earns nothing for it (the Python tool gives such a trace 0.1). Unknown recall
 * (nothing expected) counts as fully met.
 */
function blendScore(terms: ScoreTerms, weights: Weights, expectedCount: number, actualCount: number): number {
  const efficiency = actualCount === 0 && expectedCount > 0 ? 0 : 1 - terms.redundantRate;
  const score =
    weights.selection_accuracy * terms.selectionAccuracy +
    weights.argument_f1 * terms.argumentF1 +
    weights.sequence_accuracy * terms.sequenceAccuracy +
    weights.redundant_rate * efficiency +
    weights.required_call_recall * (terms.requiredCallRecall ?? 1) +
    (weights.outcome ?? 0) * (terms.outcomeRate ?? 1);
  return Math.min(1, Math.max(0, roundScore(score)));
}
