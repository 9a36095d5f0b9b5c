/**
 * BFCL's five agentic categories (memory_kv, memory_vector, memory_rec_sum, web_search_base,
 * web_search_no_snippet), measured: every entry of glyphh-ada-1.1's run (gorilla pull request #1308, its
 * result files and the leaderboard's own score files) is judged by `toolscore bfcl`'s engine. An entry
 * the score file does not list is valid; a listed one is invalid, with that error type and message. The
 * possible answers converted to gold (`--to-gold`: `contains_any` under `"normalize": "bfcl"`) decide
 * every entry as the verdict does. The files are kept gzipped in the corpus and written out here in the
 * leaderboard's layout (the memory results are 1.4 MB each).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, test } from 'vitest';
import { agenticVerdict } from '../../src/bfcl/agentic.js';
import { evaluateBfcl } from '../../src/bfcl/index.js';
import { pyValue } from '../../src/bfcl/python-values.js';
import { bfclGoldFiles } from '../../src/bfcl/to-gold.js';
import type { BfclLine, BfclVerdictLine } from '../../src/bfcl/types.js';
import { evaluate } from '../../src/index.js';
import { parseJson } from '../../src/io/json.js';
import { ROOT } from '../schemas/published.js';

const CORPUS = join(ROOT, 'test/corpus/bfcl');
const RUN = 'model_runs/glyphh-ada-1.1';
const CATEGORIES = ['memory_kv', 'memory_rec_sum', 'memory_vector', 'web_search_base', 'web_search_no_snippet'];

/** Entries and the leaderboard's failures per category (its score files' summary lines: 135/155, 77/100, 82/100). */
const EXPECTED: Record<string, [entries: number, failures: number]> = {
  memory_kv: [155, 20],
  memory_rec_sum: [155, 20],
  memory_vector: [155, 20],
  web_search_base: [100, 23],
  web_search_no_snippet: [100, 18],
};

const gunzipped = (path: string): string => gunzipSync(readFileSync(join(CORPUS, `${path}.gz`))).toString('utf8');
const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The corpus's agentic files written out as the leaderboard lays them out: data/, data/possible_answer/, result/. */
function leaderboardTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'toolscore-bfcl-agentic-'));
  mkdirSync(join(root, 'data/possible_answer'), { recursive: true });
  mkdirSync(join(root, 'result'));
  for (const data of ['BFCL_v4_memory', 'BFCL_v4_web_search']) {
    writeFileSync(join(root, 'data', `${data}.json`), gunzipped(`questions/${data}.jsonl`));
    writeFileSync(join(root, 'data/possible_answer', `${data}.json`), gunzipped(`possible_answer/${data}.jsonl`));
  }
  for (const category of CATEGORIES)
    writeFileSync(
      join(root, 'result', `BFCL_v4_${category}_result.json`),
      gunzipped(`${RUN}/BFCL_v4_${category}_result.jsonl`),
    );
  return root;
}

describe("agreement with the leaderboard's score files on the five agentic categories", async () => {
  const root = leaderboardTree();
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const sources = { questions: join(root, 'data'), answers: join(root, 'data'), results: join(root, 'result') };
  const run = evaluateBfcl(sources, { jobs: 1 });
  const lines: BfclLine[] = [];
  for await (const line of run) lines.push(line);
  const byId = new Map(lines.map((line) => [line.id, line as BfclVerdictLine]));
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, jsonLines(gunzipped(`${RUN}/BFCL_v4_${category}_score.jsonl`))]),
  );

  test('every entry is judged, and each category counts as its score file does', () => {
    expect(lines.filter((line) => !('valid' in line))).toEqual([]);
    const summary = run.summary();
    expect(summary.skipped).toEqual([]);
    expect(summary.unanswered).toBe(0);
    expect(summary.categories.map((c) => [c.category, c.total_count, c.total_count - c.correct_count])).toEqual(
      CATEGORIES.map((category) => [category, ...EXPECTED[category]!]),
    );
    for (const category of CATEGORIES) {
      const { correct_count, total_count } = scores[category]![0]!;
      expect(summary.categories.find((c) => c.category === category)).toMatchObject({ correct_count, total_count });
    }
  });

  test.each(CATEGORIES)('%s: every verdict, error type and message is the score file’s', (category) => {
    const failures = new Map(scores[category]!.slice(1).map((failure) => [failure.id as string, failure]));
    const ours = lines.filter((line) => line.category === category) as BfclVerdictLine[];
    expect(ours).toHaveLength(EXPECTED[category]![0]);
    const disagreements: string[] = [];
    for (const line of ours) {
      const failure = failures.get(line.id);
      const error = failure?.error as { error_type: string; error_message: string | string[] } | undefined;
      const stored =
        error === undefined
          ? { valid: true }
          : {
              valid: false,
              error_type: error.error_type,
              // The checker's message is one string; the runner's own (no last message, inference error) a list.
              error: Array.isArray(error.error_message) ? error.error_message : [error.error_message],
            };
      const mine = line.valid ? { valid: true } : { valid: false, error_type: line.error_type, error: line.error };
      if (JSON.stringify(mine) !== JSON.stringify(stored)) disagreements.push(line.id);
    }
    expect(disagreements).toEqual([]);
    // The diagnosis is the reply check alone: 1 (A) when the answer is found, 0 (F) naming what is missing.
    for (const line of ours) {
      expect([line.score, line.grade]).toEqual(line.valid ? [1, 'A'] : [0, 'F']);
      if (!line.valid) expect(line.top_issue?.problem).toMatch(/^the reply says none of "/);
    }
  });

  test('the converted gold decides every entry as the verdict does', async () => {
    const schema = new Ajv2020({ allErrors: true, strict: true }).compile(
      JSON.parse(readFileSync(join(ROOT, 'schemas/gold.json'), 'utf8')),
    );
    const { files, skipped } = await bfclGoldFiles({ questions: sources.questions, answers: sources.answers });
    expect(skipped).toEqual([]);
    expect(files.map((file) => file.category)).toEqual(
      CATEGORIES.flatMap((category) => Array<string>(EXPECTED[category]![0]).fill(category)),
    );
    expect(files.find((file) => file.id === 'memory_kv_1-customer-1')?.gold).toEqual({
      calls: [],
      allow_extra_calls: true,
      response: { contains_any: ['35', 'thirty five'], normalize: 'bfcl' },
    });
    const results = new Map(
      CATEGORIES.flatMap((category) =>
        jsonLines(gunzipped(`${RUN}/BFCL_v4_${category}_result.jsonl`)).map((entry) => [entry.id as string, entry]),
      ),
    );
    const disagreements: string[] = [];
    for (const file of files) {
      expect(schema(JSON.parse(JSON.stringify(file.gold)))).toBe(true);
      const entry = results.get(file.id)!;
      // The reply the leaderboard reads: the last message that is not a call.
      const { reply } = agenticVerdict(pyValue(parseJson(JSON.stringify(entry.result), 'result')), []);
      const outcome = evaluate({ expected: file.gold as never, actual: [], replies: [reply] }).metrics.outcome_metrics!;
      if ((outcome.failed === 0) !== byId.get(file.id)!.valid) disagreements.push(file.id);
    }
    expect(disagreements).toEqual([]);
  });
});
