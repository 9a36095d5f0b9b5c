import { describe, expect, it } from 'vitest';
import { isMatcher } from '../match/matchers/matcher.js';
import { readGold } from './gold.js';

/** The one line a bad gold gives: `source $.path: reason`. */
function errorOf(data: unknown): string {
  try {
    readGold(data, 'gold.json');
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

describe('readGold: "state"', () => {
  it('reads expected (with matchers), allowed_changes and unchanged', () => {
    const gold = readGold({
      calls: [{ tool: 'suspend_line', args: { line_id: 'L1' } }],
      state: {
        expected: { lines: { L1: { status: 'suspended', updated: { $type: 'string' } } } },
        allowed_changes: ['$.lines.L1[*]', '$.orders[*].status', '$["audit log"]'],
        unchanged: true,
      },
    });
    const state = gold.state!;
    expect(state.unchanged).toBe(true);
    expect(state.allowed_changes).toEqual(['$.lines.L1[*]', '$.orders[*].status', '$["audit log"]']);
    const line = (state.expected!.lines as Record<string, Record<string, unknown>>).L1!;
    expect(line.status).toBe('suspended');
    expect(isMatcher(line.updated)).toBe(true);
  });

  it('is read at the file level of a conversation too', () => {
    const gold = readGold({ turns: [{ calls: [] }], state: { unchanged: true } });
    expect(gold.state).toEqual({ allowed_changes: [], unchanged: true });
  });

  it('is absent when not given, or null', () => {
    expect(readGold({ calls: [] }).state).toBeUndefined();
    expect(readGold({ calls: [], state: null }).state).toBeUndefined();
  });

  it.each([
    [
      { state: 'same' },
      'gold.json at $.state: expected an object {"expected"?, "allowed_changes"?, "unchanged"?}, got a string',
    ],
    [
      { state: {} },
      'gold.json at $.state: a state check needs "expected" or "unchanged": true (it checks nothing otherwise)',
    ],
    [
      { state: { unchanged: false } },
      'gold.json at $.state: a state check needs "expected" or "unchanged": true (it checks nothing otherwise)',
    ],
    [
      { state: { expected: {} } },
      'gold.json at $.state.expected: expected an object naming at least one value of the after-state: {} checks nothing (or add "unchanged": true)',
    ],
    [
      { state: { expected: { $literal: {} }, unchanged: false } },
      'gold.json at $.state.expected: expected an object naming at least one value of the after-state: {} checks nothing (or add "unchanged": true)',
    ],
    [{ state: { unchanged: 'yes' } }, 'gold.json at $.state.unchanged: expected true or false, got a string'],
    [
      { state: { expected: [1] } },
      'gold.json at $.state.expected: expected an object naming what the after-state holds, got an array',
    ],
    [
      { state: { expected: { $regex: 'x' } } },
      'gold.json at $.state.expected: expected an object naming what the after-state holds, not a $ operator for the whole state',
    ],
    [{ state: { expected: { a: { $regex: '(' } } } }, 'gold.json at $.state.expected.a'],
    [
      { state: { expected: { a: 1 }, allowed_changes: ['$.b'] } },
      'gold.json at $.state.allowed_changes: "allowed_changes" allows changes that "unchanged": true forbids; without it they allow nothing',
    ],
    [
      { state: { unchanged: true, allowed_changes: '$.b' } },
      'gold.json at $.state.allowed_changes: expected an array of paths, got a string',
    ],
    [
      { state: { unchanged: true, allowed_changes: ['$.a', 'orders'] } },
      'gold.json at $.state.allowed_changes[1]: expected a path starting with "$", like "$.orders[*].status"',
    ],
    [
      { state: { unchanged: true, allowed_changes: ['$.a.'] } },
      'gold.json at $.state.allowed_changes[0]: expected a key name after "." at character 5',
    ],
    [
      { state: { unchanged: true, allowed_changes: ['$.a[x]'] } },
      'gold.json at $.state.allowed_changes[0]: expected ".name", "[index]", \'["key"]\', "[*]" or ".*" at character 4, got "[x]"',
    ],
    [
      { state: { unchanged: true, allowed_changes: [3] } },
      'gold.json at $.state.allowed_changes[0]: expected a path, got a number',
    ],
  ])('%j is one line naming its path', (state, message) => {
    expect(errorOf({ calls: [], ...state })).toContain(message);
  });
});
