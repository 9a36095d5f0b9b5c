// The fluent expect(): declare the calls an agent must make, in order, and the ones it must not.
// toolscore's `expect` would shadow Vitest's, so it is imported under its other name, expectTools.
import { expect, test } from 'vitest';
import { ANY, Regex, ToolscoreAssertionError, expectTools } from 'toolscore';
import { travelAgent } from './agents.js';

test('books a flight without cancelling anything', async () => {
  await expectTools(travelAgent)
    .on('book me a flight to NYC')
    .calls('search_flights', { origin: ANY, destination: 'NYC' })
    .thenCalls('book_flight', { flight_id: Regex('FL-\\d+') })
    .doesNotCall('cancel_booking')
    .withScore(0.9)
    .run();
});

test('a forbidden call fails, naming the call', async () => {
  const run = expectTools(travelAgent)
    .on('book me a flight to NYC, then cancel')
    .calls('search_flights')
    .doesNotCall('cancel_booking')
    .run();
  await expect(run).rejects.toThrow(ToolscoreAssertionError);
  await expect(run).rejects.toThrow('call 3 (cancel_booking): cancel_booking(booking_id="BK-9")');
});

test('an already-produced response instead of an agent', async () => {
  const response = await travelAgent('book me a flight to Lisbon');
  const result = await expectTools(response)
    .calls('search_flights', { origin: ANY, destination: 'Lisbon' })
    .calls('book_flight')
    .run();
  expect(result.score).toBe(1);
});

test('the same checks as matchers', async () => {
  const response = await travelAgent('book me a flight to NYC');
  expect(response).toCallTools(
    [{ tool: 'search_flights', args: { origin: ANY, destination: 'NYC' } }, { tool: 'book_flight' }],
    { minScore: 0.9 },
  );
  expect(response).toCallTool('book_flight', { flight_id: Regex('FL-\\d+') });
  expect(response).not.toCallTool('cancel_booking');
});
