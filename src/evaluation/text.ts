/**
 * The sentences of a result's findings (behaviour and safety) and Top issues, built here and shown by
 * every report and the test integrations.
 */
import type { ArgumentDiff, IssueKind } from '../core/issues.js';
import type { ToolCall } from '../core/types.js';
import type { BudgetViolation } from '../metrics/budget.js';
import type { EfficiencyMetrics } from '../metrics/efficiency.js';
import type { PolicyViolation } from '../metrics/policy.js';
import type { OutcomeFailure } from '../metrics/outcome.js';
import type { SchemaErrorDetail } from '../metrics/schema.js';
import type { SecretFinding } from '../metrics/security.js';
import type { SideEffectDetail } from '../side-effects/run.js';
import { formatValue, secondsText, usdText } from '../text/values.js';

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

/** An outcome check's failure as a finding: `turn 2: the reply does not say "refund"` in a conversation. */
export function outcomeFailureText(failure: OutcomeFailure): string {
  return failure.turn === null ? failure.message : `turn ${failure.turn}: ${failure.message}`;
}

/**
 * `$.lines.L2.status "active" → "suspended"`, `$.notes[2] added "x"`, `$.tmp removed (was 1)`: one path
 * of the state diff with its old and new value, as the reports list it.
 */
export function stateChangeText(change: {
  path: string;
  change: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}): string {
  switch (change.change) {
    case 'added':
      return `${change.path} added ${formatValue(change.after)}`;
    case 'removed':
      return `${change.path} removed (was ${formatValue(change.before)})`;
    case 'changed':
      return `${change.path} ${formatValue(change.before)} → ${formatValue(change.after)}`;
  }
}

/** `side effect file_exists of create_file (expected call 1) failed: …`. */
export function sideEffectFailureText(detail: SideEffectDetail): string {
  return `side effect ${detail.check} of ${detail.tool} (expected call ${detail.expected_index + 1}) failed: ${detail.reason}`;
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
    /** For wrong_turn: the turn the gold expects the call in, and the turn it was made in (1-based). */
    expectedTurn?: number;
    madeTurn?: number;
    /** For an outcome check that failed: its sentence (`refund_order failed: "card expired"`). */
    outcome?: string;
  },
): { problem: string; fix: string } {
  switch (kind) {
    case 'wrong_turn':
      return {
        problem: `${tool} expected in turn ${detail.expectedTurn}, made in turn ${detail.madeTurn}`,
        fix:
          (detail.madeTurn ?? 0) > (detail.expectedTurn ?? 0)
            ? `make the agent call ${tool} when the user asks for it (turn ${detail.expectedTurn}), not a turn later; or, if it should wait, move the call to turn ${detail.madeTurn} of the gold`
            : `stop the agent from calling ${tool} before the user asks for it (turn ${detail.expectedTurn}); or, if it may act early, move the call to turn ${detail.madeTurn} of the gold`,
      };
    case 'missing':
      return {
        problem: `expected call to ${alternativesText(tool, detail.alternatives)} was not made`,
        fix: `make sure ${tool} is offered to the agent and the prompt or its description says when to call it`,
      };
    case 'failed':
      if (detail.outcome !== undefined)
        return {
          problem: detail.outcome,
          fix: `make ${tool} succeed (its arguments, the tool itself), or if failing is right here, say "succeeds": false in the gold`,
        };
      return {
        problem: `${tool} failed${detail.error ? `: ${formatValue(detail.error)}` : ''} and was not retried successfully`,
        fix: `fix the arguments or the tool so ${tool} succeeds, and let the agent retry with corrected input after an error`,
      };
    case 'wrong_result':
      return {
        problem: detail.outcome ?? `${tool} returned something other than expected`,
        fix: `check the arguments ${tool} was given and what it returns, or if the tool is right, correct the gold's "result" / "succeeds"`,
      };
    case 'reply':
      return {
        problem: detail.outcome ?? 'the reply does not say what was expected',
        fix: `make the agent's reply say what its calls did and nothing they did not (prompt), or correct the gold's "response"`,
      };
    case 'state':
      return {
        problem: detail.outcome ?? 'the after-state is not what was expected',
        fix: `make the agent change what the task asks for and nothing else (prompt, tool descriptions), or correct the gold's "state" ("expected", "allowed_changes")`,
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

/** `the trace ends after turn 2; turn 3 (2 expected calls) was never reached`. */
export function missingTurnText(turn: number, traceTurns: number, expectedCalls: number): string {
  const expected = expectedCalls === 1 ? '1 expected call' : `${expectedCalls} expected calls`;
  return `the trace ends after turn ${traceTurns}; turn ${turn} (${expected}) was never reached`;
}

/** `the conversation diverged at turn 2: the user was expected to say "refund it", the trace has "cancel it"`. */
export function divergedText(turn: number, expected: string, actual: string): string {
  return `the conversation diverged at turn ${turn}: the user was expected to say ${expected}, the trace has ${formatValue(actual)}`;
}

/** `refund_order expected in turn 2, made in turn 3`, as a finding. */
export function wrongTurnText(tool: string, expectedTurn: number, madeTurn: number): string {
  return `${tool} expected in turn ${expectedTurn}, made in turn ${madeTurn}`;
}

/** `turn 3 of the trace is beyond the gold's 2 turns: its 1 call is scored as a turn expecting none`. */
export function beyondGoldText(turn: number, goldTurns: number, calls: number): string {
  return `turn ${turn} of the trace is beyond the gold's ${goldTurns} turns: its ${calls === 1 ? '1 call is' : `${calls} calls are`} scored as a turn expecting none`;
}
