import type { ExpectedCall, ToolCall } from '../core/types.js';
import type { Pairing } from '../pairing/pairing.js';
import { openVerdictCache, verdictKey, type VerdictCache } from './cache.js';
import { resolveJudgeConfig, type JudgeOption, type ResolvedJudgeConfig } from './config.js';
import { JudgeError, quote } from './errors.js';
import { judgedPairs, shownPair, type JudgedPair, type ShownPair } from './pairs.js';
import { parseBatchAnswer, parseSingleAnswer, type Verdict } from './parse.js';
import { batchPrompt, PROMPT_VERSION, singlePrompt, SYSTEM_PROMPT } from './prompt.js';
import type { JudgeClient } from './providers/client.js';
import { createClient } from './providers/index.js';
import { withRetries } from './retry.js';
import { closestTo, median, spread } from './samples.js';
import type { SemanticMetrics } from '../metrics/semantic.js';

/** Digits kept when rounding away float noise in scores. */
const SCORE_PRECISION = 1e12;

/** A configured judge, its provider SDK loaded, ready to score calls. */
export interface Judge {
  readonly config: ResolvedJudgeConfig;
  /** Judges the pairs of an evaluation (the core's pairing, then the leftovers in order). */
  score(expected: readonly ExpectedCall[], actual: readonly ToolCall[], pairing: Pairing): Promise<SemanticMetrics>;
}

/**
 * Checks the judge option (provider, key, values) and loads the provider's SDK. Every configuration
 * problem, a missing key or SDK included, fails here, before any request.
 */
export async function createJudge(option: JudgeOption): Promise<Judge> {
  const config = resolveJudgeConfig(option);
  const client = await createClient(config);
  const cache = openVerdictCache(config.cacheDir);
  return {
    config,
    score: (expected, actual, pairing) => new JudgeRun(config, client, cache).score(expected, actual, pairing),
  };
}

function round(value: number): number {
  return Math.round(value * SCORE_PRECISION) / SCORE_PRECISION;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** One evaluation's questions: cache first, one batch per sample, single questions for what a batch missed. */
class JudgeRun {
  #requests = 0;

  constructor(
    private readonly config: ResolvedJudgeConfig,
    private readonly client: JudgeClient,
    private readonly cache: VerdictCache,
  ) {}

  async score(
    expected: readonly ExpectedCall[],
    actual: readonly ToolCall[],
    pairing: Pairing,
  ): Promise<SemanticMetrics> {
    const { config } = this;
    const pairs = judgedPairs(expected, actual, pairing);
    const shown = pairs.map(shownPair);
    const samples = Array.from({ length: config.samples }, (_, sample) => sample);
    const keys = samples.map((sample) =>
      shown.map((pair) =>
        verdictKey({
          provider: config.provider,
          model: config.model,
          promptVersion: PROMPT_VERSION,
          pair,
          temperature: config.temperature,
          sample,
        }),
      ),
    );
    const verdicts = await Promise.all(keys.map((row) => Promise.all(row.map((key) => this.cache.get(key)))));
    const cacheHits = verdicts.flat().filter((verdict) => verdict !== undefined).length;
    const batches = verdicts.filter((row) => row.includes(undefined)).length;
    if (batches > config.maxCalls) {
      throw new JudgeError({
        provider: config.provider,
        kind: 'max_calls',
        message: `judging ${pairs.length} pairs ${config.samples} times needs at least ${batches} requests, over maxCalls ${config.maxCalls}; nothing was sent`,
      });
    }
    for (const sample of samples) await this.#fill(pairs, shown, verdicts[sample]!, keys[sample]!, sample);
    const answered = verdicts as Verdict[][];

    const penalty =
      expected.length === actual.length
        ? 1
        : 1 - Math.abs(expected.length - actual.length) / Math.max(expected.length, actual.length);
    const scoreOf = (scores: readonly number[]): number =>
      scores.length === 0 ? (expected.length === 0 && actual.length === 0 ? 1 : 0) : round(mean(scores) * penalty);
    const sampled = pairs.map((_, i) => answered.map((row) => row[i]!.score));
    const perCall = sampled.map((scores) => round(median(scores)));
    return {
      semantic_score: scoreOf(perCall),
      per_call_scores: perCall,
      explanations: sampled.map((scores, i) => answered[closestTo(scores, perCall[i]!)]![i]!.explanation),
      pairs: pairs.map((pair) => ({ expected_index: pair.expectedIndex, actual_index: pair.actualIndex })),
      model_used: config.model,
      provider: config.provider,
      prompt_version: PROMPT_VERSION,
      gold_count: expected.length,
      trace_count: actual.length,
      samples: config.samples,
      per_call_spreads: sampled.map((scores) => round(spread(scores))),
      score_spread: round(spread(answered.map((row) => scoreOf(row.map((verdict) => verdict.score))))),
      requests: this.#requests,
      cache_hits: cacheHits,
    };
  }

  /** Asks for the verdicts a sample lacks: all of them in one batch, then one by one what the batch did not give. */
  async #fill(
    pairs: readonly JudgedPair[],
    shown: readonly ShownPair[],
    verdicts: (Verdict | undefined)[],
    keys: readonly string[],
    sample: number,
  ): Promise<void> {
    const missing = pairs.flatMap((_, i) => (verdicts[i] === undefined ? [i] : []));
    if (missing.length === 0) return;
    const answer = await this.#ask(batchPrompt(missing.map((i) => shown[i]!)), `the batch of ${missing.length} pairs`);
    const batch = parseBatchAnswer(answer, missing.length);
    for (const [j, i] of missing.entries()) {
      const verdict = batch?.[j];
      if (verdict) await this.#keep(verdicts, i, verdict, keys, shown, sample);
    }
    for (const i of missing) {
      if (verdicts[i] !== undefined) continue;
      const { expectedIndex, actualIndex } = pairs[i]!;
      const { expected, actual } = shown[i]!;
      const label = `pair ${i + 1} (expected call ${expectedIndex + 1} ${expected.tool}, actual call ${actualIndex + 1} ${actual.tool})`;
      const single = await this.#ask(singlePrompt(shown[i]!), label);
      const verdict = parseSingleAnswer(single);
      if (!verdict) {
        throw new JudgeError({
          provider: this.config.provider,
          kind: 'response',
          message: `the answer about ${label} holds no {"score", "explanation"} verdict: ${JSON.stringify(quote(single))}`,
        });
      }
      await this.#keep(verdicts, i, verdict, keys, shown, sample);
    }
  }

  async #keep(
    verdicts: (Verdict | undefined)[],
    i: number,
    verdict: Verdict,
    keys: readonly string[],
    shown: readonly ShownPair[],
    sample: number,
  ): Promise<void> {
    verdicts[i] = verdict;
    const { config } = this;
    await this.cache.set(
      keys[i]!,
      {
        provider: config.provider,
        model: config.model,
        promptVersion: PROMPT_VERSION,
        pair: shown[i]!,
        temperature: config.temperature,
        sample,
      },
      verdict,
    );
  }

  /** Sends one question (retried as withRetries allows), refusing to go over maxCalls. */
  async #ask(user: string, about: string): Promise<string> {
    const { config } = this;
    if (this.#requests >= config.maxCalls) {
      throw new JudgeError({
        provider: config.provider,
        kind: 'max_calls',
        message: `maxCalls ${config.maxCalls} reached: stopping before asking about ${about}; raise maxCalls${config.cacheDir === null ? '' : ' (the verdicts already given are cached)'}`,
      });
    }
    this.#requests++;
    return withRetries((signal) => this.client.complete({ system: SYSTEM_PROMPT, user, signal }), config);
  }
}
