/**
 * Minimum-cost assignment of every row to a distinct column (rows ≤ columns), by the Hungarian
 * method with potentials (Kuhn–Munkres, O(rows² · columns)). `cost` is row-major, rows × columns.
 * Returns, for each row, its column.
 */
export function minCostAssignment(cost: Float64Array, rows: number, columns: number): Int32Array {
  if (rows > columns) throw new RangeError('minCostAssignment needs rows <= columns');
  const u = new Float64Array(rows + 1);
  const v = new Float64Array(columns + 1);
  const rowOfColumn = new Int32Array(columns + 1); // 1-based row assigned to column j, 0 = free
  const way = new Int32Array(columns + 1);
  const minv = new Float64Array(columns + 1);
  const used = new Uint8Array(columns + 1);

  for (let i = 1; i <= rows; i++) {
    rowOfColumn[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
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
