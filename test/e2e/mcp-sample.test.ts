import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { letterGrade } from '../../src/core/grade.js';
import { connect } from '../../src/mcp/client.js';
import { lintScore, type Scorecard } from '../../src/mcp/scorecard.js';
import { testServer } from '../../src/mcp/test-server.js';
import { runCli } from './run-cli.js';
import { SAMPLE_SERVER, sampleTarget } from './mcp-servers.js';

/** What the scorecard formula gives for a card's own counts. */
function expectedScore(card: Scorecard): number {
  const happy = card.counts.happy_total === 0 ? 1 : card.counts.happy_passed / card.counts.happy_total;
  const edge = card.counts.edge_total === 0 ? 1 : card.counts.edge_passed / card.counts.edge_total;
  return (
    0.6 * happy + 0.2 * edge + 0.2 * lintScore(card.counts.lint_errors, card.counts.lint_warnings, card.counts.tools)
  );
}

describe('the bundled sample server over stdio', () => {
  let card: Scorecard;
  beforeAll(async () => {
    ({ card } = await testServer(sampleTarget(), { timeoutMs: 10_000 }));
  });

  test('finds each deliberate flaw', () => {
    expect(card.server.name).toBe('toolscore-sample-notes');
    expect(card.tools.map((tool) => tool.name)).toEqual([
      'get_weather',
      'searchNotes',
      'create_note',
      'convert_currency',
      'delete_note',
    ]);
    // lint: untyped amount (error); camelCase name, short description, fetch_rates, zero-width space, search_notes in the instructions (warnings)
    expect(card.lint.map((issue) => `${issue.severity} ${issue.tool} ${issue.rule}`).sort()).toEqual([
      'error convert_currency untyped-property',
      'warning <instructions> dangling-tool-reference',
      'warning convert_currency dangling-tool-reference',
      'warning delete_note hidden-format-characters',
      'warning searchNotes not-snake-case',
      'warning searchNotes short-description',
    ]);
    expect(card.lint.find((issue) => issue.tool === '<instructions>')!.fix).toBe(
      'refer to searchNotes, or expose search_notes',
    );
    // create_note rejects the ISO dates its schema asks for: every valid call fails
    const createNote = card.results.filter((result) => result.tool === 'create_note' && result.kind === 'happy');
    expect(createNote).toHaveLength(3);
    expect(createNote.every((result) => !result.ok && result.detail.includes('expected DD/MM/YYYY'))).toBe(true);
    // convert_currency dies without an amount; the server is started again and the run goes on
    const crash = card.results.find((result) => result.outcome === 'crash')!;
    expect(crash).toMatchObject({
      tool: 'convert_currency',
      kind: 'edge',
      description: 'missing required argument "amount"',
      ok: false,
    });
    expect(crash.detail).toBe('crash: the server stopped: it exited with code 1');
    expect(card.notes).toEqual([
      'the server stopped during convert_currency (missing required argument "amount") and was started again',
    ]);
    // delete_note is destructive: listed, never called
    expect(
      card.results.filter((result) => result.tool === 'delete_note').every((result) => result.outcome === 'skipped'),
    ).toBe(true);
    expect(card.tools.find((tool) => tool.name === 'delete_note')).toMatchObject({
      total: 0,
      skipped: 6,
      destructive: true,
      avg_latency_ms: null,
    });
  });

  test('grade and score follow the formula: 0.6·9/12 + 0.2·11/12 + 0.2·(1 − (0.25 + 0.5)/5)', () => {
    expect(card.counts).toEqual({
      tools: 5,
      happy_passed: 9,
      happy_total: 12,
      edge_passed: 11,
      edge_total: 12,
      skipped: 6,
      lint_errors: 1,
      lint_warnings: 5,
    });
    expect(card.scores.lint_score).toBeCloseTo(0.85, 12);
    expect(card.score).toBeCloseTo(0.6 * 0.75 + 0.2 * (11 / 12) + 0.2 * 0.85, 9);
    expect(card.score).toBeCloseTo(expectedScore(card), 9);
    expect(card.grade).toBe('B');
    expect(card.grade).toBe(letterGrade(card.score));
  });

  test('ranked fixes: valid-input failures first, then bad input, lint errors, lint warnings', () => {
    expect(card.fixes.map((fix) => `${fix.priority} ${fix.tool}`)).toEqual([
      '0 create_note',
      '1 convert_currency',
      '2 convert_currency',
      '3 <instructions>',
      '3 convert_currency',
      '3 delete_note',
      '3 searchNotes',
      '3 searchNotes',
    ]);
  });

  test('latency and definition tokens per tool; context cost with the instructions', () => {
    for (const tool of card.tools.filter((item) => item.total > 0)) {
      expect(tool.avg_latency_ms).toBeGreaterThan(0);
    }
    expect(card.tools.map((tool) => tool.tokens).every((tokens) => tokens > 20 && tokens < 200)).toBe(true);
    expect(card.total_tool_tokens).toBe(card.tools.reduce((sum, tool) => sum + tool.tokens, 0));
    expect(card.instructions_tokens).toBe(25);
    expect(card.context_tokens).toBe(card.total_tool_tokens + 25);
  });

  test('the same server gives the same scenarios on a second run', async () => {
    const again = await testServer(sampleTarget(), { timeoutMs: 10_000 });
    expect(again.card.results.map((result) => [result.tool, result.description, result.arguments, result.ok])).toEqual(
      card.results.map((result) => [result.tool, result.description, result.arguments, result.ok]),
    );
  });
});

describe('the sample server over Streamable HTTP', () => {
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    server = spawn(process.execPath, [SAMPLE_SERVER, '--http', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error('the sample HTTP server did not print its URL')), 60_000);
      server.stdout!.once('data', (chunk: Buffer) => {
        clearTimeout(timer);
        done(chunk.toString('utf8').trim());
      });
    });
  });
  afterAll(() => {
    server?.kill();
  });

  test('listens on 127.0.0.1', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  test('same tools, lint and valid-input results as over stdio', async () => {
    // Bad input would crash the shared HTTP server process (the deliberate convert_currency flaw), and a URL cannot be restarted.
    const [http, stdio] = await Promise.all([
      testServer({ kind: 'http', url }, { timeoutMs: 10_000, includeEdgeCases: false }),
      testServer(sampleTarget(), { timeoutMs: 10_000, includeEdgeCases: false }),
    ]);
    expect(http.failure).toBeUndefined();
    expect(http.card.tools.map((tool) => tool.name)).toEqual(stdio.card.tools.map((tool) => tool.name));
    expect(http.card.lint).toEqual(stdio.card.lint);
    expect(http.card.results.map((result) => [result.tool, result.arguments, result.ok, result.detail])).toEqual(
      stdio.card.results.map((result) => [result.tool, result.arguments, result.ok, result.detail]),
    );
    expect(http.card.counts.happy_passed).toBe(9);
    expect(http.card.grade).toBe(stdio.card.grade);
  });

  test('mcp list --url prints the tools', async () => {
    const run = await runCli(['mcp', 'list', '--url', url]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^toolscore-sample-notes \S+: 5 tools/);
    expect(run.stdout).toMatch(/get_weather\s+2\s+Current weather for a city/);
  });

  test('an unreachable URL is a clear failure (exit 1)', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((done) => probe.close(() => done()));
    const closed = `http://127.0.0.1:${port}/mcp`;
    await expect(connect({ kind: 'http', url: closed }, { timeoutMs: 5_000 })).rejects.toThrow(
      `could not reach the MCP server at ${closed}: ECONNREFUSED`,
    );
    const run = await runCli(['mcp', 'test', '--url', closed]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Grade F   Score 0.0%');
    expect(run.stderr).toContain(`toolscore: could not reach the MCP server at ${closed}: ECONNREFUSED`);
  });
});

// Each test spawns its own CLI and server processes and writes its own files, so they run side by side.
describe.concurrent('toolscore demo and mcp test on the sample server (CLI)', () => {
  const work = mkdtempSync(join(tmpdir(), 'toolscore-mcp-cli-'));
  const sample = ['--', process.execPath, SAMPLE_SERVER];

  test('demo runs the sample server through the scorecard', async () => {
    const run = await runCli(['demo']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('MCP scorecard: toolscore-sample-notes');
    expect(run.stdout).toContain('Grade B   Score 80.3%');
    expect(run.stdout).toContain('Top issues to fix');
    expect(run.stdout).toContain('create_note fails on valid input');
    expect(run.stdout).toContain('Now try your own server');
  });

  test('--report json and md write files and print a one-line summary', async () => {
    const json = join(work, 'card.json');
    const run = await runCli(['mcp', 'test', '--report', 'json', '-o', json, ...sample]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      `Grade B (80.3%) for toolscore-sample-notes ${JSON.parse(readFileSync(json, 'utf8')).server.version}: valid input 9/12, bad input 11/12, lint 85.0%\nReport written to ${json}\n`,
    );
    const report = JSON.parse(readFileSync(json, 'utf8')) as Scorecard & { format: string };
    expect(report).toMatchObject({
      format: 'toolscore-mcp-scorecard',
      grade: 'B',
      counts: { happy_passed: 9, happy_total: 12 },
    });
    const md = join(work, 'card.md');
    expect((await runCli(['mcp', 'test', '--report', 'md', '-o', md, ...sample])).code).toBe(0);
    const markdown = readFileSync(md, 'utf8');
    expect(markdown).toMatch(/^# MCP scorecard: toolscore-sample-notes/);
    expect(markdown).toContain('| Valid input (happy path) | 60% | 75.0% | 9 of 12 scenarios passed |');
    expect(markdown.match(/^\d+\. \*\*/gm)).toHaveLength(8); // the full fix list
  });

  test('--fail-under: a letter or a score; worse fails with exit 1', async () => {
    expect((await runCli(['mcp', 'test', '--fail-under', 'b', ...sample])).code).toBe(0);
    const strict = await runCli(['mcp', 'test', '--fail-under', 'A', ...sample]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('toolscore: grade B is below the required A (--fail-under)');
    expect((await runCli(['mcp', 'test', '--fail-under', '0.8', ...sample])).code).toBe(0);
    expect((await runCli(['mcp', 'test', '--fail-under', '0.81', ...sample])).code).toBe(1);
  });

  test('--ci appends the Markdown card to $GITHUB_STEP_SUMMARY and fails on blocking issues', async () => {
    const summary = join(work, 'summary.md');
    writeFileSync(summary, 'earlier step\n');
    const run = await runCli(['mcp', 'test', '--ci', ...sample], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('toolscore: 5 blocking issues (lint errors or failed scenarios)'); // 1 lint error, 3 create_note calls, 1 crash
    expect(run.stdout).toContain('MCP scorecard: toolscore-sample-notes');
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('earlier step\n# MCP scorecard: toolscore-sample-notes')).toBe(true);
    // --fail-under decides instead of blocking issues when both are given
    expect(
      (await runCli(['mcp', 'test', '--ci', '--fail-under', 'C', ...sample], { env: { GITHUB_STEP_SUMMARY: summary } }))
        .code,
    ).toBe(0);
  });

  test('mcp lint exits 1 on an error; --json lists the issues', async () => {
    const run = await runCli(['mcp', 'lint', ...sample]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('5 tools, 1 error, 5 warnings');
    expect(run.stdout).toContain('parameter "amount" of convert_currency has no type [untyped-property]');
    const json = await runCli(['mcp', 'lint', '--json', ...sample]);
    expect(JSON.parse(json.stdout)).toMatchObject({ tools: 5, errors: 1, warnings: 5 });
  });

  test('mcp list --json is a tool catalogue eval --tools can read', async () => {
    const run = await runCli([
      'mcp',
      'list',
      '--json',
      `${JSON.stringify(process.execPath)} ${JSON.stringify(SAMPLE_SERVER)}`,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const { tools } = JSON.parse(run.stdout) as { tools: { name: string }[] };
    expect(tools.map((tool) => tool.name)).toContain('convert_currency');
    const { readToolCatalogue } = await import('../../src/schemas/catalogue.js');
    expect([...readToolCatalogue(JSON.parse(run.stdout)).keys()]).toHaveLength(5);
  });

  test('a server from a config file, with --server', async () => {
    const config = join(work, 'claude_desktop_config.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: { other: { command: 'nothing-here' }, notes: { command: process.execPath, args: [SAMPLE_SERVER] } },
      }),
    );
    const run = await runCli(['mcp', 'list', '--config', config, '--server', 'notes']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('5 tools');
    const ambiguous = await runCli(['mcp', 'list', '--config', config]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('the file holds 2 servers; choose one with --server (other, notes)');
    const missing = await runCli(['mcp', 'list', '--config', config, '--server', 'other']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('toolscore: could not start the server: "nothing-here": command not found');
  });

  test('usage errors exit 2 before any server starts', async () => {
    const cases: [string[], string][] = [
      [['mcp', 'test'], 'no server command given'],
      [['mcp', 'test', '--url', 'http://127.0.0.1:1/mcp', 'node x.js'], 'give the server one way only'],
      [
        ['mcp', 'test', '--fail-under', 'E', 'node x.js'],
        '--fail-under: expected a grade A-F or a score between 0 and 1, got "E"',
      ],
      [['mcp', 'test', '--report', 'md', 'node x.js'], '--report: needs -o/--output FILE'],
      [['mcp', 'test', '--cases', '0', 'node x.js'], '--cases: expected a whole number from 1 to 100'],
      [['mcp', 'test', '--timeout', '-1', 'node x.js'], '--timeout: expected a positive number of seconds'],
      [['mcp', 'list', '--url', 'ftp://x'], '--url: expected an http(s) URL'],
      [['mcp', 'record', 'node x.js'], "required option '-o, --output <file>' not specified"],
    ];
    const runs = await Promise.all(cases.map(([args]) => runCli(args)));
    cases.forEach(([args, message], index) => {
      expect(runs[index]!.code, args.join(' ')).toBe(2);
      expect(runs[index]!.stderr, args.join(' ')).toContain(message);
    });
  });
});
