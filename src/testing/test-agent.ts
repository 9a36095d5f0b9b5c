import { evaluate } from '../evaluation/evaluate.js';
import { checkMinScore } from '../core/grade.js';
import type { EvaluationResult } from '../evaluation/result.js';
import type { ExpectedCallInput } from '../core/types.js';
import type { WeightsInput } from '../core/weights.js';
import { requireScore } from './assert-tools.js';

/** An agent under test: takes an input, returns its raw response (or a Promise of it). */
export type Agent<Input = string> = (input: Input) => unknown;

/** Options of `testAgent()`. */
export interface TestAgentOptions<Input> {
  /** The agent; sync or async. */
  agent: Agent<Input>;
  /** What to give it. */
  input: Input;
  /** Expected calls: `{tool, args?}`; `args` may hold matchers. */
  expected: readonly ExpectedCallInput[];
  /** When set, a score under it throws a `ToolscoreAssertionError`. */
  minScore?: number;
  /** Weights merged over the defaults and renormalized. */
  weights?: WeightsInput;
  /** Compare arguments strictly. */
  strict?: boolean;
}

/**
 * Runs the agent on the input, reads the tool calls from its raw response (any format `evaluate`
 * detects, or a call list) and scores them. An async agent just works: its Promise is awaited.
 */
export async function testAgent<Input>(options: TestAgentOptions<Input>): Promise<EvaluationResult> {
  const minScore = options.minScore === undefined ? undefined : checkMinScore(options.minScore);
  const response: unknown = await options.agent(options.input);
  const result = evaluate({
    expected: options.expected,
    actual: response,
    weights: options.weights,
    strict: options.strict,
    strictGold: true,
  });
  return minScore === undefined ? result : requireScore(result, minScore);
}
