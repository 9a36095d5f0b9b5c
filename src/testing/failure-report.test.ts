import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluation/evaluate.js';
import { ANY } from '../match/matchers/any.js';
import { Regex } from '../match/matchers/regex.js';
import { renderFailureReport } from './failure-report.js';

/*
 * Expected [search_flights(origin=ANY, destination="NYC"), book_flight(flight_id=Regex)];
 * actual [search_flights(origin="SFO", destination="LA"), cancel_booking(id="B1")].
 * - selection: 1 of 2 calls uses an expected tool = 0.5
 * - sequence: one substitution over 2 = 0.5
 * - arguments: search_flights pairs; origin right, destination wrong ⇒ correct 1; expected 2 + 1
 *   (book_flight unpaired) = 3, passed 2 ⇒ P 1/2, R 1/3, F1 0.4
 * - redundancy: cancel_booking is 1 of 2 calls beyond the expected ⇒ 1 − 0.5
 * - score = 0.4·0.5 + 0.3·0.4 + 0.2·0.5 + 0.1·0.5 = 0.47
 */
const flights = () =>
  evaluate({
    expected: [
      { tool: 'search_flights', args: { origin: ANY, destination: 'NYC' } },
      { tool: 'book_flight', args: { flight_id: Regex('FL-\\d+') } },
    ],
    actual: [
      { tool: 'search_flights', args: { origin: 'SFO', destination: 'LA' } },
      { tool: 'cancel_booking', args: { id: 'B1' } },
    ],
  });

describe('renderFailureReport', () => {
  it('aligns expected and actual calls, then the score line and the fixes as tips', () => {
    const result = flights();
    expect(result.score).toBeCloseTo(0.47, 12);
    expect(renderFailureReport(result, { minScore: 0.9 })).toBe(
      [
        'Expected vs actual tool calls',
        '  #  Expected                                       Actual                                          Status',
        '  1  search_flights(origin=ANY, destination="NYC")  search_flights(origin="SFO", destination="LA")  destination: expected "NYC", got "LA"',
        `  2  book_flight(flight_id=Regex("FL-\\\\d+"))        cancel_booking(id="B1")                         tool: 'book_flight' ≠ 'cancel_booking'`,
        '',
        'score 0.47 < 0.90 required · selection 0.50 · args 0.40 · sequence 0.50',
        'tips:',
        '  - make the descriptions of book_flight and cancel_booking say when each applies, or if cancel_booking is an acceptable substitute, put it in the gold standard',
        '  - align the arguments the agent passes to search_flights (prompt, parameter descriptions), or relax the gold standard with ANY / Regex / Approx',
      ].join('\n'),
    );
  });

  it('marks matches, missing and extra calls, shows unchecked and empty arguments', () => {
    // Expected [a(…any…), b()]; actual [a(q="z"), b(), d()]: d is extra.
    const result = evaluate({
      expected: [{ tool: 'a' }, { tool: 'b', args: {} }],
      actual: [
        { tool: 'a', args: { q: 'z' } },
        { tool: 'b', args: {} },
        { tool: 'd', args: {} },
      ],
    });
    const text = renderFailureReport(result, { minScore: 1 });
    expect(text.split('\n').slice(1, 5)).toEqual([
      '  #  Expected       Actual    Status',
      '  1  a(…any args…)  a(q="z")  ✓',
      '  2  b()            b()       ✓',
      '  3  —              d()       EXTRA',
    ]);
    const missing = renderFailureReport(
      evaluate({ expected: [{ tool: 'a' }, { tool: 'b' }], actual: [{ tool: 'a' }] }),
      { minScore: 0.9 },
    );
    expect(missing).toContain('  2  b(…any args…)  —       MISSING');
  });

  it('cuts long values at 40 characters, masks credentials and escapes control characters', () => {
    const long = 'x'.repeat(100);
    const result = evaluate({
      expected: [{ tool: 'fetch', args: { url: ANY } }],
      actual: [{ tool: 'fetch\u001b[2J', args: { url: long, key: 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789' } }],
    });
    const text = renderFailureReport(result, { minScore: 0.9 });
    expect(text).toContain(`url="${'x'.repeat(38)}…`);
    expect(text).not.toContain('\u001b');
    expect(text).toContain('fetch\\u001b[2J(');
    expect(text).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789');
  });

  it('shows more decimals when two decimals would hide that the score is under the minimum', () => {
    // One of two expected calls made with right args: selection 1, args P 1/1 R 1/2 ⇒ F1 2/3,
    // sequence 1 − 1/2, redundancy 0 ⇒ 0.4 + 0.3·2/3 + 0.2·0.5 + 0.1 = 0.8.
    const result = evaluate({
      expected: [
        { tool: 'a', args: { k: 1 } },
        { tool: 'b', args: { k: 2 } },
      ],
      actual: [{ tool: 'a', args: { k: 1 } }],
    });
    expect(result.score).toBeCloseTo(0.8, 12);
    expect(renderFailureReport(result, { minScore: 0.8001 })).toContain('score 0.8000 < 0.8001 required');
    expect(renderFailureReport(result, { minScore: 0.8 })).toContain('score 0.80 ≥ 0.80 required');
  });

  it('colours only when asked', () => {
    const result = flights();
    expect(renderFailureReport(result, { minScore: 0.9 })).not.toContain('\u001b[');
    expect(renderFailureReport(result, { minScore: 0.9, color: true })).toContain('\u001b[31m');
  });
});
