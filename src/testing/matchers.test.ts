import { describe, expect, it } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { evaluate } from '../evaluation/evaluate.js';
import { ANY } from '../match/matchers/any.js';
import { Regex } from '../match/matchers/regex.js';
import { Optional } from '../match/matchers/optional.js';
import '../vitest.js';

/** The support agent: every call right but the refund, 499.9 for 49.99. */
const refundedWrongAmount = [
  { tool: 'lookup_customer', args: { email: 'ana@example.com' } },
  { tool: 'get_order', args: { order_id: 'A1' } },
  { tool: 'refund_order', args: { order_id: 'A1', amount: 499.9, currency: 'EUR', reason: 'damaged' } },
];
const supportGold = [
  { tool: 'lookup_customer', args: { email: 'ana@example.com' } },
  { tool: 'get_order', args: { order_id: 'A1' } },
  { tool: 'refund_order', args: { order_id: 'A1', amount: 49.99, currency: 'EUR', reason: 'damaged' } },
];

describe('toCallTools fails on a missing call or a wrong listed argument, whatever the score', () => {
  it('a wrong amount fails although the score is 0.95', () => {
    // 5 of 6 arguments right: F1 5/6, so 0.4 + 0.3·5/6 + 0.2 + 0.1 = 0.95, over the old threshold 0.9.
    const failure = () => expect(refundedWrongAmount).toCallTools(supportGold);
    expect(failure).toThrow(
      [
        'the calls do not meet the expectation:',
        '  - refund_order called with different arguments: amount: expected 49.99, got 499.9',
        '',
        'Expected vs actual tool calls',
      ].join('\n'),
    );
    expect(failure).toThrow('score 0.95 · selection 1.00 · args 0.83 · sequence 1.00\ntips:');
    // The failure as docs/testing.md shows it.
    expect(failure).toThrow(
      '  3  refund_order(order_id="A1", amount=49.99, currency="EUR", reason="damaged")  refund_order(order_id="A1", amount=499.9, currency="EUR", reason="damaged")  amount: expected 49.99, got 499.9\n',
    );
    expect(() => expect(refundedWrongAmount).toCallTools(supportGold, { minScore: 0.9 })).toThrow(
      'score 0.95 ≥ 0.90 required',
    );
    expect(refundedWrongAmount).not.toCallTools(supportGold);
  });

  it('a missing call fails, even with minScore 0; an optional one does not', () => {
    const made = refundedWrongAmount.slice(0, 2);
    expect(() =>
      expect(made).toCallTools([...supportGold.slice(0, 2), { tool: 'refund_order' }], { minScore: 0 }),
    ).toThrow('  - expected call to refund_order was not made');
    expect(made).toCallTools([...supportGold.slice(0, 2), { tool: 'refund_order', optional: true }]);
  });

  it('a listed argument left out fails; an Optional one does not', () => {
    const calls = [{ tool: 'search', args: { q: 'x' } }];
    expect(() => expect(calls).toCallTools([{ tool: 'search', args: { q: 'x', limit: 10 } }])).toThrow(
      '  - search called with different arguments: missing: limit\n',
    );
    expect(calls).toCallTools([{ tool: 'search', args: { q: 'x', limit: Optional(10) } }]);
  });

  it('minScore is a further condition the user opts into, never a way round the checks', () => {
    const calls = [{ tool: 'search', args: { q: 'x' } }];
    expect(calls).toCallTools([{ tool: 'search', args: { q: 'x' } }], { minScore: 1 });
    expect(() => expect(calls).toCallTools([{ tool: 'search', args: { q: 'y' } }], { minScore: 0 })).toThrow(
      'q: expected "y", got "x"',
    );
    expect(() => expect(calls).toCallTools([{ tool: 'search' }], { minScore: 2 })).toThrow(ToolscoreInputError);
  });

  it('by default: in the listed order, other calls and other arguments allowed', () => {
    const calls = [
      { tool: 'think', args: { note: 'first the search' } },
      { tool: 'search', args: { q: 'x', page: 1 } },
      { tool: 'log' },
      { tool: 'book', args: { id: 'B1' } },
    ];
    expect(calls).toCallTools([{ tool: 'search', args: { q: 'x' } }, { tool: 'book' }]);
    expect(() => expect(calls).toCallTools([{ tool: 'book' }, { tool: 'search' }])).toThrow(
      'the calls do not meet the expectation:\n  - calls made in a different order than expected: book was call 4, expected as call 1\n',
    );
  });

  it('extraArgs: deny fails an argument beyond the listed ones', () => {
    const calls = [{ tool: 'search', args: { q: 'x', page: 1 } }];
    expect(() => expect(calls).toCallTools([{ tool: 'search', args: { q: 'x' } }], { extraArgs: 'deny' })).toThrow(
      '  - search called with different arguments: unexpected: page\n',
    );
    // A call's own extra_args wins over the option, as a call's wins over the file's.
    expect(calls).toCallTools([{ tool: 'search', args: { q: 'x' }, extra_args: 'allow' }], { extraArgs: 'deny' });
  });
});

describe("toCallTools with agentevals' trajectory modes", () => {
  const a = { tool: 'a' };
  const b = { tool: 'b' };
  const c = { tool: 'c' };

  it('strict: exactly these calls, in this order', () => {
    expect([a, b]).toCallTools([a, b], { mode: 'strict' });
    expect(() => expect([b, a]).toCallTools([a, b], { mode: 'strict' })).toThrow(
      '  - calls made in a different order than expected: a was call 2, expected as call 1\n',
    );
    expect(() => expect([a, b, c]).toCallTools([a, b], { mode: 'strict' })).toThrow('unexpected call to c');
  });

  it('strict, and the default: two calls of one tool swapped are out of order, though the score is 1', () => {
    const expected = [
      { tool: 'search', args: { q: 'flights' } },
      { tool: 'search', args: { q: 'hotels' } },
    ];
    const swapped = [expected[1]!, expected[0]!];
    // The tools come in the expected order and every argument is right once paired: score 1.
    expect(evaluate({ expected, actual: swapped }).score).toBe(1);
    for (const options of [{}, { mode: 'strict' as const }])
      expect(() => expect(swapped).toCallTools(expected, options)).toThrow(
        'the calls do not meet the expectation:\n  - calls made in a different order than expected: search was call 1, expected as call 2\n',
      );
    expect(swapped).toCallTools(expected, { mode: 'unordered' });
    expect(swapped).toCallTools([{ $any_order: expected }]);
  });

  it('unordered: exactly these calls, in any order', () => {
    expect([b, a]).toCallTools([a, b], { mode: 'unordered' });
    expect(() => expect([b, a, c]).toCallTools([a, b], { mode: 'unordered' })).toThrow('unexpected call to c');
    expect(() => expect([b]).toCallTools([a, b], { mode: 'unordered' })).toThrow('expected call to a was not made');
  });

  it('superset: at least these calls, in any order', () => {
    expect([c, b, a]).toCallTools([a, b], { mode: 'superset' });
    expect(() => expect([c, b]).toCallTools([a, b], { mode: 'superset' })).toThrow('expected call to a was not made');
  });

  it('subset: only these calls, in any order, each may be left out', () => {
    expect([]).toCallTools([a, b], { mode: 'subset' });
    expect([b]).toCallTools([a, b], { mode: 'subset' });
    expect(() => expect([b, c]).toCallTools([a, b], { mode: 'subset' })).toThrow('unexpected call to c');
  });

  it('a mode with a call that contradicts it is an error naming both', () => {
    expect(() => expect([a]).toCallTools([{ tool: 'a', optional: false }], { mode: 'subset' })).toThrow(
      'expected at $.calls[0].optional: "optional": false conflicts with "mode": "subset", which means "optional": true for every call; remove one of them',
    );
  });

  it('arguments are checked in every mode', () => {
    const calls = [{ tool: 'a', args: { n: 2 } }];
    for (const mode of ['strict', 'unordered', 'superset', 'subset'] as const)
      expect(() => expect(calls).toCallTools([{ tool: 'a', args: { n: 1 } }], { mode })).toThrow(
        'a called with different arguments: n: expected 1, got 2',
      );
  });
});

describe('toCallTool and toCallTools read arguments alike', () => {
  const calls = [{ tool: 'book_flight', args: { flight_id: 'TP1351', passengers: 2 } }];

  it('listed arguments are checked, other arguments allowed, in both', () => {
    expect(calls).toCallTool('book_flight', { flight_id: 'TP1351' });
    expect(calls).toCallTools([{ tool: 'book_flight', args: { flight_id: 'TP1351' } }]);
  });

  it('extraArgs: deny makes both exact', () => {
    expect(calls).not.toCallTool('book_flight', { flight_id: 'TP1351' }, { extraArgs: 'deny' });
    expect(() =>
      expect(calls).toCallTools([{ tool: 'book_flight', args: { flight_id: 'TP1351' } }], { extraArgs: 'deny' }),
    ).toThrow('  - book_flight called with different arguments: unexpected: passengers\n');
    expect(calls).toCallTool('book_flight', { flight_id: 'TP1351', passengers: 2 }, { extraArgs: 'deny' });
  });

  it('args: {} means "called without arguments" in both, as everywhere', () => {
    const bare = [{ tool: 'list_orders', args: {} }];
    const withOne = [{ tool: 'list_orders', args: { status: 'open' } }];
    expect(bare).toCallTool('list_orders', {});
    expect(withOne).not.toCallTool('list_orders', {});
    expect(bare).toCallTools([{ tool: 'list_orders', args: {} }]);
    expect(() => expect(withOne).toCallTools([{ tool: 'list_orders', args: {} }])).toThrow(
      '  - list_orders called with different arguments: unexpected: status\n',
    );
    // Unless the call itself allows other arguments, or leaves its arguments out.
    expect(withOne).toCallTools([{ tool: 'list_orders', args: {}, extra_args: 'allow' }]);
    expect(withOne).toCallTools([{ $any_order: [{ tool: 'list_orders' }] }]);
    expect(() => expect(withOne).toCallTools([{ $any_order: [{ tool: 'list_orders', args: {} }] }])).toThrow(
      'unexpected: status',
    );
  });

  it('a $regex must match the whole value in both, as in a gold file', () => {
    expect(calls).not.toCallTool('book_flight', { flight_id: { $regex: 'TP' } });
    expect(() => expect(calls).toCallTools([{ tool: 'book_flight', args: { flight_id: { $regex: 'TP' } } }])).toThrow(
      'flight_id',
    );
    expect(calls).toCallTool('book_flight', { flight_id: Regex('TP\\d+'), passengers: ANY });
  });

  it('strict compares without trimming in both', () => {
    const padded = [{ tool: 'get_weather', args: { city: ' Paris' } }];
    expect(padded).toCallTool('get_weather', { city: 'Paris' });
    expect(padded).not.toCallTool('get_weather', { city: 'Paris' }, { strict: true });
    expect(() =>
      expect(padded).toCallTools([{ tool: 'get_weather', args: { city: 'Paris' } }], { strict: true }),
    ).toThrow('city: expected "Paris", got " Paris"');
  });

  it('is typed: modes and extraArgs are checked by tsc', () => {
    // The checks below are for `tsc`; none of them runs.
    if (Math.random() > 2) {
      // @ts-expect-error agentevals has no mode named exact (its argument mode is extraArgs here)
      expect(calls).toCallTools([], { mode: 'exact' });
      // @ts-expect-error extraArgs is allow or deny
      expect(calls).toCallTools([], { extraArgs: true });
      // @ts-expect-error toCallTool takes no mode (one call has no order)
      expect(calls).toCallTool('book_flight', {}, { mode: 'strict' });
      // @ts-expect-error extraArgs is allow or deny
      expect(calls).toCallTool('book_flight', {}, { extraArgs: 'exact' });
      // @ts-expect-error the minimum is a number
      expect(calls).toCallTools([], { minScore: '0.9' });
    }
    expect(calls).toCallTools([], { mode: 'superset', extraArgs: 'deny', minScore: 1, strict: true });
  });
});

describe('toPassHatK runs the agent k times and requires pass^k', () => {
  /** get_weather for the city at the end of the input; trial 2 of 3 gets LA instead (see test-agent.test.ts). */
  const flaky = (input: string, { trial }: { trial: number }) => [
    { tool: 'get_weather', args: { city: trial === 2 ? 'LA' : input.split(' ').at(-1) } },
  ];
  const options = { input: 'weather in NYC', expected: [{ tool: 'get_weather', args: { city: 'NYC' } }] };
  // c = 2 of 3 (trial 2 scores 0.70, WARN): pass^1 = 2/3, pass^2 = 1/3, pass^3 = 0.
  const trials = [
    '2 of 3 trials passed (a success is a PASS verdict)',
    '  trial 1  ✓  score 1.00  PASS',
    '  trial 2  ✗  score 0.70  WARN  get_weather called with different arguments: city: expected "NYC", got "LA"',
    '              fix: align the arguments the agent passes to get_weather (prompt, parameter descriptions), or relax the gold standard with ANY / Regex / Approx',
    '  trial 3  ✓  score 1.00  PASS',
    'pass^k 0.667 0.333 0.000 · pass@k 0.667 1.000 1.000 (k = 1…3)',
  ].join('\n');

  it('a flaky agent fails pass^3 = 1 (3 trials by default) with every trial and its top issue', async () => {
    await expect(expect(flaky).toPassHatK(3, 1, options)).rejects.toThrow(`pass^3 0.00 < 1.00 required\n${trials}`);
  });

  it('passes when pass^k reaches min: pass^1 2/3 ≥ 0.6 and pass^2 1/3 ≥ 0.3 over 3 trials', async () => {
    await expect(flaky).toPassHatK(1, 0.6, { ...options, trials: 3 });
    await expect(flaky).toPassHatK(2, 0.3, { ...options, trials: 3 });
    await expect(flaky).toPassHatK(1, 1, { ...options, trials: 1 });
  });

  it('.not passes when pass^k is under min, and fails with the same trials when it is not', async () => {
    await expect(flaky).not.toPassHatK(3, 1, options);
    await expect(expect(flaky).not.toPassHatK(1, 0.6, { ...options, trials: 3 })).rejects.toThrow(
      `pass^1 0.67 ≥ 0.60, expected below 0.60\n${trials}`,
    );
  });

  it('minScore makes success a score: every trial reaches 0.7', async () => {
    await expect(flaky).toPassHatK(3, 1, { ...options, minScore: 0.7 });
  });

  it('refuses what it cannot measure, and a typo in the expected calls, with or without .not', async () => {
    await expect(expect([]).toPassHatK(1, 1, options)).rejects.toThrow(
      'toPassHatK() expects the agent, a function (input, context) => response',
    );
    await expect(expect(flaky).toPassHatK(4, 1, { ...options, trials: 3 })).rejects.toThrow(
      'toPassHatK: k: expected a whole number in [1, 3], got 4',
    );
    await expect(expect(flaky).toPassHatK(0, 1, options)).rejects.toThrow(
      'toPassHatK: k: expected a whole number ≥ 1, got 0',
    );
    await expect(expect(flaky).toPassHatK(1, 1.5, options)).rejects.toThrow(
      'toPassHatK: min: expected a number between 0 and 1, got 1.5',
    );
    const typo = { ...options, expected: [{ tool: 'get_weather', arg: { city: 'NYC' } }] };
    await expect(expect(flaky).not.toPassHatK(1, 1, typo)).rejects.toThrow(
      'expected at $[0]: unknown key "arg"; did you mean "args"?',
    );
  });
});
