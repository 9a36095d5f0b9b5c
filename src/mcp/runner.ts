import { mcpText } from './text.js';
import { cutText } from '../text/values.js';
import { contentToText } from '../formats/support/mcp-content.js';
import type { CallOutcome, McpConnection } from './client.js';
import { isObject } from '../core/objects.js';
import type { McpTool, Outcome, Scenario, ScenarioResult } from './types.js';
import { schemaError, schemaProblem } from './validate.js';

/** Options of `runScenarios`. */
export interface RunOptions {
  /** Starts the server again after it exited mid-run, so the remaining scenarios still run (stdio). */
  reconnect?: () => Promise<McpConnection>;
  /** Most restarts in one run (default 3). */
  maxRestarts?: number;
  /** Called after each scenario (progress output). */
  onResult?: (result: ScenarioResult, index: number, total: number) => void;
}

/** What a run learned. */
export interface RunOutcome {
  results: ScenarioResult[];
  /** The connection in use at the end (a new one after a restart), or undefined when none could be made. */
  connection: McpConnection | undefined;
  restarts: number;
  /** Sentences about the run itself: restarts, a restart that failed. */
  notes: string[];
}

const DETAIL_LIMIT = 200;

/** Whitespace collapsed, at most 200 characters with an ellipsis, credentials masked (before the cut). */
export function excerpt(text: string, limit = DETAIL_LIMIT): string {
  return cutText(text.replace(/\s+/g, ' ').trim(), limit);
}

/**
 * A happy result that breaks the tool's `outputSchema` (the SDK's own client rejects these too), or
 * why its structured result could not be checked (an output schema toolscore cannot run).
 */
function outputProblem(
  tool: McpTool | undefined,
  result: Record<string, unknown>,
): { problem?: string; unchecked?: string } {
  if (!tool || !isObject(tool.outputSchema) || result.isError === true) return {};
  const structured = result.structuredContent;
  if (structured === undefined || structured === null) return { problem: mcpText.missingStructuredContent() };
  const unchecked = schemaProblem(tool.outputSchema);
  if (unchecked !== undefined) return { unchecked };
  const error = schemaError(tool.outputSchema, structured);
  return error === undefined ? {} : { problem: mcpText.outputSchemaMismatch(error) };
}

function judge(
  scenario: Scenario,
  outcome: CallOutcome,
  tool: McpTool | undefined,
  timeoutSeconds: number,
): Omit<ScenarioResult, 'tool' | 'kind' | 'description' | 'arguments'> {
  const happy = scenario.kind === 'happy';
  switch (outcome.kind) {
    case 'result': {
      const { problem, unchecked } = happy ? outputProblem(tool, outcome.result) : {};
      if (outcome.isError) {
        const text = contentToText(outcome.result.content) || mcpText.errorWithoutContent();
        return { ok: !happy, is_error: true, duration: outcome.duration, detail: excerpt(text), outcome: 'tool_error' };
      }
      if (problem)
        return {
          ok: false,
          is_error: false,
          duration: outcome.duration,
          detail: excerpt(problem),
          outcome: 'invalid_result',
        };
      return {
        ok: true,
        is_error: false,
        duration: outcome.duration,
        detail: unchecked === undefined ? 'ok' : excerpt(mcpText.outputNotChecked(unchecked)),
        outcome: 'ok',
      };
    }
    case 'rpc_error':
      return {
        ok: !happy,
        is_error: true,
        duration: outcome.duration,
        detail: excerpt(mcpText.rpcErrorDetail(outcome.code, outcome.message)),
        outcome: 'protocol_error',
      };
    case 'invalid_result':
      return {
        ok: false,
        is_error: true,
        duration: outcome.duration,
        detail: excerpt(outcome.message),
        outcome: 'invalid_result',
      };
    case 'timeout':
      return {
        ok: false,
        is_error: true,
        duration: outcome.duration,
        detail: excerpt(mcpText.timeoutDetail(timeoutSeconds)),
        outcome: 'timeout',
      };
    case 'closed':
      return {
        ok: false,
        is_error: true,
        duration: outcome.duration,
        detail: excerpt(mcpText.crashDetail(outcome.message)),
        outcome: 'crash',
      };
    case 'transport_error':
      return {
        ok: false,
        is_error: true,
        duration: 0,
        detail: excerpt(mcpText.transportErrorDetail(outcome.message)),
        outcome: 'transport_error',
      };
  }
}

/**
 * Runs scenarios one after another and never aborts: a timeout, an error answer or a crash is a result
 * like any other. Happy scenarios pass when the tool succeeds (and its structured result fits its
 * `outputSchema`); edge scenarios pass whenever the server answers, error answers included. When the
 * server exits mid-run and `reconnect` is given, it is started again (at most `maxRestarts` times) and
 * the run goes on. Skipped scenarios are reported without a call.
 */
export async function runScenarios(
  connection: McpConnection,
  scenarios: readonly Scenario[],
  tools: readonly McpTool[],
  options: RunOptions = {},
): Promise<RunOutcome> {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const maxRestarts = options.maxRestarts ?? 3;
  const results: ScenarioResult[] = [];
  const notes: string[] = [];
  let current: McpConnection | undefined = connection;
  let restarts = 0;
  try {
    return await runAll();
  } catch (error) {
    // A server started again here is ours to close; the caller closes the one it gave.
    if (current !== connection) await current?.close();
    throw error;
  }

  async function runAll(): Promise<RunOutcome> {
    for (const [index, scenario] of scenarios.entries()) {
      const base = {
        tool: scenario.tool,
        kind: scenario.kind,
        description: scenario.description,
        arguments: scenario.arguments,
      };
      let result: ScenarioResult;
      if (scenario.skip !== undefined) {
        result = {
          ...base,
          ok: false,
          is_error: false,
          duration: 0,
          detail: scenario.skip,
          outcome: 'skipped' as Outcome,
        };
      } else if (scenario.broken !== undefined) {
        result = {
          ...base,
          ok: false,
          is_error: false,
          duration: 0,
          detail: scenario.broken,
          outcome: 'invalid_schema',
        };
      } else if (!current) {
        result = {
          ...base,
          ok: false,
          is_error: true,
          duration: 0,
          detail: mcpText.notRunServerGone(),
          outcome: 'transport_error',
        };
      } else {
        const outcome = await current.callTool(scenario.tool, scenario.arguments);
        result = { ...base, ...judge(scenario, outcome, byName.get(scenario.tool), current.timeoutMs / 1000) };
        if (outcome.kind === 'closed' || (!current.alive && current.target.kind === 'stdio')) {
          await current.close();
          current = undefined;
          if (options.reconnect && restarts < maxRestarts && index < scenarios.length - 1) {
            restarts++;
            try {
              current = await options.reconnect();
              notes.push(mcpText.restarted(scenario.tool, scenario.description));
            } catch (error) {
              notes.push(mcpText.restartFailed((error as Error).message));
            }
          } else if (index < scenarios.length - 1) {
            notes.push(options.reconnect ? mcpText.noMoreRestarts(maxRestarts) : mcpText.serverGone());
          }
        }
      }
      results.push(result);
      options.onResult?.(result, index, scenarios.length);
    }
    return { results, connection: current, restarts, notes };
  }
}
