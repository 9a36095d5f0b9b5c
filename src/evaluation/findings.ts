/** How serious a behaviour or safety finding is. */
import type { Metrics } from '../metrics/metrics.js';
import type { ToolCall } from '../core/types.js';
import {
  blindRetryText,
  budgetViolationText,
  failedCallsText,
  outcomeFailureText,
  policyViolationText,
  schemaErrorText,
  secretFindingText,
  sideEffectFailureText,
} from './text.js';

export type Severity = 'error' | 'warning';

/** One behaviour or safety finding (failed calls, retries, credentials, forbidden calls). */
export interface Finding {
  severity: Severity;
  message: string;
}

/**
 * Builds the findings list: errors (forbidden calls, credentials, broken budgets, tools not offered)
 * first, then warnings (failures, blind retries, schema mismatches, failed side effects).
 */
export function buildFindings(actual: readonly ToolCall[], metrics: Metrics): Finding[] {
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const efficiency = metrics.efficiency_metrics;
  for (const violation of metrics.policy_metrics?.violations ?? [])
    errors.push({ severity: 'error', message: policyViolationText(violation) });
  for (const secret of metrics.security_metrics.secrets)
    errors.push({ severity: 'error', message: secretFindingText(secret) });
  for (const violation of metrics.budget_metrics?.violations ?? [])
    errors.push({ severity: 'error', message: budgetViolationText(violation) });
  for (const error of metrics.schema_metrics?.error_details ?? []) {
    (error.keyword === 'not_offered' ? errors : warnings).push({
      severity: error.keyword === 'not_offered' ? 'error' : 'warning',
      message: schemaErrorText(error),
    });
  }
  // What calls returned and the reply said come first among warnings: they say whether the task was done.
  for (const failure of metrics.outcome_metrics?.failures ?? [])
    warnings.push({ severity: 'warning', message: outcomeFailureText(failure) });
  if (efficiency.error_count > 0) warnings.push({ severity: 'warning', message: failedCallsText(actual, efficiency) });
  if (efficiency.retry_after_error_count > 0)
    warnings.push({ severity: 'warning', message: blindRetryText(efficiency.retry_after_error_count) });
  for (const detail of metrics.side_effect_metrics?.details ?? []) {
    if (!detail.passed) warnings.push({ severity: 'warning', message: sideEffectFailureText(detail) });
  }
  return [...errors, ...warnings];
}

/** How many findings are errors: any one makes the verdict FAIL. */
export function errorFindingCount(findings: readonly Finding[]): number {
  return findings.filter((finding) => finding.severity === 'error').length;
}
