// Agents are not deterministic: run one k times and require pass^k (docs/trials.md, "In tests").
import { expect, test } from 'vitest';
import { cases, testAgent } from 'toolscore';
import { flakyWeatherAgent, myAgent } from './agents.js';

const expected = [{ tool: 'get_weather', args: { city: 'Paris' } }];

test('with trials, every trial must pass (pass^3 = 1)', async () => {
  const run = await testAgent({ agent: myAgent, input: 'weather in Paris', expected, trials: 3 });
  expect(run.passHatK).toEqual([1, 1, 1]);
});

test('a flaky agent passes 2 of 3 trials: pass^1 = 2/3 meets 0.6, pass^3 = 0 does not meet 1', async () => {
  await expect(flakyWeatherAgent).toPassHatK(1, 0.6, { input: 'weather in Paris', expected, trials: 3 });
  await expect(flakyWeatherAgent).not.toPassHatK(3, 1, { input: 'weather in Paris', expected });
  // Without .not, the failure lists every trial: trial 2 scored 0.70 (WARN), city: expected "Paris", got "Lisbon".
});

test.each(
  cases(
    [
      { input: 'weather in Paris', expected: [{ tool: 'get_weather', args: { city: 'Paris' } }] },
      { input: 'email bob', expected: [{ tool: 'send_email', args: { to: 'bob' } }] },
    ],
    { trials: 3 },
  ),
)('"$input" passes $trials times out of $trials', async (testCase) => {
  await testAgent({ agent: myAgent, ...testCase });
});
