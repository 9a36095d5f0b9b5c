import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { evaluate } from './evaluate.js';

const kinds = (result: ReturnType<typeof evaluate>) => result.topIssues.map((issue) => `${issue.kind}:${issue.tool}`);

// Small random calls: three tools, two keys, values that differ only under strict comparison.
const tool = fc.constantFrom('a', 'b', 'c');
const args = fc.option(fc.dictionary(fc.constantFrom('x', 'y'), fc.constantFrom(1, 2, '1', ' 1')), { nil: undefined });
const expectedCall = fc.record({ tool, args }, { requiredKeys: ['tool'] });
const actualCall = fc.record({ tool, args, is_error: fc.boolean() }, { requiredKeys: ['tool'] });
/** Actual calls whose failures carry an error text, which a failed issue quotes. */
const failingCall = fc.record(
  { tool, args, is_error: fc.boolean(), error: fc.constant('denied') },
  { requiredKeys: ['tool'] },
);

describe('Top issues to fix', () => {
  test('a substituted tool between two matching calls is a wrong tool, not missing + extra', () => {
    const result = evaluate({
      expected: [{ tool: 'search' }, { tool: 'fetch' }, { tool: 'summarize' }],
      actual: [{ tool: 'search' }, { tool: 'download' }, { tool: 'summarize' }],
    });
    expect(result.topIssues).toHaveLength(1);
    expect(result.topIssues[0]).toMatchObject({
      kind: 'wrong_tool',
      tool: 'download',
      expectedIndex: 1,
      actualIndex: 1,
      problem: 'called download where fetch was expected',
    });
  });

  test('issues are ranked missing, failed, wrong tool, argument mismatch, extra', () => {
    const result = evaluate({
      expected: [{ tool: 'a', args: { x: 1 } }, { tool: 'b' }, { tool: 'c' }, { tool: 'd' }, { tool: 'e' }],
      actual: [
        { tool: 'z' }, // in the gap before the first anchor
        { tool: 'a', args: { x: 2 } },
        { tool: 'q' }, // wrong tool for b
        { tool: 'c' },
        { tool: 'd', error: 'denied' },
        { tool: 'w' },
        { tool: 'w' },
      ],
    });
    // gap 0: nothing expected before a, z is extra; b ↔ q is a wrong tool; e is zipped with the first w, the second w is extra
    expect(kinds(result)).toEqual([
      'failed:d',
      'wrong_tool:q',
      'wrong_tool:w',
      'argument_mismatch:a',
      'extra:z',
      'extra:w',
    ]);
    const failed = result.topIssues[0]!;
    expect(failed.problem).toBe('d failed: "denied" and was not retried successfully');
    const mismatch = result.topIssues[3]!;
    expect(mismatch.problem).toBe('a called with different arguments: x: expected 1, got 2');
    expect(mismatch.diffs).toEqual([{ key: 'x', kind: 'mismatch', expected: 1, actual: 2 }]);
  });

  test('missing, unexpected and mismatched keys are listed per key', () => {
    const result = evaluate({
      expected: [{ tool: 'book', args: { from: 'SFO', to: 'NYC', date: '2025-01-02' } }],
      actual: [{ tool: 'book', args: { from: 'SFO', to: 'LAX', seat: '1A' } }],
    });
    expect(result.topIssues[0]!.problem).toBe(
      'book called with different arguments: to: expected "NYC", got "LAX"; missing: date; unexpected: seat',
    );
    expect(result.topIssues[0]!.fix).toMatch(/relax the gold standard with ANY \/ Regex \/ Approx/);
  });

  test('a failed call retried successfully is not a failed issue', () => {
    const result = evaluate({
      expected: [{ tool: 'deploy', args: { env: 'prod' } }],
      actual: [
        { tool: 'deploy', args: { env: 'prod' }, error: 'timeout' },
        { tool: 'deploy', args: { env: 'prod' } },
      ],
    });
    expect(kinds(result)).toEqual(['extra:deploy']);
    expect(result.findings.map((finding) => finding.message)).toEqual([
      '1 of 2 tool calls failed (deploy)',
      '1 call repeats a failed call with the same arguments',
    ]);
  });

  test('missing calls come first and keep gold order', () => {
    const result = evaluate({ expected: [{ tool: 'a' }, { tool: 'b' }, { tool: 'c' }], actual: [{ tool: 'b' }] });
    expect(kinds(result)).toEqual(['missing:a', 'missing:c']);
    expect(result.topIssues[0]!.problem).toBe('expected call to a was not made');
  });

  test('argument values holding secrets are masked in issue texts', () => {
    const key = `ghp_${'A1b2'.repeat(9)}`;
    const result = evaluate({
      expected: [{ tool: 'git', args: { token: 'x' } }],
      actual: [{ tool: 'git', args: { token: key } }],
    });
    expect(result.topIssues[0]!.problem).toContain('[REDACTED github_token: ghp_…b2]');
    expect(result.topIssues[0]!.problem).not.toContain(key);
  });

  test('strict mode reports trimmed-string differences that lenient mode forgives', () => {
    const options = {
      expected: [{ tool: 'a', args: { city: 'NYC' } }],
      actual: [{ tool: 'a', args: { city: 'NYC ' } }],
    };
    expect(evaluate(options).topIssues).toEqual([]);
    expect(kinds(evaluate({ ...options, strict: true }))).toEqual(['argument_mismatch:a']);
  });
});

describe('a verdict below PASS always has a Top issue', () => {
  test('two calls made in reverse order: WARN with an order issue', () => {
    const result = evaluate({
      expected: [{ tool: 'get_weather' }, { tool: 'get_time' }],
      actual: [{ tool: 'get_time' }, { tool: 'get_weather' }],
    });
    // Selection 1, arguments 1, sequence 0 (edit distance 2 over 2), no redundancy: 0.4 + 0.3 + 0.1 = 0.8.
    expect([result.score, result.verdict]).toEqual([0.8, 'WARN']);
    expect(result.topIssues).toEqual([
      {
        kind: 'out_of_order',
        tool: 'get_weather',
        expectedIndex: 0,
        actualIndex: 1,
        problem: 'calls made in a different order than expected: get_weather was call 2, expected as call 1',
        fix: 'say in the prompt or the tool descriptions in which order the calls belong, or if the order does not matter, group the calls in {"$any_order": [...]} in the gold standard',
      },
    ]);
  });

  test('two calls of one tool swapped change neither the tool order nor the score: no order issue', () => {
    const result = evaluate({
      expected: [
        { tool: 's', args: { q: 1 } },
        { tool: 's', args: { q: 2 } },
      ],
      actual: [
        { tool: 's', args: { q: 2 } },
        { tool: 's', args: { q: 1 } },
      ],
    });
    expect([result.score, result.topIssues]).toEqual([1, []]);
  });

  test('property: for random expected and actual calls, a verdict other than PASS comes with a Top issue', () => {
    fc.assert(
      fc.property(
        fc.array(expectedCall, { maxLength: 5 }),
        fc.array(actualCall, { maxLength: 6 }),
        fc.boolean(),
        (expected, actual, strict) => {
          const result = evaluate({ expected, actual, strict });
          if (result.verdict !== 'PASS') expect(result.topIssues.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 2000 },
    );
    // Reorderings of the expected calls, where only the order can be wrong.
    const reordered = fc
      .array(expectedCall, { minLength: 1, maxLength: 6 })
      .chain((expected) =>
        fc.tuple(
          fc.constant(expected),
          fc.shuffledSubarray(expected, { minLength: expected.length, maxLength: expected.length }),
        ),
      );
    fc.assert(
      fc.property(reordered, ([expected, actual]) => {
        const result = evaluate({ expected, actual });
        if (result.verdict !== 'PASS') expect(result.topIssues.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });

  test('property: topIssue, written alone, is the first of topIssues, sentences and all', () => {
    fc.assert(
      fc.property(
        fc.array(expectedCall, { maxLength: 5 }),
        fc.array(failingCall, { maxLength: 6 }),
        fc.boolean(),
        (expected, actual, strict) => {
          // Two evaluations, so the single issue is built without the whole list to hand.
          const alone = evaluate({ expected, actual, strict }).topIssue;
          expect(alone).toEqual(evaluate({ expected, actual, strict }).topIssues[0] ?? null);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('topIssue of a clean run is null; of a run with issues, the highest ranked', () => {
    expect(evaluate({ expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] }).topIssue).toBeNull();
    const result = evaluate({
      expected: [{ tool: 'a', args: { x: 1 } }, { tool: 'b' }],
      actual: [{ tool: 'a', args: { x: 2 } }, { tool: 'z' }],
    });
    expect(result.topIssue).toMatchObject({ kind: 'wrong_tool', tool: 'z', problem: 'called z where b was expected' });
    // Built once: asking again gives the same object, and so does the full list built afterwards.
    const first = result.topIssue;
    expect(result.topIssue).toBe(first);
    expect(result.topIssues[0]).toEqual(first);
  });
});

describe('outcome failures among the Top issues (docs/outcomes.md)', () => {
  test('a wrong result and a reply rank above an argument difference made earlier in the run', () => {
    const result = evaluate({
      expected: {
        calls: [
          { tool: 'a', args: { x: 1 } },
          { tool: 'b', args: { y: 1 }, result: { ok: true } },
        ],
        response: { contains: ['done'] },
      },
      actual: [
        { tool: 'a', args: { x: 2 } },
        { tool: 'b', args: { y: 1 }, result: { ok: false } },
      ],
      replies: ['Sorry.'],
    });
    // By kind first (wrong_result, reply, then argument_mismatch), not by call position.
    expect(kinds(result)).toEqual(['wrong_result:b', 'reply:reply', 'argument_mismatch:a']);
    expect(result.topIssues.map((issue) => issue.problem)).toEqual([
      'b returned ok false, expected true',
      'the reply does not say "done"',
      'a called with different arguments: x: expected 1, got 2',
    ]);
    expect(result.topIssue).toEqual(result.topIssues[0]);
  });

  test("the state's changes nobody expected are one issue naming each path, after the replies and above argument details", () => {
    const before = { lines: { L1: 'active', L2: 'active', L3: 'active' }, total: 3 };
    const after = { lines: { L1: 'suspended', L2: 'suspended', L3: 'suspended' }, total: 2 };
    const expected = {
      calls: [{ tool: 'suspend_line', args: { line: 'L1' } }],
      state: { expected: { lines: { L1: 'suspended' }, total: 3 }, unchanged: true },
    };
    const result = evaluate({
      expected,
      actual: [{ tool: 'suspend_line', args: { line: 'L9' } }],
      stateBefore: before,
      stateAfter: after,
    });
    // Checks: $.lines.L1 passes, $.total fails, "unchanged" fails on L2 and L3 ($.total is covered by its expected value).
    expect(kinds(result)).toEqual(['state:state', 'state:state', 'argument_mismatch:suspend_line']);
    const [total, unexpected] = result.topIssues;
    expect(total).toMatchObject({
      expectedIndex: null,
      actualIndex: null,
      problem: '$.total is 2, expected 3',
    });
    // The failure's own sentence, not a second one written for the Top issues.
    expect(unexpected!.problem).toBe(
      'changes nobody expected: $.lines.L2 "active" → "suspended"; $.lines.L3 "active" → "suspended"',
    );
    expect(result.metrics.outcome_metrics!.failures.map((failure) => failure.message)).toEqual([
      total!.problem,
      unexpected!.problem,
    ]);
    expect(unexpected!.fix).toBe(
      'make the agent change what the task asks for and nothing else (prompt, tool descriptions), or correct the gold\'s "state" ("expected", "allowed_changes")',
    );
    expect(result.topIssue).toEqual(total);
  });
});
