/*
 * `metrics.state`: the path-level diff between the before-state and the after-state and how the gold's
 * `"state"` covered it (docs/outcomes.md, "The state"). Reports draw their state diff from this record.
 */

/** One path that differs between the before-state and the after-state, as files write it. */
export interface StateChangeRecord {
  /** `$.lines.L2.status`. */
  path: string;
  /** added: only in the after-state; removed: only in the before-state; changed: in both, different. */
  change: 'added' | 'removed' | 'changed';
  /** The value before (absent when added). */
  before?: unknown;
  /** The value after (absent when removed). */
  after?: unknown;
  /** What accounts for the change: an `expected` value, an `allowed_changes` pattern, or nothing (null). */
  covered_by: 'expected' | 'allowed' | null;
}

/** `metrics.state`: present only when the gold has a `"state"` and both states were given. */
export interface StateMetrics {
  /** How many values the gold's `expected` names. */
  paths_expected: number;
  /** How many of them the after-state matches. */
  paths_matched: number;
  /** Whether the gold asks `"unchanged": true`. */
  unchanged_required: boolean;
  /** Changes nothing covers (counted whether or not `unchanged` is asked; only a failure with it). */
  unexpected_changes: number;
  /** Every path that differs, in the diff's order. */
  changes: StateChangeRecord[];
}
