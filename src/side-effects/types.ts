import type { ToolCall } from '../core/types.js';
import type { Database } from './database.js';

/** What a side-effect check may use besides the call. */
export interface SideEffectContext {
  /** Directory that `file_exists` paths resolve against; nothing outside it is ever read. */
  root: string;
  /** The live database named by `--db` / `db`, opened on first use; undefined when none was named. */
  database(): Promise<Database | undefined>;
}

/** The verdict of one check. */
export interface SideEffectOutcome {
  passed: boolean;
  /** Why, in one line (shown in reports for failures, kept for passes too). */
  reason: string;
}

/**
 * A side-effect check: given the actual call that answers an expected call, and the value the gold
 * file gives the check (`"file_exists": "out.txt"` ⇒ `"out.txt"`), says whether it held.
 */
export type SideEffectValidator = (
  call: ToolCall,
  expected: unknown,
  context: SideEffectContext,
) => SideEffectOutcome | Promise<SideEffectOutcome>;

/** Shorthands for outcomes. */
export const pass = (reason: string): SideEffectOutcome => ({ passed: true, reason });
export const fail = (reason: string): SideEffectOutcome => ({ passed: false, reason });
