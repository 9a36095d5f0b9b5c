import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, test } from 'vitest';
import { evaluateTrace } from '../../src/evaluation/evaluate-trace.js';
import { generateScenarios, isDestructive, requiresTask } from '../../src/mcp/scenarios.js';
import { isWaitProperty } from '../../src/schemas/schema-values.js';
import type { McpTool } from '../../src/mcp/types.js';
import { CLI, childEnv, runCli, runProgram } from './run-cli.js';
import { EVERYTHING_ENV, fixture, referenceServer } from './mcp-servers.js';

/**
 * `toolscore mcp record` placed where an MCP client launches its server: the official SDK client
 * drives a reference server through the proxy, and the recorded file is scored.
 */

const work = mkdtempSync(join(tmpdir(), 'toolscore-mcp-record-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Session = { format: string; recorded_by: string; server_command: string[]; messages: Record<string, unknown>[] };

function readSession(file: string): Session {
  return JSON.parse(readFileSync(file, 'utf8')) as Session;
}

describe('mcp record with a real client and server', () => {
  test('records tools/call traffic with round trips; the file scores with evaluateTrace and toolscore eval', async () => {
    const session = join(work, 'session.json');
    const server = referenceServer('server-everything');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', 'record', '-o', session, '--', process.execPath, server, 'stdio'],
      env: childEnv(EVERYTHING_ENV) as Record<string, string>,
      stderr: 'pipe',
    });
    let proxyStderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (proxyStderr += chunk.toString('utf8')));
    const client = new Client({ name: 'record-test', version: '1.0.0' });
    await client.connect(transport);
    expect(client.getServerVersion()?.name).toBeTruthy(); // the handshake passed through unchanged

    // Calls chosen from what the server lists: the first valid scenario of three safe tools with arguments.
    const { tools } = (await client.listTools()) as { tools: McpTool[] };
    const properties = (tool: McpTool) =>
      (tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {};
    const quick = (tool: McpTool) =>
      !Object.entries(properties(tool)).some(([name, schema]) =>
        isWaitProperty(name, schema, tool.inputSchema as Record<string, unknown>),
      );
    const picked = tools
      .filter(
        (tool) =>
          !isDestructive(tool) && !requiresTask(tool) && quick(tool) && Object.keys(properties(tool)).length > 0,
      )
      .slice(0, 3);
    expect(picked).toHaveLength(3);
    const calls = picked
      .map((tool) => generateScenarios([tool], { casesPerTool: 1, includeEdgeCases: false })[0]!)
      .map((scenario) => ({ tool: scenario.tool, args: scenario.arguments }));
    const first = await client.callTool({ name: calls[0]!.tool, arguments: calls[0]!.args });
    expect(first.isError).not.toBe(true);
    // The file is rewritten after every answered call: already readable now.
    await waitFor(() => existsSync(session) && readSession(session).messages.length === 2);
    for (const call of calls.slice(1)) await client.callTool({ name: call.tool, arguments: call.args });
    // One call the server rejects (a missing required argument): recorded as a failed call.
    const withRequired = picked.find(
      (tool) => ((tool.inputSchema as { required?: string[] }).required ?? []).length > 0,
    )!;
    const bad = await client.callTool({ name: withRequired.name, arguments: {} });
    expect(bad.isError).toBe(true);
    await client.close();
    await waitFor(() => proxyStderr.includes('recorded 4 tool calls'));

    const recorded = readSession(session);
    expect(recorded).toMatchObject({
      format: 'mcp',
      recorded_by: 'toolscore mcp record',
      server_command: [process.execPath, server, 'stdio'],
    });
    expect(recorded.messages).toHaveLength(8);
    expect(
      recorded.messages
        .filter((message) => message.method === 'tools/call')
        .map((message) => (message.params as { name: string }).name),
    ).toEqual([...calls.map((call) => call.tool), withRequired.name]);
    const durations = recorded.messages
      .filter((message) => 'result' in message)
      .map((message) => message.duration as number);
    expect(durations).toHaveLength(4);
    expect(
      durations.every((duration) => duration > 0 && duration < 10 && Number(duration.toFixed(6)) === duration),
    ).toBe(true);
    expect(proxyStderr).toContain(`toolscore: recorded 4 tool calls to ${session}`);

    // Score it: the gold is the three calls made, then the rejected one.
    const gold = join(work, 'gold.json');
    writeFileSync(gold, JSON.stringify([...calls, { tool: withRequired.name, args: {} }]));
    const result = await evaluateTrace({ goldFile: gold, traceFile: session });
    expect(result.score).toBeCloseTo(1, 9);
    expect(result.traceCalls.map((call) => call.tool)).toEqual([...calls.map((call) => call.tool), withRequired.name]);
    expect(result.traceCalls.map((call) => call.is_error)).toEqual([false, false, false, true]);
    expect(result.traceCalls.every((call) => typeof call.duration === 'number' && call.duration > 0)).toBe(true);
    const cli = await runCli(['eval', gold, session, '-o', join(work, 'report.json')]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('Score 100.0%');
    expect(cli.stdout).toContain(`1 of 4 tool calls failed (${withRequired.name})`);
  });

  test("the exit status is the server's (128+N for signal N); a launch failure is 1; an empty session is still written", async () => {
    const crashed = join(work, 'crashed.json');
    const crash = await runProgram(process.execPath, [
      CLI,
      'mcp',
      'record',
      '-o',
      crashed,
      '--',
      process.execPath,
      fixture('crash-on-start.mjs'),
    ]);
    expect(crash.code).toBe(3);
    expect(crash.stderr).toContain('Error: missing required setting DATABASE_URL'); // the server's stderr passes through
    expect(crash.stderr.trimEnd().split('\n').at(-1)).toBe(`toolscore: recorded 0 tool calls to ${crashed}`);
    expect(readSession(crashed).messages).toEqual([]);
    const killed = await runProgram(process.execPath, [
      CLI,
      'mcp',
      'record',
      '-o',
      join(work, 'killed.json'),
      '--',
      process.execPath,
      '-e',
      "process.kill(process.pid, 'SIGTERM')",
    ]);
    expect(killed.code).toBe(128 + 15);
    const missing = await runProgram(process.execPath, [
      CLI,
      'mcp',
      'record',
      '-o',
      join(work, 'none.json'),
      '--',
      'toolscore-no-such-server',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      'toolscore: could not start the server "toolscore-no-such-server": command not found',
    );
  });

  test('a client that stops reading: stdin closing ends the server and the proxy', async () => {
    const file = join(work, 'stdin-closed.json');
    const run = spawnSync(
      process.execPath,
      [CLI, 'mcp', 'record', '-o', file, '--', process.execPath, referenceServer('server-memory')],
      {
        input: '',
        env: childEnv({ MEMORY_FILE_PATH: join(work, 'mem.jsonl') }),
        timeout: 15_000,
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(readSession(file).messages).toEqual([]);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
