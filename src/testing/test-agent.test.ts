import { describe, expect, it } from 'vitest';
import { ToolscoreAssertionError } from './assertion-error.js';
import { testAgent } from './test-agent.js';

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
