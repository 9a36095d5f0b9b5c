import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { startWritablePostgres, type WritablePostgres } from '../pg-server.js';
import { EXAMPLES, runCli, type Run, useScratchFolder } from './run-cli.js';

/*
 * `--store` and `toolscore runs` end to end, on the built CLI. The bundled example trace scores 0.835
 * (WARN, grade B: test/e2e/cli.test.ts works it out); examples/batch/cases.jsonl holds three cases,
 * PASS, WARN and FAIL, and examples/run/agent.mjs answers its three cases the same way every trial.
 */
const folder = useScratchFolder('toolscore-store-');
const COMMIT = 'c'.repeat(40);

/** A project folder in a git repository on branch `refunds`, with the example gold and trace. */
function project(): string {
  const dir = folder.fresh();
  mkdirSync(join(dir, '.git/refs/heads'), { recursive: true });
  writeFileSync(join(dir, '.git/HEAD'), 'ref: refs/heads/refunds\n');
  writeFileSync(join(dir, '.git/refs/heads/refunds'), `${COMMIT}\n`);
  writeFileSync(join(dir, 'gold.json'), readFileSync(EXAMPLES.gold));
  writeFileSync(join(dir, 'trace.json'), readFileSync(EXAMPLES.trace));
  return dir;
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const json = (run: Run) => JSON.parse(run.stdout) as Record<string, any>;
/** Not in CI's GitHub Actions environment: a detached checkout there would name its branch from it. */
const env = { GITHUB_HEAD_REF: '', GITHUB_REF_NAME: '', TOOLSCORE_STORE: '' };

function expectInputError(run: Run, line: string): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).toBe(`toolscore: ${line}\n`);
}

describe('eval --store keeps the run in .toolscore/runs.db', () => {
  test('the run, where it came from, its one case with its report, credentials masked', async () => {
    const dir = project();
    const token = `ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`;
    const run = await runCli(['eval', 'gold.json', 'trace.json', '--ignore-tools', token, '--store'], {
      cwd: dir,
      env,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('\nRun kept: 1 in .toolscore/runs.db\n');
    expect(existsSync(join(dir, '.toolscore/runs.db'))).toBe(true);

    const list = json(await runCli(['runs', 'list', '--json'], { cwd: dir, env }));
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: 1,
      command: 'eval',
      git_commit: COMMIT,
      git_branch: 'refunds',
      gold: 'gold.json',
      gold_sha256: sha256(EXAMPLES.gold),
      tools_sha256: null,
      cases: 1,
      errors: 0,
      mean_score: 0.835,
      verdicts: { PASS: 0, WARN: 1, FAIL: 0 },
      pass_hat_k: null,
    });
    const shown = json(await runCli(['runs', 'show', '1', '--json'], { cwd: dir, env }));
    expect(shown.options.arguments).toEqual(['gold.json', 'trace.json']);
    expect(shown.options.flags.ignore_tools).toMatch(/^\[REDACTED github_token: /);
    expect(shown.options.flags).not.toHaveProperty('store');
    expect(JSON.stringify(shown)).not.toContain(token);
    expect(shown.summary).toMatchObject({ cases: { total: 1, scored: 1, failed: 0 }, score: { mean: 0.835 } });

    const db = new Sqlite(join(dir, '.toolscore/runs.db'), { readonly: true });
    const row = db
      .prepare(
        `SELECT c.case_id, c.score, c.grade, c.verdict, c.issue_kind, l.lines, l.detail
         FROM toolscore_cases c JOIN toolscore_case_lines l ON l.run_id = c.run_id AND l.first = c.position`,
      )
      .get() as Record<string, string>;
    db.close();
    expect(row).toMatchObject({
      case_id: 'trace.json',
      score: 0.835,
      grade: 'B',
      verdict: 'WARN',
      issue_kind: 'failed',
    });
    expect(row.lines!.endsWith('\n')).toBe(true);
    expect(JSON.parse(row.lines!)).toMatchObject({ id: 'trace.json', index: 0, score: 0.835, expected_calls: 4 });
    expect(JSON.parse(row.detail!)).toMatchObject({
      gold_file: 'gold.json',
      trace_file: 'trace.json',
      summary: { score: 0.835, grade: 'B', verdict: 'WARN' },
    });

    const text = await runCli(['runs', 'list'], { cwd: dir, env });
    expect(text.stdout.replace(/\d{4}-\d\d-\d\d \d\d:\d\d/, 'YYYY-MM-DD hh:mm')).toBe(
      'id  started           command  branch   commit   cases  mean   pass/warn/fail  gold\n' +
        '1   YYYY-MM-DD hh:mm  eval     refunds  ccccccc  1      0.835  0/1/0           gold.json\n',
    );
  });

  test('TOOLSCORE_STORE keeps every run there; batch, compare and bfcl runs are kept too', async () => {
    const dir = project();
    const store = join(dir, 'history.db');
    const withStore = { ...env, TOOLSCORE_STORE: store };
    const dataset = join(REPO_ROOT, 'examples/batch/cases.jsonl');
    const batch = await runCli(['batch', dataset, '--no-progress', '-o', 'a.jsonl'], { cwd: dir, env: withStore });
    expect(batch.code, batch.stderr).toBe(0);
    expect(batch.stdout).toContain(`Run kept: 1 in ${store}\n`);
    writeFileSync(join(dir, 'b.jsonl'), readFileSync(join(dir, 'a.jsonl')));
    const compare = await runCli(['compare', '--results', 'a.jsonl', 'b.jsonl', '--store'], {
      cwd: dir,
      env: withStore,
    });
    expect(compare.stdout).toContain(`Run kept: 2 in ${store}\n`);
    const bfcl = join(REPO_ROOT, 'examples/bfcl');
    const judged = await runCli(
      [
        'bfcl',
        '--questions',
        join(bfcl, 'questions'),
        '--answers',
        join(bfcl, 'possible_answer'),
        '--results',
        join(bfcl, 'results'),
        '--no-progress',
      ],
      { cwd: dir, env: withStore },
    );
    expect(judged.stdout).toContain(`Run kept: 3 in ${store}\n`);

    const runs = json(await runCli(['runs', 'list', '--json'], { cwd: dir, env: withStore }));
    expect(runs.items.map((run: any) => [run.id, run.command, run.cases, run.verdicts])).toEqual([
      [3, 'bfcl', 3, { PASS: 1, WARN: 0, FAIL: 2 }],
      [2, 'compare', 2, { PASS: 0, WARN: 0, FAIL: 0 }],
      [1, 'batch', 3, { PASS: 1, WARN: 1, FAIL: 1 }],
    ]);
    const batchRun = json(await runCli(['runs', 'show', '1', '--json'], { cwd: dir, env: withStore }));
    expect(batchRun.gold_sha256).toBe(sha256(dataset));
    expect(batchRun.summary.cases).toEqual({ total: 3, scored: 3, failed: 0 });
    const db = new Sqlite(store, { readonly: true });
    // The run's chunks of lines, in order, are its results file.
    const chunks = db.prepare('SELECT lines FROM toolscore_case_lines WHERE run_id = 1 ORDER BY first').all() as {
      lines: string;
    }[];
    db.close();
    expect(chunks.map((row) => row.lines).join('')).toBe(readFileSync(join(dir, 'a.jsonl'), 'utf8'));

    expect((await runCli(['runs', 'delete', '2', '9'], { cwd: dir, env: withStore })).stderr).toBe(
      `toolscore: runs delete: no run 9 in ${store} (toolscore runs list shows the ids)\n`,
    );
    const deleted = await runCli(['runs', 'delete', '2'], { cwd: dir, env: withStore });
    expect(deleted.stdout).toBe('deleted run 2\n');
    const pruned = await runCli(['runs', 'prune', '--keep', '1'], { cwd: dir, env: withStore });
    expect(pruned.stdout).toBe('deleted 1 run; kept the newest 1 run\n');
    const left = json(await runCli(['runs', 'list', '--json'], { cwd: dir, env: withStore }));
    expect(left.items.map((run: any) => run.id)).toEqual([3]);
  });

  test('run --store keeps every trial', async () => {
    const dir = project();
    const examples = join(REPO_ROOT, 'examples/run');
    const run = await runCli(
      [
        'run',
        join(examples, 'agent.mjs'),
        '--dataset',
        join(examples, 'cases.jsonl'),
        '--trials',
        '2',
        '--no-progress',
        '--store',
      ],
      { cwd: dir, env },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Run kept: 1 in .toolscore/runs.db\n');
    const kept = json(await runCli(['runs', 'show', '1', '--json'], { cwd: dir, env }));
    expect(kept.command).toBe('run');
    expect(kept.pass_hat_k).toEqual(kept.summary.trials.pass_hat_k);
    expect(kept.cases).toBe(kept.summary.cases.total);
  });
});

describe('stores that cannot be used: one line, exit 2, nothing written', () => {
  test('a file that is not SQLite: refused before scoring, no report written, the file unchanged', async () => {
    const dir = project();
    writeFileSync(join(dir, 'notes.db'), 'my notes\n'.repeat(100));
    const run = await runCli(['eval', 'gold.json', 'trace.json', '--store', 'notes.db'], { cwd: dir, env });
    expectInputError(run, 'notes.db: is not a SQLite database, so not a toolscore store; give another --store');
    expect(existsSync(join(dir, 'toolscore.json'))).toBe(false);
    expect(readFileSync(join(dir, 'notes.db'), 'utf8')).toBe('my notes\n'.repeat(100));
  });

  test('a store of a newer toolscore is refused and left as it was', async () => {
    const dir = project();
    expect((await runCli(['eval', 'gold.json', 'trace.json', '--store'], { cwd: dir, env })).code).toBe(0);
    const path = join(dir, '.toolscore/runs.db');
    const db = new Sqlite(path);
    db.exec("INSERT INTO toolscore_migrations VALUES (4, '2030-01-01', '9.0.0')");
    db.close();
    const before = readFileSync(path);
    for (const args of [
      ['eval', 'gold.json', 'trace.json', '--store'],
      ['runs', 'list'],
    ])
      expectInputError(
        await runCli(args, { cwd: dir, env }),
        '.toolscore/runs.db: was written by a newer toolscore (store schema 4; this one knows up to 3): upgrade toolscore to use it; nothing was changed',
      );
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  test('no store yet, a bad run id, an unknown URL scheme, a server that is down (password masked)', async () => {
    const dir = project();
    expectInputError(
      await runCli(['runs', 'list'], { cwd: dir, env }),
      '.toolscore/runs.db: holds no runs yet: a command with --store creates it',
    );
    expect(existsSync(join(dir, '.toolscore'))).toBe(false);
    expectInputError(
      await runCli(['runs', 'show', 'latest', '--store', 'x.db'], { cwd: dir, env }),
      'run id: expected a run id (a whole number, as toolscore runs list shows), got "latest"',
    );
    expectInputError(
      await runCli(['eval', 'gold.json', 'trace.json', '--store', 'mysql://root:hunter2@db/x'], { cwd: dir, env }),
      '--store: cannot keep runs in a mysql: URL: use a file path (.toolscore/runs.db) or postgres://user:password@host/db',
    );
    const down = await runCli(
      ['eval', 'gold.json', 'trace.json', '--store', 'postgres://ci:hunter2@127.0.0.1:1/runs'],
      {
        cwd: dir,
        env,
      },
    );
    expectInputError(down, 'postgres://ci:***@127.0.0.1:1/runs: cannot be reached: connect ECONNREFUSED 127.0.0.1:1');
    expect(existsSync(join(dir, 'toolscore.json'))).toBe(false);
  });
});

describe("--store postgres:// (CI's server, else PGlite over the wire protocol)", () => {
  let server: WritablePostgres;
  beforeAll(async () => {
    server = await startWritablePostgres();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('a batch kept in PostgreSQL, listed from it, the password never printed', async () => {
    const dir = project();
    const dataset = join(REPO_ROOT, 'examples/batch/cases.jsonl');
    const batch = await runCli(['batch', dataset, '--no-progress', `--store=${server.url}`], { cwd: dir, env });
    expect(batch.code, batch.stderr).toBe(0);
    const masked = server.url.replace(/:[^:@/]+@/, ':***@');
    expect(batch.stdout).toMatch(new RegExp(`Run kept: \\d+ in ${masked.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\n`));
    const list = json(await runCli(['runs', 'list', '--json', '--store', server.url], { cwd: dir, env }));
    expect(list.items[0]).toMatchObject({ command: 'batch', cases: 3, verdicts: { PASS: 1, WARN: 1, FAIL: 1 } });
    expect(batch.stdout + JSON.stringify(list)).not.toMatch(/pglite-secret|toolscore@/);
  });
});
