/** Shapes shared by the MCP client, linter, scenario generator, runner and scorecard. */

/** One tool as a server's `tools/list` describes it (kept as sent: a broken definition is linted, not rejected). */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  /** Should be a JSON Schema object with `type: "object"`; anything the server sent is kept. */
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Who the server says it is, from `initialize`. */
export interface ServerIdentity {
  name: string;
  version: string;
  title?: string;
}

/** What `initialize` told us. */
export interface ServerHandshake {
  server: ServerIdentity;
  protocolVersion?: string;
  instructions: string | null;
  capabilities: Record<string, unknown>;
}

/** A generated call: happy path (valid input) or edge case (invalid input). */
export interface Scenario {
  tool: string;
  kind: 'happy' | 'edge';
  description: string;
  arguments: Record<string, unknown>;
  /** Why this scenario is not run (a destructive tool, or arguments the generator could not make valid). */
  skip?: string;
  /** Why the tool's own schema fails it without a call (a `$ref` loop no validator can check against). */
  broken?: string;
}

/** How a scenario ended. */
export type Outcome =
  | 'ok'
  | 'tool_error'
  | 'protocol_error'
  | 'invalid_result'
  | 'timeout'
  | 'crash'
  | 'transport_error'
  /** The tool's input schema cannot be checked by any validator (it loops): the server's fault, no call made. */
  | 'invalid_schema'
  | 'skipped';

/** The outcome of running one scenario. */
export interface ScenarioResult {
  tool: string;
  kind: 'happy' | 'edge';
  description: string;
  arguments: Record<string, unknown>;
  /** Happy: the tool succeeded. Edge: the server answered (an error result is a fine answer). */
  ok: boolean;
  /** The tool or the protocol reported an error. */
  is_error: boolean;
  /** Round trip in seconds (the timeout for a timeout, 0 when the call could not be made). */
  duration: number;
  /** "ok", or what went wrong (an excerpt of the error, at most 200 characters). */
  detail: string;
  outcome: Outcome;
}

/** A lint finding about a tool (or `<instructions>`). */
export interface LintIssue {
  tool: string;
  severity: 'error' | 'warning';
  /** Stable rule id, e.g. `missing-description` (every rule is listed in docs/mcp-rules.md). */
  rule: string;
  message: string;
  fix: string;
}
