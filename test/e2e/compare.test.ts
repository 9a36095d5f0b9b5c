import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { EXAMPLES, runCli, type Run, useScratchFolder } from './run-cli.js';

/*
 * `toolscore compare` end to end. The bundled example trace scores 0.835 (test/e2e/cli.test.ts works it
 * out); "better.json" is that trace with the three faults fixed (the destination, the failed booking, the
 * extra charge_card call), which matches the gold exactly: 1 on every measure, redundancy 0.
 */
const folder = useScratchFolder('toolscore-compare-');

function put(name: string, content: unknown): string {
  const path = join(folder.root(), name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

function expectInputError(run: Run, ...fragments: string[]): void {
  expect(run.code, run.stderr).toBe(2);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^toolscore: /);
  for (const fragment of fragments) expect(run.stderr).toContain(fragment);
}

function betterTrace(): string {
  const calls = JSON.parse(readFileSync(EXAMPLES.trace, 'utf8')) as Record<string, any>[];
  calls[1]!.args.destination = 'LIS';
  delete calls[2]!.is_error;
  delete calls[2]!.error;
  calls[2]!.result = { status: 'booked' };
  return put(
    'better.json',
    calls.filter((call) => call.tool !== 'charge_card'),
  );
}

describe('toolscore compare: traces', () => {
  it('side by side on the score and each metric, the best marked, the winner named; JSON, Markdown and HTML', async () => {
    const better = betterTrace();
    const json = join(folder.root(), 'comparison.json');
    const markdown = join(folder.root(), 'comparison.md');
    const html = join(folder.root(), 'comparison.html');
    const run = await runCli([
      'compare',
      EXAMPLES.gold,
      EXAMPLES.trace,
      better,
      '-o',
      json,
      '--markdown',
      markdown,
      '--html',
      html,
      '--no-color',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('Winner: better (score 1.000)');
    expect(run.stdout).toMatch(/score\s+0\.835\s+1\.000\*\s+better/);
    expect(run.stdout).toMatch(/redundant_rate \(lower is better\)\s+0\.200\s+0\.000\*\s+better/);
    expect(run.stdout).toMatch(/required_call_recall\s+0\.750\s+1\.000\*\s+better/);
    const file = JSON.parse(readFileSync(json, 'utf8'));
    expect(file.kind).toBe('traces');
    expect(file.models.map((model: { name: string; score: number }) => [model.name, model.score])).toEqual([
      ['trace', 0.835],
      ['better', 1],
    ]);
    expect(file.winner).toEqual(['better']);
    expect(file.winners.argument_f1).toEqual(['better']);
    expect(file.pairs).toEqual([]);
    expect(readFileSync(markdown, 'utf8')).toContain('| score | 0.835 | **1.000** | better |');
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(/^<!DOCTYPE html>/);
    expect(page.match(/<svg class="chart"/g)).toHaveLength(7);
  });

  it('names: the file stems by default, --names instead; a name twice or a wrong count is an error', async () => {
    const better = betterTrace();
    const named = await runCli([
      'compare',
      EXAMPLES.gold,
      EXAMPLES.trace,
      better,
      '--names',
      'gpt-a,<b>gpt-b</b>',
      '--html',
      join(folder.root(), 'named.html'),
      '--no-color',
    ]);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout.split('\n')[0]).toBe('Winner: <b>gpt-b</b> (score 1.000)');
    const page = readFileSync(join(folder.root(), 'named.html'), 'utf8');
    expect(page).not.toContain('<b>gpt-b</b>');
    expect(page).toContain('&lt;b&gt;gpt-b&lt;/b&gt;');
    expectInputError(
      await runCli(['compare', EXAMPLES.gold, EXAMPLES.trace, EXAMPLES.trace]),
      'two runs are named "trace"',
      'names must be unique: pass --names',
    );
    expectInputError(
      await runCli(['compare', EXAMPLES.gold, EXAMPLES.trace, better, '--names', 'only-one']),
      '--names: 1 name for 2 runs',
    );
    expectInputError(
      await runCli(['compare', EXAMPLES.gold, EXAMPLES.trace, better, '--names', 'same,same']),
      '--names: two runs are named "same"',
    );
    expectInputError(
      await runCli(['compare', EXAMPLES.gold, EXAMPLES.trace]),
      'expected a gold file and at least two traces',
    );
  });
});

describe('toolscore compare --results: batches, case by case', () => {
  const DATASET = join(REPO_ROOT, 'examples/batch/cases.jsonl');

  it('per case wins, losses and ties, and the sign test', async () => {
    const dir = folder.root();
    const rows = readFileSync(DATASET, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    // Model b asks the wrong city in weather-only (score 0.7 instead of 1); the other two cases score the same.
    rows[1]!.actual = [{ tool: 'get_weather', args: { city: 'Porto' } }];
    const worse = put('model-b-cases.jsonl', `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
    expect((await runCli(['batch', DATASET, '-o', join(dir, 'model-a.jsonl')])).code).toBe(0);
    expect((await runCli(['batch', worse, '-o', join(dir, 'model-b.jsonl')])).code).toBe(0);
    const out = join(dir, 'batches.json');
    const run = await runCli([
      'compare',
      '--results',
      join(dir, 'model-a.jsonl'),
      join(dir, 'model-b.jsonl'),
      '-o',
      out,
      '--no-color',
    ]);
    expect(run.code, run.stderr).toBe(0);
    // Means (0.835 + 1 + 0) / 3 and (0.835 + 0.7 + 0) / 3.
    expect(run.stdout).toMatch(/score\s+0\.612\*\s+0\.512\s+model-a/);
    // One win, no loss, two ties: 2 · (1/2)^1 = 1.
    expect(run.stdout).toContain(
      'model-a vs model-b: 3 cases in both, model-a better in 1, model-b better in 0, 2 tied; mean score difference +0.100; p = 1.000 (not significant at 0.05: the difference may be noise)',
    );
    expect(run.stdout).toContain('Test: two-sided exact sign test on per-case score differences (ties dropped).');
    const file = JSON.parse(readFileSync(out, 'utf8'));
    expect(file.pairs).toEqual([
      {
        a: 'model-a',
        b: 'model-b',
        cases: 3,
        a_wins: 1,
        b_wins: 0,
        ties: 2,
        mean_difference: expect.closeTo(0.1, 12),
        p_value: 1,
        significant: false,
      },
    ]);
    expect(file.models[0].cases).toEqual({ scored: 3, not_scored: 0 });
  });

  it('a results file with a broken line is one line and exit 2', async () => {
    const broken = put('broken.jsonl', '{"id": "a", "index": 0,\n');
    expectInputError(
      await runCli(['compare', '--results', broken, join(folder.root(), 'model-a.jsonl')]),
      'broken.jsonl',
    );
  });
});
