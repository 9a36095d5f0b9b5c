import * as z from 'zod';
import { ToolscoreInputError, childPath, describeType } from '../core/errors.js';
import { GRADES } from '../core/grade.js';
import { ISSUE_KINDS } from '../core/issues.js';
import { isObject } from '../core/objects.js';
import { jsonSchemaFile, schemaDocs } from '../io/json-schema.js';
import {
  BATCH_METRICS,
  type BatchErrorLine,
  type BatchLine,
  type BatchMetric,
  type BatchScoredLine,
  type BatchShardLine,
} from './types.js';

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

const turns = doc(
  z
    .object({
      count: doc(z.number().int().min(1), "Turns scored: the gold's, and trace turns beyond it that held calls."),
      passed: count('Turns whose verdict is PASS.'),
      pass_rate: doc(z.number().min(0).max(1), 'passed / count.'),
      first_failing: doc(
        z.number().int().min(1).nullable(),
        'The first turn (1-based) whose verdict is not PASS, or null when every turn passed.',
      ),
    })
    .optional(),
  "A conversation gold's turns (docs/conversations.md); absent for a flat gold.",
);

const id = doc(z.string(), "The case's id, or the trace path for --traces / --trace-dir.");
const index = doc(z.number().int().min(0), '0-based position of the case in the whole dataset.');
const trial = doc(
  z.number().int().min(1).optional(),
  "Which run of the case this line is, when the dataset's case carries one: the lines sharing an id with a trial are one case run n times.",
);

const scoredLine = doc(
  z.object({
    id,
    index,
    trial,
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
    turns,
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
    trial,
    line: doc(z.number().int().min(1).optional(), '1-based line of the case in a JSON Lines input.'),
    error: doc(z.string(), 'What was wrong, naming the file and JSON path where known.'),
  }) satisfies z.ZodType<BatchErrorLine>,
  'A case that could not be read or scored.',
);

const shardLine = doc(
  z.object({
    shard: doc(
      z.object({
        index: doc(z.number().int().min(1), '1-based index of the shard (--shard i/n: i).'),
        count: doc(z.number().int().min(1), 'How many shards the dataset was split into (n).'),
      }),
      'Which shard these results are.',
    ),
    dataset: doc(
      z.object({
        sha256: doc(
          z.string().regex(/^[0-9a-f]{64}$/),
          "SHA-256 (hex) of the dataset file's bytes; for --traces and --trace-dir, of the case ids in order.",
        ),
        cases: count('Cases in the whole dataset (all shards).'),
      }),
      'The dataset the shard is a slice of.',
    ),
  }) satisfies z.ZodType<BatchShardLine>,
  "The last line of a shard's results (toolscore batch --shard i/n), written once the whole dataset was read; toolscore merge checks the set of shards against it.",
);

/** One line of `results.jsonl`: a scored case, an error, or a shard's last line. */
export const resultsLineSchema = doc(
  z.union([scoredLine, errorLine, shardLine]),
  "One line of toolscore batch results (results.jsonl): a scored case, a case that could not be scored, or a shard's last line.",
);

/** A line read back: a case's, or the shard line that ends a shard's results. */
export type ReadResultsLine = { kind: 'case'; line: BatchLine } | { kind: 'shard'; line: BatchShardLine };

/**
 * Checks a line read back from a results file (`toolscore merge`, the reports, `regression`, `compare`)
 * against its schema, so a tampered line (a score of 7, a negative count) is refused, never aggregated.
 * `source` is `file:line`; the error names the JSON path and what was expected there. The value is
 * returned as read (keys in their order), not as zod rebuilds it.
 */
export function checkResultsLine(value: unknown, source: string): ReadResultsLine {
  if (!isObject(value)) throw lineError(source, '$', `expected an object, got ${describeType(value)}`);
  const isShard = !Object.hasOwn(value, 'id') && Object.hasOwn(value, 'shard');
  const schema = isShard ? shardLine : Object.hasOwn(value, 'error') ? errorLine : scoredLine;
  const issue = firstIssue(schema, value);
  if (issue !== undefined) {
    let path = '$';
    let actual: unknown = value;
    for (const key of issue.path) {
      path = childPath(path, typeof key === 'number' ? key : String(key));
      actual = isObject(actual) || Array.isArray(actual) ? (actual as Record<PropertyKey, unknown>)[key] : undefined;
    }
    throw lineError(source, path, `${expectation(issue)}, got ${gotText(actual)}`);
  }
  return isShard
    ? { kind: 'shard', line: value as unknown as BatchShardLine }
    : { kind: 'case', line: value as unknown as BatchLine };
}

/** The first way a line breaks its schema, if any. */
function firstIssue(schema: z.ZodType, value: Record<string, unknown>): z.core.$ZodIssue | undefined {
  const checked = schema.safeParse(value);
  if (!checked.success) return checked.error.issues[0];
  // zod's record leaves a key named __proto__ unchecked, and a tool may be named that.
  const tools = value.tools;
  if (schema === scoredLine && isObject(tools) && Object.hasOwn(tools, '__proto__')) {
    const counts = toolCounts.safeParse(Object.getOwnPropertyDescriptor(tools, '__proto__')!.value);
    if (!counts.success) {
      const issue = counts.error.issues[0]!;
      return { ...issue, path: ['tools', '__proto__', ...issue.path] };
    }
  }
  return undefined;
}

function lineError(source: string, path: string, reason: string): ToolscoreInputError {
  return new ToolscoreInputError(
    { source, ...(path === '$' ? {} : { path }) },
    `${reason}; expected a line of toolscore batch results ({id, index, score, …} or {id, index, error})`,
  );
}

const TYPE_NAMES: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'a string',
  object: 'an object',
  record: 'an object',
};

/** What the schema wanted where a line broke it. */
function expectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return `expected at most ${String(issue.maximum)}`;
    case 'too_small':
      return `expected at least ${String(issue.minimum)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return 'expected 64 hexadecimal digits';
    default:
      return `expected ${issue.message}`;
  }
}

/** The offending value, short (a line may be long). */
function gotText(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = typeof value === 'object' && value !== null ? describeType(value) : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** schemas/results-line.json. */
export function resultsLineJsonSchema(): Record<string, unknown> {
  return jsonSchemaFile(resultsLineSchema, registry, 'results-line.json', 'toolscore batch results line');
}
