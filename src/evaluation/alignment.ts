import type { EvaluationResult } from './result.js';
import { diffArguments } from './top-issues.js';
import type { ArgumentDiff } from '../core/issues.js';

/** How one row of the expected-vs-actual table reads. */
export type RowStatus = 'match' | 'failed' | 'argument_mismatch' | 'wrong_tool' | 'missing' | 'extra' | 'not_scored';

/** One row of the expected-vs-actual table: an expected call, its actual partner, or both. */
export interface AlignedRow {
  /** 0-based expected call, or null for an extra call. */
  expectedIndex: number | null;
  /** 0-based actual call, or null for a missing call. */
  actualIndex: number | null;
  status: RowStatus;
  /** Per-argument differences, for argument mismatches and failed calls. */
  diffs: ArgumentDiff[];
}

/**
 * The rows of a side-by-side expected-vs-actual table, from the core's pairing (so a reordered call
 * still sits beside its partner) and the same wrong-tool zipping as Top issues. Rows follow the
 * actual order; a missing call sits just before the row of the next expected call that was made.
 */
export function alignCalls(result: EvaluationResult): AlignedRow[] {
  const { goldCalls, traceCalls, pairing, mode } = result;
  const partnerOfActual = new Map<number, { expectedIndex: number; status: RowStatus; diffs: ArgumentDiff[] }>();
  traceCalls.forEach((call, j) => {
    const i = pairing.expectedFor[j]!;
    if (i < 0) return;
    const diffs = diffArguments(goldCalls[i]!, call, mode);
    // A failed call is never a match, whatever its arguments.
    partnerOfActual.set(j, {
      expectedIndex: i,
      status: call.is_error ? 'failed' : diffs.length > 0 ? 'argument_mismatch' : 'match',
      diffs,
    });
  });
  for (const issue of result.topIssues) {
    if (issue.kind === 'wrong_tool')
      partnerOfActual.set(issue.actualIndex!, { expectedIndex: issue.expectedIndex!, status: 'wrong_tool', diffs: [] });
  }
  const unscored = new Set(result.gold.unscoredCalls);
  const placed = new Set<number>();
  for (const partner of partnerOfActual.values()) placed.add(partner.expectedIndex);

  const rows: AlignedRow[] = [];
  let nextExpected = 0;
  const flushMissingBefore = (limit: number): void => {
    for (; nextExpected < limit; nextExpected++) {
      if (!placed.has(nextExpected))
        rows.push({ expectedIndex: nextExpected, actualIndex: null, status: 'missing', diffs: [] });
    }
  };
  traceCalls.forEach((_, j) => {
    const partner = partnerOfActual.get(j);
    if (!partner) {
      rows.push({ expectedIndex: null, actualIndex: j, status: unscored.has(j) ? 'not_scored' : 'extra', diffs: [] });
      return;
    }
    flushMissingBefore(partner.expectedIndex);
    nextExpected = Math.max(nextExpected, partner.expectedIndex + 1);
    rows.push({ expectedIndex: partner.expectedIndex, actualIndex: j, status: partner.status, diffs: partner.diffs });
  });
  flushMissingBefore(goldCalls.length);
  return rows;
}
