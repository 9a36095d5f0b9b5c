import { ToolscoreInputError, childPath } from '../../core/errors.js';
import type { ToolCall } from '../../core/types.js';
import { readArguments } from '../support/arguments.js';
import { type FromOptions, describeKeys, readContent, readInMemory } from '../support/call-collector.js';
import { isObject } from '../../core/objects.js';
import { toActualCall } from '../support/calls.js';
import type { ParseContext, TraceFormat } from '../types.js';

/**
 * CrewAI tool results, as an agent records them in `agent.tools_results`: a list of
 * `{tool_name, tool_args, result, result_as_answer}` entries, or an object holding that list
 * (`agent.model_dump()`, `{"tools_results": [...]}`). `tool_args` is an object or a JSON string;
 * `result_as_answer: true` (the tool's output became the task's answer) is kept in metadata. CrewAI
 * records a failed tool's error text as its result and no flag, so no call is marked failed.
 */
export const crewAIFormat: TraceFormat = {
  name: 'crewai',
  looksFor: 'CrewAI tools_results ([{"tool_name", "tool_args", "result"}] or {"tools_results": [...]})',
  // An empty list is any format's; {"tools_results": []} is CrewAI's own (no tool has run yet).
  detect: (data) => entriesOf(data) !== undefined && !(Array.isArray(data) && data.length === 0),
  description: 'CrewAI agent tools_results: {tool_name, tool_args, result, result_as_answer} entries',
  parse(data, context) {
    const entries = entriesOf(data);
    if (entries === undefined) throw notEntries(data, context.source);
    return readEntries(entries.list, entries.path, context);
  },
};

const ENTRY_SHAPE = '{"tool_name", "tool_args", "result"}';

/** The error for data that is no tools_results: at the first entry of a list that is no entry. */
function notEntries(data: unknown, source: string): ToolscoreInputError {
  const [list, path] = Array.isArray(data)
    ? [data, '$']
    : isObject(data) && Array.isArray(data.tools_results)
      ? [data.tools_results, '$.tools_results']
      : [[], '$'];
  const bad = list.findIndex((item: unknown) => !isEntry(item));
  if (bad >= 0)
    return new ToolscoreInputError(
      { source, path: childPath(path, bad) },
      `expected a CrewAI tools_results entry (${ENTRY_SHAPE}), got ${describeKeys(list[bad])}`,
    );
  return new ToolscoreInputError(
    { source, path: '$' },
    `expected CrewAI tools_results (a list of ${ENTRY_SHAPE} or {"tools_results": [...]}), got ${describeKeys(data)}`,
  );
}

/** Calls from CrewAI `agent.tools_results` held in memory. */
export function fromCrewAI(value: unknown, options?: FromOptions): ToolCall[] {
  return readInMemory(crewAIFormat, value, options);
}

function isEntry(item: unknown): item is Record<string, unknown> & { tool_name: string } {
  return isObject(item) && typeof item.tool_name === 'string' && 'tool_args' in item;
}

function entriesOf(data: unknown): { list: readonly unknown[]; path: string } | undefined {
  if (Array.isArray(data)) return data.every(isEntry) ? { list: data, path: '$' } : undefined;
  if (isObject(data) && Array.isArray(data.tools_results) && data.tools_results.every(isEntry))
    return { list: data.tools_results, path: '$.tools_results' };
  return undefined;
}

function readEntries(list: readonly unknown[], path: string, context: ParseContext): ToolCall[] {
  const calls: ToolCall[] = [];
  list.forEach((entry, i) => {
    if (!isEntry(entry)) return; // entriesOf checked every entry
    const entryPath = childPath(path, i);
    if (entry.tool_name.trim() === '') return context.warn(entryPath, 'skipped a call with no tool name');
    const call: Record<string, unknown> = {
      tool: entry.tool_name,
      args: readArguments(entry.tool_args, childPath(entryPath, 'tool_args'), context) ?? {},
    };
    if (entry.result !== undefined) call.result = readContent(entry.result);
    if (entry.result_as_answer === true) call.metadata = { result_as_answer: true };
    calls.push(toActualCall(call, entryPath, context.source));
  });
  return calls;
}
