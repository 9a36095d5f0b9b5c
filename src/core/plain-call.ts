/*
 * The shape nearly every call in a gold file or a trace has, `{tool, args}`: the readers of both take it
 * on a fast path that looks up no other key. One rule for both, so the two fast paths cannot drift apart.
 */

/**
 * Whether a call object's keys are `tool` and `args` at most. for…in reads V8's enumeration cache;
 * inherited enumerable keys count as other keys (the plain readers decide about them).
 */
export function onlyToolAndArgs(item: Record<string, unknown>): boolean {
  for (const key in item) if (key !== 'tool' && key !== 'args') return false;
  return true;
}

/**
 * The tool name, trimmed, of a call object with no key but `tool` and `args` and a non-blank string
 * tool; undefined for any other call, which the reader reads (or rejects) the plain way.
 */
export function plainCallTool(item: Record<string, unknown>): string | undefined {
  if (!onlyToolAndArgs(item)) return undefined;
  const tool = item.tool;
  if (typeof tool !== 'string') return undefined;
  const name = tool.trim();
  return name === '' ? undefined : name;
}
