import { describe, expect, it } from 'vitest';
import { resolveJudgeConfig, type JudgeOption } from './config.js';

const KEYS = { OPENAI_API_KEY: 'sk-o', ANTHROPIC_API_KEY: 'sk-a', GOOGLE_API_KEY: 'g-1', GEMINI_API_KEY: 'g-2' };

function resolve(option: JudgeOption, env: NodeJS.ProcessEnv = KEYS) {
  return resolveJudgeConfig(option, env);
}

function refusal(option: JudgeOption, env: NodeJS.ProcessEnv = KEYS): string {
  try {
    resolveJudgeConfig(option, env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
}

describe('judge config', () => {
  it('has the documented defaults', () => {
    expect(resolve(true)).toEqual({
      model: 'gpt-4o-mini',
      provider: 'openai',
      apiKey: 'sk-o',
      baseURL: undefined,
      temperature: 0,
      maxRetries: 2,
      timeoutMs: 60_000,
      samples: 1,
      maxCalls: Infinity,
      cacheDir: '.toolscore/judge-cache',
    });
  });

  it('takes a bare string as the model name', () => {
    expect(resolve('gpt-4.1-nano')).toMatchObject({ model: 'gpt-4.1-nano', provider: 'openai' });
  });

  it.each([
    ['claude-3-5-haiku-latest', 'anthropic', 'sk-a'],
    ['Claude-Sonnet-4', 'anthropic', 'sk-a'],
    ['gemini-2.0-flash', 'gemini', 'g-1'],
    ['gpt-4o', 'openai', 'sk-o'],
    ['o3-mini', 'openai', 'sk-o'],
    ['my-finetune', 'openai', 'sk-o'],
  ])('infers the provider of %s: %s', (model, provider, apiKey) => {
    expect(resolve({ model })).toMatchObject({ provider, apiKey });
  });

  it('takes a base URL alone to mean an OpenAI-compatible server, whatever the model', () => {
    expect(resolve({ model: 'claude-3-5-haiku', baseURL: 'http://localhost:11434/v1/' })).toMatchObject({
      provider: 'openai_compatible',
      baseURL: 'http://localhost:11434/v1',
    });
  });

  it('needs no key for an OpenAI-compatible server, and uses OPENAI_API_KEY when set', () => {
    expect(resolve({ model: 'llama3.2', baseURL: 'http://127.0.0.1:8000/v1' }, {}).apiKey).toBe('not-needed');
    expect(resolve({ model: 'llama3.2', baseURL: 'http://127.0.0.1:8000/v1' }).apiKey).toBe('sk-o');
  });

  it('lets an explicit provider take a base URL: its own API behind a gateway', () => {
    expect(
      resolve({ provider: 'anthropic', model: 'claude-3-5-haiku-latest', baseURL: 'http://127.0.0.1:9/' }),
    ).toMatchObject({ provider: 'anthropic', baseURL: 'http://127.0.0.1:9' });
  });

  it('reads GOOGLE_API_KEY, then GEMINI_API_KEY, and prefers apiKey to both', () => {
    expect(resolve('gemini-2.0-flash', { GEMINI_API_KEY: 'g-2' }).apiKey).toBe('g-2');
    expect(resolve({ model: 'gemini-2.0-flash', apiKey: 'mine' }).apiKey).toBe('mine');
  });

  it.each([
    [
      { model: 'gpt-4o-mini' },
      'judge.apiKey: the openai judge (model gpt-4o-mini) needs an API key: set OPENAI_API_KEY, or pass apiKey in the judge config',
    ],
    [
      { model: 'claude-3-5-haiku-latest' },
      'judge.apiKey: the anthropic judge (model claude-3-5-haiku-latest) needs an API key: set ANTHROPIC_API_KEY, or pass apiKey in the judge config',
    ],
    [
      { model: 'gemini-2.0-flash' },
      'judge.apiKey: the gemini judge (model gemini-2.0-flash) needs an API key: set GOOGLE_API_KEY or GEMINI_API_KEY, or pass apiKey in the judge config',
    ],
  ])('names the variable when the key is missing: %o', (option, message) => {
    expect(refusal(option, { OPENAI_API_KEY: '' })).toBe(message);
  });

  it.each([
    [
      { provider: 'openai_compatible' },
      'judge.provider: openai_compatible needs baseURL, the address of the server (e.g. http://localhost:11434/v1 for Ollama)',
    ],
    [
      { provider: 'openai', model: 'claude-3-5-haiku-latest' },
      'judge.provider: model "claude-3-5-haiku-latest" is served by anthropic, not openai; drop provider to infer it, or use openai_compatible with baseURL for a server that hosts it',
    ],
    [
      { provider: 'anthropic', model: 'gemini-2.0-flash' },
      'judge.provider: model "gemini-2.0-flash" is served by gemini, not anthropic; drop provider to infer it, or use openai_compatible with baseURL for a server that hosts it',
    ],
    [
      { provider: 'gemini' },
      'judge.model: the default model gpt-4o-mini is an OpenAI model; name a gemini model for provider gemini',
    ],
    [
      { provider: 'mistral' as 'openai' },
      'judge.provider: unknown provider "mistral"; expected one of openai, anthropic, gemini, openai_compatible',
    ],
    [
      { model: 'claude-3-5-haiku-latest', temperature: 0 },
      'judge.temperature: the Anthropic API (version 2026-10-21, @anthropic-ai/sdk 1) takes no temperature; leave it out and use samples for stable scores',
    ],
  ])('refuses conflicting settings: %o', (option, message) => {
    expect(refusal(option as JudgeOption)).toBe(message);
  });

  it.each([
    [{ samples: 0 }, 'judge.samples: expected an integer from 1 to 100, got 0'],
    [{ temperature: 3 }, 'judge.temperature: expected a number from 0 to 2, got 3'],
    [{ maxRetries: 1.5 }, 'judge.maxRetries: expected an integer from 0 to 10, got 1.5'],
    [{ timeoutMs: 0 }, 'judge.timeoutMs: expected an integer from 1 to 3600000, got 0'],
    [{ maxCalls: 0 }, 'judge.maxCalls: expected an integer from 1 to 9007199254740991, got 0'],
    [{ baseURL: 'localhost:11434' }, 'judge.baseURL: expected an http(s) URL, got "localhost:11434"'],
    [
      { baseURL: 'not a url' },
      'judge.baseURL: expected an http(s) URL such as http://localhost:11434/v1, got "not a url"',
    ],
    [{ cacheDir: '' }, 'judge.cacheDir: expected a folder path or false, got ""'],
    [
      { modle: 'gpt-4o' },
      'judge: unknown field "modle"; known fields: model, provider, apiKey, baseURL, temperature, maxRetries, timeoutMs, samples, maxCalls, cacheDir',
    ],
    ['', 'judge: expected a model name, got an empty string'],
    [42, 'judge: expected true, a model name or a JudgeConfig object, got 42'],
  ])('refuses bad values: %o', (option, message) => {
    expect(refusal(option as JudgeOption)).toBe(message);
  });

  it('turns the cache off with cacheDir: false', () => {
    expect(resolve({ cacheDir: false }).cacheDir).toBeNull();
  });
});
