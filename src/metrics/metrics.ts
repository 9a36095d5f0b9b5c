import type { ArgumentMetrics } from './arguments.js';
import type { BudgetMetrics } from './budget.js';
import type { CostMetrics, LatencyMetrics } from './performance.js';
import type { SemanticMetrics } from './semantic.js';
import type { SchemaMetrics } from './schema.js';
import type { SideEffectMetrics } from '../side-effects/run.js';
import type { EfficiencyMetrics } from './efficiency.js';
import type { SecurityMetrics } from './security.js';
import type { SequenceMetrics } from './sequence.js';
import type { ToolCorrectnessMetrics } from './tool-correctness.js';
import type { TrajectoryMetrics } from './trajectory.js';
import type { PolicyMetrics } from './policy.js';
import type { OutcomeMetrics } from './outcome.js';
import type { StateMetrics } from './state.js';
import type { Grade, Verdict } from '../core/grade.js';
import type { TopIssueRecord } from '../core/issues.js';

/** Every metric of an evaluation, under the guide's snake_case keys (the same in files and reports). */
export interface Metrics {
  invocation_accuracy: number;
  selection_accuracy: number;
  tool_correctness_metrics: ToolCorrectnessMetrics;
  sequence_metrics: SequenceMetrics;
  trajectory_metrics: TrajectoryMetrics;
  argument_metrics: ArgumentMetrics;
  efficiency_metrics: EfficiencyMetrics;
  /** `null` when nothing was expected. */
  required_call_recall: number | null;
  security_metrics: SecurityMetrics;
  /** Present only when forbidden rules were given. */
  policy_metrics?: PolicyMetrics;
  /** Present only when budgets were given. */
  budget_metrics?: BudgetMetrics;
  /** Present when a tool catalogue was given or gold entries carry schemas. */
  schema_metrics?: SchemaMetrics;
  /** Present when any call recorded a duration. */
  latency_metrics?: LatencyMetrics;
  /** Present when any call recorded a cost. */
  cost_metrics?: CostMetrics;
  /** Present when side effects were checked (evaluateTrace). */
  side_effect_metrics?: SideEffectMetrics;
  /** Present when the LLM judge was asked for (evaluateTrace `judge`, `--llm-judge`). */
  semantic_metrics?: SemanticMetrics;
  /** Present only when the gold checks outcomes: results, success, the reply (docs/outcomes.md). */
  outcome_metrics?: OutcomeMetrics;
  /** Present only when the gold has a `state` and both states were given: the diff and what covered it. */
  state?: StateMetrics;
  /** A conversation gold (`turns`) only: each turn scored on its own (docs/conversations.md). */
  turns?: TurnRecord[];
  /** A conversation gold only: share of the turns whose verdict is PASS. */
  turn_pass_rate?: number;
  /** A conversation gold only: the first turn (1-based) whose verdict is not PASS, or null. */
  first_failing_turn?: number | null;
  /** A conversation gold only: how the turn scores make the score. */
  turn_aggregate?: 'mean' | 'min';
}

/** One turn of a conversation as files write it (`metrics.turns[]`). */
export interface TurnRecord {
  /** 1-based. */
  turn: number;
  /** The user's message that opened the turn in the trace, when the trace records it. */
  user: string | null;
  /** Whether the trace reached this turn (a trace with fewer turns scores the rest 0). */
  reached: boolean;
  score: number;
  grade: Grade;
  verdict: Verdict;
  /** The turn's metrics: every metric of a flat evaluation, over the turn's calls. */
  metrics: Metrics;
  /** The turn's Top issues; indices are within the turn. */
  top_issues: TopIssueRecord[];
}
