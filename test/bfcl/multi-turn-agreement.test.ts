/**
 * Agreement with the leaderboard on its four multi-turn categories, measured: every entry of
 * glyphh-ada-1.1's run (gorilla PR #1308, 200 entries a category, the leaderboard's own result and
 * score files; test/corpus/bfcl/multi-turn-full) judged by `toolscore bfcl`'s engine, both sides run on
 * the ported simulated APIs, and compared with what the score files hold: the verdict (an entry absent
 * from its score file is valid), the error type and the message, word for word. docs/bfcl.md states
 * the counts.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { evaluateBfcl } from '../../src/bfcl/index.js';
import type { BfclLine, BfclTurnsLine } from '../../src/bfcl/types.js';
import { MULTI_TURN_CATEGORIES, wholeDataFolder } from './whole-data.js';

/** Per category: entries, and the failures its score file lists (its first line's correct_count is the rest). */
const EXPECTED: Record<string, [entries: number, failures: number]> = {
  multi_turn_base: [200, 79],
  multi_turn_long_context: [200, 88],
  multi_turn_miss_func: [200, 98],
  multi_turn_miss_param: [200, 105],
};

interface Stored {
  id: string;
  error: { error_message: string; error_type: string };
}

describe("agreement with the leaderboard's multi-turn score files (glyphh-ada-1.1, 800 entries)", async () => {
  const dir = wholeDataFolder();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = evaluateBfcl(
    { questions: dir, answers: join(dir, 'possible_answer'), results: join(dir, 'result') },
    { jobs: 1 },
  );
  const lines: BfclLine[] = [];
  for await (const line of run) lines.push(line);
  const byId = new Map(lines.map((line) => [line.id, line]));
  const scoreFile = (category: string) => {
    const [summary, ...failures] = readFileSync(join(dir, 'result', `BFCL_v4_${category}_score.json`), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    return { summary, failures: failures as Stored[] };
  };

  test('every entry is judged, and each category counts as its score file does', () => {
    expect(lines.filter((line) => !('valid' in line))).toEqual([]);
    const summary = run.summary();
    expect(summary.categories.map((c) => [c.category, c.total_count, c.total_count - c.correct_count])).toEqual(
      MULTI_TURN_CATEGORIES.map((category) => [category, ...EXPECTED[category]!]),
    );
    for (const c of summary.categories) expect(c.accuracy).toBe(scoreFile(c.category).summary.accuracy);
  });

  test.each(MULTI_TURN_CATEGORIES)(
    '%s: every verdict, error type and message equals the score file’s (absent = valid)',
    (category) => {
      const stored = new Map(scoreFile(category).failures.map((failure) => [failure.id, failure]));
      const ours = lines.filter((line): line is BfclTurnsLine => line.category === category && 'turns' in line);
      expect(ours).toHaveLength(EXPECTED[category]![0]);
      const disagreements = ours
        .map((line) => {
          const want = stored.get(line.id);
          return {
            id: line.id,
            ours: line.valid ? 'valid' : `${line.error_type}: ${line.error?.[0]}`,
            theirs: want === undefined ? 'valid' : `${want.error.error_type}: ${want.error.error_message}`,
          };
        })
        .filter((row) => row.ours !== row.theirs);
      expect(disagreements).toEqual([]);
    },
  );

  test('the diagnosis: where the states first part, beside the verdict (docs/bfcl.md counts these)', () => {
    const judged = lines as BfclTurnsLine[];
    const tally = (valid: boolean, differs: boolean) =>
      judged.filter((line) => line.valid === valid && (line.first_state_difference !== null) === differs).length;
    // 370 failures: 293 with a first state difference, 77 on results alone.
    expect([tally(false, true), tally(false, false)]).toEqual([293, 77]);
    // 21 passes whose states differ after a turn the leaderboard does not check (its answer is []): all miss_param.
    const passedApart = judged.filter((line) => line.valid && line.first_state_difference !== null);
    expect(passedApart).toHaveLength(21);
    expect(new Set(passedApart.map((line) => line.category))).toEqual(new Set(['multi_turn_miss_param']));
    // miss_param_39 made a folder in turn 1, before the user named it (turn 2: 'WebDevProjects').
    const early = byId.get('multi_turn_miss_param_39') as BfclTurnsLine;
    expect(early).toMatchObject({
      valid: true,
      first_state_difference: { turn: 1, classes: [{ class_name: 'GorillaFileSystem', attributes: ['root'] }] },
    });
    expect([early.turns[0]!.verdict, early.top_issue?.problem]).toEqual([
      'FAIL',
      'mkdir expected in turn 2, made in turn 1',
    ]);
  });

  test('multi_turn_base_4 (gorilla#1367): the ground truth tweets a sort() that sort() never returns', () => {
    const line = byId.get('multi_turn_base_4') as BfclTurnsLine;
    expect([line.valid, line.error_type]).toEqual([false, 'multi_turn:instance_state_mismatch']);
    expect(line.first_state_difference).toEqual({
      turn: 3,
      classes: [{ class_name: 'TwitterAPI', attributes: ['tweets'] }],
    });
    expect(line.top_issue?.problem).toContain(
      'content: expected "Initial report content More unsorted data Unsorted data", got "Initial report content Unsorted data More unsorted data"',
    );
  });

  test('multi_turn_base_90, worked out by hand: the verdict at turn 2, and the diagnosis beside it', () => {
    const line = byId.get('multi_turn_base_90') as BfclTurnsLine;
    // Turn 2 (index 1) expects two zip codes and a distance; the model called getDistance, which no
    // class has: "Error during execution: name 'getDistance' is not defined", and the states stay equal.
    expect([line.valid, line.error_type, line.error]).toEqual([
      false,
      'multi_turn:execution_response_mismatch',
      [
        'Model response execution results so far does not contain all the ground truth response execution results for turn 1.',
      ],
    ]);
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
    expect(line.first_failing_turn).toBe(2);
    expect(line.top_issue?.problem).toBe('turn 2: expected call to get_zipcode_based_on_city was not made');
  });
});
