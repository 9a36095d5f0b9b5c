import type { ResolvedJudgeConfig } from '../config.js';
import { anthropicClient } from './anthropic.js';
import type { JudgeClient } from './client.js';
import { geminiClient } from './gemini.js';
import { openaiClient } from './openai.js';

/** The client of the configured provider, its SDK imported now. */
export function createClient(config: ResolvedJudgeConfig): Promise<JudgeClient> {
  switch (config.provider) {
    case 'openai':
    case 'openai_compatible':
      return openaiClient(config);
    case 'anthropic':
      return anthropicClient(config);
    case 'gemini':
      return geminiClient(config);
  }
}
