import { toActualCalls } from '../formats/support/calls.js';
import { toExpectedCalls } from '../gold/gold.js';
import type { ActualCallInput, ExpectedCallInput } from '../core/types.js';
import { pairCalls } from '../pairing/pairing.js';
import type { JudgeOption } from './config.js';
import { createJudge } from './judge.js';
import type { SemanticMetrics } from '../metrics/semantic.js';

/** Options of `calculateSemanticCorrectness()`. */
export interface SemanticCorrectnessOptions {
  /** `true` or omitted for the defaults (gpt-4o-mini), a model name, or a JudgeConfig. */
  judge?: JudgeOption;
}

/**
 * Asks an LLM whether each actual call carries out the intent of its expected call, beyond exact
 * names and values (search_web for web_search). Calls are paired as the core pairs them (same tool,
 * best arguments), then the leftovers in order. Configuration problems throw before any request;
 * failed requests (auth, network, timeouts after retries) throw too, never count as zero.
 */
export async function calculateSemanticCorrectness(
  gold: readonly ExpectedCallInput[],
  trace: readonly ActualCallInput[],
  options: SemanticCorrectnessOptions = {},
): Promise<SemanticMetrics> {
  const judge = await createJudge(options.judge ?? true);
  const expected = toExpectedCalls(gold, 'gold');
  const actual = toActualCalls(trace, 'trace');
  return judge.score(expected, actual, pairCalls(expected, actual, 'lenient'));
}
