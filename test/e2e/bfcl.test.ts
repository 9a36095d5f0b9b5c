import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { ARTIFACTS, useChromium } from '../browser.js';
import { CHROMIUM, needs } from '../requirements.js';
import { wholeDataFolder } from '../bfcl/whole-data.js';
import { runCli, useScratchFolder } from './run-cli.js';

const CORPUS = resolve(REPO_ROOT, 'test/corpus/bfcl');
const INPUTS = [
  '--questions',
  join(CORPUS, 'questions'),
  '--answers',
  join(CORPUS, 'possible_answer'),
  '--results',
  join(CORPUS, 'model_runs/glyphh-ada-1.1'),
];
const scratch = useScratchFolder('toolscore-bfcl-');

describe('toolscore bfcl', () => {
  test('judges the corpus run: the same bytes with --jobs 1 and 2, a table per category, the reports', async () => {
    const dir = scratch.fresh();
    const one = await runCli(['bfcl', ...INPUTS, '--jobs', '1', '-o', 'one.jsonl'], { cwd: dir });
    const two = await runCli(
      [
        'bfcl',
        ...INPUTS,
        '--jobs',
        '2',
        '-o',
        'two.jsonl',
        '--summary',
        's.json',
        '--html',
        'r.html',
        '--markdown',
        'r.md',
      ],
      { cwd: dir },
    );
    expect([one.code, two.code, one.stderr, two.stderr]).toEqual([0, 0, '', '']);
    const verdicts = readFileSync(join(dir, 'one.jsonl'), 'utf8');
    expect(readFileSync(join(dir, 'two.jsonl'), 'utf8')).toBe(verdicts);
    // 1,640 entries with the leaderboard's verdict (the multi-turn run is judged below).
    expect(verdicts.trimEnd().split('\n')).toHaveLength(1640);
    // The counts of manifest.json's kept_results and kept_failures, per category.
    expect(one.stdout).toMatch(/^simple_python +0\.945 \(189\/200\) +0\.980 +0$/m);
    expect(one.stdout).toMatch(/^live_parallel +0\.750 \(12\/16\) +0\.967 +0$/m);
    expect(one.stdout).toMatch(/^all judged entries +0\.876 \(1436\/1640\) +0\.931 +0$/m);
    expect(one.stdout).not.toContain('skipped');
    expect(two.stdout).toContain('HTML report: r.html');
    const summary = JSON.parse(readFileSync(join(dir, 's.json'), 'utf8'));
    expect(summary.overall).toEqual({
      correct_count: 1436,
      total_count: 1640,
      accuracy: 1436 / 1640,
      mean_score: expect.any(Number),
      errors: 0,
    });
    const markdown = readFileSync(join(dir, 'r.md'), 'utf8');
    expect(markdown).toContain('| simple\\_python | 0.945 (189/200) | 0.980 | 0 |');
    // simple_python_98 asked for 6 hours; the model said 18.
    expect(markdown).toContain(
      '| simple\\_python\\_98 | simple\\_python | value\\_error:others | 0.850 B | calculate\\_clock\\_angle: calculate\\_clock\\_angle called with different arguments: hours: expected 6, got 18 |',
    );
  });

  test("a multi-turn run: the leaderboard's verdicts beside the turn-by-turn diagnosis", async () => {
    const data = wholeDataFolder();
    try {
      const dir = scratch.fresh();
      const run = await runCli(
        [
          'bfcl',
          '--questions',
          data,
          '--answers',
          join(data, 'possible_answer'),
          '--results',
          join(data, 'result/BFCL_v4_multi_turn_base_result.json'),
          '-o',
          'v.jsonl',
          '--markdown',
          'r.md',
        ],
        { cwd: dir },
      );
      expect([run.code, run.stderr]).toEqual([0, '']);
      // Two judging threads, each with its own module state, write the same bytes.
      const two = await runCli(
        [
          'bfcl',
          '--questions',
          data,
          '--answers',
          join(data, 'possible_answer'),
          '--results',
          join(data, 'result/BFCL_v4_multi_turn_base_result.json'),
          '--jobs',
          '2',
          '-o',
          'v2.jsonl',
        ],
        { cwd: dir },
      );
      expect(two.code).toBe(0);
      expect(readFileSync(join(dir, 'v2.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'v.jsonl'), 'utf8'));
      // The score file's own count: 121 of 200.
      expect(run.stdout).toMatch(/^multi_turn_base +0\.605 \(121\/200\) +0\.\d{3} +0$/m);
      const lines = readFileSync(join(dir, 'v.jsonl'), 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines).toHaveLength(200);
      const line = lines.find((l) => l.id === 'multi_turn_base_90');
      expect(Object.keys(line)).toEqual([
        'id',
        'index',
        'category',
        'valid',
        'error_type',
        'error',
        'score',
        'grade',
        'turn_pass_rate',
        'first_failing_turn',
        'turns',
        'first_state_difference',
        'top_issue',
      ]);
      expect([line.valid, line.error_type, line.first_failing_turn]).toEqual([
        false,
        'multi_turn:execution_response_mismatch',
        2,
      ]);
      // The failures table lists multi-turn entries like single-turn ones, with the leaderboard's error type.
      expect(readFileSync(join(dir, 'r.md'), 'utf8')).toMatch(
        /^\| multi\\_turn\\_base\\_90 \| multi\\_turn\\_base \| multi\\_turn:execution\\_response\\_mismatch \| 0\.729 C \| get\\_zipcode\\_based\\_on\\_city: turn 2: expected call to get\\_zipcode\\_based\\_on\\_city was not made \|$/m,
      );
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });

  test('--to-gold writes one gold file per entry of the judged categories; eval reads them', async () => {
    const dir = scratch.fresh();
    const run = await runCli(
      [
        'bfcl',
        '--questions',
        join(CORPUS, 'questions'),
        '--answers',
        join(CORPUS, 'possible_answer'),
        '--to-gold',
        'gold',
      ],
      { cwd: dir },
    );
    expect(run.code).toBe(0);
    // 15 categories: 9 of 200 entries, live_parallel 16, live_parallel_multiple 24, live_relevance 16,
    // and the four multi-turn ones of 20.
    expect(run.stdout).toContain('wrote 1736 gold files to gold');
    expect(readdirSync(join(dir, 'gold'))).toHaveLength(1736);
    expect(JSON.parse(readFileSync(join(dir, 'gold/multi_turn_base_50.json'), 'utf8')).turns).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, 'gold/simple_python_0.json'), 'utf8'))).toEqual({
      calls: [
        {
          tool: 'calculate_triangle_area',
          args: { base: 10, height: 5, unit: { $optional: { $one_of: ['units'], normalize: 'bfcl' } } },
        },
      ],
    });
    writeFileSync(
      join(dir, 'trace.json'),
      JSON.stringify([{ tool: 'calculate_triangle_area', args: { base: 10, height: 5, unit: 'Units' } }]),
    );
    const scored = await runCli(['eval', 'gold/simple_python_0.json', 'trace.json', '--min-score', '1'], { cwd: dir });
    expect(scored.code).toBe(0);
  });

  test('bad usage and input: one line, exit 2', async () => {
    const dir = scratch.fresh();
    const noQuestions = await runCli(['bfcl', '--results', join(CORPUS, 'model_runs/glyphh-ada-1.1')], { cwd: dir });
    expect([noQuestions.code, noQuestions.stderr.trim()]).toEqual([
      2,
      'toolscore: --questions: expected --questions (a questions file or folder)',
    ]);
    writeFileSync(join(dir, 'BFCL_v4_multi_turn_base_result.json'), '{"id": "multi_turn_base_0", "result": []}\n');
    const multiTurn = await runCli(
      ['bfcl', '--questions', join(CORPUS, 'questions'), '--results', 'BFCL_v4_multi_turn_base_result.json'],
      { cwd: dir },
    );
    expect(multiTurn.code).toBe(2);
    expect(multiTurn.stderr.trim()).toMatch(
      /no possible-answer file for category multi_turn_base; pass --answers with its file or folder$/,
    );
    const sameFile = await runCli(['bfcl', ...INPUTS, '-o', join(CORPUS, 'questions/BFCL_v4_simple_python.jsonl')], {
      cwd: dir,
    });
    expect(sameFile.code).toBe(2);
  });
});

describe('the BFCL report in headless Chromium', needs(CHROMIUM), () => {
  const browser = useChromium('toolscore-bfcl-html-');

  test('shows the category table and the failing entries, loads nothing', async () => {
    const file = join(ARTIFACTS, 'bfcl-report.html');
    const run = await runCli(['bfcl', ...INPUTS, '--html', file], { cwd: browser.work() });
    expect(run.code).toBe(0);
    const page = await browser.context().newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 15_000 });
    expect(await page.title()).toBe('BFCL verdicts');
    // 10 categories and the overall row.
    expect(await page.locator('#categories tbody tr').count()).toBe(11);
    // 204 failures; the report lists the 200 lowest-scoring.
    expect(await page.locator('#failures tbody tr').count()).toBe(200);
    expect(await page.locator('#skipped li').count()).toBe(0);
    expect(requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
    await page.close();
  });
});
