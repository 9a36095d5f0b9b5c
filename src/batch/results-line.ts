import type { EvaluationResult } from '../evaluation/result.js';
import { redactSecrets } from '../metrics/security.js';
import type { BatchLine, BatchTopIssue, BatchScoredLine, BatchToolCounts } from './types.js';

/**
 * The results line of a scored case. Keys are set in one fixed order, tools sorted by name, so the
 * same case always gives the same bytes whichever thread or shard scored it (`trial`, when the case has
 * one, right after `index`). Credentials in tool names, the top issue's text and the gold's warnings are
 * masked, as in every report. A conversation gold's case also carries `turns` (after `top_issue`).
 */
export function resultsLine(
  id: string,
  index: number,
  result: EvaluationResult,
  goldWarnings: readonly string[] = [],
  trial?: number,
): BatchScoredLine {
  const metrics = result.metrics;
  const line: BatchScoredLine = {
    id,
    index,
    ...(trial === undefined ? {} : { trial }),
    score: result.score,
    grade: result.grade,
    verdict: result.verdict,
    metrics: {
      invocation_accuracy: metrics.invocation_accuracy,
      selection_accuracy: metrics.selection_accuracy,
      argument_f1: metrics.argument_metrics.f1,
      sequence_accuracy: metrics.sequence_metrics.sequence_accuracy,
      redundant_rate: metrics.efficiency_metrics.redundant_rate,
      required_call_recall: metrics.required_call_recall,
    },
    expected_calls: result.goldCalls.length,
    actual_calls: result.traceCalls.length,
    failed_calls: metrics.efficiency_metrics.error_count,
    policy_violations: metrics.policy_metrics?.violation_count ?? 0,
    secrets: metrics.security_metrics.secret_count,
    budget_violations: metrics.budget_metrics?.violation_count ?? 0,
    tools: toolCounts(result),
    top_issue: lineTopIssue(result),
  };
  const conversation = result.conversation;
  if (conversation !== null)
    line.turns = {
      count: conversation.turns.length,
      passed: conversation.turns.filter((turn) => turn.verdict === 'PASS').length,
      pass_rate: conversation.turnPassRate,
      first_failing: conversation.firstFailingTurn,
    };
  if (goldWarnings.length > 0) line.gold_warnings = goldWarnings.map(redactSecrets);
  return line;
}

/** A case's top issue as a results line carries it, credentials masked (the tool name too). */
export function lineTopIssue(result: EvaluationResult): BatchTopIssue | null {
  const top = result.topIssue;
  return top === null
    ? null
    : {
        kind: top.kind,
        tool: redactSecrets(top.tool),
        problem: redactSecrets(top.problem),
        fix: redactSecrets(top.fix),
      };
}

/**
 * Per tool of a case, sorted by name: calls on each side, expected calls left unanswered, failed calls.
 * A tool named with a credential is counted under its masked name (two such names masked alike share it).
 */
function toolCounts(result: EvaluationResult): Record<string, BatchToolCounts> {
  const counts = new Map<string, BatchToolCounts>();
  const of = (name: string): BatchToolCounts => {
    const tool = redactSecrets(name);
    let entry = counts.get(tool);
    if (entry === undefined) {
      entry = { expected_calls: 0, actual_calls: 0, selection_misses: 0, failed_calls: 0 };
      counts.set(tool, entry);
    }
    return entry;
  };
  const { actualFor } = result.pairing;
  result.goldCalls.forEach((call, i) => {
    const entry = of(call.tool);
    entry.expected_calls++;
    if (actualFor[i] === -1) entry.selection_misses++;
  });
  for (const call of result.traceCalls) {
    const entry = of(call.tool);
    entry.actual_calls++;
    if (call.is_error) entry.failed_calls++;
  }
  return sortedRecord(counts);
}

/** A map as a record with its keys in code-unit order; no prototype, so a tool named `__proto__` is a key like any other. */
export function sortedRecord<T>(entries: ReadonlyMap<string, T>): Record<string, T> {
  const record = Object.create(null) as Record<string, T>;
  for (const key of [...entries.keys()].sort(compareText)) record[key] = entries.get(key)!;
  return record;
}

/** Code-unit order: the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A results line as written to `results.jsonl` (without its line break). */
export function serializeLine(line: BatchLine): string {
  return JSON.stringify(line);
}

/** Whether a results line is a scored case (not an error line). */
export function isScoredLine(line: BatchLine): line is BatchScoredLine {
  return !('error' in line);
}
