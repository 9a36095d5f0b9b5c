import { mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { evaluateBatch } from '../batch/evaluate-batch.js';
import { mergeResults } from '../batch/merge.js';
import type { BatchLine, BatchScoredLine } from '../batch/types.js';
import { runAgent, type RunAgentOptions } from './run-agent.js';
import { timedOutText } from './text.js';
import type { Agent, AgentContext, RunCase, RunLine } from './types.js';

const CREATED_AT = new Date('2026-12-03T00:00:00Z');

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'toolscore-run-test-'));
}

/** A seeded generator (mulberry32): the same trials on every machine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/*
 * Three cases, worked out by hand. The agent calls the tool its input names with {city: input.city}.
 * - "paris": expected get_weather{city: Paris}; the agent calls it ⇒ 1, A.
 * - "wrong": expected get_weather{city: Rome}; the agent calls search_hotels{city: Rome} ⇒ selection 0,
 *   argument F1 0, sequence 0, redundant 1 (an unexpected call) ⇒ 0, F.
 * - "half": expected get_weather{city: Oslo}; the agent calls get_weather{city: Bergen}: selection 1,
 *   argument F1 0, sequence 1, redundant 0 ⇒ 0.4 + 0 + 0.2 + 0.1 = 0.7, C.
 */
const CASES: RunCase[] = [
  {
    id: 'paris',
    input: { tool: 'get_weather', city: 'Paris' },
    expected: [{ tool: 'get_weather', args: { city: 'Paris' } }],
  },
  {
    id: 'wrong',
    input: { tool: 'search_hotels', city: 'Rome' },
    expected: [{ tool: 'get_weather', args: { city: 'Rome' } }],
  },
  {
    id: 'half',
    input: { tool: 'get_weather', city: 'Bergen' },
    expected: [{ tool: 'get_weather', args: { city: 'Oslo' } }],
  },
];

const callsAgent: Agent = async (input) => {
  const { tool, city } = input as { tool: string; city: string };
  return [{ tool, args: { city } }];
};

async function collect(options: Partial<RunAgentOptions> & Pick<RunAgentOptions, 'agent'>) {
  const run = runAgent({ dataset: CASES, createdAt: CREATED_AT, ...options });
  const lines: RunLine[] = [];
  for await (const line of run) lines.push(line as RunLine);
  return { lines, run };
}

async function textOf(options: Partial<RunAgentOptions> & Pick<RunAgentOptions, 'agent'>): Promise<string> {
  let all = '';
  for await (const chunk of runAgent({ dataset: CASES, createdAt: CREATED_AT, ...options }).text()) all += chunk;
  return all;
}

describe('runAgent', () => {
  test('runs every case k times; lines in case then trial order, index the line position, trial after index', async () => {
    const { lines, run } = await collect({ agent: callsAgent, trials: 2 });
    expect(lines.map((line) => [line.id, line.index, line.trial])).toEqual([
      ['paris', 0, 1],
      ['paris', 1, 2],
      ['wrong', 2, 1],
      ['wrong', 3, 2],
      ['half', 4, 1],
      ['half', 5, 2],
    ]);
    expect(lines.map((line) => (line as BatchScoredLine).score)).toEqual([1, 1, 0, 0, 0.7, 0.7]);
    expect(Object.keys(lines[0]!).slice(0, 4)).toEqual(['id', 'index', 'trial', 'score']);
    expect(run.summary().cases).toEqual({ total: 6, scored: 6, failed: 0 });
    // (1 + 1 + 0 + 0 + 0.7 + 0.7) / 6
    expect(run.summary().score.mean).toBeCloseTo(0.566667, 5);
    expect(run.stopped()).toBe(false);
  });

  test('gives the agent its input and a context: case id, trial, a signal, a logger', async () => {
    const seen: string[] = [];
    const logged: string[] = [];
    await collect({
      agent: (input, context: AgentContext) => {
        seen.push(`${context.caseId}/${context.trial}/${context.signal.aborted}`);
        context.log('called with', { city: (input as { city: string }).city });
        return [];
      },
      dataset: CASES.slice(0, 1),
      trials: 2,
      concurrency: 1,
      log: (id, trial, text) => logged.push(`${id}#${trial}: ${text}`),
    });
    expect(seen).toEqual(['paris/1/false', 'paris/2/false']);
    expect(logged).toEqual(["paris#1: called with { city: 'Paris' }", "paris#2: called with { city: 'Paris' }"]);
  });

  test('keeps to the concurrency (counted in flight) and the order, whatever finishes first', async () => {
    const random = seeded(7);
    let inFlight = 0;
    let most = 0;
    const cases: RunCase[] = Array.from({ length: 12 }, (_, k) => ({
      id: `c${k}`,
      input: { tool: 'get_weather', city: `City${k}` },
      expected: [{ tool: 'get_weather', args: { city: `City${k}` } }],
    }));
    const { lines } = await collect({
      dataset: cases,
      trials: 3,
      concurrency: 3,
      agent: async (input) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await sleep(Math.floor(random() * 8));
        inFlight--;
        return callsAgent(input, undefined as never);
      },
    });
    expect(most).toBe(3);
    expect(lines.map((line) => line.index)).toEqual(Array.from({ length: 36 }, (_, k) => k));
    expect(lines.map((line) => `${line.id}#${line.trial}`).slice(0, 4)).toEqual(['c0#1', 'c0#2', 'c0#3', 'c1#1']);
    expect(lines.every((line) => (line as BatchScoredLine).score === 1)).toBe(true);
  });

  test('a hanging agent times out: its signal fires, its trial is an error line, the run goes on', async () => {
    const signals: AbortSignal[] = [];
    const { lines } = await collect({
      dataset: CASES.slice(0, 2),
      timeoutMs: 50,
      agent: (input, context) => {
        signals.push(context.signal);
        return context.caseId === 'paris' ? new Promise(() => undefined) : callsAgent(input, context);
      },
    });
    expect(lines).toEqual([
      { id: 'paris', index: 0, trial: 1, error: timedOutText(50) },
      expect.objectContaining({ id: 'wrong', index: 1, trial: 1, score: 0 }),
    ]);
    expect(timedOutText(50)).toBe('the agent did not answer within 0.05 s (--timeout); the trial was abandoned');
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  test('a trial that throws, returns nothing or nothing readable is an error line with its reason', async () => {
    const replies: Record<string, () => unknown> = {
      paris: () => {
        throw new Error('rate limited\nstack…');
      },
      wrong: () => undefined,
      half: () => ({ hello: 'world' }),
    };
    const { lines, run } = await collect({ agent: (_, context) => replies[context.caseId]!() });
    expect(lines.map((line) => ('error' in line ? line.error : line.score))).toEqual([
      'the agent threw: rate limited',
      'the agent returned nothing; expected a response (a provider response, a framework result, messages or calls)',
      expect.stringMatching(/^case "half" trial 1: the agent's response/),
    ]);
    expect(run.summary().cases).toEqual({ total: 3, scored: 0, failed: 3 });
  });

  test('a thrown credential is masked in the error line', async () => {
    const { lines } = await collect({
      dataset: CASES.slice(0, 1),
      agent: () => {
        throw new Error('bad key sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD');
      },
    });
    const { error } = lines[0] as RunLine & { error: string };
    expect(error).toMatch(/^the agent threw: bad key \[REDACTED/);
    expect(error).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789');
  });

  test('a case without input, or with bad gold, fails every trial without calling the agent', async () => {
    let calls = 0;
    const { lines } = await collect({
      dataset: [
        { id: 'no-input', expected: [] } as unknown as RunCase,
        { id: 'bad-gold', input: 1, expected: 'search' },
      ],
      trials: 2,
      agent: () => {
        calls++;
        return [];
      },
    });
    expect(calls).toBe(0);
    expect(lines.map((line) => [line.id, line.trial, 'error' in line ? line.error : ''])).toEqual([
      ['no-input', 1, 'cases at $[0]: case "no-input" has no "input"; expected {id, input, expected, options?}'],
      ['no-input', 2, 'cases at $[0]: case "no-input" has no "input"; expected {id, input, expected, options?}'],
      ['bad-gold', 1, expect.stringContaining('cases at $[1].expected')],
      ['bad-gold', 2, expect.stringContaining('cases at $[1].expected')],
    ]);
  });

  test('resumes: the earlier lines pass in their places, only the missing trials run', async () => {
    const whole = await textOf({ agent: callsAgent, trials: 2 });
    const earlier = whole
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as BatchLine)
      .filter((line) => [0, 3, 4].includes(line.index));
    const ran: string[] = [];
    const resumed = await textOf({
      trials: 2,
      previous: (async function* () {
        yield* earlier;
      })(),
      agent: (input, context) => {
        ran.push(`${context.caseId}#${context.trial}`);
        return callsAgent(input, context);
      },
    });
    expect(ran.sort()).toEqual(['half#2', 'paris#2', 'wrong#1']);
    expect(resumed).toBe(whole);
  });

  test('refuses earlier lines of another run, naming the trial due', async () => {
    const run = runAgent({
      dataset: CASES,
      agent: callsAgent,
      trials: 2,
      previous: (async function* () {
        yield { id: 'paris', index: 0, trial: 1, error: 'x' } as BatchLine;
        yield { id: 'wrong', index: 1, trial: 1, error: 'x' } as BatchLine;
      })(),
    });
    const error = await (async () => {
      try {
        for await (const _ of run);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ToolscoreInputError);
    expect((error as Error).message).toBe(
      'results: trial 1 of case "wrong" (index 1) where trial 2 of case "paris" (index 1) was due; the results file is not this run\'s (was the dataset, --trials or --shard changed?)',
    );
  });

  test('a stopped run starts no new trial, finishes the running ones and ends with what is done', async () => {
    const controller = new AbortController();
    const { lines, run } = await collect({
      trials: 4,
      concurrency: 2,
      signal: controller.signal,
      agent: async (input, context) => {
        if (context.caseId === 'paris' && context.trial === 2) controller.abort();
        await sleep(5);
        return callsAgent(input, context);
      },
    });
    // Trials 1 and 2 were running when the signal fired: both finish, nothing else starts.
    expect(lines.map((line) => `${line.id}#${line.trial}`)).toEqual(['paris#1', 'paris#2']);
    expect(run.stopped()).toBe(true);
    expect(run.summary().cases.total).toBe(2);
  });

  test('shards take whole cases by id, as batch does, and merge joins them into the whole run, byte for byte', async () => {
    const folder = scratch();
    const dataset = join(folder, 'cases.jsonl');
    writeFileSync(dataset, `${CASES.map((c) => JSON.stringify(c)).join('\n')}\n`);
    const whole = await textOf({ agent: callsAgent, dataset, trials: 3 });
    const paths: string[] = [];
    for (let index = 1; index <= 4; index++) {
      const path = join(folder, `results-${index}.jsonl`);
      writeFileSync(path, await textOf({ agent: callsAgent, dataset, trials: 3, shard: { index, count: 4 } }));
      paths.push(path);
    }
    // 9 trial lines. FNV-1a mod 4 puts "paris" and "half" in shard 1 and "wrong" in shard 3; shards 2 and 4
    // hold only their shard line, which counts 9.
    const linesOf = (path: string) => readFileSync(path, 'utf8').trimEnd().split('\n');
    const first = linesOf(paths[0]!);
    expect(first.slice(0, -1).map((line) => JSON.parse(line).index)).toEqual([0, 1, 2, 6, 7, 8]);
    expect(JSON.parse(first.at(-1)!)).toMatchObject({ shard: { index: 1, count: 4 }, dataset: { cases: 9 } });
    expect(
      linesOf(paths[2]!)
        .slice(0, -1)
        .map((line) => JSON.parse(line).id),
    ).toEqual(['wrong', 'wrong', 'wrong']);
    expect(linesOf(paths[1]!)).toHaveLength(1);
    let merged = '';
    for await (const chunk of mergeResults(paths).text()) merged += chunk;
    expect(merged).toBe(whole);
  });

  test('writes each trial trace; batch re-scores the traces folder to the same lines', async () => {
    const folder = scratch();
    const tracesDir = join(folder, 'traces');
    const whole = await textOf({ agent: callsAgent, trials: 2, tracesDir });
    expect(readdirSync(tracesDir).sort()).toEqual(['0001-paris', '0002-wrong', '0003-half', 'cases.jsonl']);
    const trace = JSON.parse(readFileSync(join(tracesDir, '0003-half', 'trial-2.json'), 'utf8'));
    expect(trace).toEqual({
      id: 'half',
      input: { tool: 'get_weather', city: 'Bergen' },
      expected: [{ tool: 'get_weather', args: { city: 'Oslo' } }],
      trial: 2,
      actual: [{ tool: 'get_weather', args: { city: 'Bergen' } }],
      calls: [expect.objectContaining({ tool: 'get_weather', args: { city: 'Bergen' } })],
    });
    let rescored = '';
    for await (const chunk of evaluateBatch(
      { dataset: join(tracesDir, 'cases.jsonl') },
      { jobs: 1, createdAt: CREATED_AT },
    ).text())
      rescored += chunk;
    const withoutTrial = (text: string) =>
      text
        .trimEnd()
        .split('\n')
        .map((line) => {
          const { trial: _, ...rest } = JSON.parse(line);
          return rest;
        });
    expect(withoutTrial(rescored)).toEqual(withoutTrial(whole));
    expect(withoutTrial(rescored).map((line) => line.score)).toEqual([1, 1, 0, 0, 0.7, 0.7]);
  });

  test('trace file names are safe for any id, and unique when ids are not', async () => {
    const folder = scratch();
    await collect({
      agent: () => [],
      dataset: [
        { id: '../../etc/passwd', input: 0, expected: [] },
        { id: '../../etc/passwd', input: 0, expected: [] },
        { id: 'CON\u0000 ☃', input: 0, expected: [] },
      ],
      tracesDir: folder,
    });
    expect(readdirSync(folder).sort()).toEqual(['0001-etc_passwd', '0002-etc_passwd', '0003-CON_', 'cases.jsonl']);
    expect(existsSync(join(folder, '0003-CON_', 'trial-1.json'))).toBe(true);
  });

  test('checks its options before running', () => {
    expect(() => runAgent({ agent: callsAgent, dataset: CASES, trials: 0 })).toThrow(
      'trials: expected a whole number ≥ 1, got 0',
    );
    expect(() => runAgent({ agent: callsAgent, dataset: CASES, concurrency: 1.5 })).toThrow(
      'concurrency: expected a whole number ≥ 1, got 1.5',
    );
    expect(() => runAgent({ agent: callsAgent, dataset: CASES, timeoutMs: 0 })).toThrow('timeoutMs');
  });
});
