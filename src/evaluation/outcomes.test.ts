import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { evaluate } from './evaluate.js';
import { replyHas } from './outcomes.js';

describe('outcome checks: results and success', () => {
  test('a right call that failed: one failed success check, the finding and Top issue quote the error', () => {
    const result = evaluate({
      expected: { require_success: true, calls: [{ tool: 'refund_order', args: { id: 7 } }] },
      actual: [{ tool: 'refund_order', args: { id: 7 }, error: 'card expired' }],
    });
    // Selection, arguments, sequence and redundancy judge what was called: all 1, so the score is 1.
    expect(result.score).toBe(1);
    // Required call recall counts only calls that ran without error: 0 of 1.
    expect(result.requiredCallRecall).toBe(0);
    const outcome = result.metrics.outcome_metrics!;
    expect(outcome).toEqual({
      checks: 1,
      passed: 0,
      failed: 1,
      rate: 0,
      result_checks: { checks: 0, passed: 0 },
      success_checks: { checks: 1, passed: 0 },
      reply_checks: { checks: 0, passed: 0 },
      state_checks: { checks: 0, passed: 0 },
      failures: [
        {
          check: 'success',
          expected_index: 0,
          actual_index: 0,
          tool: 'refund_order',
          turn: null,
          message: 'refund_order failed: "card expired"',
        },
      ],
    });
    expect(result.topIssues.map((issue) => [issue.kind, issue.problem])).toEqual([
      ['failed', 'refund_order failed: "card expired"'],
    ]);
    expect(result.findings.map((finding) => finding.message)).toContain('refund_order failed: "card expired"');
    expect(result.violationCount).toBe(1);
    // With the outcome weight 0.5 next to the defaults: (1 + 0.5 × 0) / 1.5 = 0.666666666667.
    const weighted = evaluate({
      expected: { require_success: true, calls: [{ tool: 'refund_order', args: { id: 7 } }] },
      actual: [{ tool: 'refund_order', args: { id: 7 }, error: 'card expired' }],
      weights: { outcome: 0.5 },
    });
    expect(weighted.score).toBe(0.666666666667);
    expect(weighted.weights.outcome).toBeCloseTo(1 / 3, 12);
  });

  test('a wrong result: the JSON-string result is parsed, only the named keys are compared', () => {
    const result = evaluate({
      expected: [
        { tool: 'get_order', args: { id: 7 }, result: { status: 'delivered', id: { $type: 'number' } } },
        { tool: 'cancel_order', succeeds: false },
      ],
      actual: [
        { tool: 'get_order', args: { id: 7 }, result: '{"id": 7, "status": "shipped", "eta": "Friday"}' },
        { tool: 'cancel_order', args: { id: 7 }, result: 'cancelled' },
      ],
      weights: { outcome: 1 },
    });
    const outcome = result.metrics.outcome_metrics!;
    expect(outcome.failures.map((failure) => failure.message)).toEqual([
      'get_order returned status "shipped", expected "delivered"',
      'cancel_order succeeded, expected it to fail',
    ]);
    expect([outcome.checks, outcome.passed]).toEqual([2, 0]);
    // Defaults blend to 1 (every call right), the outcome term is 0: 1 × 1/2 + 0 × 1/2.
    expect(result.score).toBe(0.5);
    expect(result.topIssues.map((issue) => issue.kind)).toEqual(['wrong_result', 'wrong_result']);
  });

  test('a call that must fail and did: the check passes and required call recall counts it', () => {
    const result = evaluate({
      expected: [{ tool: 'transfer', succeeds: false, result: { $regex: '.*refused.*' } }],
      actual: [{ tool: 'transfer', args: {}, is_error: true, result: 'transfer refused: over limit' }],
    });
    expect(result.metrics.outcome_metrics!.passed).toBe(2);
    expect(result.metrics.outcome_metrics!.failed).toBe(0);
  });

  test('a gold without outcome keys has no outcome section, no outcome weight, and the same score', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ tool: fc.constantFrom('a', 'b'), n: fc.integer({ min: 0, max: 2 }) }), { maxLength: 4 }),
        fc.array(
          fc.record({ tool: fc.constantFrom('a', 'b', 'c'), n: fc.integer({ min: 0, max: 2 }), failed: fc.boolean() }),
          { maxLength: 4 },
        ),
        (gold, trace) => {
          const expected = gold.map((call) => ({ tool: call.tool, args: { n: call.n } }));
          const actual = trace.map((call) => ({ tool: call.tool, args: { n: call.n }, is_error: call.failed }));
          const plain = evaluate({ expected, actual });
          // A gold that writes every outcome key at its "no check" value reads as the plain one.
          const spelled = evaluate({
            expected: { calls: expected.map((call) => ({ ...call, result: null })), require_success: false },
            actual,
          });
          expect(plain.metrics.outcome_metrics).toBeUndefined();
          expect(JSON.stringify(spelled.toDict())).toBe(JSON.stringify(plain.toDict()));
          expect(Object.keys(plain.weights)).not.toContain('outcome');
          // The outcome weight with no outcome checks counts them as met: the score does not move.
          expect(evaluate({ expected, actual, weights: { outcome: 0.4 } }).score).toBeCloseTo(
            Math.min(1, plain.score / 1.4 + 0.4 / 1.4),
            11,
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('outcome checks: the reply', () => {
  const gold = {
    calls: [{ tool: 'get_order', args: { id: 7 } }],
    response: { contains: ['shipped'], not_contains: ['refund'], regex: '(?i)order\\s+7' },
  };

  test('a reply that promises a refund no call made fails its not_contains check', () => {
    const result = evaluate({
      expected: gold,
      actual: [{ tool: 'get_order', args: { id: 7 } }],
      replies: ['Order 7 has shipped, and I have issued a refund.'],
    });
    const outcome = result.metrics.outcome_metrics!;
    expect(outcome.reply_checks).toEqual({ checks: 3, passed: 2 });
    expect(outcome.failures.map((failure) => failure.message)).toEqual(['the reply says "refund", which it must not']);
    expect(result.topIssues[0]!.kind).toBe('reply');
    expect(result.score).toBe(1);
  });

  test('no recorded reply fails every reply check, it never passes', () => {
    const result = evaluate({ expected: gold, actual: [{ tool: 'get_order', args: { id: 7 } }] });
    expect(result.metrics.outcome_metrics!.reply_checks).toEqual({ checks: 3, passed: 0 });
    expect(new Set(result.metrics.outcome_metrics!.failures.map((failure) => failure.message))).toEqual(
      new Set(['no reply recorded']),
    );
  });

  test('per turn: turn k reads replies[k-1], failures name their turn', () => {
    const result = evaluate({
      expected: {
        turns: [
          { calls: [{ tool: 'get_order', args: { id: 7 } }], response: { contains: ['shipped'] } },
          { calls: [], response: { not_contains: ['refund'] } },
        ],
      },
      actual: [{ tool: 'get_order', args: { id: 7 }, turn: 1 }],
      userMessages: ['Where is order 7?', 'Thanks'],
      replies: ['It has shipped.', 'Your refund is on its way.'],
    });
    expect(result.metrics.outcome_metrics!.failures.map((failure) => [failure.turn, failure.message])).toEqual([
      [2, 'the reply says "refund", which it must not'],
    ]);
    expect(result.findings.map((finding) => finding.message)).toContain(
      'turn 2: the reply says "refund", which it must not',
    );
    expect(result.topIssues.map((issue) => issue.problem)).toEqual([
      'turn 2: the reply says "refund", which it must not',
    ]);
  });

  test('tau and bfcl normalizations read as their checkers do', () => {
    // tau-bench: the output lower-cased in the reply lower-cased with its commas removed.
    expect(replyHas('Your total is $1,234.50.', '$1234.50', 'tau')).toBe(true);
    expect(replyHas('Your total is $1,234.50.', '$1,234.50', 'tau')).toBe(false);
    expect(replyHas('Your total is $1,234.50.', '$1234.50', 'none')).toBe(false);
    // BFCL: , . / - _ * ^ ( ) removed from both, lower-cased, found between word boundaries.
    expect(replyHas('The meeting is on April 1, 2024.', 'april 1 2024', 'bfcl')).toBe(true);
    expect(replyHas('It costs 150 dollars', '50', 'bfcl')).toBe(false);
    expect(replyHas('It costs 1.50 dollars', '150', 'bfcl')).toBe(true);
  });

  test('contains_any is one check, met by any of its texts (under the normalisation)', () => {
    const expected = {
      calls: [],
      allow_extra_calls: true,
      response: { contains_any: ['35', 'thirty five'], normalize: 'bfcl' as const },
    };
    const check = (reply: string) => evaluate({ expected, actual: [], replies: [reply] }).metrics.outcome_metrics!;
    expect(check('You are Thirty Five.').reply_checks).toEqual({ checks: 1, passed: 1 });
    expect(check('You are 35 years old').reply_checks).toEqual({ checks: 1, passed: 1 });
    const failed = check('You are 350 months old');
    expect(failed.reply_checks).toEqual({ checks: 1, passed: 0 });
    expect(failed.failures.map((failure) => failure.message)).toEqual(['the reply says none of "35", "thirty five"']);
    expect(evaluate({ expected, actual: [] }).metrics.outcome_metrics!.failures[0]!.message).toBe('no reply recorded');
  });

  test('bad response checks are errors naming their path', () => {
    expect(() => evaluate({ expected: { calls: [], response: { contains_any: [] } }, actual: [] })).toThrow(
      'expected at $.response.contains_any: expected at least one text (the reply must say one of them)',
    );
    expect(() => evaluate({ expected: { calls: [], response: { contains_any: ['a', ''] } }, actual: [] })).toThrow(
      'expected at $.response.contains_any[1]: expected a non-empty text, got a string',
    );
    expect(() => evaluate({ expected: { calls: [], response: { contains: 'refund' } } as never, actual: [] })).toThrow(
      'expected at $.response.contains: expected an array of texts, got a string',
    );
    expect(() => evaluate({ expected: { calls: [], response: { regex: '(a' } }, actual: [] })).toThrow(
      /expected at \$\.response\.regex: invalid pattern/,
    );
    expect(() => evaluate({ expected: [{ tool: 'a', succeeds: 'yes' } as never], actual: [] })).toThrow(
      'expected at $[0].succeeds: expected true or false, got a string',
    );
    expect(() => evaluate({ expected: [{ tool: 'a', result: { s: { $regx: 'x' } } }], actual: [] })).toThrow(
      /\$\[0\]\.result\.s/,
    );
  });
});
