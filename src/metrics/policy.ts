import { ToolscoreInputError, childPath, describeType } from '../core/errors.js';
import { DEFAULT_LIMITS } from '../core/limits.js';
import type { Args, ToolCall } from '../core/types.js';
import { memberEqual } from '../match/equality.js';
import { decodeMembers } from '../match/operators.js';

/** A call the agent must never make. */
export interface ForbiddenRule {
  /** Tool name, matched exactly. */
  tool: string;
  /** Only calls whose arguments match all of these are forbidden; omitted or `{}` forbids every call. */
  args?: Args | null;
  /** Why, shown in findings. */
  reason?: string;
}

/** One forbidden call that was made. */
export interface PolicyViolation {
  /** 0-based position of the call in the trace. */
  index: number;
  tool: string;
  /** The call's arguments (`{}` when none). */
  args: Args;
  /** 0-based index of the first rule it matched. */
  rule: number;
  reason: string | null;
}

/** `metrics.policy_metrics`. */
export interface PolicyMetrics {
  violation_count: number;
  rule_count: number;
  violations: PolicyViolation[];
}

/**
 * Checks and normalizes forbidden rules (from memory or a rules file). Argument values may use the
 * `$` operators, where `$regex` searches anywhere in the value (argv arrays read as one line).
 */
export function parseForbiddenRules(
  rules: unknown,
  source = 'forbidden',
  maxDepth: number = DEFAULT_LIMITS.maxDepth,
): ForbiddenRule[] {
  if (!Array.isArray(rules)) {
    throw new ToolscoreInputError({ source, path: '$' }, `expected an array of rules, got ${describeType(rules)}`);
  }
  return rules.map((rule: unknown, i) => {
    const path = childPath('$', i);
    if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) {
      throw new ToolscoreInputError(
        { source, path },
        `expected a rule object {tool, args?, reason?}, got ${describeType(rule)}`,
      );
    }
    const { tool, args, reason } = rule as Record<string, unknown>;
    if (typeof tool !== 'string' || tool.length === 0) {
      throw new ToolscoreInputError(
        { source, path: childPath(path, 'tool') },
        `expected a non-empty tool name, got ${describeType(tool)}`,
      );
    }
    if (args !== undefined && args !== null && (typeof args !== 'object' || Array.isArray(args))) {
      throw new ToolscoreInputError(
        { source, path: childPath(path, 'args') },
        `expected an object or null, got ${describeType(args)}`,
      );
    }
    if (reason !== undefined && reason !== null && typeof reason !== 'string') {
      throw new ToolscoreInputError(
        { source, path: childPath(path, 'reason') },
        `expected a string, got ${describeType(reason)}`,
      );
    }
    const parsed: ForbiddenRule = { tool };
    if (args) {
      const obj = args as Record<string, unknown>;
      parsed.args = decodeMembers(obj, childPath(path, 'args'), { source, regexMode: 'search', maxDepth });
    }
    if (typeof reason === 'string') parsed.reason = reason;
    return parsed;
  });
}

/** Whether a call matches a rule: same tool, and every rule argument present and (leniently) equal. */
export function matchesRule(call: ToolCall, rule: ForbiddenRule): boolean {
  if (call.tool !== rule.tool) return false;
  if (!rule.args) return true;
  const given = call.args ?? {};
  for (const key of Object.keys(rule.args)) {
    if (!Object.hasOwn(given, key) || !memberEqual(rule.args, given, key, 'lenient')) return false;
  }
  return true;
}

/** Each call reports at most one violation: the first rule it matches. */
export function policyMetrics(actual: readonly ToolCall[], rules: readonly ForbiddenRule[]): PolicyMetrics {
  const violations: PolicyViolation[] = [];
  actual.forEach((call, index) => {
    const rule = rules.findIndex((candidate) => matchesRule(call, candidate));
    if (rule >= 0) {
      violations.push({ index, tool: call.tool, args: call.args ?? {}, rule, reason: rules[rule]!.reason ?? null });
    }
  });
  return { violation_count: violations.length, rule_count: rules.length, violations };
}
