// The guide's "End-to-End Agent Testing": run an agent, extract its tool calls, evaluate, in one call.
import { expect, test } from 'vitest';
import { testAgent } from 'toolscore';
import { myAgent, travelAgent } from './agents.js';

test('testAgent runs a sync agent and checks the score', async () => {
  const result = await testAgent({
    agent: myAgent, // any function returning an LLM response
    input: "What's the weather in NYC?",
    expected: [{ tool: 'get_weather', args: { city: 'NYC' } }],
    minScore: 0.9, // optional: throws if below
  });
  expect(result.score).toBe(1);
});

test('an async agent just works: its Promise is awaited', async () => {
  const result = await testAgent({
    agent: travelAgent,
    input: 'book me a flight to NYC',
    expected: [
      { tool: 'search_flights', args: { origin: 'SFO', destination: 'NYC' } },
      { tool: 'book_flight' }, // no args: any arguments are fine
    ],
    minScore: 0.9,
  });
  expect(result.traceCalls.map((call) => call.tool)).toEqual(['search_flights', 'book_flight']);
});
