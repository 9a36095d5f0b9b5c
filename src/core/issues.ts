/** The vocabulary of Top issues: their kinds and the argument differences they name. */
/** What kind of problem a Top issue is, most urgent first. */
export const ISSUE_KINDS = ['missing', 'failed', 'wrong_tool', 'argument_mismatch', 'out_of_order', 'extra'] as const;

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
