import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readGold } from '../gold/gold.js';
import { STRING_NORMALIZATIONS } from '../match/normalize.js';
import { bfclGold } from './gold.js';
import { answerCalls } from './decode.js';
import type { BfclItem, BfclVerdictLine, Ruleset } from './types.js';
import { BfclJudge } from './verdict.js';

const judge = new BfclJudge({ underscoreToDot: true });

/** An entry as the files hold it: question, possible answer and result, each one JSON line. */
function entry(
  category: string,
  functions: unknown[],
  groundTruth: unknown,
  result: unknown,
  ruleset: Ruleset = 'v4',
): BfclItem {
  return {
    index: 0,
    id: `${category}_0`,
    category,
    ruleset,
    question: JSON.stringify({
      id: `${category}_0`,
      question: [[{ role: 'user', content: '…' }]],
      function: functions,
    }),
    answer: JSON.stringify({ id: `${category}_0`, ground_truth: groundTruth }),
    result: JSON.stringify({ id: `${category}_0`, result }),
    where: 'results.jsonl:1',
  };
}

// simple_python_0 of the corpus (BFCL_v4_simple_python.jsonl line 1 and its possible answer).
const TRIANGLE = {
  name: 'calculate_triangle_area',
  parameters: {
    type: 'dict',
    properties: { base: { type: 'integer' }, height: { type: 'integer' }, unit: { type: 'string' } },
    required: ['base', 'height'],
  },
};
const TRIANGLE_ANSWER = [{ calculate_triangle_area: { base: [10], height: [5], unit: ['units', ''] } }];

describe('a possible answer as a gold file', () => {
  test('acceptable values become $one_of under the bfcl normalisation; "" makes a parameter $optional', () => {
    const answers = answerCalls({ ground_truth: TRIANGLE_ANSWER }, 'v4', 'answer');
    expect(bfclGold('ast', 'simple_python', 'v4', [TRIANGLE as never], answers)).toEqual({
      calls: [
        {
          tool: 'calculate_triangle_area',
          args: { base: 10, height: 5, unit: { $optional: { $one_of: ['units'], normalize: 'bfcl' } } },
        },
      ],
    });
  });

  test('parallel answers may come in any order; dict answers become objects; v1 keys name the function they contain', () => {
    const answers = answerCalls(
      {
        ground_truth: {
          'spotify.play_1': { artist: ['Taylor Swift'], opts: [{ loud: [true, ''] }] },
          'spotify.play_2': { artist: ['Maroon 5'] },
        },
      },
      'v1',
      'answer',
    );
    expect(bfclGold('ast', 'parallel_function', 'v1', [{ name: 'spotify.play' }], answers)).toEqual({
      calls: [
        {
          tool: 'spotify.play',
          args: {
            artist: { $one_of: ['Taylor Swift'], normalize: 'bfcl' },
            opts: { $one_of: [{ loud: { $optional: true } }], normalize: 'bfcl' },
          },
        },
        { tool: 'spotify.play', args: { artist: { $one_of: ['Maroon 5'], normalize: 'bfcl' } } },
      ],
      order: 'any',
    });
  });

  test('irrelevance expects no call; relevance a call of any offered function, its arguments unchecked', () => {
    expect(bfclGold('irrelevance', 'irrelevance', 'v4', [TRIANGLE as never], [])).toEqual({ calls: [] });
    expect(bfclGold('relevance', 'live_relevance', 'v4', [{ name: 'a' }, { name: 'b' }], [])).toEqual({
      calls: [{ tool: { $one_of: ['a', 'b'] } }],
      allow_extra_calls: true,
    });
  });

  test('every gold file it writes reads as gold', () => {
    const answers = answerCalls({ ground_truth: TRIANGLE_ANSWER }, 'v4', 'answer');
    expect(readGold(bfclGold('ast', 'simple_python', 'v4', [TRIANGLE as never], answers), 'gold').calls).toHaveLength(
      1,
    );
  });
});

describe('an entry judged', () => {
  test('the leaderboard says valid, and toolscore scores it 1', () => {
    const line = judge.judge(
      entry('simple_python', [TRIANGLE], TRIANGLE_ANSWER, [{ calculate_triangle_area: '{"base": 10, "height": 5}' }]),
    );
    expect(line).toEqual({
      id: 'simple_python_0',
      index: 0,
      category: 'simple_python',
      valid: true,
      score: 1,
      grade: 'A',
      argument_f1: 1,
      selection_accuracy: 1,
      top_issue: null,
    });
  });

  test('a wrong value: the leaderboard fails it, toolscore says which argument and how much it costs', () => {
    const line = judge.judge(
      entry('simple_python', [TRIANGLE], TRIANGLE_ANSWER, [{ calculate_triangle_area: '{"base": 10, "height": 6}' }]),
    );
    expect(line).toMatchObject({
      valid: false,
      error_type: 'value_error:others',
      error: ["Invalid value for parameter 'height': 6. Expected one of [5]."],
      // Tool right, one of two arguments right: 0.4·1 + 0.3·0.5 + 0.2·1 + 0.1·1 = 0.85.
      score: 0.85,
      grade: 'B',
      argument_f1: 0.5,
      selection_accuracy: 1,
      top_issue: { kind: 'argument_mismatch', tool: 'calculate_triangle_area' },
    });
  });

  test('arguments that are not JSON fail to decode; toolscore then sees no call', () => {
    const line = judge.judge(
      entry('simple_python', [TRIANGLE], TRIANGLE_ANSWER, [{ calculate_triangle_area: '{"base": 10,' }]),
    );
    expect(line).toMatchObject({ valid: false, error_type: 'ast_decoder:decoder_failed', score: 0, grade: 'F' });
    expect((line as BfclVerdictLine).error![0]).toMatch(
      /^Invalid syntax\. Failed to decode AST\. the arguments of call 0 \(calculate_triangle_area\) are not JSON/,
    );
  });

  test('arguments already an object are read as they are; arguments that are not an object are the wrong format', () => {
    expect(
      judge.judge(
        entry('simple_python', [TRIANGLE], TRIANGLE_ANSWER, [{ calculate_triangle_area: { base: 10, height: 5 } }]),
      ),
    ).toMatchObject({ valid: true });
    expect(
      judge.judge(entry('simple_python', [TRIANGLE], TRIANGLE_ANSWER, [{ calculate_triangle_area: '[10, 5]' }])),
    ).toMatchObject({
      valid: false,
      error_type: 'ast_decoder:decoder_wrong_output_format',
    });
  });

  test('a name with _ for the offered name’s . is that function, unless switched off', () => {
    const fn = { ...TRIANGLE, name: 'geometry.triangle_area' };
    const answer = [{ 'geometry.triangle_area': { base: [10], height: [5] } }];
    const result = [{ geometry_triangle_area: '{"base": 10, "height": 5}' }];
    expect(judge.judge(entry('simple_python', [fn], answer, result))).toMatchObject({ valid: true, score: 1 });
    expect(new BfclJudge({ underscoreToDot: false }).judge(entry('simple_python', [fn], answer, result))).toMatchObject(
      {
        valid: false,
        error_type: 'simple_function_checker:wrong_func_name',
      },
    );
  });

  test('irrelevance: valid when nothing is called; v1 names its error after the category it had then', () => {
    expect(judge.judge(entry('irrelevance', [TRIANGLE], undefined, []))).toMatchObject({ valid: true, score: 1 });
    expect(judge.judge(entry('irrelevance', [TRIANGLE], undefined, [{ calculate_triangle_area: '{}' }]))).toMatchObject(
      {
        valid: false,
        error_type: 'irrelevance_error:decoder_success',
        error: ['Valid syntax. Successfully decode AST when it should not.'],
      },
    );
    expect(
      judge.judge(entry('relevance', [TRIANGLE], undefined, [{ calculate_triangle_area: '{}' }], 'v1')),
    ).toMatchObject({
      valid: false,
      error_type: 'relevance_error:decoder_success',
    });
    // A result that is not a list of calls decodes to nothing: no call.
    expect(judge.judge(entry('irrelevance', [TRIANGLE], undefined, 'I cannot help with that.'))).toMatchObject({
      valid: true,
    });
  });

  test('live_relevance: valid when a call decodes', () => {
    expect(
      judge.judge(entry('live_relevance', [TRIANGLE], undefined, [{ calculate_triangle_area: '{"base": 1}' }])),
    ).toMatchObject({ valid: true, score: 1 });
    expect(judge.judge(entry('live_relevance', [TRIANGLE], undefined, []))).toMatchObject({
      valid: false,
      error_type: 'relevance_error:decoder_failed',
      error: ['Invalid syntax. Failed to decode AST when it should have.'],
    });
  });

  test('hostile nesting ends the entry with one line, not the run; deep but sane nesting is judged', () => {
    const deep = `{"base": ${'['.repeat(100_000)}${']'.repeat(100_000)}, "height": 5}`;
    expect(
      judge.judge(entry('simple_python', [TRIANGLE], TRIANGLE_ANSWER, [{ calculate_triangle_area: deep }])),
    ).toEqual({
      id: 'simple_python_0',
      index: 0,
      category: 'simple_python',
      error: 'results.jsonl:1: the entry is nested too deeply to judge',
    });
    const sane = `{"base": ${'['.repeat(500)}${']'.repeat(500)}, "height": 5}`;
    expect(
      judge.judge(entry('simple_python', [TRIANGLE], TRIANGLE_ANSWER, [{ calculate_triangle_area: sane }])),
    ).toMatchObject({
      valid: false,
      error_type: 'type_error:simple',
    });
  });

  test('what cannot be judged becomes an error line naming the entry, never a verdict', () => {
    expect(judge.judge({ ...entry('simple_python', [TRIANGLE], TRIANGLE_ANSWER, []), missing: 'question' })).toEqual({
      id: 'simple_python_0',
      index: 0,
      category: 'simple_python',
      error: 'results.jsonl:1: result "simple_python_0" has no question of that id in the simple_python questions',
    });
    const noResult = {
      ...entry('simple_python', [TRIANGLE], TRIANGLE_ANSWER, []),
      result: '{"id": "simple_python_0"}',
    };
    expect(judge.judge(noResult)).toMatchObject({ error: expect.stringMatching(/no "result" key/) });
    const unknownType = {
      ...TRIANGLE,
      parameters: { ...TRIANGLE.parameters, properties: { base: { type: 'number' } } },
    };
    expect(
      judge.judge(
        entry('simple_python', [unknownType], TRIANGLE_ANSWER, [
          { calculate_triangle_area: '{"base": 1, "height": 5}' },
        ]),
      ),
    ).toMatchObject({
      error: expect.stringMatching(/has no mapping for/),
    });
  });
});

/**
 * Differential: the leaderboard's checker and toolscore's scoring against the converted gold are two
 * implementations of "these are acceptable values". On simple entries of scalar parameters they must
 * agree: a call choosing acceptable values is valid and scores 1; changing one value to one no
 * acceptable value equals (after the normalisation) fails the check and costs argument F1.
 */
describe('the verdict and the diagnosis agree on simple entries (property)', () => {
  const standardize = STRING_NORMALIZATIONS.bfcl;
  const word = fc.stringMatching(/^[A-Za-z0-9 ,.\-_']{1,8}$/);
  const param = fc.oneof(
    fc.record({
      type: fc.constant('integer'),
      values: fc.uniqueArray(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({
      type: fc.constant('string'),
      values: fc.uniqueArray(word, { minLength: 1, maxLength: 3, selector: standardize }),
    }),
    fc.record({ type: fc.constant('boolean'), values: fc.subarray([true, false], { minLength: 1 }) }),
  );
  const schema = fc
    .uniqueArray(fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), param, fc.boolean()), {
      minLength: 1,
      maxLength: 4,
      selector: ([name]) => name,
    })
    .filter((params) => params.some(([, , optional]) => !optional));

  test('acceptable values: valid and score 1; one value outside them: invalid and argument F1 below 1', () => {
    fc.assert(
      fc.property(schema, fc.nat(), fc.nat(), (params, pick, changed) => {
        const fn = {
          name: 'tool.run',
          parameters: {
            type: 'dict',
            properties: Object.fromEntries(params.map(([name, p]) => [name, { type: p.type }])),
            required: params.filter(([, , optional]) => !optional).map(([name]) => name),
          },
        };
        const truth = [
          {
            'tool.run': Object.fromEntries(
              params.map(([name, p, optional]) => [name, optional ? [...p.values, ''] : p.values]),
            ),
          },
        ];
        const args = Object.fromEntries(params.map(([name, p]) => [name, p.values[pick % p.values.length]]));
        const good = judge.judge(
          entry('simple_python', [fn], truth, [{ 'tool.run': JSON.stringify(args) }]),
        ) as BfclVerdictLine;
        expect([good.valid, good.score, good.argument_f1]).toEqual([true, 1, 1]);

        const [name, p] = params[changed % params.length]!;
        const outside =
          p.type === 'integer'
            ? 51 + changed
            : p.type === 'string'
              ? `zz${changed}`
              : p.values.length === 1
                ? !p.values[0]
                : undefined;
        fc.pre(outside !== undefined);
        const bad = judge.judge(
          entry('simple_python', [fn], truth, [{ 'tool.run': JSON.stringify({ ...args, [name]: outside }) }]),
        ) as BfclVerdictLine;
        expect(bad.valid).toBe(false);
        expect(bad.argument_f1).toBeLessThan(1);
      }),
      { numRuns: 300 },
    );
  });
});
