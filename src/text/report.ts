/**
 * Every sentence toolscore says about a result: findings, Top issues, metric notes, verdicts and report
 * labels, so the console, Markdown, HTML and JUnit reports agree word for word.
 */
import type { ArgumentDiff, IssueKind } from '../core/issues.js';
import type { BudgetViolation } from '../metrics/budget.js';
import type { EfficiencyMetrics } from '../metrics/efficiency.js';
import type { Metrics } from '../metrics/metrics.js';
import type { PolicyViolation } from '../metrics/policy.js';
import type { SchemaErrorDetail } from '../metrics/schema.js';
import type { SecretFinding } from '../metrics/security.js';
import type { SemanticMetrics } from '../metrics/semantic.js';
import type { SideEffectDetail } from '../side-effects/run.js';
import type { ToolCall } from '../core/types.js';
import { countText, formatValue, secondsText, usdText } from './values.js';

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

/** `call 2 (book) breaks its schema at $.date: must match format "date"` / `call 4 (rm) uses a tool that was not offered`. */
export function schemaErrorText(error: SchemaErrorDetail): string {
  if (error.keyword === 'not_offered')
    return `call ${error.index + 1} (${error.tool}) uses a tool that was not offered`;
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

/** `city: expected "NYC", got "LA"`, `missing: city`, `unexpected: units`. */
export function argumentDiffText(diff: ArgumentDiff): string {
  switch (diff.kind) {
    case 'mismatch':
      // The diff holds the number kinds of its two values (see diffArguments), so `1.0` and `1` differ in the text too.
      return `${diff.key}: expected ${formatValue(diff.expected, undefined, diff, 'expected')}, got ${formatValue(diff.actual, undefined, diff, 'actual')}`;
    case 'missing':
      return `missing: ${diff.key}`;
    case 'unexpected':
      return `unexpected: ${diff.key}`;
  }
}

/** `search_flights (or search_direct_flight)`: a tool and the others that would have done. */
function alternativesText(tool: string, alternatives: readonly string[] | undefined): string {
  const others = (alternatives ?? []).filter((name) => name !== tool);
  return others.length === 0 ? tool : `${tool} (or ${others.join(', or ')})`;
}

/** The problem and fix sentences of each kind of Top issue. */
export function issueText(
  kind: IssueKind,
  tool: string,
  detail: {
    expectedTool?: string;
    /** The tools an expected call allowed (`$one_of`), the first being `tool` / `expectedTool`. */
    alternatives?: readonly string[];
    diffs?: readonly ArgumentDiff[];
    error?: string;
    expectedNumber?: number;
    actualNumber?: number;
  },
): { problem: string; fix: string } {
  switch (kind) {
    case 'missing':
      return {
        problem: `expected call to ${alternativesText(tool, detail.alternatives)} was not made`,
        fix: `make sure ${tool} is offered to the agent and the prompt or its description says when to call it`,
      };
    case 'failed':
      return {
        problem: `${tool} failed${detail.error ? `: ${formatValue(detail.error)}` : ''} and was not retried successfully`,
        fix: `fix the arguments or the tool so ${tool} succeeds, and let the agent retry with corrected input after an error`,
      };
    case 'wrong_tool':
      return {
        problem: `called ${tool} where ${alternativesText(detail.expectedTool ?? '', detail.alternatives)} was expected`,
        fix: `make the descriptions of ${detail.expectedTool} and ${tool} say when each applies, or if ${tool} is an acceptable substitute, put it in the gold standard`,
      };
    case 'argument_mismatch':
      return {
        problem: `${tool} called with different arguments: ${(detail.diffs ?? []).map(argumentDiffText).join('; ')}`,
        fix: `align the arguments the agent passes to ${tool} (prompt, parameter descriptions), or relax the gold standard with ANY / Regex / Approx`,
      };
    case 'out_of_order':
      return {
        problem: `calls made in a different order than expected: ${tool} was call ${detail.actualNumber}, expected as call ${detail.expectedNumber}`,
        fix: `say in the prompt or the tool descriptions in which order the calls belong, or if the order does not matter, group the calls in {"$any_order": [...]} in the gold standard`,
      };
    case 'extra':
      return {
        problem: `unexpected call to ${tool}`,
        fix: `stop the agent from calling ${tool} here (prompt or tool description), add the call to the gold standard if it is needed, or list ${tool} in its "ignore_tools" if the gold does not care about it`,
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
export const REPORT_FILE_LABELS = {
  json: 'JSON report',
  html: 'HTML report',
  markdown: 'Markdown report',
  junit: 'JUnit report',
  csv: 'CSV report',
} as const;

/** `Job summary: Markdown report appended to $GITHUB_STEP_SUMMARY`. */
export const JOB_SUMMARY_TEXT = 'Job summary: Markdown report appended to $GITHUB_STEP_SUMMARY';

/** What `toolscore eval` says when the trace reader found nothing it could use: the zero is the reader's, not the agent's. */
export function nothingReadText(traceFile: string): string {
  return `The trace reader found nothing it could use in ${traceFile} (see the warnings): the score says nothing about the agent's calls. Check --format.`;
}

/** Where `-o -` sends the JSON report, as the report-file line names it. */
export const STDOUT_NAME = 'standard output';

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
  selection_accuracy: 'Selection accuracy',
  tool_correctness: 'Tool correctness',
  sequence_accuracy: 'Sequence accuracy',
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

/**
 * How invocation accuracy's number is made, on the sets of tool names: `(4 called − ½ × 1 missing or
 * extra) ÷ 4 expected tools`, or `4 of 4 expected tools called, none missing or extra`.
 */
function invocationNoteText(tools: Metrics['tool_correctness_metrics']): string {
  const { correct_count: called, total_expected: expected } = tools;
  const wrong = tools.missing_tools.length + tools.extra_tools.length;
  if (expected === 0) return tools.called_tools.length === 0 ? 'no tool expected, none called' : 'no tool expected';
  if (tools.called_tools.length === 0) return 'no tool called';
  if (wrong === 0) return `${called} of ${countText(expected, 'expected tool')} called, none missing or extra`;
  const made = `(${called} called − ½ × ${wrong} missing or extra) ÷ ${countText(expected, 'expected tool')}`;
  return called < wrong / 2 ? `${made}, floored at 0` : made;
}

/** The short explanation beside a metric, such as `1 of 5 calls beyond the expected number`; empty when the label says it all. */
export function metricNoteText(key: MetricKey, metrics: Metrics): string {
  const efficiency = metrics.efficiency_metrics;
  switch (key) {
    case 'invocation_accuracy':
      return invocationNoteText(metrics.tool_correctness_metrics);
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
      return semantic
        ? `${semantic.provider} ${semantic.model_used}, ${countText(semantic.per_call_scores.length, 'pair')} judged`
        : '';
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
  return share === null
    ? 'not part of the score; weight it with --weight required_call_recall=0.3'
    : `${share} of the score`;
}

/** `40.0% of the score`: the weight of a score metric. */
export function scoreShareText(share: string): string {
  return `${share} of the score`;
}

/** `WARN: score 83.5%, grade B`; with a cause, `FAIL: score 100.0%, grade A (1 behavior and safety error)`. */
export function verdictText(verdict: string, score: string, grade: string, cause = ''): string {
  return `${verdict}: score ${score}, grade ${grade}${cause ? ` (${cause})` : ''}`;
}

/** Why the verdict is worse than the score's band: `1 behavior and safety error`, `0 of 1 required calls completed`. */
export function verdictCauseText(
  cause: 'errors' | 'required_calls',
  count: { errors: number; completed: number; expected: number },
): string {
  return cause === 'errors'
    ? countText(count.errors, 'behavior and safety error')
    : `${count.completed} of ${count.expected} required calls completed`;
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
 * The table of expected and actual calls, which the reports and the test integrations' failure report
 * both draw, and the threshold sentence of the score gate and the metric helpers.
 */

/** The failure report's table title, column heads and row statuses. */
export const FAILURE_TABLE = {
  title: 'Expected vs actual tool calls',
  columns: ['#', 'Expected', 'Actual', 'Status'],
  match: '✓',
  failed: 'FAILED',
  missing: 'MISSING',
  extra: 'EXTRA',
  /** A call the gold does not care about (`ignore_tools`, or an extra call under `allow_extra_calls`). */
  notScored: 'not scored',
  /** Shown in the Expected or Actual cell of a row that has no call on that side. */
  none: '—',
  /** Arguments of an expected call that does not check them. */
  anyArgs: '…any args…',
  tips: 'tips:',
  /** Heads the list of what failed whatever the score (a call not made, an argument that differs, …). */
  unmet: 'the calls do not meet the expectation:',
} as const;

/** `tool: 'search' ≠ 'lookup'`: the status of a row where another tool was called. */
export function wrongToolStatus(expectedTool: string, actualTool: string): string {
  return `tool: '${expectedTool}' ≠ '${actualTool}'`;
}

/** `Selection accuracy 80.0% is below the required 90.0%` (metric helpers; lower-is-better rates say "above the allowed"). */
export function metricThresholdText(label: string, value: string, limit: string, lowerIsBetter = false): string {
  return lowerIsBetter
    ? `${label} ${value} is above the allowed ${limit}`
    : `${label} ${value} is below the required ${limit}`;
}
