// The same matchers as in Vitest, under Jest's expect.
import { ANY, Regex, assertTools, cases } from 'toolscore';

/** A stand-in agent returning an Anthropic message that searches and books a flight. */
function travelAgent(prompt) {
  const destination = /to (\w+)/.exec(prompt)?.[1] ?? 'NYC';
  return {
    role: 'assistant',
    content: [
      { type: 'tool_use', id: 't1', name: 'search_flights', input: { origin: 'SFO', destination } },
      { type: 'tool_use', id: 't2', name: 'book_flight', input: { flight_id: 'FL-1024' } },
    ],
  };
}

test('toCallTools and toCallTool', () => {
  const response = travelAgent('book me a flight to NYC');
  expect(response).toCallTools([
    { tool: 'search_flights', args: { origin: ANY, destination: 'NYC' } },
    { tool: 'book_flight', args: { flight_id: Regex('FL-\\d+') } },
  ]);
  expect(response).toCallTool('book_flight');
  expect(response).not.toCallTool('cancel_booking');
});

test.each(
  cases([
    { input: 'a flight to NYC', destination: 'NYC' },
    { input: 'a flight to Paris', destination: 'Paris' },
  ]),
)('books $input', ({ input, destination }) => {
  assertTools(
    [{ tool: 'search_flights', args: { origin: 'SFO', destination } }, { tool: 'book_flight' }],
    travelAgent(input),
  );
});

test('replays its approved snapshot', () => {
  // Recorded on a first run, approved with `toolscore approve --dir snapshots --all`, committed.
  expect(travelAgent('book me a flight to NYC')).toMatchToolSnapshot({ store: 'snapshots' });
});
