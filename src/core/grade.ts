import { ToolscoreInputError, textOf } from './errors.js';

/** Letter grades, best first. */
export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;

/** One letter grade. */
export type Grade = (typeof GRADES)[number];

/** Lowest score of each grade above F (shared with the MCP scorecard). */
const GRADE_BANDS: readonly (readonly [Grade, number])[] = [
  ['A', 0.9],
  ['B', 0.8],
  ['C', 0.7],
  ['D', 0.6],
];

/** A ≥ 0.9, B ≥ 0.8, C ≥ 0.7, D ≥ 0.6, else F. */
export function letterGrade(score: number): Grade {
  for (const [grade, floor] of GRADE_BANDS) if (score >= floor) return grade;
  return 'F';
}

/** The verdict of every report: PASS, WARN or FAIL. */
export type Verdict = 'PASS' | 'WARN' | 'FAIL';

/** The band of a score alone: PASS ≥ 0.9, WARN ≥ 0.7, else FAIL (also the colour of scores and shares). */
export function verdictFor(score: number): Verdict {
  if (score >= 0.9) return 'PASS';
  if (score >= 0.7) return 'WARN';
  return 'FAIL';
}

/** What made a verdict: the score's band, error findings, or required calls left incomplete. */
export type VerdictCause = 'score' | 'errors' | 'required_calls';

/** A verdict and what decided it. */
export interface VerdictDecision {
  verdict: Verdict;
  cause: VerdictCause;
}

/**
 * The one rule for the verdict every report shows: error findings (a forbidden call, a credential, a
 * broken budget, a tool not offered) make it FAIL whatever the score; while a required call was not
 * completed it is at most WARN; otherwise the score's band decides. The score and grade are unchanged.
 */
export function decideVerdict(score: number, errorFindings: number, requiredCallsComplete: boolean): VerdictDecision {
  if (errorFindings > 0) return { verdict: 'FAIL', cause: 'errors' };
  const byScore = verdictFor(score);
  if (byScore === 'PASS' && !requiredCallsComplete) return { verdict: 'WARN', cause: 'required_calls' };
  return { verdict: byScore, cause: 'score' };
}

/** Float sums may land a hair under a threshold (0.8999999999999999); this much slack is forgiven. */
const THRESHOLD_SLACK = 1e-9;

/** Whether a score meets a minimum, forgiving float noise. */
export function meetsMinScore(score: number, minScore: number): boolean {
  return score >= Math.max(0, minScore - THRESHOLD_SLACK);
}

/** Checks that a minimum score is a number in [0, 1]. */
export function checkMinScore(minScore: unknown, source = 'minScore'): number {
  if (typeof minScore !== 'number' || !Number.isFinite(minScore) || minScore < 0 || minScore > 1) {
    throw new ToolscoreInputError({ source }, `expected a number between 0 and 1, got ${textOf(minScore)}`);
  }
  return minScore;
}
