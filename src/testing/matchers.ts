import { toolCallExpectationText } from './text.js';
import { checkMinScore, meetsMinScore } from '../core/grade.js';
import { CompiledGold } from '../evaluation/compiled-gold.js';
import { evaluate } from '../evaluation/evaluate.js';
import { EvaluationResult } from '../evaluation/result.js';
import { diffArguments } from '../evaluation/top-issues.js';
import type { Args, ExpectedCallInput, GoldEntryInput, GoldInput } from '../core/types.js';
import type { WeightsInput } from '../core/weights.js';
import { autoExtract } from '../formats/auto.js';
import { toExpectedCalls } from '../gold/gold.js';
import { checkedGold } from '../io/gold-check.js';
import { ToolscoreAssertionError } from './assertion-error.js';
import {
  callExpectationGold,
  compiledCallExpectation,
  noArgumentsMeansNone,
  unmetExpectations,
  type CallExpectationOptions,
} from './call-check.js';
import { callText } from './call-text.js';
import { testColorEnabled } from './color.js';
import { renderFailureReport } from './failure-report.js';
import { snapshotNameFor, type SnapshotNaming } from './snapshots/naming.js';
import { checkSnapshot, type SnapshotCheckOptions } from './snapshots/check.js';
import { snapshotMode } from './snapshots/mode.js';
import { checkCount, meetsPassHatK, runAgentTrials, trialsReport, type Agent } from './trials.js';
import { checkedTurnGold, turnExpectationGold, unmetTurnExpectations, type TurnExpectation } from './turn-check.js';

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

/**
 * Options of `toCallTools()`: how the calls are read (`mode`, `extraArgs`), and a score the user may
 * require besides (`minScore`, checked only when given).
 */
export interface CallToolsOptions extends CallExpectationOptions {
  /** Also require the score (of the calls read with these options) to reach this, in [0, 1]. */
  minScore?: number;
  /** Weights of the score, merged over the defaults and renormalized. */
  weights?: WeightsInput;
  /** Compare arguments strictly: same JSON type and value, no trimming. */
  strict?: boolean;
}

/** Options of `toCallToolsByTurn()`: those of `toCallTools()`, for every turn. */
export interface CallToolsByTurnOptions extends CallToolsOptions {
  /**
   * The user's messages, in order, when the conversation is a list of calls with `turn` (a recorded
   * conversation's reader reports them itself): they say how many turns it has.
   */
  userMessages?: readonly string[];
}

/** Options of `toCallTool()`: other arguments are allowed unless `extraArgs` is `deny`. */
export type CallToolOptions = Pick<CallToolsOptions, 'extraArgs' | 'strict'>;

/** Options of `toMatchToolSnapshot()`. */
export type ToolSnapshotOptions = Pick<SnapshotCheckOptions, 'minScore' | 'weights' | 'strict' | 'store'> & {
  /** Snapshot name; default the test's full name (with `-2`, `-3` for further unnamed snapshots in one test). */
  name?: string;
  /** Missing and pending snapshots only warn, even in CI. */
  allowPending?: boolean;
};

/**
 * Options of `toPassHatK()`: what the agent is given, the calls it should make, and how its trials run
 * and are scored (a trial succeeds when its verdict is PASS, or its score reaches `minScore` when given).
 */
export interface PassHatKOptions {
  /** What to give the agent, in every trial. */
  input: unknown;
  /**
   * Expected calls: `{tool, args?}` (`args` may hold matchers), or a conversation's `{turns: [...]}`, or
   * either compiled once by `compileGold(…, { strictGold: true })`.
   */
  expected: GoldInput | CompiledGold;
  /** How many times the agent runs: a whole number ≥ k (default k). */
  trials?: number;
  /** A trial succeeds when its score reaches this, in [0, 1]; without it, when its verdict is PASS. */
  minScore?: number;
  /** Weights of the score, merged over the defaults and renormalized. */
  weights?: WeightsInput;
  /** Compare arguments strictly: same JSON type and value, no trimming. */
  strict?: boolean;
  /** How many trials run at once (default 1: one after the other, in trial order). */
  concurrency?: number;
}

/**
 * Whether the runner was asked to update snapshots (`vitest -u`, `jest -u`). Vitest's snapshot state
 * says so in its public `snapshotUpdateState`; Jest's has no public field, only `_updateSnapshot`
 * (`all` under `-u`, `none` under `--ci`), which jest-snapshot has kept since Jest 22.
 */
export function runnerUpdates(context: { snapshotState?: unknown }): boolean {
  const state = context.snapshotState as { snapshotUpdateState?: unknown; _updateSnapshot?: unknown } | undefined;
  return state?.snapshotUpdateState === 'all' || state?._updateSnapshot === 'all';
}

/**
 * The gold `toCallTools` scores against: a compiled list's, read once for these options, or the list's.
 * In a test a typo in the expected calls is a bug: an unknown key fails, never passes. Checked on the
 * list as the test wrote it, so the error's path is the test's, not the wrapped gold's.
 */
function callExpectation(
  expected: readonly GoldEntryInput[] | CompiledGold,
  options: CallToolsOptions,
): GoldInput | CompiledGold {
  if (expected instanceof CompiledGold) return compiledCallExpectation(expected, options);
  checkedGold(expected, 'expected', { strictGold: true }, () => expected);
  return callExpectationGold(expected, options);
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
    /**
     * Every expected call (but optional ones) is made with each listed argument matching; by default in
     * the listed order, other calls and other arguments allowed (`mode` and `extraArgs` say otherwise).
     * A score is required only when `minScore` is given.
     */
    toCallTools(
      this: MatcherContext,
      received: unknown,
      expected: readonly GoldEntryInput[] | CompiledGold,
      options: CallToolsOptions = {},
    ): MatcherResult {
      const minScore = options.minScore === undefined ? undefined : checkMinScore(options.minScore);
      const result = evaluate({
        expected: callExpectation(expected, options),
        actual: received,
        weights: options.weights,
        strict: options.strict,
      });
      const unmet = unmetExpectations(result, 'all');
      const pass = unmet.length === 0 && (minScore === undefined || meetsMinScore(result.score, minScore));
      return { pass, message: () => renderFailureReport(result, { minScore, unmet, color: testColorEnabled() }) };
    },

    /**
     * A conversation (`received`: a recorded chat, a framework's result, calls with `turn`) meets its
     * expected calls turn by turn: `expected[k]` lists the calls expected after the user's k+1-th message
     * (or is `{ user?, calls }`), each turn checked as `toCallTools` checks its calls, a turn listing `[]`
     * allowing no call. The trace must reach every listed turn, and its user messages match the given ones.
     */
    toCallToolsByTurn(
      this: MatcherContext,
      received: unknown,
      expected: readonly TurnExpectation[],
      options: CallToolsByTurnOptions = {},
    ): MatcherResult {
      const minScore = options.minScore === undefined ? undefined : checkMinScore(options.minScore);
      const gold = turnExpectationGold(expected, options);
      // Read once: checked here, scored as it is by evaluate().
      const read = checkedTurnGold(gold, expected);
      const result = evaluate({
        expected: read,
        actual: received,
        weights: options.weights,
        strict: options.strict,
        userMessages: options.userMessages,
        strictGold: true,
      });
      const unmet = unmetTurnExpectations(result.conversation!, read.gold);
      const pass = unmet.length === 0 && (minScore === undefined || meetsMinScore(result.score, minScore));
      return { pass, message: () => renderFailureReport(result, { minScore, unmet, color: testColorEnabled() }) };
    },

    /**
     * Some call is to `tool` and, when `args` are given, has each of them matching (values may be
     * matchers, compared as in a gold file); other arguments are allowed unless `extraArgs` is `deny`.
     */
    toCallTool(
      this: MatcherContext,
      received: unknown,
      tool: string,
      args?: Args,
      options: CallToolOptions = {},
    ): MatcherResult {
      const entry: ExpectedCallInput = args === undefined ? { tool } : { tool, args };
      const [wanted] = toExpectedCalls([{ extra_args: options.extraArgs ?? 'allow', ...noArgumentsMeansNone(entry) }]);
      const calls = autoExtract(received, 'actual').calls;
      const mode = options.strict ? 'strict' : 'lenient';
      const matching = calls.flatMap((call, index) =>
        call.tool === wanted!.tool && diffArguments(wanted!, call, mode).length === 0
          ? [{ index, text: callText(call.tool, call.args) }]
          : [],
      );
      const pass = matching.length > 0;
      const made = pass ? matching : calls.map((call, index) => ({ index, text: callText(call.tool, call.args) }));
      const text = args === undefined ? `${tool}(…)` : callText(tool, args);
      return { pass, message: () => toolCallExpectationText(text, pass, made) };
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

    /**
     * The agent (`expect(agent)`), run `trials` times (default k) on `input`, reaches pass^k ≥ `min`:
     * `toPassHatK(3, 1, …)` is every one of 3 trials succeeding. Async: await it. With `.not`, pass^k
     * must be below `min`. The message lists every trial with its score, verdict and top issue.
     */
    async toPassHatK(
      this: MatcherContext,
      received: unknown,
      k: number,
      min: number,
      options: PassHatKOptions,
    ): Promise<MatcherResult> {
      if (typeof received !== 'function')
        throw new TypeError('toPassHatK() expects the agent, a function (input, context) => response');
      const trials =
        options.trials === undefined
          ? checkCount(k, 'toPassHatK: k')
          : checkCount(options.trials, 'toPassHatK: trials');
      const requirement = { k: checkCount(k, 'toPassHatK: k', trials), min: checkMinScore(min, 'toPassHatK: min') };
      const minScore = options.minScore === undefined ? undefined : checkMinScore(options.minScore);
      const run = await runAgentTrials({ ...options, agent: received as Agent<unknown>, trials, minScore });
      const negated = this.isNot === true;
      return {
        pass: meetsPassHatK(run, requirement),
        message: () => trialsReport(run, requirement, { minScore, negated }),
      };
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
