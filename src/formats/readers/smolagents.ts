import { ToolscoreInputError, childPath } from '../../core/errors.js';
import { isObject } from '../../core/objects.js';
import type { Args } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { CallCollector, type Outcome, describeKeys, readContent } from '../support/call-collector.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * Hugging Face smolagents run memory: the step dicts of `agent.memory.get_full_steps()` (or
 * `get_succinct_steps()`), as a list or as the `steps` of a `RunResult` (`agent.run(...,
 * return_full_result=True)`, `{output, state, steps, token_usage, timing}`). An `ActionStep` dict
 * holds `tool_calls` (`{id, type, function: {name, arguments}}`), `observations` (one text for the
 * step) and `error` (`{type, message}`); `TaskStep`, `PlanningStep`, `SystemPromptStep` and
 * `FinalAnswerStep` dicts hold no call; each `TaskStep` (a run continued with `reset=False` adds one
 * per task) is a user message, a turn.
 *
 * - A step with one call: `observations` is its result. A step with several (a ToolCallingAgent
 *   running them in parallel) records one text joining their observations, which is not split:
 *   those calls get no result, with one warning counting such steps.
 * - A step with an `error` fails its call, with the error's message. A ToolCallingAgent whose tool
 *   raised records no `tool_calls` for the step; its calls are then the ones `model_output_message`
 *   announced. With several calls, the one the message names (`tool 'x'`) failed. A step whose
 *   error no call caused (output not parsed, max steps) is no call.
 * - A CodeAgent's step is one `python_interpreter` call whose arguments are the code text: read
 *   as `{"code": ...}`, the interpreter tool's input. `final_answer(...)` inside that code is part
 *   of it, not a call of its own; a ToolCallingAgent's `final_answer` tool call is a call like any
 *   other, its observation the answer.
 */
export const smolagentsFormat: TraceFormat = {
  name: 'smolagents',
  marks: ['step_number', 'tool_calls', 'observations', 'model_output_message', 'action_output', 'is_final_answer'],
  looksFor:
    'smolagents memory steps ([{"step_number", "tool_calls", "observations", "error"}, ...] or a RunResult {"steps": [...]})',
  detect: (data) => stepsOf(data) !== undefined,
  description: 'Hugging Face smolagents memory steps (get_full_steps, RunResult.steps): ActionStep tool_calls',
  recordsReplies: true,
  parse(data, context) {
    const steps = stepsOf(data);
    if (steps === undefined) throw notSteps(data, context.source);
    const collector = new CallCollector(context, 'smolagents');
    const joined: JoinedObservations = { count: 0, first: undefined };
    steps.list.forEach((step, i) => readStep(step, childPath(steps.path, i), collector, context, joined));
    if (joined.first !== undefined)
      context.warn(
        joined.first,
        `${joined.count === 1 ? 'a step' : `${joined.count} steps`} ran several calls at once and recorded one observations text for all of them; it is not split, so those calls have no result`,
      );
    return collector.finish();
  },
};

type Step = Record<string, unknown>;

/** Steps whose several calls share one observations text: counted, warned about once. */
interface JoinedObservations {
  count: number;
  first: string | undefined;
}

/**
 * An `ActionStep` dict: numbered (`step_number`; `step` in smolagents 1.7 to 1.18), with the
 * observations and calls of its action.
 */
function isActionStep(value: unknown): value is Step {
  return (
    isObject(value) &&
    (typeof value.step_number === 'number' || typeof value.step === 'number') &&
    'observations' in value &&
    ('tool_calls' in value || 'model_output_message' in value)
  );
}

/** The steps that hold no call, by the keys only they have; `__class__` is what some dumps add. */
const OTHER_STEPS: readonly (readonly string[])[] = [
  ['task', 'task_images'],
  ['system_prompt'],
  // FinalAnswerStep: `output`, `final_answer` before smolagents 1.17.
  ['output'],
  ['final_answer'],
];

/** Any memory step dict: an action, a task, a plan, the system prompt, or the final answer. */
function isStep(value: unknown): boolean {
  if (isActionStep(value)) return true;
  if (!isObject(value)) return false;
  if (typeof value.plan === 'string') return true;
  const keys = Object.keys(value).filter((key) => key !== '__class__');
  return (
    keys.length > 0 &&
    OTHER_STEPS.some((stepKeys) => stepKeys.includes(keys[0]!) && keys.every((key) => stepKeys.includes(key)))
  );
}

/** The steps of a memory dump that holds at least one action step, else undefined. */
function stepsOf(data: unknown): { list: readonly unknown[]; path: string } | undefined {
  const [list, path] = Array.isArray(data)
    ? [data, '$']
    : isObject(data) && Array.isArray(data.steps) && 'state' in data
      ? [data.steps, '$.steps']
      : [undefined, '$'];
  if (list === undefined || !list.some(isActionStep) || !list.every(isStep)) return undefined;
  return { list, path };
}

function notSteps(data: unknown, source: string): ToolscoreInputError {
  const list = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.steps) ? data.steps : undefined;
  const path = Array.isArray(data) ? '$' : '$.steps';
  const bad = list?.findIndex((step: unknown) => !isStep(step)) ?? -1;
  if (list !== undefined && bad >= 0)
    return new ToolscoreInputError(
      { source, path: childPath(path, bad) },
      `expected a smolagents memory step (an ActionStep {"step_number", "tool_calls", "observations"}, a TaskStep, a PlanningStep...), got ${describeKeys(list[bad])}`,
    );
  return new ToolscoreInputError(
    { source, path: '$' },
    `expected smolagents memory steps (a list with an ActionStep {"step_number", "tool_calls", "observations"}, or a RunResult {"steps": [...]}), got ${describeKeys(data)}`,
  );
}

/** A final answer as text: a string as is, any other value its JSON. */
function answerText(answer: unknown): string {
  return typeof answer === 'string' ? answer : (JSON.stringify(answer) ?? '');
}

/** One step: its calls, with the observations or the error it recorded. */
function readStep(
  step: unknown,
  path: string,
  collector: CallCollector,
  context: ParseContext,
  joined: JoinedObservations,
): void {
  // A TaskStep is the user's task: a run continued with `reset=False` adds one for each new task.
  if (isObject(step) && typeof step.task === 'string') return collector.turns.user(path, step.task);
  // The final answer is the agent's reply: a FinalAnswerStep's, or a final ActionStep's action output.
  if (isObject(step) && !isActionStep(step)) {
    const other: Record<string, unknown> = step;
    const answer = 'output' in other ? other.output : other.final_answer;
    if (answer !== undefined && answer !== null) collector.turns.assistant(path, answerText(answer));
  }
  if (!isActionStep(step)) return;
  if (step.is_final_answer === true && step.action_output !== undefined && step.action_output !== null)
    collector.turns.assistant(childPath(path, 'action_output'), answerText(step.action_output));
  const error = isObject(step.error) ? step.error : undefined;
  let calls = step.tool_calls;
  let callsPath = childPath(path, 'tool_calls');
  const announced = isObject(step.model_output_message) ? step.model_output_message.tool_calls : undefined;
  if (error !== undefined && (!Array.isArray(calls) || calls.length === 0) && Array.isArray(announced)) {
    calls = announced;
    callsPath = childPath(childPath(path, 'model_output_message'), 'tool_calls');
  }
  if (
    error === undefined &&
    (!Array.isArray(calls) || calls.length === 0) &&
    Array.isArray(announced) &&
    announced.length > 0
  )
    return context.unrecognised(
      childPath(childPath(path, 'model_output_message'), 'tool_calls'),
      'tool calls the model announced that the step recorded neither as run nor as failed',
    );
  if (calls === undefined || calls === null) return;
  if (!Array.isArray(calls)) return collector.markUnreadable(callsPath, 'tool_calls that are not a list');
  const read: { name: unknown; id: unknown }[] = [];
  calls.forEach((call, k) => {
    const callPath = childPath(callsPath, k);
    const fn = isObject(call) ? call.function : undefined;
    if (!isObject(call) || !isObject(fn))
      return collector.markUnreadable(callPath, `a tool call that is ${describeKeys(call)}`);
    collector.add(fn.name, argumentsOf(fn.name, fn.arguments, callPath, context), callPath, { id: call.id });
    read.push({ name: fn.name, id: call.id });
  });
  if (read.length === 0) return;
  const observations = readContent(step.observations);
  if (error !== undefined) {
    const message = typeof error.message === 'string' && error.message !== '' ? error.message : String(error.type);
    const failed = read.length === 1 ? read[0] : read.find((call) => message.includes(`tool '${String(call.name)}'`));
    if (failed === undefined)
      return context.warn(path, `the step's error names none of its ${read.length} calls; no call is marked failed`);
    const outcome: Outcome = { result: observations, failed: true, error: message };
    return collector.addResult({ id: failed.id, name: failed.name }, outcome, childPath(path, 'error'));
  }
  if (read.length > 1) {
    if (observations !== undefined) {
      joined.count++;
      joined.first ??= childPath(path, 'observations');
    }
    return;
  }
  if (observations !== undefined)
    collector.addResult(
      { id: read[0]!.id, name: read[0]!.name },
      { result: observations },
      childPath(path, 'observations'),
    );
}

/** A call's arguments; a CodeAgent's code text is the `code` input of its python_interpreter tool. */
function argumentsOf(name: unknown, raw: unknown, path: string, context: ParseContext): Args | null {
  if (name === 'python_interpreter' && typeof raw === 'string') return { code: raw };
  return readArguments(raw, path, context, 'function', 'arguments');
}
