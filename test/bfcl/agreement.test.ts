/**
 * Agreement with the leaderboard, measured: every entry of the corpus's v4 run (glyphh-ada-1.1, the
 * leaderboard's own result and score files) judged by `toolscore bfcl`'s engine and compared with the
 * verdict the leaderboard stored (`verdicts.jsonl`), and every failure's error type and messages with
 * the leaderboard's score files. docs/bfcl.md lists any disagreement with its reason (there is none).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { evaluateBfcl } from '../../src/bfcl/index.js';
import type { BfclLine, BfclVerdictLine } from '../../src/bfcl/types.js';

const CORPUS = 'test/corpus/bfcl';
const RUN = join(CORPUS, 'model_runs/glyphh-ada-1.1');

const jsonLines = (path: string): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Entries and failures per category, as manifest.json counts the corpus (kept_results, kept_failures). */
const EXPECTED: Record<string, [entries: number, failures: number]> = {
  irrelevance: [200, 29],
  live_irrelevance: [200, 18],
  live_multiple: [200, 57],
  live_parallel: [16, 4],
  live_parallel_multiple: [24, 6],
  live_simple: [200, 27],
  multiple: [200, 11],
  parallel: [200, 17],
  parallel_multiple: [200, 24],
  simple_python: [200, 11],
};

async function judged(): Promise<{ lines: BfclLine[]; run: ReturnType<typeof evaluateBfcl> }> {
  const run = evaluateBfcl(
    { questions: join(CORPUS, 'questions'), answers: join(CORPUS, 'possible_answer'), results: RUN },
    { jobs: 1 },
  );
  const lines: BfclLine[] = [];
  for await (const line of run) lines.push(line);
  return { lines, run };
}

describe('agreement with the leaderboard on the v4 corpus run', async () => {
  const { lines, run } = await judged();
  const verdicts = new Map(jsonLines(join(RUN, 'verdicts.jsonl')).map((v) => [v.id as string, v]));
  const byId = new Map(lines.map((line) => [line.id, line]));

  test('every entry is judged (the multi-turn categories are in multi-turn-agreement.test.ts)', () => {
    expect(lines.filter((line) => !('valid' in line))).toEqual([]);
    const summary = run.summary();
    expect(summary.skipped).toEqual([]);
    // A function-calling model's run: no category answered only in text.
    expect(summary.text_results).toEqual([]);
    expect(summary.categories.map((c) => [c.category, c.total_count, c.total_count - c.correct_count])).toEqual(
      Object.entries(EXPECTED).map(([category, [entries, failures]]) => [category, entries, failures]),
    );
  });

  test.each(Object.keys(EXPECTED))('%s: every verdict equals the stored one', (category) => {
    const stored = [...verdicts.values()].filter((v) => v.category === category);
    expect(stored.length).toBe(EXPECTED[category]![0]);
    const disagreements = stored.filter((v) => (byId.get(v.id as string) as BfclVerdictLine).valid !== v.bfcl_valid);
    expect(disagreements.map((v) => v.id)).toEqual([]);
  });

  test("every failure has the leaderboard's error type and messages, word for word", () => {
    let compared = 0;
    for (const file of readdirSync(RUN).filter((name) => name.endsWith('_score.jsonl'))) {
      // The first line is the category's summary; the rest are its failures.
      for (const failure of jsonLines(join(RUN, file)).slice(1)) {
        const ours = byId.get(failure.id as string)!;
        expect({
          id: ours.id,
          error_type: (ours as BfclVerdictLine).error_type,
          error: (ours as BfclVerdictLine).error,
        }).toEqual({
          id: failure.id,
          error_type: failure.error_type,
          error: failure.error,
        });
        compared++;
      }
    }
    expect(compared).toBe(Object.values(EXPECTED).reduce((sum, [, failures]) => sum + failures, 0));
  });
});
