import { toolCallExpectationText } from '../text/testing.js';
import { checkMinScore, meetsMinScore } from '../core/grade.js';
import { EvaluationResult } from '../evaluation/result.js';
import type { Args, ExpectedCallInput } from '../core/types.js';
import { autoExtract } from '../formats/auto.js';
import { matchesRule, parseForbiddenRules } from '../metrics/policy.js';
import { assertTools, DEFAULT_MIN_SCORE, type AssertToolsOptions } from './assert-tools.js';
import { ToolscoreAssertionError } from './assertion-error.js';
import { callText } from './call-text.js';
import { testColorEnabled } from './color.js';
import { renderFailureReport } from './failure-report.js';
import { snapshotNameFor, type SnapshotNaming } from './snapshots/naming.js';
import { checkSnapshot, type SnapshotCheckOptions } from './snapshots/check.js';
import { snapshotMode } from './snapshots/mode.js';

/** What Vitest and Jest give a matcher as `this` (the parts used here). */
export interface MatcherContext extends SnapshotNaming {
  isNot?: boolean;
  /** The runner's snapshot state: Vitest's or Jest's (see `runnerUpdates`). */
  snapshotState?: unknown;
}

/** What a matcher returns. */
export interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/** Options of `toMatchToolSnapshot()`. */
export type ToolSnapshotOptions = Pick<SnapshotCheckOptions, 'minScore' | 'weights' | 'strict' | 'store'> & {
  /** Snapshot name; default the test's full name (with `-2`, `-3` for further unnamed snapshots in one test). */
  name?: string;
  /** Missing and pending snapshots only warn, even in CI. */
  allowPending?: boolean;
};

/**
 * Whether the runner was asked to update snapshots (`vitest -u`, `jest -u`). Vitest's snapshot state
 * says so in its public `snapshotUpdateState`; Jest's has no public field, only `_updateSnapshot`
 * (`all` under `-u`, `none` under `--ci`), which jest-snapshot has kept since Jest 22.
 */
export function runnerUpdates(context: { snapshotState?: unknown }): boolean {
  const state = context.snapshotState as { snapshotUpdateState?: unknown; _updateSnapshot?: unknown } | undefined;
  return state?.snapshotUpdateState === 'all' || state?._updateSnapshot === 'all';
}

/** Runs an assertion and turns its outcome into a matcher result (a `.not` failure shows the same report). */
function asMatcherResult(run: () => { result?: EvaluationResult; minScore?: number }): MatcherResult {
  try {
    const { result, minScore } = run();
    const message =
      result && minScore !== undefined ? renderFailureReport(result, { minScore, color: testColorEnabled() }) : '';
    return { pass: true, message: () => message };
  } catch (error) {
    if (error instanceof ToolscoreAssertionError) return { pass: false, message: () => error.message };
    throw error;
  }
}

/**
 * The toolscore matchers, for `expect.extend` in Vitest or Jest (`source` is written into new
 * snapshots). Each takes an agent's raw response or a call list (`toHaveToolScore` takes an
 * `EvaluationResult`); failure messages are the expected-vs-actual table.
 */
export function toolscoreMatchers(source: string) {
  return {
    /** The calls score at least `minScore` (default 0.9) against `expected`. */
    toCallTools(
      this: MatcherContext,
      received: unknown,
      expected: readonly ExpectedCallInput[],
      options: AssertToolsOptions = {},
    ): MatcherResult {
      const minScore = options.minScore ?? DEFAULT_MIN_SCORE;
      return asMatcherResult(() => ({ result: assertTools(expected, received, options), minScore }));
    },

    /** Some call is to `tool` and, when `args` are given, has each of them (values may be matchers). */
    toCallTool(this: MatcherContext, received: unknown, tool: string, args?: Args): MatcherResult {
      const [rule] = parseForbiddenRules([args === undefined ? { tool } : { tool, args }], 'expected');
      const calls = autoExtract(received, 'actual').calls;
      const wanted = args === undefined ? `${tool}(…)` : callText(tool, args);
      const matching = calls.flatMap((call, index) =>
        matchesRule(call, rule!) ? [{ index, text: callText(call.tool, call.args) }] : [],
      );
      const pass = matching.length > 0;
      const made = pass ? matching : calls.map((call, index) => ({ index, text: callText(call.tool, call.args) }));
      return { pass, message: () => toolCallExpectationText(wanted, pass, made) };
    },

    /** An evaluation's score is at least `minScore`. */
    toHaveToolScore(this: MatcherContext, received: unknown, minScore: number): MatcherResult {
      if (!(received instanceof EvaluationResult))
        throw new TypeError(
          'toHaveToolScore() expects an EvaluationResult (from evaluate(), assertTools() or toolscoreEval())',
        );
      checkMinScore(minScore);
      const pass = meetsMinScore(received.score, minScore);
      return { pass, message: () => renderFailureReport(received, { minScore, color: testColorEnabled() }) };
    },

    /** Record → approve → replay: the calls match the approved snapshot of this test (see `checkSnapshot`). */
    toMatchToolSnapshot(this: MatcherContext, received: unknown, options: ToolSnapshotOptions = {}): MatcherResult {
      if (this.isNot) throw new TypeError('toMatchToolSnapshot() cannot be used with .not');
      const name = options.name ?? snapshotNameFor(this);
      const mode = snapshotMode(process.env, { update: runnerUpdates(this), allowPending: options.allowPending });
      return asMatcherResult(() => checkSnapshot(received, { ...options, name, mode, source }));
    },
  };
}
