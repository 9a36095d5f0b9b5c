import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../corpus.js';
import { runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolscore-checks-'));
function write(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

const gold = write('gold.json', [
  { tool: 'create_file', args: { filename: 'output.txt' }, side_effects: { file_exists: 'output.txt' } },
  {
    tool: 'insert_user',
    args: { name: 'John', email: 'john@example.com' },
    side_effects: {
      sql_rows: { query: 'SELECT * FROM users WHERE email = $1', params: ['john@example.com'], equals: 1 },
    },
  },
]);
const trace = write('trace.json', [
  { tool: 'create_file', args: { filename: 'output.txt' }, duration: 0.5, cost: 0.01 },
  { tool: 'insert_user', args: { name: 'John', email: 'john@example.com' }, duration: 2.5, cost: 0.02 },
  { tool: 'insert_user', args: { name: 'John', email: 'john@example.com' }, duration: 1 },
]);
writeFileSync(join(dir, 'output.txt'), 'hello');
const database = join(dir, 'app.db');
const db = new Sqlite(database);
db.exec("CREATE TABLE users (name TEXT, email TEXT); INSERT INTO users VALUES ('John', 'john@example.com')");
db.close();

const report = (name: string) =>
  JSON.parse(readFileSync(join(dir, name), 'utf8')) as { metrics: Record<string, { [key: string]: unknown }> };

describe('toolscore eval: side effects, schemas, budgets', () => {
  it('runs side effects against the real file system and a SQLite database', async () => {
    const run = await runCli(['eval', gold, trace, '-o', join(dir, 'r1.json'), '--db', `sqlite:${database}`], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    expect(report('r1.json').metrics.side_effect_metrics).toMatchObject({
      total_checks: 2,
      passed_checks: 2,
      success_rate: 1,
    });
  });

  it('--root moves where files are looked for; --no-side-effects turns the checks off', async () => {
    const moved = await runCli(['eval', gold, trace, '-o', join(dir, 'r2.json'), '--root', tmpdir()], { cwd: dir });
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain(
      'side effect file_exists of create_file (expected call 1) failed: "output.txt" does not exist under',
    );
    expect(moved.stdout).toContain(
      'side effect sql_rows of insert_user (expected call 2) failed: this check queries a database',
    );
    const off = await runCli(['eval', gold, trace, '-o', join(dir, 'r3.json'), '--no-side-effects'], { cwd: dir });
    expect(report('r3.json').metrics.side_effect_metrics).toBeUndefined();
    expect(off.stdout).not.toContain('side effect');
  });

  it('--tools checks calls against a real MCP tools/list, and a tool not offered is an error finding', async () => {
    const transcript = readFileSync(
      corpusPath('mcp/recorded-transcripts/server-filesystem-2026.8.31.stdio.jsonl'),
      'utf8',
    ).split('\n');
    const listResponse = transcript
      .map((line) => (line ? JSON.parse(line) : {}))
      .find((line) => line.message?.result?.tools)!.message;
    const tools = write('tools.json', listResponse);
    const run = await runCli(['eval', gold, trace, '-o', join(dir, 'r4.json'), '--tools', tools, '--no-side-effects'], {
      cwd: dir,
    });
    expect(run.stdout).toContain('ERROR    call 1 (create_file) uses a tool that was not offered');
    expect(report('r4.json').metrics.schema_metrics).toMatchObject({
      total_validated: 3,
      failed_count: 3,
      schema_compliance_rate: 0,
    });
  });

  it('budgets become findings and fail the run with --fail-on-violations', async () => {
    const args = [
      'eval',
      gold,
      trace,
      '--no-side-effects',
      '--max-calls',
      '2',
      '--max-calls-per-tool',
      'insert_user=1',
      '--max-call-duration',
      '2',
      '--max-cost',
      '0.025',
    ];
    const warn = await runCli([...args, '-o', join(dir, 'r5.json')], { cwd: dir });
    expect(warn.code).toBe(0);
    expect(warn.stdout).toContain('3 tool calls made, limit 2 (max_calls)');
    expect(warn.stdout).toContain('insert_user called 2 times, limit 1 (max_calls_per_tool)');
    expect(warn.stdout).toContain('call 2 (insert_user) took 2.5 s, limit 2 s (max_call_duration)');
    expect(warn.stdout).toContain('tool calls cost $0.0300, limit $0.0250 (max_cost)');
    expect(report('r5.json').metrics.budget_metrics).toMatchObject({ violation_count: 4 });
    const failed = await runCli([...args, '-o', join(dir, 'r6.json'), '--fail-on-violations'], { cwd: dir });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('toolscore: --fail-on-violations: 4 broken budgets');
  });

  it('bad budget and limit flags exit 2 with one line', async () => {
    for (const [flag, value, message] of [
      ['--max-calls', 'many', 'toolscore: --max-calls: expected a non-negative whole number, got "many"'],
      ['--max-cost', '-1', 'toolscore: --max-cost: expected a non-negative number, got "-1"'],
      ['--max-depth', '0', 'toolscore: limits at maxDepth: expected a positive whole number'],
    ] as const) {
      const run = await runCli(['eval', gold, trace, '-o', join(dir, 'bad.json'), flag, value], { cwd: dir });
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(message);
    }
  });
});

describe('credentials never reach the JSON report unless asked for', () => {
  const key = `sk-proj-${'Ab3dE'.repeat(8)}`;
  const secretTrace = write('secret-trace.json', [
    {
      tool: 'http_get',
      args: { headers: { Authorization: `Bearer ${key}` } },
      result: { echoed: key },
      error: `bad key ${key}`,
    },
  ]);
  const secretGold = write('secret-gold.json', [{ tool: 'http_get' }]);

  it('masks arguments, results and errors by default; --show-secrets keeps them', async () => {
    const masked = await runCli(['eval', secretGold, secretTrace, '-o', join(dir, 's1.json')], { cwd: dir });
    expect(masked.code).toBe(0);
    const text = readFileSync(join(dir, 's1.json'), 'utf8');
    expect(text).not.toContain(key);
    expect(text).toContain('[REDACTED openai_api_key: sk-p…dE]');
    expect(masked.stdout).not.toContain(key);
    expect(masked.stdout).toContain('passes a credential (openai_api_key) in "headers.Authorization": sk-p…dE');
    await runCli(['eval', secretGold, secretTrace, '-o', join(dir, 's2.json'), '--show-secrets'], { cwd: dir });
    expect(readFileSync(join(dir, 's2.json'), 'utf8')).toContain(key);
  });
});
