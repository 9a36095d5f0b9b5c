import type { ResolvedJudgeConfig } from '../config.js';
import { toJudgeError } from '../errors.js';
import { loadProviderPackage, type JudgeClient } from './client.js';

/**
 * OpenAI chat completions through the official `openai` SDK, for OpenAI itself and for any server that
 * speaks the same API (Ollama, vLLM, Groq). Asks for a JSON object, which is what the prompt asks for.
 */
export async function openaiClient(config: ResolvedJudgeConfig): Promise<JudgeClient> {
  const { default: OpenAI } = await loadProviderPackage(config.provider, () => import('openai'));
  // Retries and timeouts are the judge's own (withRetries and its per-attempt signal), the same for every provider.
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, maxRetries: 0 });
  return {
    async complete({ system, user, signal }) {
      try {
        const completion = await client.chat.completions.create(
          {
            model: config.model,
            temperature: config.temperature,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: system },
              { role: 'user', content: user },
            ],
          },
          { signal },
        );
        return completion.choices[0]?.message.content ?? '';
      } catch (error) {
        throw toJudgeError(config.provider, error, signal, config.timeoutMs);
      }
    },
  };
}
