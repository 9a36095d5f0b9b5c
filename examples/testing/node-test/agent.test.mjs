// node:test has no expect.extend, so it uses the plain assertions; their failures are AssertionErrors,
// which node:test reports like any other. Run: node --test examples/testing/node-test/
import { test } from 'node:test';
import { ANY, assertTools, cases, expectTools, testAgent } from 'toolscore';

/** A stand-in agent returning an OpenAI chat completion that calls get_weather or send_email. */
async function myAgent(input) {
  const email = /email (\w+)/.exec(input);
  const [name, args] = email
    ? ['send_email', { to: email[1] }]
    : ['get_weather', { city: /NYC|Paris/.exec(input)?.[0] ?? 'NYC' }];
  return {
    choices: [
      {
        message: {
          role: 'assistant',
          tool_calls: [{ id: 'c1', type: 'function', function: { name, arguments: JSON.stringify(args) } }],
        },
      },
    ],
  };
}

test('testAgent with an async agent', async () => {
  await testAgent({
    agent: myAgent,
    input: "What's the weather in NYC?",
    expected: [{ tool: 'get_weather', args: { city: 'NYC' } }],
    minScore: 0.9,
  });
});

// Data-driven: a plain loop, one test per case.
for (const { input, expected } of cases([
  { input: 'weather NYC', expected: [{ tool: 'get_weather', args: { city: 'NYC' } }] },
  { input: 'email bob', expected: [{ tool: 'send_email', args: { to: 'bob' } }] },
])) {
  test(`my agent handles "${input}"`, async () => {
    assertTools(expected, await myAgent(input), { minScore: 0.9 });
  });
}

test('fluent expect', async () => {
  await expectTools(myAgent).on('weather in Paris').calls('get_weather', { city: ANY }).doesNotCall('send_email').run();
});
