import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { categoryEntryId, categoryFile, dataCategory, planCategory, servedCategories } from './categories.js';
import { planBfclRun } from './files.js';
import { renderBfclConsole } from './report.js';
import { evaluateBfcl } from './run.js';

describe('file names', () => {
  test.each([
    ['BFCL_v4_live_simple.json', 'questions', { role: 'questions', category: 'live_simple', ruleset: 'v4' }],
    ['BFCL_v4_live_simple.jsonl', 'answers', { role: 'answers', category: 'live_simple', ruleset: 'v4' }],
    [
      'BFCL_v4_parallel_multiple_result.json',
      'questions',
      { role: 'results', category: 'parallel_multiple', ruleset: 'v4' },
    ],
    ['BFCL_v3_simple_score.json', 'questions', { role: 'scores', category: 'simple', ruleset: 'v4' }],
    [
      'gorilla_openfunctions_v1_test_parallel_function.first100.jsonl',
      'questions',
      { role: 'questions', category: 'parallel_function', ruleset: 'v1' },
    ],
    [
      'gorilla_openfunctions_v1_test_simple_result.json',
      'questions',
      { role: 'results', category: 'simple', ruleset: 'v1' },
    ],
  ] as const)('%s', (name, plain, expected) => {
    expect(categoryFile(name, plain)).toEqual(expected);
  });

  test('other names are not the leaderboard’s', () => {
    expect(categoryFile('results.jsonl', 'questions')).toBeUndefined();
    expect(categoryFile('BFCL_v4_simple.txt', 'questions')).toBeUndefined();
  });

  test('categories: judged with a checker, or set aside with the reason', () => {
    expect(planCategory('live_parallel_multiple', 'v4')).toEqual({ kind: 'ast' });
    expect(planCategory('live_relevance', 'v4')).toEqual({ kind: 'relevance' });
    expect(planCategory('relevance', 'v1')).toEqual({ kind: 'irrelevance' });
    expect(planCategory('multi_turn_long_context', 'v4')).toEqual({ kind: 'multi_turn' });
    expect(planCategory('multi_turn_composite', 'v4')).toEqual({ reason: expect.stringMatching(/simulated APIs/) });
    expect(planCategory('simple_java', 'v4')).toEqual({ reason: expect.stringMatching(/Java and JavaScript/) });
    expect(planCategory('executable_simple', 'v1')).toEqual({ reason: expect.stringMatching(/executing the calls/) });
    expect(planCategory('web_search_no_snippet', 'v4')).toEqual({ kind: 'agentic' });
    expect(planCategory('memory_kv_prereq', 'v4')).toEqual({ reason: expect.stringMatching(/prerequisite/) });
    expect(planCategory('memory', 'v4')).toEqual({ reason: expect.stringMatching(/not one of the agentic/) });
  });

  test('agentic categories read a shared data file, their ids renamed as the leaderboard renames them', () => {
    expect(dataCategory('memory_rec_sum', 'v4')).toBe('memory');
    expect(dataCategory('web_search_base', 'v4')).toBe('web_search');
    expect(dataCategory('simple_python', 'v4')).toBe('simple_python');
    expect(servedCategories('memory', 'v4')).toEqual(['memory_kv', 'memory_vector', 'memory_rec_sum']);
    expect(servedCategories('live_simple', 'v4')).toEqual(['live_simple']);
    expect(categoryEntryId('memory_0-customer-0', 'memory_kv', 'v4')).toBe('memory_kv_0-customer-0');
    expect(categoryEntryId('web_search_7', 'web_search_no_snippet', 'v4')).toBe('web_search_no_snippet_7');
    expect(categoryEntryId('simple_python_3', 'simple_python', 'v4')).toBe('simple_python_3');
  });
});

/** The folders the tests made, removed after them. */
const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'toolscore-bfcl-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

const Q = (id: string) => JSON.stringify({ id, question: [], function: [{ name: 'f' }] });
const A = (id: string) => JSON.stringify({ id, ground_truth: [{ f: {} }] });
const R = (id: string) => JSON.stringify({ id, result: [] });

async function inputError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolscoreInputError);
  return (error as Error).message;
}

describe('planning a run', () => {
  test('results pair with questions and answers by id; a result with no question is marked; unanswered questions are counted', async () => {
    const dir = await folder({
      'q/BFCL_v4_simple_python.json': [Q('simple_python_0'), Q('simple_python_1'), Q('simple_python_2')].join('\n'),
      'a/BFCL_v4_simple_python.json': [A('simple_python_0'), A('simple_python_1'), A('simple_python_2')].join('\n'),
      'r/BFCL_v4_simple_python_result.json': `${R('simple_python_2')}\n\n${R('simple_python_0')}\n${R('simple_python_9')}\n`,
    });
    const plan = await planBfclRun({ questions: join(dir, 'q'), answers: join(dir, 'a'), results: join(dir, 'r') });
    expect(plan.categories).toHaveLength(1);
    const [category] = plan.categories;
    expect(category!.unanswered).toBe(1);
    expect(
      category!.items.map((item) => [
        item.id,
        item.answer === undefined ? null : JSON.parse(item.answer).id,
        item.missing ?? null,
        item.where.split('/').at(-1),
      ]),
    ).toEqual([
      ['simple_python_2', 'simple_python_2', null, 'BFCL_v4_simple_python_result.json:1'],
      ['simple_python_0', 'simple_python_0', null, 'BFCL_v4_simple_python_result.json:3'],
      ['simple_python_9', null, 'question', 'BFCL_v4_simple_python_result.json:4'],
    ]);
  });

  test('a folder’s Java results are skipped with the reason; the same file named alone is an error; multi-turn is planned', async () => {
    const dir = await folder({
      'q/BFCL_v4_java.json': Q('java_0'),
      'q/BFCL_v4_irrelevance.json': Q('irrelevance_0'),
      'q/BFCL_v4_multi_turn_base.json': Q('multi_turn_base_0'),
      'a/BFCL_v4_multi_turn_base.json': '{"id": "multi_turn_base_0", "ground_truth": [[]]}',
      'r/BFCL_v4_java_result.json': R('java_0'),
      'r/BFCL_v4_irrelevance_result.json': R('irrelevance_0'),
      'r/BFCL_v4_multi_turn_base_result.json': R('multi_turn_base_0'),
    });
    const plan = await planBfclRun({ questions: join(dir, 'q'), answers: join(dir, 'a'), results: join(dir, 'r') });
    expect(plan.categories.map((c) => [c.category, c.kind])).toEqual([
      ['irrelevance', 'irrelevance'],
      ['multi_turn_base', 'multi_turn'],
    ]);
    expect(plan.skipped.map((s) => s.category)).toEqual(['java']);
    expect(
      await inputError(planBfclRun({ questions: join(dir, 'q'), results: join(dir, 'r/BFCL_v4_java_result.json') })),
    ).toMatch(
      /BFCL_v4_java_result\.json: category java is judged by the leaderboard's Java and JavaScript type converters, not the Python checker; toolscore cannot judge it offline$/,
    );
  });

  test("agentic results read the shared data files; the memory prerequisites' results are skipped with the reason", async () => {
    const question = (id: string) => JSON.stringify({ id, question: [[{ role: 'user', content: '?' }]] });
    const dir = await folder({
      'q/BFCL_v4_web_search.json': [question('web_search_0'), question('web_search_1')].join('\n'),
      'a/BFCL_v4_web_search.json':
        '{"id": "web_search_0", "ground_truth": ["Paris"]}\n{"id": "web_search_1", "ground_truth": ["7", "seven"]}',
      'r/BFCL_v4_web_search_no_snippet_result.json': [
        '{"id": "web_search_no_snippet_1", "result": [["It is seven."]]}',
        '{"id": "web_search_no_snippet_0", "result": [["Lyon", [{"search": "{}"}]]]}',
      ].join('\n'),
      'r/BFCL_v4_memory_kv_prereq_result.json': R('memory_kv_prereq_0-customer-0'),
    });
    const sources = { questions: join(dir, 'q'), answers: join(dir, 'a'), results: join(dir, 'r') };
    const plan = await planBfclRun(sources);
    expect(plan.skipped.map((s) => [s.category, s.reason])).toEqual([
      [
        'memory_kv_prereq',
        "holds the memory categories' prerequisite conversations, which the leaderboard does not score",
      ],
    ]);
    expect(plan.categories[0]!.items.map((item) => [item.id, JSON.parse(item.answer!).id])).toEqual([
      ['web_search_no_snippet_1', 'web_search_1'],
      ['web_search_no_snippet_0', 'web_search_0'],
    ]);
    const lines = [];
    for await (const line of evaluateBfcl(sources)) lines.push(line);
    expect(lines).toMatchObject([
      { id: 'web_search_no_snippet_1', valid: true, score: 1, grade: 'A', top_issue: null },
      {
        id: 'web_search_no_snippet_0',
        valid: false,
        error_type: 'agentic:answer_not_found',
        error: ['None of the expected answers were found in the model response.'],
        score: 0,
        grade: 'F',
        top_issue: { kind: 'reply', problem: 'the reply says none of "Paris"' },
      },
    ]);
  });

  test('one line for each input problem', async () => {
    const dir = await folder({
      'q/BFCL_v4_simple_python.json': `${Q('simple_python_0')}\n{"id": "simple_python_1", oops}\n`,
      'r/BFCL_v4_simple_python_result.json': R('simple_python_0'),
      'r/BFCL_v4_parallel_result.json': R('parallel_0'),
      'notes.json': '{}',
    });
    expect(
      await inputError(planBfclRun({ questions: join(dir, 'q'), answers: join(dir, 'q'), results: join(dir, 'r') })),
    ).toMatch(/: no questions file for category parallel \(results: .*BFCL_v4_parallel_result\.json\)$/);
    expect(
      await inputError(
        planBfclRun({ questions: join(dir, 'q'), results: join(dir, 'r/BFCL_v4_simple_python_result.json') }),
      ),
    ).toMatch(/no possible-answer file for category simple_python; pass --answers/);
    expect(
      await inputError(
        planBfclRun({
          questions: join(dir, 'q'),
          answers: join(dir, 'q'),
          results: join(dir, 'r/BFCL_v4_simple_python_result.json'),
        }),
      ),
    ).toMatch(/BFCL_v4_simple_python\.json:2:\d+: /);
    expect(await inputError(planBfclRun({ questions: join(dir, 'notes.json'), results: join(dir, 'r') }))).toMatch(
      /notes\.json: --questions: cannot tell the category from the file name/,
    );
  });

  test("the leaderboard's own tree: results nested by model and group, answers beside the questions", async () => {
    const dir = await folder({
      'data/BFCL_v4_simple_python.json': Q('simple_python_0'),
      'data/BFCL_v4_irrelevance.json': Q('irrelevance_0'),
      'data/possible_answer/BFCL_v4_simple_python.json': A('simple_python_0'),
      'result/gpt/non_live/BFCL_v4_simple_python_result.json': R('simple_python_0'),
      'result/gpt/non_live/BFCL_v4_irrelevance_result.json': R('irrelevance_0'),
      'score/gpt/non_live/BFCL_v4_simple_python_score.json': '{"accuracy": 1}',
    });
    // --answers may be the answers' folder or the data folder above it; --results the model's folder or above.
    for (const answers of ['data/possible_answer', 'data'])
      for (const results of ['result/gpt', 'result']) {
        const plan = await planBfclRun({
          questions: join(dir, 'data'),
          answers: join(dir, answers),
          results: join(dir, results),
        });
        expect(
          plan.categories.map((c) => [
            c.category,
            c.items[0]!.answer === undefined ? null : JSON.parse(c.items[0]!.answer).ground_truth,
          ]),
        ).toEqual([
          ['irrelevance', null],
          ['simple_python', [{ f: {} }]],
        ]);
      }
  });

  test('with --answers above possible_answer, a category missing there is missing, not read from a questions file', async () => {
    const dir = await folder({
      'data/BFCL_v4_simple_python.json': Q('simple_python_0'),
      'data/BFCL_v4_multiple.json': Q('multiple_0'),
      'data/possible_answer/BFCL_v4_multiple.json': A('multiple_0'),
      'result/BFCL_v4_simple_python_result.json': R('simple_python_0'),
    });
    expect(
      await inputError(
        planBfclRun({ questions: join(dir, 'data'), answers: join(dir, 'data'), results: join(dir, 'result') }),
      ),
    ).toMatch(/no possible-answer file for category simple_python/);
  });

  test('two files of one category at the same depth are ambiguous', async () => {
    const dir = await folder({
      'q/BFCL_v4_irrelevance.json': Q('irrelevance_0'),
      'r/a/BFCL_v4_irrelevance_result.json': R('irrelevance_0'),
      'r/b/BFCL_v4_irrelevance_result.json': R('irrelevance_0'),
    });
    expect(await inputError(planBfclRun({ questions: join(dir, 'q'), results: join(dir, 'r') }))).toMatch(
      /b\/BFCL_v4_irrelevance_result\.json: a second results file for category irrelevance \(the first is .*a\/BFCL_v4_irrelevance_result\.json\); pass one of them$/,
    );
  });

  test('v1 results pair by position; a JSON array file keeps 1.0 a float in the text handed on', async () => {
    const dir = await folder({
      'q/gorilla_openfunctions_v1_test_simple.json': `[${Q('simple_0')}, ${Q('simple_1')}]`,
      'a/gorilla_openfunctions_v1_test_simple.json':
        '[{"id": "simple_0", "ground_truth": {"f": {"x": [1]}}},\n {"id": "simple_1", "ground_truth": {"f": {"x": [2.0]}}}]',
      'r/gorilla_openfunctions_v1_test_simple_result.json': '{"idx": 0, "result": []}\n{"idx": 1, "result": []}',
    });
    const plan = await planBfclRun({ questions: join(dir, 'q'), answers: join(dir, 'a'), results: join(dir, 'r') });
    const items = plan.categories[0]!.items;
    expect(items.map((item) => [item.id, item.ruleset])).toEqual([
      ['simple_0', 'v1'],
      ['simple_1', 'v1'],
    ]);
    expect(items[1]!.answer).toBe('{"id":"simple_1","ground_truth":{"f":{"x":[2.0]}}}');
    expect(items[0]!.question).toBe(Q('simple_0'));
  });
});

describe('a run whose results are all text', () => {
  test('is judged as the leaderboard judges a function-calling model answering in words, and says so once', async () => {
    const dir = await folder({
      'q/BFCL_v4_simple_python.json': [Q('simple_python_0'), Q('simple_python_1')].join('\n'),
      'a/BFCL_v4_simple_python.json': [A('simple_python_0'), A('simple_python_1')].join('\n'),
      // A prompting model's output: Python call syntax in a string.
      'r/BFCL_v4_simple_python_result.json': [
        '{"id": "simple_python_0", "result": "[f()]"}',
        '{"id": "simple_python_1", "result": "[f()]"}',
      ].join('\n'),
    });
    const run = evaluateBfcl({ questions: join(dir, 'q'), answers: join(dir, 'a'), results: join(dir, 'r') });
    const errorTypes: unknown[] = [];
    for await (const line of run)
      errorTypes.push('error_type' in line ? line.error_type : 'error' in line ? line.error : null);
    expect(errorTypes).toEqual(['ast_decoder:decoder_failed', 'ast_decoder:decoder_failed']);
    const summary = run.summary();
    expect(summary.text_results).toEqual([{ category: 'simple_python', count: 2 }]);
    expect(renderBfclConsole(summary)).toContain(
      "every result of simple_python (2) is text, not a list of {function_name: arguments}: if these are a prompting model's Python calls, toolscore does not parse them",
    );
  });
});
