import { describe, expect, it } from 'vitest';
import { readGold } from '../gold/gold.js';
import { evaluate } from './evaluate.js';
import { diffStates, stateOutcomeChecks } from './state.js';

describe('diffStates', () => {
  it('names each added, removed and changed path with its old and new value; arrays by index', () => {
    const before = { a: 1, gone: true, list: [1, 2, 3], deep: { x: 'same', y: [{ z: 1 }] } };
    const after = { a: 2, list: [1, 5], deep: { x: 'same', y: [{ z: 1, w: null }] }, 'new key': 'n' };
    expect(
      diffStates(before, after).map(({ path, change, before: old, after: now }) => [path, change, old, now]),
    ).toEqual([
      ['$.gone', 'removed', true, undefined],
      ['$.a', 'changed', 1, 2],
      ['$.list[1]', 'changed', 2, 5],
      ['$.list[2]', 'removed', 3, undefined],
      ['$.deep.y[0].w', 'added', undefined, null],
      ['$["new key"]', 'added', undefined, 'n'],
    ]);
  });

  it('sees a value that changes type as one change, and key order as none', () => {
    expect(diffStates({ a: [1], b: 1, c: 2 }, { c: 2, b: 1, a: { 0: 1 } })).toEqual([
      { path: '$.a', steps: ['a'], change: 'changed', before: [1], after: { 0: 1 } },
    ]);
  });
});

/** The τ²-bench#459 case as docs/outcomes.md writes it: a suspension that also suspended another customer's line. */
const BEFORE = {
  customers: {
    C1001: { lines: [{ id: 'L1', status: 'active' }] },
    C2002: { lines: [{ id: 'L7', status: 'active' }] },
  },
};
const AFTER = {
  customers: {
    C1001: { lines: [{ id: 'L1', status: 'suspended' }] },
    C2002: { lines: [{ id: 'L7', status: 'suspended' }] },
  },
};

describe('stateOutcomeChecks', () => {
  it('checks each expected value at its path, matchers included', () => {
    const gold = readGold({
      calls: [],
      state: {
        expected: {
          customers: { C1001: { lines: [{ id: 'L1', status: 'suspended' }] }, C2002: { plan: { $regex: 'x' } } },
          missing: { $optional: 1 },
          total: 3,
        },
      },
    });
    const outcome = stateOutcomeChecks(gold.state!, BEFORE, AFTER, 'lenient');
    expect(outcome.checks.map((check) => check.failure?.message ?? 'pass')).toEqual([
      'pass',
      'the after-state has no $.customers.C2002.plan, expected {"$regex":"x"}',
      'pass',
      'the after-state has no $.total, expected 3',
    ]);
    // Without "unchanged" nothing else is checked.
    expect(outcome.unexpected).toEqual([]);
    expect(outcome.changes.map((change) => change.path)).toEqual([
      '$.customers.C1001.lines[0].status',
      '$.customers.C2002.lines[0].status',
    ]);
  });

  it('"unchanged": true fails on a change nothing covers, naming its path, old and new value', () => {
    const gold = readGold({
      calls: [],
      state: { expected: { customers: { C1001: { lines: [{ id: 'L1', status: 'suspended' }] } } }, unchanged: true },
    });
    const outcome = stateOutcomeChecks(gold.state!, BEFORE, AFTER, 'lenient');
    expect(outcome.checks.map((check) => check.failure?.message ?? 'pass')).toEqual([
      'pass',
      'changes nobody expected: $.customers.C2002.lines[0].status "active" → "suspended"',
    ]);
    expect(outcome.unexpected.map((change) => change.path)).toEqual(['$.customers.C2002.lines[0].status']);
  });

  it('an allowed_changes pattern with wildcards covers the change and everything inside it', () => {
    const allow = (pattern: string) =>
      stateOutcomeChecks(
        readGold({ calls: [], state: { unchanged: true, allowed_changes: [pattern] } }).state!,
        BEFORE,
        { ...AFTER, log: ['x'] },
        'lenient',
      ).checks.map((check) => check.failure?.message ?? 'pass');
    expect(allow('$.customers.*.lines[*].status')).toEqual(['changes nobody expected: $.log added ["x"]']);
    expect(allow('$.customers.C1001')).toEqual([
      'changes nobody expected: $.customers.C2002.lines[0].status "active" → "suspended"; $.log added ["x"]',
    ]);
    expect(allow('$')).toEqual(['pass']);
  });

  it('identical states pass "unchanged": true', () => {
    const check = readGold({ calls: [], state: { unchanged: true } }).state!;
    expect(stateOutcomeChecks(check, BEFORE, structuredClone(BEFORE), 'lenient').checks).toEqual([
      { kind: 'state', failure: null },
    ]);
  });
});

describe('evaluate({stateBefore, stateAfter}): the τ²-bench#459 case (docs/outcomes.md)', () => {
  const actual = [{ tool: 'suspend_line', args: { customer_id: 'C1001', line_id: 'L1' }, result: { ok: true } }];
  const calls = [{ tool: 'suspend_line', args: { customer_id: 'C1001', line_id: 'L1' } }];

  it('an action-only gold passes the run that also suspended another customer’s line', () => {
    const result = evaluate({ expected: calls, actual, stateBefore: BEFORE, stateAfter: AFTER });
    expect(result.score).toBe(1);
    expect(result.metrics.outcome_metrics).toBeUndefined();
  });

  it('"unchanged": true flags that line, by path, with its old and new value', () => {
    const expected = {
      calls,
      state: { expected: { customers: { C1001: { lines: [{ id: 'L1', status: 'suspended' }] } } }, unchanged: true },
    };
    const outcome = evaluate({ expected, actual, stateBefore: BEFORE, stateAfter: AFTER }).metrics.outcome_metrics!;
    expect(outcome.state_checks).toEqual({ checks: 2, passed: 1 });
    expect(outcome.failures.map((failure) => failure.message)).toEqual([
      'changes nobody expected: $.customers.C2002.lines[0].status "active" → "suspended"',
    ]);
  });

  it('a state check without states fails; one state without the other is one line', () => {
    const expected = { calls, state: { unchanged: true } };
    expect(evaluate({ expected, actual }).metrics.outcome_metrics!.failures.map((failure) => failure.message)).toEqual([
      'no before-state and after-state given',
    ]);
    expect(() => evaluate({ expected, actual, stateBefore: BEFORE })).toThrow(
      'stateAfter at $: expected both stateBefore and stateAfter (the state check compares them), got only one',
    );
  });
});

describe('metrics.state: the diff and what covered it', () => {
  const actual = [{ tool: 'suspend_line', args: { customer_id: 'C1001', line_id: 'L1' } }];
  const calls = [{ tool: 'suspend_line', args: { customer_id: 'C1001', line_id: 'L1' } }];
  const after = { ...AFTER, log: ['suspended L1'] };

  it('names each change with its old and new value and whether expected, allowed or nothing covered it', () => {
    const expected = {
      calls,
      state: {
        expected: { customers: { C1001: { lines: [{ id: 'L1', status: 'suspended' }] } }, plan: 'basic' },
        allowed_changes: ['$.log'],
        unchanged: true,
      },
    };
    const result = evaluate({ expected, actual, stateBefore: { ...BEFORE, temp: 1 }, stateAfter: after });
    expect(result.metrics.state).toEqual({
      // The line array is one value (arrays are compared whole); $.plan is missing.
      paths_expected: 2,
      paths_matched: 1,
      unchanged_required: true,
      unexpected_changes: 2,
      changes: [
        { path: '$.temp', change: 'removed', before: 1, covered_by: null },
        {
          path: '$.customers.C1001.lines[0].status',
          change: 'changed',
          before: 'active',
          after: 'suspended',
          covered_by: 'expected',
        },
        {
          path: '$.customers.C2002.lines[0].status',
          change: 'changed',
          before: 'active',
          after: 'suspended',
          covered_by: null,
        },
        { path: '$.log', change: 'added', after: ['suspended L1'], covered_by: 'allowed' },
      ],
    });
    // Written after outcome_metrics, as the report lists them; plain data (JSON round trip keeps it).
    const keys = Object.keys(result.metrics);
    expect(keys.indexOf('state')).toBe(keys.indexOf('outcome_metrics') + 1);
    expect(JSON.parse(JSON.stringify(result.metrics.state))).toEqual(result.metrics.state);
  });

  it('counts uncovered changes without "unchanged" too (then they fail nothing)', () => {
    const expected = {
      calls,
      state: { expected: { customers: { C1001: { lines: [{ id: 'L1', status: 'suspended' }] } } } },
    };
    const result = evaluate({ expected, actual, stateBefore: BEFORE, stateAfter: AFTER });
    expect(result.metrics.state).toMatchObject({
      paths_expected: 1,
      paths_matched: 1,
      unchanged_required: false,
      unexpected_changes: 1,
    });
    expect(result.metrics.state!.changes.map((change) => change.covered_by)).toEqual(['expected', null]);
    expect(result.metrics.outcome_metrics!.state_checks).toEqual({ checks: 1, passed: 1 });
  });

  it('is absent without a gold "state" or without the states', () => {
    expect(evaluate({ expected: calls, actual, stateBefore: BEFORE, stateAfter: AFTER }).metrics.state).toBeUndefined();
    expect(evaluate({ expected: { calls, state: { unchanged: true } }, actual }).metrics.state).toBeUndefined();
  });

  it('a conversation gold has it too, once, for the whole run', () => {
    const expected = { turns: [{ calls }, { calls: [] }], state: { unchanged: true, allowed_changes: ['$.nope'] } };
    const result = evaluate({
      expected,
      actual: actual.map((call) => ({ ...call, turn: 1 })),
      stateBefore: BEFORE,
      stateAfter: BEFORE,
      userMessages: ['suspend L1', 'thanks'],
    });
    expect(result.metrics.state).toEqual({
      paths_expected: 0,
      paths_matched: 0,
      unchanged_required: true,
      unexpected_changes: 0,
      changes: [],
    });
    expect(result.metrics.turns!.map((turn) => turn.metrics.state)).toEqual([undefined, undefined]);
    expect(result.warnings).toEqual([
      'state: allowed_changes[0] "$.nope" names no path of the before-state or the after-state',
    ]);
  });
});

describe('evaluate({stateBefore, stateAfter}) within the limits', () => {
  const expected = { calls: [], state: { unchanged: true } };

  it('a state over limits.maxStateBytes, or nested past limits.maxDepth, is one line naming it', () => {
    // {"a":"xxxxxxxx"} is 16 bytes of JSON.
    expect(
      evaluate({ expected, actual: [], stateBefore: {}, stateAfter: { a: 'xxxxxxxx' }, limits: { maxStateBytes: 16 } })
        .metrics.state!.changes,
    ).toEqual([{ path: '$.a', change: 'added', after: 'xxxxxxxx', covered_by: null }]);
    expect(() =>
      evaluate({ expected, actual: [], stateBefore: {}, stateAfter: { a: 'xxxxxxxx' }, limits: { maxStateBytes: 15 } }),
    ).toThrow(
      'stateAfter at $: the state is over 15 bytes of JSON; raise limits.maxStateBytes (--max-state-bytes) if this is intended',
    );
    let deep: unknown = 1;
    for (let i = 0; i < 5_000; i++) deep = { a: deep };
    expect(() => evaluate({ expected, actual: [], stateBefore: deep, stateAfter: {} })).toThrow(
      'stateBefore at $: the state nested deeper than 1000 levels; raise limits.maxDepth (--max-depth) if this is intended',
    );
  });
});

describe('bad state paths and matchers', () => {
  // Gold as a file would hold it: typos included, so not typed.
  const run = (state: unknown) =>
    evaluate({
      expected: JSON.parse(JSON.stringify({ calls: [], state })),
      actual: [],
      stateBefore: { orders: [{ status: 'open' }] },
      stateAfter: { orders: [] },
    });

  it('an allowed_changes pattern that names no path of either state is one warning', () => {
    const result = run({ unchanged: true, allowed_changes: ['$.ordrs[*]', '$.orders[*].status', '$.orders[3]'] });
    expect(result.warnings).toEqual([
      'state: allowed_changes[0] "$.ordrs[*]" names no path of the before-state or the after-state',
      'state: allowed_changes[2] "$.orders[3]" names no path of the before-state or the after-state',
    ]);
    // $.orders[*].status does not hold $.orders[0] itself: the removed order stays unallowed.
    expect(result.metrics.state!.changes).toEqual([
      { path: '$.orders[0]', change: 'removed', before: { status: 'open' }, covered_by: null },
    ]);
  });

  it('matchers with typos in "expected" get the gold language\'s errors with JSON paths', () => {
    expect(() => run({ expected: { orders: [{ status: { $regx: 'a' } }] } })).toThrow(
      'expected at $.state.expected.orders[0].status: unknown operator $regx; did you mean "$regex"? (wrap literal data in {"$literal": ...})',
    );
    expect(() => run({ expected: { a: { $one_of: 3 } } })).toThrow(
      'expected at $.state.expected.a.$one_of: expected an array of candidates, got a number',
    );
    expect(() => run({ expected: { a: { $regex: '(' } } })).toThrow(
      'expected at $.state.expected.a.$regex: invalid regular expression: missing closing ): `(`',
    );
    expect(() => run({ unchanged: true, allowed_changes: ['orders'] })).toThrow(
      'expected at $.state.allowed_changes[0]: expected a path starting with "$", like "$.orders[*].status"',
    );
  });
});
