import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli, useScratchFolder, type Run } from '../e2e/run-cli.js';

// Batch results as an attacker (or a flaky CI step) leaves them: shards left out, cut short, swapped
// for another dataset's, lines tampered with, a line too long to read. Every run goes through the
// built CLI (npm run build), each bounded by runProgram's 30 s timeout.
const scratch = useScratchFolder('toolscore-hostile-shards-');

/** A case that scores 1 (the right tool) or 0 (the wrong one). */
function caseLine(id: string, right: boolean): string {
  return JSON.stringify({ id, expected: [{ tool: 'search' }], actual: [{ tool: right ? 'search' : 'delete' }] });
}

/** An input error: exit 2, one `toolscore:` line, nothing on stdout. */
function expectInputError(run: Run, message: string): void {
  expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
    code: 2,
    stdout: '',
    stderr: `toolscore: ${message}\n`,
  });
}

/** The dataset written into `dir`, scored in `count` shards as s1.jsonl … sN.jsonl. */
async function shards(dir: string, cases: string[], count: number, name = 'cases.jsonl'): Promise<string> {
  writeFileSync(join(dir, name), `${cases.join('\n')}\n`);
  for (let index = 1; index <= count; index++) {
    const run = await runCli(
      ['batch', name, '--shard', `${index}/${count}`, '--jobs', '1', '--no-progress', '-o', `s${index}.jsonl`],
      {
        cwd: dir,
      },
    );
    expect(run.code, run.stderr).toBe(0);
  }
  return createHash('sha256')
    .update(readFileSync(join(dir, name)))
    .digest('hex');
}

describe('merge refuses an incomplete set of shards, which would pass a gate the whole run fails', () => {
  // Cases 0 and 1 score 1, case 2 scores 0: the whole run's mean is 0.667, below --min-score 0.9.
  const dataset = [caseLine('a', true), caseLine('b', true), caseLine('c', false)];

  test('the whole run fails the gate; its three shards merged fail it too', async () => {
    const dir = scratch.fresh();
    await shards(dir, dataset, 3);
    expect(
      (await runCli(['batch', 'cases.jsonl', '--jobs', '1', '--no-progress', '--min-score', '0.9'], { cwd: dir })).code,
    ).toBe(1);
    expect((await runCli(['merge', 's1.jsonl', 's2.jsonl', 's3.jsonl', '--min-score', '0.9'], { cwd: dir })).code).toBe(
      1,
    );
  });

  test('the last shard left out (it holds only the last case)', async () => {
    const dir = scratch.fresh();
    const sha = await shards(dir, dataset, 3);
    expectInputError(
      await runCli(['merge', 's1.jsonl', 's2.jsonl', '--min-score', '0.9'], { cwd: dir }),
      `merge: shard 3/3 of dataset sha256 ${sha.slice(0, 12)}… (3 cases) is missing; merge needs every shard`,
    );
  });

  test('a shard whose last lines were cut (the last case and the shard line)', async () => {
    const dir = scratch.fresh();
    await shards(dir, dataset, 1);
    const [first, second] = readFileSync(join(dir, 's1.jsonl'), 'utf8').split('\n');
    writeFileSync(join(dir, 'cut.jsonl'), `${first}\n${second}\n`);
    expectInputError(
      await runCli(['merge', 'cut.jsonl', '--min-score', '0.9'], { cwd: dir }),
      'cut.jsonl: does not end with a shard line {"shard": …, "dataset": …}; toolscore batch --shard i/n writes one last, once the whole dataset was read (was the file cut short, or the run stopped?)',
    );
  });

  test("a case's line taken out, the shard line kept", async () => {
    const dir = scratch.fresh();
    await shards(dir, dataset, 1);
    const [first, second, , end] = readFileSync(join(dir, 's1.jsonl'), 'utf8').split('\n');
    writeFileSync(join(dir, 'holed.jsonl'), `${first}\n${second}\n${end}\n`);
    expectInputError(
      await runCli(['merge', 'holed.jsonl', '--min-score', '0.9'], { cwd: dir }),
      'holed.jsonl: shard 1/1 of 3 cases ends before case 2, which it holds (cases are missing: was a line taken out?)',
    );
  });

  test('shards of two datasets (the same count of cases, other cases)', async () => {
    const dir = scratch.fresh();
    const first = await shards(dir, dataset, 2);
    const other = scratch.fresh();
    const second = await shards(other, [caseLine('a', true), caseLine('b', true), caseLine('z', true)], 2);
    expectInputError(
      await runCli(['merge', 's1.jsonl', join(other, 's2.jsonl'), '--min-score', '0.9'], { cwd: dir }),
      // Files are taken in path order: the absolute path first.
      `s1.jsonl: shard 1/2 of dataset sha256 ${first.slice(0, 12)}… (3 cases), but ${join(other, 's2.jsonl')} is shard 2/2 of dataset sha256 ${second.slice(0, 12)}… (3 cases); merge the shards of one dataset`,
    );
  });
});

describe('merge refuses tampered results lines, naming the file, line and JSON path', () => {
  const tail = '; expected a line of toolscore batch results ({id, index, score, …} or {id, index, error})';
  test.each([
    ['score', 7, 'at $.score: expected at most 1, got 7'],
    ['score', -5, 'at $.score: expected at least 0, got -5'],
    ['score', 1e308, 'at $.score: expected at most 1, got 1e+308'],
    ['failed_calls', -3, 'at $.failed_calls: expected at least 0, got -3'],
    ['expected_calls', 1e308, 'at $.expected_calls: expected at most 9007199254740991, got 1e+308'],
    ['argument_f1', 42, 'at $.metrics.argument_f1: expected at most 1, got 42'],
    ['top_issue', 5, 'at $.top_issue: expected an object, got 5'],
  ])('%s: %s', async (key, value, message) => {
    const dir = scratch.fresh();
    await shards(dir, [caseLine('a', true), caseLine('b', false)], 1);
    const [first, second, end] = readFileSync(join(dir, 's1.jsonl'), 'utf8').split('\n');
    const line = JSON.parse(second!) as Record<string, unknown> & { metrics: Record<string, unknown> };
    if (key === 'argument_f1') line.metrics.argument_f1 = value;
    else line[key] = value;
    writeFileSync(join(dir, 'tampered.jsonl'), `${first}\n${JSON.stringify(line)}\n${end}\n`);
    expectInputError(
      await runCli(['merge', 'tampered.jsonl', '--min-score', '0.9'], { cwd: dir }),
      `tampered.jsonl:2 ${message}${tail}`,
    );
  });
});

describe('a JSON Lines line past the 256 MiB limit is one lost case, and the run goes on', () => {
  test('a 257 MiB line between two cases (a sparse temporary file: no disk written)', async () => {
    const dir = scratch.fresh();
    const path = join(dir, 'cases.jsonl');
    const fd = openSync(path, 'w');
    try {
      writeSync(fd, `${caseLine('a', true)}\n`);
      // The hole reads as 257 MiB of zero bytes: line 2, with no line break until the one written after it.
      const end = Buffer.byteLength(`${caseLine('a', true)}\n`) + 257 * 1024 * 1024;
      writeSync(fd, `\n${caseLine('c', true)}\n`, end);
    } finally {
      closeSync(fd);
    }
    const run = await runCli(
      ['batch', 'cases.jsonl', '--jobs', '1', '--no-progress', '-o', 'r.jsonl', '--max-errors', '1'],
      {
        cwd: dir,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^2 cases scored, 1 could not be read or scored\n/);
    const lines = readFileSync(join(dir, 'r.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.id, line.index, line.score])).toEqual([
      ['a', 0, 1],
      ['line 2', 1, undefined],
      ['c', 2, 1],
    ]);
    expect(lines[1]).toEqual({
      id: 'line 2',
      index: 1,
      line: 2,
      error: `${path.replace(`${dir}/`, '')}:2: line longer than 268435456 bytes; raise limits.maxLineBytes (--max-line-bytes) if this is intended`,
    });
  });

  test('with --max-line-bytes, the same for a short line; lost, it fails the run without --max-errors', async () => {
    const dir = scratch.fresh();
    writeFileSync(
      join(dir, 'cases.jsonl'),
      `${caseLine('a', true)}\n${caseLine('too-long', true)}${' '.repeat(200)}\n${caseLine('c', true)}\n`,
    );
    const run = await runCli(
      ['batch', 'cases.jsonl', '--jobs', '2', '--no-progress', '-o', 'r.jsonl', '--max-line-bytes', '200'],
      {
        cwd: dir,
      },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'cases.jsonl:2: line longer than 200 bytes; raise limits.maxLineBytes (--max-line-bytes) if this is intended',
    );
    const ids = readFileSync(join(dir, 'r.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toEqual(['a', 'line 2', 'c']);
  });
});
