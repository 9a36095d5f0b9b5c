import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { letterGrade } from '../../src/core/grade.js';
import { connect } from '../../src/mcp/client.js';
import { lintTools } from '../../src/mcp/lint/index.js';
import { isDestructive, requiresTask } from '../../src/mcp/scenarios.js';
import { lintScore, type Scorecard } from '../../src/mcp/scorecard.js';
import { testServer } from '../../src/mcp/test-server.js';
import type { McpTool } from '../../src/mcp/types.js';
import { schemaError } from '../../src/mcp/validate.js';
import { runCli } from './run-cli.js';
import { EVERYTHING_ENV, nodeTarget, referenceServer } from './mcp-servers.js';

/**
 * The npm reference servers, started over stdio. Nothing here names their tools: every expectation is
 * derived from what tools/list says.
 */

const work = mkdtempSync(join(tmpdir(), 'toolscore-mcp-ref-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function listTools(script: string, args: string[] = [], env?: Record<string, string>): Promise<McpTool[]> {
  const connection = await connect(nodeTarget(script, args, env), { timeoutMs: 20_000 });
  try {
    return await connection.listTools();
  } finally {
    await connection.close();
  }
}

/** Checks that hold for any server's card: one line per listed tool, counts that add up, the formula, the grade. */
function checkCard(card: Scorecard, tools: readonly McpTool[], allowDestructive = false): void {
  expect(card.tools.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
  const names = new Set(tools.map((tool) => tool.name));
  expect(card.results.every((result) => names.has(result.tool))).toBe(true);
  const ran = card.results.filter((result) => result.outcome !== 'skipped');
  expect(card.counts.happy_total + card.counts.edge_total).toBe(ran.length);
  expect(card.counts.skipped).toBe(card.results.length - ran.length);
  const happy = card.counts.happy_total === 0 ? 1 : card.counts.happy_passed / card.counts.happy_total;
  const edge = card.counts.edge_total === 0 ? 1 : card.counts.edge_passed / card.counts.edge_total;
  expect(card.scores.lint_score).toBeCloseTo(
    lintScore(card.counts.lint_errors, card.counts.lint_warnings, tools.length),
    12,
  );
  expect(card.score).toBeCloseTo(0.6 * happy + 0.2 * edge + 0.2 * card.scores.lint_score, 9);
  expect(card.grade).toBe(letterGrade(card.score));
  // Tools that say they are destructive, or need task execution, were never called.
  for (const tool of tools) {
    const own = card.results.filter((result) => result.tool === tool.name);
    expect(own.length, tool.name).toBeGreaterThan(0);
    if ((isDestructive(tool) && !allowDestructive) || requiresTask(tool))
      expect(
        own.every((result) => result.outcome === 'skipped'),
        tool.name,
      ).toBe(true);
    else
      expect(
        own.some((result) => result.outcome === 'skipped'),
        tool.name,
      ).toBe(false);
  }
  // Every happy call sent satisfied the tool's own schema: failures are the server's, not the generator's.
  for (const result of ran.filter((item) => item.kind === 'happy')) {
    const tool = tools.find((item) => item.name === result.tool)!;
    if (tool.inputSchema && typeof tool.inputSchema === 'object' && 'properties' in tool.inputSchema)
      expect(schemaError(tool.inputSchema as Record<string, unknown>, result.arguments), result.tool).toBeUndefined();
  }
  // No scenario was lost to a crash or the transport.
  expect(card.results.filter((result) => result.outcome === 'crash' || result.outcome === 'transport_error')).toEqual(
    [],
  );
  expect(card.lint).toEqual(card.lint); // lint is part of the card
}

describe('@modelcontextprotocol/server-everything', () => {
  const script = referenceServer('server-everything');

  test('scorecard: every listed tool, formula, grade; lint derived from the definitions', async () => {
    const tools = await listTools(script, ['stdio'], EVERYTHING_ENV);
    expect(tools.length).toBeGreaterThan(5);
    const { card, failure } = await testServer(nodeTarget(script, ['stdio'], EVERYTHING_ENV), { timeoutMs: 15_000 });
    expect(failure).toBeUndefined();
    checkCard(card, tools);
    expect(card.server.name).not.toBe('');
    expect(card.instructions_tokens).toBeGreaterThan(0);
    // The names are hyphenated: each one that is not snake_case is a warning, named after the tool.
    const hyphenated = tools.filter((tool) => !/^[a-z][a-z0-9_]*$/.test(tool.name)).map((tool) => tool.name);
    expect(hyphenated.length).toBeGreaterThan(0);
    expect(card.lint.filter((issue) => issue.rule === 'not-snake-case').map((issue) => issue.tool)).toEqual(hyphenated);
    // The card's lint is exactly what the linter says about the listed tools and the instructions.
    const connection = await connect(nodeTarget(script, ['stdio'], EVERYTHING_ENV));
    const instructions = connection.handshake.instructions;
    await connection.close();
    expect(card.lint).toEqual(lintTools(tools, instructions));
    // Edge cases: the SDK server validates input and answers every bad call.
    expect(card.scores.edge_resilience_rate).toBe(1);
  });
});

describe('@modelcontextprotocol/server-memory', () => {
  const script = referenceServer('server-memory');

  test('destructive tools (by their annotations) are skipped, and called with --allow-destructive', async () => {
    const env = { MEMORY_FILE_PATH: join(work, 'memory.jsonl') };
    const tools = await listTools(script, [], env);
    const destructive = tools.filter(isDestructive).map((tool) => tool.name);
    expect(destructive.length).toBeGreaterThan(0);
    const careful = await testServer(nodeTarget(script, [], env), { timeoutMs: 15_000 });
    checkCard(careful.card, tools);
    expect(careful.card.tools.filter((tool) => tool.destructive).map((tool) => tool.name)).toEqual(destructive);
    rmSync(env.MEMORY_FILE_PATH, { force: true });
    const bold = await testServer(nodeTarget(script, [], env), { timeoutMs: 15_000, allowDestructive: true });
    checkCard(bold.card, tools, true);
    expect(bold.card.counts.skipped).toBe(0);
    // Its outputSchema-bearing results were checked against the schemas.
    const withOutput = tools.filter((tool) => tool.outputSchema !== undefined).map((tool) => tool.name);
    expect(
      bold.card.results.filter((result) => withOutput.includes(result.tool) && result.kind === 'happy' && result.ok)
        .length,
    ).toBeGreaterThan(0);
  });
});

describe('@modelcontextprotocol/server-filesystem against a temporary folder', () => {
  const script = referenceServer('server-filesystem');

  test('a full run stays inside the folder and leaves destructive tools alone', async () => {
    const root = join(work, 'fs-root');
    mkdirSync(root);
    writeFileSync(join(root, 'example.txt'), 'hello\n');
    const tools = await listTools(script, [root]);
    const { card, failure } = await testServer(nodeTarget(script, [root]), { timeoutMs: 15_000 });
    expect(failure).toBeUndefined();
    checkCard(card, tools);
    // No destructive tool ran, so the file is as it was.
    expect(readFileSync(join(root, 'example.txt'), 'utf8')).toBe('hello\n');
    expect(readdirSync(work).sort()).toEqual(expect.arrayContaining(['fs-root']));
  });

  test('the CLI grades it too (mcp test, JSON report)', async () => {
    const root = join(work, 'fs-cli');
    mkdirSync(root);
    const out = join(work, 'fs-card.json');
    const run = await runCli(['mcp', 'test', '--report', 'json', '-o', out, '--', process.execPath, script, root]);
    expect(run.code, run.stderr).toBe(0);
    const card = JSON.parse(readFileSync(out, 'utf8')) as Scorecard;
    expect(run.stdout.startsWith(`Grade ${card.grade} (`)).toBe(true);
    expect(card.grade).toBe(letterGrade(card.score));
  });
});
