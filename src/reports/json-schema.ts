import * as z from 'zod';
import { GRADES } from '../core/grade.js';
import { ISSUE_KINDS } from '../core/issues.js';
import { WEIGHT_NAMES, type WeightName } from '../core/weights.js';
import { jsonSchemaFile, schemaDocs } from '../io/json-schema.js';
import type {
  JsonReportDiff,
  JsonReportGoldCall,
  JsonReportIssue,
  JsonReportSummary,
  JsonReportTraceCall,
} from './json.js';
import type { ArgumentMetrics } from '../metrics/arguments.js';
import type { BudgetMetrics } from '../metrics/budget.js';
import type { EfficiencyMetrics } from '../metrics/efficiency.js';
import type { Metrics } from '../metrics/metrics.js';
import type { CostMetrics, LatencyMetrics } from '../metrics/performance.js';
import type { PolicyMetrics } from '../metrics/policy.js';
import type { SchemaMetrics } from '../metrics/schema.js';
import type { SecurityMetrics } from '../metrics/security.js';
import type { SequenceMetrics } from '../metrics/sequence.js';
import type { ToolCorrectnessMetrics } from '../metrics/tool-correctness.js';
import type { TrajectoryMetrics } from '../metrics/trajectory.js';
import type { SideEffectMetrics } from '../side-effects/run.js';

/*
 * The JSON report (`toolscore.json`) as a zod schema, from which schemas/report.json is emitted. The
 * parts' output types must be the report's own types (json.ts), so a key added there without an entry
 * here fails the typecheck. Objects allow keys beyond these: adding keys does not bump the layout
 * version. Each metric section lists every key of its type (the typecheck holds the two together);
 * the records inside its detail lists are left open.
 */

const { registry, doc } = schemaDocs();

const count = (description: string) => doc(z.number().int().min(0), description);
const unit = (description: string) => doc(z.number().min(0).max(1), description);
const position = (description: string) => doc(z.number().int().min(0).nullable(), description);
const args = (description: string) => doc(z.record(z.string(), z.unknown()).nullable(), description);

/** How many outcome checks of one kind ran and passed. */
function outcomeCounts(description: string): z.ZodType {
  return doc(z.object({ checks: count('Checks run.'), passed: count('Checks passed.') }), description);
}

const summary = doc(
  z.object({
    score: unit('Composite score in [0, 1].'),
    grade: doc(z.enum(GRADES), 'Letter grade of the score.'),
    verdict: doc(z.enum(['PASS', 'WARN', 'FAIL']), 'PASS ≥ 0.9, WARN ≥ 0.7, else FAIL.'),
    weights: doc(
      z.object({
        ...(Object.fromEntries(WEIGHT_NAMES.map((name) => [name, z.number().min(0).max(1)])) as Record<
          WeightName,
          z.ZodNumber
        >),
        outcome: doc(z.number().min(0).max(1), "The outcome checks' weight, when given one (opt-in).").optional(),
      }),
      'The normalized weights the score was blended with.',
    ),
    required_call_recall: doc(
      z.number().min(0).max(1).nullable(),
      'Share of expected calls made without failing; null when nothing was expected.',
    ),
    failed_calls: count('Number of trace calls that failed.'),
    policy_violations: count('Number of calls that matched a forbidden rule.'),
    secrets: count('Number of credentials found in call arguments.'),
    gold_calls_count: count('Number of expected calls.'),
    trace_calls_count: count('Number of actual calls.'),
  }) satisfies z.ZodType<JsonReportSummary>,
  'Score, grade, verdict and the safety counts.',
);

const diff = doc(
  z.object({
    key: doc(z.string(), 'Argument name.'),
    kind: doc(z.enum(['mismatch', 'missing', 'unexpected']), 'mismatch, missing (not passed) or unexpected.'),
    expected: doc(z.unknown(), 'Expected value, matchers in $ operator form; absent for unexpected.').optional(),
    actual: doc(z.unknown(), 'Value passed; absent for missing.').optional(),
  }) satisfies z.ZodType<JsonReportDiff>,
  'One argument difference.',
);

const issue = doc(
  z.object({
    kind: doc(z.enum(ISSUE_KINDS), 'What kind of issue it is.'),
    tool: doc(z.string(), 'The tool the issue is about (the one called, for wrong_tool and extra).'),
    expected_index: position('0-based index of the expected call concerned, or null.'),
    actual_index: position('0-based index of the actual call concerned, or null.'),
    problem: doc(z.string(), 'What went wrong, in one sentence.'),
    fix: doc(z.string(), 'A concrete suggestion.'),
    diffs: doc(z.array(diff), 'Per-argument differences, for argument mismatches.').optional(),
  }) satisfies z.ZodType<JsonReportIssue>,
  'One item of "Top issues to fix".',
);

const fraction = z.number().min(0).max(1);
const rate = (description: string) => doc(fraction, description);
const number = (description: string) => doc(z.number(), description);
const names = (description: string) => doc(z.array(z.string()), description);
/** A list of records; their keys are described in docs/metrics.md. */
const records = (description: string) => doc(z.array(z.looseObject({})), description);
/** A metric section: every key of its type, checked by the typecheck against the Metrics record's. */
const section = <T>(shape: Record<keyof T, z.ZodType>, description: string) =>
  doc(z.looseObject(shape as Record<string, z.ZodType>), description);

const metrics = doc(
  z.looseObject({
    invocation_accuracy: rate(
      'Overlap of the expected and the called tool names, less half a point per tool on one side only, over the expected ones (0 to 1).',
    ),
    selection_accuracy: rate('Share of expected calls answered by a call of the right tool.'),
    required_call_recall: doc(
      fraction.nullable(),
      'Share of expected calls made without failing (arguments and order aside); null when nothing was expected.',
    ),
    tool_correctness_metrics: section<ToolCorrectnessMetrics>(
      {
        tool_correctness: rate('Share of expected tool names called at least once.'),
        expected_tools: names('The tools expected.'),
        called_tools: names('The tools called.'),
        missing_tools: names('Expected tools never called.'),
        extra_tools: names('Tools called that nobody expected.'),
        correct_count: count('Expected tools that were called.'),
        total_expected: count('Distinct expected tools.'),
        strict_order: doc(z.literal(false), "Always false: order is the sequence metrics' concern."),
      },
      'Which expected tools were called, and which were not.',
    ),
    sequence_metrics: section<SequenceMetrics>(
      {
        edit_distance: count('Edit distance between the expected and the actual tool sequences.'),
        normalized_distance: rate("The edit distance over the longer sequence's length."),
        sequence_accuracy: rate('1 − the normalized distance.'),
      },
      'Order of the calls.',
    ),
    trajectory_metrics: section<TrajectoryMetrics>(
      {
        trajectory_accuracy: rate('step_match_rate × path_efficiency.'),
        step_match_rate: rate(
          'Positions where the expected tool was called with the expected arguments, over expected steps.',
        ),
        path_efficiency: rate('Expected over actual steps when more were taken, else 1.'),
        correct_steps: count('Steps that matched.'),
        total_expected_steps: count('Expected steps.'),
        trajectory_details: records('Each position: step, expected_tool, actual_tool, matches, the arguments.'),
      },
      'The path of the calls against the expected path.',
    ),
    argument_metrics: section<ArgumentMetrics>(
      {
        precision: rate('Of the arguments passed in paired calls, the share expected and correct.'),
        recall: rate('Of the expected arguments, the share passed correctly.'),
        f1: rate('Harmonic mean of precision and recall.'),
      },
      'Arguments of the paired calls.',
    ),
    efficiency_metrics: section<EfficiencyMetrics>(
      {
        redundant_count: count('Calls beyond the expected number per tool.'),
        redundant_rate: rate('Calls beyond the expected number per tool, over all calls.'),
        identical_count: count('Exact repeats: calls minus distinct (tool, arguments) signatures.'),
        identical_rate: rate('Exact repeats over all calls.'),
        error_count: count('Calls that failed.'),
        error_rate: rate('Share of calls that failed.'),
        retry_after_error_count: count('Failed calls immediately repeated with the same tool and arguments.'),
        total_calls: count('Calls in the trace.'),
      },
      'Repeated and failed calls.',
    ),
    security_metrics: section<SecurityMetrics>(
      {
        secret_count: count('Credentials found in call arguments.'),
        secrets: records('Each credential: index, tool, path, kind and a masked preview.'),
      },
      'Credentials in arguments.',
    ),
    policy_metrics: section<PolicyMetrics>(
      {
        violation_count: count('Calls that matched a forbidden rule.'),
        rule_count: count('Rules given.'),
        violations: records('Each violation: index, tool, args, rule, reason.'),
      },
      'Forbidden calls (present when rules were given).',
    ).optional(),
    budget_metrics: section<BudgetMetrics>(
      {
        limits: doc(z.looseObject({}), 'The budgets given.'),
        violation_count: count('Budgets broken.'),
        violations: records('Each broken budget: limit, value, max, tool.'),
      },
      'Call, time and cost budgets (present when budgets were given).',
    ).optional(),
    schema_metrics: section<SchemaMetrics>(
      {
        schema_compliance_rate: rate('Share of validated calls whose arguments fit their schema.'),
        total_validated: count('Calls validated.'),
        total_errors: count('Schema errors found.'),
        failed_count: count('Calls that failed validation.'),
        failed_calls: records('The calls that failed: index and tool.'),
        error_details: records('Each error: index, tool, path, keyword, message.'),
      },
      'Arguments against tool schemas (present when a catalogue or gold schemas were given).',
    ).optional(),
    latency_metrics: section<LatencyMetrics>(
      {
        total_duration: number('Seconds, summed over calls.'),
        average_duration: number('Seconds per call with a duration.'),
        max_duration: number('Longest call, seconds.'),
        min_duration: number('Shortest call, seconds.'),
      },
      'Durations (present when a call recorded one).',
    ).optional(),
    cost_metrics: section<CostMetrics>(
      {
        total_cost: number('USD, summed over calls.'),
        average_cost: number('USD per call with a cost.'),
        cost_by_tool: doc(z.record(z.string(), z.number()), 'USD per tool.'),
      },
      'Costs (present when a call recorded one).',
    ).optional(),
    side_effect_metrics: section<SideEffectMetrics>(
      {
        total_checks: count('Checks run.'),
        passed_checks: count('Checks that passed.'),
        success_rate: rate('Passed over total, 1 when there are no checks.'),
        details: records('Each check: tool, check, passed, reason, expected_index, actual_index.'),
      },
      'Side-effect checks (present when they ran).',
    ).optional(),
    semantic_metrics: doc(
      z.looseObject({ semantic_score: fraction }),
      'The LLM judge (present when asked for).',
    ).optional(),
    turns: doc(
      z.array(
        z.looseObject({
          turn: doc(z.int().min(1), '1-based.'),
          user: doc(z.string().nullable(), "The user's message that opened the turn in the trace, or null."),
          reached: doc(z.boolean(), 'Whether the trace reached the turn (an unreached turn scores 0).'),
          score: rate("The turn's score."),
          grade: doc(z.enum(GRADES), "The turn's grade."),
          verdict: doc(z.enum(['PASS', 'WARN', 'FAIL']), "The turn's verdict."),
          metrics: doc(z.looseObject({}), "The turn's metrics, under these same keys."),
          top_issues: doc(z.array(issue), "The turn's Top issues (indices within the turn)."),
        }),
      ),
      'A conversation gold only: each turn scored on its own (docs/conversations.md).',
    ).optional(),
    turn_pass_rate: rate('A conversation gold only: share of the turns whose verdict is PASS.').optional(),
    first_failing_turn: doc(
      z.int().min(1).nullable(),
      'A conversation gold only: the first turn whose verdict is not PASS, or null.',
    ).optional(),
    turn_aggregate: doc(
      z.enum(['mean', 'min']),
      'A conversation gold only: how the turn scores make the score.',
    ).optional(),
    outcome_metrics: doc(
      z.looseObject({
        checks: count('Outcome checks run (each 1 or 0).'),
        passed: count('Checks passed.'),
        failed: count('Checks failed.'),
        rate: rate('passed / checks.'),
        result_checks: outcomeCounts('Checks of what a call returned ("result").'),
        success_checks: outcomeCounts('Checks of whether a call succeeded ("succeeds", "require_success").'),
        reply_checks: outcomeCounts('Checks of the agent\'s reply ("response").'),
        state_checks: outcomeCounts(
          'Checks of the state ("state": each "expected" value, and "unchanged": true as one).',
        ),
        failures: doc(
          z.array(
            z.looseObject({
              check: doc(z.enum(['result', 'success', 'reply', 'state']), 'The kind of check.'),
              expected_index: doc(z.int().min(0).nullable(), 'The expected call checked, or null (reply).'),
              actual_index: doc(z.int().min(0).nullable(), 'The call that answered it, or null.'),
              tool: doc(z.string().nullable(), "The expected call's tool, or null (reply)."),
              turn: doc(z.int().min(1).nullable(), 'The turn of a reply check in a conversation, or null.'),
              message: doc(z.string(), 'What went wrong, in one sentence.'),
            }),
          ),
          'The failed checks.',
        ),
      }),
      'Outcome checks: results, success, the reply (present only when the gold checks outcomes; docs/outcomes.md).',
    ).optional(),
    state: doc(
      z.looseObject({
        paths_expected: count('How many values the gold\'s state "expected" names.'),
        paths_matched: count('How many of them the after-state matches.'),
        unchanged_required: doc(z.boolean(), 'Whether the gold asks "unchanged": true.'),
        unexpected_changes: count('Changes no "expected" value or "allowed_changes" pattern covers.'),
        changes: doc(
          z.array(
            z.looseObject({
              path: doc(z.string(), 'The path that differs ($.lines.L2.status).'),
              change: doc(z.enum(['added', 'removed', 'changed']), 'How it differs.'),
              before: doc(z.unknown(), 'The value before (absent when added).').optional(),
              after: doc(z.unknown(), 'The value after (absent when removed).').optional(),
              covered_by: doc(
                z.enum(['expected', 'allowed']).nullable(),
                'What accounts for the change: an "expected" value, an "allowed_changes" pattern, or null.',
              ),
            }),
          ),
          'Every path that differs between the before-state and the after-state.',
        ),
      }),
      'The state diff and what covered it (present only when the gold has a "state" and both states were given).',
    ).optional(),
  } satisfies Record<keyof Metrics, z.ZodType>),
  'Every metric, under the same keys as result.metrics.',
);

const goldCall = doc(
  z.object({
    tool: doc(z.string(), 'Tool name.'),
    args: args('Expected arguments, matchers in $ operator form; null means not checked.'),
    description: doc(z.string(), 'What the call is for.').optional(),
    side_effects: doc(z.record(z.string(), z.unknown()), 'Side-effect checks.').optional(),
    optional: doc(z.literal(true), 'The call may be skipped.').optional(),
    extra_args: doc(z.literal('allow'), 'Arguments beyond the expected ones are allowed.').optional(),
    alternatives: doc(z.array(z.string()), 'Tools any of which answers the call.').optional(),
    any_order_group: doc(z.number().int().min(0), 'The any-order group the call belongs to.').optional(),
  }) satisfies z.ZodType<JsonReportGoldCall>,
  'An expected call as the gold file gave it.',
);

const traceCall = doc(
  z.object({
    tool: doc(z.string(), 'Tool name.'),
    args: args('Arguments as passed; null when none were recorded.'),
    result: doc(z.unknown(), 'What the tool returned.'),
    error: doc(z.string().nullable(), 'Error message of a failed call.'),
    is_error: doc(z.boolean(), 'Whether the call failed.'),
    duration: doc(z.number().nullable(), 'Wall time in seconds.'),
    cost: doc(z.number().nullable(), 'Cost in USD.'),
    id: doc(z.string().nullable(), 'Provider or protocol id of the call.'),
    timestamp: doc(z.number().nullable(), 'Unix time in seconds at which the call started.'),
    metadata: args('Anything else the source recorded.'),
  }) satisfies z.ZodType<JsonReportTraceCall>,
  'An actual call with everything the trace recorded.',
);

/** The JSON report `toolscore eval` writes. */
const jsonReportSchema = doc(
  z.object({
    schema_version: doc(z.literal('1'), 'Layout version of the report.'),
    timestamp: doc(z.string(), 'When the report was made, ISO 8601 in UTC.'),
    gold_file: doc(z.string().nullable(), 'Gold file path as given, or null for in-memory calls.'),
    trace_file: doc(z.string().nullable(), 'Trace file path as given, or null for in-memory calls.'),
    summary,
    metrics,
    top_issues: doc(z.array(issue), 'Ranked "Top issues to fix", all of them.'),
    findings: doc(
      z.array(z.object({ severity: z.enum(['error', 'warning']), message: z.string() })),
      'Behaviour and safety findings, errors first.',
    ),
    warnings: doc(z.array(z.string()), 'Input that was skipped or repaired while reading the trace.'),
    gold: doc(
      z.object({
        order: z.enum(['strict', 'any']),
        extra_args: z.enum(['allow', 'deny']),
        ignore_tools: z.array(z.string()),
        allow_extra_calls: z.boolean(),
        skipped_optional_calls: count('Optional expected calls the agent did not make.'),
        unscored_calls: doc(z.array(z.number().int().min(0)), 'Positions of the actual calls not scored.'),
      }),
      'The gold-language options in force and what they left out.',
    ),
    gold_calls: doc(z.array(goldCall), 'The expected calls (the effective gold).'),
    trace_calls: doc(z.array(traceCall), 'The actual calls.'),
  }),
  'The JSON report of a toolscore evaluation (toolscore.json).',
);

/** schemas/report.json. */
export function jsonReportJsonSchema(): Record<string, unknown> {
  return jsonSchemaFile(jsonReportSchema, registry, 'report.json', 'toolscore JSON report');
}
