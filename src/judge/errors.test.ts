import { describe, expect, it } from 'vitest';
import { JudgeError, retryAfterFrom, toJudgeError } from './errors.js';
import { backoffMs } from './retry.js';

const headers = (values: Record<string, string>) => new Headers(values);

describe('Retry-After', () => {
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(retryAfterFrom(headers({ 'retry-after': '1' }))).toBe(1000);
    expect(retryAfterFrom(headers({ 'retry-after': '0.5' }))).toBe(500);
    expect(retryAfterFrom(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterFrom(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }), now)).toBe(3000);
  });

  it('ignores what it cannot read', () => {
    expect(retryAfterFrom(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterFrom(headers({}))).toBeUndefined();
    expect(retryAfterFrom(undefined)).toBeUndefined();
  });

  it('backs off 0.5 s, 1 s, 2 s … up to 8 s without one', () => {
    expect([0, 1, 2, 3, 4, 5].map(backoffMs)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });
});

describe('SDK errors', () => {
  const live = new AbortController().signal;

  it('keeps the status, the server message and Retry-After', () => {
    const sdkError = Object.assign(new Error('429 {"error":{"message":"Rate limit reached"}}'), {
      status: 429,
      headers: headers({ 'retry-after': '2' }),
    });
    const error = toJudgeError('anthropic', sdkError, live, 1000);
    expect(error.message).toBe('LLM judge (anthropic): HTTP 429 (rate limited): Rate limit reached');
    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 2000, retryable: true });
  });

  it('takes headers from the caller when the error has none (Gemini)', () => {
    const sdkError = Object.assign(new Error('{"error":{"code":503,"message":"overloaded"}}'), { status: 503 });
    const error = toJudgeError('gemini', sdkError, live, 1000, headers({ 'retry-after': '3' }));
    expect(error.message).toBe('LLM judge (gemini): HTTP 503 (server error): overloaded');
    expect(error.retryAfterMs).toBe(3000);
  });

  it('retries timeouts, lost connections, 408, 409, 429 and 5xx, never auth or bad requests', () => {
    const http = (status: number) =>
      new JudgeError({ provider: 'openai', kind: 'http', status, message: '' }).retryable;
    expect([400, 401, 403, 404, 408, 409, 422, 429, 500, 503].map(http)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      false,
      true,
      true,
      true,
    ]);
    expect(new JudgeError({ provider: 'openai', kind: 'timeout', message: '' }).retryable).toBe(true);
    expect(new JudgeError({ provider: 'openai', kind: 'response', message: '' }).retryable).toBe(false);
  });

  it('calls an error after our signal ran out a timeout, and one without a status a network error', () => {
    const aborted = AbortSignal.abort();
    expect(toJudgeError('openai', new Error('Request was aborted.'), aborted, 300).message).toBe(
      'LLM judge (openai): no answer within 300 ms, the time each attempt may take (timeoutMs; --llm-timeout on the command line)',
    );
    const refused = new Error('Connection error.', {
      cause: new Error('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }),
    });
    expect(toJudgeError('openai_compatible', refused, live, 300).message).toBe(
      'LLM judge (openai_compatible): request failed: Connection error.: fetch failed: connect ECONNREFUSED 127.0.0.1:9',
    );
  });
});
