import type { ResolvedJudgeConfig } from '../config.js';
import { toJudgeError } from '../errors.js';
import { loadProviderPackage, type JudgeClient } from './client.js';

/**
 * Gemini generateContent through the official `@google/genai`, with a system instruction and the JSON
 * MIME type. The SDK's errors carry no headers, so each request's fetch keeps the response headers for
 * Retry-After; the SDK's own retries stay off (the judge's retry auth errors never).
 */
export async function geminiClient(config: ResolvedJudgeConfig): Promise<JudgeClient> {
  const { GoogleGenAI } = await loadProviderPackage(config.provider, () => import('@google/genai'));
  const client = new GoogleGenAI({
    apiKey: config.apiKey,
    httpOptions: config.baseURL === undefined ? {} : { baseUrl: config.baseURL },
  });
  return {
    async complete({ system, user, signal }) {
      let headers: Headers | undefined;
      const keepHeaders = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
        const response = await fetch(input, init);
        headers = response.headers;
        return response;
      };
      try {
        const response = await client.models.generateContent({
          model: config.model,
          contents: user,
          config: {
            systemInstruction: system,
            temperature: config.temperature,
            responseMimeType: 'application/json',
            abortSignal: signal,
            httpOptions: { ...(config.baseURL === undefined ? {} : { baseUrl: config.baseURL }), fetch: keepHeaders },
          },
        });
        return response.text ?? '';
      } catch (error) {
        throw toJudgeError(config.provider, error, signal, config.timeoutMs, headers);
      }
    },
  };
}
