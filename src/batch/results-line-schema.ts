import * as z from 'zod';
import { GRADES } from '../core/grade.js';
import { ISSUE_KINDS } from '../core/issues.js';
import { jsonSchemaFile, schemaDocs } from '../io/json-schema.js';
import { BATCH_METRICS, type BatchErrorLine, type BatchMetric, type BatchScoredLine } from './types.js';

/*
 * One line of `results.jsonl` as a zod schema, from which schemas/results-line.json is emitted. Its
 * output type must be the `BatchScoredLine` / `BatchErrorLine` the engine writes, so a key added there
 * without an entry here fails the typecheck. Objects allow keys beyond these: a newer toolscore may add
 * some without bumping the layout version.
 */

const { registry, doc } = schemaDocs();

const count = (description: string) => doc(z.number().int().min(0), description);
const share = (description: string) => doc(z.number().min(0).max(1).nullable(), description);

/** What each core metric is, by its serialized name. */
const METRIC_DESCRIPTIONS: Record<BatchMetric, string> = {
  invocation_accuracy:
    'Overlap of the expected and the called tool names, less half a point per tool on one side only, over the expected ones (0 to 1).',
  selection_accuracy: 'Share of expected calls answered by a call of the right tool.',
  argument_f1: 'F1 of the arguments of paired calls.',
  sequence_accuracy: "1 − the edit distance between the tool sequences over the longer one's length.",
  redundant_rate: 'Calls beyond the expected number per tool, over all calls.',
  required_call_recall:
    'Share of expected calls made without failing (arguments and order aside); null when nothing was expected.',
};

const metrics = doc(
  z.object(
    Object.fromEntries(BATCH_METRICS.map((name) => [name, share(METRIC_DESCRIPTIONS[name])])) as Record<
      BatchMetric,
      z.ZodNullable<z.ZodNumber>
    >,
  ),
  'The core metrics of the case.',
);

const toolCounts = doc(
  z.object({
    expected_calls: count('Expected calls of this tool.'),
    actual_calls: count('Calls the agent made of this tool.'),
    selection_misses: count('Expected calls of this tool that no call of this tool answered.'),
    failed_calls: count('Calls of this tool that failed.'),
  }),
  'Counts of one tool in the case.',
);

const topIssue = doc(
  z
    .object({
      kind: doc(z.enum(ISSUE_KINDS), 'What kind of issue it is.'),
      tool: doc(z.string(), 'The tool it is about.'),
      problem: doc(z.string(), 'What went wrong, in one sentence (credentials masked).'),
      fix: doc(z.string(), 'A concrete suggestion (credentials masked).'),
    })
    .nullable(),
  'The most important issue of the case, or null when there is none.',
);

const id = doc(z.string(), "The case's id, or the trace path for --traces / --trace-dir.");
const index = doc(z.number().int().min(0), '0-based position of the case in the whole dataset.');

const scoredLine = doc(
  z.object({
    id,
    index,
    score: doc(z.number().min(0).max(1), 'Composite score in [0, 1].'),
    grade: doc(z.enum(GRADES), 'Letter grade of the score.'),
    verdict: doc(z.enum(['PASS', 'WARN', 'FAIL']), 'PASS, WARN or FAIL.'),
    metrics,
    expected_calls: count('Number of expected calls.'),
    actual_calls: count('Number of calls the agent made.'),
    failed_calls: count('Calls that failed.'),
    policy_violations: count('Calls that matched a forbidden rule.'),
    secrets: count('Credentials found in call arguments.'),
    budget_violations: count('Budgets broken (--max-calls, ...).'),
    tools: doc(z.record(z.string(), toolCounts), 'Per tool, by name.'),
    top_issue: topIssue,
    gold_warnings: doc(
      z.array(z.string()).min(1).optional(),
      "What reading the case's gold did not understand (an unknown key, with the key it probably means), each naming its file and JSON path, credentials masked; absent when nothing.",
    ),
  }) satisfies z.ZodType<BatchScoredLine>,
  'A case that was scored.',
);

const errorLine = doc(
  z.object({
    id,
    index,
    line: doc(z.number().int().min(1).optional(), '1-based line of the case in a JSON Lines input.'),
    error: doc(z.string(), 'What was wrong, naming the file and JSON path where known.'),
  }) satisfies z.ZodType<BatchErrorLine>,
  'A case that could not be read or scored.',
);

/** One line of `results.jsonl`: a scored case or an error. */
export const resultsLineSchema = doc(
  z.union([scoredLine, errorLine]),
  'One line of toolscore batch results (results.jsonl): a scored case, or a case that could not be scored.',
);

/** schemas/results-line.json. */
export function resultsLineJsonSchema(): Record<string, unknown> {
  return jsonSchemaFile(resultsLineSchema, registry, 'results-line.json', 'toolscore batch results line');
}
