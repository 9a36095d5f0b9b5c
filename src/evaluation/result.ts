import { encodeArgs } from '../match/operators.js';
import type { Metrics } from '../metrics/metrics.js';
import type { PolicyViolation } from '../metrics/policy.js';
import type { Pairing } from '../pairing/pairing.js';
import type { EqualityMode } from '../match/equality.js';
import { buildFindings, errorFindingCount, type Finding } from './findings.js';
import { decideVerdict, type Grade, type Verdict, type VerdictDecision } from '../core/grade.js';
import {
  buildTopIssues,
  firstTopIssue,
  topIssueRecord,
  withOutcomeIssues,
  type TopIssue,
  type TopIssueRecord,
} from './top-issues.js';
import type { OutcomeMetrics } from '../metrics/outcome.js';
import type { ExpectedCall, GoldOptions, ToolCall } from '../core/types.js';
import { DEFAULT_GOLD_OPTIONS } from '../gold/gold.js';
import type { Weights } from '../core/weights.js';

/** Layout version of `toDict()`; bumped only on a breaking change (adding keys does not bump it). */
export const RESULT_SCHEMA_VERSION = '2';

/** The JSON record of one evaluation (`toDict()`). */
export interface EvaluationRecord {
  schema_version: string;
  score: number;
  grade: Grade;
  /** PASS, WARN or FAIL, as `result.verdict` decides it. */
  verdict: Verdict;
  weights: Weights;
  required_call_recall: number | null;
  metrics: Metrics;
  calls: {
    expected: {
      tool: string;
      args: Record<string, unknown> | null;
      optional?: true;
      extra_args?: 'allow';
      alternatives?: string[];
      any_order_group?: number;
    }[];
    actual: {
      tool: string;
      args: Record<string, unknown> | null;
      result: unknown;
      is_error: boolean;
      error: string | null;
      duration: number | null;
      cost: number | null;
    }[];
  };
  gold_calls_count: number;
  trace_calls_count: number;
  /** The gold file's options in force, and what they left out of the comparison. */
  gold: GoldRecord;
  /** Ranked "Top issues to fix", all of them, as the JSON report writes them. */
  top_issues: TopIssueRecord[];
}

/** `toDict().gold`: the gold-language options an evaluation ran with (docs/gold-language.md). */
export interface GoldRecord extends GoldOptions {
  /** Optional expected calls the agent did not make (left out of `calls.expected`). */
  skipped_optional_calls: number;
  /** 0-based positions of the actual calls not scored (ignored tools; unpaired calls under allow_extra_calls). */
  unscored_calls: number[];
}

/** How the gold's options applied to an evaluation. */
export interface GoldApplied {
  /** The file-level options in force (the file's, with ignored tools given by the caller added). */
  options: GoldOptions;
  /** Optional expected calls that were not made, left out of `goldCalls`. */
  skippedOptional: number;
  /** Positions in `traceCalls` of the calls not scored. */
  unscoredCalls: readonly number[];
}

/** An evaluation the gold language changed nothing about (shared, frozen). */
export const NO_GOLD_APPLIED: GoldApplied = Object.freeze({
  options: DEFAULT_GOLD_OPTIONS,
  skippedOptional: 0,
  unscoredCalls: Object.freeze([]) as readonly number[],
});

/** How a conversation's turn scores make its score: their mean, or the worst of them. */
export type TurnAggregate = 'mean' | 'min';

/** One turn of a conversation, scored on its own. */
export interface TurnResult {
  /** 1-based. */
  readonly turn: number;
  /** The user's message that opened the turn in the trace, when the trace records it. */
  readonly user: string | null;
  /** Whether the trace reached the turn; an unreached turn scores 0 (FAIL). */
  readonly reached: boolean;
  /** Whether the user's message differs from the gold's `user` here (the first turn that does). */
  readonly diverged: boolean;
  readonly score: number;
  readonly grade: Grade;
  readonly verdict: Verdict;
  /** The turn's calls scored alone: its gold, calls, pairing and metrics (indices within the turn). */
  readonly result: EvaluationResult;
  /** The turn's Top issues, a call made in another turn named as such (indices within the turn). */
  readonly topIssues: readonly TopIssue[];
}

/** A conversation gold's scoring: the turns, and what they make together (docs/conversations.md). */
export interface Conversation {
  readonly turns: readonly TurnResult[];
  readonly aggregate: TurnAggregate;
  /** Share of the turns whose verdict is PASS. */
  readonly turnPassRate: number;
  /** The first turn (1-based) whose verdict is not PASS, or null. */
  readonly firstFailingTurn: number | null;
  /** Turns never reached, a diverged conversation, calls made in the wrong turn or beyond the gold. */
  readonly findings: readonly Finding[];
  /** Every turn's Top issues, ranked; indices are in the whole conversation's calls. */
  readonly topIssues: readonly TopIssue[];
  /** Whether every required call was completed in its own turn. */
  readonly requiredCallsComplete: boolean;
}

/** What `evaluate()` and `evaluateTrace()` return. */
export class EvaluationResult {
  /** Composite score in [0, 1] (a perfect match is exactly 1). */
  readonly score: number;
  /** Letter grade of the score. */
  readonly grade: Grade;
  /** The normalized weights the score was blended with. */
  readonly weights: Weights;
  /** The expected calls, normalized. */
  readonly goldCalls: readonly ExpectedCall[];
  /** The actual calls, normalized. */
  readonly traceCalls: readonly ToolCall[];
  /** Which actual call answers each expected call. */
  readonly pairing: Pairing;
  /** How arguments were compared. */
  readonly mode: EqualityMode;
  /** Things read from the input that were skipped or repaired (empty tool names, unparsable arguments). */
  readonly warnings: readonly string[];
  /** The gold file the expected calls were read from (`evaluateTrace`), or null for in-memory calls. */
  readonly goldFile: string | null;
  /** The trace file the actual calls were read from (`evaluateTrace`), or null for in-memory calls. */
  readonly traceFile: string | null;
  /** The gold language's options in force and what they left out (optional calls not made, unscored calls). */
  readonly gold: GoldApplied;
  /** For a conversation gold (`turns`), the turns scored one by one; null for a flat gold. */
  readonly conversation: Conversation | null;

  constructor(fields: {
    score: number;
    grade: Grade;
    weights: Weights;
    /** The metrics, or a function that builds them on first read. */
    metrics: Metrics | (() => Metrics);
    goldCalls: readonly ExpectedCall[];
    traceCalls: readonly ToolCall[];
    pairing: Pairing;
    mode: EqualityMode;
    warnings?: readonly string[];
    goldFile?: string | null;
    traceFile?: string | null;
    gold?: GoldApplied;
    conversation?: Conversation | null;
    /** The outcome checks' metrics, known when scoring (they rank among the Top issues). */
    outcomes?: OutcomeMetrics | undefined;
  }) {
    this.#outcomes = fields.outcomes;
    this.score = fields.score;
    this.grade = fields.grade;
    this.weights = fields.weights;
    this.#metrics = fields.metrics;
    this.goldCalls = fields.goldCalls;
    this.traceCalls = fields.traceCalls;
    this.pairing = fields.pairing;
    this.mode = fields.mode;
    this.warnings = fields.warnings ?? [];
    this.goldFile = fields.goldFile ?? null;
    this.traceFile = fields.traceFile ?? null;
    this.gold = fields.gold ?? NO_GOLD_APPLIED;
    this.conversation = fields.conversation ?? null;
  }

  // Built on first use: reports need them, a score check does not.
  #metrics: Metrics | (() => Metrics);
  #outcomes: OutcomeMetrics | undefined;
  #topIssues: readonly TopIssue[] | undefined;
  #topIssue: TopIssue | null | undefined;
  #findings: readonly Finding[] | undefined;

  /** All metrics, under their serialized names. */
  get metrics(): Metrics {
    if (typeof this.#metrics === 'function') this.#metrics = this.#metrics();
    return this.#metrics;
  }

  /** Ranked "Top issues to fix": missing calls, failed calls, wrong tools, argument mismatches, calls out of order, extra calls. */
  get topIssues(): readonly TopIssue[] {
    if (this.conversation) return this.conversation.topIssues;
    return (this.#topIssues ??= withOutcomeIssues(
      buildTopIssues(this.goldCalls, this.traceCalls, this.pairing, this.mode, this.gold.unscoredCalls),
      this.#outcomes,
      this.traceCalls,
    ));
  }

  /** The first of `topIssues`, or null; when the list was not needed, only what the first one needs is found. */
  get topIssue(): TopIssue | null {
    if (this.conversation) return this.conversation.topIssues[0] ?? null;
    if (this.#topIssues !== undefined) return this.#topIssues[0] ?? null;
    if (this.#topIssue === undefined)
      this.#topIssue = firstTopIssue(
        this.goldCalls,
        this.traceCalls,
        this.pairing,
        this.mode,
        this.gold.unscoredCalls,
        this.#outcomes,
      );
    return this.#topIssue;
  }

  /** Behaviour and safety findings (forbidden calls, credentials, failures, blind retries), errors first. */
  get findings(): readonly Finding[] {
    if (this.#findings === undefined) {
      const found = buildFindings(this.scoredCalls, this.metrics);
      // A conversation's own findings are warnings: they follow the safety errors.
      this.#findings = this.conversation ? [...found, ...this.conversation.findings] : found;
    }
    return this.#findings;
  }

  /** The actual calls compared with the gold: all of them, but those `gold.unscoredCalls` names. */
  get scoredCalls(): readonly ToolCall[] {
    const unscored = this.gold.unscoredCalls;
    if (unscored.length === 0) return this.traceCalls;
    const left = new Set(unscored);
    return this.traceCalls.filter((_, j) => !left.has(j));
  }

  /** PASS, WARN or FAIL: the score's band, but FAIL on any error finding and at most WARN while a required call is not completed. */
  get verdict(): Verdict {
    return this.verdictDecision.verdict;
  }

  /** The verdict and what decided it (`decideVerdict`). */
  get verdictDecision(): VerdictDecision {
    const recall = this.requiredCallRecall;
    const complete = this.conversation ? this.conversation.requiredCallsComplete : recall === null || recall >= 1;
    return decideVerdict(this.score, errorFindingCount(this.findings), complete);
  }

  /** Share of actual calls whose tool was expected. */
  get selectionAccuracy(): number {
    return this.metrics.selection_accuracy;
  }
  /** Argument F1 over the one-to-one pairing. */
  get argumentF1(): number {
    return this.metrics.argument_metrics.f1;
  }
  /** 1 − normalized edit distance between the tool sequences. */
  get sequenceAccuracy(): number {
    return this.metrics.sequence_metrics.sequence_accuracy;
  }
  /** Whether tools were invoked when needed and not otherwise. */
  get invocationAccuracy(): number {
    return this.metrics.invocation_accuracy;
  }
  /** Share of expected calls made without failing; `null` when nothing was expected. */
  get requiredCallRecall(): number | null {
    return this.metrics.required_call_recall;
  }
  /** Forbidden calls, credentials, broken budgets and failed outcome checks: what `--fail-on-violations` fails on. */
  get violationCount(): number {
    const { policy_metrics, security_metrics, budget_metrics, outcome_metrics } = this.metrics;
    return (
      (policy_metrics?.violation_count ?? 0) +
      security_metrics.secret_count +
      (budget_metrics?.violation_count ?? 0) +
      (outcome_metrics?.failed ?? 0)
    );
  }

  /** Calls that matched forbidden rules (empty when no rules were given). */
  get policyViolations(): readonly PolicyViolation[] {
    return this.metrics.policy_metrics?.violations ?? [];
  }

  /**
   * A versioned, JSON-safe record of this evaluation. Matchers in expected arguments are written in
   * their `$` operator form, so the record reads back as a gold file.
   */
  toDict(): EvaluationRecord {
    const record: EvaluationRecord = {
      schema_version: RESULT_SCHEMA_VERSION,
      score: this.score,
      grade: this.grade,
      verdict: this.verdict,
      weights: { ...this.weights },
      required_call_recall: this.requiredCallRecall,
      metrics: this.metrics,
      calls: {
        expected: this.goldCalls.map(expectedRecord),
        actual: this.traceCalls.map((call) => ({
          tool: call.tool,
          args: call.args,
          result: call.result ?? null,
          is_error: call.is_error,
          error: call.error ?? null,
          duration: call.duration ?? null,
          cost: call.cost ?? null,
        })),
      },
      gold_calls_count: this.goldCalls.length,
      trace_calls_count: this.traceCalls.length,
      gold: goldRecord(this.gold),
      top_issues: this.topIssues.map(topIssueRecord),
    };
    return toJsonSafe(record) as EvaluationRecord;
  }

  /** `JSON.stringify(result)` writes the versioned record of `toDict()`. */
  toJSON(): EvaluationRecord {
    return this.toDict();
  }
}

/** The gold options an evaluation ran with, as files write them (`toDict().gold`, the JSON report's `gold`). */
export function goldRecord(gold: GoldApplied): GoldRecord {
  return {
    ...gold.options,
    ignore_tools: [...gold.options.ignore_tools],
    skipped_optional_calls: gold.skippedOptional,
    unscored_calls: [...gold.unscoredCalls],
  };
}

/**
 * An expected call as the record writes it: the tool the scoring settled on, the arguments in operator
 * form, and the marks that changed how it was scored.
 */
export function expectedRecord(call: ExpectedCall): EvaluationRecord['calls']['expected'][number] {
  const record: EvaluationRecord['calls']['expected'][number] = { tool: call.tool, args: encodeArgs(call.args) };
  if (call.optional) record.optional = true;
  if (call.extra_args) record.extra_args = call.extra_args;
  if (call.alternatives) record.alternatives = [...call.alternatives];
  if (call.any_order_group !== undefined) record.any_order_group = call.any_order_group;
  return record;
}

/** A deep copy holding only JSON data: matchers by their operator form, odd values by their text. */
export function toJsonSafe(value: unknown): unknown {
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'bigint') return inner.toString();
    if (typeof inner === 'function' || typeof inner === 'symbol') return String(inner);
    if (typeof inner === 'number' && !Number.isFinite(inner)) return String(inner);
    if (inner === undefined) return null;
    return inner;
  });
  return text === undefined ? null : JSON.parse(text);
}
