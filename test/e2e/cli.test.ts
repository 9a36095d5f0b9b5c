import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { CLI, EXAMPLES, childEnv, runCli, runProgram, type Run, useScratchFolder } from './run-cli.js';

/*
 * Hand-computed verdict of examples/gold.json against examples/trace.json.
 * Expected [get_weather, search_flights, book_flight, send_email]; actual adds charge_card before
 * send_email, book_flight fails, search_flights goes to OPO instead of LIS.
 * - selection: 4 of 5 calls use an expected tool = 0.8
 * - sequence: one insertion over 5 = 1 − 1/5 = 0.8
 * - arguments: 12 expected keys, 12 passed, 11 right (destination differs) ⇒ P = R = F1 = 11/12
 * - redundancy: charge_card is 1 of 5 calls beyond the expected ⇒ 0.2
 * - score = 0.4·0.8 + 0.3·11/12 + 0.2·0.8 + 0.1·(1 − 0.2) = 0.32 + 0.275 + 0.16 + 0.08 = 0.835 ⇒ B, WARN
 * - required calls: book_flight failed ⇒ 3 of 4 = 0.75
 * - invocation: 4 shared tools, 1 extra ⇒ (4 − 0.5) / 4 = 0.875
 */
const EXAMPLE_SCORE = 0.835;

/** With --weight required_call_recall=0.3 every weight is divided by 1.3: (0.835 + 0.3·0.75) / 1.3. */
const WEIGHTED_SCORE = 1.06 / 1.3;

/** A fresh empty folder to run in. */
const freshDir = useScratchFolder('toolscore-cli-').fresh;

/** Writes a file into `dir` and returns its path; objects are written as JSON. */
function put(dir: string, name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

function readReport(path: string): Record<string, any> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;
}

/** An input error: exit 2, one `toolscore:` line on stderr, no stack trace, nothing on stdout. */
function expectInputError(run: Run, ...fragments: string[]): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^toolscore: /);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  for (const fragment of fragments) expect(run.stderr).toContain(fragment);
}

describe('toolscore eval on the bundled example', () => {
  let dir: string;
  let run: Run;
  let report: Record<string, any>;

  beforeAll(async () => {
    dir = freshDir();
    run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace], { cwd: dir });
    report = readReport(join(dir, 'toolscore.json'));
  });

  it('exits 0 and prints the verdict', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Toolscore evaluation');
    expect(run.stdout).toContain('Score 83.5%   Grade B   WARN');
    expect(run.stdout).toMatch(/Selection accuracy +80\.0%/);
    expect(run.stdout).toMatch(/Argument F1 +91\.7%/);
    expect(run.stdout).toMatch(/Sequence accuracy +80\.0%/);
    expect(run.stdout).toMatch(/Required call recall +75\.0%/);
    expect(run.stdout).toContain(
      'Required calls completed: 3 of 4 (not part of the score; weight it with --weight required_call_recall=0.3)',
    );
    expect(run.stdout).toContain('Run with --verbose');
    expect(run.stdout).toContain('JSON report: toolscore.json');
  });

  it('lists the top issues from the pairing, most urgent first, each with a fix', () => {
    const section = run.stdout.slice(
      run.stdout.indexOf('Top issues to fix'),
      run.stdout.indexOf('Behavior and safety'),
    );
    expect(section).toContain(
      '1. book_flight failed: "Payment declined: card expired" and was not retried successfully',
    );
    expect(section).toContain(
      '2. search_flights called with different arguments: destination: expected "LIS", got "OPO"',
    );
    expect(section).toContain('3. unexpected call to charge_card');
    expect(section).not.toContain('4.');
    expect(section.match(/fix: /g)).toHaveLength(3);
  });

  it('lists the behaviour and safety findings with upper-cased severities', () => {
    expect(run.stdout).toContain('Behavior and safety\n  WARNING  1 of 5 tool calls failed (book_flight)\n');
    expect(run.stdout).not.toContain('ERROR');
  });

  it('writes the JSON report with the verdict in its summary', () => {
    expect(report.schema_version).toBe('1');
    expect(new Date(report.timestamp).toISOString()).toBe(report.timestamp);
    expect(report.gold_file).toBe(EXAMPLES.gold);
    expect(report.trace_file).toBe(EXAMPLES.trace);
    const summary = report.summary;
    expect(summary.score).toBeCloseTo(EXAMPLE_SCORE, 12);
    expect(summary).toMatchObject({
      grade: 'B',
      verdict: 'WARN',
      weights: {
        selection_accuracy: 0.4,
        argument_f1: 0.3,
        sequence_accuracy: 0.2,
        redundant_rate: 0.1,
        required_call_recall: 0,
      },
      required_call_recall: 0.75,
      failed_calls: 1,
      policy_violations: 0,
      secrets: 0,
      gold_calls_count: 4,
      trace_calls_count: 5,
    });
  });

  it('holds every metric', () => {
    const metrics = report.metrics;
    expect(metrics.selection_accuracy).toBeCloseTo(0.8, 12);
    expect(metrics.invocation_accuracy).toBeCloseTo(0.875, 12);
    expect(metrics.argument_metrics.precision).toBeCloseTo(11 / 12, 12);
    expect(metrics.argument_metrics.recall).toBeCloseTo(11 / 12, 12);
    expect(metrics.argument_metrics.f1).toBeCloseTo(11 / 12, 12);
    expect(metrics.sequence_metrics).toMatchObject({ edit_distance: 1 });
    expect(metrics.sequence_metrics.sequence_accuracy).toBeCloseTo(0.8, 12);
    expect(metrics.efficiency_metrics).toMatchObject({
      redundant_count: 1,
      error_count: 1,
      identical_count: 0,
      retry_after_error_count: 0,
      total_calls: 5,
    });
    expect(metrics.efficiency_metrics.redundant_rate).toBeCloseTo(0.2, 12);
    expect(metrics.tool_correctness_metrics).toMatchObject({
      tool_correctness: 1,
      missing_tools: [],
      extra_tools: ['charge_card'],
    });
    expect(metrics.required_call_recall).toBe(0.75);
    expect(metrics.security_metrics).toEqual({ secret_count: 0, secrets: [] });
    expect(metrics).not.toHaveProperty('policy_metrics');
  });

  it('holds the top issues with indexes and argument diffs', () => {
    expect(
      report.top_issues.map((issue: any) => [issue.kind, issue.tool, issue.expected_index, issue.actual_index]),
    ).toEqual([
      ['failed', 'book_flight', 2, 2],
      ['argument_mismatch', 'search_flights', 1, 1],
      ['extra', 'charge_card', null, 3],
    ]);
    expect(report.top_issues[1].diffs).toEqual([
      { key: 'destination', kind: 'mismatch', expected: 'LIS', actual: 'OPO' },
    ]);
    expect(report.top_issues[0]).not.toHaveProperty('diffs');
    expect(report.top_issues[2].problem).toBe('unexpected call to charge_card');
    expect(report.findings).toEqual([{ severity: 'warning', message: '1 of 5 tool calls failed (book_flight)' }]);
    expect(report.warnings).toEqual([]);
  });

  it('holds the gold calls with matchers in $ operator form, and the trace calls as recorded', () => {
    expect(report.gold_calls[0]).toEqual({
      tool: 'get_weather',
      args: { city: 'Lisbon', date: { $regex: '2025-06-1[4-8]' }, units: { $one_of: ['metric', 'celsius'] } },
      description: 'Check the forecast for the trip dates',
    });
    expect(report.gold_calls[3].args).toEqual({
      to: 'ana@example.com',
      subject: { $any: true },
      body: { $type: 'string' },
    });
    expect(report.trace_calls).toHaveLength(5);
    expect(report.trace_calls[2]).toEqual({
      tool: 'book_flight',
      args: { flight_id: 'TP1351', passengers: 2 },
      result: null,
      error: 'Payment declined: card expired',
      is_error: true,
      duration: 2.3,
      cost: null,
      id: 'call_03',
      timestamp: null,
      metadata: null,
    });
    expect(report.trace_calls[1]).toMatchObject({ cost: 0.002, is_error: false, error: null });
  });

  it('leaves no temporary file beside the report', () => {
    expect(readdirSync(dir)).toEqual(['toolscore.json']);
  });
});

describe('toolscore eval options', () => {
  it('--verbose adds the counts, every core metric and the missing and extra tools', async () => {
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '-v'], { cwd: freshDir() });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Expected calls: 4   Actual calls: 5');
    expect(run.stdout).toMatch(/Invocation accuracy +87\.5%/);
    expect(run.stdout).toMatch(/Tool correctness +100\.0% +4 of 4 expected tools called/);
    expect(run.stdout).toMatch(/Sequence accuracy +80\.0% +edit distance 1/);
    expect(run.stdout).toMatch(/Argument precision +91\.7%/);
    expect(run.stdout).toMatch(/Argument recall +91\.7%/);
    expect(run.stdout).toMatch(/Redundant call rate +20\.0% +1 of 5 calls beyond the expected number/);
    expect(run.stdout).toMatch(/Identical call rate +0\.0%/);
    expect(run.stdout).toMatch(/Failed call rate +20\.0% +1 failed/);
    expect(run.stdout).toMatch(/Retries after failure +0/);
    expect(run.stdout).toContain('Missing tools: none');
    expect(run.stdout).toContain('Extra tools: charge_card');
    expect(run.stdout).not.toContain('Run with --verbose');
  });

  it('--weight required_call_recall=0.3 renormalizes the weights and says recall is part of the score', async () => {
    const dir = freshDir();
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--weight', 'required_call_recall=0.3'], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Score 81.5%   Grade B   WARN');
    expect(run.stdout).toContain('Required calls completed: 3 of 4 (23.1% of the score)');
    expect(run.stdout).not.toContain('not part of the score');
    const summary = readReport(join(dir, 'toolscore.json')).summary;
    expect(summary.score).toBeCloseTo(WEIGHTED_SCORE, 12);
    expect(summary.weights.required_call_recall).toBeCloseTo(0.3 / 1.3, 12);
    expect(summary.weights.selection_accuracy).toBeCloseTo(0.4 / 1.3, 12);
  });

  it('repeated --weight flags combine; zeroing all but selection scores on selection alone', async () => {
    const dir = freshDir();
    const zeroed = ['argument_f1=0', 'sequence_accuracy=0', 'redundant_rate=0'].flatMap((flag) => ['--weight', flag]);
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, ...zeroed], { cwd: dir });
    expect(run.code).toBe(0);
    expect(readReport(join(dir, 'toolscore.json')).summary.score).toBeCloseTo(0.8, 12);
  });

  it('-o writes the report where asked, creating folders', async () => {
    const dir = freshDir();
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '-o', 'reports/nested/out.json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('JSON report: reports/nested/out.json');
    expect(readReport(join(dir, 'reports/nested/out.json')).summary.grade).toBe('B');
    expect(existsSync(join(dir, 'toolscore.json'))).toBe(false);
    expect(readdirSync(join(dir, 'reports/nested'))).toEqual(['out.json']);
  });

  it('--min-score gates the exit code, forgiving nothing but float noise', async () => {
    const below = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--min-score', '0.9'], { cwd: freshDir() });
    expect(below.code).toBe(1);
    expect(below.stdout).toContain('Score 83.5%');
    expect(below.stderr).toBe('toolscore: score 0.835 is below --min-score 0.9\n');
    const exact = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--min-score', '0.835'], { cwd: freshDir() });
    expect(exact.code).toBe(0);
    const above = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--min-score', '0.836'], { cwd: freshDir() });
    expect(above.code).toBe(1);
  });

  it('--forbidden reports the forbidden call; --fail-on-violations turns it into exit 1', async () => {
    const dir = freshDir();
    const reported = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--forbidden', EXAMPLES.forbidden], {
      cwd: dir,
    });
    expect(reported.code).toBe(0);
    expect(reported.stdout).toContain(
      'Behavior and safety\n  ERROR    call 4 (charge_card) matches forbidden rule 1: payments go through book_flight only\n  WARNING  1 of 5 tool calls failed (book_flight)\n',
    );
    const report = readReport(join(dir, 'toolscore.json'));
    expect(report.summary.policy_violations).toBe(1);
    expect(report.metrics.policy_metrics).toMatchObject({ violation_count: 1, rule_count: 3 });
    expect(report.findings[0]).toEqual({
      severity: 'error',
      message: 'call 4 (charge_card) matches forbidden rule 1: payments go through book_flight only',
    });

    const gated = await runCli(
      ['eval', EXAMPLES.gold, EXAMPLES.trace, '--forbidden', EXAMPLES.forbidden, '--fail-on-violations'],
      { cwd: freshDir() },
    );
    expect(gated.code).toBe(1);
    expect(gated.stderr).toBe('toolscore: --fail-on-violations: 1 forbidden call\n');
  });

  it('--fail-on-violations passes when no rule is hit and no credential is passed', async () => {
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--fail-on-violations'], { cwd: freshDir() });
    expect(run.code).toBe(0);
  });

  it('--strict keeps 1.0 apart from 1 and does not trim strings when both come from files', async () => {
    const dir = freshDir();
    const gold = put(dir, 'gold.json', '[{"tool": "f", "args": {"n": 1, "s": "x"}}]');
    const trace = put(dir, 'trace.json', '[{"tool": "f", "args": {"n": 1.0, "s": " x"}}]');
    const lenient = await runCli(['eval', gold, trace, '-o', 'lenient.json'], { cwd: dir });
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toContain('Score 100.0%   Grade A   PASS');
    expect(lenient.stdout).toContain('No tool-calling issues found');
    const strict = await runCli(['eval', gold, trace, '--strict', '-o', 'strict.json'], { cwd: dir });
    expect(strict.code).toBe(0);
    // 0.4·1 + 0.3·0 + 0.2·1 + 0.1·1 = 0.7
    expect(strict.stdout).toContain('Score 70.0%   Grade C   WARN');
    expect(strict.stdout).toContain(
      'f called with different arguments: n: expected 1, got 1.0; s: expected "x", got " x"',
    );
    expect(readReport(join(dir, 'strict.json')).metrics.argument_metrics.f1).toBe(0);
  });

  it('shows the first 8 top issues and counts the rest; no calls at all scores 0', async () => {
    const dir = freshDir();
    const gold = put(
      dir,
      'gold.json',
      Array.from({ length: 10 }, (_, k) => ({ tool: `step_${k}` })),
    );
    const trace = put(dir, 'trace.json', []);
    const run = await runCli(['eval', gold, trace], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Score 0.0%   Grade F   FAIL');
    expect(run.stdout).toContain('Required calls completed: 0 of 10');
    expect(run.stdout).toContain('8. expected call to step_7 was not made');
    expect(run.stdout).not.toContain('9. ');
    expect(run.stdout).toContain('… and 2 more issues');
    expect(readReport(join(dir, 'toolscore.json')).top_issues).toHaveLength(10);
  });

  it('prints trace text with control characters escaped and credentials redacted', async () => {
    const dir = freshDir();
    const secret = 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd';
    const gold = put(dir, 'gold.json', [{ tool: 'search', args: { q: 'x' } }]);
    const trace = put(dir, 'trace.json', [
      { tool: 'search', args: { q: secret } },
      { tool: 'evil\u001b[2J\u001b[31mname', args: {} },
    ]);
    const run = await runCli(['eval', gold, trace, '-v', '--fail-on-violations'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('toolscore: --fail-on-violations: 1 leaked credential\n');
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout).not.toContain(secret);
    expect(run.stdout).toContain('q: expected "x", got "[REDACTED openai_api_key: sk-p…cd]"');
    expect(run.stdout).toContain('unexpected call to evil\\u001b[2J\\u001b[31mname');
    expect(run.stdout).toContain('Extra tools: evil\\u001b[2J\\u001b[31mname');
    expect(run.stdout).toContain('ERROR    call 1 (search) passes a credential (openai_api_key) in "q": sk-p…cd');
    expect(readReport(join(dir, 'toolscore.json')).summary.secrets).toBe(1);
  });

  it('prints warnings about repaired input on stderr', async () => {
    const dir = freshDir();
    const gold = put(dir, 'gold.json', [{ tool: 'search', args: { q: 'x' } }]);
    const trace = put(dir, 'trace.json', [{ tool: 'search', arguments: '{"q": "x"' }]);
    const run = await runCli(['eval', gold, trace], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `warning: ${trace} at $[0].arguments: arguments are not valid JSON; the call is read as failed, with no arguments\n`,
    );
    expect(readReport(join(dir, 'toolscore.json')).warnings).toHaveLength(1);
  });
});

describe('a reader that stops early', () => {
  it('ends the output quietly, keeping the exit code', async () => {
    const dir = freshDir();
    const gold = put(dir, 'gold.json', [{ tool: 'search' }]);
    // 5000 extra tools make the verbose "Extra tools" line far longer than a pipe's buffer, so the
    // write is still going on when `head` exits.
    const trace = put(
      dir,
      'trace.json',
      Array.from({ length: 5000 }, (_, k) => ({ tool: `extra_tool_${String(k).padStart(5, '0')}` })),
    );
    const script = '"$0" "$1" eval "$2" "$3" -v --min-score 0.5 | head -c 100 > /dev/null; exit "${PIPESTATUS[0]}"';
    const run = await runProgram('bash', ['-c', script, process.execPath, CLI, gold, trace], { cwd: dir });
    expect(run.stderr).toBe('toolscore: score 0 is below --min-score 0.5\n');
    expect(run.code).toBe(1);
  });
});

describe('toolscore eval: bad usage and bad input exit 2 with one line', () => {
  let dir: string;
  beforeAll(() => {
    dir = freshDir();
  });
  const evalIn = (...args: string[]): Promise<Run> => runCli(['eval', ...args], { cwd: dir });

  it('a missing file', async () => {
    expectInputError(await evalIn('missing.json', EXAMPLES.trace), 'toolscore: missing.json: file not found');
  });

  it('invalid JSON, naming the line and column', async () => {
    const bad = put(dir, 'bad.json', '[\n  {"tool": "a"},\n  {"tool": "b", "args": {"x": 1,}}\n]');
    expectInputError(await evalIn(bad, EXAMPLES.trace), `${bad}:3:33 at $[1].args: invalid JSON`);
  });

  it('a gold entry without a tool, naming $[1].tool', async () => {
    const gold = put(dir, 'no-tool.json', [{ tool: 'a' }, { args: {} }]);
    expectInputError(await evalIn(gold, EXAMPLES.trace), `${gold} at $[1].tool: expected a non-empty tool name`);
  });

  it('arguments that are not an object', async () => {
    const gold = put(dir, 'array-args.json', [{ tool: 'a', args: ['x'] }]);
    expectInputError(
      await evalIn(gold, EXAMPLES.trace),
      `${gold} at $[0].args: expected an object of arguments (or null), got an array`,
    );
  });

  it('the bundled trace and gold files given the wrong way round: exit 2, one line saying so', async () => {
    // It used to score 79.3% and exit 0, with the swap warnings after the report.
    expectInputError(
      await evalIn(EXAMPLES.trace, EXAMPLES.gold),
      `toolscore: ${EXAMPLES.gold}: call 1 (get_weather) has a $regex operator in its arguments (at args.date) and no call has a recorded result: this looks like a gold file; are the gold and trace files swapped?`,
    );
  });

  it('an unknown $ operator', async () => {
    const gold = put(dir, 'bad-operator.json', [{ tool: 'a', args: { x: { $regexp: 'a' } } }]);
    expectInputError(
      await evalIn(gold, EXAMPLES.trace),
      `${gold} at $[0].args.x: unknown operator $regexp; did you mean "$regex"? (wrap literal data in {"$literal": ...})`,
    );
  });

  it('a --weight without "="', async () => {
    expectInputError(
      await evalIn(EXAMPLES.gold, EXAMPLES.trace, '--weight', 'argument_f1'),
      'toolscore: --weight: expected NAME=VALUE',
    );
  });

  it('a --weight that is not a number', async () => {
    expectInputError(
      await evalIn(EXAMPLES.gold, EXAMPLES.trace, '--weight', 'argument_f1=high'),
      'toolscore: --weight: expected a number after "=", got "argument_f1=high"',
    );
  });

  it('an unknown --weight name', async () => {
    expectInputError(
      await evalIn(EXAMPLES.gold, EXAMPLES.trace, '--weight', 'speed=1'),
      'unknown weight "speed"; valid names: selection_accuracy,',
    );
  });

  it('a negative --weight', async () => {
    expectInputError(
      await evalIn(EXAMPLES.gold, EXAMPLES.trace, '--weight', 'argument_f1=-1'),
      'weight must not be negative',
    );
  });

  it('an unknown format', async () => {
    expectInputError(
      await evalIn(EXAMPLES.gold, EXAMPLES.trace, '-f', 'yaml'),
      'toolscore: --format: unknown format "yaml"; valid formats: auto',
    );
  });

  it('a --min-score outside [0, 1] or not a number', async () => {
    expectInputError(
      await evalIn(EXAMPLES.gold, EXAMPLES.trace, '--min-score', '1.5'),
      'toolscore: --min-score: expected a number between 0 and 1',
    );
    expectInputError(await evalIn(EXAMPLES.gold, EXAMPLES.trace, '--min-score', 'high'), 'got "high"');
  });

  it('a report path that is the gold or the trace file, which is left untouched', async () => {
    const gold = put(dir, 'keep-gold.json', [{ tool: 'a' }]);
    const before = readFileSync(gold, 'utf8');
    expectInputError(
      await evalIn(gold, EXAMPLES.trace, '-o', gold),
      'is the gold file; writing the report there would overwrite it',
    );
    expect(readFileSync(gold, 'utf8')).toBe(before);
    expectInputError(await evalIn(EXAMPLES.gold, EXAMPLES.trace, '--output', EXAMPLES.trace), 'is the trace file');
  });

  it('a report path that is a folder', async () => {
    mkdirSync(join(dir, 'a-folder'));
    expectInputError(await evalIn(EXAMPLES.gold, EXAMPLES.trace, '-o', 'a-folder'), 'toolscore: a-folder:');
  });

  it('writes no report when the input is bad', () => {
    expect(existsSync(join(dir, 'toolscore.json'))).toBe(false);
  });
});

describe('toolscore: commands, help and version', () => {
  it('--version prints the package version', async () => {
    const run = await runCli(['--version']);
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(run).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('no command prints the help, with the exit codes', async () => {
    const run = await runCli([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: toolscore [options] [command]');
    expect(run.stdout).toContain('eval [options] <gold> <trace>');
    expect(run.stdout).toContain('Exit codes:');
  });

  it('eval --help lists the options and the exit codes', async () => {
    const run = await runCli(['eval', '--help']);
    expect(run.code).toBe(0);
    for (const flag of [
      '--format',
      '--output',
      '--weight',
      '--strict',
      '--forbidden',
      '--min-score',
      '--fail-on-violations',
      '--verbose',
      '--no-color',
    ]) {
      expect(run.stdout).toContain(flag);
    }
    expect(run.stdout).toMatch(/2 +bad usage or bad input/);
  });

  it('an unknown command exits 2', async () => {
    const run = await runCli(['evaluate', 'a', 'b']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("toolscore: unknown command 'evaluate'");
  });

  it('an unknown option exits 2', async () => {
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--colour']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("toolscore: unknown option '--colour'");
  });

  it('a missing argument exits 2', async () => {
    const run = await runCli(['eval', EXAMPLES.gold]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("missing required argument 'trace'");
  });
});

describe('toolscore validate', () => {
  it('says a gold file is valid as gold and as a trace, with its calls in gold-file form', async () => {
    const run = await runCli(['validate', EXAMPLES.gold]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `${EXAMPLES.gold}: valid as gold (4 expected calls) and as a trace (custom format, 4 calls)`,
    );
    expect(run.stdout).toContain('Tools: get_weather, search_flights, book_flight, send_email');
    expect(run.stdout).toContain(
      '1. get_weather {"city":"Lisbon","date":{"$regex":"2025-06-1[4-8]"},"units":{"$one_of":["metric","celsius"]}}',
    );
  });

  it('--kind gold reads it as gold only', async () => {
    const run = await runCli(['validate', EXAMPLES.gold, '--kind', 'gold']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${EXAMPLES.gold}: valid as gold (4 expected calls)\n`);
    expect(run.stdout).not.toContain('Failed calls');
  });

  it('--kind trace shows the format, the failed calls and the first calls', async () => {
    const run = await runCli(['validate', EXAMPLES.trace, '--kind', 'trace']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${EXAMPLES.trace}: valid as a trace (custom format, 5 calls)`);
    expect(run.stdout).toContain('Tools: get_weather, search_flights, book_flight, charge_card, send_email');
    expect(run.stdout).toContain('Failed calls: 1\n    call 3 (book_flight): "Payment declined: card expired"');
    expect(run.stdout).toContain('4. charge_card {"amount":412.8,"currency":"EUR","card":"saved-card-2"}');
  });

  it('redacts credentials in the calls it shows, and lists warnings', async () => {
    const dir = freshDir();
    const trace = put(dir, 'trace.json', [
      { tool: 'http_get', args: { token: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' } },
      { tool: 'http_get', arguments: 'not json' },
    ]);
    const run = await runCli(['validate', trace, '--kind', 'trace']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Tools: http_get x2');
    expect(run.stdout).toContain('1. http_get {"token":"[REDACTED github_token: ghp_…89]"}');
    expect(run.stdout).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(run.stdout).toContain('Warnings: 1');
    expect(run.stdout).toContain('at $[1].arguments: arguments are not valid JSON');
  });

  it('a file that is only a trace says why it is not gold', async () => {
    const dir = freshDir();
    const trace = put(dir, 'trace.json', { calls: [{ name: 'search', arguments: '{"q": "x"}' }] });
    const run = await runCli(['validate', trace]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${trace}: valid as a trace (custom format, 1 call)`);
    // The core names the path inside the calls array ($[0]); $.calls[0] would be more exact.
    expect(run.stdout).toMatch(
      /Not a gold file: .*trace\.json at \$(\.calls)?\[0\]\.tool: expected a non-empty tool name/,
    );
  });

  it('a broken file exits 2 with the one line that says what is wrong', async () => {
    const dir = freshDir();
    const bad = put(dir, 'broken.json', '[{"tool": "a"');
    expectInputError(await runCli(['validate', bad]), `toolscore: ${bad}:1:14 at $[0]: invalid JSON`);
  });

  it('--kind gold on a gold entry without a tool exits 2 naming $[1].tool', async () => {
    const dir = freshDir();
    const gold = put(dir, 'gold.json', [{ tool: 'a' }, { args: {} }]);
    expectInputError(await runCli(['validate', gold, '--kind', 'gold']), `${gold} at $[1].tool`);
  });

  it('a file that is neither gives both reasons and exits 2', async () => {
    const dir = freshDir();
    const neither = put(dir, 'neither.json', { hello: 'world' });
    const run = await runCli(['validate', neither]);
    expect(run.code).toBe(2);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^toolscore: not a gold file: .* at \$: expected a JSON array of calls/);
    expect(lines[1]).toMatch(/^toolscore: not a trace: .*could not detect the trace format/);
  });

  it('an unknown --kind exits 2', async () => {
    const run = await runCli(['validate', EXAMPLES.gold, '--kind', 'rules']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("argument 'rules' is invalid");
  });
});

describe('colour', () => {
  const ESC = '\u001b';

  it('is off when stdout is not a terminal', async () => {
    const run = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace], { cwd: freshDir() });
    expect(run.stdout).toContain('Score 83.5%');
    expect(run.stdout + run.stderr).not.toContain(ESC);
  });

  /** Runs the CLI on a pseudo-terminal through util-linux `script`, so stdout is a TTY. */
  function onTerminal(args: string[], env: Record<string, string> = {}): Promise<Run> {
    const command = [process.execPath, CLI, ...args].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
    return runProgram('script', ['-qec', command, '/dev/null'], {
      cwd: freshDir(),
      env: childEnv({ ...env, TERM: 'xterm' }),
    });
  }

  it('is on for a terminal, and NO_COLOR or --no-color turn it off', async () => {
    const coloured = await onTerminal(['eval', EXAMPLES.gold, EXAMPLES.trace]);
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toContain(`${ESC}[33mWARN`);
    const noColor = await onTerminal(['eval', EXAMPLES.gold, EXAMPLES.trace], { NO_COLOR: '1' });
    expect(noColor.stdout).toContain('WARN');
    expect(noColor.stdout).not.toContain(ESC);
    const flag = await onTerminal(['eval', EXAMPLES.gold, EXAMPLES.trace, '--no-color']);
    expect(flag.stdout).toContain('WARN');
    expect(flag.stdout).not.toContain(ESC);
  });
});

describe('gold files: what toolscore does not understand, and a first gold file from a trace', () => {
  /** A Gemini CLI session from test/corpus: list_directory, read_file, read_many_files. */
  const SESSION = join(REPO_ROOT, 'test/corpus/agents/ai-sessions/gemini-session-sample.json');

  it('an unknown key is a warning; under --strict-gold it is the one line of an exit 2', async () => {
    const dir = freshDir();
    const gold = put(dir, 'gold.json', [{ tool: 'list_directory', arguments: { path: '/Users/test/project' } }]);
    const warned = await runCli(['eval', gold, SESSION], { cwd: dir });
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain(`warning: ${gold} at $[0]: unknown key "arguments"; did you mean "args"?\n`);
    expectInputError(
      await runCli(['eval', gold, SESSION, '--strict-gold'], { cwd: dir }),
      `toolscore: ${gold} at $[0]: unknown key "arguments"; did you mean "args"?`,
    );
    expectInputError(
      await runCli(['validate', gold, '--strict-gold']),
      `toolscore: ${gold} at $[0]: unknown key "arguments"; did you mean "args"?`,
    );
  });

  it('toolscore gold writes a gold file the trace then scores 100% against', async () => {
    const dir = freshDir();
    const gold = join(dir, 'gold.json');
    // The session with its second user message (message 3) left out: one request, so a flat gold file.
    const session = JSON.parse(readFileSync(SESSION, 'utf8')) as { messages: unknown[] };
    session.messages.splice(3, 1);
    const trace = join(dir, 'session.json');
    writeFileSync(trace, JSON.stringify(session));
    const written = await runCli(['gold', '--from-trace', trace, '-o', gold, '--args', 'keys']);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toContain(`wrote ${gold}: 3 expected calls from ${trace} (gemini-cli format)`);
    expect(readReport(gold)).toEqual([
      { tool: 'list_directory', args: { path: { $type: 'string' } } },
      { tool: 'read_file', args: { absolute_path: { $type: 'string' } } },
      { tool: 'read_many_files', args: { paths: { $type: 'array' } } },
    ]);
    const scored = await runCli(['eval', gold, trace], { cwd: dir });
    expect(scored.code).toBe(0);
    expect(readReport(join(dir, 'toolscore.json')).summary.score).toBe(1);
    // The whole session is a conversation of two user messages: its gold file has two turns.
    const turns = await runCli(['gold', '--from-trace', SESSION, '--args', 'none']);
    expect(turns.code, turns.stderr).toBe(0);
    expect(JSON.parse(turns.stdout)).toEqual({
      turns: [
        { user: 'List the files in the current directory', calls: [{ tool: 'list_directory', args: null }] },
        {
          user: 'Great! Can you read the README?',
          calls: [
            { tool: 'read_file', args: null },
            { tool: 'read_many_files', args: null },
          ],
        },
      ],
    });
    expectInputError(
      await runCli(['gold', '--from-trace', SESSION, '-o', SESSION]),
      'writing the gold file there would overwrite it',
    );
  });
});
