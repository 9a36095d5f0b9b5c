/**
 * Minimum-cost assignment of every row to a distinct column (rows ≤ columns), by the Hungarian
 * method with potentials (Kuhn–Munkres, O(rows² · columns)). `cost` is row-major, rows × columns.
 * Returns, for each row, its column.
 */
export function minCostAssignment(cost: Float64Array, rows: number, columns: number): Int32Array {
  return solve(cost, rows, columns, columns < SHARED_SIZE ? SHARED.cleared(columns) : new Workspace(columns + 1));
}

/**
 * `minCostAssignment` with arrays of its own, as every call had before the shared workspace: the
 * reference `assignment.property.test.ts` holds it to.
 * @internal Exported for that test.
 */
export function minCostAssignmentPlainly(cost: Float64Array, rows: number, columns: number): Int32Array {
  return solve(cost, rows, columns, new Workspace(columns + 1));
}

/**
 * The solver's arrays, indexed 0…columns (rows ≤ columns). Pairing runs on every evaluation, mostly
 * on a few calls of one tool: allocating six typed arrays each time cost more than the solving, so
 * problems below `SHARED_SIZE` columns share one workspace, cleared before each use (the solver is
 * synchronous and calls nothing back, so no two uses overlap).
 */
class Workspace {
  readonly u: Float64Array;
  readonly v: Float64Array;
  /** 1-based row assigned to column j, 0 = free. */
  readonly rowOfColumn: Int32Array;
  readonly way: Int32Array;
  readonly minv: Float64Array;
  readonly used: Uint8Array;

  constructor(size: number) {
    this.u = new Float64Array(size);
    this.v = new Float64Array(size);
    this.rowOfColumn = new Int32Array(size);
    this.way = new Int32Array(size);
    this.minv = new Float64Array(size);
    this.used = new Uint8Array(size);
  }

  /** This workspace as a fresh one for `columns` columns (`minv` and `used` are set per row by the solver). */
  cleared(columns: number): this {
    this.u.fill(0, 0, columns + 1);
    this.v.fill(0, 0, columns + 1);
    this.rowOfColumn.fill(0, 0, columns + 1);
    this.way.fill(0, 0, columns + 1);
    return this;
  }
}

const SHARED_SIZE = 64;
const SHARED = new Workspace(SHARED_SIZE);
/** Cells of the shared cost matrix (`costMatrix`). */
const SHARED_CELLS = 1024;
const SHARED_COST = new Float64Array(SHARED_CELLS);

/**
 * A row-major cost matrix of `cells` cells for `minCostAssignment`, every cell to be written by the
 * caller: small ones are one shared buffer (its first `cells` cells), valid until the next call.
 */
export function costMatrix(cells: number): Float64Array {
  return cells <= SHARED_CELLS ? SHARED_COST : new Float64Array(cells);
}

function solve(cost: Float64Array, rows: number, columns: number, space: Workspace): Int32Array {
  if (rows > columns) throw new RangeError('minCostAssignment needs rows <= columns');
  const { u, v, rowOfColumn, way, minv, used } = space;

  for (let i = 1; i <= rows; i++) {
    rowOfColumn[0] = i;
    let j0 = 0;
    minv.fill(Infinity, 0, columns + 1);
    used.fill(0, 0, columns + 1);
    do {
      used[j0] = 1;
      const i0 = rowOfColumn[j0]!;
      const base = (i0 - 1) * columns - 1;
      const ui0 = u[i0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= columns; j++) {
        if (used[j]) continue;
        const reduced = cost[base + j]! - ui0 - v[j]!;
        if (reduced < minv[j]!) {
          minv[j] = reduced;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (used[j]) {
          u[rowOfColumn[j]!]! += delta;
          v[j]! -= delta;
        } else {
          minv[j]! -= delta;
        }
      }
      j0 = j1;
    } while (rowOfColumn[j0] !== 0);
    do {
      const j1 = way[j0]!;
      rowOfColumn[j0] = rowOfColumn[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }

  const columnOfRow = new Int32Array(rows);
  for (let j = 1; j <= columns; j++) {
    const row = rowOfColumn[j]!;
    if (row > 0) columnOfRow[row - 1] = j - 1;
  }
  return columnOfRow;
}
