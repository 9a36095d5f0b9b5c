import { describe, expect, test } from 'vitest';
import { readWithFormat } from './auto.js';
import { collectingContext, passedOverWarnings, type UnrecognisedItems } from './types.js';

describe('passedOverWarnings: one warning per kind a reader did not know', () => {
  test('an Anthropic message with unknown blocks of two types beside its call: two warnings, counted', () => {
    const message = {
      role: 'assistant',
      content: [
        { type: 'server_thought', text: 'a' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        { type: 'server_thought', text: 'b' },
        { type: 'widget', data: {} },
        { type: 'server_thought', text: 'c' },
        { type: 'text', text: 'Checking.' },
      ],
    };
    const read = readWithFormat(message, 'auto', 't');
    expect(read.format).toBe('anthropic');
    expect(read.calls.map((call) => call.tool)).toEqual(['get_weather']);
    // The text block is a kind the reader knows holds no call: no warning for it.
    expect(read.warnings).toEqual([
      't at $.content[0]: passed over a content block of type "server_thought", and 2 more like it',
      't at $.content[3]: passed over a content block of type "widget"',
    ]);
  });

  test('past eight kinds the rest are counted in one warning, so odd files stay a few lines', () => {
    const passedOver: UnrecognisedItems = { count: 0 };
    const context = collectingContext('t', [], passedOver);
    for (let i = 0; i < 12; i++) context.unrecognised(`$[${i}]`, `an event of type "e${i % 10}"`);
    expect(passedOverWarnings('t', passedOver)).toEqual([
      't at $[0]: passed over an event of type "e0", and 1 more like it',
      't at $[1]: passed over an event of type "e1", and 1 more like it',
      ...[2, 3, 4, 5, 6, 7].map((n) => `t at $[${n}]: passed over an event of type "e${n}"`),
      't: passed over 2 more item(s) of other kinds it does not know',
    ]);
    // With no calls read, the first kind is told by the "found no tool calls" warning instead.
    expect(passedOverWarnings('t', passedOver, true)[0]).toBe(
      't at $[1]: passed over an event of type "e1", and 1 more like it',
    );
  });

  test('nothing passed over: no warning', () => {
    expect(passedOverWarnings('t', { count: 0 })).toEqual([]);
  });
});
