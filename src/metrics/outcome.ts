/** The kinds of outcome check (docs/outcomes.md): a call's result, a call's success, the agent's reply, the state. */
type OutcomeCheckKind = 'result' | 'success' | 'reply' | 'state';

/** How many checks of one kind ran and passed (each check is 1 or 0). */
interface OutcomeCheckCounts {
  checks: number;
  passed: number;
}

/** One outcome check that failed, as files write it. */
export interface OutcomeFailure {
  check: OutcomeCheckKind;
  /** 0-based index of the expected call checked (result and success checks), or null (reply and state checks). */
  expected_index: number | null;
  /** 0-based index of the call that answered it, or null (not made, or a reply check). */
  actual_index: number | null;
  /** The tool of the expected call, or null (reply and state checks). */
  tool: string | null;
  /** The conversation turn of a reply check (1-based), or null. */
  turn: number | null;
  /** `get_order returned status "shipped", expected "delivered"`, `refund_order failed: "card expired"`. */
  message: string;
}

/**
 * `metrics.outcome_metrics`: present only when the gold checks outcomes (`result`, `succeeds`,
 * `require_success`, `response`, `state`). Every check is 1 (passed) or 0; `rate` is the share passed.
 */
export interface OutcomeMetrics {
  checks: number;
  passed: number;
  failed: number;
  /** passed / checks. */
  rate: number;
  result_checks: OutcomeCheckCounts;
  success_checks: OutcomeCheckCounts;
  reply_checks: OutcomeCheckCounts;
  /** Checks of the gold's `"state"`: each `expected` value, and `"unchanged": true` as one. */
  state_checks: OutcomeCheckCounts;
  /** The failed checks, calls first in gold order, then replies, then the state. */
  failures: OutcomeFailure[];
}

/** One check's answer before the counts are made. */
export interface OutcomeCheck {
  kind: OutcomeCheckKind;
  /** Null when the check passed. */
  failure: OutcomeFailure | null;
}

/** The outcome metrics of a list of checks; `undefined` when there are none (the section is then absent). */
export function outcomeMetrics(checks: readonly OutcomeCheck[]): OutcomeMetrics | undefined {
  if (checks.length === 0) return undefined;
  const counts = (kind: OutcomeCheckKind): OutcomeCheckCounts => {
    const mine = checks.filter((check) => check.kind === kind);
    return { checks: mine.length, passed: mine.filter((check) => check.failure === null).length };
  };
  const failures = checks.flatMap((check) => (check.failure === null ? [] : [check.failure]));
  const passed = checks.length - failures.length;
  return {
    checks: checks.length,
    passed,
    failed: failures.length,
    rate: passed / checks.length,
    result_checks: counts('result'),
    success_checks: counts('success'),
    reply_checks: counts('reply'),
    state_checks: counts('state'),
    failures,
  };
}
