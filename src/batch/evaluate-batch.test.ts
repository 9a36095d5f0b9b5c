import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { evaluateBatch, type BatchOptions, type BatchProgress } from './evaluate-batch.js';
import { mergeResults } from './merge.js';
import { readResultsFile } from './results-file.js';
import { serializeLine } from './results-line.js';
import { type BatchSource, openSource } from './sources.js';
import type { BatchErrorLine, BatchLine, BatchScoredLine, BatchSummary } from './types.js';

const FIXTURES = resolve(import.meta.dirname, '../../test/fixtures/batch');
const HAND = join(FIXTURES, 'hand.jsonl');
const WORKLOAD_JSONL = join(FIXTURES, 'workload-30.jsonl');
const WORKLOAD_ARRAY = join(FIXTURES, 'workload-30.json');
const CREATED_AT = new Date('2026-12-03T00:00:00Z');

async function runAll(
  source: BatchSource,
  options: BatchOptions = {},
): Promise<{ lines: BatchLine[]; summary: BatchSummary }> {
  const run = evaluateBatch(source, { jobs: 1, createdAt: CREATED_AT, ...options });
  const lines: BatchLine[] = [];
  for await (const line of run) lines.push(line);
  return { lines, summary: run.summary() };
}

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'toolscore-batch-test-'));
}

function text(lines: readonly BatchLine[]): string {
  return lines.map((line) => `${serializeLine(line)}\n`).join('');
}

/** A run's results as `-o` writes them (a shard's end with its shard line). */
async function resultsText(source: BatchSource, options: BatchOptions = {}): Promise<string> {
  let all = '';
  for await (const chunk of evaluateBatch(source, { jobs: 1, createdAt: CREATED_AT, ...options }).text()) all += chunk;
  return all;
}

/** The SHA-256 of a file's bytes, as a shard line records it. */
function sha256Of(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/*
 * test/fixtures/batch/hand.jsonl, worked out by hand (score = 0.4·selection + 0.3·argument F1 +
 * 0.2·sequence + 0.1·(1 − redundant rate)):
 * line 1 perfect: one search call, same args ⇒ 1, A.
 * line 2 half: expected a{x:1}, b{y:2}; actual a{x:1}: selection 1/1, argument P = 1/1, R = 1/2 ⇒ F1 2/3,
 *   sequence 1 − 1/2, no redundancy ⇒ 0.4 + 0.2 + 0.1 + 0.1 = 0.8, B; required calls 1 of 2.
 * line 3 blank (skipped, not a case).
 * line 4 wrong: lookup called where search was expected ⇒ selection 0, F1 0, sequence 0, redundant 1 ⇒ 0, F.
 * line 5 invalid JSON; line 6 has no "expected"; line 7 an unknown option.
 * line 8 strict: expected v 1.0, actual v 1, strict ⇒ the argument differs: 0.4 + 0 + 0.2 + 0.1 = 0.7, C.
 * line 9 lenient: the same without strict ⇒ 1, A.
 * line 10 is cut short (no closing bracket, no line break).
 */
describe('a JSON Lines dataset', () => {
  test('every case gets a line in input order, scored or with its error and line number', async () => {
    const { lines } = await runAll({ dataset: HAND });
    expect(lines.map((line) => [line.id, line.index])).toEqual([
      ['perfect', 0],
      ['half', 1],
      ['wrong', 2],
      ['line 5', 3],
      ['no-expected', 4],
      ['bad-option', 5],
      ['strict', 6],
      ['lenient', 7],
      ['line 10', 8],
    ]);
    const scored = lines.filter((line): line is BatchScoredLine => !('error' in line));
    expect(scored.map((line) => [line.id, line.score, line.grade])).toEqual([
      ['perfect', 1, 'A'],
      ['half', 0.8, 'B'],
      ['wrong', 0, 'F'],
      ['strict', 0.7, 'C'],
      ['lenient', 1, 'A'],
    ]);
    const errors = lines.filter((line): line is BatchErrorLine => 'error' in line);
    expect(errors.map((line) => line.line)).toEqual([5, 6, 7, 10]);
    expect(errors[0]!.error).toMatch(new RegExp(`^${HAND}:5:30 at \\$\\.expected\\[0\\]: invalid JSON`));
    expect(errors[1]!.error).toBe(
      `${HAND}:6 at $: case "no-expected" has no "expected"; expected {id, expected, actual, options?}`,
    );
    expect(errors[2]!.error).toBe(
      `${HAND}:7 at $.options.strictness: unknown option "strictness"; a case's options are weights, strict, forbidden, tools, budgets, limits`,
    );
    expect(errors[3]!.error).toMatch(new RegExp(`^${HAND}:10:\\d+ .*invalid JSON`));
  });

  test('a line carries the core metrics, the counts, the tools and the top issue', async () => {
    const { lines } = await runAll({ dataset: HAND });
    const half = lines[1] as BatchScoredLine;
    expect(half.metrics.argument_f1).toBeCloseTo(2 / 3, 12);
    expect(half.metrics.sequence_accuracy).toBe(0.5);
    expect(half.metrics.required_call_recall).toBe(0.5);
    expect(half.metrics.redundant_rate).toBe(0);
    expect(half.verdict).toBe('WARN');
    expect([half.expected_calls, half.actual_calls, half.failed_calls, half.policy_violations, half.secrets]).toEqual([
      2, 1, 0, 0, 0,
    ]);
    expect(half.tools).toEqual({
      a: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0 },
      b: { expected_calls: 1, actual_calls: 0, selection_misses: 1, failed_calls: 0 },
    });
    expect(half.top_issue).toMatchObject({ kind: 'missing', tool: 'b' });
    const wrong = lines[2] as BatchScoredLine;
    expect(wrong.top_issue).toMatchObject({ kind: 'wrong_tool', tool: 'lookup' });
    expect(Object.keys(wrong.tools)).toEqual(['lookup', 'search']);
  });

  test('the summary: counts, nearest-rank percentiles, grades, histogram, pass rate, tools, worst cases', async () => {
    const { summary } = await runAll({ dataset: HAND }, { minScore: 0.8 });
    expect(summary.cases).toEqual({ total: 9, scored: 5, failed: 4 });
    // Scores in order 0, 0.7, 0.8, 1, 1: ranks ⌈0.5⌉ = 1, ⌈2.5⌉ = 3, ⌈4.5⌉ = 5.
    expect(summary.score.mean).toBeCloseTo(0.7, 12);
    expect([summary.score.p10, summary.score.median, summary.score.p90]).toEqual([0, 0.8, 1]);
    expect([summary.score.min, summary.score.max, summary.score.count]).toEqual([0, 1, 5]);
    expect(summary.grades).toEqual({ A: 2, B: 1, C: 1, D: 0, F: 1 });
    expect(summary.histogram).toEqual([1, 0, 0, 0, 0, 0, 0, 1, 1, 2]);
    expect(summary.min_score).toBe(0.8);
    expect(summary.pass_rate).toBeCloseTo(3 / 5, 12);
    // Required-call recall: 1, 0.5, 0, 1, 1 (every case expected something).
    expect(summary.metrics.required_call_recall.count).toBe(5);
    expect(summary.metrics.required_call_recall.median).toBe(1);
    expect(summary.tools.search).toEqual({
      expected_calls: 2,
      actual_calls: 1,
      selection_misses: 1,
      failed_calls: 0,
      error_rate: 0,
    });
    expect(summary.tools.b!.error_rate).toBeNull();
    expect(Object.keys(summary.tools)).toEqual(['a', 'b', 'lookup', 'n', 'search']);
    expect(summary.worst_cases.map((worst) => [worst.id, worst.score])).toEqual([
      ['wrong', 0],
      ['strict', 0.7],
      ['half', 0.8],
      ['perfect', 1],
      ['lenient', 1],
    ]);
    expect(summary.errors.map((error) => [error.index, error.line])).toEqual([
      [3, 5],
      [4, 6],
      [5, 7],
      [8, 10],
    ]);
    expect(summary.created_at).toBe('2026-12-03T00:00:00.000Z');
  });

  test('--fail-fast stops after the first case that cannot be read', async () => {
    const { lines, summary } = await runAll({ dataset: HAND }, { failFast: true });
    expect(lines.map((line) => line.id)).toEqual(['perfect', 'half', 'wrong', 'line 5']);
    expect(summary.cases).toEqual({ total: 4, scored: 3, failed: 1 });
  });

  test("the run's defaults apply to every case; a case's own options override them", async () => {
    // strict for all: lenient (line 9) now differs like strict (line 8) does.
    const { lines } = await runAll({ dataset: HAND }, { strict: true });
    expect((lines[7] as BatchScoredLine).score).toBe(0.7);
    // A case's weights replace the run's: half scored on selection alone is 1.
    const dir = scratch();
    const file = join(dir, 'weighted.jsonl');
    const half =
      '{"expected":[{"tool":"a","args":{"x":1}},{"tool":"b","args":{"y":2}}],"actual":[{"tool":"a","args":{"x":1}}]';
    writeFileSync(
      file,
      `${half},"id":"own"}\n${half},"id":"override","options":{"weights":{"selection_accuracy":1,"argument_f1":0,"sequence_accuracy":0,"redundant_rate":0}}}\n`,
    );
    const weighted = await runAll(
      { dataset: file },
      { weights: { selection_accuracy: 0, argument_f1: 1, sequence_accuracy: 0, redundant_rate: 0 } },
    );
    expect(weighted.lines.map((line) => (line as BatchScoredLine).score)).toEqual([0.666666666667, 1]);
  });

  test('a bad option value of a case is its own error line, naming where it is', async () => {
    const dir = scratch();
    const file = join(dir, 'bad-weight.jsonl');
    writeFileSync(file, '{"id":"w","expected":[],"actual":[],"options":{"weights":{"speed":1}}}\n');
    const { lines } = await runAll({ dataset: file });
    expect((lines[0] as BatchErrorLine).error).toMatch(new RegExp(`^${file}:1 at \\$\\.options\\.weights`));
    expect((lines[0] as BatchErrorLine).error).toContain('speed');
  });

  test('an empty file is refused', async () => {
    const dir = scratch();
    const file = join(dir, 'empty.jsonl');
    writeFileSync(file, '\n\n');
    await expect(runAll({ dataset: file })).rejects.toThrow(`${file}: the file is empty`);
  });
});

describe('a JSON array dataset', () => {
  test('gives the same lines as the same cases written as JSON Lines', async () => {
    const [array, lines] = await Promise.all([
      runAll({ dataset: WORKLOAD_ARRAY }),
      runAll({ dataset: WORKLOAD_JSONL }),
    ]);
    expect(array.lines).toHaveLength(30);
    expect(text(array.lines)).toBe(text(lines.lines));
    expect(array.lines[0]!.id).toBe('w00000');
  });

  test('a bad element is its own error line; an array cut short ends with one saying so', async () => {
    const dir = scratch();
    const file = join(dir, 'cut.json');
    writeFileSync(
      file,
      '[{"id":"a","expected":[],"actual":[]}, {"id": nope}, ,\n {"id":"b","expected":[],"actual":[]}, {"id":"c","exp',
    );
    const { lines } = await runAll({ dataset: file });
    expect(lines.map((line) => [line.id, 'error' in line])).toEqual([
      ['a', false],
      ['$[1]', true],
      ['$[2]', true],
      ['b', false],
      ['$[4]', true],
    ]);
    expect((lines[2] as BatchErrorLine).error).toBe(`${file} at $[2]: empty element; expected a case`);
    expect((lines[4] as BatchErrorLine).error).toBe(
      `${file} at $[4]: the file ends inside the JSON array; expected "]" after the last case`,
    );
  });
});

describe('traces against one gold file', () => {
  function traceFolder(): string {
    const dir = scratch();
    mkdirSync(join(dir, 'runs', 'b'), { recursive: true });
    writeFileSync(join(dir, 'gold.json'), JSON.stringify([{ tool: 'search', args: { q: 'x' } }]));
    writeFileSync(join(dir, 'runs', 'one.json'), JSON.stringify([{ tool: 'search', args: { q: 'x' } }]));
    writeFileSync(join(dir, 'runs', 'b', 'two.json'), JSON.stringify([{ tool: 'lookup', args: { q: 'x' } }]));
    writeFileSync(join(dir, 'runs', 'b', 'notes.json'), JSON.stringify({ title: 'not a trace' }));
    return dir;
  }

  test('globs are expanded by the tool, sorted by path; a file that is not a trace is its own error line', async () => {
    const dir = traceFolder();
    const { lines } = await runAll({ gold: join(dir, 'gold.json'), traces: join(dir, 'runs/**/*.json') });
    expect(lines.map((line) => line.id)).toEqual(
      ['runs/b/notes.json', 'runs/b/two.json', 'runs/one.json'].map((path) => join(dir, path)),
    );
    expect((lines[0] as BatchErrorLine).error).toContain(join(dir, 'runs/b/notes.json'));
    expect((lines[1] as BatchScoredLine).score).toBe(0);
    expect((lines[2] as BatchScoredLine).score).toBe(1);
  });

  test('a pattern that matches nothing is an error naming it', async () => {
    const dir = traceFolder();
    const pattern = join(dir, 'runs/**/*.jsonl');
    await expect(runAll({ gold: join(dir, 'gold.json'), traces: pattern })).rejects.toThrow(
      new ToolscoreInputError({ source: '--traces' }, `no file matches ${JSON.stringify(pattern)}`),
    );
  });
});

describe('paired folders', () => {
  test('gold files and traces pair by relative path without extension; the unpaired are listed and counted', async () => {
    const dir = scratch();
    for (const sub of ['gold/x', 'traces/x']) mkdirSync(join(dir, sub), { recursive: true });
    const call = JSON.stringify([{ tool: 'search', args: { q: 'x' } }]);
    writeFileSync(join(dir, 'gold', 'x', 'a.json'), call);
    writeFileSync(join(dir, 'traces', 'x', 'a.jsonl'), `${JSON.stringify({ tool: 'search', args: { q: 'x' } })}\n`);
    writeFileSync(join(dir, 'gold', 'only-gold.json'), call);
    writeFileSync(join(dir, 'traces', 'only-trace.json'), call);
    const goldDir = join(dir, 'gold');
    const traceDir = join(dir, 'traces');
    const { lines, summary } = await runAll({ goldDir, traceDir });
    expect(lines.map((line) => [line.id, 'error' in line])).toEqual([
      ['only-gold.json', true],
      ['only-trace.json', true],
      ['x/a.jsonl', false],
    ]);
    expect((lines[0] as BatchErrorLine).error).toBe(
      `${join(goldDir, 'only-gold.json')}: no trace for this gold file in ${traceDir} (expected only-gold with any extension)`,
    );
    expect((lines[2] as BatchScoredLine).score).toBe(1);
    expect(summary.cases).toEqual({ total: 3, scored: 1, failed: 2 });
  });

  test('a SWE-agent .traj (its <instance>/<instance>.traj layout) pairs with a .json gold and reads as JSON', async () => {
    const dir = scratch();
    for (const sub of ['gold/fc', 'traces/fc']) mkdirSync(join(dir, sub), { recursive: true });
    const traj = resolve(import.meta.dirname, '../../test/corpus/agents/swe-agent/function_calling_simple.traj');
    writeFileSync(join(dir, 'traces', 'fc', 'fc.traj'), readFileSync(traj));
    // The demonstration's five calls, read from the file by hand.
    const gold = [
      { tool: 'find_file', args: { file_name: 'missing_colon.py' } },
      { tool: 'open', args: { path: 'tests/missing_colon.py' } },
      {
        tool: 'edit',
        args: {
          search: 'def division(a: float, b: float) -> float',
          replace: 'def division(a: float, b: float) -> float:',
        },
      },
      { tool: 'bash', args: { command: 'python tests/missing_colon.py' } },
      { tool: 'submit', args: {} },
    ];
    writeFileSync(join(dir, 'gold', 'fc', 'fc.json'), JSON.stringify(gold));
    const { lines } = await runAll({ goldDir: join(dir, 'gold'), traceDir: join(dir, 'traces') });
    expect(lines.map((line) => [line.id, 'error' in line])).toEqual([['fc/fc.traj', false]]);
    expect((lines[0] as BatchScoredLine).score).toBe(1);
  });
});

describe('a case past limits.maxLineBytes', () => {
  const good = (id: string) => JSON.stringify({ id, expected: [{ tool: 's' }], actual: [{ tool: 's' }] });
  const long = JSON.stringify({ id: 'long', expected: [{ tool: 's', args: { q: 'x'.repeat(300) } }], actual: [] });

  test('is one error line, for a JSON Lines line and a JSON array element alike, and the run goes on', async () => {
    const dir = scratch();
    const jsonl = join(dir, 'cases.jsonl');
    const array = join(dir, 'cases.json');
    writeFileSync(jsonl, `${good('a')}\n${long}\n${good('c')}\n`);
    writeFileSync(array, `[${good('a')},\n${long},\n${good('c')}]`);
    const limits = { maxLineBytes: 200 };
    const lines = (await runAll({ dataset: jsonl }, { limits })).lines;
    expect(lines.map((line) => [line.id, 'score' in line ? line.score : undefined])).toEqual([
      ['a', 1],
      ['line 2', undefined],
      ['c', 1],
    ]);
    expect(lines[1]).toEqual({
      id: 'line 2',
      index: 1,
      line: 2,
      error: `${jsonl}:2: line longer than 200 bytes; raise limits.maxLineBytes (--max-line-bytes) if this is intended`,
    });
    const elements = await runAll({ dataset: array }, { limits });
    expect(elements.lines.map((line) => line.id)).toEqual(['a', '$[1]', 'c']);
    expect(elements.lines[1]).toEqual({
      id: '$[1]',
      index: 1,
      error: `${array} at $[1]: element longer than 200 bytes; raise limits.maxLineBytes (--max-line-bytes) if this is intended`,
    });
    expect(elements.summary.cases).toEqual({ total: 3, scored: 2, failed: 1 });
  });
});

describe('progress: cases done of the total, when the total is known', () => {
  async function progressOf(source: BatchSource, options: BatchOptions = {}): Promise<BatchProgress[]> {
    const seen: BatchProgress[] = [];
    await runAll(source, { ...options, onProgress: (progress) => seen.push({ ...progress }) });
    return seen;
  }

  test('a JSON Lines file: its non-blank lines, counted before the first case (hand.jsonl: 10 lines, 1 blank)', async () => {
    const seen = await progressOf({ dataset: HAND });
    expect(seen.map(({ done, total }) => [done, total])).toEqual([[9, 9]]);
    // A shard takes every 3rd case from its own: positions 1, 4 and 7 for the 2nd of 3.
    const shard = await progressOf({ dataset: HAND }, { shard: { index: 2, count: 3 } });
    expect(shard.map(({ done, total }) => [done, total])).toEqual([[3, 3]]);
  });

  test('a JSON Lines file with a blank-only last line, CRLF line ends and a byte order mark', async () => {
    const dir = scratch();
    const one = JSON.stringify({ id: 'a', expected: [], actual: [] });
    writeFileSync(join(dir, 'crlf.jsonl'), `\uFEFF${one}\r\n\r\n  \r\n${one.replace('"a"', '"b"')}\r\n \t`);
    const seen = await progressOf({ dataset: join(dir, 'crlf.jsonl') });
    expect(seen.map(({ done, total }) => [done, total])).toEqual([[2, 2]]);
  });

  test('traces against a gold file: the files the patterns matched; without a count up front, once all is read', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'gold.json'), JSON.stringify([{ tool: 'search', args: {} }]));
    for (const name of ['a', 'b', 'c']) writeFileSync(join(dir, `${name}.json`), JSON.stringify([]));
    const traces = await progressOf({ gold: join(dir, 'gold.json'), traces: join(dir, '[abc].json') });
    expect(traces.map(({ done, total }) => [done, total])).toEqual([[3, 3]]);
    // A JSON array is not counted ahead: its 30 elements are all read by the time the one batch is scored.
    const array = await progressOf({ dataset: WORKLOAD_ARRAY });
    expect(array.map(({ done, total }) => [done, total])).toEqual([[30, 30]]);
  });
});

describe('shards and merge', () => {
  test('three shards merged give byte-identical results and an equal summary', async () => {
    const whole = await runAll({ dataset: WORKLOAD_JSONL }, { minScore: 0.9 });
    const dir = scratch();
    const files: string[] = [];
    for (let index = 1; index <= 3; index++) {
      const shard = await runAll({ dataset: WORKLOAD_JSONL }, { shard: { index, count: 3 }, minScore: 0.9 });
      // Round robin: shard i holds the cases at positions i − 1, i + 2, i + 5, …
      expect(shard.lines.map((line) => line.index)).toEqual(Array.from({ length: 10 }, (_, k) => index - 1 + 3 * k));
      const file = join(dir, `results-${index}.jsonl`);
      const written = await resultsText({ dataset: WORKLOAD_JSONL }, { shard: { index, count: 3 }, minScore: 0.9 });
      // The lines, then which shard of which dataset they are.
      expect(written).toBe(
        `${text(shard.lines)}{"shard":{"index":${index},"count":3},"dataset":{"sha256":"${sha256Of(WORKLOAD_JSONL)}","cases":30}}\n`,
      );
      writeFileSync(file, written);
      files.push(file);
    }
    const merged = mergeResults([files[2]!, files[0]!, files[1]!], { minScore: 0.9, createdAt: CREATED_AT });
    const lines: BatchLine[] = [];
    for await (const line of merged) lines.push(line);
    expect(text(lines)).toBe(text(whole.lines));
    expect(merged.summary()).toEqual(whole.summary);
  });

  test('a shard given twice, or left out, is an error', async () => {
    const dir = scratch();
    const files: string[] = [];
    for (let index = 1; index <= 2; index++) {
      files.push(join(dir, `r${index}.jsonl`));
      writeFileSync(files.at(-1)!, await resultsText({ dataset: HAND }, { shard: { index, count: 2 } }));
    }
    const drain = async (paths: string[]): Promise<void> => {
      for await (const _ of mergeResults(paths));
    };
    const dataset = `dataset sha256 ${sha256Of(HAND).slice(0, 12)}… (9 cases)`;
    await expect(drain([files[0]!, files[0]!])).rejects.toThrow(
      `merge: shard 1/2 is given twice: ${files[0]} and ${files[0]}`,
    );
    await expect(drain([files[1]!])).rejects.toThrow(
      `merge: shard 1/2 of ${dataset} is missing; merge needs every shard`,
    );
    await expect(drain([files[0]!])).rejects.toThrow(`merge: shard 2/2 of ${dataset} is missing`);
    await expect(drain([])).rejects.toThrow("merge: expected the results files of a dataset's shards");
    // A shard line naming a shard that cannot exist.
    writeFileSync(files[1]!, readFileSync(files[1]!, 'utf8').replace('{"shard":{"index":2,', '{"shard":{"index":5,'));
    await expect(drain(files)).rejects.toThrow(`${files[1]}: shard 5 of 2 does not exist; shards are numbered 1 to 2`);
  });

  test("a shard file holding a case that is not its own, or one past the dataset's count, is an error", async () => {
    const dir = scratch();
    const files = [1, 2].map((index) => join(dir, `r${index}.jsonl`));
    for (let index = 1; index <= 2; index++)
      writeFileSync(files[index - 1]!, await resultsText({ dataset: HAND }, { shard: { index, count: 2 } }));
    const drain = async (paths: string[]): Promise<void> => {
      for await (const _ of mergeResults(paths));
    };
    // Shard 1/2 holds cases 0, 2, 4, 6, 8: its first line moved to its end.
    const [first, ...rest] = readFileSync(files[0]!, 'utf8').trim().split('\n');
    const end = rest.pop()!;
    writeFileSync(files[0]!, `${[...rest, first, end].join('\n')}\n`);
    await expect(drain(files)).rejects.toThrow(
      `${files[0]}: case 2 ("wrong") where case 0 was due; shard 1/2 holds cases 0, 2, … in index order (was a line taken out or moved?)`,
    );
    // Shard 2/2 (cases 1, 3, 5, 7) given a case 9 of a dataset of 9 cases.
    writeFileSync(files[0]!, await resultsText({ dataset: HAND }, { shard: { index: 1, count: 2 } }));
    const lines = readFileSync(files[1]!, 'utf8').trim().split('\n');
    const extra = JSON.stringify({ id: 'extra', index: 9, error: 'x' });
    writeFileSync(files[1]!, `${[...lines.slice(0, -1), extra, lines.at(-1)].join('\n')}\n`);
    await expect(drain(files)).rejects.toThrow(`${files[1]}: case 9 ("extra") is past the dataset's 9 cases`);
  });

  test('a file that is not batch results is an error naming its line', async () => {
    const dir = scratch();
    const file = join(dir, 'r.jsonl');
    const end = `{"shard":{"index":1,"count":1},"dataset":{"sha256":"${'0'.repeat(64)}","cases":2}}`;
    writeFileSync(file, `{"id":"a","index":0,"error":"x"}\n{"score":1}\n${end}\n`);
    const drain = async (): Promise<void> => {
      for await (const _ of mergeResults([file]));
    };
    await expect(drain()).rejects.toThrow(
      `${file}:2 at $.id: expected a string, got nothing; expected a line of toolscore batch results`,
    );
    // The reports read a shard's results without its shard line, which must be the last.
    writeFileSync(file, `{"id":"a","index":0,"error":"x"}\n${end}\n{"id":"b","index":1,"error":"x"}\n`);
    const read = async (): Promise<string[]> => {
      const ids: string[] = [];
      for await (const line of readResultsFile(file)) ids.push(line.id);
      return ids;
    };
    await expect(read()).rejects.toThrow(
      `${file}:3: a line after the shard's last line (line 2); a shard's results end with it`,
    );
    writeFileSync(file, `{"id":"a","index":0,"error":"x"}\n${end}\n\n`);
    expect(await read()).toEqual(['a']);
  });
});

describe('options are checked before anything is read', () => {
  test.each([
    [{ shard: { index: 3, count: 2 } }, 'shard 3 of 2 does not exist'],
    [{ shard: { index: 0, count: 0 } }, 'expected at least 1 shard'],
    [{ weights: { speed: 1 } as never }, 'speed'],
    [{ minScore: 2 }, 'expected a number between 0 and 1'],
    [{ format: 'nope' }, 'nope'],
  ] as [BatchOptions, string][])('%j', (options, message) => {
    expect(() => evaluateBatch({ dataset: '/nonexistent' }, options)).toThrow(message);
  });
});

describe("a case's gold is read as a gold file is: unknown keys are not silent", () => {
  // The issue's case: "arguments" is not read, so the call checks no arguments and the wrong amount scores 1.
  const typo = {
    id: 'refund',
    expected: [{ tool: 'refund_order', arguments: { amount: 49.99 } }],
    actual: [{ tool: 'refund_order', args: { amount: 4999 } }],
  };
  const clean = { id: 'clean', expected: [{ tool: 'search' }], actual: [{ tool: 'search' }] };
  const WARNING = 'unknown key "arguments"; did you mean "args"?';

  test('a dataset case warns on its line, with its file, line and path; the summary counts and lists them', async () => {
    const dir = scratch();
    const dataset = join(dir, 'cases.jsonl');
    writeFileSync(
      dataset,
      `${JSON.stringify(clean)}\n${JSON.stringify(typo)}\n${JSON.stringify({ ...typo, id: 'again' })}\n`,
    );
    const { lines, summary } = await runAll({ dataset });
    expect(lines.map((line) => (line as BatchScoredLine).gold_warnings)).toEqual([
      undefined,
      [`${dataset}:2 at $.expected[0]: ${WARNING}`],
      [`${dataset}:3 at $.expected[0]: ${WARNING}`],
    ]);
    expect((lines[1] as BatchScoredLine).score).toBe(1);
    expect(serializeLine(lines[0]!)).not.toContain('gold_warnings');
    expect(summary.gold_warnings).toEqual({
      cases: 2,
      warnings: [`${dataset}:2 at $.expected[0]: ${WARNING}`, `${dataset}:3 at $.expected[0]: ${WARNING}`],
    });
  });

  test('a JSON array dataset names the element; in-memory cases name their number', async () => {
    const dir = scratch();
    const dataset = join(dir, 'cases.json');
    writeFileSync(dataset, JSON.stringify([clean, typo]));
    const fromFile = await runAll({ dataset });
    expect((fromFile.lines[1] as BatchScoredLine).gold_warnings).toEqual([
      `${dataset} at $[1].expected[0]: ${WARNING}`,
    ]);
    const inMemory = await runAll({ cases: [clean, typo] });
    expect((inMemory.lines[1] as BatchScoredLine).gold_warnings).toEqual([`case 2 at $.expected[0]: ${WARNING}`]);
  });

  test('strictGold makes such a case an error line naming the same place; the others are scored', async () => {
    const { lines, summary } = await runAll({ cases: [clean, typo] }, { strictGold: true });
    expect(lines[1]).toEqual({ id: 'refund', index: 1, error: `case 2 at $.expected[0]: ${WARNING}` });
    expect(summary.cases).toEqual({ total: 2, scored: 1, failed: 1 });
    expect(summary.gold_warnings).toEqual({ cases: 0, warnings: [] });
  });

  test('one gold file behind every trace: each line carries its warnings, the summary lists them once', async () => {
    const dir = scratch();
    const gold = join(dir, 'gold.json');
    writeFileSync(
      gold,
      JSON.stringify([
        { tool: 'search', params: { q: 'x' } },
        { tool: 'book', arguments: { id: 1 }, optinal: true },
      ]),
    );
    for (const name of ['a', 'b']) writeFileSync(join(dir, `${name}.json`), JSON.stringify([{ tool: 'search' }]));
    const traces = [join(dir, 'a.json'), join(dir, 'b.json')];
    const warnings = [
      `${gold} at $[0]: unknown key "params"; did you mean "args"?`,
      `${gold} at $[1]: unknown key "arguments"; did you mean "args"?`,
      `${gold} at $[1]: unknown key "optinal"; did you mean "optional"?`,
    ];
    const { lines, summary } = await runAll({ gold, traces });
    expect(lines.map((line) => (line as BatchScoredLine).gold_warnings)).toEqual([warnings, warnings]);
    expect(summary.gold_warnings).toEqual({ cases: 2, warnings });
    const strict = await runAll({ gold, traces }, { strictGold: true });
    expect(strict.lines.map((line) => (line as BatchErrorLine).error)).toEqual([warnings[0], warnings[0]]);
  });

  test('shards merged keep the same count and list', async () => {
    const cases = Array.from({ length: 6 }, (_, i) => ({ ...(i % 2 === 0 ? typo : clean), id: `c${i}` }));
    const whole = await runAll({ cases });
    const dir = scratch();
    const files = [1, 2, 3].map((index) => join(dir, `shard-${index}.jsonl`));
    for (const [k, file] of files.entries()) {
      writeFileSync(file, await resultsText({ cases }, { shard: { index: k + 1, count: 3 } }));
    }
    const merged = mergeResults(files, { createdAt: CREATED_AT });
    for await (const _ of merged);
    expect(merged.summary().gold_warnings).toEqual(whole.summary.gold_warnings);
    expect(whole.summary.gold_warnings.cases).toBe(3);
  });
});

describe('a case whose gold is a conversation', () => {
  const chat = {
    id: 'chat',
    expected: { turns: [{ calls: [{ tool: 'a' }] }, { calls: [{ tool: 'b' }] }] },
    actual: [
      { tool: 'a', turn: 1 },
      { tool: 'c', turn: 2 },
    ],
  };

  test('is scored turn by turn: the mean of the turns, or their lowest with turnAggregate min', async () => {
    // Turn 1 scores 1; turn 2 (c where b was expected, one call beyond its tool's count) 0.
    const mean = (await runAll({ cases: [chat] })).lines[0] as BatchScoredLine;
    expect(mean.score).toBe(0.5);
    expect(mean.top_issue).toMatchObject({
      kind: 'wrong_tool',
      tool: 'c',
      problem: 'turn 2: called c where b was expected',
    });
    const min = (await runAll({ cases: [chat] }, { turnAggregate: 'min' })).lines[0] as BatchScoredLine;
    expect(min.score).toBe(0);
  });

  test('its results line carries turns after top_issue; the summary a turns block, worked out by hand', async () => {
    const four = {
      id: 'four',
      // Turns 1, 2 and 4 right; turn 3 expects no call and gets one: 3 of 4 pass, the first failing is 3.
      expected: {
        turns: [{ calls: [{ tool: 'a' }] }, { calls: [{ tool: 'b' }] }, { calls: [] }, { calls: [{ tool: 'd' }] }],
      },
      actual: [
        { tool: 'a', turn: 1 },
        { tool: 'b', turn: 2 },
        { tool: 'a', turn: 3 },
        { tool: 'd', turn: 4 },
      ],
    };
    const right = {
      id: 'right',
      expected: { turns: [{ calls: [{ tool: 'a' }] }, { calls: [{ tool: 'b' }] }] },
      actual: [
        { tool: 'a', turn: 1 },
        { tool: 'b', turn: 2 },
      ],
    };
    // Three gold turns, the trace stops after turn 1: turns 2 and 3 are never reached (0, FAIL).
    const short = {
      id: 'short',
      expected: { turns: [{ calls: [{ tool: 'a' }] }, { calls: [{ tool: 'b' }] }, { calls: [{ tool: 'c' }] }] },
      actual: [{ tool: 'a', turn: 1 }],
    };
    const flat = { id: 'flat', expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] };
    const { lines, summary } = await runAll({ cases: [four, flat, right, short] });
    const turns = lines.map((line) => (line as BatchScoredLine).turns);
    expect(turns).toEqual([
      { count: 4, passed: 3, pass_rate: 0.75, first_failing: 3 },
      undefined,
      { count: 2, passed: 2, pass_rate: 1, first_failing: null },
      { count: 3, passed: 1, pass_rate: 1 / 3, first_failing: 2 },
    ]);
    expect(serializeLine(lines[0]!)).toContain(
      '"top_issue":{"kind":"extra","tool":"a","problem":"turn 3: unexpected call to a",',
    );
    expect(serializeLine(lines[0]!)).toMatch(/"turns":\{"count":4,"passed":3,"pass_rate":0\.75,"first_failing":3\}\}$/);
    expect(serializeLine(lines[1]!)).not.toContain('turns');
    // Three conversation cases: 4 + 2 + 3 = 9 turns, 3 + 2 + 1 = 6 passed; mean rate (0.75 + 1 + 1/3) / 3.
    expect(summary.turns).toEqual({
      cases: 3,
      turns: 9,
      passed_turns: 6,
      mean_pass_rate: (0.75 + 1 + 1 / 3) / 3,
      all_passed: 1,
      first_failing: { '2': 1, '3': 1 },
    });
    expect(summary.turns!.mean_pass_rate).toBeCloseTo(0.694444444444, 12);
  });

  test('a run of flat golds has no turns in its lines or summary', async () => {
    const { lines, summary } = await runAll({ cases: [{ expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] }] });
    expect(serializeLine(lines[0]!)).not.toContain('turns');
    expect('turns' in summary).toBe(false);
  });
});

describe('trace files of several runs (an ADK eval set): one case per run', () => {
  /** An eval case whose one invocation made the calls `tools` (each with args {q: "x"}). */
  function evalCase(id: string | undefined, tools: string[]): Record<string, unknown> {
    const uses = tools.map((name) => ({ name, args: { q: 'x' } }));
    const conversation = [{ invocation_id: 'i', intermediate_data: { tool_uses: uses } }];
    return id === undefined ? { eval_id: 7, conversation } : { eval_id: id, conversation };
  }

  function runsFolder(): string {
    const dir = scratch();
    mkdirSync(join(dir, 'gold'));
    mkdirSync(join(dir, 'traces'));
    const gold = JSON.stringify([{ tool: 'search', args: { q: 'x' } }]);
    writeFileSync(join(dir, 'gold.json'), gold);
    // Three runs: the right call, a wrong tool, and one without a string eval_id (named by its position).
    const cases = [evalCase('right', ['search']), evalCase('wrong', ['lookup']), evalCase(undefined, ['search'])];
    writeFileSync(join(dir, 'traces', 'home.evalset.json'), JSON.stringify({ eval_set_id: 'home', eval_cases: cases }));
    // An eval set of one case is one run: the file alone, as before.
    const one = { eval_set_id: 'one', eval_cases: [evalCase('only', ['lookup'])] };
    writeFileSync(join(dir, 'traces', 'one.evalset.json'), JSON.stringify(one));
    writeFileSync(join(dir, 'traces', 'plain.json'), gold);
    for (const name of ['home.evalset.json', 'one.evalset.json', 'plain.json'])
      writeFileSync(join(dir, 'gold', name), gold);
    return dir;
  }

  test('--traces: each run is a case named file#eval_id, in the file order, numbered in turn', async () => {
    const dir = runsFolder();
    const home = join(dir, 'traces', 'home.evalset.json');
    const { lines, summary } = await runAll({ gold: join(dir, 'gold.json'), traces: join(dir, 'traces/*.json') });
    expect(lines.map((line) => [line.id, line.index, (line as BatchScoredLine).score])).toEqual([
      [`${home}#right`, 0, 1],
      [`${home}#wrong`, 1, 0],
      [`${home}##3`, 2, 1],
      [join(dir, 'traces', 'one.evalset.json'), 3, 0],
      [join(dir, 'traces', 'plain.json'), 4, 1],
    ]);
    expect(summary.cases).toEqual({ total: 5, scored: 5, failed: 0 });
  });

  test('an Inspect AI log: each sample and epoch is a case named by its id', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'gold.json'), JSON.stringify([{ tool: 'search', args: { q: 'x' } }]));
    /** A sample whose assistant made the one call `tool` with {q: "x"}. */
    const sample = (id: string, epoch: number, tool: string) => ({
      id,
      epoch,
      messages: [
        { role: 'user', content: 'find x' },
        { role: 'assistant', content: '', tool_calls: [{ id: 'c1', function: tool, arguments: { q: 'x' } }] },
        { role: 'tool', tool_call_id: 'c1', function: tool, content: 'found' },
      ],
    });
    const log = join(dir, 'ctf.json');
    const samples = [sample('a', 1, 'search'), sample('a', 2, 'lookup'), sample('b', 1, 'search')];
    writeFileSync(log, JSON.stringify({ eval: { task: 'ctf' }, samples }));
    const { lines } = await runAll({ gold: join(dir, 'gold.json'), traces: log });
    expect(lines.map((line) => [line.id, (line as BatchScoredLine).score])).toEqual([
      [`${log}#a`, 1],
      [`${log}#a epoch 2`, 0],
      [`${log}#b`, 1],
    ]);
  });

  test('--trace-dir: the runs of a file are scored against its paired gold, named by the relative path', async () => {
    const dir = runsFolder();
    const { lines } = await runAll({ goldDir: join(dir, 'gold'), traceDir: join(dir, 'traces') });
    expect(lines.map((line) => line.id)).toEqual([
      'home.evalset.json#right',
      'home.evalset.json#wrong',
      'home.evalset.json##3',
      'one.evalset.json',
      'plain.json',
    ]);
  });

  test('the total: the count of files until a file splits, then unknown until the end', async () => {
    const dir = runsFolder();
    // Sorted by path, a trace of one run comes first.
    const plain = join(dir, 'traces', 'a.json');
    writeFileSync(plain, readFileSync(join(dir, 'gold.json')));
    const before = await openSource({ gold: join(dir, 'gold.json'), traces: [plain, join(dir, 'traces/home*')] });
    expect(before.total()).toBe(2);
    const items = before.items[Symbol.asyncIterator]();
    expect((await items.next()).value).toMatchObject({ id: plain, index: 0 });
    expect(before.total()).toBe(2);
    expect((await items.next()).value).toMatchObject({
      id: `${join(dir, 'traces', 'home.evalset.json')}#right`,
      run: { id: 'right', format: 'adk' },
    });
    expect(before.total()).toBeUndefined();
    while (!(await items.next()).done);
    expect(before.total()).toBe(4);
  });

  test('two shards of the runs merged give the whole run, byte for byte', async () => {
    const dir = runsFolder();
    const source = { gold: join(dir, 'gold.json'), traces: join(dir, 'traces/*.json') };
    const whole = await runAll(source);
    const files: string[] = [];
    for (let index = 1; index <= 2; index++) {
      const file = join(dir, `results-${index}.jsonl`);
      writeFileSync(file, await resultsText(source, { shard: { index, count: 2 } }));
      files.push(file);
    }
    expect(readFileSync(files[1]!, 'utf8').split('\n').at(-2)).toContain('"cases":5}');
    const lines: BatchLine[] = [];
    for await (const line of mergeResults(files, { createdAt: CREATED_AT })) lines.push(line);
    expect(text(lines)).toBe(text(whole.lines));
  });

  test('strict mode tells 1.0 from 1 in a run, as in a trace file of one run', async () => {
    const dir = scratch();
    const gold = join(dir, 'gold.json');
    writeFileSync(gold, JSON.stringify([{ tool: 'set', args: { level: 1 } }]));
    const invocation = (level: string) =>
      `{"invocation_id": "i", "intermediate_data": {"tool_uses": [{"name": "set", "args": {"level": ${level}}}]}}`;
    const path = join(dir, 'levels.evalset.json');
    writeFileSync(
      path,
      `{"eval_set_id": "s", "eval_cases": [{"eval_id": "float", "conversation": [${invocation('1.0')}]}, {"eval_id": "int", "conversation": [${invocation('1')}]}]}`,
    );
    const scores = async (options: BatchOptions) =>
      (await runAll({ gold, traces: path }, options)).lines.map((line) => [line.id, (line as BatchScoredLine).score]);
    expect(await scores({})).toEqual([
      [`${path}#float`, 1],
      [`${path}#int`, 1],
    ]);
    const strict = await scores({ strict: true });
    expect(strict[0]![1]).toBeLessThan(1);
    expect(strict[1]).toEqual([`${path}#int`, 1]);
  });

  test('property: files of one run each (call lists, eval sets of one case) are one case per file as before: ids, order, total, shard digest', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }), async (kinds) => {
        const dir = scratch();
        const gold = join(dir, 'gold.json');
        writeFileSync(gold, JSON.stringify([{ tool: 'search', args: { q: 'x' } }]));
        const paths = kinds.map((evalSet, i) => {
          const path = join(dir, `t${i}.json`);
          const trace = evalSet
            ? { eval_set_id: 's', eval_cases: [evalCase(`only-${i}`, ['search'])] }
            : [{ tool: 'search', args: { q: 'x' } }];
          writeFileSync(path, JSON.stringify(trace));
          return path;
        });
        const source = { gold, traces: join(dir, 't*.json') };
        const stream = await openSource(source, undefined, { identify: true });
        expect(stream.total()).toBe(paths.length);
        const ids: string[] = [];
        for await (const item of stream.items) if (item.kind === 'files') ids.push(item.id);
        expect(ids).toEqual(paths);
        // The digest a shard records: each trace path's JSON text and a line break, as before runs.
        const digest = createHash('sha256');
        for (const path of paths) digest.update(`${JSON.stringify(path)}\n`);
        expect(stream.identity()).toEqual({ sha256: digest.digest('hex'), cases: paths.length });
        const { lines } = await runAll(source);
        expect(lines.map((line) => [line.id, line.index, (line as BatchScoredLine).score])).toEqual(
          paths.map((path, i) => [path, i, 1]),
        );
      }),
      { numRuns: 8 },
    );
  });

  test('a run whose reading fails is its own error line naming file#run; the other runs are scored', async () => {
    const dir = runsFolder();
    const cases = [evalCase('good', ['search']), { eval_id: 'bad', conversation: 'x' }];
    const path = join(dir, 'two.evalset.json');
    writeFileSync(path, JSON.stringify({ eval_set_id: 's', eval_cases: cases }));
    const { lines } = await runAll({ gold: join(dir, 'gold.json'), traces: path });
    expect(lines.map((line) => line.id)).toEqual([`${path}#good`, `${path}#bad`]);
    expect((lines[0] as BatchScoredLine).score).toBe(1);
    expect((lines[1] as BatchErrorLine).error).toBe(
      `${path}#bad at $: expected an ADK session ({"events": [...]}), an eval set ({"eval_cases": [...]}) or case ({"conversation": [...]}), or a list of {query, expected_tool_use} turns; got an object with keys eval_id, conversation`,
    );
  });
});

describe('a case’s state_before and state_after (docs/outcomes.md)', () => {
  const calls = [{ tool: 'suspend_line', args: { line: 'L1' } }];
  const expected = { calls, state: { expected: { lines: { L1: 'suspended' } }, unchanged: true } };
  const before = { lines: { L1: 'active', L7: 'active' } };

  test('are the states the gold’s "state" reads; only one of them, or one past the limit, is an error line', async () => {
    // With the outcome weight 1 the score is (1 + 1 × rate) / 2: both state checks pass (1), or only the expected value (0.5).
    const { lines } = await runAll(
      {
        cases: [
          {
            id: 'ok',
            expected,
            actual: calls,
            state_before: before,
            state_after: { lines: { L1: 'suspended', L7: 'active' } },
          },
          {
            id: 'collateral',
            expected,
            actual: calls,
            state_before: before,
            state_after: { lines: { L1: 'suspended', L7: 'suspended' } },
          },
          { id: 'half', expected, actual: calls, state_before: before },
          {
            id: 'big',
            expected,
            actual: calls,
            state_before: before,
            state_after: before,
            options: { limits: { maxStateBytes: 10 } },
          },
        ],
      },
      { weights: { outcome: 1 } },
    );
    expect((lines as BatchScoredLine[]).slice(0, 2).map((line) => line.score)).toEqual([1, 0.75]);
    expect((lines[2] as BatchErrorLine).error).toBe(
      'case 3 at $.state_after: expected both "state_before" and "state_after" (the state check compares them), got only one',
    );
    expect((lines[3] as BatchErrorLine).error).toBe(
      'case 4 at $.state_before: the state is over 10 bytes of JSON; raise limits.maxStateBytes (--max-state-bytes) if this is intended',
    );
  });
});
