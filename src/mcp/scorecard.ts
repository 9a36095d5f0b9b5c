import { mcpFixText } from './text.js';
import { GRADES, letterGrade, type Grade } from '../core/grade.js';
import { isDestructive } from './scenarios.js';
import { estimateTokens, toolTokens } from './tokens.js';
import { SECURITY_RULES } from './lint/rules.js';
import type { LintIssue, McpTool, ScenarioResult, ServerIdentity } from './types.js';

/** Weights of the scorecard score. */
export const SCORECARD_WEIGHTS = { happy: 0.6, edge: 0.2, lint: 0.2 } as const;

/** One ranked fix: 0 fails on valid input, 1 fails on bad input, 2 lint error, 3 lint warning. */
export interface ScorecardFix {
  tool: string;
  problem: string;
  fix: string;
  priority: 0 | 1 | 2 | 3;
}

/** The per-tool line of the scorecard. */
export interface ToolSummary {
  name: string;
  /** Scenarios that passed, of those run. */
  passed: number;
  total: number;
  /** Scenarios not run (destructive tool, arguments the generator could not make valid). */
  skipped: number;
  /** Mean round trip of the scenarios run, in milliseconds with one decimal; null when none ran. */
  avg_latency_ms: number | null;
  /** Estimated tokens of the definition. */
  tokens: number;
  destructive: boolean;
  lint_errors: number;
  lint_warnings: number;
}

/** The scorecard of one server. */
export interface Scorecard {
  server: ServerIdentity;
  /** How the server was reached (`node server.js`, a URL). */
  target?: string;
  protocol_version?: string;
  grade: Grade;
  score: number;
  total_tool_tokens: number;
  instructions_tokens: number;
  /** Tool definitions plus instructions: what the server costs in every request's context. */
  context_tokens: number;
  scores: { happy_pass_rate: number; edge_resilience_rate: number; lint_score: number };
  counts: {
    tools: number;
    happy_passed: number;
    happy_total: number;
    edge_passed: number;
    edge_total: number;
    skipped: number;
    lint_errors: number;
    lint_warnings: number;
  };
  tools: ToolSummary[];
  results: ScenarioResult[];
  lint: LintIssue[];
  fixes: ScorecardFix[];
  /** What happened to the run itself (restarts, a server that could not be listed). */
  notes: string[];
  /** Lint issues that are signs of tool poisoning (hidden text, hiding from the user, overriding instructions). */
  security_issues: number;
  /** Seconds the whole test took, when measured. */
  wall_time?: number;
}

/** Input of `buildScorecard`. */
export interface ScorecardInput {
  server: ServerIdentity;
  tools: readonly McpTool[];
  results: readonly ScenarioResult[];
  lint: readonly LintIssue[];
  instructions?: string | null;
  target?: string;
  protocolVersion?: string;
  notes?: readonly string[];
  wallTime?: number;
}

function rate(passed: number, total: number): number {
  return total === 0 ? 1 : passed / total;
}

/** max(0, 1 − (0.25·errors + 0.1·warnings) / max(#tools, 1)). */
export function lintScore(errors: number, warnings: number, toolCount: number): number {
  return Math.max(0, 1 - (0.25 * errors + 0.1 * warnings) / Math.max(toolCount, 1));
}

/**
 * The scorecard: `score = 0.6·happy_pass_rate + 0.2·edge_resilience_rate + 0.2·lint_score`, graded
 * A ≥ 0.9, B ≥ 0.8, C ≥ 0.7, D ≥ 0.6, else F. Rates count the scenarios that ran (a rate with nothing
 * to count is 1); the lint score charges 0.25 per error and 0.1 per warning, per tool. Fixes are ranked
 * fails-on-valid-input, fails-on-bad-input, lint errors, lint warnings, then by tool name.
 */
export function buildScorecard(input: ScorecardInput): Scorecard {
  const ran = input.results.filter((result) => result.outcome !== 'skipped');
  const happy = ran.filter((result) => result.kind === 'happy');
  const edge = ran.filter((result) => result.kind === 'edge');
  const happyPassed = happy.filter((result) => result.ok).length;
  const edgePassed = edge.filter((result) => result.ok).length;
  const errors = input.lint.filter((issue) => issue.severity === 'error').length;
  const warnings = input.lint.length - errors;
  const scores = {
    happy_pass_rate: rate(happyPassed, happy.length),
    edge_resilience_rate: rate(edgePassed, edge.length),
    lint_score: lintScore(errors, warnings, input.tools.length),
  };
  const weighted =
    SCORECARD_WEIGHTS.happy * scores.happy_pass_rate +
    SCORECARD_WEIGHTS.edge * scores.edge_resilience_rate +
    SCORECARD_WEIGHTS.lint * scores.lint_score;
  // Rounded to 12 decimals so float noise (0.8999999999999999) never costs a grade.
  const score = Math.round(weighted * 1e12) / 1e12;

  // Grouped once: filtering every result for every tool is quadratic in the number of tools.
  const resultsOf = groupByTool(input.results);
  const lintOf = groupByTool(input.lint);
  const tools: ToolSummary[] = input.tools.map((tool) => {
    const own = resultsOf.get(tool.name) ?? [];
    const run = own.filter((result) => result.outcome !== 'skipped');
    const lint = lintOf.get(tool.name) ?? [];
    const latency =
      run.length === 0
        ? null
        : Math.round((run.reduce((sum, result) => sum + result.duration, 0) / run.length) * 10_000) / 10;
    return {
      name: tool.name,
      passed: run.filter((result) => result.ok).length,
      total: run.length,
      skipped: own.length - run.length,
      avg_latency_ms: latency,
      tokens: toolTokens(tool),
      destructive: isDestructive(tool),
      lint_errors: lint.filter((issue) => issue.severity === 'error').length,
      lint_warnings: lint.filter((issue) => issue.severity === 'warning').length,
    };
  });
  const totalToolTokens = tools.reduce((sum, tool) => sum + tool.tokens, 0);
  const instructionsTokens = typeof input.instructions === 'string' ? estimateTokens(input.instructions) : 0;

  const card: Scorecard = {
    server: input.server,
    grade: letterGrade(score),
    score,
    total_tool_tokens: totalToolTokens,
    instructions_tokens: instructionsTokens,
    context_tokens: totalToolTokens + instructionsTokens,
    scores,
    counts: {
      tools: input.tools.length,
      happy_passed: happyPassed,
      happy_total: happy.length,
      edge_passed: edgePassed,
      edge_total: edge.length,
      skipped: input.results.length - ran.length,
      lint_errors: errors,
      lint_warnings: warnings,
    },
    tools,
    results: [...input.results],
    lint: [...input.lint],
    fixes: rankFixes(input.results, input.lint),
    notes: [...(input.notes ?? [])],
    security_issues: input.lint.filter((issue) => SECURITY_RULES.has(issue.rule)).length,
  };
  if (input.target !== undefined) card.target = input.target;
  if (input.protocolVersion !== undefined) card.protocol_version = input.protocolVersion;
  if (input.wallTime !== undefined) card.wall_time = input.wallTime;
  return card;
}

function groupByTool<T extends { tool: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.tool);
    if (group) group.push(item);
    else groups.set(item.tool, [item]);
  }
  return groups;
}

/** The ranked fix list. */
export function rankFixes(results: readonly ScenarioResult[], lint: readonly LintIssue[]): ScorecardFix[] {
  const fixes: ScorecardFix[] = [];
  const seen = new Set<string>();
  for (const result of results) {
    if (result.ok || result.outcome === 'skipped') continue;
    const key = `${result.kind}|${result.tool}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const text = result.kind === 'happy' ? mcpFixText.failsOnValidInput(result) : mcpFixText.failsOnBadInput(result);
    fixes.push({ tool: result.tool, ...text, priority: result.kind === 'happy' ? 0 : 1 });
  }
  for (const issue of lint)
    fixes.push({
      tool: issue.tool,
      problem: issue.message,
      fix: issue.fix,
      priority: issue.severity === 'error' ? 2 : 3,
    });
  return fixes
    .map((fix, order) => ({ fix, order }))
    .sort(
      (a, b) =>
        a.fix.priority - b.fix.priority ||
        (a.fix.tool < b.fix.tool ? -1 : a.fix.tool > b.fix.tool ? 1 : 0) ||
        a.order - b.order,
    )
    .map(({ fix }) => fix);
}

/** Whether a scorecard has an issue that blocks CI: a lint error, or a scenario that ran and did not pass. */
export function blockingIssues(card: Scorecard): number {
  return card.counts.lint_errors + card.results.filter((result) => !result.ok && result.outcome !== 'skipped').length;
}

/** A letter grade from user input (case-insensitive), or undefined when it is not A–F. */
export function parseGrade(text: string): Grade | undefined {
  const upper = text.trim().toUpperCase();
  return (GRADES as readonly string[]).includes(upper) ? (upper as Grade) : undefined;
}

/** Whether `grade` is at least as good as `minimum` (letters compared case-insensitively; unknown grades rank worst). */
export function gradeMeets(grade: string, minimum: string): boolean {
  const rank = (letter: string): number => {
    const index = (GRADES as readonly string[]).indexOf(letter.trim().toUpperCase());
    return index < 0 ? GRADES.length : index;
  };
  return rank(grade) <= rank(minimum);
}
