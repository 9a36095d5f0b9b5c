import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli, useScratchFolder } from '../e2e/run-cli.js';

/*
 * Red team, round 2: `bfcl --to-gold` names each gold file after its entry id. Ids that give one file
 * name overwrote each other silently, and an id too long for a file name failed after the files before
 * it were written. Every name is now checked before anything is written. CLI runs are bounded by
 * runProgram's 30 s timeout (npm run build first).
 */

const scratch = useScratchFolder('toolscore-hostile-gold-names-');

/** A folder of BFCL simple_python questions and possible answers, one per id. */
function bfclFiles(dir: string, ids: readonly string[]): { questions: string; answers: string } {
  const questions = join(dir, 'questions');
  const answers = join(dir, 'answers');
  mkdirSync(questions);
  mkdirSync(answers);
  const jsonl = (rows: unknown[]) => rows.map((row) => `${JSON.stringify(row)}\n`).join('');
  const fn = {
    name: 'add',
    description: 'Adds.',
    parameters: { type: 'dict', properties: { a: { type: 'integer' } } },
  };
  writeFileSync(
    join(questions, 'BFCL_v4_simple_python.jsonl'),
    jsonl(ids.map((id) => ({ id, question: [[{ role: 'user', content: 'add 1' }]], function: [fn] }))),
  );
  writeFileSync(
    join(answers, 'BFCL_v4_simple_python.jsonl'),
    jsonl(ids.map((id) => ({ id, ground_truth: [{ add: { a: [1] } }] }))),
  );
  return { questions, answers };
}

async function toGold(ids: readonly string[]) {
  const dir = scratch.fresh();
  const { questions, answers } = bfclFiles(dir, ids);
  const run = await runCli(['bfcl', '--questions', questions, '--answers', answers, '--to-gold', 'gold'], {
    cwd: dir,
  });
  const gold = join(dir, 'gold');
  const written = (() => {
    try {
      return readdirSync(gold).sort();
    } catch {
      return null;
    }
  })();
  return { run, written };
}

describe('bfcl --to-gold checks every file name before it writes one', () => {
  test('two ids that differ only by / and _ : one line naming both, exit 2, nothing written', async () => {
    const { run, written } = await toGold(['simple_python_0', 'simple/python_1', 'simple_python_1']);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'toolscore: --to-gold: entries "simple/python_1" and "simple_python_1" would both be written to simple_python_1.json (ids that differ only in characters a file name cannot hold, or in case); nothing was written\n',
    });
    expect(written).toBeNull();
  });

  test('ids that differ only in case (one file on macOS and Windows)', async () => {
    const { run, written } = await toGold(['Entry_1', 'entry_1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'toolscore: --to-gold: entries "Entry_1" and "entry_1" would both be written to entry_1.json (ids that differ only in characters a file name cannot hold, or in case); nothing was written\n',
    );
    expect(written).toBeNull();
  });

  test('a 300-character id, third of three: exit 2 and no file written, not two', async () => {
    const long = `simple_python_${'x'.repeat(286)}`;
    expect(long).toHaveLength(300);
    const { run, written } = await toGold(['simple_python_0', 'simple_python_1', long]);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolscore: --to-gold: entry "${long}" makes a file name longer than the 230 bytes a gold file's name may have; nothing was written\n`,
    });
    expect(written).toBeNull();
  });

  test('the longest name that fits (225 characters and .json: 230 bytes, the temporary file 255) is written', async () => {
    const longest = `simple_python_${'y'.repeat(211)}`;
    expect(`${longest}.json`).toHaveLength(230);
    const { run, written } = await toGold(['simple_python_0', longest]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(written).toEqual(['simple_python_0.json', `${longest}.json`]);
  });

  test('one byte more is refused (a name of 231 bytes, counted in UTF-8: é is two)', async () => {
    const over = `simple_python_é${'y'.repeat(210)}`;
    expect(Buffer.byteLength(`${over}.json`)).toBe(231);
    const { run, written } = await toGold(['simple_python_0', over]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('makes a file name longer than the 230 bytes');
    expect(written).toBeNull();
  });
});
