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

/*
 * The JSON report (`toolscore.json`) as a zod schema, from which schemas/report.json is emitted. The
 * parts' output types must be the report's own types (json.ts), so a key added there without an entry
 * here fails the typecheck. Objects allow keys beyond these: adding keys does not bump the layout
 * version. The metric sections are checked for the numbers every report has; their details are typed
 * by the Metrics record (src/metrics/), not here.
 */

const { registry, doc } = schemaDocs();

const count = (description: string) => doc(z.number().int().min(0), description);
const unit = (description: string) => doc(z.number().min(0).max(1), description);
const position = (description: string) => doc(z.number().int().min(0).nullable(), description);
const args = (description: string) => doc(z.record(z.string(), z.unknown()).nullable(), description);

const summary = doc(
  z.object({
    score: unit('Composite score in [0, 1].'),
    grade: doc(z.enum(GRADES), 'Letter grade of the score.'),
    verdict: doc(z.enum(['PASS', 'WARN', 'FAIL']), 'PASS ≥ 0.9, WARN ≥ 0.7, else FAIL.'),
    weights: doc(
      z.object(
        Object.fromEntries(WEIGHT_NAMES.map((name) => [name, z.number().min(0).max(1)])) as Record<
          WeightName,
          z.ZodNumber
        >,
      ),
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
const metrics = doc(
  z.object({
    invocation_accuracy: doc(fraction, 'Whether tools were called when they should have been, 0 to 1.'),
    selection_accuracy: doc(fraction, 'Share of expected calls answered by a call of the right tool.'),
    required_call_recall: doc(fraction.nullable(), 'Share of required calls made; null when nothing was expected.'),
    tool_correctness_metrics: doc(z.looseObject({}), 'Which expected tools were called, and which were not.'),
    sequence_metrics: doc(
      z.looseObject({ sequence_accuracy: fraction }),
      'Order of the calls (edit distance to the expected order).',
    ),
    trajectory_metrics: doc(z.looseObject({}), 'The path of the calls against the expected path.'),
    argument_metrics: doc(z.looseObject({ f1: fraction }), 'Precision, recall and F1 of the arguments.'),
    efficiency_metrics: doc(
      z.looseObject({ redundant_rate: fraction, error_count: z.number().int().min(0) }),
      'Repeated and failed calls.',
    ),
    security_metrics: doc(z.looseObject({ secret_count: z.number().int().min(0) }), 'Credentials in arguments.'),
  }),
  'Every metric, under the same keys as result.metrics; sections for policies, budgets, schemas, latency, cost, side effects and the judge appear when they apply.',
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
export const jsonReportSchema = doc(
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
