import { ToolscoreInputError } from '../../core/errors.js';
import { displayText } from '../../reports/text.js';
import { connect, McpServerError, type ConnectOptions, type McpConnection } from '../../mcp/client.js';
import { commandTarget, readServerConfig, type ServerTarget } from '../../mcp/target.js';
import { mcpText } from '../../mcp/text.js';
import { stderrTail } from '../../mcp/test-server.js';

/** Flags every `toolscore mcp` command takes to find its server. */
export interface McpTargetFlags {
  url?: string;
  config?: string;
  server?: string;
  /** Repeated `--env KEY=VALUE`. */
  env: string[];
  /** `--timeout` in seconds, as typed. */
  timeout: string;
  /** `--startup-timeout` in seconds, as typed (the client's default when absent). */
  startupTimeout?: string;
}

/** `--timeout 30` → 30000 ms; a positive number of seconds. */
function secondsFlag(text: string, flag: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0)
    throw new ToolscoreInputError(
      { source: flag },
      `expected a positive number of seconds, got ${JSON.stringify(text)}`,
    );
  return Math.round(value * 1000);
}

/** `--env KEY=VALUE` flags as a map. */
export function envFlags(pairs: readonly string[]): Record<string, string> | undefined {
  if (pairs.length === 0) return undefined;
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new ToolscoreInputError({ source: '--env' }, `expected KEY=VALUE, got ${JSON.stringify(pair)}`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

/**
 * The server to use: exactly one of a command (one string split like a shell would, or several words
 * after `--` used as given), `--url`, or `--config FILE [--server NAME]`. Anything else is bad usage.
 */
export async function resolveTarget(
  words: readonly string[],
  flags: McpTargetFlags,
): Promise<{ target: ServerTarget; label: string }> {
  const given = [words.length > 0, flags.url !== undefined, flags.config !== undefined].filter(Boolean).length;
  if (given !== 1) {
    throw new ToolscoreInputError(
      { source: 'server' },
      given === 0 ? mcpText.emptyCommand() : 'give the server one way only: a command, --url or --config',
    );
  }
  if (flags.server !== undefined && flags.config === undefined)
    throw new ToolscoreInputError(
      { source: '--server' },
      '--server names a server in the --config file; pass --config too',
    );
  let target: ServerTarget;
  let label: string;
  if (flags.config !== undefined) {
    const found = await readServerConfig(flags.config, flags.server);
    target = found.target;
    label = found.name;
  } else if (flags.url !== undefined) {
    if (!/^https?:\/\/[^\s]+$/i.test(flags.url))
      throw new ToolscoreInputError({ source: '--url' }, `expected an http(s) URL, got ${JSON.stringify(flags.url)}`);
    target = { kind: 'http', url: flags.url };
    label = flags.url;
  } else {
    target = commandTarget(words);
    label = target.command;
  }
  const env = envFlags(flags.env);
  if (env && target.kind === 'stdio') target.env = { ...(target.env ?? {}), ...env };
  return { target, label };
}

/** Connection options from the flags. */
export function connectOptions(flags: McpTargetFlags): ConnectOptions {
  return {
    timeoutMs: secondsFlag(flags.timeout, '--timeout'),
    ...(flags.startupTimeout === undefined
      ? {}
      : { startupTimeoutMs: secondsFlag(flags.startupTimeout, '--startup-timeout') }),
  };
}

/** Prints a server failure and the end of its stderr to our stderr. */
export function reportServerFailure(error: McpServerError): void {
  const lines = [`toolscore: ${displayText(error.message)}`];
  const tail = stderrTail(error.diagnostics);
  if (tail.length > 0)
    lines.push(`toolscore: ${mcpText.stderrTail(tail.length)}`, ...tail.map((line) => `  | ${displayText(line)}`));
  process.stderr.write(`${lines.join('\n')}\n`);
}

/**
 * Connects to the server the flags name, runs `use` on the connection and closes it. A server that
 * cannot start, answer or stay up is reported (with the end of its stderr) and gives exit code 1.
 */
export async function withServer(
  words: readonly string[],
  flags: McpTargetFlags,
  use: (connection: McpConnection) => Promise<number>,
): Promise<number> {
  const { target } = await resolveTarget(words, flags);
  let connection: McpConnection;
  try {
    connection = await connect(target, connectOptions(flags));
  } catch (error) {
    if (!(error instanceof McpServerError)) throw error;
    reportServerFailure(error);
    return 1;
  }
  try {
    return await use(connection);
  } catch (error) {
    if (!(error instanceof McpServerError)) throw error;
    reportServerFailure(error);
    return 1;
  } finally {
    await connection.close();
  }
}
