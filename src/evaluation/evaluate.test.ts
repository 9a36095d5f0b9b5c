import { describe, expect, test } from 'vitest';
import { ANY, Approx, OneOf, Regex } from '../index.js';
import { ToolscoreInputError } from '../core/errors.js';
import { evaluate } from './evaluate.js';
import type { EvaluationRecord } from './result.js';

// Every example of the guide's "Understanding Metrics" and "Scoring Semantics" sections, with its numbers.
describe('the guide: Scoring Semantics', () => {
  test('omitted args means "do not check arguments"', () => {
    const result = evaluate({ expected: [{ tool: 'search' }], actual: [{ tool: 'search', args: { q: 'x' } }] });
    expect(result.argumentF1).toBe(1);
    expect(result.score).toBe(1);
  });

  test('explicit {} means "expect no arguments"', () => {
    const result = evaluate({
      expected: [{ tool: 'search', args: {} }],
      actual: [{ tool: 'search', args: { q: 'x' } }],
    });
    expect(result.argumentF1).toBe(0);
    // 0.4·1 + 0.3·0 + 0.2·1 + 0.1·1 (reference notes §5.1)
    expect(result.score).toBe(0.7);
  });

  test('custom weights are merged with the defaults and renormalized', () => {
    const result = evaluate({
      expected: [{ tool: 'search' }],
      actual: [{ tool: 'search' }],
      weights: { selection_accuracy: 1.0, argument_f1: 0.0, sequence_accuracy: 0.0, redundant_rate: 0.0 },
    });
    expect(result.score).toBe(1);
    expect(result.weights).toEqual({
      selection_accuracy: 1,
      argument_f1: 0,
      sequence_accuracy: 0,
      redundant_rate: 0,
      required_call_recall: 0,
    });
  });

  test('required_call_recall weight lowers the score for a failed required call', () => {
    const expected = [{ tool: 'search' }, { tool: 'book' }];
    const actual = [{ tool: 'search' }, { tool: 'book', error: 'sold out' }];
    const plain = evaluate({ expected, actual });
    expect(plain.score).toBe(1);
    const weighted = evaluate({ expected, actual, weights: { required_call_recall: 0.3 } });
    expect(weighted.weights.required_call_recall).toBeCloseTo(0.3 / 1.3, 12);
    expect(weighted.weights.selection_accuracy).toBeCloseTo(0.4 / 1.3, 12);
    // everything else perfect, recall 1/2: 1 − (0.3/1.3)·0.5
    expect(weighted.score).toBeCloseTo(1 - (0.3 / 1.3) * 0.5, 12);
    expect(weighted.requiredCallRecall).toBe(0.5);
  });

  test('unknown, negative, non-finite and all-zero weights are rejected naming the key', () => {
    const base = { expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] };
    expect(() => evaluate({ ...base, weights: { selection: 1 } as never })).toThrow(
      /unknown weight "selection"; valid names: selection_accuracy, argument_f1/,
    );
    expect(() => evaluate({ ...base, weights: { argument_f1: -1 } })).toThrow(/argument_f1.*must not be negative/);
    expect(() => evaluate({ ...base, weights: { argument_f1: Number.NaN } })).toThrow(ToolscoreInputError);
    expect(() => evaluate({ ...base, weights: { argument_f1: Infinity } })).toThrow(/finite/);
    expect(() =>
      evaluate({
        ...base,
        weights: {
          selection_accuracy: 0,
          argument_f1: 0,
          sequence_accuracy: 0,
          redundant_rate: 0,
          required_call_recall: 0,
        },
      }),
    ).toThrow(/sum to 0/);
  });

  test('lenient mode: 1 matches 1.0 and "NYC" matches " NYC "', () => {
    const numbers = evaluate({ expected: [{ tool: 'f', args: { n: 1 } }], actual: [{ tool: 'f', args: { n: 1.0 } }] });
    expect(numbers.argumentF1).toBe(1);
    const strings = evaluate({
      expected: [{ tool: 'f', args: { city: 'NYC' } }],
      actual: [{ tool: 'f', args: { city: ' NYC ' } }],
    });
    expect(strings.argumentF1).toBe(1);
  });

  test('strict mode: no trimming (1 vs 1.0 in files is covered by evaluateTrace tests)', () => {
    const result = evaluate({
      expected: [{ tool: 'f', args: { city: 'NYC' } }],
      actual: [{ tool: 'f', args: { city: ' NYC ' } }],
      strict: true,
    });
    expect(result.argumentF1).toBe(0);
  });

  test('matchers are unaffected by strict', () => {
    const result = evaluate({
      expected: [{ tool: 'f', args: { id: Regex('FL-\\d+'), n: Approx(3.14, { abs: 0.01 }), any: ANY } }],
      actual: [{ tool: 'f', args: { id: 'FL-123', n: 3.141, any: [1] } }],
      strict: true,
    });
    expect(result.argumentF1).toBe(1);
  });

  test('calls are paired one-to-one: a reordered pair scores 1.0 and is not an issue', () => {
    const result = evaluate({
      expected: [
        { tool: 'search', args: { q: 'a' } },
        { tool: 'search', args: { q: 'b' } },
      ],
      actual: [
        { tool: 'search', args: { q: 'b' } },
        { tool: 'search', args: { q: 'a' } },
      ],
    });
    expect(result.argumentF1).toBe(1);
    expect(result.topIssues).toEqual([]);
  });

  test('loops vs exploration', () => {
    const expected = [{ tool: 'search', args: { q: 'x' } }];
    const loop = evaluate({
      expected,
      actual: Array.from({ length: 3 }, () => ({ tool: 'search', args: { q: 'x' } })),
    });
    expect(loop.metrics.efficiency_metrics.identical_rate).toBeCloseTo(2 / 3, 12);
    expect(loop.metrics.efficiency_metrics.redundant_rate).toBeCloseTo(2 / 3, 12);
    const explore = evaluate({ expected, actual: ['x', 'y', 'z'].map((q) => ({ tool: 'search', args: { q } })) });
    expect(explore.metrics.efficiency_metrics.identical_rate).toBe(0);
    expect(explore.metrics.efficiency_metrics.redundant_rate).toBeCloseTo(2 / 3, 12);
  });

  test('identical calls ignore key order, and null args equal {}', () => {
    const result = evaluate({
      expected: [{ tool: 'a' }],
      actual: [
        { tool: 'a', args: { x: 1, y: [1, { b: 2, a: 1 }] } },
        { tool: 'a', args: { y: [1, { a: 1, b: 2 }], x: 1 } },
        { tool: 'b', args: null },
        { tool: 'b', args: {} },
      ],
    });
    expect(result.metrics.efficiency_metrics.identical_count).toBe(2);
  });
});

describe('the guide: Understanding Metrics', () => {
  test('selection accuracy: 1.0, 0.5 and 0.0', () => {
    const expected = [{ tool: 'a' }, { tool: 'b' }];
    expect(evaluate({ expected, actual: [{ tool: 'a' }, { tool: 'b' }] }).selectionAccuracy).toBe(1);
    expect(evaluate({ expected, actual: [{ tool: 'a' }, { tool: 'x' }] }).selectionAccuracy).toBe(0.5);
    expect(evaluate({ expected, actual: [{ tool: 'x' }, { tool: 'y' }] }).selectionAccuracy).toBe(0);
  });

  test('sequence edit distance and accuracy', () => {
    // a b c vs a c: one deletion
    const result = evaluate({
      expected: [{ tool: 'a' }, { tool: 'b' }, { tool: 'c' }],
      actual: [{ tool: 'a' }, { tool: 'c' }],
    });
    expect(result.metrics.sequence_metrics.edit_distance).toBe(1);
    expect(result.metrics.sequence_metrics.normalized_distance).toBeCloseTo(1 / 3, 12);
    expect(result.sequenceAccuracy).toBeCloseTo(2 / 3, 12);
  });

  test('invocation accuracy: perfect, and penalised for missing and extra tools', () => {
    expect(evaluate({ expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] }).invocationAccuracy).toBe(1);
    // G={a,b}, T={a,c}: (1 − 0.5·2)/2 = 0
    expect(
      evaluate({ expected: [{ tool: 'a' }, { tool: 'b' }], actual: [{ tool: 'a' }, { tool: 'c' }] }).invocationAccuracy,
    ).toBe(0);
    // G={a,b}, T={a}: (1 − 0.5)/2 = 0.25
    expect(evaluate({ expected: [{ tool: 'a' }, { tool: 'b' }], actual: [{ tool: 'a' }] }).invocationAccuracy).toBe(
      0.25,
    );
    expect(evaluate({ expected: [], actual: [] }).invocationAccuracy).toBe(1);
    expect(evaluate({ expected: [], actual: [{ tool: 'a' }] }).invocationAccuracy).toBe(0);
  });

  test('argument precision, recall and F1', () => {
    // expected {a,b,c}; actual passes a (right), b (wrong), d (extra): P = 1/3, R = 1/3
    const result = evaluate({
      expected: [{ tool: 't', args: { a: 1, b: 2, c: 3 } }],
      actual: [{ tool: 't', args: { a: 1, b: 9, d: 4 } }],
    });
    expect(result.metrics.argument_metrics.precision).toBeCloseTo(1 / 3, 12);
    expect(result.metrics.argument_metrics.recall).toBeCloseTo(1 / 3, 12);
    expect(result.argumentF1).toBeCloseTo(1 / 3, 12);
  });

  test('required call recall counts repeats and ignores failed attempts; null when nothing is expected', () => {
    expect(
      evaluate({ expected: [{ tool: 'search' }, { tool: 'search' }], actual: [{ tool: 'search' }] }).requiredCallRecall,
    ).toBe(0.5);
    expect(
      evaluate({ expected: [{ tool: 'deploy' }], actual: [{ tool: 'deploy', is_error: true }] }).requiredCallRecall,
    ).toBe(0);
    expect(
      evaluate({ expected: [{ tool: 'deploy' }], actual: [{ tool: 'deploy', error: 'timeout' }, { tool: 'deploy' }] })
        .requiredCallRecall,
    ).toBe(1);
    const none = evaluate({ expected: [], actual: [{ tool: 'a' }] });
    expect(none.requiredCallRecall).toBeNull();
    expect(none.metrics.required_call_recall).toBeNull();
  });

  test('credentials and forbidden calls land in security_metrics and policy_metrics', () => {
    const key = `sk-proj-${'Ab3'.repeat(12)}`;
    const result = evaluate({
      expected: [{ tool: 'http_get' }],
      actual: [
        { tool: 'http_get', args: { url: 'https://x', headers: { Authorization: `Bearer ${key}` } } },
        { tool: 'shell', args: { cmd: ['rm', '-rf', '/'] } },
      ],
      forbidden: [{ tool: 'shell', args: { cmd: { $regex: 'rm -rf' } }, reason: 'destructive' }],
    });
    expect(result.metrics.security_metrics).toEqual({
      secret_count: 1,
      secrets: [
        { index: 0, tool: 'http_get', path: 'headers.Authorization', kind: 'openai_api_key', preview: 'sk-p…b3' },
      ],
    });
    expect(result.metrics.policy_metrics).toEqual({
      violation_count: 1,
      rule_count: 1,
      violations: [{ index: 1, tool: 'shell', args: { cmd: ['rm', '-rf', '/'] }, rule: 0, reason: 'destructive' }],
    });
    expect(result.policyViolations).toHaveLength(1);
    expect(result.findings).toEqual([
      { severity: 'error', message: 'call 2 (shell) matches forbidden rule 1: destructive' },
      {
        severity: 'error',
        message: 'call 1 (http_get) passes a credential (openai_api_key) in "headers.Authorization": sk-p…b3',
      },
    ]);
    expect(JSON.stringify(result.findings)).not.toContain(key);
  });

  test('policy_metrics is absent without forbidden rules, present (empty) with an empty list', () => {
    expect(evaluate({ expected: [], actual: [] }).metrics.policy_metrics).toBeUndefined();
    expect(evaluate({ expected: [], actual: [], forbidden: [] }).metrics.policy_metrics).toEqual({
      violation_count: 0,
      rule_count: 0,
      violations: [],
    });
  });
});

describe('score reference points', () => {
  test('a perfect match scores exactly 1 with grade A', () => {
    const calls = [
      { tool: 'a', args: { x: 0.1 } },
      { tool: 'b', args: { y: 'z' } },
      { tool: 'c', args: { n: 0.7 } },
    ];
    const result = evaluate({
      expected: calls,
      actual: calls,
      weights: { selection_accuracy: 0.1, argument_f1: 0.2, sequence_accuracy: 0.3, redundant_rate: 0.7 },
    });
    expect(result.score).toBe(1);
    expect(result.grade).toBe('A');
  });

  test('no calls made when calls were expected scores 0, not 0.1', () => {
    const result = evaluate({ expected: [{ tool: 'a' }], actual: [] });
    expect(result.score).toBe(0);
    expect(result.grade).toBe('F');
    expect(result.topIssues.map((issue) => issue.kind)).toEqual(['missing']);
  });

  test('calls made when none were expected score 0', () => {
    expect(evaluate({ expected: [], actual: [{ tool: 'a' }] }).score).toBe(0);
  });

  test('both empty scores 1', () => {
    const result = evaluate({ expected: [], actual: [] });
    expect(result.score).toBe(1);
    expect(result.argumentF1).toBe(1);
  });

  test('grades at the band edges', () => {
    // selection 1, args 0, sequence 1, no redundancy with weights chosen to land on each band edge
    const at = (score: number) =>
      evaluate({
        expected: [{ tool: 'a', args: { x: 1 } }],
        actual: [{ tool: 'a', args: { x: 2 } }],
        weights: { selection_accuracy: score, argument_f1: 1 - score, sequence_accuracy: 0, redundant_rate: 0 },
      });
    expect(at(0.9).grade).toBe('A');
    expect(at(0.89).grade).toBe('B');
    expect(at(0.8).grade).toBe('B');
    expect(at(0.7).grade).toBe('C');
    expect(at(0.6).grade).toBe('D');
    expect(at(0.59).grade).toBe('F');
  });
});

describe('worked examples from the reference notes (§3.5)', () => {
  test('a missing call lowers recall: F1 2/3', () => {
    const result = evaluate({
      expected: [
        { tool: 'web_search', args: { q: 'x' } },
        { tool: 'web_fetch', args: { url: 'u' } },
      ],
      actual: [{ tool: 'web_fetch', args: { url: 'u' } }],
    });
    expect(result.argumentF1).toBeCloseTo(2 / 3, 12);
  });

  test('two expected, one made: F1 2/3', () => {
    const result = evaluate({
      expected: [
        { tool: 'search', args: { q: 'a' } },
        { tool: 'search', args: { q: 'a' } },
      ],
      actual: [{ tool: 'search', args: { q: 'a' } }],
    });
    expect(result.argumentF1).toBeCloseTo(2 / 3, 12);
  });

  test('a wrong attempt followed by the right one: F1 1.0', () => {
    const result = evaluate({
      expected: [{ tool: 'search', args: { q: 'a' } }],
      actual: [
        { tool: 'search', args: { q: 'b' } },
        { tool: 'search', args: { q: 'a' } },
      ],
    });
    expect(result.argumentF1).toBe(1);
    expect(result.topIssues.map((issue) => [issue.kind, issue.actualIndex])).toEqual([['extra', 0]]);
  });

  test('a missing do-not-check call does not lower F1', () => {
    const result = evaluate({
      expected: [{ tool: 'a', args: { x: 1 } }, { tool: 'b' }],
      actual: [{ tool: 'a', args: { x: 1 } }],
    });
    expect(result.argumentF1).toBe(1);
  });
});

describe('input checks', () => {
  test('a call without a tool names its JSON path', () => {
    expect(() => evaluate({ expected: [{ tool: 'a' }, { args: {} } as never], actual: [] })).toThrow(
      'expected at $[1].tool: expected a non-empty tool name, got nothing',
    );
  });
  test('non-object args are rejected', () => {
    expect(() => evaluate({ expected: [{ tool: 'a', args: 'x' as never }], actual: [] })).toThrow(
      'expected at $[0].args: expected an object of arguments (or null), got a string',
    );
    expect(() => evaluate({ expected: [], actual: [{ tool: 'a', args: [1] }] })).toThrow('actual at $[0].args');
  });
  test('gold-style $ operators work in memory too, and unknown ones are rejected', () => {
    const result = evaluate({
      expected: [{ tool: 'a', args: { id: { $regex: 'FL-\\d+' } } }],
      actual: [{ tool: 'a', args: { id: 'FL-9' } }],
    });
    expect(result.argumentF1).toBe(1);
    expect(() => evaluate({ expected: [{ tool: 'a', args: { id: { $gt: 1 } } }], actual: [] })).toThrow(
      /expected at \$\[0\]\.args\.id: unknown operator \$gt/,
    );
  });
  test('error normalization: a message wins over is_error false; falsy errors mean none', () => {
    const result = evaluate({
      expected: [],
      actual: [
        { tool: 'a', error: 'boom', is_error: false },
        { tool: 'b', error: '' },
        { tool: 'c', error: true },
        { tool: 'd', error: { code: 5 } },
        { tool: 'e', is_error: true },
      ],
    });
    expect(result.traceCalls.map((call) => call.is_error)).toEqual([true, false, true, true, true]);
    expect(result.traceCalls[3]!.error).toBe('{"code":5}');
  });
  test('a path given as expected is refused with the way to read a gold file: evaluateTrace', () => {
    const call = () => evaluate({ expected: 'gold.json' as never, actual: [] });
    expect(call).toThrow(ToolscoreInputError);
    expect(call).toThrow(
      'expected at $: expected a JSON array of calls (or {"calls": [...]}), got a string ("gold.json"); evaluate() reads no files: for a gold file use evaluateTrace({ goldFile: "gold.json", traceFile }), or pass the parsed calls',
    );
    // A long string is cut; quotes and control characters are escaped.
    expect(() => evaluate({ expected: `"\n${'x'.repeat(200)}` as never, actual: [] })).toThrow(
      `got a string ("\\"\\n${'x'.repeat(77)}…")`,
    );
  });

  test('an unrecognisable actual value is an error, not zero calls', () => {
    expect(() => evaluate({ expected: [], actual: 42 })).toThrow(
      'actual at $: could not detect the trace format: this is a number, not an object or a list (--explain)',
    );
  });
});

describe('toDict()', () => {
  test('a versioned JSON-safe record with matchers in operator form', () => {
    const result = evaluate({
      expected: [{ tool: 'search', args: { q: Regex('py.*'), n: ANY } }],
      actual: [{ tool: 'search', args: { q: 'python', n: 3 }, result: ['r'], duration: 0.5, error: 'slow' }],
    });
    const record = result.toDict();
    expect(record.schema_version).toBe('2');
    expect(record.calls.expected).toEqual([{ tool: 'search', args: { q: { $regex: 'py.*' }, n: { $any: true } } }]);
    expect(record.calls.actual).toEqual([
      {
        tool: 'search',
        args: { q: 'python', n: 3 },
        result: ['r'],
        is_error: true,
        error: 'slow',
        duration: 0.5,
        cost: null,
      },
    ]);
    expect(record.gold_calls_count).toBe(1);
    expect(record.trace_calls_count).toBe(1);
    expect(record.required_call_recall).toBe(0);
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);
  });

  test('JSON.stringify(result) writes the same record, metrics included (they are built on first read)', () => {
    const result = evaluate({
      expected: [{ tool: 'a', args: { x: 1 } }],
      actual: [
        { tool: 'a', args: { x: 2 } },
        { tool: 'a', args: { x: 2 } },
      ],
    });
    const written = JSON.parse(JSON.stringify(result)) as EvaluationRecord;
    expect(written).toEqual(result.toDict());
    // selection 1, argument F1 0 (x: 1 against 2), sequence 1 − 1/2, redundancy 1 − 1/2: 0.4 + 0 + 0.1 + 0.05.
    expect(written.score).toBe(0.55);
    // The verdict and the top issues, as the JSON report writes them (snake_case keys, operator form).
    // 0.55 is below 0.7.
    expect(written.verdict).toBe('FAIL');
    expect(
      written.top_issues.map((issue) => [issue.kind, issue.tool, issue.expected_index, issue.actual_index]),
    ).toEqual([
      ['argument_mismatch', 'a', 0, 0],
      ['extra', 'a', null, 1],
    ]);
    expect(written.top_issues[0]!.problem).toBe('a called with different arguments: x: expected 1, got 2');
    expect(written.top_issues[0]!.diffs).toEqual([{ key: 'x', kind: 'mismatch', expected: 1, actual: 2 }]);
    expect(written.top_issues[1]!.problem).toBe('unexpected call to a');
    expect(written.top_issues[1]).not.toHaveProperty('diffs');
    expect(written.metrics.efficiency_metrics).toMatchObject({
      redundant_count: 1,
      identical_count: 1,
      total_calls: 2,
    });
    expect(written.metrics.trajectory_metrics.path_efficiency).toBe(0.5);
  });
});

describe('evaluate() reads its gold as a gold file is read: unknown keys are not silent', () => {
  // The issue's case: "arguments" is not read, so the call checks no arguments and a wrong amount scores 1.
  const expected = [{ tool: 'refund_order', arguments: { amount: 49.99 } }];
  const actual = [{ tool: 'refund_order', args: { amount: 4999 } }];

  test('an unknown key is a warning in result.warnings, with its path and the key it means', () => {
    const result = evaluate({ expected, actual });
    expect(result.warnings).toEqual(['expected at $[0]: unknown key "arguments"; did you mean "args"?']);
    expect(result.score).toBe(1);
  });

  test('strictGold makes it an input error naming the same place', () => {
    expect(() => evaluate({ expected, actual, strictGold: true })).toThrow(
      new ToolscoreInputError({ source: 'expected', path: '$[0]' }, 'unknown key "arguments"; did you mean "args"?'),
    );
  });

  test('keys of the object form and of $one_of are checked; matchers given in memory are not gold keys', () => {
    const result = evaluate({
      expected: {
        calls: [{ tool: OneOf('a', 'b') }, { tool: { $one_of: ['a', 'b'] } }],
        order: 'any',
        allow_extra: true,
      },
      actual: [{ tool: 'a' }, { tool: 'b' }],
    } as unknown as Parameters<typeof evaluate>[0]);
    expect(result.warnings).toEqual([
      'expected at $: unknown key "allow_extra"; known keys: calls, turns, mode, extra_args, order, ignore_tools, allow_extra_calls, require_success, response, state, $schema',
    ]);
  });

  test('gold the language knows draws no warning', () => {
    const result = evaluate({
      expected: [{ tool: 'a', args: { n: 1 }, optional: true, extra_args: 'allow' }, { $any_order: [{ tool: 'b' }] }],
      actual: [{ tool: 'a', args: { n: 1 } }, { tool: 'b' }],
    });
    expect(result.warnings).toEqual([]);
  });
});

describe('evaluate() on hostile gold', () => {
  test("groups nested far past any limit get the loader's own error, not a stack overflow in the key check", () => {
    let group: unknown = { tool: 'a' };
    for (let i = 0; i < 100_000; i++) group = { $any_order: [group] };
    expect(() => evaluate({ expected: [group] as never, actual: [] })).toThrow(
      'expected at $[0].$any_order[0]: an $any_order group cannot hold another (its members are already in any order)',
    );
  });
});
