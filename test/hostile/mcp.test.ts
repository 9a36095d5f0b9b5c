import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { testServer } from '../../src/mcp/test-server.js';
import type { ScenarioResult } from '../../src/mcp/types.js';
import { fixture, nodeTarget, referenceServer } from '../e2e/mcp-servers.js';
import { runCli, useScratchFolder } from '../e2e/run-cli.js';

const HOSTILE = fixture('hostile-server.mjs');
const scratch = useScratchFolder('toolscore-hostile-mcp-');

/** Whether a process is still running. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits (at most 5 s, in 50 steps) for a process to end; true when it did. */
async function ended(pid: number): Promise<boolean> {
  for (let step = 0; step < 50 && running(pid); step++) await sleep(100);
  return !running(pid);
}

describe('mcp test against schemas built to hang, exhaust or crash the client', () => {
  test('CLI: every tool gets a sensible result and the command exits', async () => {
    const dir = scratch.fresh();
    // The CLI is killed after 30 s: before the fix it never exited.
    const run = await runCli(
      ['mcp', 'test', '--report', 'json', '-o', 'card.json', '--', process.execPath, HOSTILE, 'schemas'],
      { cwd: dir },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      'toolscore: calling 5 tools with generated arguments, write tools included (--read-only calls only tools annotated readOnlyHint): evil_input, evil_output, many_items, long_string, plain\n',
    );
    const card = JSON.parse(readFileSync(join(dir, 'card.json'), 'utf8')) as {
      results: ScenarioResult[];
      counts: Record<string, number>;
    };
    const first = (tool: string, kind = 'happy'): ScenarioResult =>
      card.results.find((result) => result.tool === tool && result.kind === kind)!;
    // ^(a+)+$: the crafted example in the description is rejected at once, and a sample that fits is sent.
    expect(
      card.results
        .filter((result) => result.tool === 'evil_input' && result.kind === 'happy')
        .map((result) => result.arguments),
    ).toEqual([{ code: 'aaaa' }, { code: 'aa' }, { code: 'aaaaaaaa' }]);
    expect(first('evil_output')).toMatchObject({
      ok: false,
      outcome: 'invalid_result',
      detail: 'structuredContent does not match the outputSchema: $.text: must match pattern "^(a+)+$"',
    });
    expect(first('many_items').detail).toBe(
      'skipped: could not generate arguments that satisfy the input schema ($.items: must NOT have fewer than 100000000 items)',
    );
    expect((first('many_items').arguments.items as unknown[]).length).toBe(100);
    expect(first('long_string').detail).toBe(
      'skipped: could not generate arguments that satisfy the input schema ($.text: must NOT have fewer than 500000000 characters)',
    );
    expect((first('long_string').arguments.text as string).length).toBe(10_000);
    expect(first('deep_schema')).toMatchObject({
      outcome: 'skipped',
      detail: 'skipped: toolscore cannot check arguments against the input schema (it nests more than 100 levels)',
    });
    expect(first('lookahead').detail).toBe(
      'skipped: toolscore cannot check arguments against the input schema ($.properties.code.pattern: pattern "^(?=[a-z])[a-z0-9]+$" cannot be used: invalid or unsupported Perl syntax: `(?=` (lookarounds and backreferences are not supported: patterns run on a linear-time engine))',
    );
    expect(first('plain')).toMatchObject({ ok: true, outcome: 'ok' });
    expect(card.counts).toMatchObject({
      tools: 7,
      happy_passed: 5,
      happy_total: 6,
      edge_passed: 12,
      edge_total: 12,
      skipped: 7,
    });
  }, 40_000);

  test('an error inside the run still closes the server', async () => {
    const pidFile = join(scratch.fresh(), 'pid');
    const failing = testServer(nodeTarget(HOSTILE, ['schemas'], { PID_FILE: pidFile }), {
      timeoutMs: 10_000,
      onResult: () => {
        throw new Error('planned failure');
      },
    });
    await expect(failing).rejects.toThrow('planned failure');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(await ended(pid)).toBe(true);
  }, 20_000);
});

describe('mcp test on a server with thousands of tools', () => {
  test('4,000 tools: every tool linted, called and summed up', async () => {
    const { card, failure } = await testServer(nodeTarget(HOSTILE, ['many', '4000']), { timeoutMs: 10_000 });
    expect(failure).toBeUndefined();
    expect(card.counts).toEqual({
      tools: 4000,
      happy_passed: 8493,
      happy_total: 8493,
      edge_passed: 12_000,
      edge_total: 12_000,
      skipped: 0,
      lint_errors: 0,
      lint_warnings: 4000,
    });
    expect(card.tools[3999]).toMatchObject({
      name: 'tool_3999',
      passed: 6,
      total: 6,
      skipped: 0,
      lint_errors: 0,
      lint_warnings: 1,
    });
    expect(card.lint[3999]).toEqual({
      tool: 'tool_3999',
      rule: 'dangling-tool-reference',
      severity: 'warning',
      message: 'the description of tool_3999 refers to a tool "fetch_record_3999" that the server does not expose',
      fix: 'refer to tool_3999, or expose fetch_record_3999',
    });
    expect(card.grade).toBe('A');
    // Linear work takes seconds here; the quadratic lint and scorecard took minutes and hit this bound.
  }, 60_000);
});

describe('--read-only calls only tools annotated readOnlyHint, and the tools to be called are listed first', () => {
  test('fixture: the call log holds only the read-only tool', async () => {
    const dir = scratch.fresh();
    const log = join(dir, 'calls.log');
    const readOnly = await runCli(
      ['mcp', 'test', '--read-only', '-e', `CALL_LOG=${log}`, '--', process.execPath, HOSTILE, 'annotated'],
      { cwd: dir },
    );
    expect(readOnly.code).toBe(0);
    expect(readOnly.stderr).toBe(
      'toolscore: calling 1 tool with generated arguments (read-only tools only): read_notes\n',
    );
    expect([...new Set(readFileSync(log, 'utf8').trim().split('\n'))]).toEqual(['read_notes']);
    expect(readOnly.stdout).toContain('7 scenarios skipped');

    const everyTool = await runCli(
      ['mcp', 'test', '-e', `CALL_LOG=${log}.all`, '--', process.execPath, HOSTILE, 'annotated'],
      { cwd: dir },
    );
    expect(everyTool.stderr).toBe(
      'toolscore: calling 3 tools with generated arguments, write tools included (--read-only calls only tools annotated readOnlyHint): read_notes, write_note, unannotated\n',
    );
    expect([...new Set(readFileSync(`${log}.all`, 'utf8').trim().split('\n'))]).toEqual([
      'read_notes',
      'write_note',
      'unannotated',
    ]);
  }, 60_000);

  test('server-memory: --read-only leaves its data file alone; without it, write tools write', async () => {
    const dir = scratch.fresh();
    const memory = join(dir, 'memory.jsonl');
    const server = ['--', process.execPath, referenceServer('server-memory')];
    const readOnly = await runCli(['mcp', 'test', '--read-only', '-e', `MEMORY_FILE_PATH=${memory}`, ...server], {
      cwd: dir,
    });
    expect(readOnly.code).toBe(0);
    expect(readOnly.stderr).toBe(
      'toolscore: calling 3 tools with generated arguments (read-only tools only): read_graph, search_nodes, open_nodes\n',
    );
    expect(existsSync(memory)).toBe(false);

    const writes = await runCli(['mcp', 'test', '-e', `MEMORY_FILE_PATH=${memory}`, ...server], { cwd: dir });
    expect(writes.stderr).toMatch(
      /^toolscore: calling 6 tools with generated arguments, write tools included \(--read-only calls only tools annotated readOnlyHint\): create_entities, create_relations, add_observations, read_graph, search_nodes, open_nodes\n$/,
    );
    expect(readFileSync(memory, 'utf8')).toContain('"type":"entity"');
  }, 60_000);

  test('--help says that write tools are called', async () => {
    const help = await runCli(['mcp', 'test', '--help']);
    expect(help.stdout).toContain('--read-only');
    expect(help.stdout).toContain('so tools that write (files, databases, memory) will write');
  });
});
