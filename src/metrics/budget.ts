import { ToolscoreInputError, describeType } from '../core/errors.js';
import type { ToolCall } from '../core/types.js';
import { isObject } from '../core/objects.js';

/** Limits on what a run may spend. Budgets never change the score; breaking one is a finding. */
export interface Budgets {
  /** Most calls in the whole trace. */
  max_calls?: number;
  /** Most calls of any one tool, or per named tool (`{"search": 3}`). */
  max_calls_per_tool?: number | Record<string, number>;
  /** Most seconds spent in tool calls in total. */
  max_duration?: number;
  /** Most seconds any single call may take. */
  max_call_duration?: number;
  /** Most USD spent in total. */
  max_cost?: number;
}

/** Names of the budget limits. */
export const BUDGET_NAMES = [
  'max_calls',
  'max_calls_per_tool',
  'max_duration',
  'max_call_duration',
  'max_cost',
] as const;

/** One limit that was exceeded. */
export interface BudgetViolation {
  /** Which limit. */
  limit: (typeof BUDGET_NAMES)[number];
  /** What was spent. */
  value: number;
  /** The limit. */
  max: number;
  /** The tool, for per-tool limits and single calls. */
  tool: string | null;
  /** The call, for per-call limits. */
  index: number | null;
}

/** `metrics.budget_metrics`. */
export interface BudgetMetrics {
  limits: Budgets;
  violation_count: number;
  violations: BudgetViolation[];
}

/** Checks budgets given in options or a file; each must be a non-negative number (per-tool: an object of them). */
export function parseBudgets(input: unknown, source = 'budgets'): Budgets {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ToolscoreInputError(
      { source },
      `expected an object of limits (${BUDGET_NAMES.join(', ')}), got ${describeType(input)}`,
    );
  }
  const budgets: Record<string, unknown> = {};
  const isLimit = (value: unknown): value is number =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0;
  for (const [name, value] of Object.entries(input)) {
    if (!(BUDGET_NAMES as readonly string[]).includes(name)) {
      throw new ToolscoreInputError(
        { source, path: name },
        `unknown budget ${JSON.stringify(name)}; valid names: ${BUDGET_NAMES.join(', ')}`,
      );
    }
    const perTool = name === 'max_calls_per_tool' && isObject(value);
    if (perTool ? !Object.values(value).every(isLimit) : !isLimit(value)) {
      throw new ToolscoreInputError(
        { source, path: name },
        `expected a non-negative number${name === 'max_calls_per_tool' ? ' or an object of them per tool' : ''}`,
      );
    }
    budgets[name] = value;
  }
  return budgets as Budgets;
}

/** Compares a trace with its budgets. */
export function budgetMetrics(actual: readonly ToolCall[], limits: Budgets): BudgetMetrics {
  const violations: BudgetViolation[] = [];
  const over = (
    limit: BudgetViolation['limit'],
    value: number,
    max: number | undefined,
    tool: string | null = null,
    index: number | null = null,
  ): void => {
    if (max !== undefined && value > max) violations.push({ limit, value, max, tool, index });
  };
  over('max_calls', actual.length, limits.max_calls);
  if (limits.max_calls_per_tool !== undefined) {
    const counts = new Map<string, number>();
    for (const call of actual) counts.set(call.tool, (counts.get(call.tool) ?? 0) + 1);
    const perTool = limits.max_calls_per_tool;
    for (const [tool, count] of counts)
      over(
        'max_calls_per_tool',
        count,
        typeof perTool === 'number' ? perTool : Object.hasOwn(perTool, tool) ? perTool[tool] : undefined,
        tool,
      );
  }
  let duration = 0;
  let cost = 0;
  actual.forEach((call, index) => {
    duration += call.duration ?? 0;
    cost += call.cost ?? 0;
    if (call.duration !== undefined)
      over('max_call_duration', call.duration, limits.max_call_duration, call.tool, index);
  });
  over('max_duration', duration, limits.max_duration);
  over('max_cost', cost, limits.max_cost);
  return { limits, violation_count: violations.length, violations };
}
