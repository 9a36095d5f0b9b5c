import { performance } from 'node:perf_hooks';
import { mcpText } from './text.js';
import { connect, McpServerError, type ConnectOptions, type McpConnection, type ServerDiagnostics } from './client.js';
import { lintTools } from './lint/index.js';
import { runScenarios } from './runner.js';
import { generateScenarios, type ScenarioOptions } from './scenarios.js';
import { buildScorecard, type Scorecard } from './scorecard.js';
import { describeTarget, type ServerTarget } from './target.js';
import type { McpTool, ScenarioResult } from './types.js';

/** Options of `testServer`. */
export interface TestServerOptions extends ConnectOptions, ScenarioOptions {
  /** Called after each scenario. */
  onResult?: (result: ScenarioResult, index: number, total: number) => void;
  /** Called before the first call with the names of the tools that will be called. */
  onPlan?: (tools: readonly string[]) => void;
  /** Most restarts of a stdio server that exits mid-run (default 3). */
  maxRestarts?: number;
}

/** A scorecard, and the failure that cut the test short, when one did. */
export interface ServerTestOutcome {
  card: Scorecard;
  /** Why the server could not be started, listed or kept running (the card then holds what was learned). */
  failure?: McpServerError;
  tools: McpTool[];
}

/** What the scorecard of a server that could not be tested says: grade F, the reason as the top fix. */
function failedCard(
  target: ServerTarget,
  failure: McpServerError,
  started: number,
  tools: McpTool[] = [],
  instructions: string | null = null,
  server = { name: describeTarget(target), version: '' },
): Scorecard {
  const card = buildScorecard({
    server,
    tools,
    results: [],
    lint: lintTools(tools, instructions),
    instructions,
    target: describeTarget(target),
    notes: [failure.message],
    wallTime: (performance.now() - started) / 1000,
  });
  card.score = 0;
  card.grade = 'F';
  card.scores = { happy_pass_rate: 0, edge_resilience_rate: 0, lint_score: card.scores.lint_score };
  card.fixes.unshift({
    tool: '<server>',
    problem: failure.message,
    fix: mcpText.failureFix(failure.failure),
    priority: 0,
  });
  return card;
}

/** The last lines of a server's stderr, for a failure report. */
export function stderrTail(diagnostics: ServerDiagnostics, lines = 10): string[] {
  return diagnostics.stderr.filter((line) => line.trim() !== '').slice(-lines);
}

/**
 * `toolscore mcp test` as a function: start (or reach) the server, list its tools, lint them with the
 * server's instructions, generate scenarios, run them (starting a stdio server again if it exits
 * mid-run), and build the scorecard. Never throws for a misbehaving server: a server that cannot be
 * started or listed gets a grade F card that says why, with `failure` set.
 */
export async function testServer(target: ServerTarget, options: TestServerOptions = {}): Promise<ServerTestOutcome> {
  const started = performance.now();
  let connection: McpConnection;
  try {
    connection = await connect(target, options);
  } catch (error) {
    if (!(error instanceof McpServerError)) throw error;
    return { card: failedCard(target, error, started), failure: error, tools: [] };
  }
  const { handshake } = connection;
  // Whatever happens from here on (a server error, a bug of ours), the server is closed, or the CLI would never exit.
  let last: McpConnection | undefined = connection;
  try {
    let tools: McpTool[];
    try {
      tools = await connection.listTools();
    } catch (error) {
      if (!(error instanceof McpServerError)) throw error;
      return {
        card: failedCard(target, error, started, [], handshake.instructions, handshake.server),
        failure: error,
        tools: [],
      };
    }
    const lint = lintTools(tools, handshake.instructions);
    const scenarios = generateScenarios(tools, options);
    options.onPlan?.([
      ...new Set(scenarios.filter((scenario) => scenario.skip === undefined).map((scenario) => scenario.tool)),
    ]);
    const reconnect = target.kind === 'stdio' ? () => connect(target, options) : undefined;
    const run = await runScenarios(connection, scenarios, tools, {
      reconnect,
      maxRestarts: options.maxRestarts,
      onResult: options.onResult,
    });
    last = run.connection;
    const noise = [connection, run.connection].flatMap((used) => used?.diagnostics().stdoutNoise ?? []);
    await last?.close();
    last = undefined;
    const notes = [...run.notes];
    if (noise.length > 0) notes.push(mcpText.stdoutNoise(noise.length, noise[0]!));
    const card = buildScorecard({
      server: handshake.server,
      tools,
      results: run.results,
      lint,
      instructions: handshake.instructions,
      target: describeTarget(target),
      protocolVersion: handshake.protocolVersion,
      notes,
      wallTime: (performance.now() - started) / 1000,
    });
    return { card, tools };
  } finally {
    await last?.close();
  }
}
