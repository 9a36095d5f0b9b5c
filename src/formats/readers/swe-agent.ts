import { ToolscoreInputError, childPath } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { type FromOptions, describeKeys, readContent, readInMemory } from '../support/call-collector.js';
import { isObject } from '../../core/objects.js';
import { toActualCall } from '../support/calls.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * SWE-agent trajectories (`.traj`): `history`, the OpenAI-style messages of the run, and `trajectory`,
 * its steps. Calls are the `tool_calls` of the history's assistant messages (function-calling agents);
 * the tool message naming a call in `tool_call_ids` (or `tool_call_id`) is its result, and SWE-agent
 * runs one call per step, so a tool message whose id matches none answers the step's one call (recorded
 * replays reuse ids). A result that is SWE-agent's own failure text fails its call: an edit its linter
 * refused ("Your proposed edit has introduced new syntax error(s)", the file is unchanged) or a command
 * cancelled for taking too long (before 1.0: output ending in "EXECUTION TIMED OUT"). A traceback or a
 * non-zero exit is the command's output, which SWE-agent records without judging, so it fails nothing.
 * Trajectories whose history has no `tool_calls` (agents that write
 * commands as text) are read from their `trajectory` steps: each step's action is a command line, the
 * call is named by its first word (`open`, `edit`, `python`, `submit`) with the whole line as `command`,
 * its observation is the result and its `execution_time` the duration.
 */
export const sweAgentFormat: TraceFormat = {
  name: 'swe-agent',
  marks: ['history', 'message_type', 'tool_call_ids', 'replay_config'],
  looksFor:
    'a SWE-agent trajectory ({"history": [{"role", "message_type"}], "trajectory": [{"action", "observation"}]})',
  detect: (data) => isTrajectory(data),
  description: 'SWE-agent trajectories (.traj): history tool_calls and tool messages, or trajectory command steps',
  parse(data, context) {
    if (!isTrajectory(data)) throw notTrajectory(data, context.source);
    return readTrajectory(data, context);
  },
};

type Trajectory = { history: Record<string, unknown>[]; trajectory?: unknown };

function isMessage(item: unknown): item is Record<string, unknown> & { role: string } {
  return isObject(item) && typeof item.role === 'string';
}

function isStep(item: unknown): boolean {
  return isObject(item) && typeof item.action === 'string' && 'observation' in item;
}

/** A history of messages, with SWE-agent's own mark: a `message_type`, or the `trajectory` of steps beside it. */
function isTrajectory(data: unknown): data is Trajectory {
  if (!isObject(data) || !Array.isArray(data.history) || !data.history.every(isMessage)) return false;
  if (Array.isArray(data.trajectory)) return data.trajectory.every(isStep);
  return data.history.some((message) => typeof message.message_type === 'string');
}

function notTrajectory(data: unknown, source: string): ToolscoreInputError {
  if (isObject(data) && Array.isArray(data.history)) {
    const bad = data.history.findIndex((item: unknown) => !isMessage(item));
    if (bad >= 0)
      return new ToolscoreInputError(
        { source, path: childPath('$.history', bad) },
        `expected a SWE-agent history message (with a "role"), got ${describeKeys(data.history[bad])}`,
      );
  }
  return new ToolscoreInputError(
    { source, path: '$' },
    `expected a SWE-agent trajectory ({"history": [...], "trajectory": [...]}), got ${describeKeys(data)}`,
  );
}

/** Calls from a SWE-agent trajectory held in memory. */
export function fromSWEAgent(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(sweAgentFormat, value, options);
}

const LINT_REFUSED = 'Your proposed edit has introduced new syntax error(s)';
const CANCELLED = /^The command '[\s\S]*' was cancelled because it took more than/;
/** How SWE-agent before 1.0 marked a timeout: a last line after the output. */
const TIMED_OUT = /(?:^|\n)(EXECUTION TIMED OUT(?: AND INTERRUPT FAILED\. [A-Z ]+\.)?)\s*$/;

/** The failure SWE-agent's own text reports in a result, else undefined. */
function failureOf(content: unknown): string | undefined {
  if (typeof content !== 'string') return undefined;
  const text = content.trimStart();
  if (text.startsWith(LINT_REFUSED) || CANCELLED.test(text)) return text.split('\n', 1)[0]!.trim();
  return TIMED_OUT.exec(text)?.[1];
}

function hasToolCalls(message: Record<string, unknown>): boolean {
  return message.role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length > 0;
}

function readTrajectory(data: Trajectory, context: ParseContext): ToolCall[] {
  const steps = Array.isArray(data.trajectory) ? (data.trajectory as Record<string, unknown>[]) : [];
  const stepsWithCalls = data.history.filter(hasToolCalls).length;
  if (stepsWithCalls === 0) return readSteps(steps, context);
  const calls: Record<string, unknown>[] = [];
  const paths: string[] = [];
  let pending: { id: unknown; call: Record<string, unknown> }[] = [];
  data.history.forEach((message, i) => {
    const path = childPath('$.history', i);
    if (hasToolCalls(message)) {
      pending = [];
      (message.tool_calls as unknown[]).forEach((toolCall, j) => {
        const callPath = childPath(childPath(path, 'tool_calls'), j);
        const fn = isObject(toolCall) ? toolCall.function : undefined;
        if (!isObject(toolCall) || !isObject(fn) || typeof fn.name !== 'string' || fn.name.trim() === '')
          return context.warn(callPath, 'skipped a tool call with no function name');
        const call: Record<string, unknown> = {
          tool: fn.name,
          args: readArguments(fn.arguments, callPath, context, 'function', 'arguments') ?? {},
        };
        if (typeof toolCall.id === 'string') call.id = toolCall.id;
        calls.push(call);
        paths.push(callPath);
        pending.push({ id: toolCall.id, call });
      });
      return;
    }
    if (message.role !== 'tool') return;
    const ids = Array.isArray(message.tool_call_ids) ? message.tool_call_ids : [message.tool_call_id];
    for (const id of ids) {
      let index = pending.findIndex((entry) => entry.id === id);
      if (index < 0 && pending.length === 1) index = 0; // one call per step: the step's call
      if (index < 0) {
        context.warn(path, 'skipped a tool message that answers no call of the step before it');
        continue;
      }
      const { call } = pending.splice(index, 1)[0]!;
      const result = readContent(message.content);
      if (result !== undefined) call.result = result;
      const failure = failureOf(result);
      if (failure !== undefined) call.error = failure;
    }
  });
  const unread = steps.length - stepsWithCalls;
  if (stepsWithCalls > 0 && unread > 0)
    context.warn(
      childPath('$.trajectory', stepsWithCalls),
      `${unread} step${unread === 1 ? '' : 's'} after the history's last tool call not read (the history does not hold their tool call)`,
    );
  return calls.map((call, i) => toActualCall(call, paths[i]!, context.source));
}

/** The first word of a command line: SWE-agent's command (`open`, `edit`, `submit`) or the program run. */
function commandName(action: string): string {
  return action.split(/\s/, 1)[0]!;
}

/** A trajectory of command text (agents parsing commands from the model's text): one call per step. */
function readSteps(steps: readonly Record<string, unknown>[], context: ParseContext): ToolCall[] {
  const calls: ToolCall[] = [];
  let firstEmpty = -1;
  let empty = 0;
  steps.forEach((step, i) => {
    const command = (step.action as string).trim();
    if (command === '') {
      if (empty++ === 0) firstEmpty = i;
      return;
    }
    const call: Record<string, unknown> = { tool: commandName(command), args: { command } };
    if (typeof step.observation === 'string') call.result = step.observation;
    const failure = failureOf(step.observation);
    if (failure !== undefined) call.error = failure;
    if (typeof step.execution_time === 'number') call.duration = step.execution_time;
    calls.push(toActualCall(call, childPath('$.trajectory', i), context.source));
  });
  if (empty > 0)
    context.warn(
      childPath('$.trajectory', firstEmpty),
      `${empty} step${empty === 1 ? '' : 's'} with no action not read`,
    );
  return calls;
}
