import { ToolscoreInputError, textOf } from '../core/errors.js';
import { checkMinScore, meetsMinScore } from '../core/grade.js';
import type { GoldInput } from '../core/types.js';
import type { CompiledGold } from '../evaluation/compiled-gold.js';
import type { WeightsInput } from '../core/weights.js';
import { evaluate } from '../evaluation/evaluate.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { isTrialSuccess, trialStats, type TrialStats } from '../trials/case-stats.js';
import { passCurves } from '../trials/estimators.js';
import { scoreTexts } from './failure-report.js';
import { passHatKLineText, trialLineText, trialsCountText, trialsCurvesText, type TrialLineOutcome } from './text.js';

/*
 * One input given to an agent k times, each trial scored, and a pass^k required of them: what
 * `testAgent({ trials })` and the `toPassHatK` matcher share.
 */

/** What an agent under test gets besides its input. */
export interface AgentTestContext {
  /** Which trial this is, from 1 (1 when the agent runs once). */
  trial: number;
  /** How many trials run. */
  trials: number;
}

/** An agent under test: takes an input (and which trial it is), returns its raw response (or a Promise of it). */
export type Agent<Input = string> = (input: Input, context: AgentTestContext) => unknown;

/** How one input's trials are run and scored. */
export interface TrialsRunOptions<Input> {
  agent: Agent<Input>;
  input: Input;
  expected: GoldInput | CompiledGold;
  /** How many times the agent runs, a whole number ≥ 1. */
  trials: number;
  /** A trial succeeds when its score reaches this; without it, when its verdict is PASS. */
  minScore?: number | undefined;
  weights?: WeightsInput | undefined;
  strict?: boolean | undefined;
  /** How many trials run at once (default 1: one after the other, in trial order). */
  concurrency?: number | undefined;
}

/** One trial: its score and verdict (`result`), or why the agent's response could not be had or read (`error`). */
export interface AgentTrial {
  /** From 1. */
  trial: number;
  /** The scored trial, or null when it failed with `error`. */
  result: EvaluationResult | null;
  /** What the agent threw, or why its response could not be read. */
  error?: string;
  success: boolean;
}

/** The trials of one input: each trial, the case's statistics, pass^k and pass@k for k = 1 … n (index k − 1). */
export interface AgentTrials {
  trials: readonly AgentTrial[];
  stats: TrialStats;
  passHatK: readonly number[];
  passAtK: readonly number[];
}

/** A pass^k requirement: pass^k at least `min`. */
export interface PassHatKRequirement {
  /** A whole number in [1, trials]. */
  k: number;
  /** In [0, 1]. */
  min: number;
}

/** A count option (`trials`, `concurrency`, `passHatK.k`): a whole number in [1, max]. */
export function checkCount(value: unknown, source: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? '≥ 1' : `in [1, ${max}]`;
    throw new ToolscoreInputError({ source }, `expected a whole number ${range}, got ${textOf(value)}`);
  }
  return value;
}

/** Checks a pass^k requirement against the number of trials. */
export function checkPassHatK(requirement: PassHatKRequirement, trials: number, source: string): PassHatKRequirement {
  return {
    k: checkCount(requirement.k, `${source}.k`, trials),
    min: checkMinScore(requirement.min, `${source}.min`),
  };
}

/**
 * Runs the agent `trials` times on one input and scores each response. A trial whose agent throws, or
 * whose response cannot be read, is a failed trial with its reason, so one bad trial never hides the
 * others. The expected calls and options are checked first: a typo in them throws before any trial.
 */
export async function runAgentTrials<Input>(options: TrialsRunOptions<Input>): Promise<AgentTrials> {
  const trials = checkCount(options.trials, 'trials');
  const concurrency = checkCount(options.concurrency ?? 1, 'concurrency');
  const minScore = options.minScore === undefined ? undefined : checkMinScore(options.minScore);
  const score = (actual: unknown): EvaluationResult =>
    evaluate({
      expected: options.expected,
      actual,
      weights: options.weights,
      strict: options.strict,
      strictGold: true,
    });
  // Input errors are the test's, not a trial's: scoring no calls throws them now, once.
  score([]);

  const runs: AgentTrial[] = new Array(trials);
  const runTrial = async (trial: number): Promise<AgentTrial> => {
    try {
      const result = score(await options.agent(options.input, { trial, trials }));
      return { trial, result, success: isTrialSuccess(result, minScore) };
    } catch (error) {
      return { trial, result: null, error: error instanceof Error ? error.message : textOf(error), success: false };
    }
  };
  let next = 1;
  const worker = async (): Promise<void> => {
    while (next <= trials) {
      const trial = next++;
      runs[trial - 1] = await runTrial(trial);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, trials) }, worker));

  const stats = trialStats(runs.map((run) => ({ score: run.result?.score ?? null, success: run.success })));
  const curves = passCurves([stats]);
  return { trials: runs, stats, passHatK: curves.passHatK, passAtK: curves.passAtK };
}

/** Whether the trials meet the requirement (float noise forgiven as for scores). */
export function meetsPassHatK(trials: AgentTrials, requirement: PassHatKRequirement): boolean {
  return meetsMinScore(trials.passHatK[requirement.k - 1]!, requirement.min);
}

/**
 * The message of a pass^k check: the requirement and the value, the successes, every trial (score,
 * verdict, top issue and its fix, or its error), then pass^k and pass@k for every k. `negated` is the
 * `.not` form, which failed because the requirement was met.
 */
export function trialsReport(
  trials: AgentTrials,
  requirement: PassHatKRequirement,
  options: { minScore?: number | undefined; negated?: boolean },
): string {
  const value = trials.passHatK[requirement.k - 1]!;
  const met = meetsPassHatK(trials, requirement);
  const [valueText, minText] = scoreTexts(value, requirement.min, met);
  const width = String(trials.trials.length).length;
  return [
    passHatKLineText(requirement.k, valueText, minText!, met, options.negated === true),
    trialsCountText(trials.stats.c, trials.stats.n, options.minScore),
    ...trials.trials.map((trial) => trialLineText(trial.trial, width, trial.success, outcomeOf(trial))),
    trialsCurvesText(trials.passHatK, trials.passAtK),
  ].join('\n');
}

/** What a trial's line shows: its score, verdict and first top issue, or its error. */
function outcomeOf(trial: AgentTrial): TrialLineOutcome {
  if (trial.result === null) return { error: trial.error ?? '' };
  return { score: trial.result.score, verdict: trial.result.verdict, issue: trial.result.topIssues[0] };
}
