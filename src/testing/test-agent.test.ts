import { describe, expect, it, test } from 'vitest';
import { SUPPORT_TURNS, lateRefundChat, supportChat } from '../../test/conversation-fixtures.js';
import { ToolscoreAssertionError } from './assertion-error.js';
import { cases } from './cases.js';
import { testAgent } from './test-agent.js';
import type { AgentTestContext } from './trials.js';

/** An OpenAI chat completion calling get_weather for the city named in the prompt. */
function weatherResponse(input: string): unknown {
  const city = input.split(' ').at(-1);
  return {
    choices: [
      {
        message: {
          role: 'assistant',
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } },
          ],
        },
      },
    ],
  };
}

const expected = [{ tool: 'get_weather', args: { city: 'NYC' } }];

describe('testAgent', () => {
  it('runs a sync agent, extracts its calls and scores them', async () => {
    const result = await testAgent({ agent: weatherResponse, input: 'weather in NYC', expected, minScore: 0.9 });
    expect(result.score).toBe(1);
    expect(result.traceCalls.map((call) => call.args)).toEqual([{ city: 'NYC' }]);
  });

  it('awaits an async agent', async () => {
    const agent = async (input: string): Promise<unknown> => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return weatherResponse(input);
    };
    expect((await testAgent({ agent, input: 'weather in NYC', expected })).score).toBe(1);
  });

  it('checks the score only when a minimum is given', async () => {
    const result = await testAgent({ agent: weatherResponse, input: 'weather in LA', expected });
    expect(result.score).toBeCloseTo(0.7, 12);
    await expect(
      testAgent({ agent: weatherResponse, input: 'weather in LA', expected, minScore: 0.9 }),
    ).rejects.toThrow(ToolscoreAssertionError);
  });

  it('passes the agent’s own errors through', async () => {
    const agent = (): never => {
      throw new Error('model unavailable');
    };
    await expect(testAgent({ agent, input: 'x', expected })).rejects.toThrow('model unavailable');
  });

  it('rejects a bad minimum before running the agent', async () => {
    let ran = false;
    const agent = (): unknown => {
      ran = true;
      return [];
    };
    await expect(testAgent({ agent, input: 'x', expected, minScore: 2 })).rejects.toThrow(
      'expected a number between 0 and 1, got 2',
    );
    expect(ran).toBe(false);
  });
});

describe('testAgent: a typo in the expected calls fails the test', () => {
  it('an unknown key rejects with the key, its path and the key it probably means', async () => {
    const typo = [{ tool: 'get_weather', params: { city: 'NYC' } }] as unknown as typeof expected;
    await expect(testAgent({ agent: weatherResponse, input: 'weather in LA', expected: typo })).rejects.toThrow(
      'expected at $[0]: unknown key "params"; did you mean "args"?',
    );
  });
});

/**
 * A flaky agent, deterministic so its values can be worked out by hand: trial 2 of 3 asks for LA's
 * weather instead of NYC's. That trial scores 0.4 (selection) + 0 (arguments, F1 0) + 0.2 (sequence)
 * + 0.1 (no redundancy) = 0.70, a WARN; the others score 1, PASS. So c = 2 of n = 3:
 * pass^1 = 2/3, pass^2 = C(2,2)/C(3,2) = 1/3, pass^3 = 0; pass@1 = 2/3, pass@2 = 1 − C(1,2)/C(3,2) = 1, pass@3 = 1.
 */
function flakyAgent(input: string, { trial }: AgentTestContext): unknown {
  return weatherResponse(trial === 2 ? 'weather in LA' : input);
}

/** The failure message of the flaky agent under the default requirement, pass^3 = 1. */
const FLAKY_FAILURE = [
  'pass^3 0.00 < 1.00 required',
  '2 of 3 trials passed (a success is a PASS verdict)',
  '  trial 1  ✓  score 1.00  PASS',
  '  trial 2  ✗  score 0.70  WARN  get_weather called with different arguments: city: expected "NYC", got "LA"',
  '              fix: align the arguments the agent passes to get_weather (prompt, parameter descriptions), or relax the gold standard with ANY / Regex / Approx',
  '  trial 3  ✓  score 1.00  PASS',
  'pass^k 0.667 0.333 0.000 · pass@k 0.667 1.000 1.000 (k = 1…3)',
].join('\n');

describe('testAgent with trials', () => {
  it('gives the agent its trial number; once, it is trial 1 of 1', async () => {
    const seen: AgentTestContext[] = [];
    const agent = (input: string, context: AgentTestContext): unknown => {
      seen.push(context);
      return weatherResponse(input);
    };
    await testAgent({ agent, input: 'weather in NYC', expected });
    await testAgent({ agent, input: 'weather in NYC', expected, trials: 2 });
    expect(seen).toEqual([
      { trial: 1, trials: 1 },
      { trial: 1, trials: 2 },
      { trial: 2, trials: 2 },
    ]);
  });

  it('by default every trial must pass: a flaky case fails with every trial and its top issue', async () => {
    await expect(testAgent({ agent: flakyAgent, input: 'weather in NYC', expected, trials: 3 })).rejects.toThrow(
      new ToolscoreAssertionError(FLAKY_FAILURE),
    );
  });

  it('resolves to the trials, their statistics and pass^k / pass@k when the requirement holds', async () => {
    const run = await testAgent({
      agent: flakyAgent,
      input: 'weather in NYC',
      expected,
      trials: 3,
      passHatK: { k: 1, min: 0.6 },
    });
    expect(run.trials.map(({ trial, success, result }) => [trial, success, result?.verdict])).toEqual([
      [1, true, 'PASS'],
      [2, false, 'WARN'],
      [3, true, 'PASS'],
    ]);
    // Scores 1, 0.7, 1: mean 0.9; deviations 0.1, −0.2, 0.1 ⇒ spread sqrt(0.06 / 3) = sqrt(0.02).
    expect(run.stats).toEqual({
      n: 3,
      c: 2,
      successRate: 2 / 3,
      meanScore: expect.closeTo(0.9, 12),
      scoreStdDev: expect.closeTo(Math.sqrt(0.02), 12),
      flaky: true,
    });
    expect(run.passHatK).toEqual([expect.closeTo(2 / 3, 15), expect.closeTo(1 / 3, 15), 0]);
    expect(run.passAtK).toEqual([expect.closeTo(2 / 3, 15), 1, 1]);
  });

  it('passHatK relaxes the requirement: pass^2 1/3 meets 0.3; pass^1 2/3 misses 0.7', async () => {
    const options = { agent: flakyAgent, input: 'weather in NYC', expected, trials: 3 };
    await testAgent({ ...options, passHatK: { k: 2, min: 0.3 } });
    await expect(testAgent({ ...options, passHatK: { k: 1, min: 0.7 } })).rejects.toThrow(
      /^pass\^1 0\.67 < 0\.70 required\n2 of 3 trials passed/,
    );
  });

  it('with minScore, a trial succeeds on its score: 0.70 reaches 0.7, so all 3 pass', async () => {
    const run = await testAgent({ agent: flakyAgent, input: 'weather in NYC', expected, trials: 3, minScore: 0.7 });
    expect(run.stats.c).toBe(3);
    await expect(
      testAgent({ agent: flakyAgent, input: 'weather in NYC', expected, trials: 3, minScore: 0.8 }),
    ).rejects.toThrow('\n2 of 3 trials passed (a success is a score ≥ 0.80)\n');
  });

  it('a trial whose agent throws fails with its reason, masked and escaped, and the others still run', async () => {
    const agent = (input: string, { trial }: AgentTestContext): unknown => {
      if (trial === 2)
        throw new Error('provider refused key sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd\nretry later');
      return weatherResponse(input);
    };
    await expect(testAgent({ agent, input: 'weather in NYC', expected, trials: 3 })).rejects.toThrow(
      [
        '  trial 1  ✓  score 1.00  PASS',
        '  trial 2  ✗  error: provider refused key [REDACTED openai_api_key: sk-p…cd]\\nretry later',
        '  trial 3  ✓  score 1.00  PASS',
      ].join('\n'),
    );
  });

  it('a response that cannot be read, or a thrown non-Error, is a failed trial too', async () => {
    const agent = (input: string, { trial }: AgentTestContext): unknown => {
      if (trial === 1) return 42;
      if (trial === 2) throw 'rate limited';
      return weatherResponse(input);
    };
    // c = 1 of 3: pass^1 = 1/3, pass^2 = pass^3 = 0; pass@2 = 1 − C(2,2)/C(3,2) = 2/3, pass@3 = 1.
    await expect(testAgent({ agent, input: 'weather in NYC', expected, trials: 3 })).rejects.toThrow(
      new ToolscoreAssertionError(
        [
          'pass^3 0.00 < 1.00 required',
          '1 of 3 trials passed (a success is a PASS verdict)',
          '  trial 1  ✗  error: actual at $: could not detect the trace format: this is a number, not an object or a list (--explain)',
          '  trial 2  ✗  error: rate limited',
          '  trial 3  ✓  score 1.00  PASS',
          'pass^k 0.333 0.000 0.000 · pass@k 0.333 0.667 1.000 (k = 1…3)',
        ].join('\n'),
      ),
    );
  });

  it('runs at most `concurrency` trials at once, and lists them in trial order', async () => {
    let running = 0;
    let most = 0;
    const agent = async (input: string, { trial }: AgentTestContext): Promise<unknown> => {
      running++;
      most = Math.max(most, running);
      // Later trials finish first, so order comes from the trial numbers, not from finishing.
      for (let tick = 0; tick < 5 - trial; tick++) await Promise.resolve();
      running--;
      return weatherResponse(input);
    };
    const run = await testAgent({ agent, input: 'weather in NYC', expected, trials: 4, concurrency: 2 });
    expect(most).toBe(2);
    expect(run.trials.map(({ trial }) => trial)).toEqual([1, 2, 3, 4]);
  });

  it('checks the options and the expected calls before running the agent', async () => {
    let ran = false;
    const agent = (): unknown => {
      ran = true;
      return [];
    };
    const typo = [{ tool: 'get_weather', params: { city: 'NYC' } }] as unknown as typeof expected;
    await expect(testAgent({ agent, input: 'x', expected: typo, trials: 2 })).rejects.toThrow(
      'expected at $[0]: unknown key "params"; did you mean "args"?',
    );
    await expect(testAgent({ agent, input: 'x', expected, trials: 0 })).rejects.toThrow(
      'trials: expected a whole number ≥ 1, got 0',
    );
    await expect(testAgent({ agent, input: 'x', expected, trials: 3, passHatK: { k: 4, min: 1 } })).rejects.toThrow(
      'passHatK.k: expected a whole number in [1, 3], got 4',
    );
    await expect(testAgent({ agent, input: 'x', expected, trials: 3, passHatK: { k: 3, min: 2 } })).rejects.toThrow(
      'passHatK.min: expected a number between 0 and 1, got 2',
    );
    await expect(testAgent({ agent, input: 'x', expected, trials: 3, concurrency: 1.5 })).rejects.toThrow(
      'concurrency: expected a whole number ≥ 1, got 1.5',
    );
    expect(ran).toBe(false);
  });
});

describe('cases with trials, spread into testAgent', () => {
  test.each(cases([{ input: 'weather in NYC', expected }], { trials: 2 }))(
    '$input, $trials trials',
    async (testCase) => {
      const run = await testAgent({ agent: weatherResponse, ...testCase });
      expect(run.trials.map(({ trial, success }) => [trial, success])).toEqual([
        [1, true],
        [2, true],
      ]);
    },
  );
});

describe('testAgent and cases: a conversation gold', () => {
  /** A support agent that makes the refund one turn late in its second trial. */
  const chatAgent = (_input: string, { trial }: AgentTestContext): unknown =>
    trial === 2 ? lateRefundChat : supportChat;

  it('scores the agent’s recorded chat turn by turn', async () => {
    const result = await testAgent({ agent: chatAgent, input: 'order 7', expected: SUPPORT_TURNS, minScore: 1 });
    expect(result.score).toBe(1);
    expect(result.metrics.turn_pass_rate).toBe(1);
    expect(result.traceCalls.map((call) => [call.tool, call.turn])).toEqual([
      ['get_order', 1],
      ['refund_order', 2],
    ]);
  });

  it('with trials: the late trial fails pass^3, its line naming the turn', async () => {
    const run = testAgent({ agent: chatAgent, input: 'order 7', expected: SUPPORT_TURNS, trials: 3 });
    await expect(run).rejects.toThrow('pass^3 0.00 < 1.00 required\n2 of 3 trials passed');
    await expect(testAgent({ agent: chatAgent, input: 'order 7', expected: SUPPORT_TURNS, trials: 3 })).rejects.toThrow(
      /trial 2 {2}✗ {2}score 0\.33 {2}FAIL {2}refund_order expected in turn 2, made in turn 3\n/,
    );
    // pass^1 = 2/3 reaches 0.6.
    const relaxed = await testAgent({
      agent: chatAgent,
      input: 'order 7',
      expected: SUPPORT_TURNS,
      trials: 3,
      passHatK: { k: 1, min: 0.6 },
    });
    expect(relaxed.trials.map((trial) => trial.result?.score)).toEqual([1, 0.333333333333, 1]);
  });

  it('cases() carries a conversation gold into testAgent, and a typo in a turn throws', async () => {
    const [testCase] = cases([{ input: 'order 7', expected: SUPPORT_TURNS }], { trials: 1 });
    expect((await testAgent({ agent: chatAgent, ...testCase! })).stats).toMatchObject({ n: 1, c: 1 });
    const typo = { turns: [{ user: 'Hi', calls: [{ tool: 'get_order', arguments: {} }] }] } as never;
    const message = 'expected at $.turns[0].calls[0]: unknown key "arguments" in turn 1; did you mean "args"?';
    await expect(testAgent({ agent: chatAgent, input: 'x', expected: typo })).rejects.toThrow(message);
    await expect(testAgent({ agent: chatAgent, input: 'x', expected: typo, trials: 2 })).rejects.toThrow(message);
  });
});
