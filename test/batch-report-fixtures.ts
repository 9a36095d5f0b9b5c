import type { BatchLine, BatchSummary } from '../src/batch/types.js';
import type { BatchReportInput } from '../src/batch/reports/view.js';
import { IMG_PAYLOAD, SCRIPT_PAYLOAD, SECRET } from './report-fixtures.js';

/*
 * A batch of five cases the batch report tests share, written by hand: four scored (1, 0.85, 0.25, 0.7)
 * and one that could not be read (index 3). The summary is worked out from the lines by hand:
 * mean (1 + 0.85 + 0.25 + 0.7) / 4 = 0.7, grade C; nearest-rank median of 0.25, 0.7, 0.85, 1 is the 2nd
 * (0.7), p10 the 1st (0.25), p90 the 4th (1); with --min-score 0.8, 2 of 4 cases pass.
 */

export const BATCH_TIME = '2025-06-14T09:30:00.000Z';

const BOOK_PROBLEM = 'book_flight failed: "Payment declined: card expired" and was not retried successfully';
const BOOK_FIX =
  'fix the arguments or the tool so book_flight succeeds, and let the agent retry with corrected input after an error';
const DELETE_PROBLEM = 'expected call to delete_db was not made';
const DELETE_FIX = 'make sure delete_db is offered to the agent and the prompt or its description says when to call it';
const PING_PROBLEM = 'unexpected call to ping';
const PING_FIX =
  'stop the agent from calling ping here (prompt or tool description), or add the call to the gold standard if it is needed';

/** The five results lines, in dataset order. */
export function exampleLines(): BatchLine[] {
  return [
    {
      id: 'weather-1',
      index: 0,
      score: 1,
      grade: 'A',
      verdict: 'PASS',
      metrics: {
        invocation_accuracy: 1,
        selection_accuracy: 1,
        argument_f1: 1,
        sequence_accuracy: 1,
        redundant_rate: 0,
        required_call_recall: 1,
      },
      expected_calls: 2,
      actual_calls: 2,
      failed_calls: 0,
      policy_violations: 0,
      secrets: 0,
      budget_violations: 0,
      tools: {
        get_weather: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0 },
        send_email: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0 },
      },
      top_issue: null,
    },
    {
      id: 'flights-2',
      index: 1,
      score: 0.85,
      grade: 'B',
      verdict: 'WARN',
      metrics: {
        invocation_accuracy: 0.875,
        selection_accuracy: 0.8,
        argument_f1: 0.9166666666666666,
        sequence_accuracy: 0.8,
        redundant_rate: 0.2,
        required_call_recall: 0.75,
      },
      expected_calls: 4,
      actual_calls: 5,
      failed_calls: 1,
      policy_violations: 0,
      secrets: 0,
      budget_violations: 0,
      tools: {
        get_weather: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0 },
        search_flights: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0 },
        book_flight: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 1 },
        charge_card: { expected_calls: 0, actual_calls: 1, selection_misses: 0, failed_calls: 0 },
        send_email: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0 },
      },
      top_issue: { kind: 'failed', tool: 'book_flight', problem: BOOK_PROBLEM, fix: BOOK_FIX },
    },
    {
      id: 'cleanup-3',
      index: 2,
      score: 0.25,
      grade: 'F',
      verdict: 'FAIL',
      metrics: {
        invocation_accuracy: 1,
        selection_accuracy: 0.5,
        argument_f1: 0,
        sequence_accuracy: 0.5,
        redundant_rate: 0,
        required_call_recall: 0.5,
      },
      expected_calls: 2,
      actual_calls: 2,
      failed_calls: 0,
      policy_violations: 1,
      secrets: 1,
      budget_violations: 0,
      tools: {
        search: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0 },
        delete_db: { expected_calls: 1, actual_calls: 0, selection_misses: 1, failed_calls: 0 },
        drop_table: { expected_calls: 0, actual_calls: 1, selection_misses: 0, failed_calls: 0 },
      },
      top_issue: { kind: 'missing', tool: 'delete_db', problem: DELETE_PROBLEM, fix: DELETE_FIX },
    },
    {
      id: 'broken"case',
      index: 3,
      line: 4,
      error: 'cases.jsonl:4: expected a JSON object, got invalid JSON (Unexpected end of JSON input)',
    },
    {
      id: 'ping-5',
      index: 4,
      score: 0.7,
      grade: 'C',
      verdict: 'WARN',
      metrics: {
        invocation_accuracy: 1,
        selection_accuracy: 1,
        argument_f1: 0.5,
        sequence_accuracy: 1,
        redundant_rate: 0,
        required_call_recall: null,
      },
      expected_calls: 0,
      actual_calls: 1,
      failed_calls: 0,
      policy_violations: 0,
      secrets: 0,
      budget_violations: 0,
      tools: { ping: { expected_calls: 0, actual_calls: 1, selection_misses: 0, failed_calls: 0 } },
      top_issue: { kind: 'extra', tool: 'ping', problem: PING_PROBLEM, fix: PING_FIX },
    },
  ];
}

/** The summary of {@link exampleLines} with --min-score 0.8, worked out by hand. */
export function exampleSummary(): BatchSummary {
  return {
    schema_version: 1,
    toolscore_version: '0.0.0-test',
    created_at: BATCH_TIME,
    cases: { total: 5, scored: 4, failed: 1 },
    score: { count: 4, mean: 0.7, median: 0.7, p10: 0.25, p90: 1, min: 0.25, max: 1 },
    metrics: {
      // 1, 0.875, 1, 1
      invocation_accuracy: { count: 4, mean: 0.96875, median: 1, p10: 0.875, p90: 1, min: 0.875, max: 1 },
      // 1, 0.8, 0.5, 1
      selection_accuracy: { count: 4, mean: 0.825, median: 0.8, p10: 0.5, p90: 1, min: 0.5, max: 1 },
      // 1, 11/12, 0, 0.5
      argument_f1: { count: 4, mean: 0.6041666666666666, median: 0.5, p10: 0, p90: 1, min: 0, max: 1 },
      sequence_accuracy: { count: 4, mean: 0.825, median: 0.8, p10: 0.5, p90: 1, min: 0.5, max: 1 },
      // 0, 0.2, 0, 0
      redundant_rate: { count: 4, mean: 0.05, median: 0, p10: 0, p90: 0.2, min: 0, max: 0.2 },
      // 1, 0.75, 0.5 (ping-5 expected nothing)
      required_call_recall: { count: 3, mean: 0.75, median: 0.75, p10: 0.5, p90: 1, min: 0.5, max: 1 },
    },
    grades: { A: 1, B: 1, C: 1, D: 0, F: 1 },
    min_score: 0.8,
    pass_rate: 0.5,
    // 0.25 → bin 2, 0.7 → bin 7, 0.85 → bin 8, 1 → bin 9.
    histogram: [0, 0, 1, 0, 0, 0, 0, 1, 1, 1],
    tools: {
      get_weather: { expected_calls: 2, actual_calls: 2, selection_misses: 0, failed_calls: 0, error_rate: 0 },
      send_email: { expected_calls: 2, actual_calls: 2, selection_misses: 0, failed_calls: 0, error_rate: 0 },
      search_flights: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0, error_rate: 0 },
      book_flight: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 1, error_rate: 1 },
      charge_card: { expected_calls: 0, actual_calls: 1, selection_misses: 0, failed_calls: 0, error_rate: 0 },
      search: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0, error_rate: 0 },
      delete_db: { expected_calls: 1, actual_calls: 0, selection_misses: 1, failed_calls: 0, error_rate: null },
      drop_table: { expected_calls: 0, actual_calls: 1, selection_misses: 0, failed_calls: 0, error_rate: 0 },
      ping: { expected_calls: 0, actual_calls: 1, selection_misses: 0, failed_calls: 0, error_rate: 0 },
    },
    worst_cases: [
      {
        id: 'cleanup-3',
        index: 2,
        score: 0.25,
        grade: 'F',
        top_issue: { kind: 'missing', tool: 'delete_db', problem: DELETE_PROBLEM, fix: DELETE_FIX },
      },
      {
        id: 'ping-5',
        index: 4,
        score: 0.7,
        grade: 'C',
        top_issue: { kind: 'extra', tool: 'ping', problem: PING_PROBLEM, fix: PING_FIX },
      },
      {
        id: 'flights-2',
        index: 1,
        score: 0.85,
        grade: 'B',
        top_issue: { kind: 'failed', tool: 'book_flight', problem: BOOK_PROBLEM, fix: BOOK_FIX },
      },
      { id: 'weather-1', index: 0, score: 1, grade: 'A', top_issue: null },
    ],
    errors: [
      {
        id: 'broken"case',
        index: 3,
        line: 4,
        error: 'cases.jsonl:4: expected a JSON object, got invalid JSON (Unexpected end of JSON input)',
      },
    ],
    totals: { failed_calls: 1, policy_violations: 1, secrets: 1, budget_violations: 0 },
    gold_warnings: { cases: 0, warnings: [] },
  };
}

/** Lines as the engine hands them over: an async iterable read afresh on every call, counting the reads. */
export function linesOf(lines: readonly BatchLine[]): BatchReportInput['lines'] & { reads: number } {
  const read = Object.assign(
    async function* () {
      read.reads++;
      for (const line of lines) yield line;
    },
    { reads: 0 },
  );
  return read;
}

/** The example batch as report input (--min-score 0.8, from the summary). */
export function exampleInput(overrides: Partial<BatchReportInput> = {}): BatchReportInput {
  return { summary: exampleSummary(), lines: linesOf(exampleLines()), ...overrides };
}

/** Reads a report's chunks into one text. */
export async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

/** A case id past any display limit. */
export const LONG_ID = `case-${'x'.repeat(5000)}-end`;

/**
 * The example with hostile texts: ids that try markup, a quote, a formula, a 5,000-character id; tool
 * names and a top issue with markup, a mention, a credential and characters XML forbids.
 */
export function hostileInput(): BatchReportInput {
  const swap = <T extends { id: string }>(item: T): T => {
    const id =
      item.id === 'weather-1'
        ? LONG_ID
        : item.id === 'cleanup-3'
          ? SCRIPT_PAYLOAD
          : item.id === 'ping-5'
            ? '=HYPERLINK("http://x")'
            : item.id === 'flights-2'
              ? `${IMG_PAYLOAD} @octocat | *x*`
              : item.id;
    return { ...item, id };
  };
  const hostileIssue = {
    kind: 'missing' as const,
    tool: IMG_PAYLOAD,
    problem: `expected call to ${IMG_PAYLOAD} was not made ${SECRET} a\u0000b]]>`,
    fix: `${SCRIPT_PAYLOAD} @octocat`,
  };
  const lines = exampleLines().map((line) => {
    const swapped = swap(line);
    if ('error' in swapped) return { ...swapped, error: `${SCRIPT_PAYLOAD} ]]> \u0000 ${SECRET}` };
    if (swapped.index !== 2) return swapped;
    return {
      ...swapped,
      tools: {
        ...swapped.tools,
        [SCRIPT_PAYLOAD]: { expected_calls: 1, actual_calls: 0, selection_misses: 1, failed_calls: 0 },
      },
      top_issue: hostileIssue,
    };
  });
  const summary = exampleSummary();
  summary.worst_cases = summary.worst_cases.map(swap);
  summary.worst_cases[0]!.top_issue = hostileIssue;
  summary.errors = summary.errors.map((error) => ({ ...error, error: `${SCRIPT_PAYLOAD} ]]> \u0000 ${SECRET}` }));
  summary.tools[SCRIPT_PAYLOAD] = {
    expected_calls: 1,
    actual_calls: 0,
    selection_misses: 1,
    failed_calls: 0,
    error_rate: null,
  };
  return { summary, lines: linesOf(lines) };
}

/**
 * Four cases, three with a conversation gold, worked out by hand: `four` (turns 1, 2 and 4 right, turn 3
 * expects no call and gets one: 3 of 4 turns pass, first failing 3, score 0.75), `flat` (a flat gold,
 * score 1), `right` (2 of 2 turns), `short` (3 gold turns, the trace stops after turn 1: 1 of 3 pass,
 * first failing 2, score 1/3). Summary: 3 conversation cases, 9 turns, 6 passed, mean turn pass rate
 * (0.75 + 1 + 1/3) / 3 = 0.694…, every turn passed in 1, first failing turn 2: 1 case, 3: 1 case.
 */
export const CONVERSATION_DATASET = [
  {
    id: 'four',
    expected: {
      turns: [{ calls: [{ tool: 'a' }] }, { calls: [{ tool: 'b' }] }, { calls: [] }, { calls: [{ tool: 'd' }] }],
    },
    actual: [
      { tool: 'a', turn: 1 },
      { tool: 'b', turn: 2 },
      { tool: 'a', turn: 3 },
      { tool: 'd', turn: 4 },
    ],
  },
  { id: 'flat', expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] },
  {
    id: 'right',
    expected: { turns: [{ calls: [{ tool: 'a' }] }, { calls: [{ tool: 'b' }] }] },
    actual: [
      { tool: 'a', turn: 1 },
      { tool: 'b', turn: 2 },
    ],
  },
  {
    id: 'short',
    expected: { turns: [{ calls: [{ tool: 'a' }] }, { calls: [{ tool: 'b' }] }, { calls: [{ tool: 'c' }] }] },
    actual: [{ tool: 'a', turn: 1 }],
  },
];
