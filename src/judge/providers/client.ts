import { ToolscoreInputError } from '../../core/errors.js';
import type { JudgeProvider } from '../../metrics/semantic.js';

/** One question to the judge model: instructions, the question, and the signal that ends the attempt. */
interface JudgeRequest {
  system: string;
  user: string;
  signal: AbortSignal;
}

/** A provider's client, reduced to what the judge needs: text in, text out, failures as JudgeError. */
export interface JudgeClient {
  complete(request: JudgeRequest): Promise<string>;
}

/** The SDK each provider needs, and the major version toolscore is tested with. */
const PROVIDER_PACKAGES: Readonly<Record<JudgeProvider, { name: string; major: string }>> = {
  openai: { name: 'openai', major: '6' },
  openai_compatible: { name: 'openai', major: '6' },
  anthropic: { name: '@anthropic-ai/sdk', major: '1' },
  gemini: { name: '@google/genai', major: '2' },
};

/**
 * Imports a provider SDK, an optional peer dependency loaded only when the judge runs. When it is not
 * installed, the error says what to install.
 */
export async function loadProviderPackage<T>(provider: JudgeProvider, load: () => Promise<T>): Promise<T> {
  const { name, major } = PROVIDER_PACKAGES[provider];
  try {
    return await load();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      (error as Error).message.includes(`'${name}'`);
    if (!missing) throw error;
    throw new ToolscoreInputError(
      { source: 'judge' },
      `the ${provider} judge needs the optional package ${name}: npm install ${name}@${major}`,
    );
  }
}
