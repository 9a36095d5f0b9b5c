import { describe, expect, it } from 'vitest';
import { loadProviderPackage } from './client.js';

/** What Node throws when an imported package is not installed. */
function notInstalled(name: string): Error {
  return Object.assign(
    new Error(`Cannot find package '${name}' imported from /app/node_modules/toolscore/dist/judge/providers/openai.js`),
    { code: 'ERR_MODULE_NOT_FOUND' },
  );
}

describe('provider packages', () => {
  it.each([
    ['openai', 'openai', 'judge: the openai judge needs the optional package openai: npm install openai@6'],
    [
      'openai_compatible',
      'openai',
      'judge: the openai_compatible judge needs the optional package openai: npm install openai@6',
    ],
    [
      'anthropic',
      '@anthropic-ai/sdk',
      'judge: the anthropic judge needs the optional package @anthropic-ai/sdk: npm install @anthropic-ai/sdk@1',
    ],
    [
      'gemini',
      '@google/genai',
      'judge: the gemini judge needs the optional package @google/genai: npm install @google/genai@2',
    ],
  ] as const)('says what to install when the %s SDK is missing', async (provider, name, message) => {
    await expect(loadProviderPackage(provider, () => Promise.reject(notInstalled(name)))).rejects.toThrow(message);
  });

  it('passes on other import failures as they are', async () => {
    const error = notInstalled('zod');
    await expect(loadProviderPackage('openai', () => Promise.reject(error))).rejects.toBe(error);
  });

  it('loads the package when it is there', async () => {
    const module = await loadProviderPackage('openai', () => import('openai'));
    expect(typeof module.default).toBe('function');
  });
});
