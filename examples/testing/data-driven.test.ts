// The guide's "Data-Driven Testing with cases()": one test per case with Vitest's test.each.
import { test } from 'vitest';
import { assertTools, cases } from 'toolscore';
import { myAgent } from './agents.js';

test.each(
  cases([
    { input: 'weather NYC', expected: [{ tool: 'get_weather', args: { city: 'NYC' } }] },
    { input: 'email bob', expected: [{ tool: 'send_email', args: { to: 'bob' } }] },
  ]),
)('my agent handles "$input"', ({ input, expected }) => {
  const response = myAgent(input);
  assertTools(expected, response, { minScore: 0.9 });
});
