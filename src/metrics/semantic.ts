/** The judge's providers: three vendors' own APIs, and any server that speaks OpenAI chat completions. */
export const JUDGE_PROVIDERS = ['openai', 'anthropic', 'gemini', 'openai_compatible'] as const;

/** One judge provider. */
export type JudgeProvider = (typeof JUDGE_PROVIDERS)[number];

/** What the LLM judge found (`metrics.semantic_metrics`), under the guide's snake_case keys. */
export interface SemanticMetrics {
  /** Mean of `per_call_scores`, times 1 − |gold − trace| / max(gold, trace) when the counts differ; 1 when both lists are empty. */
  semantic_score: number;
  /** One score in [0, 1] per judged pair (the median of the samples). */
  per_call_scores: number[];
  /** The judge's reason for each score (from the sample closest to the median). */
  explanations: string[];
  /** The calls each score compares, as 0-based positions in the gold and trace lists. */
  pairs: { expected_index: number; actual_index: number }[];
  model_used: string;
  provider: JudgeProvider;
  /** Hash of the prompt's fixed wording; cached verdicts are reused only under the same one. */
  prompt_version: string;
  gold_count: number;
  trace_count: number;
  /** How many times each pair was asked. */
  samples: number;
  /** For each pair, max − min of its sampled scores (0 with one sample). */
  per_call_spreads: number[];
  /** max − min of the semantic score computed from each sample alone. */
  score_spread: number;
  /** Requests sent to the provider in this evaluation (retries not counted). */
  requests: number;
  /** Verdicts read from the cache instead of asked. */
  cache_hits: number;
}
