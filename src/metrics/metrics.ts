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
}
