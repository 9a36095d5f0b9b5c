import { cutText } from '../text/values.js';

/** Every sentence the MCP commands print: connection and run messages, lint rules and their fixes. */
function mcpSeconds(value: number): string {
  return `${Number(value.toFixed(value < 10 ? 2 : 1))} s`;
}

function mcpExitText(exit: { code: number | null; signal: string | null } | undefined): string {
  if (!exit) return 'the connection closed';
  if (exit.signal) return `it was killed by ${exit.signal}`;
  return `it exited with code ${exit.code}`;
}

/** Sentences about reaching a server, the generated scenarios and the run. */
export const mcpText = {
  unclosedQuote: (quote: string) => `the command has an unclosed ${quote === '"' ? 'double' : 'single'} quote`,
  emptyCommand: () =>
    'no server command given: pass it as one string ("node server.js") or after --, or use --url or --config',
  configWithoutServers: () =>
    'no servers in this file: expected {"mcpServers": {"NAME": {"command": ..., "args": [...]}}} (Claude Desktop, Cursor) or {"servers": {...}} (VS Code)',
  configNeedsServer: (names: readonly string[]) =>
    `the file holds ${names.length} servers; choose one with --server (${names.join(', ')})`,
  configUnknownServer: (name: string, names: readonly string[]) =>
    `no server named ${JSON.stringify(name)}; the file has ${names.join(', ')}`,
  cannotStart: (command: string, reason: string) => `could not start the server: ${JSON.stringify(command)}: ${reason}`,
  exitedAtStart: (target: string, exit: { code: number | null; signal: string | null } | undefined, seconds: number) =>
    `the server (${target}) stopped before completing the MCP handshake: ${mcpExitText(exit)} after ${mcpSeconds(seconds)}`,
  noHandshake: (target: string, seconds: number, noise: readonly string[]) =>
    noise.length > 0
      ? `the server (${target}) did not complete the MCP handshake within ${mcpSeconds(seconds)}, and wrote lines to stdout that are not JSON-RPC (${JSON.stringify(noise[0])}${noise.length > 1 ? ` and ${noise.length - 1} more` : ''}); an MCP stdio server must write only JSON-RPC messages to stdout and its logs to stderr`
      : `the server (${target}) did not answer initialize within ${mcpSeconds(seconds)}; is it an MCP server speaking stdio (raise --startup-timeout if it is slow to start)?`,
  handshakeFailed: (target: string, reason: string) => `the MCP handshake with ${target} failed: ${reason}`,
  unreachable: (url: string, reason: string) => `could not reach the MCP server at ${url}: ${reason}`,
  tooManyPages: (pages: number) => `tools/list returned more than ${pages} pages; stopped reading`,
  repeatedCursor: (cursor: string) =>
    `tools/list returned the cursor ${JSON.stringify(cursor)} twice; stopped reading (the server pages in a loop)`,
  requestTimedOut: (method: string, seconds: number) =>
    `the server did not answer ${method} within ${mcpSeconds(seconds)}`,
  requestFailed: (method: string, reason: string) => `${method} failed: ${reason}`,
  serverExited: (exit: { code: number | null; signal: string | null } | undefined) =>
    `the server stopped: ${mcpExitText(exit)}`,
  serverExitedDuring: (method: string, exit: { code: number | null; signal: string | null } | undefined) =>
    `the server stopped during ${method}: ${mcpExitText(exit)}`,
  stderrTail: (lines: number) => `last ${lines} ${lines === 1 ? 'line' : 'lines'} of the server's stderr:`,
  scenarioNoArgs: () => 'no-args call (empty or invalid input schema)',
  scenarioHappy: (n: number, which: 'all' | 'required' | 'some' = 'all') =>
    `valid input ${n}${which === 'required' ? ' (required arguments only)' : which === 'some' ? ' (some optional arguments)' : ''}`,
  scenarioMissingRequired: (name: string) => `missing required argument ${JSON.stringify(name)}`,
  scenarioWrongType: (name: string, type: string) => `wrong type for ${JSON.stringify(name)} (${type})`,
  scenarioEmptyValues: () => 'empty values for every argument',
  skippedDestructive: () => 'skipped: the tool is annotated destructiveHint (pass --allow-destructive to call it)',
  skippedTaskRequired: () =>
    'skipped: the tool must be called as a task (execution.taskSupport "required"), which toolscore does not do yet',
  skippedInvalidArgs: (error: string) =>
    `skipped: could not generate arguments that satisfy the input schema (${error})`,
  brokenLoopingSchema: (path: string) =>
    `the input schema at ${path} refers back to itself through $ref without any data between: no arguments can be checked against it`,
  skippedUncheckableSchema: (reason: string) =>
    `skipped: toolscore cannot check arguments against the input schema (${reason})`,
  skippedNotReadOnly: () => 'skipped: the tool is not annotated readOnlyHint (--read-only calls only tools that are)',
  outputNotChecked: (reason: string) => `ok (structuredContent not checked against the outputSchema: ${reason})`,
  toolsToCall: (names: readonly string[], readOnly: boolean) =>
    names.length === 0
      ? 'toolscore: no tool will be called'
      : `toolscore: calling ${names.length} ${names.length === 1 ? 'tool' : 'tools'} with generated arguments${readOnly ? ' (read-only tools only)' : ', write tools included (--read-only calls only tools annotated readOnlyHint)'}: ${names.slice(0, 20).join(', ')}${names.length > 20 ? ` and ${names.length - 20} more` : ''}`,
  missingStructuredContent: () => 'the tool declares an outputSchema but returned no structuredContent',
  outputSchemaMismatch: (error: string) => `structuredContent does not match the outputSchema: ${error}`,
  errorWithoutContent: () => 'the tool reported an error (isError) without content',
  rpcErrorDetail: (code: number, message: string) => `JSON-RPC error ${code}: ${message}`,
  timeoutDetail: (seconds: number) => `timeout: no answer within ${mcpSeconds(seconds)}`,
  crashDetail: (reason: string) => `crash: ${reason}`,
  transportErrorDetail: (reason: string) => `transport error: ${reason}`,
  notRunServerGone: () => 'not run: the server stopped earlier and could not be started again',
  restarted: (tool: string, scenario: string) =>
    `the server stopped during ${tool} (${scenario}) and was started again`,
  restartFailed: (reason: string) => `the server stopped and could not be started again: ${reason}`,
  noMoreRestarts: (count: number) =>
    `the server stopped again after ${count} restarts; the remaining scenarios were not run`,
  serverGone: () => 'the server stopped; the remaining scenarios were not run',
  stdoutNoise: (count: number, first: string) =>
    `the server wrote ${count === 1 ? 'a line' : `${count} lines`} to stdout that ${count === 1 ? 'is' : 'are'} not JSON-RPC (${JSON.stringify(first)}); clients may drop the connection: log to stderr instead`,
  securityWarning: (count: number) =>
    `Security: ${count} ${count === 1 ? 'finding looks' : 'findings look'} like tool poisoning (hidden text, or instructions to deceive the user); review the server before an agent uses it`,
  cleanServer: () => 'No issues found: an LLM should be able to use this server cleanly.',
  moreIssues: (count: number) => `… and ${count} more ${count === 1 ? 'issue' : 'issues'}`,
  partialScorecard: (reason: string) => `the run stopped early (${reason}); the scorecard shows what was learned`,
  noTools: () => 'the server lists no tools',
  recordedCalls: (count: number, file: string) =>
    `toolscore: recorded ${count} tool ${count === 1 ? 'call' : 'calls'} to ${file}`,
  recorderLaunchFailed: (command: string, reason: string) =>
    `toolscore: could not start the server ${JSON.stringify(command)}: ${reason}`,
  recorderWriteFailed: (file: string, reason: string) => `toolscore: could not write ${file}: ${reason}`,
  failureFix(failure: string): string {
    switch (failure) {
      case 'launch':
        return 'check the command and its path; run it by hand to see whether it starts';
      case 'exited':
        return 'run the command by hand and read its stderr; a stdio MCP server must keep running and read requests from stdin';
      case 'timeout':
        return 'make the server answer initialize promptly, write only JSON-RPC to stdout (logs go to stderr), or raise --startup-timeout / --timeout';
      case 'unreachable':
        return 'start the server first and check the URL, port and path (usually /mcp)';
      default:
        return 'check that the server speaks MCP (JSON-RPC 2.0) and uses a protocol version the SDK supports';
    }
  },
  gradeBelow: (grade: string, minimum: string) => `grade ${grade} is below the required ${minimum} (--fail-under)`,
  blocking: (count: number) =>
    `${count} blocking ${count === 1 ? 'issue' : 'issues'} (lint errors or failed scenarios)`,
} as const;

/** Severities are the rule table's (`mcp/lint/rules.ts`). */
type McpLint = { message: string; fix: string };

/** Lint issues: the problem and a concrete fix. `where` is "the description of X" or "the server instructions". */
export const mcpLintText = {
  toolWhere: (tool: string) => `the description of ${tool}`,
  instructionsWhere: () => "the server's instruction text",
  missingDescription: (tool: string): McpLint => ({
    message: `${tool} has no description`,
    fix: `describe what ${tool} does, when to use it and what it returns, in one or two sentences`,
  }),
  shortDescription: (tool: string, description: string): McpLint => ({
    message: `${tool} has a very short description (${JSON.stringify(description)})`,
    fix: `say what ${tool} does, when to use it and what it returns; a model picks tools by their descriptions`,
  }),
  largeDefinition: (tool: string, tokens: string, limit: string): McpLint => ({
    message: `the definition of ${tool} costs about ${tokens} tokens (more than ${limit}) in every request`,
    fix: `shorten the description and parameter descriptions of ${tool}, or split it into simpler tools`,
  }),
  notSnakeCase: (tool: string): McpLint => ({
    message: `${tool} is not a snake_case name`,
    fix: `rename it to ${JSON.stringify(
      tool
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .replace(/[^A-Za-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '')
        .toLowerCase() || 'tool_name',
    )}; models call snake_case names most reliably`,
  }),
  providerName: (tool: string): McpLint => ({
    message: `${JSON.stringify(tool)} is not a valid tool name for the OpenAI and Anthropic APIs (1-64 letters, digits, _ or -)`,
    fix: 'rename the tool using only letters, digits, underscores and hyphens, at most 64 characters; clients that pass it on to a model API will fail or drop it',
  }),
  duplicateName: (tool: string): McpLint => ({
    message: `two tools are named ${tool}`,
    fix: 'give every tool its own name; clients keep only one of them',
  }),
  missingSchema: (tool: string): McpLint => ({
    message: `${tool} has no inputSchema`,
    fix: 'declare an input schema, at least {"type": "object", "properties": {}} for a tool without arguments',
  }),
  schemaNotObject: (tool: string, type: string): McpLint => ({
    message: `the inputSchema of ${tool} has type ${type}, not "object"`,
    fix: 'make the input schema an object schema ({"type": "object", "properties": {...}}); MCP tool arguments are always an object',
  }),
  schemaWithoutType: (tool: string): McpLint => ({
    message: `the inputSchema of ${tool} has no "type"`,
    fix: 'add "type": "object" at the top of the input schema (MCP requires it)',
  }),
  untypedProperty: (tool: string, property: string): McpLint => ({
    message: `parameter ${JSON.stringify(property)} of ${tool} has no type`,
    fix: `give ${JSON.stringify(property)} a "type" (or an enum, const or $ref) so the model knows what to send`,
  }),
  requiredNotDefined: (tool: string, property: string): McpLint => ({
    message: `${tool} requires ${JSON.stringify(property)}, which is not among its properties`,
    fix: `define ${JSON.stringify(property)} under "properties" or remove it from "required"`,
  }),
  noRequired: (tool: string): McpLint => ({
    message: `${tool} does not say which parameters are required`,
    fix: 'add a "required" list (an empty list when every parameter is optional)',
  }),
  tagCharacters: (where: string, hidden: string): McpLint => ({
    message: `${where} contains invisible Unicode tag characters${hidden.trim() !== '' ? ` that spell ${JSON.stringify(cutText(hidden, 80))}` : ''}; a model reads them, a person does not`,
    fix: 'remove the tag characters (U+E0000-U+E007F); hidden text in tool metadata is a known tool-poisoning technique',
  }),
  bidiControls: (where: string, points: string): McpLint => ({
    message: `${where} contains bidirectional control characters (${points}) that make it display differently from what the model reads`,
    fix: 'remove the bidirectional controls',
  }),
  formatCharacters: (where: string, points: string): McpLint => ({
    message: `${where} contains invisible format characters (${points})`,
    fix: 'remove zero-width characters, direction marks and byte order marks from model-visible text',
  }),
  hiddenInName: (points: string): McpLint => ({
    message: `the tool name contains invisible characters (${points})`,
    fix: 'use a plain ASCII name',
  }),
  hidesFromUser: (where: string, phrase: string): McpLint => ({
    message: `${where} tells the model to keep something from the user (${JSON.stringify(phrase)})`,
    fix: 'remove the instruction; tool metadata must never ask the model to hide actions or information from the user',
  }),
  overridesInstructions: (where: string, phrase: string): McpLint => ({
    message: `${where} tells the model to override its instructions (${JSON.stringify(phrase)})`,
    fix: "remove the instruction; tool metadata that overrides the user's or the client's instructions is prompt injection",
  }),
  authorityTag: (where: string, tag: string): McpLint => ({
    message: `${where} uses a pseudo-markup tag (${tag}) to raise its authority`,
    fix: 'state the guidance plainly; tags such as <IMPORTANT> or <system> are a common marker of tool poisoning',
  }),
  danglingReference: (where: string, name: string, closest: string | undefined): McpLint => ({
    message: `${where} refers to a tool ${JSON.stringify(name)} that the server does not expose`,
    fix: closest ? `refer to ${closest}, or expose ${name}` : `remove the reference, or expose a tool named ${name}`,
  }),
} as const;

/** The ranked fixes of failed scenarios. */
export const mcpFixText = {
  failsOnValidInput(result: { tool: string; description: string; detail: string; outcome: string }): {
    problem: string;
    fix: string;
  } {
    const problem = `${result.tool} fails on valid input (${result.description}): ${result.detail}`;
    switch (result.outcome) {
      case 'timeout':
        return {
          problem,
          fix: `make ${result.tool} answer within the timeout, or send progress notifications and return early`,
        };
      case 'crash':
        return {
          problem,
          fix: `catch errors inside the ${result.tool} handler and return them as an isError result; the server process must never exit on a call`,
        };
      case 'invalid_schema':
        return {
          problem,
          fix: `make every $ref in the input schema of ${result.tool} reach properties or items before it leads back to itself`,
        };
      case 'invalid_result':
        return {
          problem,
          fix: `return a result the client can read: a content list, and structuredContent that matches the outputSchema when one is declared`,
        };
      case 'protocol_error':
        return {
          problem,
          fix: `accept every input its schema allows, or tighten the schema of ${result.tool} (enum, pattern, format, ranges) so models send what it accepts`,
        };
      default:
        return {
          problem,
          fix: `accept every input its schema allows, or tighten the schema of ${result.tool} (enum, pattern, format, ranges) so models send what it accepts`,
        };
    }
  },
  failsOnBadInput(result: { tool: string; description: string; detail: string; outcome: string }): {
    problem: string;
    fix: string;
  } {
    return {
      problem: `${result.tool} fails on bad input (${result.description}): ${result.detail}`,
      fix:
        result.outcome === 'timeout'
          ? `validate the arguments of ${result.tool} first and answer at once with an isError result that says what is wrong`
          : `validate the arguments of ${result.tool} and return an isError result that says what is wrong, so the model can correct itself; never crash or leave a call unanswered`,
    };
  },
} as const;
