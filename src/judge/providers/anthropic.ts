import type { ResolvedJudgeConfig } from '../config.js';
import { toJudgeError } from '../errors.js';
import { loadProviderPackage, type JudgeClient } from './client.js';

/** Room for the verdicts of a batch; an answer is about 30 tokens a pair. */
const MAX_TOKENS = 4096;

/**
 * Anthropic messages through the official `@anthropic-ai/sdk`; the answer is its text blocks joined.
 * The API version of SDK 1 takes no temperature (config.ts refuses one), so determinism comes from the
 * verdict cache and median sampling.
 */
export async function anthropicClient(config: ResolvedJudgeConfig): Promise<JudgeClient> {
  const { default: Anthropic } = await loadProviderPackage(config.provider, () => import('@anthropic-ai/sdk'));
  // Retries and timeouts are the judge's own (withRetries and its per-attempt signal).
  const client = new Anthropic({ apiKey: config.apiKey, baseURL: config.baseURL, maxRetries: 0 });
  return {
    async complete({ system, user, signal }) {
      try {
        const message = await client.messages.create(
          { model: config.model, max_tokens: MAX_TOKENS, system, messages: [{ role: 'user', content: user }] },
          { signal },
        );
        return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      } catch (error) {
        throw toJudgeError(config.provider, error, signal, config.timeoutMs);
      }
    },
  };
}
