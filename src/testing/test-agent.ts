import { evaluate } from '../evaluation/evaluate.js';
import { checkMinScore } from '../core/grade.js';
import type { EvaluationResult } from '../evaluation/result.js';
import type { GoldInput } from '../core/types.js';
import type { CompiledGold } from '../evaluation/compiled-gold.js';
import type { WeightsInput } from '../core/weights.js';
import { ToolscoreAssertionError } from './assertion-error.js';
import { requireScore } from './assert-tools.js';
import {
  checkCount,
  checkPassHatK,
  meetsPassHatK,
  runAgentTrials,
  trialsReport,
  type Agent,
  type AgentTrials,
  type PassHatKRequirement,
} from './trials.js';

/** Options of `testAgent()`. */
export interface TestAgentOptions<Input> {
  /** The agent; sync or async. */
  agent: Agent<Input>;
  /** What to give it. */
  input: Input;
  /**
   * Expected calls: `{tool, args?}` (`args` may hold matchers), or a conversation's `{turns: [...]}`
   * (docs/conversations.md), or either compiled once by `compileGold(…, { strictGold: true })`.
   */
  expected: GoldInput | CompiledGold;
  /**
   * When set, a score under it throws a `ToolscoreAssertionError`; with `trials`, a trial succeeds when
   * its score reaches it (without it, when its verdict is PASS).
   */
  minScore?: number;
  /** Weights merged over the defaults and renormalized. */
  weights?: WeightsInput;
  /** Compare arguments strictly. */
  strict?: boolean;
}

/** Options of `testAgent()` run several times: `trials` and the pass^k they must reach. */
export interface TestAgentTrialsOptions<Input> extends TestAgentOptions<Input> {
  /** Run the agent this many times (a whole number ≥ 1); each trial gets its number in its context. */
  trials: number;
  /**
   * The pass^k the trials must reach, `{ k, min }` with k in [1, trials] and min in [0, 1]. Default
   * `{ k: trials, min: 1 }`: every trial succeeds.
   */
  passHatK?: PassHatKRequirement;
  /** How many trials run at once (default 1: one after the other, in trial order). */
  concurrency?: number;
}

/**
 * Runs the agent on the input, reads the tool calls from its raw response (any format `evaluate`
 * detects, or a call list) and scores them. An async agent just works: its Promise is awaited.
 *
 * With `trials`, runs it that many times and throws a `ToolscoreAssertionError` listing every trial
 * (score, verdict, top issue and its fix, or what it threw) when the pass^k requirement is not met;
 * by default every trial must succeed. Resolves to the trials otherwise.
 */
export function testAgent<Input>(options: TestAgentTrialsOptions<Input>): Promise<AgentTrials>;
export function testAgent<Input>(options: TestAgentOptions<Input> & { trials?: undefined }): Promise<EvaluationResult>;
export async function testAgent<Input>(
  options: TestAgentOptions<Input> & Partial<TestAgentTrialsOptions<Input>>,
): Promise<EvaluationResult | AgentTrials> {
  const minScore = options.minScore === undefined ? undefined : checkMinScore(options.minScore);
  if (options.trials !== undefined) return testAgentTrials({ ...options, trials: options.trials }, minScore);
  const response: unknown = await options.agent(options.input, { trial: 1, trials: 1 });
  const result = evaluate({
    expected: options.expected,
    actual: response,
    weights: options.weights,
    strict: options.strict,
    strictGold: true,
  });
  return minScore === undefined ? result : requireScore(result, minScore);
}

async function testAgentTrials<Input>(
  options: TestAgentTrialsOptions<Input>,
  minScore: number | undefined,
): Promise<AgentTrials> {
  const trials = checkCount(options.trials, 'trials');
  const requirement = checkPassHatK(options.passHatK ?? { k: trials, min: 1 }, trials, 'passHatK');
  const run = await runAgentTrials({ ...options, minScore });
  if (!meetsPassHatK(run, requirement)) throw new ToolscoreAssertionError(trialsReport(run, requirement, { minScore }));
  return run;
}
