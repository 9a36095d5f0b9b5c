import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CONVERSATION_DATASET } from '../batch-report-fixtures.js';
import { REPO_ROOT } from '../corpus.js';
import { CLI, childEnv, runCli, runProgram, useScratchFolder, type Run } from './run-cli.js';

const FIXTURES = join(REPO_ROOT, 'test/fixtures/batch');
const WORKLOAD = join(FIXTURES, 'workload-30.jsonl');
const HAND = join(FIXTURES, 'hand.jsonl');
const freshDir = useScratchFolder('toolscore-batch-cli-').fresh;

/** A summary without its one timestamp. */
function summaryOf(path: string): Record<string, unknown> {
  const { created_at: _createdAt, ...rest } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  return rest;
}

/** An input error: exit 2, one `toolscore:` line naming the problem, nothing on stdout. */
function expectInputError(run: Run, message: string): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).toBe(`toolscore: ${message}\n`);
  expect(run.stdout).toBe('');
}

describe('toolscore batch', () => {
  test('writes the same bytes with --jobs 1 and --jobs 2, and as three shards merged', async () => {
    const dir = freshDir();
    const one = await runCli(['batch', WORKLOAD, '--jobs', '1', '-o', 'one.jsonl', '--summary', 'one.json'], {
      cwd: dir,
    });
    expect(one.code, one.stderr).toBe(0);
    const two = await runCli(['batch', WORKLOAD, '--jobs', '2', '-o', 'two.jsonl', '--summary', 'two.json'], {
      cwd: dir,
    });
    expect(two.code, two.stderr).toBe(0);
    const whole = readFileSync(join(dir, 'one.jsonl'), 'utf8');
    expect(whole.split('\n')).toHaveLength(31);
    expect(readFileSync(join(dir, 'two.jsonl'), 'utf8')).toBe(whole);
    expect(summaryOf(join(dir, 'two.json'))).toEqual(summaryOf(join(dir, 'one.json')));
    // The printed summary is the same too, but for the timing line on stderr.
    expect(two.stdout).toBe(one.stdout.replace('one.jsonl', 'two.jsonl').replace('one.json', 'two.json'));

    for (const shard of ['1/3', '2/3', '3/3']) {
      const run = await runCli(
        ['batch', WORKLOAD, '--shard', shard, '--jobs', '2', '-o', `results-${shard[0]}.jsonl`],
        { cwd: dir },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^10 cases scored\n/);
    }
    const merged = await runCli(['merge', 'results-*.jsonl', '-o', 'merged.jsonl', '--summary', 'merged.json'], {
      cwd: dir,
    });
    expect(merged.code, merged.stderr).toBe(0);
    expect(readFileSync(join(dir, 'merged.jsonl'), 'utf8')).toBe(whole);
    expect(summaryOf(join(dir, 'merged.json'))).toEqual(summaryOf(join(dir, 'one.json')));
  });

  test('--html, --markdown, --junit and --csv of a whole run and of its merged shards are the same files', async () => {
    const dir = freshDir();
    const reports = (prefix: string) => [
      '--html',
      `${prefix}.html`,
      '--markdown',
      `${prefix}.md`,
      '--junit',
      `${prefix}.xml`,
      '--csv',
      `${prefix}.csv`,
      '--summary',
      `${prefix}.json`,
    ];
    const whole = await runCli(['batch', WORKLOAD, '-o', 'whole.jsonl', '--min-score', '0.5', ...reports('whole')], {
      cwd: dir,
    });
    expect(whole.code, whole.stderr).toBeLessThan(2);
    for (const shard of ['1/3', '2/3', '3/3'])
      expect(
        (await runCli(['batch', WORKLOAD, '--shard', shard, '-o', `part-${shard[0]}.jsonl`], { cwd: dir })).code,
      ).toBe(0);
    const merged = await runCli(
      ['merge', 'part-*.jsonl', '-o', 'merged.jsonl', '--min-score', '0.5', ...reports('merged')],
      {
        cwd: dir,
      },
    );
    expect(merged.code).toBe(whole.code);
    // The reports' one time is the summary's created_at; apart from it, every byte is the same.
    const stamp = (name: string) => JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')).created_at as string;
    // (JUnit writes it to the second, without the zone.)
    const untimed = (name: string, ext: string) =>
      readFileSync(join(dir, `${name}.${ext}`), 'utf8')
        .split(stamp(name))
        .join('{time}')
        .split(stamp(name).slice(0, 19))
        .join('{time}');
    for (const ext of ['html', 'md', 'xml', 'csv']) expect(untimed('merged', ext), ext).toBe(untimed('whole', ext));
    // 30 cases: one JUnit test case and one CSV row each.
    expect(readFileSync(join(dir, 'whole.xml'), 'utf8').match(/<testcase /g)).toHaveLength(30);
    expect(readFileSync(join(dir, 'whole.csv'), 'utf8').trim().split('\n')).toHaveLength(31);
    expect(readFileSync(join(dir, 'whole.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/i);
  });

  test('progress: redrawn in place on a terminal, one final line elsewhere', async () => {
    const dir = freshDir();
    // util-linux `script` gives the CLI a pseudo-terminal; what it writes to stderr arrives on script's stdout.
    const command = [process.execPath, CLI, 'batch', WORKLOAD, '-o', 'tty.jsonl']
      .map((word) => `'${word.replace(/'/g, `'\\''`)}'`)
      .join(' ');
    const tty = await runProgram('script', ['-qec', command, '/dev/null'], {
      cwd: dir,
      env: childEnv({ TERM: 'xterm' }),
    });
    expect(tty.code, tty.stdout).toBe(0);
    // The final line clears the progress line it replaces.
    expect(tty.stdout).toMatch(/\r\u001b\[2Ktoolscore batch: 30 cases in [\d.]+ s \([\d,]+ cases\/s, \d+ jobs?\)\r?\n/);
    const piped = await runCli(['batch', WORKLOAD, '-o', 'piped.jsonl'], { cwd: dir });
    expect(piped.stderr).not.toContain('\u001b');
    expect(piped.stderr.match(/^toolscore batch: 30 cases in /gm)).toHaveLength(1);
    const quiet = await runCli(['batch', WORKLOAD, '-o', 'quiet.jsonl', '--no-progress'], { cwd: dir });
    expect(quiet.stderr).toBe('');
  });

  test('progress on a terminal: cases done of the total, rate and the time left, redrawn in place', async () => {
    const dir = freshDir();
    // 6,000 cases (the 30 of the workload 200 times): the file is still being read at the first redraw,
    // which comes with the first cases, so the time left is known.
    writeFileSync(join(dir, 'big.jsonl'), readFileSync(WORKLOAD, 'utf8').repeat(200));
    const command = [process.execPath, CLI, 'batch', 'big.jsonl', '--jobs', '1', '-o', 'r.jsonl']
      .map((word) => `'${word.replace(/'/g, `'\\''`)}'`)
      .join(' ');
    const tty = await runProgram('script', ['-qec', command, '/dev/null'], {
      cwd: dir,
      env: childEnv({ TERM: 'xterm' }),
    });
    expect(tty.code, tty.stdout).toBe(0);
    // The total: the file's 6,000 lines, counted before the first case.
    expect(tty.stdout).toMatch(/^\r\u001b\[2K[\d,]+ \/ 6,000 cases · [\d,]+\/s · \d+ s left\r\u001b\[2K/);
    expect(tty.stdout).toMatch(/\r\u001b\[2Ktoolscore batch: 6,000 cases in [\d.]+ s \([\d,]+ cases\/s, 1 job\)\r?\n/);
  });

  test('--shard auto reads the Kubernetes JOB_COMPLETION_INDEX', async () => {
    const dir = freshDir();
    const run = await runCli(
      ['batch', WORKLOAD, '--shard', 'auto', '--shard-count', '3', '-o', 'r.jsonl', '--jobs', '1'],
      {
        cwd: dir,
        env: { JOB_COMPLETION_INDEX: '2' },
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = readFileSync(join(dir, 'r.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { index: number });
    const end = lines.pop();
    expect(lines.map((line) => line.index)).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26, 29]);
    // The shard's last line: shard 3 of 3, of the 30 cases of this file (its SHA-256).
    expect(end).toEqual({
      shard: { index: 3, count: 3 },
      dataset: { sha256: createHash('sha256').update(readFileSync(WORKLOAD)).digest('hex'), cases: 30 },
    });
  });

  test('prints the summary; -o - sends the lines to stdout and the summary to stderr', async () => {
    const dir = freshDir();
    const run = await runCli(['batch', HAND, '-o', '-', '--jobs', '1', '--min-score', '0.5', '--max-errors', '4'], {
      cwd: dir,
    });
    // Mean 0.7 meets 0.5; 4 cases could not be read, as many as --max-errors allows.
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(9);
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: 'perfect', index: 0, score: 1 });
    expect(run.stderr).toContain('5 cases scored, 4 could not be read or scored\n');
    expect(run.stderr).toContain('Grades: A 2 · B 1 · C 1 · D 0 · F 1\n');
    expect(run.stderr).toContain('Pass rate at --min-score 0.5: 80.0% of scored cases\n');
    // Ids padded to the longest ("perfect", "lenient"), so the scores line up.
    expect(run.stderr).toContain('  wrong    0.000 F  called lookup where search was expected\n  strict   0.700 C');
    expect(run.stderr).toContain(`  ${HAND}:6 at $: case "no-expected" has no "expected"`);
    expect(run.stderr).toContain('Results: standard output\n');
  });

  test('conversation cases: turns on their lines, a turns block in the summary and the printed summary, exact under merge', async () => {
    const dir = freshDir();
    const dataset = join(dir, 'chats.jsonl');
    writeFileSync(dataset, CONVERSATION_DATASET.map((one) => `${JSON.stringify(one)}\n`).join(''));
    const run = await runCli(['batch', dataset, '-o', 'results.jsonl', '--summary', 'summary.json', '--jobs', '2'], {
      cwd: dir,
    });
    expect(run.code, run.stderr).toBe(0);
    const lines = readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { turns?: unknown }).turns)).toEqual([
      { count: 4, passed: 3, pass_rate: 0.75, first_failing: 3 },
      undefined,
      { count: 2, passed: 2, pass_rate: 1, first_failing: null },
      { count: 3, passed: 1, pass_rate: 1 / 3, first_failing: 2 },
    ]);
    const summary = summaryOf(join(dir, 'summary.json'));
    expect(summary.turns).toEqual({
      cases: 3,
      turns: 9,
      passed_turns: 6,
      mean_pass_rate: (0.75 + 1 + 1 / 3) / 3,
      all_passed: 1,
      first_failing: { '2': 1, '3': 1 },
    });
    expect(run.stdout + run.stderr).toContain(
      'Turns: 3 conversation cases, 6 of 9 turns passed, mean turn pass rate 0.694; every turn passed in 1\n  first failing turn  2  3\n  cases               1  1\n',
    );
    for (const index of [1, 2]) {
      const shard = await runCli(
        ['batch', dataset, '-o', `shard-${index}.jsonl`, '--summary', `s-${index}.json`, '--shard', `${index}/2`],
        { cwd: dir },
      );
      expect(shard.code, shard.stderr).toBe(0);
    }
    const merged = await runCli(
      ['merge', 'shard-1.jsonl', 'shard-2.jsonl', '-o', 'merged.jsonl', '--summary', 'merged.json'],
      {
        cwd: dir,
      },
    );
    expect(merged.code, merged.stderr).toBe(0);
    expect(readFileSync(join(dir, 'merged.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'results.jsonl'), 'utf8'));
    expect(summaryOf(join(dir, 'merged.json'))).toEqual(summary);
  });

  test('gates: the mean below --min-score, any case below with --min-score-each, --fail-on-violations', async () => {
    const dir = freshDir();
    const mean = await runCli(['batch', HAND, '--jobs', '1', '--min-score', '0.75'], { cwd: dir });
    expect(mean.code).toBe(1);
    expect(mean.stderr).toContain('toolscore: mean score 0.7 is below --min-score 0.75\n');
    const each = await runCli(['batch', HAND, '--jobs', '1', '--min-score', '0.5', '--min-score-each'], { cwd: dir });
    expect(each.code).toBe(1);
    // Scores 1, 0.8, 0, 0.7, 1: one is below 0.5.
    expect(each.stderr).toContain('toolscore: --min-score-each: 1 case scores below 0.5\n');
    const key = ['AK', 'IA', 'QW3RTY5UIOP7ASDF'].join('');
    const leaky = join(dir, 'leaky.jsonl');
    writeFileSync(
      leaky,
      `${JSON.stringify({ id: 'k', expected: [{ tool: 't' }], actual: [{ tool: 't', args: { key } }] })}\n`,
    );
    const violations = await runCli(['batch', leaky, '--jobs', '1', '--fail-on-violations', '-o', 'r.jsonl'], {
      cwd: dir,
    });
    expect(violations.code).toBe(1);
    expect(violations.stderr).toContain('toolscore: --fail-on-violations: 1 leaked credential\n');
    expect(readFileSync(join(dir, 'r.jsonl'), 'utf8')).not.toContain(key);
  });

  test.each([
    [['--gold', 'g.json', '--traces', 'runs/*.json'], '--traces: no file matches "runs/*.json"'],
    [[WORKLOAD, '--shard', '3/2'], '--shard: shard 3 of 2 does not exist; shards are numbered 1 to 2'],
    [[WORKLOAD, '--shard', '0/0'], '--shard: expected at least 1 shard, got 0'],
    [
      [WORKLOAD, '-o', WORKLOAD],
      `--output: ${JSON.stringify(WORKLOAD)} is the dataset; writing the results there would overwrite it`,
    ],
    [[WORKLOAD, '--gold', 'g.json'], 'batch: expected one input, got a dataset and --gold with --traces'],
    [[WORKLOAD, '--jobs', '0'], '--jobs: expected at least 1 job'],
  ])('bad usage: %j', async (args, message) => {
    const dir = freshDir();
    writeFileSync(join(dir, 'g.json'), '[]');
    expectInputError(await runCli(['batch', ...args], { cwd: dir }), message);
  });

  test('exit 2 when no case could be read; --fail-fast stops at the first that cannot', async () => {
    const dir = freshDir();
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, 'nope\n{"id":1}\n');
    const none = await runCli(['batch', bad, '--jobs', '1', '-o', 'r.jsonl'], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('toolscore: no case could be read or scored\n');
    expect(readFileSync(join(dir, 'r.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
    const fast = await runCli(['batch', HAND, '--jobs', '2', '--fail-fast', '-o', 'f.jsonl'], { cwd: dir });
    expect(fast.code).toBe(2);
    expect(fast.stderr).toContain(
      `toolscore: --fail-fast: stopped at the first case that could not be read or scored: ${HAND}:5:30`,
    );
    expect(readFileSync(join(dir, 'f.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4);
  });

  test('bad input in a dataset: one line per case naming its line, and every other case is scored', async () => {
    const dir = freshDir();
    const run = await runCli(['batch', HAND, '--jobs', '2', '-o', 'r.jsonl', '--no-progress', '--max-errors', '4'], {
      cwd: dir,
    });
    // hand.jsonl: line 5 invalid JSON, 6 without "expected", 7 an unknown option, 10 cut short (the last line).
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      [
        'Could not be read or scored:',
        `  ${HAND}:5:30 at $.expected[0]: invalid JSON: unexpected '}'; expected a JSON value`,
        `  ${HAND}:6 at $: case "no-expected" has no "expected"; expected {id, expected, actual, options?}`,
        `  ${HAND}:7 at $.options.strictness: unknown option "strictness"; a case's options are weights, strict, forbidden, tools, budgets, limits`,
        `  ${HAND}:10:33 at $.expected[0].tool: invalid JSON: unexpected end of file; expected a JSON value`,
        'Results: r.jsonl',
      ].join('\n'),
    );
    const lines = readFileSync(join(dir, 'r.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(9);
    const errors = lines.map((line) => JSON.parse(line) as { line?: number; error?: string }).filter((l) => l.error);
    expect(errors.map((line) => line.line)).toEqual([5, 6, 7, 10]);
  });

  test('a file that is not a trace, and the unpaired files of paired folders, are listed and counted', async () => {
    const dir = freshDir();
    for (const sub of ['gold/x', 'traces/x', 'runs']) mkdirSync(join(dir, sub), { recursive: true });
    const call = JSON.stringify([{ tool: 's', args: { q: 'x' } }]);
    for (const path of ['gold/x/a.json', 'traces/x/a.json', 'gold/only-gold.json', 'traces/only-trace.json']) {
      writeFileSync(join(dir, path), call);
    }
    writeFileSync(join(dir, 'runs/ok.json'), call);
    writeFileSync(join(dir, 'runs/notes.json'), JSON.stringify({ title: 'not a trace' }));
    const paired = await runCli(
      ['batch', '--gold-dir', 'gold', '--trace-dir', 'traces', '--jobs', '1', '-o', 'p.jsonl', '--max-errors', '2'],
      {
        cwd: dir,
      },
    );
    expect(paired.code, paired.stderr).toBe(0);
    expect(paired.stdout).toMatch(/^1 case scored, 2 could not be read or scored\n/);
    expect(paired.stdout).toContain(
      [
        'Could not be read or scored:',
        '  gold/only-gold.json: no trace for this gold file in traces (expected only-gold with any extension)',
        '  traces/only-trace.json: no gold file for this trace in gold (expected only-trace with any extension)',
      ].join('\n'),
    );
    const traces = await runCli(
      [
        'batch',
        '--gold',
        'gold/x/a.json',
        '--traces',
        'runs/*.json',
        '--jobs',
        '1',
        '-o',
        't.jsonl',
        '--max-errors',
        '1',
      ],
      {
        cwd: dir,
      },
    );
    expect(traces.code, traces.stderr).toBe(0);
    expect(traces.stdout).toMatch(/^1 case scored, 1 could not be read or scored\n/);
    expect(traces.stdout).toContain(
      '  runs/notes.json at $: could not detect the trace format: no format found any key it knows (--explain)',
    );
  });

  test('an ADK eval set of two cases is two cases named file#eval_id, scored in worker threads; eval takes --run', async () => {
    const dir = freshDir();
    const adk = join(REPO_ROOT, 'test/corpus/frameworks/adk');
    const caseOf = (name: string): unknown =>
      (JSON.parse(readFileSync(join(adk, name), 'utf8')) as { eval_cases: unknown[] }).eval_cases[0];
    // Two real eval cases of google/adk-python in one eval set: the home automation one first.
    const cases = [caseOf('dependent_tool_calls.evalset.json'), caseOf('roll_die.evalset.json')];
    writeFileSync(join(dir, 'two.evalset.json'), JSON.stringify({ eval_set_id: 'two', eval_cases: cases }));
    const gold = [
      { tool: 'set_device_info', args: { location: 'Bedroom', status: 'OFF', device_id: 'device_2' } },
      { tool: 'get_device_info', args: { device_id: 'device_2' } },
    ];
    writeFileSync(join(dir, 'gold.json'), JSON.stringify(gold));
    const run = await runCli(
      ['batch', '--gold', 'gold.json', '--traces', 'two.evalset.json', '--jobs', '2', '-o', 'r.jsonl'],
      { cwd: dir },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^2 cases scored\n/);
    const lines = readFileSync(join(dir, 'r.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; index: number; score: number; actual_calls: number });
    expect(lines.map(({ id, index, score, actual_calls }) => [id, index, score, actual_calls])).toEqual([
      [
        'two.evalset.json#tests/integration/fixture/home_automation_agent/test_files/dependent_tool_calls.test.json',
        0,
        1,
        2,
      ],
      ['two.evalset.json#tests/integration/fixture/hello_world_agent/roll_die.test.json', 1, 0, 1],
    ]);

    // eval scores one run against one gold: without --run it says which runs there are and how to pick.
    const whole = await runCli(['eval', 'gold.json', 'two.evalset.json', '-o', 'e.json'], { cwd: dir });
    expect(whole.code).toBe(2);
    expect(whole.stderr).toBe(
      'toolscore: two.evalset.json: holds 2 runs ("tests/integration/fixture/home_automation_agent/test_files/dependent_tool_calls.test.json", "tests/integration/fixture/hello_world_agent/roll_die.test.json"); pass --run ID to score one (run: in evaluateTrace), or score each with toolscore batch --traces\n',
    );
    const id = 'tests/integration/fixture/hello_world_agent/roll_die.test.json';
    const one = await runCli(['eval', 'gold.json', 'two.evalset.json', '--run', id, '-o', 'e.json'], { cwd: dir });
    expect(one.code, one.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'e.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    expect(report.trace_file).toBe(`two.evalset.json#${id}`);
    expect(report.summary).toMatchObject({ score: 0, trace_calls_count: 1 });
    const typo = await runCli(['eval', 'gold.json', 'two.evalset.json', '--run', 'roll_die', '-o', 'e.json'], {
      cwd: dir,
    });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(
      /^toolscore: two\.evalset\.json: no run "roll_die"( \(did you mean "[^"]+"\?\))?; it holds 2 runs \(/,
    );
  });

  test('gold typos: --gold warnings are printed once and carried by every line; --strict-gold makes them errors', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'runs'));
    // The three typos `eval` warns about, in one gold file behind two traces.
    writeFileSync(
      join(dir, 'gold.json'),
      JSON.stringify([
        { tool: 'lookup_customer', params: { email: 'a@b.c' } },
        { tool: 'refund_order', arguments: { amount: 49.99 }, optinal: true },
      ]),
    );
    const trace = JSON.stringify([{ tool: 'lookup_customer' }, { tool: 'refund_order', args: { amount: 4999 } }]);
    for (const name of ['a', 'b']) writeFileSync(join(dir, `runs/${name}.json`), trace);
    const warnings = [
      'gold.json at $[0]: unknown key "params"; did you mean "args"?',
      'gold.json at $[1]: unknown key "arguments"; did you mean "args"?',
      'gold.json at $[1]: unknown key "optinal"; did you mean "optional"?',
    ];
    const args = ['batch', '--gold', 'gold.json', '--traces', 'runs/*.json', '--jobs', '2', '-o', 'r.jsonl'];
    const run = await runCli(args, { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      ['Gold warnings (2 cases; --strict-gold makes them errors):', ...warnings.map((line) => `  ${line}`)].join('\n'),
    );
    const lines = readFileSync(join(dir, 'r.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.gold_warnings)).toEqual([warnings, warnings]);

    const strict = await runCli([...args, '--strict-gold'], { cwd: dir });
    expect(strict.code).toBe(2);
    expect(strict.stdout).toMatch(/^0 cases scored, 2 could not be read or scored\n/);
    expect(strict.stdout).toContain(`Could not be read or scored:\n  ${warnings[0]}\n  ${warnings[0]}\n`);
  });

  test("a case's own options override the flags", async () => {
    const dir = freshDir();
    const dataset = join(dir, 'cases.jsonl');
    // Written as text: 1.0 against 1 differs only under --strict (JSON.stringify would write both as 1).
    const calls = '"expected":[{"tool":"n","args":{"v":1.0}}],"actual":[{"tool":"n","args":{"v":1}}]';
    writeFileSync(dataset, `{"id":"flag",${calls}}\n{"id":"own",${calls},"options":{"strict":false}}\n`);
    const run = await runCli(['batch', dataset, '--strict', '--jobs', '1', '-o', 'r.jsonl'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const lines = readFileSync(join(dir, 'r.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; score: number });
    // As hand.jsonl's "strict" (0.7) and "lenient" (1) cases score without the flag.
    expect(lines.map((line) => [line.id, line.score])).toEqual([
      ['flag', 0.7],
      ['own', 1],
    ]);
  });

  test.each([
    [
      ['a.jsonl', '-o', 'a.jsonl'],
      '--output: "a.jsonl" is the results file; writing the results there would overwrite it',
    ],
    [
      ['a.jsonl', '--html', 'a.jsonl'],
      '--html: "a.jsonl" is the results file; writing the report there would overwrite it',
    ],
    [['nothing-*.jsonl'], 'merge: no file matches "nothing-*.jsonl"'],
  ])('merge, bad usage: %j', async (args, message) => {
    const dir = freshDir();
    const run = await runCli(['batch', HAND, '--jobs', '1', '-o', 'a.jsonl', '--no-progress', '--max-errors', '4'], {
      cwd: dir,
    });
    expect(run.code, run.stderr).toBe(0);
    expectInputError(await runCli(['merge', ...args], { cwd: dir }), message);
    expect(readFileSync(join(dir, 'a.jsonl'), 'utf8').trim().split('\n')).toHaveLength(9);
  });

  test('merge refuses a shard given twice', async () => {
    const dir = freshDir();
    const run = await runCli(['batch', HAND, '--shard', '1/2', '--jobs', '1', '-o', 'a.jsonl', '--max-errors', '9'], {
      cwd: dir,
    });
    expect(run.code, run.stderr).toBe(0);
    const merged = await runCli(['merge', 'a.jsonl', join(dir, 'a.jsonl')], { cwd: dir });
    expectInputError(merged, `merge: shard 1/2 is given twice: ${join(dir, 'a.jsonl')} and a.jsonl`);
  });

  test('lost cases fail the run (exit 1) unless --max-errors allows them, in batch and in merge', async () => {
    const dir = freshDir();
    const good = (id: string) => JSON.stringify({ id, expected: [{ tool: 's' }], actual: [{ tool: 's' }] });
    // 5 lines: 3 cases that score 1, 2 that cannot be read.
    writeFileSync(join(dir, 'cases.jsonl'), `${good('a')}\nnot json\n${good('b')}\n{"id":"c"}\n${good('d')}\n`);
    const lost = await runCli(
      ['batch', 'cases.jsonl', '--jobs', '1', '--no-progress', '--min-score', '0.9', '-o', 'r.jsonl'],
      {
        cwd: dir,
      },
    );
    expect(lost.code).toBe(1);
    expect(lost.stdout).toMatch(/^3 cases scored, 2 could not be read or scored\n/);
    expect(lost.stderr).toBe(
      'toolscore: 2 of 5 cases could not be read or scored; --max-errors 0 allows none (their lines in the results say why)\n',
    );
    expect(
      (await runCli(['batch', 'cases.jsonl', '--jobs', '1', '--no-progress', '--max-errors', '1'], { cwd: dir }))
        .stderr,
    ).toBe(
      'toolscore: 2 of 5 cases could not be read or scored; --max-errors 1 allows 1 (their lines in the results say why)\n',
    );
    const allowed = await runCli(['batch', 'cases.jsonl', '--jobs', '1', '--no-progress', '--max-errors', '2'], {
      cwd: dir,
    });
    expect([allowed.code, allowed.stderr]).toEqual([0, '']);
    for (const shard of ['1/2', '2/2'])
      await runCli(['batch', 'cases.jsonl', '--shard', shard, '--jobs', '1', '-o', `s${shard[0]}.jsonl`], {
        cwd: dir,
      });
    // Shard 2 holds lines 2 and 4, the two that cannot be read.
    const merged = await runCli(['merge', 's1.jsonl', 's2.jsonl', '--summary', 'm.json'], { cwd: dir });
    expect([merged.code, merged.stderr]).toEqual([
      1,
      'toolscore: 2 of 5 cases could not be read or scored; --max-errors 0 allows none (their lines in the results say why)\n',
    ]);
    expect(summaryOf(join(dir, 'm.json')).cases).toEqual({ total: 5, scored: 3, failed: 2 });
    expect((await runCli(['merge', 's1.jsonl', 's2.jsonl', '--max-errors', '2'], { cwd: dir })).code).toBe(0);
    expectInputError(
      await runCli(['merge', 's1.jsonl', 's2.jsonl', '--max-errors', '-1'], { cwd: dir }),
      '--max-errors: expected a non-negative whole number, got "-1"',
    );
  });
});
