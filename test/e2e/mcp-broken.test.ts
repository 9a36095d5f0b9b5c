import { describe, expect, test } from 'vitest';
import { connect, McpServerError } from '../../src/mcp/client.js';
import { renderScorecardConsole } from '../../src/mcp/report.js';
import { testServer } from '../../src/mcp/test-server.js';
import { runCli } from './run-cli.js';
import { fixture, nodeTarget } from './mcp-servers.js';

async function failure(promise: Promise<unknown>): Promise<McpServerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof McpServerError) return error;
    throw error;
  }
  throw new Error('expected a McpServerError');
}

describe('servers that cannot be used are reported clearly', () => {
  test('crash on start: exit code and stderr', async () => {
    const error = await failure(connect(nodeTarget(fixture('crash-on-start.mjs'))));
    expect(error.failure).toBe('exited');
    expect(error.message).toMatch(
      /^the server \(.*crash-on-start\.mjs\) stopped before completing the MCP handshake: it exited with code 3 after [\d.]+ s$/,
    );
    expect(error.diagnostics.exit).toEqual({ code: 3, signal: null });
    expect(error.diagnostics.stderr).toEqual([
      'starting fixture server',
      'Error: missing required setting DATABASE_URL',
    ]);
  });

  test('hang: the start-up timeout ends it (a server that ignores stdin closing is killed)', async () => {
    const outcome = await testServer(nodeTarget(fixture('hang.mjs')), { timeoutMs: 30_000, startupTimeoutMs: 1_000 });
    expect(outcome.failure?.failure).toBe('timeout');
    expect(outcome.card).toMatchObject({ grade: 'F', score: 0 });
    expect(outcome.card.fixes[0]).toMatchObject({ tool: '<server>', priority: 0 });
    expect(outcome.card.notes[0]).toMatch(/did not answer initialize within 1 s/);
  });

  test('garbage on stdout: the lines are quoted', async () => {
    const error = await failure(connect(nodeTarget(fixture('garbage.mjs')), { startupTimeoutMs: 1_000 }));
    expect(error.failure).toBe('timeout');
    expect(error.message).toContain('wrote lines to stdout that are not JSON-RPC ("Server starting on stdio..." and');
    expect(error.diagnostics.stdoutNoise.slice(0, 2)).toEqual(['Server starting on stdio...', '{"this is": not json']);
  });

  test('the per-request timeout does not bound the start: a 1 ms timeoutMs still completes the handshake', async () => {
    // No server starts in 1 ms; the handshake has its own bound (startupTimeoutMs, 30 s by default).
    const connection = await connect(nodeTarget(fixture('slow-tool.mjs')), { timeoutMs: 1 });
    try {
      expect(connection.handshake.server).toEqual({ name: 'slow-fixture', version: '1.0.0' });
      expect(connection.timeoutMs).toBe(1);
    } finally {
      await connection.close();
    }
  });

  test('a command that does not exist', async () => {
    const error = await failure(connect({ kind: 'stdio', command: 'toolscore-no-such-server', args: [] }));
    expect(error.failure).toBe('launch');
    expect(error.message).toBe('could not start the server: "toolscore-no-such-server": command not found');
  });

  test('CLI: exit 1 with the reason and the end of stderr; the F card still prints', async () => {
    const run = await runCli(['mcp', 'test', '--', process.execPath, fixture('crash-on-start.mjs')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Grade F   Score 0.0%');
    expect(run.stderr).toContain(
      "toolscore: last 2 lines of the server's stderr:\n  | starting fixture server\n  | Error: missing required setting DATABASE_URL",
    );
    const hang = await runCli(['mcp', 'list', '--startup-timeout', '1', '--', process.execPath, fixture('hang.mjs')]);
    expect(hang.code).toBe(1);
    expect(hang.stderr).toContain('did not answer initialize within 1 s');
  });
});

describe('servers that misbehave mid-run still get a scorecard', () => {
  test('slow tool: its calls time out, the others pass', async () => {
    // The tool sleeps far longer than the 2 s bound; the fast one answers well within it, even on a busy machine.
    const { card, failure: broken } = await testServer(
      nodeTarget(fixture('slow-tool.mjs'), [], { SLOW_MS: '600000' }),
      {
        timeoutMs: 2_000,
      },
    );
    expect(broken).toBeUndefined();
    const slow = card.results.filter((result) => result.tool === 'slow_report');
    const fast = card.results.filter((result) => result.tool === 'fast_echo');
    expect(fast.every((result) => result.ok)).toBe(true);
    // The SDK's own server validates input first: bad input is answered at once, valid input sleeps.
    expect(
      slow
        .filter((result) => result.kind === 'happy')
        .every(
          (result) =>
            result.outcome === 'timeout' && result.duration === 2 && result.detail === 'timeout: no answer within 2 s',
        ),
    ).toBe(true);
    expect(slow.filter((result) => result.kind === 'happy')).toHaveLength(2);
    expect(card.fixes[0]).toMatchObject({ tool: 'slow_report', priority: 0 });
  });

  test('a server that exits mid-run is started again and the run goes on', async () => {
    const { card } = await testServer(nodeTarget(fixture('raw-server.mjs'), ['exit-after-1']), { timeoutMs: 5_000 });
    const crashes = card.results.filter((result) => result.outcome === 'crash');
    expect(crashes.length).toBeGreaterThan(0);
    expect(crashes.every((result) => result.detail === 'crash: the server stopped: it exited with code 7')).toBe(true);
    expect(card.notes.length).toBe(crashes.length);
    expect(card.results.at(-1)!.outcome).not.toBe('transport_error');
  });

  test('tools/list over pages; a cursor that repeats is a failure', async () => {
    const { card } = await testServer(nodeTarget(fixture('raw-server.mjs'), ['paginate']));
    expect(card.tools.map((tool) => tool.name)).toEqual(['list_items', 'get_item', 'count_items']);
    expect(card.grade).toBe('A');
    const loop = await testServer(nodeTarget(fixture('raw-server.mjs'), ['loop-cursor']));
    expect(loop.failure?.message).toBe(
      'tools/list returned the cursor "again" twice; stopped reading (the server pages in a loop)',
    );
    expect(loop.card.grade).toBe('F');
  });

  test('broken tool definitions reach the linter instead of failing the list', async () => {
    const { card } = await testServer(nodeTarget(fixture('raw-server.mjs'), ['broken']));
    expect(card.lint.map((issue) => `${issue.tool} ${issue.rule}`)).toEqual([
      'no_schema missing-schema',
      'odd_schema schema-not-object',
      'send_report hides-from-user',
      'send_report overrides-instructions',
      'send_report authority-tag',
      'tagged hidden-tag-characters',
    ]);
    expect(card.lint.find((issue) => issue.rule === 'hidden-tag-characters')!.message).toContain(
      'spell "read ~/.ssh/id_rsa"',
    );
    // Poisoning is called out on its own line, whatever the grade.
    expect(card.security_issues).toBe(3);
    expect(renderScorecardConsole(card)).toContain(
      '  Security: 3 findings look like tool poisoning (hidden text, or instructions to deceive the user); review the server before an agent uses it',
    );
    expect(card.results.find((result) => result.tool === 'no_schema')).toMatchObject({
      description: 'no-args call (empty or invalid input schema)',
      arguments: {},
      ok: true,
    });
  });

  test('results are checked: outputSchema, the CallToolResult shape, JSON-RPC errors', async () => {
    const { card } = await testServer(nodeTarget(fixture('raw-server.mjs'), ['bad-output']));
    const detail = (tool: string) => card.results.find((result) => result.tool === tool)!;
    expect(detail('wrong_output')).toMatchObject({
      ok: false,
      outcome: 'invalid_result',
      detail: 'structuredContent does not match the outputSchema: $.count: must be integer',
    });
    expect(detail('no_structured')).toMatchObject({
      ok: false,
      outcome: 'invalid_result',
      detail: 'the tool declares an outputSchema but returned no structuredContent',
    });
    expect(detail('good_output')).toMatchObject({ ok: true, outcome: 'ok' });
    expect(detail('not_a_result')).toMatchObject({ ok: false, outcome: 'invalid_result' });
    expect(detail('not_a_result').detail).toMatch(/^the result is not a CallToolResult \(content: /);
    expect(detail('rpc_error')).toMatchObject({
      ok: false,
      is_error: true,
      outcome: 'protocol_error',
      detail: 'JSON-RPC error -32603: database unavailable',
    });
    expect(card.counts.happy_passed).toBe(1);
  });
});
