/**
 * Every sentence toolscore says about a result lives here, so the console, Markdown, HTML and JUnit
 * reports agree word for word.
 */
import { isMatcher } from '../match/matchers/matcher.js';
import type { BudgetViolation } from '../metrics/budget.js';
import type { EfficiencyMetrics } from '../metrics/efficiency.js';
import type { SemanticMetrics } from '../judge/semantic-metrics.js';
import type { PolicyViolation } from '../metrics/policy.js';
import type { SchemaErrorDetail } from '../metrics/schema.js';
import type { SideEffectDetail } from '../side-effects/run.js';
import type { Metrics } from './result.js';
import { redactSecrets, type SecretFinding } from '../metrics/security.js';
import type { ToolCall } from './types.js';

/** How serious a behaviour or safety finding is. */
export type Severity = 'error' | 'warning';

/** One behaviour or safety finding (failed calls, retries, credentials, forbidden calls). */
export interface Finding {
  severity: Severity;
  message: string;
}

/** Longest value text shown in a message before it is cut. */
const MAX_VALUE_TEXT = 60;

/** A value as shown in messages: matchers by their text form, data as JSON, secrets masked, long text cut. */
export function formatValue(value: unknown): string {
  let text: string;
  if (isMatcher(value)) text = value.toString();
  else if (value === undefined) text = 'nothing';
  else text = JSON.stringify(value) ?? String(value);
  text = redactSecrets(text);
  return text.length > MAX_VALUE_TEXT ? `${text.slice(0, MAX_VALUE_TEXT - 1)}…` : text;
}

/** `call 3 (delete_db) matches forbidden rule 1: never drop tables`. Numbers are 1-based. */
export function policyViolationText(violation: PolicyViolation): string {
  const reason = violation.reason ? `: ${violation.reason}` : '';
  return `call ${violation.index + 1} (${violation.tool}) matches forbidden rule ${violation.rule + 1}${reason}`;
}

/** `call 2 (http_get) passes a credential (openai_api_key) in "headers.Authorization": sk-p…9Q`. */
export function secretFindingText(secret: SecretFinding): string {
  return `call ${secret.index + 1} (${secret.tool}) passes a credential (${secret.kind}) in ${JSON.stringify(secret.path)}: ${secret.preview}`;
}

/** `2 of 5 tool calls failed (deploy x2)`: failed tools by descending count. */
export function failedCallsText(actual: readonly ToolCall[], efficiency: EfficiencyMetrics): string {
  const counts = new Map<string, number>();
  for (const call of actual) if (call.is_error) counts.set(call.tool, (counts.get(call.tool) ?? 0) + 1);
  const tools = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([tool, count]) => (count > 1 ? `${tool} x${count}` : tool))
    .join(', ');
  const noun = efficiency.total_calls === 1 ? 'tool call' : 'tool calls';
  return `${efficiency.error_count} of ${efficiency.total_calls} ${noun} failed (${tools})`;
}

/** `1 call repeats a failed call with the same arguments`. */
export function blindRetryText(count: number): string {
  return count === 1
    ? '1 call repeats a failed call with the same arguments'
    : `${count} calls repeat a failed call with the same arguments`;
}

/** `Required calls completed: 2 of 3`. */
export function requiredCallsText(recall: number, expectedCount: number): string {
  return `Required calls completed: ${Math.round(recall * expectedCount)} of ${expectedCount}`;
}

/** `call 3 (deploy) took 31.2 s, limit 30 s (max_call_duration)` and the other budget sentences. */
export function budgetViolationText(violation: BudgetViolation): string {
  const { limit, value, max, tool, index } = violation;
  switch (limit) {
    case 'max_calls':
      return `${value} tool calls made, limit ${max} (max_calls)`;
    case 'max_calls_per_tool':
      return `${tool} called ${value} times, limit ${max} (max_calls_per_tool)`;
    case 'max_call_duration':
      return `call ${(index ?? 0) + 1} (${tool}) took ${seconds(value)}, limit ${seconds(max)} (max_call_duration)`;
    case 'max_duration':
      return `tool calls took ${seconds(value)} in total, limit ${seconds(max)} (max_duration)`;
    case 'max_cost':
      return `tool calls cost $${value.toFixed(4)}, limit $${max.toFixed(4)} (max_cost)`;
  }
}

function seconds(value: number): string {
  return `${Number(value.toFixed(3))} s`;
}

/** `call 2 (book) breaks its schema at $.date: must match format "date"` / `call 4 (rm) uses a tool that was not offered`. */
export function schemaErrorText(error: SchemaErrorDetail): string {
  if (error.keyword === 'not_offered') return `call ${error.index + 1} (${error.tool}) uses a tool that was not offered`;
  return `call ${error.index + 1} (${error.tool}) breaks its schema at ${error.path}: ${error.message}`;
}

/** `side effect file_exists of create_file (expected call 1) failed: …`. */
export function sideEffectFailureText(detail: SideEffectDetail): string {
  return `side effect ${detail.check} of ${detail.tool} (expected call ${detail.expected_index + 1}) failed: ${detail.reason}`;
}

/**
 * `LLM judge (openai gpt-4o-mini): semantic score 90.0% over 3 pairs`, then what was cached and, with
 * samples, how far apart they landed.
 */
export function semanticScoreText(semantic: SemanticMetrics): string {
  const pct = (value: number): string => `${(value * 100).toFixed(1)}%`;
  const pairs = semantic.per_call_scores.length;
  const notes = [
    semantic.cache_hits > 0 ? `${semantic.cache_hits} of ${pairs * semantic.samples} verdicts from the cache` : '',
    semantic.samples > 1 ? `median of ${semantic.samples} samples, spread ${pct(semantic.score_spread)}` : '',
  ].filter(Boolean);
  const head = `LLM judge (${semantic.provider} ${semantic.model_used}): semantic score ${pct(semantic.semantic_score)} over ${pairs} ${pairs === 1 ? 'pair' : 'pairs'}`;
  return notes.length > 0 ? `${head} (${notes.join('; ')})` : head;
}

/**
 * Builds the findings list: errors (forbidden calls, credentials, broken budgets, tools not offered)
 * first, then warnings (failures, blind retries, schema mismatches, failed side effects).
 */
export function buildFindings(actual: readonly ToolCall[], metrics: Metrics): Finding[] {
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const efficiency = metrics.efficiency_metrics;
  for (const violation of metrics.policy_metrics?.violations ?? []) errors.push({ severity: 'error', message: policyViolationText(violation) });
  for (const secret of metrics.security_metrics.secrets) errors.push({ severity: 'error', message: secretFindingText(secret) });
  for (const violation of metrics.budget_metrics?.violations ?? []) errors.push({ severity: 'error', message: budgetViolationText(violation) });
  for (const error of metrics.schema_metrics?.error_details ?? []) {
    (error.keyword === 'not_offered' ? errors : warnings).push({ severity: error.keyword === 'not_offered' ? 'error' : 'warning', message: schemaErrorText(error) });
  }
  if (efficiency.error_count > 0) warnings.push({ severity: 'warning', message: failedCallsText(actual, efficiency) });
  if (efficiency.retry_after_error_count > 0) warnings.push({ severity: 'warning', message: blindRetryText(efficiency.retry_after_error_count) });
  for (const detail of metrics.side_effect_metrics?.details ?? []) {
    if (!detail.passed) warnings.push({ severity: 'warning', message: sideEffectFailureText(detail) });
  }
  return [...errors, ...warnings];
}

/** What kind of problem a Top issue is, most urgent first. */
export const ISSUE_KINDS = ['missing', 'failed', 'wrong_tool', 'argument_mismatch', 'extra'] as const;

/** One kind of Top issue. */
export type IssueKind = (typeof ISSUE_KINDS)[number];

/** One argument that differs between an expected call and its partner. */
export interface ArgumentDiff {
  key: string;
  /** `mismatch`: both have it with different values; `missing`: not passed; `unexpected`: passed but not expected. */
  kind: 'mismatch' | 'missing' | 'unexpected';
  expected?: unknown;
  actual?: unknown;
}

/** `city: expected "NYC", got "LA"`, `missing: city`, `unexpected: units`. */
export function argumentDiffText(diff: ArgumentDiff): string {
  switch (diff.kind) {
    case 'mismatch':
      return `${diff.key}: expected ${formatValue(diff.expected)}, got ${formatValue(diff.actual)}`;
    case 'missing':
      return `missing: ${diff.key}`;
    case 'unexpected':
      return `unexpected: ${diff.key}`;
  }
}

/** The problem and fix sentences of each kind of Top issue. */
export function issueText(
  kind: IssueKind,
  tool: string,
  detail: { expectedTool?: string; diffs?: readonly ArgumentDiff[]; error?: string },
): { problem: string; fix: string } {
  switch (kind) {
    case 'missing':
      return {
        problem: `expected call to ${tool} was not made`,
        fix: `make sure ${tool} is offered to the agent and the prompt or its description says when to call it`,
      };
    case 'failed':
      return {
        problem: `${tool} failed${detail.error ? `: ${formatValue(detail.error)}` : ''} and was not retried successfully`,
        fix: `fix the arguments or the tool so ${tool} succeeds, and let the agent retry with corrected input after an error`,
      };
    case 'wrong_tool':
      return {
        problem: `called ${tool} where ${detail.expectedTool} was expected`,
        fix: `make the descriptions of ${detail.expectedTool} and ${tool} say when each applies, or if ${tool} is an acceptable substitute, put it in the gold standard`,
      };
    case 'argument_mismatch':
      return {
        problem: `${tool} called with different arguments: ${(detail.diffs ?? []).map(argumentDiffText).join('; ')}`,
        fix: `align the arguments the agent passes to ${tool} (prompt, parameter descriptions), or relax the gold standard with ANY / Regex / Approx`,
      };
    case 'extra':
      return {
        problem: `unexpected call to ${tool}`,
        fix: `stop the agent from calling ${tool} here (prompt or tool description), or add the call to the gold standard if it is needed`,
      };
  }
}

/*
 * Sentences of test assertions (failure report, metric helpers, fluent expect) and snapshots.
 */

/** The failure report's table title, column heads and row statuses. */
export const FAILURE_TABLE = {
  title: 'Expected vs actual tool calls',
  columns: ['#', 'Expected', 'Actual', 'Status'],
  match: '✓',
  missing: 'MISSING',
  extra: 'EXTRA',
  /** Shown in the Expected or Actual cell of a row that has no call on that side. */
  none: '—',
  /** Arguments of an expected call that does not check them. */
  anyArgs: '…any args…',
  tips: 'tips:',
} as const;

/** `tool: 'search' ≠ 'lookup'`: the status of a row where another tool was called. */
export function wrongToolStatus(expectedTool: string, actualTool: string): string {
  return `tool: '${expectedTool}' ≠ '${actualTool}'`;
}

/**
 * `score 0.47 < 0.90 required · selection 0.50 · args 0.33 · sequence 0.67`. `scoreText` and `minText`
 * are already formatted so they differ when the numbers differ.
 */
export function scoreLineText(scoreText: string, passed: boolean, minText: string, parts: { selection: string; args: string; sequence: string }): string {
  return `score ${scoreText} ${passed ? '≥' : '<'} ${minText} required · selection ${parts.selection} · args ${parts.args} · sequence ${parts.sequence}`;
}

/** `Selection accuracy 80.0% is below the required 90.0%` (metric helpers; lower-is-better rates say "above the allowed"). */
export function metricThresholdText(label: string, value: string, limit: string, lowerIsBetter = false): string {
  return lowerIsBetter ? `${label} ${value} is above the allowed ${limit}` : `${label} ${value} is below the required ${limit}`;
}

/** `forbidden call made: call 2 (cancel_booking) cancel_booking(id="B1")`; the fluent expect's `doesNotCall` failure. */
export function forbiddenCallsText(calls: readonly { index: number; tool: string; text: string }[], actualTools: readonly string[]): string {
  const lines = calls.map((call) => `  call ${call.index + 1} (${call.tool}): ${call.text}`);
  const noun = calls.length === 1 ? 'a forbidden call' : `${calls.length} forbidden calls`;
  return [`the agent made ${noun}:`, ...lines, `tools called: ${actualTools.length > 0 ? actualTools.join(', ') : 'none'}`].join('\n');
}

/** How a snapshot check ended, as counted in the run summary. */
export type SnapshotOutcome = 'created' | 'recorded' | 'updated' | 'pending' | 'passed' | 'failed';

/** The warning or error sentence of one snapshot check that did not simply pass or fail on drift. */
export function snapshotText(
  kind: 'created' | 'recorded' | 'updated' | 'pending' | 'ci_missing' | 'ci_pending' | 'ci_update',
  name: string,
  file: string,
): string {
  switch (kind) {
    case 'created':
      return `snapshot "${name}" created at ${file}: review it, then approve it: toolscore approve ${JSON.stringify(name)}`;
    case 'recorded':
      return `snapshot "${name}" re-recorded at ${file} and waiting for approval: review it, then approve it: toolscore approve ${JSON.stringify(name)}`;
    case 'updated':
      return `snapshot "${name}" recorded and approved at ${file}`;
    case 'pending':
      return `snapshot "${name}" is pending approval (${file}): review it, then approve it: toolscore approve ${JSON.stringify(name)}`;
    case 'ci_missing':
      return `snapshot "${name}" does not exist (${file}); in CI snapshots are never created: record and approve it locally and commit it`;
    case 'ci_pending':
      return `snapshot "${name}" is pending approval (${file}); in CI only approved snapshots pass: approve it locally (toolscore approve ${JSON.stringify(name)}) and commit it`;
    case 'ci_update':
      return `snapshot "${name}": an update or record flag is set, but in CI snapshots are never written; snapshots must be recorded and approved locally and committed`;
  }
}

/** `snapshot "books a flight" drifted from its approved calls (…)`: the first line of a drift failure. */
export function snapshotDriftText(name: string, file: string): string {
  return `snapshot "${name}" no longer matches its approved calls (${file})`;
}

/** `toolscore: 2 snapshots created (pending approval), 5 passed`; empty when nothing happened. */
export function snapshotSummaryText(counts: Readonly<Partial<Record<SnapshotOutcome, number>>>): string {
  const parts: [SnapshotOutcome, string][] = [
    ['created', 'created (pending approval)'],
    ['recorded', 're-recorded (pending approval)'],
    ['updated', 'updated'],
    ['pending', 'pending approval'],
    ['passed', 'passed'],
    ['failed', 'failed'],
  ];
  const shown = parts
    .filter(([outcome]) => (counts[outcome] ?? 0) > 0)
    .map(([outcome, text], k) => {
      const count = counts[outcome]!;
      return k === 0 ? `${count} ${count === 1 ? 'snapshot' : 'snapshots'} ${text}` : `${count} ${text}`;
    });
  if (shown.length === 0) return '';
  return `toolscore: ${shown.join(', ')}`;
}

/** The `toCallTool` matcher's failure: `expected a call to book(id=ANY); calls made: search(q="x")`, or the negated form. */
export function toolCallExpectationText(wanted: string, negated: boolean, made: readonly { index: number; text: string }[]): string {
  if (negated) return `expected no call to ${wanted}, but ${made.map((call) => `call ${call.index + 1} was ${call.text}`).join('; ')}`;
  return `expected a call to ${wanted}; calls made: ${made.length > 0 ? made.map((call) => call.text).join(', ') : 'none'}`;
}
