import { describe, expect, it } from 'vitest';
import { judgeFromFlags } from './judge-flags.js';

describe('--llm-* flags', () => {
  it('ask for no judge without --llm-judge', () => {
    expect(judgeFromFlags({ llmCache: true })).toBeUndefined();
  });

  it('give the defaults with --llm-judge alone', () => {
    expect(judgeFromFlags({ llmJudge: true, llmCache: true })).toEqual({});
  });

  it('carry model, provider, base URL, samples, call cap and cache', () => {
    expect(
      judgeFromFlags({
        llmJudge: true,
        llmModel: 'llama3.2',
        llmProvider: 'openai_compatible',
        llmBaseUrl: 'http://localhost:11434/v1',
        llmSamples: '3',
        llmMaxCalls: '10',
        llmCache: false,
      }),
    ).toEqual({
      model: 'llama3.2',
      provider: 'openai_compatible',
      baseURL: 'http://localhost:11434/v1',
      samples: 3,
      maxCalls: 10,
      cacheDir: false,
    });
  });

  it('--llm-timeout takes seconds, fractions too, as timeoutMs', () => {
    expect(judgeFromFlags({ llmJudge: true, llmTimeout: '2' })).toEqual({ timeoutMs: 2000 });
    expect(judgeFromFlags({ llmJudge: true, llmTimeout: '0.25' })).toEqual({ timeoutMs: 250 });
  });

  it.each([
    [{ llmModel: 'gpt-4o' }, '--llm-model: only applies with --llm-judge'],
    [{ llmCache: false }, '--no-llm-cache: only applies with --llm-judge'],
    [
      { llmJudge: true, llmProvider: 'mistral' },
      '--llm-provider: expected one of openai, anthropic, gemini, openai_compatible, got "mistral"',
    ],
    [{ llmJudge: true, llmSamples: '0' }, '--llm-samples: expected a whole number of at least 1, got "0"'],
    [{ llmJudge: true, llmMaxCalls: 'many' }, '--llm-max-calls: expected a whole number of at least 1, got "many"'],
    [{ llmTimeout: '5' }, '--llm-timeout: only applies with --llm-judge'],
    [{ llmJudge: true, llmTimeout: '0' }, '--llm-timeout: expected seconds above 0 and at most 3600, got "0"'],
    [
      { llmJudge: true, llmTimeout: '0.0001' },
      '--llm-timeout: expected seconds above 0 and at most 3600, got "0.0001"',
    ],
    [{ llmJudge: true, llmTimeout: 'soon' }, '--llm-timeout: expected seconds above 0 and at most 3600, got "soon"'],
    [{ llmJudge: true, llmTimeout: '3601' }, '--llm-timeout: expected seconds above 0 and at most 3600, got "3601"'],
  ])('refuse %o', (flags, message) => {
    expect(() => judgeFromFlags(flags)).toThrow(message);
  });
});
