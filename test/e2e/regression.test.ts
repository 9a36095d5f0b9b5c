import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { EXAMPLES, runCli, type Run, useScratchFolder } from './run-cli.js';

/*
 * `eval --save-baseline` and `toolscore regression` end to end, on the bundled example (its figures are
 * worked out in test/e2e/cli.test.ts: score 0.835, selection 0.8, argument F1 11/12, sequence 0.8,
 * redundant rate 0.2, required call recall 0.75, invocation 0.875, 1 failed call).
 */
const folder = useScratchFolder('toolscore-regression-');

function put(name: string, content: unknown): string {
  const path = join(folder.root(), name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

const exampleTrace = () => JSON.parse(readFileSync(EXAMPLES.trace, 'utf8')) as Record<string, any>[];

/** An input error: exit 2 and one `toolscore:` line, no stack trace. */
function expectInputError(run: Run, ...fragments: string[]): void {
  expect(run.code, run.stderr).toBe(2);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^toolscore: /);
  for (const fragment of fragments) expect(run.stderr).toContain(fragment);
}

let baseline: string;

beforeAll(async () => {
  baseline = join(folder.root(), 'baseline.json');
  const saved = await runCli(['eval', EXAMPLES.gold, EXAMPLES.trace, '--save-baseline', baseline], {
    cwd: folder.root(),
  });
  expect(saved.code, saved.stderr).toBe(0);
});

describe('eval --save-baseline', () => {
  it('writes the score, the core metrics, the counts and the hash of the gold file', () => {
    const file = JSON.parse(readFileSync(baseline, 'utf8'));
    expect(file.schema_version).toBe(1);
    expect(file.kind).toBe('trace');
    expect(file.score).toBeCloseTo(0.835, 12);
    expect(file.grade).toBe('B');
    expect(file.metrics.selection_accuracy).toBeCloseTo(0.8, 12);
    expect(file.metrics.argument_f1).toBeCloseTo(11 / 12, 12);
    expect(file.metrics.sequence_accuracy).toBeCloseTo(0.8, 12);
    expect(file.metrics.redundant_rate).toBeCloseTo(0.2, 12);
    expect(file.metrics.required_call_recall).toBe(0.75);
    expect(file.metrics.invocation_accuracy).toBe(0.875);
    expect(file.counts).toEqual({ failed_calls: 1, forbidden_calls: 0, credentials: 0, budget_violations: 0 });
    const hash = createHash('sha256').update(readFileSync(EXAMPLES.gold)).digest('hex');
    expect(file.gold_hash).toBe(`sha256:${hash}`);
    expect(file.expected_calls).toBe(4);
    expect(file.actual_calls).toBe(5);
  });
});

describe('toolscore regression', () => {
  it('the same run again: exit 0, every row ok, and -o/--markdown/--junit written', async () => {
    const out = join(folder.root(), 'same.json');
    const md = join(folder.root(), 'same.md');
    const junit = join(folder.root(), 'same.xml');
    const run = await runCli([
      'regression',
      baseline,
      EXAMPLES.trace,
      '--gold-file',
      EXAMPLES.gold,
      '-o',
      out,
      '--markdown',
      md,
      '--junit',
      junit,
      '--no-color',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('PASS: nothing regressed');
    expect(run.stdout).toMatch(/score\s+0\.835\s+0\.835\s+0\.000\s+ok/);
    expect(run.stdout).toMatch(/credentials\s+0\s+0\s+0\s+ok/);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(json.passed).toBe(true);
    expect(json.thresholds.kind).toBe('absolute');
    expect(json.items.map((item: { metric: string }) => item.metric)).toEqual([
      'score',
      'invocation_accuracy',
      'selection_accuracy',
      'argument_f1',
      'sequence_accuracy',
      'redundant_rate',
      'required_call_recall',
      'failed_calls',
      'forbidden_calls',
      'credentials',
      'budget_violations',
    ]);
    expect(readFileSync(md, 'utf8')).toContain('| Metric | Baseline | Now | Delta | Status |');
    const xml = readFileSync(junit, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(11);
    expect(xml).not.toContain('<failure');
  });

  it('a worse run: exit 1, and the rows that dropped past the threshold say REGRESSED', async () => {
    // get_weather, search_flights (to OPO), charge_card: against 4 expected calls, sequence 1 − 2/4 = 0.5.
    const trace = put('worse.json', [exampleTrace()[0], exampleTrace()[1], exampleTrace()[3]]);
    const run = await runCli(['regression', baseline, trace, '--gold-file', EXAMPLES.gold, '--no-color']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^FAIL: \d+ metrics regressed/);
    expect(run.stdout).toMatch(/sequence_accuracy\s+0\.800\s+0\.500\s+-0\.300\s+REGRESSED/);
    // Recall: 6 right of 12 expected arguments; precision 6 of 7 passed: F1 12/19.
    expect(run.stdout).toMatch(/argument_f1\s+0\.917\s+0\.632\s+-0\.285\s+REGRESSED/);
  });

  it('a credential that was not there is a regression whatever the threshold', async () => {
    const calls = exampleTrace();
    calls[3]!.args.card = 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
    const trace = put('leaky.json', calls);
    const run = await runCli([
      'regression',
      baseline,
      trace,
      '--gold-file',
      EXAMPLES.gold,
      '--threshold',
      '1',
      '--no-color',
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout.split('\n')[0]).toBe('FAIL: 1 metric regressed');
    expect(run.stdout).toMatch(/credentials\s+0\s+1\s+\+1\s+REGRESSED/);
    expect(run.stdout).not.toContain('ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5');
  });

  it('a gold file with other bytes warns naming both hashes; --strict-gold makes it an error', async () => {
    const bytes = `${readFileSync(EXAMPLES.gold, 'utf8')}\n`;
    const gold = put('gold-edited.json', bytes);
    const before = `sha256:${createHash('sha256').update(readFileSync(EXAMPLES.gold)).digest('hex')}`;
    const now = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    const warned = await runCli(['regression', baseline, EXAMPLES.trace, '--gold-file', gold, '--no-color']);
    expect(warned.code, warned.stderr).toBe(0);
    expect(warned.stdout + warned.stderr).toContain(`baseline ${before}, now ${now}`);
    const strict = await runCli(['regression', baseline, EXAMPLES.trace, '--gold-file', gold, '--strict-gold']);
    expectInputError(strict, before, now);
  });

  it("reads the Python tool's baseline format", async () => {
    const python = put('python-baseline.json', {
      version: '1.4.0',
      created_at: '2025-06-01T12:00:00Z',
      gold_file_hash: createHash('md5').update(readFileSync(EXAMPLES.gold)).digest('hex'),
      metrics: {
        invocation_accuracy: 0.875,
        selection_accuracy: 0.8,
        tool_correctness: 1,
        sequence_accuracy: 0.8,
        argument_f1: 11 / 12,
        argument_precision: 11 / 12,
        argument_recall: 11 / 12,
        redundant_rate: 0.2,
      },
      metadata: { gold_calls_count: 4, trace_calls_count: 5 },
    });
    const run = await runCli(['regression', python, EXAMPLES.trace, '--gold-file', EXAMPLES.gold, '--no-color']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('(Python toolscore format), made 2025-06-01T12:00:00Z');
    expect(run.stdout).toMatch(/tool_correctness\s+1\.000\s+1\.000\s+0\.000\s+ok/);
    expect(run.stderr).toBe('');
  });

  it('bad input: one line and exit 2', async () => {
    expectInputError(
      await runCli(['regression', join(folder.root(), 'nope.json'), EXAMPLES.trace, '--gold-file', EXAMPLES.gold]),
      'nope.json',
    );
    expectInputError(
      await runCli([
        'regression',
        put('broken.json', '{"schema_version": 1,'),
        EXAMPLES.trace,
        '--gold-file',
        EXAMPLES.gold,
      ]),
      'broken.json',
    );
    const newer = { ...JSON.parse(readFileSync(baseline, 'utf8')), schema_version: 2 };
    expectInputError(
      await runCli(['regression', put('newer.json', newer), EXAMPLES.trace, '--gold-file', EXAMPLES.gold]),
      'newer.json',
      'schema_version',
    );
    expectInputError(
      await runCli(['regression', baseline, EXAMPLES.trace, '--gold-file', EXAMPLES.gold, '--threshold', '-1']),
      '--threshold',
    );
    expectInputError(await runCli(['regression', baseline, EXAMPLES.trace]), '--gold-file');
    expectInputError(
      await runCli(['regression', baseline, EXAMPLES.trace, '--gold-file', EXAMPLES.gold, '-o', EXAMPLES.trace]),
      'trace',
    );
  });
});

describe('batch baselines', () => {
  const DATASET = join(REPO_ROOT, 'examples/batch/cases.jsonl');
  const cases = () =>
    readFileSync(DATASET, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
  const jsonl = (name: string, rows: unknown[]) => put(name, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);

  it('batch --save-baseline, then regression --results: the same run passes, a worse case fails and is listed', async () => {
    const dir = folder.root();
    const saved = await runCli([
      'batch',
      DATASET,
      '-o',
      join(dir, 'base.jsonl'),
      '--save-baseline',
      join(dir, 'batch-baseline.json'),
    ]);
    expect(saved.code, saved.stderr).toBe(0);
    const file = JSON.parse(readFileSync(join(dir, 'batch-baseline.json'), 'utf8'));
    expect(file.kind).toBe('batch');
    // (0.835 + 1 + 0) / 3, the cases of examples/batch/cases.jsonl.
    expect(file.score).toBeCloseTo((0.835 + 1) / 3, 12);
    expect(file.case_results.map((entry: { id: string; score: number }) => [entry.id, entry.score])).toEqual([
      ['trip-as-recorded', 0.835],
      ['weather-only', 1],
      ['wrong-tool', 0],
    ]);
    const same = await runCli([
      'regression',
      join(dir, 'batch-baseline.json'),
      '--results',
      join(dir, 'base.jsonl'),
      '--no-color',
    ]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain(
      'Cases compared: 3 · added since the baseline: 0 · removed: 0 · score dropped past the threshold: 0',
    );

    // weather-only now asks for the wrong city: its one argument is wrong (F1 0, score 1 − 0.3 = 0.7).
    const [trip, weather, wrong] = cases();
    weather!.actual = [{ tool: 'get_weather', args: { city: 'Porto' } }];
    const regression = async (name: string, rows: unknown[]) => {
      const rerun = await runCli(['batch', jsonl(`${name}-cases.jsonl`, rows), '-o', join(dir, `${name}.jsonl`)]);
      expect(rerun.code, rerun.stderr).toBe(0);
      return runCli([
        'regression',
        join(dir, 'batch-baseline.json'),
        '--results',
        join(dir, `${name}.jsonl`),
        '--no-color',
      ]);
    };
    const worse = await regression('worse', [trip, weather, wrong]);
    // The mean falls from (0.835 + 1 + 0) / 3 to (0.835 + 0.7 + 0) / 3: 0.1 down, past the 0.05 threshold.
    expect(worse.code, worse.stdout).toBe(1);
    expect(worse.stdout).toMatch(/score\s+0\.612\s+0\.512\s+-0\.100\s+REGRESSED/);
    expect(worse.stdout).toContain(
      'Cases compared: 3 · added since the baseline: 0 · removed: 0 · score dropped past the threshold: 1',
    );
    expect(worse.stdout).toMatch(
      /weather-only\s+1\.000\s+0\.700\s+-0\.300\s+get_weather called with different arguments: city: expected "Lisbon", got "Porto"/,
    );
    // The aggregate decides: with the failing case replaced by a new perfect one, the mean rises and the
    // run passes, while the case that dropped is still listed, and the ids added and removed are counted.
    const mixed = await regression('mixed', [
      trip,
      weather,
      { id: 'new-case', expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] },
    ]);
    expect(mixed.code, mixed.stdout).toBe(0);
    expect(mixed.stdout).toContain(
      'Cases compared: 2 · added since the baseline: 1 · removed: 1 · score dropped past the threshold: 1',
    );
    expect(mixed.stdout).toMatch(/weather-only\s+1\.000\s+0\.700\s+-0\.300/);
  });

  it('a results file with a broken line, or an id given twice, is one line and exit 2', async () => {
    const dir = folder.root();
    const broken = put('broken-results.jsonl', '{"id": "a", "index": 0, "score": 1,\n');
    expectInputError(
      await runCli(['regression', join(dir, 'batch-baseline.json'), '--results', broken]),
      'broken-results.jsonl',
    );
    const line = readFileSync(join(dir, 'base.jsonl'), 'utf8').split('\n')[0]!;
    const twice = put('twice.jsonl', `${line}\n${line}\n`);
    expectInputError(
      await runCli(['regression', join(dir, 'batch-baseline.json'), '--results', twice]),
      'case id "trip-as-recorded" is in results 1 and 2',
    );
  });
});
