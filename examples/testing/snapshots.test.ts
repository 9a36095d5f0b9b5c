// Snapshot testing: the first run records the agent's calls (pending approval), `toolscore approve`
// approves them, and every later run replays them as the gold standard. The approved snapshots of
// these tests are committed under snapshots/; one loosens an argument with a hand-written matcher.
import { expect } from 'vitest';
import { toolscoreTest } from 'toolscore/vitest';
import { travelAgent } from './agents.js';

const test = toolscoreTest({ snapshotDir: 'snapshots' });

test('books a flight to NYC', async ({ toolscoreSnapshot }) => {
  const result = toolscoreSnapshot(await travelAgent('book me a flight to NYC'));
  expect(result.outcome).toBe('passed');
});

test('books a flight anywhere', async () => {
  // The approved snapshot says {"destination": {"$any": true}}, so any destination replays.
  expect(await travelAgent('book me a flight to Paris')).toMatchToolSnapshot({
    store: 'snapshots',
    name: 'books a flight anywhere',
  });
});
