import { describe, expect, test } from 'vitest';
import { alignCalls } from './alignment.js';
import { evaluate } from './evaluate.js';

const rows = (expected: unknown[], actual: unknown[]) =>
  alignCalls(evaluate({ expected: expected as never, actual })).map((row) => [
    row.expectedIndex,
    row.actualIndex,
    row.status,
  ]);

describe('alignCalls', () => {
  test('a reordered pair sits beside its partners', () => {
    expect(rows([{ tool: 'a' }, { tool: 'b' }], [{ tool: 'b' }, { tool: 'a' }])).toEqual([
      [1, 0, 'match'],
      [0, 1, 'match'],
    ]);
  });
  test('missing, wrong tool, mismatch and extra rows in actual order', () => {
    expect(
      rows(
        [{ tool: 'search', args: { q: 'x' } }, { tool: 'fetch' }, { tool: 'summarize' }, { tool: 'save' }],
        [
          { tool: 'search', args: { q: 'y' } },
          { tool: 'download' },
          { tool: 'log' },
          { tool: 'save' },
          { tool: 'log' },
        ],
      ),
    ).toEqual([
      [0, 0, 'argument_mismatch'],
      [1, 1, 'wrong_tool'],
      [2, 2, 'wrong_tool'],
      [3, 3, 'match'],
      [null, 4, 'extra'],
    ]);
    expect(rows([{ tool: 'a' }, { tool: 'b' }, { tool: 'c' }], [{ tool: 'a' }, { tool: 'c' }])).toEqual([
      [0, 0, 'match'],
      [1, null, 'missing'],
      [2, 1, 'match'],
    ]);
  });
});
