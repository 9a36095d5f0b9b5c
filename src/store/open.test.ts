import { describe, expect, test } from 'vitest';
import { DEFAULT_STORE, openStore, storeOf } from './open.js';

describe('storeOf: which store a command keeps its run in', () => {
  test('--store PATH wins; --store alone is TOOLSCORE_STORE, else the project file', () => {
    expect(storeOf('runs.db', { TOOLSCORE_STORE: 'postgres://ci@db/runs' })).toBe('runs.db');
    expect(storeOf(true, { TOOLSCORE_STORE: 'postgres://ci@db/runs' })).toBe('postgres://ci@db/runs');
    expect(storeOf(true, {})).toBe(DEFAULT_STORE);
    expect(storeOf(true, { TOOLSCORE_STORE: '' })).toBe('.toolscore/runs.db');
  });

  test('without --store, TOOLSCORE_STORE (not empty) keeps every run; else none', () => {
    expect(storeOf(undefined, { TOOLSCORE_STORE: 'history.db' })).toBe('history.db');
    expect(storeOf(undefined, { TOOLSCORE_STORE: '' })).toBeUndefined();
    expect(storeOf(undefined, {})).toBeUndefined();
  });
});

describe('openStore refuses what is not a store location, naming only the URL scheme', () => {
  test.each([
    [
      'mysql://root:hunter2@db/x',
      '--store: cannot keep runs in a mysql: URL: use a file path (.toolscore/runs.db) or postgres://user:password@host/db',
    ],
    [
      'HTTPS://user:hunter2@example.com/runs',
      '--store: cannot keep runs in a https: URL: use a file path (.toolscore/runs.db) or postgres://user:password@host/db',
    ],
    ['sqlite:', '--store: expected a file: use a file path (.toolscore/runs.db) or postgres://user:password@host/db'],
  ])('%s', async (spec, message) => {
    await expect(openStore(spec, 'write')).rejects.toThrow(message);
    await expect(openStore(spec, 'write')).rejects.not.toThrow(/hunter2/);
  });
});
