/**
 * BFCL's v4 multi-turn categories (base, miss_func, miss_param, long_context; 200 entries each): every
 * possible answer converts to a conversation gold that the published schema accepts and readGold reads
 * without a warning. The corpus holds every 10th entry of each category as plain files, and the whole
 * four categories gzipped (gorilla at 6ea5797): all 800 entries are converted. The verdicts of a run
 * of them are in multi-turn-agreement.test.ts.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { type BfclGoldFile, bfclGoldFiles } from '../../src/bfcl/to-gold.js';
import type { BfclTurnsGold } from '../../src/bfcl/multi-turn.js';
import { readGold } from '../../src/gold/gold.js';
import { checkedGold } from '../../src/io/gold-check.js';
import { ROOT } from '../schemas/published.js';
import { MULTI_TURN_CATEGORIES as CATEGORIES, wholeDataFolder } from './whole-data.js';

const CORPUS = join(ROOT, 'test/corpus/bfcl');
const schema = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(join(ROOT, 'schemas/gold.json'), 'utf8')),
);

/** The multi-turn gold files of a questions and answers folder, checked: none rejected, none warned about. */
async function convertedAndChecked(questions: string, answers: string): Promise<BfclGoldFile[]> {
  const { files } = await bfclGoldFiles({ questions, answers });
  const multiTurn = files.filter((file) => CATEGORIES.includes(file.category));
  const rejected: string[] = [];
  const warned: string[] = [];
  for (const file of multiTurn) {
    const json = JSON.parse(JSON.stringify(file.gold));
    if (!schema(json)) rejected.push(`${file.id}: ${JSON.stringify(schema.errors)}`);
    const warnings: string[] = [];
    const gold = checkedGold(json, file.name, { warnings }, () => readGold(json, file.name));
    expect(gold.turns?.length).toBe(file.gold && 'turns' in file.gold ? file.gold.turns.length : -1);
    if (warnings.length > 0) warned.push(`${file.id}: ${warnings.join('; ')}`);
  }
  expect(rejected).toEqual([]);
  expect(warned).toEqual([]);
  return multiTurn;
}

/** Per category: entries, and turns where the model should not call (`"calls": []`). */
const counts = (files: readonly BfclGoldFile[]) =>
  CATEGORIES.map((category) => {
    const of = files.filter((file) => file.category === category);
    const empty = of.flatMap((file) => (file.gold as BfclTurnsGold).turns).filter((turn) => turn.calls.length === 0);
    return [category, of.length, empty.length];
  });

test('all 800 entries of the leaderboard’s four multi-turn categories convert and validate', async () => {
  const dir = wholeDataFolder();
  try {
    const files = await convertedAndChecked(dir, join(dir, 'possible_answer'));
    // The empty turns, counted in the answer files: miss_func and miss_param have one per entry (the
    // turn before the held-out function or the missing parameter is given) and 3 more; base and long_context 3.
    expect(counts(files)).toEqual([
      ['multi_turn_base', 200, 3],
      ['multi_turn_long_context', 200, 3],
      ['multi_turn_miss_func', 200, 203],
      ['multi_turn_miss_param', 200, 203],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

describe('multi-turn possible answers as conversation gold', async () => {
  const multiTurn = await convertedAndChecked(join(CORPUS, 'questions'), join(CORPUS, 'possible_answer'));
  const goldOf = (id: string) => multiTurn.find((file) => file.id === id)!.gold as BfclTurnsGold;

  test('every entry of the corpus’s four categories converts, validates against schemas/gold.json and reads without warnings', () => {
    // Empty turns counted in the corpus's answer files.
    expect(counts(multiTurn)).toEqual([
      ['multi_turn_base', 20, 2],
      ['multi_turn_long_context', 20, 2],
      ['multi_turn_miss_func', 20, 22],
      ['multi_turn_miss_param', 20, 22],
    ]);
  });

  test('multi_turn_miss_func_0: the turn that only adds sort has no user message; the one before it expects no call', () => {
    const gold = goldOf('multi_turn_miss_func_0');
    expect(gold.turns.map((turn) => [turn.user?.slice(0, 28), turn.calls.map((call) => call.tool)])).toEqual([
      ["Move 'final_report.pdf' with", ['cd', 'mkdir', 'mv']],
      ['Perform a detailed search us', ['cd', 'grep']],
      ['Upon identifying the requisi', []],
      [undefined, ['sort']],
      ["Move 'previous_report.pdf' i", ['cd', 'mv', 'cd', 'diff']],
    ]);
    expect('user' in gold.turns[3]!).toBe(false);
    // `sort('final_report.pdf')` passes its argument by position: named from multi_turn_func_doc.
    expect(gold.turns[3]!.calls[0]).toEqual({ tool: 'sort', args: { file_name: 'final_report.pdf' } });
    expect(gold.turns[0]!.calls[2]).toEqual({ tool: 'mv', args: { source: 'final_report.pdf', destination: 'temp' } });
  });

  test('without the function documents, a positional argument is one error naming the entry and the call', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolscore-bfcl-mt-'));
    try {
      copyFileSync(join(CORPUS, 'questions/BFCL_v4_multi_turn_base.jsonl'), join(dir, 'BFCL_v4_multi_turn_base.jsonl'));
      await expect(
        bfclGoldFiles({ questions: dir, answers: join(CORPUS, 'possible_answer/BFCL_v4_multi_turn_base.jsonl') }),
      ).rejects.toThrow(
        /^possible answer multi_turn_base_0 at \$\.ground_truth\[2\]\[0\]: sort\('final_report\.pdf'\) passes an argument by position; its name is read from the leaderboard's multi_turn_func_doc folder, which is not beside the questions/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
