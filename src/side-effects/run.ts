import type { ExpectedCall, ToolCall } from '../core/types.js';
import type { Pairing } from '../pairing/pairing.js';
import { openDatabase, type Database, type DatabaseLimits } from './database.js';
import type { DatabaseTarget } from './database-url.js';
import { getSideEffect, sideEffectNames } from './registry.js';
import { fail, type SideEffectContext } from './types.js';

/** One side-effect check of `side_effect_metrics.details`. */
export interface SideEffectDetail {
  /** The expected call's tool. */
  tool: string;
  /** The check's name, such as `file_exists`. */
  check: string;
  passed: boolean;
  reason: string;
  /** 0-based index of the expected call. */
  expected_index: number;
  /** 0-based index of the actual call checked, or null when the call was not made. */
  actual_index: number | null;
}

/** `metrics.side_effect_metrics`. */
export interface SideEffectMetrics {
  total_checks: number;
  passed_checks: number;
  /** passed / total, 1 when there are no checks. */
  success_rate: number;
  details: SideEffectDetail[];
}

/** Where side-effect checks look. */
export interface SideEffectOptions {
  /** Directory `file_exists` resolves against (default: the gold file's directory). */
  root: string;
  /** Database for live `sql_rows` queries, read from `--db` by `parseDatabaseUrl`; opened on first use. */
  db?: DatabaseTarget | undefined;
  /** Timeout, row cap and privileges of live queries (default `DEFAULT_DATABASE_LIMITS`). */
  dbLimits?: DatabaseLimits | undefined;
}

/**
 * Runs every expected call's `side_effects` checks on the actual call the core's pairing gave it.
 * A call that was not made fails all its checks; an unknown check name fails with the known names.
 */
export async function sideEffectMetrics(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  pairing: Pairing,
  options: SideEffectOptions,
): Promise<SideEffectMetrics> {
  let opened: Promise<Database> | undefined;
  const context: SideEffectContext = {
    root: options.root,
    database: async () =>
      options.db === undefined ? undefined : (opened ??= openDatabase(options.db, options.dbLimits)),
  };
  const details: SideEffectDetail[] = [];
  try {
    for (let i = 0; i < expected.length; i++) {
      const checks = expected[i]!.side_effects;
      if (!checks) continue;
      const j = pairing.actualFor[i]!;
      for (const [check, value] of Object.entries(checks)) {
        const validator = getSideEffect(check);
        const outcome =
          j < 0
            ? fail('call not made')
            : !validator
              ? fail(`unknown check; known checks: ${sideEffectNames().join(', ')} (add one with registerSideEffect)`)
              : await runSafely(() => validator(actual[j]!, value, context));
        details.push({
          tool: expected[i]!.tool,
          check,
          passed: outcome.passed,
          reason: outcome.reason,
          expected_index: i,
          actual_index: j < 0 ? null : j,
        });
      }
    }
  } finally {
    if (opened) await (await opened.catch(() => undefined))?.close();
  }
  const passed = details.filter((detail) => detail.passed).length;
  return {
    total_checks: details.length,
    passed_checks: passed,
    success_rate: details.length === 0 ? 1 : passed / details.length,
    details,
  };
}

/** A check that throws fails with its message, except input errors (a missing peer package, a bad --db), which stop the run. */
async function runSafely(check: () => ReturnType<NonNullable<ReturnType<typeof getSideEffect>>>) {
  try {
    return await check();
  } catch (error) {
    if ((error as Error).name === 'ToolscoreInputError') throw error;
    return fail(`check failed: ${(error as Error).message}`);
  }
}
