import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { Cassette, cassettePath, openCassette, ReplayMissError } from './cassette.js';

// Assembled at run time, so no credential-shaped literal sits in the repository (push-protection scanners).
const TOKEN = ['gh', 'p_', 'A1b2'.repeat(9)].join('');
const ROTATED = ['gh', 'p_', 'Z9y8'.repeat(9)].join('');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolscore-cassette-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function readCassette(caseId: string): any {
  return JSON.parse(readFileSync(cassettePath(dir, caseId), 'utf8'));
}

/** A tool that answers 1, 2, 3… and counts its real runs. */
function counter() {
  const state = { runs: 0 };
  const run = () => {
    state.runs++;
    return { n: state.runs };
  };
  return { state, run };
}

describe('Cassette', () => {
  it('records each call in order and replays repeated identical calls in the order recorded', async () => {
    const recording = openCassette('case 1', { mode: 'record', dir });
    const real = counter();
    expect(await recording.tool('count', { step: 1 }, real.run)).toEqual({ n: 1 });
    expect(await recording.tool('count', { step: 1 }, real.run)).toEqual({ n: 2 });
    expect(await recording.tool('other', {}, () => 'text')).toBe('text');
    expect(readCassette('case 1')).toEqual({
      toolscore_cassette: 1,
      case: 'case 1',
      tools: [
        { tool: 'count', args: { step: 1 }, result: { n: 1 } },
        { tool: 'count', args: { step: 1 }, result: { n: 2 } },
        { tool: 'other', args: {}, result: 'text' },
      ],
      model: [],
    });

    const replaying = openCassette('case 1', { mode: 'strict', dir });
    const never = counter();
    expect(await replaying.tool('other', {}, never.run)).toBe('text');
    expect(await replaying.tool('count', { step: 1 }, never.run)).toEqual({ n: 1 });
    expect(await replaying.tool('count', { step: 1 }, never.run)).toEqual({ n: 2 });
    expect(never.state.runs).toBe(0);
  });

  it('keys arguments by their canonical JSON: key order does not matter, values do', async () => {
    const recording = openCassette('c', { mode: 'record', dir });
    await recording.tool('search', { q: 'x', page: 2 }, () => 'found');
    const replaying = openCassette('c', { mode: 'strict', dir });
    expect(await replaying.tool('search', { page: 2, q: 'x' }, () => 'real')).toBe('found');
    await expect(replaying.tool('search', { page: 3, q: 'x' }, () => 'real')).rejects.toThrow(ReplayMissError);
  });

  it('masks credentials in names, arguments and results, and masks before keying so the real call still replays', async () => {
    const recording = openCassette('secret', { mode: 'record', dir });
    await recording.tool('fetch', { auth: `Bearer ${TOKEN}` }, () => ({ echoed: TOKEN }));
    const text = readFileSync(cassettePath(dir, 'secret'), 'utf8');
    expect(text).not.toContain(TOKEN);
    expect(readCassette('secret').tools).toEqual([
      {
        tool: 'fetch',
        args: { auth: 'Bearer [REDACTED github_token]' },
        result: { echoed: '[REDACTED github_token]' },
      },
    ]);
    const replaying = openCassette('secret', { mode: 'strict', dir });
    // The same credential, and a rotated one, mask to the same key.
    expect(await replaying.tool('fetch', { auth: `Bearer ${TOKEN}` }, () => 'real')).toEqual({
      echoed: '[REDACTED github_token]',
    });
    const again = openCassette('secret', { mode: 'strict', dir });
    expect(await again.tool('fetch', { auth: `Bearer ${ROTATED}` }, () => 'real')).toEqual({
      echoed: '[REDACTED github_token]',
    });
  });

  it('in strict mode fails a call it does not hold, naming the tool, the masked arguments and the cassette', async () => {
    const recording = openCassette('strict', { mode: 'record', dir });
    await recording.tool('get_weather', { city: 'Paris' }, () => ({ temp: 21 }));
    const path = cassettePath(dir, 'strict');

    const replaying = openCassette('strict', { mode: 'strict', dir });
    const miss = await replaying.tool('get_weather', { city: 'Oslo', key: TOKEN }, () => 'real').catch((e) => e);
    expect(miss).toBeInstanceOf(ReplayMissError);
    expect(miss.message).toBe(
      `strict replay: no recorded call of tool "get_weather" with arguments {"city":"Oslo","key":"[REDACTED github_token]"} in cassette ${path}`,
    );
    expect(miss.cassette).toBe(path);

    await replaying.tool('get_weather', { city: 'Paris' }, () => 'real');
    await expect(replaying.tool('get_weather', { city: 'Paris' }, () => 'real')).rejects.toThrow(
      `strict replay: the call of tool "get_weather" with arguments {"city":"Paris"} is needed 2 times, cassette ${path} recorded it only once`,
    );

    const absent = openCassette('never recorded', { mode: 'strict', dir });
    await expect(absent.tool('t', {}, () => 'real')).rejects.toThrow(
      `strict replay: no recorded call of tool "t" with arguments {}: cassette ${cassettePath(dir, 'never recorded')} does not exist (record it with TOOLSCORE_REPLAY=record)`,
    );
  });

  it('in replay mode runs a call it does not hold and adds it, so the cassette grows', async () => {
    const recording = openCassette('grow', { mode: 'record', dir });
    await recording.tool('t', { a: 1 }, () => 'one');
    const replaying = openCassette('grow', { mode: 'replay', dir });
    const real = counter();
    expect(await replaying.tool('t', { a: 1 }, real.run)).toBe('one');
    expect(await replaying.tool('t', { a: 1 }, real.run)).toEqual({ n: 1 });
    expect(await replaying.tool('t', { a: 2 }, real.run)).toEqual({ n: 2 });
    expect(real.state.runs).toBe(2);
    expect(readCassette('grow').tools).toEqual([
      { tool: 't', args: { a: 1 }, result: 'one' },
      { tool: 't', args: { a: 1 }, result: { n: 1 } },
      { tool: 't', args: { a: 2 }, result: { n: 2 } },
    ]);
    const strict = openCassette('grow', { mode: 'strict', dir });
    expect(await strict.tool('t', { a: 1 }, real.run)).toBe('one');
    expect(await strict.tool('t', { a: 1 }, real.run)).toEqual({ n: 1 });
  });

  it('keys model responses by model and masked request, in order, and names the last prompt message on a miss', () => {
    const ask = (text: string) => ({ kind: 'generate', prompt: [{ role: 'user', content: text }], temperature: 0 });
    const recording = openCassette('model', { mode: 'record', dir });
    recording.recordModel('p/m', ask(`key ${TOKEN}`), { response: { text: 'first' } });
    recording.recordModel('p/m', ask(`key ${TOKEN}`), { response: { text: 'second' } });
    recording.recordModel('p/m', ask('stream it'), { stream: [{ type: 'text-delta', delta: 'hi' }] });
    expect(readCassette('model').model[0]).toEqual({
      model: 'p/m',
      request: { kind: 'generate', prompt: [{ role: 'user', content: 'key [REDACTED github_token]' }], temperature: 0 },
      response: { text: 'first' },
    });

    const replaying = openCassette('model', { mode: 'strict', dir });
    expect(replaying.replayModel('p/m', ask(`key ${ROTATED}`))?.response).toEqual({ text: 'first' });
    expect(replaying.replayModel('p/m', ask(`key ${TOKEN}`))?.response).toEqual({ text: 'second' });
    expect(replaying.replayModel('p/m', ask('stream it'))?.stream).toEqual([{ type: 'text-delta', delta: 'hi' }]);
    expect(() => replaying.replayModel('other/m', ask('stream it'))).toThrow(
      `strict replay: no recorded response of model "other/m" to a request of 1 prompt message ending with {"content":"stream it","role":"user"} in cassette ${cassettePath(dir, 'model')}`,
    );
    expect(openCassette('model', { mode: 'record', dir }).replayModel('p/m', ask('stream it'))).toBeUndefined();
  });

  it('records what a tool threw and throws it again on replay', async () => {
    const recording = openCassette('err', { mode: 'record', dir });
    const boom = () => {
      throw new RangeError('no such city');
    };
    await expect(recording.tool('get_weather', { city: '?' }, boom)).rejects.toThrow(RangeError);
    expect(readCassette('err').tools).toEqual([
      { tool: 'get_weather', args: { city: '?' }, error: { name: 'RangeError', message: 'no such city' } },
    ]);
    const replayed = await openCassette('err', { mode: 'strict', dir })
      .tool('get_weather', { city: '?' }, () => 'real')
      .catch((e) => e);
    expect([replayed.name, replayed.message]).toEqual(['RangeError', 'no such city']);
  });

  it('record mode starts the cassette afresh; off mode reads and writes nothing', async () => {
    await openCassette('fresh', { mode: 'record', dir }).tool('t', {}, () => 1);
    const again = openCassette('fresh', { mode: 'record', dir });
    expect(readCassette('fresh').tools).toEqual([]);
    await again.tool('t', {}, () => 2);
    expect(readCassette('fresh').tools).toEqual([{ tool: 't', args: {}, result: 2 }]);

    const off = openCassette('off', { mode: 'off', dir });
    expect(off.path).toBeNull();
    expect(await off.tool('t', {}, () => 3)).toBe(3);
    expect(readdirSync(dir)).toEqual([cassettePath('', 'fresh')]);
  });

  it('takes the mode and folder from TOOLSCORE_REPLAY and TOOLSCORE_CASSETTES when not given', async () => {
    const cassette = new Cassette('env', { env: { TOOLSCORE_REPLAY: 'record', TOOLSCORE_CASSETTES: dir } });
    expect(cassette.mode).toBe('record');
    expect(cassette.path).toBe(cassettePath(dir, 'env'));
    expect(new Cassette('env', { env: {} }).mode).toBe('off');
  });

  it('rejects a damaged cassette with the file and the JSON path', () => {
    writeFileSync(cassettePath(dir, 'bad'), JSON.stringify({ toolscore_cassette: 1, tools: [{ tool: 3 }] }));
    const error = (() => {
      try {
        openCassette('bad', { mode: 'replay', dir });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ToolscoreInputError);
    expect((error as Error).message).toBe(
      `${cassettePath(dir, 'bad')} at $.tools[0].tool: expected a string, got a number`,
    );
  });
});
