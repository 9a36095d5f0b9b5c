import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { costMatrix, minCostAssignment, minCostAssignmentPlainly } from './assignment.js';

/*
 * Small assignment problems share one workspace and one cost buffer (allocating them was most of
 * pairing's cost). A sequence of problems of mixed sizes, small costs so that ties are common (where a
 * stale potential or mark would change the choice), some past the shared sizes, solved through the
 * shared buffers must give exactly the assignments of solving each with arrays of its own.
 */

const problem = fc
  .tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 4 }), fc.boolean())
  .chain(([rows, more, wide]) => {
    // A few problems past 64 columns or 1024 cells take the allocating path between shared ones.
    const columns = wide ? rows + 60 + more : rows + more;
    return fc.record({
      rows: fc.constant(rows),
      columns: fc.constant(columns),
      cells: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: rows * columns, maxLength: rows * columns }),
    });
  });

describe('minCostAssignment (shared workspace)', () => {
  test('solves a sequence of problems as fresh arrays do', () => {
    fc.assert(
      fc.property(fc.array(problem, { minLength: 1, maxLength: 8 }), (problems) => {
        for (const { rows, columns, cells } of problems) {
          const shared = costMatrix(rows * columns);
          shared.set(cells);
          const own = Float64Array.from(cells);
          expect(Array.from(minCostAssignment(shared, rows, columns))).toEqual(
            Array.from(minCostAssignmentPlainly(own, rows, columns)),
          );
        }
      }),
      { numRuns: 1500 },
    );
  });

  test('finds the cheapest assignment, rows to distinct columns', () => {
    // Row 0 is cheapest in column 1 and row 1 in column 0; column 2 costs both more.
    const cost = costMatrix(6);
    cost.set([5, 1, 9, 2, 7, 9]);
    expect(Array.from(minCostAssignment(cost, 2, 3))).toEqual([1, 0]);
  });
});
