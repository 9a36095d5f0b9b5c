import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import { SUPPORT_TURNS, lateRefundChat, supportChat } from '../../test/conversation-fixtures.js';
import { ToolscoreInputError } from '../core/errors.js';
import { assertTools } from './assert-tools.js';
import { ToolscoreAssertionError } from './assertion-error.js';

const expected = [{ tool: 'get_weather', args: { city: 'NYC' } }];

describe('assertTools', () => {
  it('returns the result when the score reaches the minimum', () => {
    const result = assertTools(expected, [{ tool: 'get_weather', args: { city: 'NYC' } }]);
    expect(result.score).toBe(1);
  });

  it('throws an AssertionError whose message is the failure table', () => {
    // Wrong city: selection 1, F1 0, sequence 1, redundancy 0 ⇒ 0.4 + 0 + 0.2 + 0.1 = 0.7.
    let error: unknown;
    try {
      assertTools(expected, [{ tool: 'get_weather', args: { city: 'LA' } }]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ToolscoreAssertionError);
    expect(error).toBeInstanceOf(AssertionError);
    const failure = error as ToolscoreAssertionError;
    expect(failure.name).toBe('ToolscoreAssertionError');
    expect(failure.result?.score).toBeCloseTo(0.7, 12);
    expect(failure.message).toContain('city: expected "NYC", got "LA"');
    expect(failure.message).toContain('score 0.70 < 0.90 required · selection 1.00 · args 0.00 · sequence 1.00');
  });

  it('takes a raw agent response, weights and a minimum', () => {
    const response = {
      choices: [
        {
          message: {
            role: 'assistant',
            tool_calls: [{ id: '1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"LA"}' } }],
          },
        },
      ],
    };
    expect(assertTools(expected, response, { minScore: 0.7 }).score).toBeCloseTo(0.7, 12);
    // Only argument F1 weighs: 0.
    expect(() =>
      assertTools(expected, response, {
        minScore: 0.1,
        weights: { selection_accuracy: 0, sequence_accuracy: 0, redundant_rate: 0, argument_f1: 1 },
      }),
    ).toThrow(ToolscoreAssertionError);
  });

  it('compares strictly when asked', () => {
    const actual = [{ tool: 'get_weather', args: { city: ' NYC' } }];
    expect(assertTools(expected, actual).score).toBe(1);
    expect(() => assertTools(expected, actual, { strict: true })).toThrow(/city: expected "NYC", got " NYC"/);
  });

  it('rejects a minimum outside [0, 1] before scoring', () => {
    expect(() => assertTools(expected, [], { minScore: 1.5 })).toThrow(ToolscoreInputError);
    expect(() => assertTools(expected, [], { minScore: Number.NaN })).toThrow('expected a number between 0 and 1');
  });

  it('forgives float noise at the threshold', () => {
    // 0.4·1 + 0.3·0 + 0.2·1 + 0.1·1 = 0.7 as summed in floating point.
    expect(() =>
      assertTools(expected, [{ tool: 'get_weather', args: { city: 'LA' } }], { minScore: 0.7 }),
    ).not.toThrow();
  });
});

describe('assertTools: a typo in the expected calls is a bug in the test, never a pass', () => {
  it('an unknown key fails with the key, its path and what it probably means, whatever the score', () => {
    // Read loosely, "arguments" is ignored and the wrong amount scores 1.00.
    const typo = [{ tool: 'refund_order', arguments: { amount: 49.99 } }] as unknown as typeof expected;
    expect(() => assertTools(typo, [{ tool: 'refund_order', args: { amount: 4999 } }])).toThrow(
      new ToolscoreInputError({ source: 'expected', path: '$[0]' }, 'unknown key "arguments"; did you mean "args"?'),
    );
  });
});

describe('assertTools: a conversation gold', () => {
  it('scores a recorded chat turn by turn: a refund one turn late fails', () => {
    expect(assertTools(SUPPORT_TURNS, supportChat).score).toBe(1);
    // Turn 1 right (1), turn 2 missing its call (0), turn 3 an unexpected call (0): 1/3.
    let error: unknown;
    try {
      assertTools(SUPPORT_TURNS, lateRefundChat);
    } catch (caught) {
      error = caught;
    }
    const failure = error as ToolscoreAssertionError;
    expect(failure).toBeInstanceOf(ToolscoreAssertionError);
    expect(failure.result?.score).toBe(0.333333333333);
    expect(failure.result?.metrics.turn_pass_rate).toBeCloseTo(1 / 3, 12);
    expect(failure.message).toContain('score 0.33 < 0.90 required');
    expect(failure.message).toContain('warning: refund_order expected in turn 2, made in turn 3');
    // The same calls as one flat list score 1: the lateness is what the turns see.
    expect(
      assertTools(
        SUPPORT_TURNS.turns.flatMap((turn) => turn.calls),
        lateRefundChat,
      ).score,
    ).toBe(1);
  });

  it('a typo inside a turn fails with its path and turn', () => {
    const typo = { turns: [{ user: 'Where is order 7?', calls: [{ tool: 'get_order', arguments: { id: 7 } }] }] };
    expect(() => assertTools(typo as never, supportChat, { minScore: 0 })).toThrow(
      new ToolscoreInputError(
        { source: 'expected', path: '$.turns[0].calls[0]' },
        'unknown key "arguments" in turn 1; did you mean "args"?',
      ),
    );
  });
});
