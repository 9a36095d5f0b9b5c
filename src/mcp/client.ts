import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, ErrorCode, McpError, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import { mcpText } from './text.js';
import { cutText } from '../text/values.js';
import { VERSION } from '../core/version.js';
import { describeTarget, type ServerTarget } from './target.js';
import type { McpTool, ServerHandshake } from './types.js';

/**
 * A connection to one MCP server through the official SDK client (`@modelcontextprotocol/sdk`): stdio
 * (the server is started as a child process), Streamable HTTP, or the older SSE transport.
 *
 * Everything that can go wrong with a server is turned into a `McpServerError` whose message says what
 * happened in words (it could not be started, it exited with code 1, it did not answer `initialize`
 * within 10 s, it wrote lines that are not JSON-RPC) followed by the last lines of its stderr. Tool
 * calls never throw: `callTool` returns how the call ended.
 */

/** Options of `connect`. */
export interface ConnectOptions {
  /** Most milliseconds one request (a tool call, a `tools/list` page) may take (default 30 000). */
  timeoutMs?: number;
  /**
   * Most milliseconds from launch to the end of the `initialize` handshake (default 30 000). Apart from
   * `timeoutMs`: a short per-request bound that finds slow tools must not fail a server still starting.
   */
  startupTimeoutMs?: number;
  /** Variables added to a stdio server's environment (the parent environment is passed too). */
  env?: Record<string, string>;
  /** Also copy the server's stderr to ours (default false: it is kept for diagnostics only). */
  echoStderr?: boolean;
}

/** Why a server could not be used. */
export type ServerFailure = 'launch' | 'exited' | 'timeout' | 'protocol' | 'unreachable';

/** Diagnostics of a server process: how it ended, what it said on stderr, what it wrote that was not JSON-RPC. */
export interface ServerDiagnostics {
  /** Exit code, or the signal that ended it; undefined while running or for HTTP servers. */
  exit?: { code: number | null; signal: string | null };
  /** The last lines of its stderr (at most 500). */
  stderr: string[];
  /** Transport and protocol errors the SDK reported (at most 20). */
  protocolErrors: string[];
  /** Lines the server wrote to stdout that are not JSON-RPC messages (at most 20, each cut to 120 characters). */
  stdoutNoise: string[];
}

/** A server that could not be started, reached or understood. */
export class McpServerError extends Error {
  override readonly name = 'McpServerError';
  constructor(
    readonly failure: ServerFailure,
    message: string,
    readonly diagnostics: ServerDiagnostics,
  ) {
    super(message);
  }
}

/** How one `tools/call` ended. */
export type CallOutcome =
  | { kind: 'result'; result: Record<string, unknown>; isError: boolean; duration: number }
  /** The server answered with a JSON-RPC error. */
  | { kind: 'rpc_error'; code: number; message: string; duration: number }
  /** The server answered with something that is not a CallToolResult. */
  | { kind: 'invalid_result'; message: string; duration: number }
  | { kind: 'timeout'; duration: number }
  /** The connection closed during the call (the server exited or crashed). */
  | { kind: 'closed'; message: string; duration: number }
  /** The request could not be sent or its answer not received (HTTP errors, a broken pipe). */
  | { kind: 'transport_error'; message: string; duration: number };

const STDERR_LINES = 500;
const PROTOCOL_ERRORS = 20;
const MAX_PAGES = 100;

/** A tools/list page read loosely: a broken tool definition must reach the linter, not fail the list. */
const LooseListToolsResult = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().optional(),
});

/** A transport that passes everything through and watches: the process exit, the negotiated protocol version. */
class WatchedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  protocolVersion?: string;
  exit?: { code: number | null; signal: string | null };
  closed = false;

  constructor(
    readonly inner: Transport,
    private readonly diag: ServerDiagnostics,
  ) {
    inner.onclose = () => {
      this.closed = true;
      this.onclose?.();
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message) => {
      const result = (message as { result?: { protocolVersion?: unknown; serverInfo?: unknown } }).result;
      if (result && typeof result.protocolVersion === 'string' && result.serverInfo !== undefined)
        this.protocolVersion = result.protocolVersion;
      this.onmessage?.(message);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  private process?: ChildProcess;

  /**
   * The child process of a stdio transport, read once from the SDK transport when it starts (the SDK
   * does not expose it; undefined for HTTP, or if a later SDK moves it).
   */
  child(): ChildProcess | undefined {
    return this.process;
  }

  async start(): Promise<void> {
    await this.inner.start();
    const found = (this.inner as unknown as { _process?: unknown })._process;
    if (found !== null && typeof found === 'object' && typeof (found as ChildProcess).once === 'function')
      this.process = found as ChildProcess;
    const child = this.process;
    child?.once('exit', (code, signal) => {
      this.exit = { code, signal };
    });
    // A second, passive reader of stdout keeps the lines that are not JSON-RPC, to quote them.
    let partial = '';
    child?.stdout?.on('data', (chunk: Buffer) => {
      if (this.diag.stdoutNoise.length >= PROTOCOL_ERRORS) return;
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = (lines.pop() ?? '').slice(-100_000);
      for (const line of lines)
        if (!isJsonRpcLine(line) && this.diag.stdoutNoise.length < PROTOCOL_ERRORS)
          this.diag.stdoutNoise.push(cutText(line.replace(/\r$/, ''), 120));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** An open connection to a server. */
export class McpConnection {
  private constructor(
    readonly target: ServerTarget,
    readonly handshake: ServerHandshake,
    private readonly client: Client,
    private readonly transport: WatchedTransport,
    private readonly diag: ServerDiagnostics,
    readonly timeoutMs: number,
  ) {}

  /** Starts (stdio) or reaches (HTTP) the server and completes the `initialize` handshake. */
  static async open(target: ServerTarget, options: ConnectOptions = {}): Promise<McpConnection> {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const startupTimeoutMs = options.startupTimeoutMs ?? 30_000;
    const diag: ServerDiagnostics = { stderr: [], protocolErrors: [], stdoutNoise: [] };
    const transport = new WatchedTransport(makeTransport(target, options, diag), diag);
    const client = new Client({ name: 'toolscore', version: VERSION }, { capabilities: {} });
    client.onerror = (error) => {
      if (diag.protocolErrors.length < PROTOCOL_ERRORS) diag.protocolErrors.push(oneLine(error.message));
    };
    const started = performance.now();
    try {
      await client.connect(transport, { timeout: startupTimeoutMs });
    } catch (error) {
      await settle(transport);
      diag.exit = transport.exit;
      await forceClose(client, transport, true);
      throw startupError(target, error, diag, (performance.now() - started) / 1000, startupTimeoutMs);
    }
    const info = client.getServerVersion();
    const handshake: ServerHandshake = {
      server: { name: info?.name ?? 'unknown', version: info?.version ?? '' },
      instructions: typeof client.getInstructions() === 'string' ? client.getInstructions()! : null,
      capabilities: (client.getServerCapabilities() as Record<string, unknown> | undefined) ?? {},
    };
    if (info?.title) handshake.server.title = info.title;
    if (transport.protocolVersion) handshake.protocolVersion = transport.protocolVersion;
    return new McpConnection(target, handshake, client, transport, diag, timeoutMs);
  }

  /** Whether the connection is still open (a stdio server that exited is not). */
  get alive(): boolean {
    return !this.transport.closed;
  }

  /** What is known about the server process so far. */
  diagnostics(): ServerDiagnostics {
    return {
      ...this.diag,
      exit: this.transport.exit ?? this.diag.exit,
      stderr: [...this.diag.stderr],
      protocolErrors: [...this.diag.protocolErrors],
      stdoutNoise: [...this.diag.stdoutNoise],
    };
  }

  /** Every tool, following `nextCursor` (a repeated cursor or more than 100 pages is an error). */
  async listTools(): Promise<McpTool[]> {
    const tools: McpTool[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) throw new McpServerError('protocol', mcpText.tooManyPages(MAX_PAGES), this.diagnostics());
      let result: z.infer<typeof LooseListToolsResult>;
      try {
        result = (await this.client.request(
          { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
          LooseListToolsResult as never,
          { timeout: this.timeoutMs },
        )) as z.infer<typeof LooseListToolsResult>;
      } catch (error) {
        throw this.requestError('tools/list', error);
      }
      result.tools.forEach((item, i) => tools.push(readTool(item, tools.length + i)));
      if (result.nextCursor === undefined) return tools;
      if (cursors.has(result.nextCursor))
        throw new McpServerError('protocol', mcpText.repeatedCursor(result.nextCursor), this.diagnostics());
      cursors.add(result.nextCursor);
      cursor = result.nextCursor;
    }
  }

  /** Calls a tool; never throws. */
  async callTool(name: string, args: Record<string, unknown>): Promise<CallOutcome> {
    const started = performance.now();
    const elapsed = (): number => (performance.now() - started) / 1000;
    if (!this.alive) return { kind: 'closed', message: this.closedText(), duration: 0 };
    try {
      const result = (await this.client.request(
        { method: 'tools/call', params: { name, arguments: args } },
        CallToolResultSchema,
        { timeout: this.timeoutMs },
      )) as Record<string, unknown>;
      return { kind: 'result', result, isError: result.isError === true, duration: elapsed() };
    } catch (error) {
      const duration = elapsed();
      if (error instanceof McpError) {
        if (error.code === ErrorCode.RequestTimeout) return { kind: 'timeout', duration: this.timeoutMs / 1000 };
        if (error.code === ErrorCode.ConnectionClosed) {
          await settle(this.transport);
          return { kind: 'closed', message: this.closedText(), duration };
        }
        return { kind: 'rpc_error', code: error.code, message: stripMcpPrefix(error.message), duration };
      }
      if (isZodError(error)) return { kind: 'invalid_result', message: zodText(error), duration };
      if (!this.alive) return { kind: 'closed', message: this.closedText(), duration };
      return { kind: 'transport_error', message: oneLine((error as Error)?.message ?? String(error)), duration };
    }
  }

  /** Closes the connection; a stdio server gets its stdin closed, then SIGTERM, then SIGKILL. */
  async close(): Promise<void> {
    await forceClose(this.client, this.transport);
    this.diag.exit = this.transport.exit ?? this.diag.exit;
  }

  private closedText(): string {
    return mcpText.serverExited(this.transport.exit ?? this.diag.exit);
  }

  private requestError(method: string, error: unknown): McpServerError {
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return new McpServerError('timeout', mcpText.requestTimedOut(method, this.timeoutMs / 1000), this.diagnostics());
    }
    if (!this.alive || (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)) {
      return new McpServerError(
        'exited',
        `${mcpText.serverExitedDuring(method, this.transport.exit)}`,
        this.diagnostics(),
      );
    }
    const message = isZodError(error) ? zodText(error) : stripMcpPrefix((error as Error)?.message ?? String(error));
    return new McpServerError('protocol', mcpText.requestFailed(method, message), this.diagnostics());
  }
}

/** Starts or reaches a server; the same as `McpConnection.open`. */
export function connect(target: ServerTarget, options: ConnectOptions = {}): Promise<McpConnection> {
  return McpConnection.open(target, options);
}

function makeTransport(target: ServerTarget, options: ConnectOptions, diag: ServerDiagnostics): Transport {
  if (target.kind === 'http') {
    const url = new URL(target.url);
    const requestInit = target.headers ? { headers: target.headers } : undefined;
    return target.transport === 'sse'
      ? new SSEClientTransport(url, requestInit ? { requestInit } : undefined)
      : new StreamableHTTPClientTransport(url, requestInit ? { requestInit } : undefined);
  }
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  Object.assign(env, target.env ?? {}, options.env ?? {});
  const params: ConstructorParameters<typeof StdioClientTransport>[0] = {
    command: target.command,
    args: target.args,
    env,
    stderr: 'pipe',
  };
  if (target.cwd !== undefined) params.cwd = target.cwd;
  const transport = new StdioClientTransport(params);
  let partial = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    if (options.echoStderr) process.stderr.write(chunk);
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    diag.stderr.push(...lines.map((line) => line.replace(/\r$/, '')));
    if (diag.stderr.length > STDERR_LINES) diag.stderr.splice(0, diag.stderr.length - STDERR_LINES);
  });
  transport.stderr?.on('end', () => {
    if (partial !== '') diag.stderr.push(partial);
    partial = '';
  });
  return transport;
}

/** Gives a dying process a moment to report its exit status and flush stderr. */
async function settle(transport: WatchedTransport): Promise<void> {
  const child = transport.child();
  if (transport.exit || (!child && transport.closed)) return;
  await new Promise<void>((done) => {
    // Not unref'd: when nothing else keeps the process alive, an awaited unref'd timer would end it.
    const timer = setTimeout(done, 300);
    child?.once('exit', () => {
      clearTimeout(timer);
      setImmediate(done);
    });
  });
}

async function forceClose(client: Client, transport: WatchedTransport, now = false): Promise<void> {
  const running = transport.child();
  // A server that failed is not asked nicely: it may ignore stdin closing for seconds.
  if (now && running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
  try {
    await client.close();
  } catch {
    // closing a broken connection can fail; the process is killed below either way
  }
  const child = transport.child();
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

function startupError(
  target: ServerTarget,
  error: unknown,
  diag: ServerDiagnostics,
  seconds: number,
  timeoutMs: number,
): McpServerError {
  const name = describeTarget(target);
  const err = error as NodeJS.ErrnoException & { code?: unknown };
  if (target.kind === 'stdio' && (err?.code === 'ENOENT' || err?.code === 'EACCES')) {
    return new McpServerError(
      'launch',
      mcpText.cannotStart(target.command, err.code === 'ENOENT' ? 'command not found' : 'permission denied'),
      diag,
    );
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return new McpServerError('timeout', mcpText.noHandshake(name, timeoutMs / 1000, diag.stdoutNoise), diag);
  }
  if (
    target.kind === 'stdio' &&
    (diag.exit || (error instanceof McpError && error.code === ErrorCode.ConnectionClosed))
  ) {
    return new McpServerError('exited', mcpText.exitedAtStart(name, diag.exit, seconds), diag);
  }
  if (target.kind === 'http') {
    const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
    return new McpServerError(
      'unreachable',
      mcpText.unreachable(target.url, oneLine(cause?.code ?? cause?.message ?? err?.message ?? String(error))),
      diag,
    );
  }
  return new McpServerError('protocol', mcpText.handshakeFailed(name, oneLine(err?.message ?? String(error))), diag);
}

function readTool(item: unknown, index: number): McpTool {
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    return { name: `<tool ${index + 1}>`, description: '', inputSchema: undefined };
  const tool = { ...(item as Record<string, unknown>) } as McpTool;
  if (typeof tool.name !== 'string') tool.name = `<tool ${index + 1}>`;
  return tool;
}

/** Whether a stdout line is a JSON-RPC message (or a batch of them); blank lines are not noise either. */
function isJsonRpcLine(line: string): boolean {
  const text = line.trim();
  if (text === '') return true;
  try {
    const data: unknown = JSON.parse(text);
    const first = Array.isArray(data) ? data[0] : data;
    return first !== null && typeof first === 'object' && (first as Record<string, unknown>).jsonrpc === '2.0';
  } catch {
    return false;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function stripMcpPrefix(message: string): string {
  return oneLine(message.replace(/^MCP error -?\d+:\s*/, ''));
}

/** A schema validation error from the SDK's zod (its copy of zod may not be ours, so no instanceof). */
function isZodError(error: unknown): error is { issues: { path: PropertyKey[]; message: string }[] } {
  return error instanceof Error && Array.isArray((error as { issues?: unknown }).issues);
}

function zodText(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues?.[0];
  if (!issue) return 'the result is not a CallToolResult';
  const path = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return `the result is not a CallToolResult (${path}${oneLine(issue.message)})`;
}
