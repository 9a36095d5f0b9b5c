import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  batchAnswer,
  singleAnswer,
  startJudgeServer,
  type JudgeServer,
  type RecordedRequest,
  type Reply,
  type Wire,
} from '../../test/judge-server.js';
import type { JudgeConfig } from './config.js';
import { JudgeError } from './errors.js';
import { calculateSemanticCorrectness } from './semantic.js';

/*
 * The judge end to end: the real provider SDKs (openai, @anthropic-ai/sdk, @google/genai) against a
 * server on 127.0.0.1 that speaks each wire format and answers what each test scripts.
 */

let work: string;
let dirs = 0;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'toolscore-judge-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllEnvs();
});

/** A fresh, empty cache folder. */
function cacheDir(): string {
  return join(work, `cache-${++dirs}`);
}

const GOLD = [
  { tool: 'search_web', args: { query: 'weather in Lisbon' } },
  { tool: 'get_weather', args: { city: 'Lisbon' } },
  { tool: 'send_email', args: { to: 'ana@example.com' } },
];
const TRACE = [
  { tool: 'web_search', args: { q: 'Lisbon weather' } },
  { tool: 'get_weather', args: { city: 'Lisbon' } },
  { tool: 'send_email', args: { to: 'ana@example.com' } },
];

/** The four ways to reach the judge, each pointed at the local server through its base-URL option. */
const PROVIDERS: { name: string; wire: Wire; model: string; config: (server: JudgeServer) => JudgeConfig }[] = [
  {
    name: 'openai',
    wire: 'openai',
    model: 'gpt-4o-mini',
    config: (s) => ({ provider: 'openai', model: 'gpt-4o-mini', baseURL: s.baseURL('openai'), apiKey: 'sk-test' }),
  },
  {
    name: 'openai_compatible',
    wire: 'openai',
    model: 'llama3.2',
    config: (s) => ({ model: 'llama3.2', baseURL: s.baseURL('openai') }),
  },
  {
    name: 'anthropic',
    wire: 'anthropic',
    model: 'claude-3-5-haiku-latest',
    config: (s) => ({
      provider: 'anthropic',
      model: 'claude-3-5-haiku-latest',
      baseURL: s.baseURL('anthropic'),
      apiKey: 'sk-ant-test',
    }),
  },
  {
    name: 'gemini',
    wire: 'gemini',
    model: 'gemini-2.0-flash',
    config: (s) => ({ provider: 'gemini', model: 'gemini-2.0-flash', baseURL: s.baseURL('gemini'), apiKey: 'gm-test' }),
  },
];

/** Runs one evaluation against a server that answers with `reply`, and closes the server. */
async function judgeWith(
  provider: (typeof PROVIDERS)[number],
  reply: (request: RecordedRequest, index: number) => Reply,
  extra: JudgeConfig = {},
  calls: { gold: typeof GOLD; trace: typeof TRACE } = { gold: GOLD, trace: TRACE },
) {
  const server = await startJudgeServer(reply);
  try {
    const run = calculateSemanticCorrectness(calls.gold, calls.trace, {
      judge: { ...provider.config(server), cacheDir: false, ...extra },
    });
    const outcome = await run.then(
      (metrics) => ({ metrics, error: undefined }),
      (error: unknown) => ({ metrics: undefined, error }),
    );
    return { ...outcome, requests: server.requests };
  } finally {
    await server.close();
  }
}

describe.each(PROVIDERS)('the $name judge', (provider) => {
  it('scores good answers: one batched request, the mean of the pair scores', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const { metrics, error, requests } = await judgeWith(provider, () => ({ text: batchAnswer([0.9, 1, 0.8]) }));
    expect(error).toBeUndefined();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.wire).toBe(provider.wire);
    expect(requests[0]!.pairCount).toBe(3);
    expect(metrics).toMatchObject({
      semantic_score: 0.9,
      per_call_scores: [0.9, 1, 0.8],
      explanations: ['pair 0 scored 0.9', 'pair 1 scored 1', 'pair 2 scored 0.8'],
      pairs: [
        { expected_index: 0, actual_index: 0 },
        { expected_index: 1, actual_index: 1 },
        { expected_index: 2, actual_index: 2 },
      ],
      model_used: provider.model,
      provider: provider.name,
      gold_count: 3,
      trace_count: 3,
      samples: 1,
      per_call_spreads: [0, 0, 0],
      score_spread: 0,
      requests: 1,
      cache_hits: 0,
    });
  });

  it('falls back to one request per pair when the batched answer is not JSON', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const singles = [0.7, 1, 0.4];
    const { metrics, requests } = await judgeWith(provider, (_request, index) =>
      index === 0 ? { text: '{"scores": [{"index": 0, "score": 0.9' } : { text: singleAnswer(singles[index - 1]!) },
    );
    expect(requests).toHaveLength(4);
    expect(requests.map((request) => request.pairCount)).toEqual([3, 0, 0, 0]);
    expect(requests[1]!.user).toContain('Expected tool: search_web');
    expect(requests[3]!.user).toContain('Expected tool: send_email');
    expect(metrics?.per_call_scores).toEqual([0.7, 1, 0.4]);
    expect(metrics?.semantic_score).toBe(0.7);
    expect(metrics?.requests).toBe(4);
  });

  it('reads an array wrapped in an object, in a code fence, in any item order', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const text =
      '```json\n{"results": [{"index": 2, "score": 0.5, "explanation": "different recipient"}, {"index": 0, "score": 1}, {"index": 1, "score": "0.75"}]}\n```';
    const { metrics, requests } = await judgeWith(provider, () => ({ text }));
    expect(requests).toHaveLength(1);
    expect(metrics?.per_call_scores).toEqual([1, 0.75, 0.5]);
    expect(metrics?.explanations).toEqual(['no explanation given', 'no explanation given', 'different recipient']);
    expect(metrics?.semantic_score).toBe(0.75);
  });

  it('asks again, one by one, about the pairs a short batched answer left out', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const { metrics, requests } = await judgeWith(provider, (_request, index) =>
      index === 0
        ? {
            text: JSON.stringify({
              scores: [
                { index: 0, score: 1, explanation: 'same' },
                { index: 2, score: 0.6, explanation: 'close' },
              ],
            }),
          }
        : { text: singleAnswer(0.3, 'other city') },
    );
    expect(requests.map((request) => request.pairCount)).toEqual([3, 0]);
    expect(requests[1]!.user).toContain('Expected tool: get_weather');
    expect(metrics?.per_call_scores).toEqual([1, 0.3, 0.6]);
    expect(metrics?.explanations).toEqual(['same', 'other city', 'close']);
  });

  it('waits out a 429 with Retry-After and tries again', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const { metrics, error, requests } = await judgeWith(provider, (_request, index) =>
      index === 0
        ? { status: 429, message: 'slow down', headers: { 'retry-after': '1' } }
        : { text: batchAnswer([1, 1, 1]) },
    );
    expect(error).toBeUndefined();
    expect(requests).toHaveLength(2);
    expect(metrics?.semantic_score).toBe(1);
    // A retry is the same request again, not another question.
    expect(metrics?.requests).toBe(1);
    expect(requests[1]!.user).toBe(requests[0]!.user);
  });

  it('gives up on a 429 that outlasts the retries, keeping the wait the server asked for', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const { error, requests } = await judgeWith(
      provider,
      () => ({ status: 429, message: 'quota exceeded', headers: { 'retry-after': '0' } }),
      { maxRetries: 1 },
    );
    expect(requests).toHaveLength(2);
    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 0 });
    expect((error as Error).message).toBe(
      `LLM judge (${provider.name}): HTTP 429 (rate limited): quota exceeded (gave up after 2 attempts)`,
    );
  });

  it('fails on 401 at once, naming the provider and the status', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const { metrics, error, requests } = await judgeWith(provider, () => ({
      status: 401,
      message: 'Incorrect API key provided',
    }));
    expect(metrics).toBeUndefined();
    expect(requests).toHaveLength(1);
    expect(error).toBeInstanceOf(JudgeError);
    expect((error as JudgeError).status).toBe(401);
    expect((error as Error).message).toBe(
      `LLM judge (${provider.name}): HTTP 401 (authentication failed: check the API key): Incorrect API key provided`,
    );
  });

  it('gives up on a hung server after timeoutMs', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const { error, requests } = await judgeWith(provider, () => ({ hang: true }), { timeoutMs: 300, maxRetries: 1 });
    expect(error).toBeInstanceOf(JudgeError);
    expect((error as JudgeError).kind).toBe('timeout');
    expect((error as Error).message).toBe(
      `LLM judge (${provider.name}): no answer within 300 ms, the time each attempt may take (timeoutMs; --llm-timeout on the command line) (gave up after 2 attempts)`,
    );
    expect(requests).toHaveLength(2);
  });

  it('replays cached verdicts without any request', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const dir = cacheDir();
    const first = await judgeWith(provider, () => ({ text: batchAnswer([0.9, 1, 0.8]) }), { cacheDir: dir });
    expect(first.requests).toHaveLength(1);
    expect(readdirSync(dir).filter((name) => name.endsWith('.json'))).toHaveLength(3);
    const again = await judgeWith(provider, () => ({ status: 500 }), { cacheDir: dir });
    expect(again.requests).toHaveLength(0);
    expect(again.metrics).toMatchObject({
      semantic_score: 0.9,
      per_call_scores: [0.9, 1, 0.8],
      requests: 0,
      cache_hits: 3,
    });
  });
});

describe('the request each SDK sends', () => {
  it('openai: chat completions asking for a JSON object at temperature 0, with the key as a bearer token', async () => {
    const { requests } = await judgeWith(PROVIDERS[0]!, () => ({ text: batchAnswer([1, 1, 1]) }));
    expect(requests[0]!.path).toBe('/v1/chat/completions');
    expect(requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(requests[0]!.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    expect(requests[0]!.system).toMatch(/^You judge the tool calls/);
    expect(requests[0]!.user).toContain('{"scores": [');
  });

  it('openai_compatible: no key needed', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const { requests } = await judgeWith(PROVIDERS[1]!, () => ({ text: batchAnswer([1, 1, 1]) }));
    expect(requests[0]!.headers.authorization).toBe('Bearer not-needed');
    expect(requests[0]!.model).toBe('llama3.2');
  });

  it('anthropic: the messages API with a system prompt and max_tokens, the key as a bearer token', async () => {
    const { requests } = await judgeWith(PROVIDERS[2]!, () => ({ text: batchAnswer([1, 1, 1]) }));
    expect(requests[0]!.headers.authorization).toBe('Bearer sk-ant-test');
    expect(requests[0]!.body).toMatchObject({ model: 'claude-3-5-haiku-latest', max_tokens: 4096 });
    expect(requests[0]!.body).not.toHaveProperty('temperature');
    expect(requests[0]!.system).toMatch(/^You judge the tool calls/);
  });

  it('gemini: generateContent with a system instruction and the JSON MIME type', async () => {
    const { requests } = await judgeWith(PROVIDERS[3]!, () => ({ text: batchAnswer([1, 1, 1]) }));
    expect(requests[0]!.path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
    expect(requests[0]!.headers['x-goog-api-key']).toBe('gm-test');
    expect(requests[0]!.body.generationConfig).toMatchObject({ temperature: 0, responseMimeType: 'application/json' });
    expect(requests[0]!.system).toMatch(/^You judge the tool calls/);
  });
});

describe('pairs, counts and limits', () => {
  const openai = PROVIDERS[0]!;

  it('scores both lists empty as 1 without any request', async () => {
    const { metrics, requests } = await judgeWith(openai, () => ({ status: 500 }), {}, { gold: [], trace: [] });
    expect(requests).toHaveLength(0);
    expect(metrics).toMatchObject({
      semantic_score: 1,
      per_call_scores: [],
      explanations: [],
      pairs: [],
      requests: 0,
      gold_count: 0,
      trace_count: 0,
    });
  });

  it('scores calls against no calls as 0 without any request', async () => {
    const { metrics, requests } = await judgeWith(openai, () => ({ status: 500 }), {}, { gold: GOLD, trace: [] });
    expect(requests).toHaveLength(0);
    expect(metrics).toMatchObject({ semantic_score: 0, per_call_scores: [], gold_count: 3, trace_count: 0 });
  });

  it('pairs a reordered trace by tool, then the leftovers, not by position', async () => {
    const trace = [TRACE[2]!, TRACE[1]!, TRACE[0]!];
    const { metrics, requests } = await judgeWith(
      openai,
      () => ({ text: batchAnswer([0.9, 1, 1]) }),
      {},
      { gold: GOLD, trace },
    );
    expect(metrics?.pairs).toEqual([
      { expected_index: 0, actual_index: 2 },
      { expected_index: 1, actual_index: 1 },
      { expected_index: 2, actual_index: 0 },
    ]);
    const blocks = requests[0]!.user.split(/^Pair \d+$/m).slice(1);
    expect(blocks[0]).toMatch(/Expected tool: search_web[\s\S]*Actual tool: web_search/);
    expect(blocks[2]).toMatch(/Expected tool: send_email[\s\S]*Actual tool: send_email/);
  });

  it('scales the mean by the share of calls that could be paired', async () => {
    const { metrics } = await judgeWith(
      openai,
      () => ({ text: batchAnswer([1, 0.5]) }),
      {},
      { gold: GOLD, trace: TRACE.slice(0, 2) },
    );
    // mean 0.75 × (1 − 1/3)
    expect(metrics?.semantic_score).toBe(0.5);
    expect(metrics?.pairs).toHaveLength(2);
  });

  it('asks k times for samples: k, reports the median and the spread', async () => {
    const answers = [
      [0.9, 1, 0.2],
      [0.5, 1, 0.4],
      [0.8, 1, 0.9],
    ];
    const dir = cacheDir();
    const { metrics, requests } = await judgeWith(
      openai,
      (_request, index) => ({ text: batchAnswer(answers[index]!) }),
      { samples: 3, cacheDir: dir },
    );
    expect(requests).toHaveLength(3);
    expect(metrics).toMatchObject({
      samples: 3,
      per_call_scores: [0.8, 1, 0.4],
      per_call_spreads: [0.4, 0, 0.7],
      requests: 3,
    });
    expect(metrics?.semantic_score).toBe(0.733333333333);
    // Per-sample scores 0.7, 0.633…, 0.9: spread 0.9 − 0.633… = 0.266…
    expect(metrics?.score_spread).toBe(0.266666666667);
    expect(metrics?.explanations).toEqual(['pair 0 scored 0.8', 'pair 1 scored 1', 'pair 2 scored 0.4']);
    // Each sample has its own cache entries.
    expect(readdirSync(dir).filter((name) => name.endsWith('.json'))).toHaveLength(9);
  });

  it('refuses to start when the batches alone would pass maxCalls', async () => {
    const { error, requests } = await judgeWith(openai, () => ({ text: batchAnswer([1, 1, 1]) }), {
      samples: 3,
      maxCalls: 2,
    });
    expect(requests).toHaveLength(0);
    expect((error as JudgeError).kind).toBe('max_calls');
    expect((error as Error).message).toBe(
      'LLM judge (openai): judging 3 pairs 3 times needs at least 3 requests, over maxCalls 2; nothing was sent',
    );
  });

  it('stops at maxCalls before a fallback request', async () => {
    const { error, requests } = await judgeWith(
      openai,
      (_request, index) => ({ text: index === 0 ? 'not json' : singleAnswer(1) }),
      { maxCalls: 2 },
    );
    expect(requests).toHaveLength(2);
    expect((error as JudgeError).kind).toBe('max_calls');
    expect((error as Error).message).toMatch(
      /^LLM judge \(openai\): maxCalls 2 reached: stopping before asking about pair 2 \(expected call 2 get_weather, actual call 2 get_weather\)/,
    );
  });

  it('fails, naming the pair, when a single answer holds no verdict', async () => {
    const { error } = await judgeWith(openai, (_request, index) => ({
      text: index === 0 ? 'I cannot judge this' : 'still not a verdict',
    }));
    expect((error as JudgeError).kind).toBe('response');
    expect((error as Error).message).toBe(
      'LLM judge (openai): the answer about pair 1 (expected call 1 search_web, actual call 1 web_search) holds no {"score", "explanation"} verdict: "still not a verdict"',
    );
  });

  it('fails before any request when the key is missing, naming the variable', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', '');
    const { error, requests } = await judgeWith(openai, () => ({ text: '{}' }), {
      provider: 'anthropic',
      model: 'claude-3-5-haiku-latest',
      apiKey: undefined,
    });
    expect(requests).toHaveLength(0);
    expect((error as Error).message).toBe(
      'judge.apiKey: the anthropic judge (model claude-3-5-haiku-latest) needs an API key: set ANTHROPIC_API_KEY, or pass apiKey in the judge config',
    );
  });

  it('keeps what the cache needs to audit an entry', async () => {
    const dir = cacheDir();
    await judgeWith(openai, () => ({ text: batchAnswer([0.9, 1, 0.8]) }), { cacheDir: dir });
    const entries = readdirSync(dir).map(
      (name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, any>,
    );
    const search = entries.find((entry) => entry.key.expected.tool === 'search_web')!;
    expect(search).toMatchObject({
      score: 0.9,
      explanation: 'pair 0 scored 0.9',
      key: {
        provider: 'openai',
        model: 'gpt-4o-mini',
        temperature: 0,
        sample: 0,
        actual: { tool: 'web_search', args: { q: 'Lisbon weather' } },
      },
    });
  });
});
