import type { ToolCall } from '../core/types.js';
import { recordedValue } from './recorded.js';
import { fail, pass, type SideEffectContext, type SideEffectOutcome } from './types.js';

/** Where a recorded row count may sit, in the result or the call's metadata. */
const COUNT_KEYS = [
  'rows_affected',
  'rowsAffected',
  'rowcount',
  'row_count',
  'rowCount',
  'changes',
  'affectedRows',
  'count',
  'rows',
] as const;

/** The row count a call recorded: an integer or array result, or a count key in its result or metadata. */
function recordedRowCount(call: ToolCall): number | undefined {
  if (Number.isInteger(call.result)) return call.result as number;
  if (Array.isArray(call.result)) return call.result.length;
  const found = recordedValue(call, COUNT_KEYS);
  if (found === undefined) return undefined;
  if (Array.isArray(found.value)) return found.value.length;
  return Number.isInteger(found.value) ? (found.value as number) : undefined;
}

/** A bound on a count: `true` (> 0), an exact number, or `{equals?, min?, max?}`. */
function checkCount(count: number, expected: unknown, what: string): SideEffectOutcome {
  if (expected === true) return count > 0 ? pass(`${what}: ${count}`) : fail(`${what}: 0, expected at least 1`);
  if (expected === false) return count === 0 ? pass(`${what}: 0`) : fail(`${what}: ${count}, expected 0`);
  if (Number.isInteger(expected))
    return count === expected ? pass(`${what}: ${count}`) : fail(`${what}: ${count}, expected ${expected}`);
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    const { equals, min, max } = expected as Record<string, unknown>;
    if (equals !== undefined && count !== equals) return fail(`${what}: ${count}, expected ${JSON.stringify(equals)}`);
    if (typeof min === 'number' && count < min) return fail(`${what}: ${count}, expected at least ${min}`);
    if (typeof max === 'number' && count > max) return fail(`${what}: ${count}, expected at most ${max}`);
    return pass(`${what}: ${count}`);
  }
  return fail(
    `cannot read the expected count ${JSON.stringify(expected)}: give true, a number, or {"min": n, "max": n}`,
  );
}

/**
 * The count of a query's result: the number of rows, or, for one row with one column named `count`
 * (as `SELECT COUNT(*) AS count …` gives), that value, which must be a whole number (PostgreSQL sends
 * bigint counts as digit strings); otherwise a message saying what the column held.
 */
function rowsToCount(rows: readonly Record<string, unknown>[]): number | string {
  if (rows.length === 1) {
    const keys = Object.keys(rows[0]!);
    if (keys.length === 1 && /^count(\(\*\))?$/i.test(keys[0]!)) {
      const value = rows[0]![keys[0]!];
      const count =
        typeof value === 'string' && /^-?\d+$/.test(value.trim())
          ? Number(value)
          : typeof value === 'bigint'
            ? Number(value)
            : value;
      if (Number.isInteger(count)) return count as number;
      return `the ${keys[0]} column holds ${JSON.stringify(typeof value === 'bigint' ? String(value) : value) ?? String(value)}, not a whole number: count with SELECT count(*) AS count`;
    }
  }
  return rows.length;
}

/**
 * `sql_rows`: with `true`, a number or `{min, max}`, the row count the call recorded; with
 * `{"query": "SELECT … WHERE email = $1", "params": [...], "equals"|"min"|"max": n}`, a live check
 * against the database named by `--db` (one parameterized read-only statement).
 */
export async function sqlRows(
  call: ToolCall,
  expected: unknown,
  context: SideEffectContext,
): Promise<SideEffectOutcome> {
  const live = expected !== null && typeof expected === 'object' && !Array.isArray(expected) && 'query' in expected;
  if (!live) {
    const count = recordedRowCount(call);
    if (count === undefined)
      return fail(
        `no row count recorded (looked for an integer or array result and ${COUNT_KEYS.join(', ')} in the result and metadata)`,
      );
    return checkCount(count, expected, 'rows');
  }
  const { query, params = [], ...bounds } = expected as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') return fail('expected "query" to be an SQL string');
  if (!Array.isArray(params)) return fail('expected "params" to be a list');
  const database = await context.database();
  if (!database)
    return fail('this check queries a database: name one with --db sqlite:path.db or --db postgres://… (option db)');
  let rows: Record<string, unknown>[];
  try {
    rows = await database.query(query, params);
  } catch (error) {
    return fail(`query failed on ${database.label}: ${(error as Error).message}`);
  }
  const count = rowsToCount(rows);
  if (typeof count === 'string') return fail(count);
  return checkCount(count, Object.keys(bounds).length > 0 ? bounds : true, 'query rows');
}
