import { ToolscoreInputError, childPath, describeType } from '../../core/errors.js';
import { isObject } from '../../core/objects.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { CallCollector, type FromOptions, describeKeys, outcomeOf, readInMemory } from '../support/call-collector.js';
import type { ParseContext, TraceFormat, TraceRun } from '../types.js';
import { assistantText, userText } from '../support/turns.js';
import { readContentObject } from './gemini.js';

/**
 * Google Agent Development Kit (ADK) recordings, in snake_case (Python `model_dump`) or camelCase
 * (the web / API server's JSON):
 * - a session (`{id, app_name, user_id, state, events}`) or a list of its events: each event's
 *   `content` is a Gemini content, read by the Gemini reader's part reading (`function_call` parts are
 *   calls, `function_response` parts their results by id, else by name; a `response` with an `error`
 *   member marks the call failed). An agent transfer is the `transfer_to_agent` call it is; the event's
 *   `actions` only repeat its effect. Partial (streaming) events are skipped: the complete event after
 *   them holds the same content.
 * - an eval set (`*.evalset.json`, `{eval_set_id, eval_cases: [{eval_id, conversation}]}`): each
 *   invocation's `intermediate_data.tool_uses` are calls, `tool_responses` their results, or its
 *   `invocation_events` are read like session events. Each eval case is a run (`batch` scores each as
 *   its own case, named by its `eval_id`); one case alone (`{eval_id, conversation}`) is read too.
 *   Each invocation is a conversation turn, its `user_content` the user message and its
 *   `final_response` the reply (a whole reading of several cases, each its own conversation, is one turn).
 * - the older eval data (`*.test.json`): a list of turns `{query, expected_tool_use: [{tool_name,
 *   tool_input, mock_tool_output}], reference}`, and the first eval sets, a list of cases `{name,
 *   data: [turns], initial_session}` (each case a run, named by its `name`); each turn's `query` is a
 *   user message, its `reference` the reply.
 */

const FORMAT = 'adk';

/** The value of the first key present (snake_case or camelCase spelling). */
function field(object: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) if (object[key] !== undefined) return object[key];
  return undefined;
}

/** The key of `keys` the object holds (for paths), the first one otherwise. */
function keyOf(object: Record<string, unknown>, ...keys: string[]): string {
  return keys.find((key) => object[key] !== undefined) ?? keys[0]!;
}

// ---- Sessions ----------------------------------------------------------------------------------

function isEvent(value: unknown): value is Record<string, unknown> {
  return isObject(value) && typeof value.author === 'string' && !('role' in value);
}

/** A session's event: an `author` and an invocation id (a list of them alone is ADK's and no one else's). */
function isSessionEvent(value: unknown): boolean {
  return isEvent(value) && (typeof value.invocation_id === 'string' || typeof value.invocationId === 'string');
}

function isSession(data: unknown): data is Record<string, unknown> & { events: unknown[] } {
  return (
    isObject(data) &&
    Array.isArray(data.events) &&
    (data.events.length > 0
      ? data.events.every(isEvent)
      : typeof field(data, 'app_name', 'appName') === 'string' && typeof field(data, 'user_id', 'userId') === 'string')
  );
}

function readEvents(events: readonly unknown[], path: string, calls: CallCollector, context: ParseContext): void {
  let partial = 0;
  events.forEach((event, i) => {
    const eventPath = childPath(path, i);
    if (!isEvent(event))
      return context.warn(eventPath, `skipped ${describeKeys(event)}: expected an ADK event {author, content}`);
    if (event.partial === true) {
      partial++;
      return;
    }
    const content = event.content;
    if (isObject(content)) readContentObject(content, childPath(eventPath, 'content'), calls, context);
  });
  if (partial > 0)
    context.warn(
      path,
      `skipped ${partial} partial (streaming) event${partial === 1 ? '' : 's'}; the complete event after them holds their content`,
    );
}

// ---- Eval sets ---------------------------------------------------------------------------------

function casesOf(data: unknown): unknown[] | undefined {
  if (!isObject(data)) return undefined;
  const cases = field(data, 'eval_cases', 'evalCases');
  return Array.isArray(cases) ? cases : undefined;
}

function isEvalSet(data: unknown): boolean {
  if (!isObject(data) || casesOf(data) === undefined) return false;
  return typeof field(data, 'eval_set_id', 'evalSetId') === 'string' && casesOf(data)!.every(isObject);
}

function isEvalCase(data: unknown): data is Record<string, unknown> {
  return (
    isObject(data) &&
    typeof field(data, 'eval_id', 'evalId') === 'string' &&
    Array.isArray(data.conversation) &&
    data.conversation.every(isObject)
  );
}

function readEvalSet(data: Record<string, unknown>, calls: CallCollector, context: ParseContext): void {
  const casesKey = keyOf(data, 'eval_cases', 'evalCases');
  const cases = data[casesKey] as unknown[];
  cases.forEach((evalCase, i) => {
    if (isObject(evalCase)) readEvalCase(evalCase, childPath(`$.${casesKey}`, i), calls, context, cases.length === 1);
  });
}

function readEvalCase(
  evalCase: Record<string, unknown>,
  path: string,
  calls: CallCollector,
  context: ParseContext,
  countTurns = true,
): void {
  const invocations = evalCase.conversation;
  if (!Array.isArray(invocations)) {
    if (invocations !== undefined && invocations !== null)
      context.warn(
        childPath(path, 'conversation'),
        `skipped a conversation that is ${describeType(invocations)}, not a list`,
      );
    return;
  }
  invocations.forEach((invocation, j) => {
    const invocationPath = childPath(childPath(path, 'conversation'), j);
    if (!isObject(invocation))
      return context.warn(
        invocationPath,
        `skipped ${describeType(invocation)}: expected an invocation {invocation_id, intermediate_data}`,
      );
    // Each invocation is a turn the user opened, with or without text.
    const contentKey = keyOf(invocation, 'user_content', 'userContent');
    const content = invocation[contentKey];
    if (countTurns)
      calls.turns.user(childPath(invocationPath, contentKey), isObject(content) ? userText(content.parts) : '');
    const dataKey = keyOf(invocation, 'intermediate_data', 'intermediateData');
    const intermediate = invocation[dataKey];
    if (isObject(intermediate)) readIntermediateData(intermediate, childPath(invocationPath, dataKey), calls, context);
    // The invocation's final response (a content) is its reply.
    const finalKey = keyOf(invocation, 'final_response', 'finalResponse');
    const final = invocation[finalKey];
    if (isObject(final)) calls.turns.assistant(childPath(invocationPath, finalKey), assistantText(final.parts));
  });
}

function readIntermediateData(
  data: Record<string, unknown>,
  path: string,
  calls: CallCollector,
  context: ParseContext,
): void {
  const eventsKey = keyOf(data, 'invocation_events', 'invocationEvents');
  if (Array.isArray(data[eventsKey]))
    return readEvents(data[eventsKey] as unknown[], childPath(path, eventsKey), calls, context);
  const usesKey = keyOf(data, 'tool_uses', 'toolUses');
  const uses = data[usesKey];
  if (Array.isArray(uses))
    uses.forEach((use, i) => {
      const usePath = childPath(childPath(path, usesKey), i);
      if (!isObject(use))
        return calls.markUnreadable(usePath, `a tool use that is ${describeType(use)}, not an object`);
      const args =
        use.args === undefined || use.args === null ? {} : readArguments(use.args, childPath(usePath, 'args'), context);
      calls.add(use.name, args, usePath, { id: use.id });
    });
  const responsesKey = keyOf(data, 'tool_responses', 'toolResponses');
  const responses = data[responsesKey];
  if (Array.isArray(responses))
    responses.forEach((response, i) => {
      const responsePath = childPath(childPath(path, responsesKey), i);
      if (!isObject(response))
        return context.warn(responsePath, `ignored a tool response that is ${describeType(response)}, not an object`);
      calls.addResult({ id: response.id, name: response.name }, outcomeOf(response.response), responsePath);
    });
}

// ---- Older eval data (*.test.json) -------------------------------------------------------------

function isTestTurn(value: unknown): boolean {
  return isObject(value) && typeof value.query === 'string' && Array.isArray(value.expected_tool_use);
}

function isTestData(data: unknown): data is Record<string, unknown>[] {
  return Array.isArray(data) && data.length > 0 && data.every(isTestTurn);
}

function readTestData(
  turns: Record<string, unknown>[],
  path: string,
  calls: CallCollector,
  context: ParseContext,
  countTurns = true,
): void {
  turns.forEach((turn, i) => {
    if (countTurns) calls.turns.user(childPath(childPath(path, i), 'query'), turn.query as string);
    const usesPath = childPath(childPath(path, i), 'expected_tool_use');
    (turn.expected_tool_use as unknown[]).forEach((use, j) => {
      const usePath = childPath(usesPath, j);
      if (!isObject(use))
        return calls.markUnreadable(usePath, `an expected tool use that is ${describeType(use)}, not an object`);
      const input = use.tool_input;
      const args =
        input === undefined || input === null ? {} : readArguments(input, childPath(usePath, 'tool_input'), context);
      calls.add(use.tool_name, args, usePath);
      if (use.mock_tool_output !== undefined)
        calls.addResult({ name: use.tool_name }, outcomeOf(use.mock_tool_output), usePath);
    });
    // The turn's `reference` is its final response, as an eval set's `final_response` is (ADK converts one to the other).
    if (typeof turn.reference === 'string')
      calls.turns.assistant(childPath(childPath(path, i), 'reference'), turn.reference);
  });
}

/** An eval case of the first eval sets (`*.evalset.json` before `eval_cases`): `{name, data: [turns]}`. */
function isLegacyCase(value: unknown): value is Record<string, unknown> & { data: Record<string, unknown>[] } {
  return isObject(value) && typeof value.name === 'string' && Array.isArray(value.data) && value.data.every(isTestTurn);
}

/** The first eval sets: a list of such cases. */
function isLegacyEvalSet(data: unknown): data is (Record<string, unknown> & { data: Record<string, unknown>[] })[] {
  return Array.isArray(data) && data.every(isLegacyCase) && data.some((evalCase) => evalCase.data.length > 0);
}

/** The runs of an eval set: its cases by `eval_id` (a first eval set's by `name`, each its list of turns). */
function evalSetRuns(data: unknown): TraceRun[] | undefined {
  if (isLegacyEvalSet(data)) return data.map((evalCase) => ({ id: evalCase.name as string, data: evalCase.data }));
  const cases = isEvalSet(data) ? casesOf(data) : undefined;
  return cases?.map((evalCase) => {
    const id = isObject(evalCase) ? field(evalCase, 'eval_id', 'evalId') : undefined;
    return { id: typeof id === 'string' ? id : '', data: evalCase };
  });
}

/**
 * Whether a document is ADK eval data (an eval set, one eval case, `*.test.json` turns or a first eval
 * set), the expected calls `toolscore gold --from-adk` converts; a session is a recording, not these.
 */
export function isADKEvalData(data: unknown): boolean {
  return isEvalSet(data) || isEvalCase(data) || isTestData(data) || isLegacyEvalSet(data);
}

// ---- The format --------------------------------------------------------------------------------

function looksLikeADK(data: unknown): boolean {
  if (Array.isArray(data))
    return (data.length > 0 && data.every(isSessionEvent)) || isTestData(data) || isLegacyEvalSet(data);
  return isSession(data) || isEvalSet(data) || isEvalCase(data);
}

/** Google ADK sessions, eval sets and older eval data. */
export const adkFormat: TraceFormat = {
  name: FORMAT,
  looksFor:
    'an ADK session ({"app_name", "user_id", "events": [{author, content}]}), an eval set ({"eval_set_id", "eval_cases"}) or one of its cases ({"eval_id", "conversation"}), or *.test.json turns ({query, expected_tool_use}), also as cases [{name, data: [turns]}]',
  marks: [
    'app_name',
    'appName',
    'user_id',
    'events',
    'author',
    'invocation_id',
    'eval_set_id',
    'eval_cases',
    'eval_id',
    'conversation',
    'intermediate_data',
    'tool_uses',
    'expected_tool_use',
  ],
  detect: looksLikeADK,
  runs: { keys: ['eval_cases', 'evalCases', 'expected_tool_use'], split: evalSetRuns },
  description:
    'Google ADK sessions (events with Gemini function_call / function_response parts, snake_case or camelCase), eval sets (*.evalset.json intermediate_data) and *.test.json eval data',
  recordsReplies: true,
  parse(data, context): ToolCall[] {
    const calls = new CallCollector(context, FORMAT);
    if (isTestData(data)) readTestData(data, '$', calls, context);
    else if (isLegacyEvalSet(data))
      data.forEach((evalCase, i) =>
        readTestData(evalCase.data, childPath(childPath('$', i), 'data'), calls, context, data.length === 1),
      );
    else if (Array.isArray(data) && data.length > 0 && data.some(isEvent)) readEvents(data, '$', calls, context);
    else if (isObject(data) && Array.isArray(data.events)) readEvents(data.events, '$.events', calls, context);
    else if (isObject(data) && casesOf(data) !== undefined) readEvalSet(data, calls, context);
    else if (isObject(data) && Array.isArray(data.conversation)) readEvalCase(data, '$', calls, context);
    else
      throw new ToolscoreInputError(
        { source: context.source, path: '$' },
        `expected an ADK session ({"events": [...]}), an eval set ({"eval_cases": [...]}) or case ({"conversation": [...]}), or a list of {query, expected_tool_use} turns; got ${describeKeys(data)}`,
      );
    return calls.finish();
  },
};

/** Calls from an ADK session, eval set or eval data held in memory. */
export function fromADK(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(adkFormat, value, options);
}
