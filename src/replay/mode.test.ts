import { describe, expect, it } from 'vitest';
import { replayFromEnv } from './mode.js';

describe('replayFromEnv', () => {
  it('is off in .toolscore/cassettes when nothing is set', () => {
    expect(replayFromEnv({})).toEqual({ mode: 'off', dir: '.toolscore/cassettes' });
    expect(replayFromEnv({ TOOLSCORE_REPLAY: ' ', TOOLSCORE_CASSETTES: '' })).toEqual({
      mode: 'off',
      dir: '.toolscore/cassettes',
    });
  });

  it('reads the mode in any case and the folder', () => {
    expect(replayFromEnv({ TOOLSCORE_REPLAY: 'Strict', TOOLSCORE_CASSETTES: 'test/cassettes' })).toEqual({
      mode: 'strict',
      dir: 'test/cassettes',
    });
  });

  it('names the variable and the modes it takes when the mode is unknown', () => {
    expect(() => replayFromEnv({ TOOLSCORE_REPLAY: 'replya' })).toThrow(
      'TOOLSCORE_REPLAY: expected one of record, replay, strict, off, got "replya"',
    );
  });
});
