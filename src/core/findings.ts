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

/** A value as shown in messages: matchers by their text form, data as JSON, secrets masked, text longer than `max` cut. */
export function formatValue(value: unknown, max = MAX_VALUE_TEXT): string {
  let text: string;
  if (isMatcher(value)) text = value.toString();
  else if (value === undefined) text = 'nothing';
  else text = JSON.stringify(value) ?? String(value);
  text = redactSecrets(text);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
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
      return `call ${(index ?? 0) + 1} (${tool}) took ${secondsText(value)}, limit ${secondsText(max)} (max_call_duration)`;
    case 'max_duration':
      return `tool calls took ${secondsText(value)} in total, limit ${secondsText(max)} (max_duration)`;
    case 'max_cost':
      return `tool calls cost ${usdText(value)}, limit ${usdText(max)} (max_cost)`;
  }
}

/** `31.2 s`: seconds to at most 3 decimals. */
export function secondsText(value: number): string {
  return `${Number(value.toFixed(3))} s`;
}

/** `$0.0020`: US dollars to 4 decimals. */
export function usdText(value: number): string {
  return `$${value.toFixed(4)}`;
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
 * Wording of the reports (console, HTML, Markdown, JUnit, CSV): titles, metric labels and notes.
 */

/** Section titles and fixed sentences of the reports. */
export const REPORT_TEXT = {
  title: 'Toolscore evaluation',
  topIssues: 'Top issues to fix',
  noIssues: 'No tool-calling issues found',
  findings: 'Behavior and safety',
  noFindings: 'No behavior or safety findings',
  metrics: 'Metrics',
  coreMetrics: 'Core metrics',
  otherMetrics: 'Checks, latency and cost',
  coverage: 'Tool coverage',
  toolCounts: 'Calls per tool',
  toolCountsCaption: 'Calls per tool, expected vs actual',
  expected: 'expected',
  actual: 'actual',
  failedCalls: 'Failed calls',
  noErrorMessage: 'failed without a message',
  sideEffects: 'Side effects',
  semantic: 'LLM judge',
  passed: 'passed',
  failed: 'failed',
  performance: 'Latency and cost',
  warnings: 'Input warnings',
  allMetrics: 'All metrics',
  notApplicable: 'n/a',
  none: 'none',
  argsNotChecked: 'arguments not checked',
  noArgs: 'no arguments',
  verboseHint: 'Run with --verbose for every metric and the missing and extra tools.',
  truncated: 'the CSV and JSON reports have them all',
  scoreCase: 'score',
  safetyCase: 'behavior and safety',
} as const;

/** Column heads and field names of the report tables. */
export const REPORT_COLUMNS = {
  metric: 'Metric',
  value: 'Value',
  status: 'Status',
  note: 'Note',
  category: 'Category',
  tool: 'Tool',
  expected: 'Expected',
  actual: 'Actual',
  failed: 'Failed',
  time: 'Time',
  cost: 'Cost',
  call: 'Call',
  error: 'Error',
  check: 'Check',
  result: 'Result',
  reason: 'Reason',
  explanation: 'Explanation',
  score: 'Score',
  grade: 'Grade',
  verdict: 'Verdict',
  requiredCalls: 'Required calls',
  expectedCalls: 'Expected calls',
  actualCalls: 'Actual calls',
  missingTools: 'Missing tools',
  extraTools: 'Extra tools',
} as const;

/** What `toolscore eval` prints after writing each report: `HTML report: out/report.html`. */
export const REPORT_FILE_LABELS = { json: 'JSON report', html: 'HTML report', markdown: 'Markdown report', junit: 'JUnit report', csv: 'CSV report' } as const;

/** `Job summary: Markdown report appended to $GITHUB_STEP_SUMMARY`. */
export const JOB_SUMMARY_TEXT = 'Job summary: Markdown report appended to $GITHUB_STEP_SUMMARY';

/** How a number reads, in words: the reports' status column. */
export const BAND_TEXT = { good: 'good', warn: 'fair', bad: 'poor', info: '' } as const;

/** `Score 83.5% is below the required 90.0%` / `Score 93.5% meets the required 90.0%`. */
export function gateText(score: string, minScore: string, passed: boolean): string {
  return passed ? `Score ${score} meets the required ${minScore}` : metricThresholdText('Score', score, minScore);
}

/** `Generated by toolscore 0.1.0 on 2025-06-14T09:30:00.000Z`. */
export function generatedText(version: string, generatedAt: string): string {
  return `Generated by toolscore ${version} on ${generatedAt}`;
}

/** The label of every metric row the reports show, in the order they are shown. */
export const METRIC_LABELS = {
  invocation_accuracy: 'Invocation accuracy',
  selection_accuracy: 'Selection Accuracy',
  tool_correctness: 'Tool correctness',
  sequence_accuracy: 'Sequence Accuracy',
  argument_precision: 'Argument precision',
  argument_recall: 'Argument recall',
  argument_f1: 'Argument F1',
  trajectory_accuracy: 'Trajectory accuracy',
  redundant_rate: 'Redundant call rate',
  identical_rate: 'Identical call rate',
  error_rate: 'Failed call rate',
  retry_after_error_count: 'Retries after failure',
  required_call_recall: 'Required call recall',
  forbidden_calls: 'Forbidden calls',
  leaked_credentials: 'Leaked credentials',
  broken_budgets: 'Broken budgets',
  schema_compliance_rate: 'Schema compliance',
  side_effect_success_rate: 'Side effects passed',
  semantic_score: 'Semantic score (LLM judge)',
  total_duration: 'Time in tool calls',
  average_duration: 'Average call time',
  max_duration: 'Slowest call',
  total_cost: 'Cost of tool calls',
  average_cost: 'Average call cost',
} as const;

/** One metric row of the reports. */
export type MetricKey = keyof typeof METRIC_LABELS;

function countText(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** The short explanation beside a metric, such as `1 of 5 calls beyond the expected number`; empty when the label says it all. */
export function metricNoteText(key: MetricKey, metrics: Metrics): string {
  const efficiency = metrics.efficiency_metrics;
  switch (key) {
    case 'invocation_accuracy':
      return 'tools called when needed, not otherwise';
    case 'selection_accuracy':
      return 'calls whose tool was expected';
    case 'tool_correctness': {
      const tools = metrics.tool_correctness_metrics;
      return `${tools.correct_count} of ${countText(tools.total_expected, 'expected tool')} called`;
    }
    case 'sequence_accuracy':
      return `edit distance ${metrics.sequence_metrics.edit_distance}`;
    case 'argument_precision':
      return 'arguments passed that were expected and right';
    case 'argument_recall':
      return 'expected arguments passed right';
    case 'argument_f1':
      return 'harmonic mean of argument precision and recall';
    case 'trajectory_accuracy':
      return 'steps matched in order, times path efficiency';
    case 'redundant_rate':
      return `${efficiency.redundant_count} of ${countText(efficiency.total_calls, 'call')} beyond the expected number`;
    case 'identical_rate':
      return countText(efficiency.identical_count, 'exact repeat');
    case 'error_rate':
      return `${efficiency.error_count} failed`;
    case 'retry_after_error_count':
      return 'failed calls repeated unchanged';
    case 'required_call_recall':
      return metrics.required_call_recall === null ? 'nothing was expected' : '';
    case 'forbidden_calls':
      return `${countText(metrics.policy_metrics?.rule_count ?? 0, 'forbidden rule')} checked`;
    case 'leaked_credentials':
      return 'credentials passed in call arguments';
    case 'broken_budgets':
      return `limits: ${Object.keys(metrics.budget_metrics?.limits ?? {}).join(', ')}`;
    case 'schema_compliance_rate': {
      const schema = metrics.schema_metrics;
      return `${schema?.failed_count ?? 0} of ${countText(schema?.total_validated ?? 0, 'validated call')} broke their schema`;
    }
    case 'side_effect_success_rate': {
      const effects = metrics.side_effect_metrics;
      return `${effects?.passed_checks ?? 0} of ${countText(effects?.total_checks ?? 0, 'check')} passed`;
    }
    case 'semantic_score': {
      const semantic = metrics.semantic_metrics;
      return semantic ? `${semantic.provider} ${semantic.model_used}, ${countText(semantic.per_call_scores.length, 'pair')} judged` : '';
    }
    case 'total_duration':
      return 'over the calls that recorded a duration';
    case 'total_cost':
      return 'over the calls that recorded a cost';
    case 'average_duration':
    case 'max_duration':
    case 'average_cost':
      return '';
  }
}

/** `23.1% of the score` / `not part of the score; weight it with --weight required_call_recall=0.3`. */
export function requiredCallsNoteText(share: string | null): string {
  return share === null ? 'not part of the score; weight it with --weight required_call_recall=0.3' : `${share} of the score`;
}

/** `40.0% of the score`: the weight of a score metric. */
export function scoreShareText(share: string): string {
  return `${share} of the score`;
}

/** `WARN: score 83.5%, grade B`. */
export function verdictText(verdict: string, score: string, grade: string): string {
  return `${verdict}: score ${score}, grade ${grade}`;
}

/** `… and 2 more issues`. */
export function moreText(count: number, noun: string): string {
  return `… and ${countText(count, `more ${noun}`)}`;
}

/** `expected call 2: search_flights` / `extra call 4: charge_card`: a JUnit test case per row of the call table. */
export function callCaseText(expectedNumber: number | null, actualNumber: number | null, tool: string): string {
  return expectedNumber === null ? `extra call ${actualNumber}: ${tool}` : `expected call ${expectedNumber}: ${tool}`;
}

/** `gold.json vs trace.json`. */
export function sourcesText(goldFile: string, traceFile: string): string {
  return `${goldFile} vs ${traceFile}`;
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

/*
 * MCP server testing (`toolscore mcp list|lint|test|record`, `toolscore demo`): launch and protocol
 * failures, scenario names, lint issues and their fixes, the scorecard's ranked fixes.
 */

function mcpSeconds(value: number): string {
  return `${Number(value.toFixed(value < 10 ? 2 : 1))} s`;
}

function mcpExitText(exit: { code: number | null; signal: string | null } | undefined): string {
  if (!exit) return 'the connection closed';
  if (exit.signal) return `it was killed by ${exit.signal}`;
  return `it exited with code ${exit.code}`;
}

/** Sentences about reaching a server, the generated scenarios and the run. */
export const mcpText = {
  unclosedQuote: (quote: string) => `the command has an unclosed ${quote === '"' ? 'double' : 'single'} quote`,
  emptyCommand: () => 'no server command given: pass it as one string ("node server.js") or after --, or use --url or --config',
  configWithoutServers: () => 'no servers in this file: expected {"mcpServers": {"NAME": {"command": ..., "args": [...]}}} (Claude Desktop, Cursor) or {"servers": {...}} (VS Code)',
  configNeedsServer: (names: readonly string[]) => `the file holds ${names.length} servers; choose one with --server (${names.join(', ')})`,
  configUnknownServer: (name: string, names: readonly string[]) => `no server named ${JSON.stringify(name)}; the file has ${names.join(', ')}`,
  cannotStart: (command: string, reason: string) => `could not start the server: ${JSON.stringify(command)}: ${reason}`,
  exitedAtStart: (target: string, exit: { code: number | null; signal: string | null } | undefined, seconds: number) =>
    `the server (${target}) stopped before completing the MCP handshake: ${mcpExitText(exit)} after ${mcpSeconds(seconds)}`,
  noHandshake: (target: string, seconds: number, noise: readonly string[]) =>
    noise.length > 0
      ? `the server (${target}) did not complete the MCP handshake within ${mcpSeconds(seconds)}, and wrote lines to stdout that are not JSON-RPC (${JSON.stringify(noise[0])}${noise.length > 1 ? ` and ${noise.length - 1} more` : ''}); an MCP stdio server must write only JSON-RPC messages to stdout and its logs to stderr`
      : `the server (${target}) did not answer initialize within ${mcpSeconds(seconds)}; is it an MCP server speaking stdio (raise --startup-timeout if it is slow to start)?`,
  handshakeFailed: (target: string, reason: string) => `the MCP handshake with ${target} failed: ${reason}`,
  unreachable: (url: string, reason: string) => `could not reach the MCP server at ${url}: ${reason}`,
  tooManyPages: (pages: number) => `tools/list returned more than ${pages} pages; stopped reading`,
  repeatedCursor: (cursor: string) => `tools/list returned the cursor ${JSON.stringify(cursor)} twice; stopped reading (the server pages in a loop)`,
  requestTimedOut: (method: string, seconds: number) => `the server did not answer ${method} within ${mcpSeconds(seconds)}`,
  requestFailed: (method: string, reason: string) => `${method} failed: ${reason}`,
  serverExited: (exit: { code: number | null; signal: string | null } | undefined) => `the server stopped: ${mcpExitText(exit)}`,
  serverExitedDuring: (method: string, exit: { code: number | null; signal: string | null } | undefined) => `the server stopped during ${method}: ${mcpExitText(exit)}`,
  stderrTail: (lines: number) => `last ${lines} ${lines === 1 ? 'line' : 'lines'} of the server's stderr:`,
  scenarioNoArgs: () => 'no-args call (empty or invalid input schema)',
  scenarioHappy: (n: number, which: 'all' | 'required' | 'some' = 'all') =>
    `valid input ${n}${which === 'required' ? ' (required arguments only)' : which === 'some' ? ' (some optional arguments)' : ''}`,
  scenarioMissingRequired: (name: string) => `missing required argument ${JSON.stringify(name)}`,
  scenarioWrongType: (name: string, type: string) => `wrong type for ${JSON.stringify(name)} (${type})`,
  scenarioEmptyValues: () => 'empty values for every argument',
  skippedDestructive: () => 'skipped: the tool is annotated destructiveHint (pass --allow-destructive to call it)',
  skippedTaskRequired: () => 'skipped: the tool must be called as a task (execution.taskSupport "required"), which toolscore does not do yet',
  skippedInvalidArgs: (error: string) => `skipped: could not generate arguments that satisfy the input schema (${error})`,
  skippedUncheckableSchema: (reason: string) => `skipped: toolscore cannot check arguments against the input schema (${reason})`,
  skippedNotReadOnly: () => 'skipped: the tool is not annotated readOnlyHint (--read-only calls only tools that are)',
  outputNotChecked: (reason: string) => `ok (structuredContent not checked against the outputSchema: ${reason})`,
  toolsToCall: (names: readonly string[], readOnly: boolean) =>
    names.length === 0
      ? 'toolscore: no tool will be called'
      : `toolscore: calling ${names.length} ${names.length === 1 ? 'tool' : 'tools'} with generated arguments${readOnly ? ' (read-only tools only)' : ', write tools included (--read-only calls only tools annotated readOnlyHint)'}: ${names.slice(0, 20).join(', ')}${names.length > 20 ? ` and ${names.length - 20} more` : ''}`,
  missingStructuredContent: () => 'the tool declares an outputSchema but returned no structuredContent',
  outputSchemaMismatch: (error: string) => `structuredContent does not match the outputSchema: ${error}`,
  errorWithoutContent: () => 'the tool reported an error (isError) without content',
  rpcErrorDetail: (code: number, message: string) => `JSON-RPC error ${code}: ${message}`,
  timeoutDetail: (seconds: number) => `timeout: no answer within ${mcpSeconds(seconds)}`,
  crashDetail: (reason: string) => `crash: ${reason}`,
  transportErrorDetail: (reason: string) => `transport error: ${reason}`,
  notRunServerGone: () => 'not run: the server stopped earlier and could not be started again',
  restarted: (tool: string, scenario: string) => `the server stopped during ${tool} (${scenario}) and was started again`,
  restartFailed: (reason: string) => `the server stopped and could not be started again: ${reason}`,
  noMoreRestarts: (count: number) => `the server stopped again after ${count} restarts; the remaining scenarios were not run`,
  serverGone: () => 'the server stopped; the remaining scenarios were not run',
  stdoutNoise: (count: number, first: string) => `the server wrote ${count === 1 ? 'a line' : `${count} lines`} to stdout that ${count === 1 ? 'is' : 'are'} not JSON-RPC (${JSON.stringify(first)}); clients may drop the connection: log to stderr instead`,
  securityWarning: (count: number) =>
    `Security: ${count} ${count === 1 ? 'finding looks' : 'findings look'} like tool poisoning (hidden text, or instructions to deceive the user); review the server before an agent uses it`,
  cleanServer: () => 'No issues found: an LLM should be able to use this server cleanly.',
  moreIssues: (count: number) => `… and ${count} more ${count === 1 ? 'issue' : 'issues'}`,
  partialScorecard: (reason: string) => `the run stopped early (${reason}); the scorecard shows what was learned`,
  noTools: () => 'the server lists no tools',
  recordedCalls: (count: number, file: string) => `toolscore: recorded ${count} tool ${count === 1 ? 'call' : 'calls'} to ${file}`,
  recorderLaunchFailed: (command: string, reason: string) => `toolscore: could not start the server ${JSON.stringify(command)}: ${reason}`,
  recorderWriteFailed: (file: string, reason: string) => `toolscore: could not write ${file}: ${reason}`,
  failureFix(failure: string): string {
    switch (failure) {
      case 'launch':
        return 'check the command and its path; run it by hand to see whether it starts';
      case 'exited':
        return 'run the command by hand and read its stderr; a stdio MCP server must keep running and read requests from stdin';
      case 'timeout':
        return 'make the server answer initialize promptly, write only JSON-RPC to stdout (logs go to stderr), or raise --startup-timeout / --timeout';
      case 'unreachable':
        return 'start the server first and check the URL, port and path (usually /mcp)';
      default:
        return 'check that the server speaks MCP (JSON-RPC 2.0) and uses a protocol version the SDK supports';
    }
  },
  gradeBelow: (grade: string, minimum: string) => `grade ${grade} is below the required ${minimum} (--fail-under)`,
  blocking: (count: number) => `${count} blocking ${count === 1 ? 'issue' : 'issues'} (lint errors or failed scenarios)`,
} as const;

type McpLint = { severity: 'error' | 'warning'; message: string; fix: string };

/** Lint issues: severity, the problem, and a concrete fix. `where` is "the description of X" or "the server instructions". */
export const mcpLintText = {
  toolWhere: (tool: string) => `the description of ${tool}`,
  instructionsWhere: () => "the server's instruction text",
  missingDescription: (tool: string): McpLint => ({
    severity: 'warning',
    message: `${tool} has no description`,
    fix: `describe what ${tool} does, when to use it and what it returns, in one or two sentences`,
  }),
  shortDescription: (tool: string, description: string): McpLint => ({
    severity: 'warning',
    message: `${tool} has a very short description (${JSON.stringify(description)})`,
    fix: `say what ${tool} does, when to use it and what it returns; a model picks tools by their descriptions`,
  }),
  largeDefinition: (tool: string, tokens: string, limit: string): McpLint => ({
    severity: 'warning',
    message: `the definition of ${tool} costs about ${tokens} tokens (more than ${limit}) in every request`,
    fix: `shorten the description and parameter descriptions of ${tool}, or split it into simpler tools`,
  }),
  notSnakeCase: (tool: string): McpLint => ({
    severity: 'warning',
    message: `${tool} is not a snake_case name`,
    fix: `rename it to ${JSON.stringify(tool.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toLowerCase() || 'tool_name')}; models call snake_case names most reliably`,
  }),
  providerName: (tool: string): McpLint => ({
    severity: 'error',
    message: `${JSON.stringify(tool)} is not a valid tool name for the OpenAI and Anthropic APIs (1-64 letters, digits, _ or -)`,
    fix: 'rename the tool using only letters, digits, underscores and hyphens, at most 64 characters; clients that pass it on to a model API will fail or drop it',
  }),
  duplicateName: (tool: string): McpLint => ({
    severity: 'error',
    message: `two tools are named ${tool}`,
    fix: 'give every tool its own name; clients keep only one of them',
  }),
  missingSchema: (tool: string): McpLint => ({
    severity: 'error',
    message: `${tool} has no inputSchema`,
    fix: 'declare an input schema, at least {"type": "object", "properties": {}} for a tool without arguments',
  }),
  schemaNotObject: (tool: string, type: string): McpLint => ({
    severity: 'error',
    message: `the inputSchema of ${tool} has type ${type}, not "object"`,
    fix: 'make the input schema an object schema ({"type": "object", "properties": {...}}); MCP tool arguments are always an object',
  }),
  schemaWithoutType: (tool: string): McpLint => ({
    severity: 'error',
    message: `the inputSchema of ${tool} has no "type"`,
    fix: 'add "type": "object" at the top of the input schema (MCP requires it)',
  }),
  untypedProperty: (tool: string, property: string): McpLint => ({
    severity: 'error',
    message: `parameter ${JSON.stringify(property)} of ${tool} has no type`,
    fix: `give ${JSON.stringify(property)} a "type" (or an enum, const or $ref) so the model knows what to send`,
  }),
  requiredNotDefined: (tool: string, property: string): McpLint => ({
    severity: 'error',
    message: `${tool} requires ${JSON.stringify(property)}, which is not among its properties`,
    fix: `define ${JSON.stringify(property)} under "properties" or remove it from "required"`,
  }),
  noRequired: (tool: string): McpLint => ({
    severity: 'warning',
    message: `${tool} does not say which parameters are required`,
    fix: 'add a "required" list (an empty list when every parameter is optional)',
  }),
  tagCharacters: (where: string, hidden: string): McpLint => ({
    severity: 'error',
    message: `${where} contains invisible Unicode tag characters${hidden.trim() !== '' ? ` that spell ${JSON.stringify(hidden.length > 80 ? `${hidden.slice(0, 79)}…` : hidden)}` : ''}; a model reads them, a person does not`,
    fix: 'remove the tag characters (U+E0000-U+E007F); hidden text in tool metadata is a known tool-poisoning technique',
  }),
  bidiControls: (where: string, points: string): McpLint => ({
    severity: 'error',
    message: `${where} contains bidirectional control characters (${points}) that make it display differently from what the model reads`,
    fix: 'remove the bidirectional controls',
  }),
  formatCharacters: (where: string, points: string): McpLint => ({
    severity: 'warning',
    message: `${where} contains invisible format characters (${points})`,
    fix: 'remove zero-width characters, direction marks and byte order marks from model-visible text',
  }),
  hiddenInName: (points: string, severity: 'error' | 'warning'): McpLint => ({
    severity,
    message: `the tool name contains invisible characters (${points})`,
    fix: 'use a plain ASCII name',
  }),
  hidesFromUser: (where: string, phrase: string): McpLint => ({
    severity: 'error',
    message: `${where} tells the model to keep something from the user (${JSON.stringify(phrase)})`,
    fix: 'remove the instruction; tool metadata must never ask the model to hide actions or information from the user',
  }),
  overridesInstructions: (where: string, phrase: string): McpLint => ({
    severity: 'error',
    message: `${where} tells the model to override its instructions (${JSON.stringify(phrase)})`,
    fix: 'remove the instruction; tool metadata that overrides the user\'s or the client\'s instructions is prompt injection',
  }),
  authorityTag: (where: string, tag: string): McpLint => ({
    severity: 'warning',
    message: `${where} uses a pseudo-markup tag (${tag}) to raise its authority`,
    fix: 'state the guidance plainly; tags such as <IMPORTANT> or <system> are a common marker of tool poisoning',
  }),
  danglingReference: (where: string, name: string, closest: string | undefined): McpLint => ({
    severity: 'warning',
    message: `${where} refers to a tool ${JSON.stringify(name)} that the server does not expose`,
    fix: closest ? `refer to ${closest}, or expose ${name}` : `remove the reference, or expose a tool named ${name}`,
  }),
} as const;

/** The ranked fixes of failed scenarios. */
export const mcpFixText = {
  failsOnValidInput(result: { tool: string; description: string; detail: string; outcome: string }): { problem: string; fix: string } {
    const problem = `${result.tool} fails on valid input (${result.description}): ${result.detail}`;
    switch (result.outcome) {
      case 'timeout':
        return { problem, fix: `make ${result.tool} answer within the timeout, or send progress notifications and return early` };
      case 'crash':
        return { problem, fix: `catch errors inside the ${result.tool} handler and return them as an isError result; the server process must never exit on a call` };
      case 'invalid_result':
        return { problem, fix: `return a result the client can read: a content list, and structuredContent that matches the outputSchema when one is declared` };
      case 'protocol_error':
        return { problem, fix: `accept every input its schema allows, or tighten the schema of ${result.tool} (enum, pattern, format, ranges) so models send what it accepts` };
      default:
        return { problem, fix: `accept every input its schema allows, or tighten the schema of ${result.tool} (enum, pattern, format, ranges) so models send what it accepts` };
    }
  },
  failsOnBadInput(result: { tool: string; description: string; detail: string; outcome: string }): { problem: string; fix: string } {
    return {
      problem: `${result.tool} fails on bad input (${result.description}): ${result.detail}`,
      fix:
        result.outcome === 'timeout'
          ? `validate the arguments of ${result.tool} first and answer at once with an isError result that says what is wrong`
          : `validate the arguments of ${result.tool} and return an isError result that says what is wrong, so the model can correct itself; never crash or leave a call unanswered`,
    };
  },
} as const;
