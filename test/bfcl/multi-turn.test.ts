/**
 * BFCL's v4 multi-turn categories (base, miss_func, miss_param, long_context; 200 entries each): every
 * possible answer converts to a conversation gold that the published schema accepts and readGold reads
 * without a warning, and a model's multi-turn result is scored turn by turn, with no verdict of the
 * leaderboard's (not reproduced yet). The corpus holds every 10th entry of each category (the whole
 * files would take it over its size limit) as plain files, and the whole four categories gzipped
 * (gorilla at 6ea5797): all 800 entries are converted.
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { evaluateBfcl } from '../../src/bfcl/index.js';
import { type BfclGoldFile, bfclGoldFiles } from '../../src/bfcl/to-gold.js';
import type { BfclTurnsGold } from '../../src/bfcl/multi-turn.js';
import type { BfclLine, BfclTurnsLine } from '../../src/bfcl/types.js';
import { readGold } from '../../src/gold/gold.js';
import { checkedGold } from '../../src/io/gold-check.js';
import { ROOT } from '../schemas/published.js';

const CORPUS = join(ROOT, 'test/corpus/bfcl');
const CATEGORIES = ['multi_turn_base', 'multi_turn_long_context', 'multi_turn_miss_func', 'multi_turn_miss_param'];
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

/**
 * The leaderboard's data folder for the four categories, whole: the question and answer files are kept
 * gzipped in the corpus (test/corpus/bfcl/multi-turn-full), written out here beside the function docs.
 */
function wholeDataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolscore-bfcl-full-'));
  const full = join(CORPUS, 'multi-turn-full');
  mkdirSync(join(dir, 'possible_answer'));
  for (const category of CATEGORIES)
    for (const sub of ['', 'possible_answer']) {
      const name = `BFCL_v4_${category}.json`;
      writeFileSync(join(dir, sub, name), gunzipSync(readFileSync(join(full, sub, `${name}.gz`))));
    }
  cpSync(join(CORPUS, 'questions', 'multi_turn_func_doc'), join(dir, 'multi_turn_func_doc'), { recursive: true });
  return dir;
}

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

describe('a multi-turn result scored turn by turn (glyphh-ada-1.1, multi_turn_base)', async () => {
  const run = evaluateBfcl({
    questions: join(CORPUS, 'questions'),
    answers: join(CORPUS, 'possible_answer'),
    results: join(CORPUS, 'model_runs/glyphh-ada-1.1/BFCL_v4_multi_turn_base_result.jsonl'),
  });
  const lines: BfclLine[] = [];
  for await (const line of run) lines.push(line);

  test('every entry has turn scores and no verdict: the leaderboard’s is not reproduced yet', () => {
    expect(lines).toHaveLength(20);
    for (const line of lines as BfclTurnsLine[]) {
      expect(line.valid).toBeNull();
      expect(line.leaderboard_verdict).toBe('not reproduced yet');
    }
    const summary = run.summary();
    expect(summary.categories).toEqual([
      expect.objectContaining({
        category: 'multi_turn_base',
        total_count: 0,
        accuracy: null,
        scored_without_verdict: 20,
      }),
    ]);
  });

  test('multi_turn_base_90, worked out by hand', () => {
    const line = lines.find((l) => l.id === 'multi_turn_base_90') as BfclTurnsLine;
    // Turn 1: the five expected calls, all made with equal values (150 for 150.0), plus startEngine
    // twice more: 7 calls. Every tool is one the turn expects (selection 1), arguments right (F1 1);
    // 2 insertions to turn the expected order into the calls made (sequence 1 - 2/7 = 5/7), and 2 of
    // 7 calls redundant (redundancy 5/7): 0.4 + 0.3 + 0.2 × 5/7 + 0.1 × 5/7 = 0.914285714286.
    // Turn 2: getDistance where get_zipcode_based_on_city twice and estimate_distance were expected: 0.
    // Turns 3 and 4: the calls of the answer (post_tweet's keywords in another order): 1 each.
    expect(line.turns.map((turn) => [turn.turn, turn.score, turn.verdict])).toEqual([
      [1, 0.914285714286, 'PASS'],
      [2, 0, 'FAIL'],
      [3, 1, 'PASS'],
      [4, 1, 'PASS'],
    ]);
    // (0.914285714286 + 0 + 1 + 1) / 4
    expect(line.score).toBe(0.728571428572);
    expect(line.turn_pass_rate).toBe(0.75);
    expect(line.first_failing_turn).toBe(2);
    expect(line.top_issue?.problem).toBe('turn 2: expected call to get_zipcode_based_on_city was not made');
  });
});
