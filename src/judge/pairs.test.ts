import { describe, expect, it } from 'vitest';
import { toActualCalls } from '../formats/support/calls.js';
import { toExpectedCalls } from '../gold/gold.js';
import { pairCalls } from '../pairing/pairing.js';
import { judgedPairs } from './pairs.js';

function pairsOf(
  expectedTools: string[],
  actualTools: string[],
  args: { expected?: Record<string, unknown>[]; actual?: Record<string, unknown>[] } = {},
) {
  const expected = toExpectedCalls(expectedTools.map((tool, i) => ({ tool, args: args.expected?.[i] ?? {} })));
  const actual = toActualCalls(actualTools.map((tool, i) => ({ tool, args: args.actual?.[i] ?? {} })));
  return judgedPairs(expected, actual, pairCalls(expected, actual, 'lenient')).map((pair) => [
    pair.expectedIndex,
    pair.actualIndex,
  ]);
}

describe('judged pairs', () => {
  it('pairs same-tool calls wherever they are, then the leftovers in order', () => {
    expect(pairsOf(['search_web', 'get_weather', 'send_email'], ['send_email', 'web_search', 'get_weather'])).toEqual([
      [0, 1],
      [1, 2],
      [2, 0],
    ]);
  });

  it('pairs repeated tools by their arguments, as the core does', () => {
    expect(
      pairsOf(['get_weather', 'get_weather'], ['get_weather', 'get_weather'], {
        expected: [{ city: 'Lisbon' }, { city: 'Porto' }],
        actual: [{ city: 'Porto' }, { city: 'Lisbon' }],
      }),
    ).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('leaves the surplus of the longer list unpaired', () => {
    expect(pairsOf(['a', 'b', 'c'], ['x', 'c'])).toEqual([
      [0, 0],
      [2, 1],
    ]);
    expect(pairsOf(['a'], ['x', 'y', 'a'])).toEqual([[0, 2]]);
    expect(pairsOf([], ['x'])).toEqual([]);
  });
});
