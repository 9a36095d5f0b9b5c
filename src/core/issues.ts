/** The vocabulary of Top issues: their kinds and the argument differences they name. */
/** What kind of problem a Top issue is, most urgent first. */
export const ISSUE_KINDS = [
  'missing',
  'wrong_turn',
  'failed',
  'wrong_result',
  'reply',
  'state',
  'wrong_tool',
  'argument_mismatch',
  'out_of_order',
  'extra',
] as const;

/** One kind of Top issue. */
export type IssueKind = (typeof ISSUE_KINDS)[number];

/** One argument that differs between an expected call and its partner. */
export interface ArgumentDiff {
  key: string;
  /** `mismatch`: both have it with different values; `missing`: not passed; `unexpected`: passed but not expected. */
  kind: 'mismatch' | 'missing' | 'unexpected';
  expected?: unknown;
  actual?: unknown;
}

/** One argument difference as files write it: the expected value with matchers in `$` operator form. */
export interface ArgumentDiffRecord {
  key: string;
  kind: ArgumentDiff['kind'];
  /** Absent for `unexpected`. */
  expected?: unknown;
  /** Absent for `missing`. */
  actual?: unknown;
}

/** One item of "Top issues to fix" as files write it (`toDict().top_issues`, the JSON report's `top_issues`). */
export interface TopIssueRecord {
  kind: IssueKind;
  tool: string;
  expected_index: number | null;
  actual_index: number | null;
  problem: string;
  fix: string;
  diffs?: ArgumentDiffRecord[];
}
