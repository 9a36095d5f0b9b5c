import { memberEqual, valuesEqual, type EqualityMode } from '../match/equality.js';
import { encodeOperators } from '../match/operators.js';
import { isMatcher, isOptional } from '../match/matchers/matcher.js';
import { RegexSearch } from '../match/matchers/regex.js';
import { bfclAnswerFound } from '../match/bfcl-answer.js';
import { isObject } from '../core/objects.js';
import type { ExpectedCall, ReplyNormalization, ResponseCheck, ToolCall } from '../core/types.js';
import type { OutcomeCheck, OutcomeFailure } from '../metrics/outcome.js';
import type { Pairing } from '../pairing/pairing.js';
import { formatValue } from '../text/values.js';

/*
 * Outcome checks (docs/outcomes.md): what each expected call returned (`result`), whether it ran without
 * error (`succeeds`, `require_success`), and what the agent told the user (`response`). Each check is 1
 * or 0; the failures carry the sentences findings and Top issues show.
 */

/** A `response` check and the reply it reads: the turn's last assistant text, null when none was recorded. */
export interface ReplyCheck {
  check: ResponseCheck;
  reply: string | null;
  /** The conversation turn (1-based) the check belongs to, or null for a flat gold's final reply. */
  turn: number | null;
}

/** Whether a gold's calls check outcomes at all (the cheap test before any work). */
export function checksCalls(expected: readonly ExpectedCall[]): boolean {
  return expected.some((call) => call.result !== undefined || call.succeeds !== undefined);
}

/** The result and success checks of the expected calls, against the calls paired with them (trace positions). */
export function callOutcomeChecks(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  pairing: Pairing,
  mode: EqualityMode,
): OutcomeCheck[] {
  const checks: OutcomeCheck[] = [];
  expected.forEach((call, i) => {
    if (call.succeeds === undefined && call.result === undefined) return;
    const j = pairing.actualFor[i] ?? -1;
    const partner = j < 0 ? undefined : actual[j];
    const fail = (check: OutcomeFailure['check'], message: string): OutcomeCheck => ({
      kind: check,
      failure: { check, expected_index: i, actual_index: j < 0 ? null : j, tool: call.tool, turn: null, message },
    });
    if (call.succeeds !== undefined) {
      if (partner === undefined) checks.push(fail('success', notCalledText(call.tool)));
      else if (call.succeeds && partner.is_error) checks.push(fail('success', failedText(call.tool, partner.error)));
      else if (!call.succeeds && !partner.is_error)
        checks.push(fail('success', `${call.tool} succeeded, expected it to fail`));
      else checks.push({ kind: 'success', failure: null });
    }
    if (call.result !== undefined) {
      const problem =
        partner === undefined
          ? notCalledText(call.tool)
          : partner.is_error && call.succeeds !== false
            ? failedText(call.tool, partner.error)
            : resultProblem(call.tool, call.result, partner.result, mode);
      checks.push(problem === null ? { kind: 'result', failure: null } : fail('result', problem));
    }
  });
  return checks;
}

function notCalledText(tool: string): string {
  return `${tool} was not called, so its outcome cannot be checked`;
}

/** `refund_order failed: "card expired"`. */
function failedText(tool: string, error: string | undefined): string {
  return `${tool} failed${error === undefined ? '' : `: ${formatValue(error)}`}`;
}

/** A recorded result as matching reads it: a string holding JSON is parsed; anything else as it is. */
function readResult(result: unknown): unknown {
  if (typeof result !== 'string') return result;
  const text = result.trim();
  if (text === '' || !'{["-0123456789tfn'.includes(text[0]!)) return result;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return result;
  }
}

/**
 * Null when the recorded result matches the expected one, else the sentence saying how it differs. An
 * expected object (not a matcher) checks only the keys it names, each as arguments are checked.
 */
function resultProblem(tool: string, expected: unknown, recorded: unknown, mode: EqualityMode): string | null {
  if (recorded === undefined) return `${tool} returned no recorded result, expected ${shown(expected)}`;
  const actual = readResult(recorded);
  if (isObject(expected) && !isMatcher(expected) && isObject(actual)) {
    const parts: string[] = [];
    for (const key of Object.keys(expected)) {
      if (!Object.hasOwn(actual, key)) {
        if (!isOptional(expected[key])) parts.push(`no ${key}, expected ${shown(expected[key])}`);
      } else if (!memberEqual(expected, actual, key, mode))
        parts.push(`${key} ${formatValue(actual[key])}, expected ${shown(expected[key])}`);
    }
    return parts.length === 0 ? null : `${tool} returned ${parts.join('; ')}`;
  }
  return valuesEqual(expected, actual, mode)
    ? null
    : `${tool} returned ${formatValue(actual)}, expected ${shown(expected)}`;
}

/** An expected value as the gold writes it (matchers in `$` operator form). */
function shown(value: unknown): string {
  return formatValue(encodeOperators(value));
}

/** The checks of one `response`: each `contains` text, the `contains_any` texts, each `not_contains` text, and the pattern. */
export function replyOutcomeChecks({ check, reply, turn }: ReplyCheck): OutcomeCheck[] {
  const checks: OutcomeCheck[] = [];
  const add = (message: string | null): void => {
    checks.push({
      kind: 'reply',
      failure:
        message === null
          ? null
          : { check: 'reply', expected_index: null, actual_index: null, tool: null, turn, message },
    });
  };
  const missing = reply === null ? NO_REPLY : null;
  for (const text of check.contains)
    add(missing ?? (replyHas(reply!, text, check.normalize) ? null : `the reply does not say ${formatValue(text)}`));
  if (check.contains_any !== undefined) {
    const any = check.contains_any;
    add(
      missing ??
        (any.some((text) => replyHas(reply!, text, check.normalize))
          ? null
          : `the reply says none of ${any.map((text) => formatValue(text)).join(', ')}`),
    );
  }
  for (const text of check.not_contains)
    add(
      missing ??
        (replyHas(reply!, text, check.normalize) ? `the reply says ${formatValue(text)}, which it must not` : null),
    );
  if (check.regex !== undefined)
    add(
      missing ??
        (RegexSearch(check.regex).matches(reply) ? null : `the reply does not match ${formatValue(check.regex)}`),
    );
  return checks;
}

/** What a reply check says when the trace holds no reply: a failed check, never a pass. */
const NO_REPLY = 'no reply recorded';

/** Whether the reply says `text`, read as `normalize` says. */
export function replyHas(reply: string, text: string, normalize: ReplyNormalization): boolean {
  switch (normalize) {
    case 'none':
      return reply.includes(text);
    case 'tau':
      // tau-bench's outputs check (sierra-research/tau-bench, tau_bench/envs/base.py, calculate_reward, at
      // 67e6b1233828ff112e6df52ff960d7112a0f06bb): `output.lower() in content.lower().replace(",", "")`.
      return reply.toLowerCase().replaceAll(',', '').includes(text.toLowerCase());
    case 'bfcl':
      return bfclAnswerFound(reply, text);
  }
}
