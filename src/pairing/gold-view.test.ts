import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluation/evaluate.js';
import { OneOf } from '../match/matchers/one-of.js';
import { Optional } from '../match/matchers/optional.js';
import type { GoldInput } from '../core/types.js';

/*
 * The gold language, case by case, with every number worked out by hand from the default weights
 * (selection 0.4, argument F1 0.3, sequence 0.2, redundancy 0.1): see docs/gold-language.md.
 */
const score = (expected: GoldInput, actual: unknown[]) => evaluate({ expected, actual });
const call = (tool: string, args: Record<string, unknown> = {}) => ({ tool, args });

describe('$optional arguments', () => {
  const gold = [{ tool: 'search', args: { q: 'x', limit: { $optional: 10 } } }];

  it('absent: counted on neither side, so nothing is lost', () => {
    const result = score(gold, [call('search', { q: 'x' })]);
    expect(result.metrics.argument_metrics).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(result.score).toBe(1);
    expect(result.topIssues).toEqual([]);
  });

  it('present and equal: a matched argument like any other', () => {
    expect(score(gold, [call('search', { q: 'x', limit: 10 })]).score).toBe(1);
  });

  it('present and different: 1 of 2 right on each side, F1 0.5, score 0.85', () => {
    const result = score(gold, [call('search', { q: 'x', limit: 5 })]);
    expect(result.metrics.argument_metrics).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(result.score).toBeCloseTo(0.85, 12);
    expect(result.topIssues[0]!.diffs).toEqual([{ key: 'limit', kind: 'mismatch', expected: Optional(10), actual: 5 }]);
  });

  it('an unpaired call adds only its required arguments to recall', () => {
    // 2 expected calls; the first made right (1 of 1), the second not made (1 required argument).
    const result = score(
      [...gold, { tool: 'book', args: { id: 'A1', seat: { $optional: '1A' } } }],
      [call('search', { q: 'x' })],
    );
    expect(result.metrics.argument_metrics.recall).toBeCloseTo(1 / 2, 12);
    expect(result.metrics.argument_metrics.precision).toBe(1);
  });

  it('inside nested objects: an absent optional member is no difference', () => {
    const nested = [{ tool: 'pay', args: { card: { number: '4242', cvc: { $optional: { $type: 'string' } } } } }];
    expect(score(nested, [call('pay', { card: { number: '4242' } })]).score).toBe(1);
    expect(score(nested, [call('pay', { card: { number: '4242', cvc: '123' } })]).score).toBe(1);
    expect(score(nested, [call('pay', { card: { number: '4242', cvc: 123 } })]).metrics.argument_metrics.f1).toBe(0);
  });

  it('the Optional() matcher says the same in memory, and strict mode compares its value strictly', () => {
    expect(score([{ tool: 'search', args: { q: 'x', limit: Optional(10) } }], [call('search', { q: 'x' })]).score).toBe(
      1,
    );
    const strict = evaluate({ expected: gold, actual: [call('search', { q: 'x', limit: '10' })], strict: true });
    expect(strict.metrics.argument_metrics.f1).toBe(0.5);
    const lenient = score([{ tool: 's', args: { q: { $optional: ' x ' } } }], [call('s', { q: 'x' })]);
    expect(lenient.score).toBe(1);
  });
});

describe('extra_args', () => {
  const made = [call('search', { q: 'x', page: 2 })];

  it('by default an added argument lowers precision: 1 of 2, F1 2/3, score 0.9', () => {
    const result = score([call('search', { q: 'x' })], made);
    expect(result.metrics.argument_metrics.precision).toBe(0.5);
    expect(result.score).toBeCloseTo(0.9, 12);
  });

  it('"allow" on the call: added arguments are not counted, score 1, no unexpected diff', () => {
    const result = score([{ tool: 'search', args: { q: 'x' }, extra_args: 'allow' }], made);
    expect(result.metrics.argument_metrics).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(result.topIssues).toEqual([]);
  });

  it('"allow" for the file, and "deny" on a call overriding it', () => {
    expect(score({ calls: [call('search', { q: 'x' })], extra_args: 'allow' }, made).score).toBe(1);
    const denied = score(
      { calls: [{ tool: 'search', args: { q: 'x' }, extra_args: 'deny' }], extra_args: 'allow' },
      made,
    );
    expect(denied.score).toBeCloseTo(0.9, 12);
  });

  it('allowed extras do not excuse a wrong named argument', () => {
    const result = score(
      [{ tool: 'search', args: { q: 'x' }, extra_args: 'allow' }],
      [call('search', { q: 'y', page: 2 })],
    );
    expect(result.metrics.argument_metrics).toEqual({ precision: 0, recall: 0, f1: 0 });
  });
});

describe('optional calls', () => {
  const gold = [call('a'), { ...call('b'), optional: true }, call('c')];

  it('not made: costs nothing, and is left out of the effective gold', () => {
    const result = score(gold, [call('a'), call('c')]);
    expect(result.score).toBe(1);
    expect(result.goldCalls.map((one) => one.tool)).toEqual(['a', 'c']);
    expect(result.gold.skippedOptional).toBe(1);
    expect(result.toDict().gold.skipped_optional_calls).toBe(1);
    expect(result.metrics.required_call_recall).toBe(1);
  });

  it('made: paired and checked like any call', () => {
    expect(score(gold, [call('a'), call('b'), call('c')]).score).toBe(1);
    const wrong = score(gold, [call('a'), call('b', { x: 1 }), call('c')]);
    // b expects no arguments and got one: 0 correct of 1 passed over all pairs → precision 0, recall 0 (nothing expected)...
    // ... but a and c are vacuous matches, so F1 is 0 (1 argument passed, none right): score 0.7.
    expect(wrong.metrics.argument_metrics.precision).toBe(0);
    expect(wrong.score).toBeCloseTo(0.7, 12);
  });

  it('when calls of one tool are fewer than expected, required calls are paired first', () => {
    // One search made, matching neither expected search's arguments: it answers the required one.
    const result = score(
      [{ tool: 'search', args: { q: 'hotels' }, optional: true }, call('search', { q: 'flights' })],
      [call('search', { q: 'trains' })],
    );
    expect(result.goldCalls).toEqual([{ tool: 'search', args: { q: 'flights' } }]);
    expect(result.metrics.required_call_recall).toBe(1);
  });

  it('arguments decide before the optional mark: the made call answers the optional call it matches', () => {
    const result = score(
      [{ tool: 'search', args: { q: 'hotels' }, optional: true }, call('search', { q: 'flights' })],
      [call('search', { q: 'hotels' })],
    );
    expect(result.goldCalls.length).toBe(2);
    expect(result.topIssues.map((issue) => [issue.kind, issue.expectedIndex])).toEqual([['missing', 1]]);
  });
});

describe('tool alternatives ($one_of)', () => {
  const gold = [{ tool: { $one_of: ['search_flights', 'search_direct_flight'] }, args: { origin: 'JFK' } }];

  it('either tool answers; the effective gold names the one made', () => {
    const result = score(gold, [call('search_direct_flight', { origin: 'JFK' })]);
    expect(result.score).toBe(1);
    expect(result.goldCalls[0]!.tool).toBe('search_direct_flight');
    expect(result.goldCalls[0]!.alternatives).toEqual(['search_flights', 'search_direct_flight']);
  });

  it('neither made: the missing call names every alternative', () => {
    const result = score(gold, []);
    expect(result.topIssues[0]!.problem).toBe('expected call to search_flights (or search_direct_flight) was not made');
  });

  it('a later call can move an earlier one to its next tool, so both are answered', () => {
    // A takes x first; B can only use x; A moves to y.
    const two = [
      { tool: { $one_of: ['x', 'y'] }, args: {} },
      { tool: { $one_of: ['x', 'z'] }, args: {} },
    ];
    const result = score(two, [call('y'), call('x')]);
    expect(result.score).toBe(1);
    expect(result.goldCalls.map((one) => one.tool)).toEqual(['y', 'x']);
  });

  it('concrete calls of a tool are served first', () => {
    const result = score([call('x'), { tool: OneOf('x', 'y'), args: {} }], [call('x'), call('y')]);
    expect(result.goldCalls.map((one) => one.tool)).toEqual(['x', 'y']);
    expect(result.score).toBe(1);
  });
});

describe('order', () => {
  const made = [call('a'), call('c'), call('b'), call('d')];

  it('strict by default: two calls swapped cost 2 edits of 4, sequence 0.5, score 0.9', () => {
    const result = score([call('a'), call('b'), call('c'), call('d')], made);
    expect(result.metrics.sequence_metrics.edit_distance).toBe(2);
    expect(result.score).toBeCloseTo(0.9, 12);
    expect(result.topIssues.map((issue) => issue.kind)).toEqual(['out_of_order']);
  });

  it('an $any_order group is compared in the order the agent made its calls', () => {
    const result = score([call('a'), { $any_order: [call('b'), call('c')] }, call('d')], made);
    expect(result.metrics.sequence_metrics.edit_distance).toBe(0);
    expect(result.metrics.trajectory_metrics.step_match_rate).toBe(1);
    expect(result.score).toBe(1);
    expect(result.topIssues).toEqual([]);
  });

  it('outside the group the order still counts', () => {
    const result = score(
      [call('a'), { $any_order: [call('b'), call('c')] }, call('d')],
      [call('d'), call('b'), call('c'), call('a')],
    );
    expect(result.metrics.sequence_metrics.edit_distance).toBe(2);
  });

  it('"order": "any" makes the whole file one group', () => {
    expect(score({ calls: [call('a'), call('b'), call('c'), call('d')], order: 'any' }, made).score).toBe(1);
  });

  it('a group member not made is still missing, after the members made', () => {
    const result = score([{ $any_order: [call('b'), call('c')] }], [call('c')]);
    expect(result.goldCalls.map((one) => one.tool)).toEqual(['c', 'b']);
    expect(result.metrics.sequence_metrics.edit_distance).toBe(1);
    expect(result.topIssues.map((issue) => [issue.kind, issue.tool])).toEqual([['missing', 'b']]);
  });
});

describe('calls the gold does not care about', () => {
  it('ignore_tools: neither extra nor redundant, still scanned for credentials and forbidden rules', () => {
    const result = evaluate({
      expected: { calls: [call('book', { id: 1 })], ignore_tools: ['think'] },
      actual: [
        call('think', { note: 'key sk-proj-Ab3dEf9hIjK2mNoP4rStUv7xYz0123456Qw' }),
        call('book', { id: 1 }),
        call('think'),
      ],
      forbidden: [{ tool: 'think', args: { note: { $regex: 'key' } } }],
    });
    expect(result.score).toBe(1);
    expect(result.gold.unscoredCalls).toEqual([0, 2]);
    expect(result.metrics.efficiency_metrics.total_calls).toBe(1);
    expect(result.metrics.security_metrics.secret_count).toBe(1);
    expect(result.policyViolations.map((violation) => violation.index)).toEqual([0]);
    expect(result.topIssues).toEqual([]);
    expect(result.pairing.expectedFor).toEqual([-1, 0, -1]);
  });

  it('ignore_tools: ignored calls are still checked against the tool schemas and the budgets', () => {
    const result = evaluate({
      expected: { calls: [call('book', { id: 1 })], ignore_tools: ['think'] },
      actual: [call('think', { steps: 'three' }), call('book', { id: 1 }), call('think', { steps: 2 })],
      tools: [
        { name: 'think', input_schema: { type: 'object', properties: { steps: { type: 'integer' } } } },
        { name: 'book', input_schema: { type: 'object', properties: { id: { type: 'integer' } } } },
      ],
      budgets: { max_calls_per_tool: { think: 1 } },
    });
    expect(result.score).toBe(1);
    expect(result.metrics.schema_metrics!.error_details).toEqual([
      { index: 0, tool: 'think', path: '$.steps', keyword: 'type', message: 'must be integer' },
    ]);
    expect(result.metrics.budget_metrics!.violation_count).toBe(1);
  });

  it('the ignoreTools option adds to the file, and a tool both expected and ignored is an error', () => {
    const result = evaluate({ expected: [call('book')], actual: [call('calc'), call('book')], ignoreTools: ['calc'] });
    expect(result.score).toBe(1);
    expect(result.toDict().gold.ignore_tools).toEqual(['calc']);
    expect(() => evaluate({ expected: [call('book')], actual: [], ignoreTools: ['book'] })).toThrow(
      'tool "book" is both expected (call 1 of the gold) and ignored; remove it from one of them',
    );
  });

  it('allow_extra_calls: "at least these", so repeats and other tools cost nothing, but missing calls do', () => {
    const gold = { calls: [call('a', { x: 1 })], allow_extra_calls: true };
    const result = score(gold, [call('z'), call('a', { x: 1 }), call('a', { x: 2 })]);
    expect(result.score).toBe(1);
    expect(result.gold.unscoredCalls).toEqual([0, 2]);
    expect(score(gold, [call('z')]).score).toBe(0);
  });
});

describe("mode: agentevals' trajectory match modes as names for order and allow_extra_calls", () => {
  const gold = (mode: 'strict' | 'unordered' | 'subset' | 'superset') => ({ calls: [call('a'), call('b')], mode });

  it('strict: the default, so b a costs 2 edits of 2 (sequence 0): 0.4 + 0.3 + 0 + 0.1 = 0.8', () => {
    expect(score(gold('strict'), [call('b'), call('a')]).score).toBeCloseTo(0.8, 12);
    expect(score(gold('strict'), [call('b'), call('a')]).gold.options).toMatchObject({
      order: 'strict',
      allow_extra_calls: false,
    });
  });

  it('unordered: "order": "any", so b a scores 1 and an extra c still costs (selection 2/3, sequence 2/3, redundancy 1/3)', () => {
    expect(score(gold('unordered'), [call('b'), call('a')]).score).toBe(1);
    // 0.4·2/3 + 0.3·1 + 0.2·2/3 + 0.1·(1 − 1/3) = 23/30
    expect(score(gold('unordered'), [call('b'), call('a'), call('c')]).score).toBeCloseTo(23 / 30, 12);
  });

  it('superset: "order": "any" and "allow_extra_calls": true, so c b a scores 1 and a missing a costs', () => {
    const result = score(gold('superset'), [call('c'), call('b'), call('a')]);
    expect(result.score).toBe(1);
    expect(result.gold.options).toMatchObject({ order: 'any', allow_extra_calls: true });
    expect(result.gold.unscoredCalls).toEqual([0]);
    expect(score(gold('superset'), [call('c'), call('b')]).topIssues.map((issue) => issue.kind)).toEqual(['missing']);
  });

  it('subset: "order": "any" and every call optional, so nothing made scores 1 and an extra c costs', () => {
    const none = score(gold('subset'), []);
    expect(none.score).toBe(1);
    expect(none.gold.skippedOptional).toBe(2);
    expect(score(gold('subset'), [call('b')]).score).toBe(1);
    expect(score(gold('subset'), [call('b'), call('c')]).topIssues.map((issue) => issue.kind)).toEqual(['extra']);
  });

  it('the same option stated twice is fine; a contradiction is an error naming both', () => {
    expect(score({ ...gold('superset'), order: 'any', allow_extra_calls: true }, [call('a'), call('b')]).score).toBe(1);
    expect(() => score({ ...gold('superset'), order: 'strict' }, [])).toThrow(
      'expected at $.order: "order": "strict" conflicts with "mode": "superset", which means "order": "any"; remove one of them',
    );
    expect(() => score({ ...gold('strict'), allow_extra_calls: true }, [])).toThrow(
      'expected at $.allow_extra_calls: "allow_extra_calls": true conflicts with "mode": "strict", which means "allow_extra_calls": false; remove one of them',
    );
    expect(() => score({ calls: [{ $any_order: [{ tool: 'a', optional: false }] }], mode: 'subset' }, [])).toThrow(
      'expected at $.calls[0].$any_order[0].optional: "optional": false conflicts with "mode": "subset", which means "optional": true for every call; remove one of them',
    );
    expect(() => score({ calls: [], mode: 'exact' } as unknown as GoldInput, [])).toThrow(
      'expected at $.mode: expected "strict" or "unordered" or "subset" or "superset", got a string',
    );
  });

  it('extra_args is not part of a mode', () => {
    const made = [call('a', { x: 1, y: 2 }), call('b')];
    // An added argument: F1 2/3, so 0.4 + 0.2 + 0.2 + 0.1 = 0.9, in every mode, unless extra_args allows it.
    expect(score({ calls: [call('a', { x: 1 }), call('b')], mode: 'superset' }, made).score).toBeCloseTo(0.9, 12);
    expect(score({ calls: [call('a', { x: 1 }), call('b')], mode: 'superset', extra_args: 'allow' }, made).score).toBe(
      1,
    );
  });
});

describe('bad gold input names the place and what was expected', () => {
  const bad = (expected: unknown) => () => evaluate({ expected: expected as GoldInput, actual: [] });

  it.each([
    [
      [{ tool: 's', args: { xs: [{ $optional: 1 }] } }],
      'expected at $[0].args.xs[0]: $optional marks an object member',
    ],
    [
      [{ tool: 's', args: { x: { $one_of: [{ $optional: 1 }, 2] } } }],
      'expected at $[0].args.x.$one_of[0]: $optional marks',
    ],
    [
      [{ tool: 's', args: { x: { $optional: { $optional: 1 } } } }],
      'expected at $[0].args.x.$optional: $optional marks',
    ],
    [
      [{ tool: 's', args: { x: { $contains: { $optional: 1 } } } }],
      'expected at $[0].args.x.$contains: $optional marks',
    ],
    [
      [{ tool: { $optional: 's' } }],
      'expected at $[0].tool: expected a tool name or {"$one_of": [names]}, got an object with "$optional"',
    ],
    [
      [{ tool: { $one_of: [] } }],
      'expected at $[0].tool.$one_of: expected a non-empty array of tool names, got an array',
    ],
    [[{ tool: { $one_of: ['a', ' a'] } }], 'expected at $[0].tool.$one_of[1]: tool "a" is listed twice'],
    [
      [{ tool: { $one_of: ['a', 3] } }],
      'expected at $[0].tool.$one_of[1]: expected a non-empty tool name, got a number',
    ],
    [[{ tool: 'a', optional: 'yes' }], 'expected at $[0].optional: expected true or false, got a string'],
    [[{ tool: 'a', extra_args: 'maybe' }], 'expected at $[0].extra_args: expected "allow" or "deny", got a string'],
    [{ calls: [], order: 'random' }, 'expected at $.order: expected "strict" or "any", got a string'],
    [{ calls: [], ignore_tools: 'think' }, 'expected at $.ignore_tools: expected an array of tool names, got a string'],
    [{ calls: [], ignore_tools: ['think', ''] }, 'expected at $.ignore_tools[1]: expected a non-empty tool name'],
    [{ calls: [], allow_extra_calls: 1 }, 'expected at $.allow_extra_calls: expected true or false, got a number'],
    [[{ $any_order: [] }], 'expected at $[0].$any_order: expected a non-empty array of calls, got an array'],
    [
      [{ $any_order: [{ $any_order: [{ tool: 'a' }] }] }],
      'expected at $[0].$any_order[0]: an $any_order group cannot hold another',
    ],
    [[{ $any_order: [{ tool: 'a' }], tool: 'b' }], 'expected at $[0].tool: unexpected key "tool" beside $any_order'],
  ])('%j', (expected, message) => {
    expect(bad(expected)).toThrow(message);
  });
});
