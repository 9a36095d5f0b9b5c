/**
 * toolscore/judge: the optional LLM judge of semantic equivalence. Its provider SDKs (openai,
 * @anthropic-ai/sdk, @google/genai) are optional peer dependencies, imported only when a judge is made.
 */
export { calculateSemanticCorrectness, type SemanticCorrectnessOptions } from './semantic.js';
export { createJudge, type Judge } from './judge.js';
export {
  API_KEY_VARIABLES,
  DEFAULT_CACHE_DIR,
  DEFAULT_JUDGE_MODEL,
  resolveJudgeConfig,
  type JudgeConfig,
  type JudgeOption,
  type ResolvedJudgeConfig,
} from './config.js';
export { JudgeError, type JudgeErrorKind } from './errors.js';
export { judgedPairs, type JudgedPair } from './pairs.js';
export { PROMPT_VERSION } from './prompt.js';
export { JUDGE_PROVIDERS, type JudgeProvider, type SemanticMetrics } from '../metrics/semantic.js';
export type { Verdict } from './parse.js';
