import { evaluate } from '../evaluation/evaluate.js';
import { checkMinScore, meetsMinScore } from '../core/grade.js';
import type { EvaluationResult } from '../evaluation/result.js';
import type { TopIssue } from '../evaluation/top-issues.js';
import type { GoldInput } from '../core/types.js';
import type { CompiledGold } from '../evaluation/compiled-gold.js';
import type { WeightsInput } from '../core/weights.js';
import { ToolscoreAssertionError } from './assertion-error.js';
import { testColorEnabled } from './color.js';
import { renderFailureReport } from './failure-report.js';

/** Options of `assertTools()`. */
export interface AssertToolsOptions {
  /** Lowest passing score, in [0, 1] (default 0.9). */
  minScore?: number;
  /** Weights merged over the defaults and renormalized. */
  weights?: WeightsInput;
  /** Compare arguments strictly. */
  strict?: boolean;
}

/** The score every assertion demands unless told otherwise. */
export const DEFAULT_MIN_SCORE = 0.9;

/**
 * Throws the failure report of a result whose score is under `minScore`, or that left something `unmet`
 * (see `unmetExpectations`, listed above the table); returns the result otherwise.
 */
export function requireScore(
  result: EvaluationResult,
  minScore: number,
  unmet: readonly TopIssue[] = [],
): EvaluationResult {
  if (unmet.length === 0 && meetsMinScore(result.score, minScore)) return result;
  throw new ToolscoreAssertionError(
    renderFailureReport(result, { minScore, unmet, color: testColorEnabled() }),
    result,
  );
}

/**
 * Scores `actual` (a call list or a raw agent response) against `expected` (calls, or a conversation's
 * `{turns}`, scored turn by turn: docs/conversations.md) and throws a
 * `ToolscoreAssertionError` whose message is the expected-vs-actual table when the score is under
 * `minScore`. Returns the result, so further checks can follow. The score alone decides, as the Python
 * tool's `assert_tools(min_score=…)` does: a `minScore` under 1 tolerates some difference on purpose.
 * `toCallTools` and `expectTools` fail on a missing call or a wrong listed argument whatever the score.
 */
export function assertTools(
  expected: GoldInput | CompiledGold,
  actual: unknown,
  options: AssertToolsOptions = {},
): EvaluationResult {
  const minScore = checkMinScore(options.minScore ?? DEFAULT_MIN_SCORE);
  // In a test a typo in the expected calls is a bug, never a pass: an unknown key throws.
  const result = evaluate({ expected, actual, weights: options.weights, strict: options.strict, strictGold: true });
  return requireScore(result, minScore);
}
