import type { Cassette } from './cassette.js';

/**
 * A Vercel AI SDK tool as `tool({ description, inputSchema, execute })` makes it. Only `execute`
 * matters here; everything else is kept as it is. A tool without `execute` (one the client runs) is
 * left alone.
 */
export interface AiSdkTool {
  execute?: (input: never, options: never) => unknown;
}

/**
 * The tool set with each tool's `execute` run through the cassette, keyed by the tool's name in the set
 * and its input. Pass the result to `generateText({ tools })` or `streamText({ tools })`.
 */
export function replayTools<T extends Record<string, AiSdkTool>>(cassette: Cassette, tools: T): T {
  const wrapped: Record<string, AiSdkTool> = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute;
    wrapped[name] =
      execute === undefined
        ? tool
        : {
            ...tool,
            execute: (input: never, options: never) => cassette.tool(name, input, () => execute(input, options)),
          };
  }
  return wrapped as T;
}

/**
 * An OpenAI Agents JS function tool as `tool({ name, parameters, execute })` from `@openai/agents`
 * makes it: the runner calls `invoke(runContext, input)` with the arguments as JSON text.
 */
export interface AgentsFunctionTool {
  type: 'function';
  name: string;
  invoke: (runContext: never, input: string, details?: never) => Promise<unknown>;
}

/** The arguments in a function tool's JSON text; the text itself when it is not JSON. */
function agentsArgs(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

/**
 * The function tool with its `invoke` run through the cassette, keyed by its name and its arguments
 * (the JSON text read, so spacing and key order do not matter). What is recorded is what `invoke`
 * returned: the tool's output, or the message its error function made of a failure.
 */
export function replayAgentsTool<T extends AgentsFunctionTool>(cassette: Cassette, tool: T): T {
  const invoke = tool.invoke;
  return {
    ...tool,
    invoke: (runContext: never, input: string, details?: never) =>
      cassette.tool(tool.name, agentsArgs(input), () => invoke(runContext, input, details)),
  };
}

/** What `callTool` of an MCP client (`Client` of @modelcontextprotocol/sdk) takes first. */
export interface McpCallToolParams {
  name: string;
  arguments?: Record<string, unknown>;
}

/** An MCP client: anything with the SDK Client's `callTool(params, resultSchema?, options?)`. */
export interface McpToolCaller {
  callTool(params: McpCallToolParams, ...rest: never[]): Promise<unknown>;
}

/**
 * The client with `callTool` run through the cassette, keyed by the tool's name and arguments (none
 * counts as `{}`); every other member is the client's own. When the cassette answers every call (strict
 * mode, a full recording), the client need not be connected at all.
 */
export function replayMcpClient<C extends McpToolCaller>(cassette: Cassette, client: C): C {
  const callTool = (params: McpCallToolParams, ...rest: never[]): Promise<unknown> =>
    cassette.tool(params.name, params.arguments ?? {}, () => client.callTool(params, ...rest));
  return new Proxy(client, {
    get(target, property) {
      if (property === 'callTool') return callTool;
      // Bound to the client itself, so members that use private fields still work.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
