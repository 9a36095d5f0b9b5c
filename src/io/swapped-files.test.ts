import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { toActualCalls } from '../formats/support/calls.js';
import { goldLooksLikeTrace, goldMarkIn, traceLooksLikeGold } from './swapped-files.js';

const corpus = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../test/corpus/${path}`, import.meta.url), 'utf8'));

const SWAPPED = 'are the gold and trace files swapped?';

describe('a gold file that looks like a trace', () => {
  test('a recorded trace in the plain call shape: its first call has a duration', () => {
    // {"calls": [{"tool": "make_file", "args": ..., "result": {"success": true, ...}, "timestamp", "duration"}, ...]}
    expect(goldLooksLikeTrace(corpus('comparable-tools/toolscore/trace_custom.json'))).toEqual({
      path: '$.calls[0].duration',
      message: `a call has a recorded duration, as a trace's calls do and a gold file's do not; ${SWAPPED}`,
    });
  });

  test("a gold call's result is what it must return, not a sign of a trace (docs/outcomes.md)", () => {
    expect(goldLooksLikeTrace([{ tool: 'get_order', result: { status: 'delivered' } }])).toBeUndefined();
    expect(goldLooksLikeTrace({ calls: [{ tool: 'a', result: { $regex: '^ok' }, succeeds: true }] })).toBeUndefined();
    // A timestamp with a value is a recorded run's.
    expect(goldLooksLikeTrace([{ tool: 'a', result: 'ok', timestamp: 1704067200 }])?.path).toBe('$[0].timestamp');
  });

  test('a provider response or an agent session: its format names it', () => {
    expect(goldLooksLikeTrace(corpus('comparable-tools/toolscore/trace_openai.json'))).toEqual({
      path: '$',
      message: `this looks like a trace (openai format), not a gold file; ${SWAPPED}`,
    });
    expect(goldLooksLikeTrace(corpus('agents/ai-sessions/gemini-session-sample.json'))?.message).toBe(
      `this looks like a trace (gemini-cli format), not a gold file; ${SWAPPED}`,
    );
  });

  test('is_error and duration give it away too; nulls (as the Python tool writes them) do not', () => {
    expect(goldLooksLikeTrace([{ tool: 'a' }, { tool: 'b', is_error: false }])?.path).toBe('$[1].is_error');
    expect(goldLooksLikeTrace({ calls: [{ tool: 'a', duration: 0.2 }] })?.path).toBe('$.calls[0].duration');
    expect(
      goldLooksLikeTrace([{ tool: 'a', args: {}, result: null, duration: null, timestamp: null }]),
    ).toBeUndefined();
    expect(goldLooksLikeTrace(corpus('comparable-tools/toolscore/gold_calls.json'))).toBeUndefined();
  });
});

describe('a trace that looks like a gold file', () => {
  test('a $ operator in the arguments, and no call with a result', () => {
    const calls = toActualCalls([
      { tool: 'get_weather', args: { city: 'Paris' } },
      { tool: 'search', args: { filters: [{ q: { $regex: '^lis' } }] } },
    ]);
    expect(traceLooksLikeGold(calls)).toEqual({
      path: '',
      message: `call 2 (search) has a $regex operator in its arguments (at args.filters[0].q) and no call has a recorded result: this looks like a gold file; ${SWAPPED}`,
    });
  });

  test('operator-like data in a recorded run (a MongoDB query with its result) is not taken for gold', () => {
    const calls = toActualCalls([{ tool: 'find', args: { filter: { name: { $regex: '^a' } } }, result: [] }]);
    expect(traceLooksLikeGold(calls)).toBeUndefined();
  });

  test('an argument named like an operator is a name, and keys such as $schema are not operators', () => {
    const calls = toActualCalls([{ tool: 'put', args: { $regex: 'x', body: { $schema: 'http://json-schema.org' } } }]);
    expect(traceLooksLikeGold(calls)).toBeUndefined();
  });
});

describe('what marks a file that may be either as gold', () => {
  test('keys only gold has, with their paths', () => {
    expect(goldMarkIn([{ tool: 'a' }, { tool: 'b', optional: true }])).toBe('$[1].optional');
    expect(goldMarkIn([{ $any_order: [{ tool: 'a' }] }])).toBe('$[0].$any_order');
    expect(goldMarkIn({ calls: [{ tool: 'a' }], ignore_tools: ['log'] })).toBe('$.ignore_tools');
    expect(goldMarkIn({ turns: [{ calls: [{ tool: 'a' }] }, { calls: [] }] })).toBe('$.turns');
  });

  test("a conversation gold's calls are looked into turn by turn for recorded results", () => {
    expect(goldLooksLikeTrace({ turns: [{ calls: [] }, { calls: [{ tool: 'a', error: 'timeout' }] }] })?.path).toBe(
      '$.turns[1].calls[0].error',
    );
    expect(goldMarkIn({ turns: [{ calls: [{ tool: 'a', error: 'timeout' }] }] })).toBeUndefined();
  });

  test('an operator, or a typo of one, in the arguments or the tool; not other $ data', () => {
    expect(goldMarkIn([{ tool: 'a', args: { q: { $regx: 'x' } } }])).toBe('$[0].args.q');
    expect(goldMarkIn([{ tool: 'a', args: { q: [{ $approx: 1 }] } }])).toBe('$[0].args.q[0]');
    expect(goldMarkIn([{ tool: { $oneof: ['a', 'b'] } }])).toBe('$[0].tool');
    expect(goldMarkIn([{ tool: 'find', args: { filter: { $gt: 3, $in: [1] } } }])).toBeUndefined();
    // A top-level argument is a name, whatever it is called.
    expect(goldMarkIn([{ tool: 'a', args: { $regex: 'x' } }])).toBeUndefined();
  });

  test('a call with a recorded duration makes it a trace, whatever else it holds; a result does not', () => {
    expect(goldMarkIn([{ tool: 'a', args: { q: { $regex: 'x' } }, duration: 0.2, optional: true }])).toBeUndefined();
    expect(goldMarkIn([{ tool: 'a', args: { q: { $regex: 'x' } }, result: 'ok', optional: true }])).toBe(
      '$[0].optional',
    );
  });
});
