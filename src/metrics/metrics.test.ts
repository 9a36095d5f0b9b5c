import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toActualCalls } from '../formats/support/calls.js';
import { toExpectedCalls } from '../gold/gold.js';
import { parseJson } from '../io/json.js';
import { pairCalls } from '../pairing/pairing.js';
import { efficiencyMetrics } from './efficiency.js';
import { parseForbiddenRules, policyMetrics } from './policy.js';
import { requiredCallRecall } from './recall.js';
import { sequenceMetrics } from './sequence.js';
import { toolCorrectnessMetrics } from './tool-correctness.js';
import { trajectoryMetrics } from './trajectory.js';

const gold = (calls: unknown[]) => toExpectedCalls(calls);
const trace = (calls: unknown[]) => toActualCalls(calls);

describe('tool correctness', () => {
  test('sets of names, sorted lists', () => {
    const metrics = toolCorrectnessMetrics(
      gold([{ tool: 'b' }, { tool: 'a' }, { tool: 'a' }]),
      trace([{ tool: 'c' }, { tool: 'a' }]),
    );
    expect(metrics).toEqual({
      tool_correctness: 0.5,
      expected_tools: ['a', 'b'],
      called_tools: ['a', 'c'],
      missing_tools: ['b'],
      extra_tools: ['c'],
      correct_count: 1,
      total_expected: 2,
      strict_order: false,
    });
  });
  test('nothing expected', () => {
    expect(toolCorrectnessMetrics([], []).tool_correctness).toBe(1);
    expect(toolCorrectnessMetrics([], trace([{ tool: 'a' }])).tool_correctness).toBe(0);
  });
});

describe('trajectory', () => {
  test('position by position, extra actual keys allowed, path efficiency for longer paths', () => {
    const metrics = trajectoryMetrics(
      gold([{ tool: 'a', args: { x: 1 } }, { tool: 'b' }]),
      trace([{ tool: 'a', args: { x: 1, y: 2 } }, { tool: 'c' }, { tool: 'b' }, { tool: 'b' }]),
    );
    expect(metrics.step_match_rate).toBe(0.5);
    expect(metrics.path_efficiency).toBe(0.5);
    expect(metrics.trajectory_accuracy).toBe(0.25);
    // Step 1 (a, x=1) matches; step 2 expects b and got c.
    expect([metrics.correct_steps, metrics.total_expected_steps]).toEqual([1, 2]);
    expect(metrics.trajectory_details.map((step) => [step.step, step.matches, step.error ?? null])).toEqual([
      [1, true, null],
      [2, false, null],
      [3, false, 'Unnecessary step: b'],
      [4, false, 'Unnecessary step: b'],
    ]);
  });
  test('an empty trace executes nothing', () => {
    const metrics = trajectoryMetrics(gold([{ tool: 'a' }]), []);
    expect([metrics.trajectory_accuracy, metrics.step_match_rate, metrics.path_efficiency]).toEqual([0, 0, 0]);
    expect(metrics.trajectory_details[0]!.error).toBe('Did not execute: expected a');
    expect([metrics.correct_steps, metrics.total_expected_steps]).toEqual([0, 1]);
  });
  test('correct_steps and total_expected_steps are written in every branch', () => {
    const none = trajectoryMetrics([], trace([{ tool: 'a' }]));
    expect([none.correct_steps, none.total_expected_steps]).toEqual([0, 0]);
    expect(Object.keys(trajectoryMetrics([], []))).toEqual([
      'trajectory_accuracy',
      'step_match_rate',
      'path_efficiency',
      'correct_steps',
      'total_expected_steps',
      'trajectory_details',
    ]);
  });
  test('stopping early', () => {
    const metrics = trajectoryMetrics(gold([{ tool: 'a' }, { tool: 'b' }]), trace([{ tool: 'a' }]));
    expect(metrics.step_match_rate).toBe(0.5);
    expect(metrics.trajectory_details[1]!.error).toBe('Agent stopped early: expected b');
    expect([metrics.correct_steps, metrics.total_expected_steps]).toEqual([1, 2]);
  });
});

describe('efficiency', () => {
  test('counts failures and blind retries of the same signature only', () => {
    const metrics = efficiencyMetrics(
      gold([{ tool: 'deploy' }]),
      trace([
        { tool: 'deploy', args: { env: 'prod' }, error: 'timeout' },
        { tool: 'deploy', args: { env: 'prod' }, error: 'timeout' },
        { tool: 'deploy', args: { env: 'staging' } },
        { tool: 'deploy', args: { env: 'prod' } },
      ]),
    );
    expect(metrics).toEqual({
      redundant_count: 3,
      redundant_rate: 0.75,
      identical_count: 2,
      identical_rate: 0.5,
      error_count: 2,
      error_rate: 0.5,
      retry_after_error_count: 1,
      total_calls: 4,
    });
  });
  test('exact repeats past 16 distinct calls of a tool: key order ignored, 1.0 kept apart in strict, NaN never repeats', () => {
    const distinct = Array.from({ length: 20 }, (_, i) => ({ tool: 'get', args: { id: i, tags: ['a', ' b'] } }));
    const fromFile = parseJson('{"tool": "get", "args": {"id": 3.0, "tags": ["a", " b"]}}', 'f', {
      keepNumberKinds: true,
    });
    const calls = trace([
      ...distinct,
      { tool: 'get', args: { tags: ['a', ' b'], id: 19 } }, // repeat, keys reordered
      { tool: 'get', args: { id: 5, tags: ['a', 'b'] } }, // not a repeat: " b" is not "b"
      fromFile, // not a repeat: 3.0 as written is not 3
      fromFile, // a repeat of the one before
      { tool: 'get', args: { id: Number.NaN } },
      { tool: 'get', args: { id: Number.NaN } }, // NaN equals nothing
      { tool: 'get', args: { id: null } },
      { tool: 'get', args: { id: undefined } }, // undefined is not null
      { tool: 'get', args: { id: 0 } }, // repeat of distinct[0]'s id? no: tags missing
      { tool: 'get', args: { id: 0, tags: ['a', ' b'] } }, // repeat of distinct[0]
    ]);
    expect(efficiencyMetrics(gold([]), calls).identical_count).toBe(3);
    // The same calls under 16 distinct ones are compared pairwise and agree.
    const few = trace([
      distinct[0],
      distinct[1],
      { tool: 'get', args: { tags: ['a', ' b'], id: 1 } },
      fromFile,
      fromFile,
      { tool: 'get', args: { id: Number.NaN } },
      { tool: 'get', args: { id: Number.NaN } },
    ]);
    expect(efficiencyMetrics(gold([]), few).identical_count).toBe(2);
  });
  test('an empty trace has zero everything', () => {
    expect(efficiencyMetrics(gold([{ tool: 'a' }]), []).total_calls).toBe(0);
  });
});

describe('required call recall', () => {
  test('multiset over successful calls', () => {
    expect(
      requiredCallRecall(
        gold([{ tool: 'a' }, { tool: 'a' }, { tool: 'b' }]),
        trace([{ tool: 'a' }, { tool: 'a', error: 'x' }, { tool: 'b' }, { tool: 'c' }]),
      ),
    ).toBeCloseTo(2 / 3, 12);
  });

  test('a call expected to fail ("succeeds": false) is met by a failed call of its tool, not by a successful one', () => {
    // transfer must fail, lookup must succeed. Trace: transfer failed (meets it), lookup succeeded: 2 of 2.
    const expected = [
      { tool: 'transfer', args: null, succeeds: false },
      { tool: 'lookup', args: null },
    ];
    expect(requiredCallRecall(expected, trace([{ tool: 'transfer', error: 'refused' }, { tool: 'lookup' }]))).toBe(1);
    // The transfer went through: it does not meet "must fail", and lookup still counts: 1 of 2.
    expect(requiredCallRecall(expected, trace([{ tool: 'transfer' }, { tool: 'lookup' }]))).toBe(0.5);
    // Two transfers, one expected to fail and one to succeed; one failed and one succeeded: both met.
    const both = [
      { tool: 'transfer', args: null, succeeds: false },
      { tool: 'transfer', args: null },
    ];
    expect(requiredCallRecall(both, trace([{ tool: 'transfer' }, { tool: 'transfer', error: 'refused' }]))).toBe(1);
  });
});

describe('forbidden rules', () => {
  test('the first matching rule is reported, once per call', () => {
    const rules = parseForbiddenRules([
      { tool: 'sql', args: { query: { $regex: '(?i)drop\\s+table' } }, reason: 'no drops' },
      { tool: 'sql', args: { query: { $contains: 'DELETE' } }, reason: 'no deletes' },
      { tool: 'sql', reason: 'no sql at all' },
    ]);
    const metrics = policyMetrics(
      trace([
        { tool: 'sql', args: { query: 'DELETE FROM t' } },
        { tool: 'sql', args: { query: 'SELECT 1' } },
        { tool: 'other' },
        { tool: 'sql', args: { query: 'x; Drop  TABLE users' } },
      ]),
      rules,
    );
    expect(metrics.violations.map((violation) => [violation.index, violation.rule, violation.reason])).toEqual([
      [0, 1, 'no deletes'],
      [1, 2, 'no sql at all'],
      [3, 0, 'no drops'],
    ]);
  });
  test('one_of and literal values; a missing key never matches', () => {
    const rules = parseForbiddenRules([
      { tool: 'pay', args: { currency: { $one_of: ['BTC', 'ETH'] }, confirm: false } },
    ]);
    const metrics = policyMetrics(
      trace([
        { tool: 'pay', args: { currency: 'ETH', confirm: false } },
        { tool: 'pay', args: { currency: 'ETH' } },
        { tool: 'pay', args: { currency: 'USD', confirm: false } },
      ]),
      rules,
    );
    expect(metrics.violations.map((violation) => violation.index)).toEqual([0]);
  });
  test('malformed rules name the JSON path', () => {
    expect(() => parseForbiddenRules({})).toThrow('forbidden at $: expected an array of rules, got an object');
    expect(() => parseForbiddenRules([{ tool: '' }])).toThrow(
      'forbidden at $[0].tool: expected a non-empty tool name, got a string',
    );
    expect(() => parseForbiddenRules([{ tool: 'a', args: [] }])).toThrow(
      'forbidden at $[0].args: expected an object or null, got an array',
    );
    expect(() => parseForbiddenRules([{ tool: 'a', args: { x: { $regex: 5 } } }])).toThrow(
      'forbidden at $[0].args.x.$regex: expected a pattern string, got a number',
    );
  });
});

describe('edit distance', () => {
  test('classic cases', () => {
    const distance = (a: string, b: string) =>
      sequenceMetrics(gold([...a].map((tool) => ({ tool }))), trace([...b].map((tool) => ({ tool })))).edit_distance;
    expect(distance('kitten', 'sitting')).toBe(3);
    expect(distance('', 'ab')).toBe(2);
    expect(distance('ab', 'ba')).toBe(2);
    expect(distance('abc', 'abc')).toBe(0);
  });
});

describe('trajectory with the pairing reused', () => {
  test('agrees with comparing every step again (property)', () => {
    const call = fc.record({
      tool: fc.constantFrom('a', 'b'),
      args: fc.option(fc.dictionary(fc.constantFrom('x', 'y'), fc.constantFrom(1, 2, ' 1', 'q'), { maxKeys: 2 }), {
        nil: undefined,
      }),
    });
    fc.assert(
      fc.property(fc.array(call, { maxLength: 6 }), fc.array(call, { maxLength: 6 }), (e, a) => {
        const expected = gold(e);
        const actual = trace(a);
        const reused = trajectoryMetrics(expected, actual, pairCalls(expected, actual, 'lenient'));
        expect(reused).toEqual(trajectoryMetrics(expected, actual));
      }),
      { numRuns: 500 },
    );
  });
});
