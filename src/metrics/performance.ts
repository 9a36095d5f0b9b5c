import type { ToolCall } from '../core/types.js';

/** `metrics.latency_metrics`, over calls that recorded a duration (seconds). */
export interface LatencyMetrics {
  total_duration: number;
  average_duration: number;
  max_duration: number;
  min_duration: number;
}

/** `metrics.cost_metrics`, over calls that recorded a cost (USD). */
export interface CostMetrics {
  total_cost: number;
  average_cost: number;
  cost_by_tool: Record<string, number>;
}

/** Latency over the calls that recorded one, or undefined when none did. */
export function latencyMetrics(actual: readonly ToolCall[]): LatencyMetrics | undefined {
  let count = 0;
  let total = 0;
  let max = -Infinity;
  let min = Infinity;
  for (const { duration } of actual) {
    if (duration === undefined) continue;
    count++;
    total += duration;
    if (duration > max) max = duration;
    if (duration < min) min = duration;
  }
  if (count === 0) return undefined;
  return { total_duration: total, average_duration: total / count, max_duration: max, min_duration: min };
}

/** Cost over the calls that recorded one, or undefined when none did. */
export function costMetrics(actual: readonly ToolCall[]): CostMetrics | undefined {
  if (!actual.some((call) => call.cost !== undefined)) return undefined;
  const costed = actual.filter((call) => call.cost !== undefined);
  // A Map, not an object, so a tool named __proto__ is just a name.
  const byTool = new Map<string, number>();
  let total = 0;
  for (const call of costed) {
    total += call.cost!;
    byTool.set(call.tool, (byTool.get(call.tool) ?? 0) + call.cost!);
  }
  return { total_cost: total, average_cost: total / costed.length, cost_by_tool: Object.fromEntries(byTool) };
}
