import { describe, expect, it } from 'vitest';
import { toActualCall, toActualCalls } from './calls.js';

describe('toActualCall: the turn a call was made in', () => {
  it('keeps a whole number from 1 as the call turn, not as metadata', () => {
    expect(toActualCall({ tool: 'a', turn: 3 }, '$[0]')).toEqual({ tool: 'a', args: null, is_error: false, turn: 3 });
    expect(toActualCall({ tool: 'a', turn: null }, '$[0]')).toEqual({ tool: 'a', args: null, is_error: false });
  });

  it('refuses a turn that is not a whole number from 1, naming its path', () => {
    for (const turn of [0, 1.5, -2, '2'])
      expect(() => toActualCalls([{ tool: 'a' }, { tool: 'b', turn }])).toThrow(
        `actual at $[1].turn: expected a whole number from 1 (the conversation turn), got ${typeof turn === 'string' ? 'a string' : turn}`,
      );
  });
});
