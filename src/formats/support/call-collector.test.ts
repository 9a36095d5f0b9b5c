import { describe, expect, test } from 'vitest';
import { CallCollector, outcomeOf, readContent, readInMemory, reportedError } from './call-collector.js';
import { openaiFormat } from '../readers/openai.js';
import { collectingContext } from '../types.js';

describe('readContent', () => {
  test('JSON text holding an object or array is parsed; other text (numbers, "true", prose, broken JSON) stays text', () => {
    expect(readContent('{"a": 1}')).toEqual({ a: 1 });
    expect(readContent(' [1, 2] ')).toEqual([1, 2]);
    expect(readContent('42')).toBe('42');
    expect(readContent('true')).toBe('true');
    expect(readContent('{not json')).toBe('{not json');
    expect(readContent('50 degrees')).toBe('50 degrees');
  });

  test('text parts are joined (then parsed); other parts are kept; null is "nothing recorded"', () => {
    expect(
      readContent([
        { type: 'text', text: 'a' },
        { type: 'input_text', text: 'b' },
      ]),
    ).toBe('a\nb');
    expect(
      readContent([
        { type: 'text', text: '{"ok":' },
        { type: 'text', text: 'true}' },
      ]),
    ).toEqual({ ok: true });
    const image = [{ type: 'image', source: { data: '...' } }];
    expect(readContent(image)).toBe(image);
    expect(readContent(null)).toBeUndefined();
    expect(readContent({ x: 1 })).toEqual({ x: 1 });
  });
});

describe('reportedError: the conservative "tool result reports an error" heuristic', () => {
  test('objects with a non-empty error member, or isError / is_error true', () => {
    expect(reportedError({ error: 'boom' })).toEqual({ failed: true, error: 'boom' });
    expect(reportedError({ error: { message: 'bad key', code: 1 } })).toEqual({ failed: true, error: 'bad key' });
    expect(reportedError({ error: { code: 1 } })).toEqual({ failed: true, error: '{"code":1}' });
    expect(reportedError({ error: true, message: 'denied' })).toEqual({ failed: true, error: 'denied' });
    expect(reportedError({ isError: true, content: [{ type: 'text', text: 'ENOENT' }] })).toEqual({
      failed: true,
      error: 'ENOENT',
    });
    expect(reportedError({ is_error: true })).toEqual({ failed: true });
  });

  test('texts starting with "Error:" (any case)', () => {
    expect(reportedError('Error: not enough seats')).toEqual({ failed: true, error: 'Error: not enough seats' });
    expect(reportedError('  error: x')).toEqual({ failed: true, error: 'error: x' });
  });

  test('everything else is a success: empty errors, errors mentioned mid-text, error counts', () => {
    for (const value of [
      { error: null },
      { error: '' },
      { error: false },
      { error: {} },
      { error: [] },
      { errors: 0 },
      'No error: all good',
      'weather service unavailable',
      0,
      null,
      ['Error: x'],
    ]) {
      expect(reportedError(value)).toBeUndefined();
    }
  });

  test('outcomeOf combines both', () => {
    expect(outcomeOf('{"error": "x"}')).toEqual({ result: { error: 'x' }, failed: true, error: 'x' });
    expect(outcomeOf('fine')).toEqual({ result: 'fine' });
  });
});

describe('CallCollector', () => {
  function collector(): { calls: CallCollector; warnings: string[] } {
    const warnings: string[] = [];
    return { calls: new CallCollector(collectingContext('s', warnings), 'test'), warnings };
  }

  test('results join by id first, else by the first unanswered call of the name, wherever they appear', () => {
    const { calls, warnings } = collector();
    calls.addResult({ id: 'b' }, { result: 'B' }, '$[0]');
    calls.add('f', {}, '$[1]', { id: 'a' });
    calls.add('f', {}, '$[2]', { id: 'b' });
    calls.add('g', null, '$[3]');
    calls.add('g', null, '$[4]');
    calls.addResult({ name: 'g' }, { result: 1 }, '$[5]');
    calls.addResult({ name: 'g' }, { result: 2, failed: true, error: 'e' }, '$[6]');
    calls.addResult({ id: 'zz', name: 'f' }, { result: 'A' }, '$[7]');
    expect(calls.finish()).toEqual([
      { tool: 'f', args: {}, id: 'a', result: 'A', is_error: false },
      { tool: 'f', args: {}, id: 'b', result: 'B', is_error: false },
      { tool: 'g', args: null, result: 1, is_error: false },
      { tool: 'g', args: null, result: 2, error: 'e', is_error: true },
    ]);
    expect(warnings).toEqual([]);
  });

  test('a second result for the same id is reported', () => {
    const { calls, warnings } = collector();
    calls.add('f', {}, '$[0]', { id: 'a' });
    calls.addResult({ id: 'a' }, { result: 1 }, '$[1]');
    calls.addResult({ id: 'a' }, { result: 2 }, '$[2]');
    expect(calls.finish()[0]!.result).toBe(1);
    expect(warnings).toEqual(['s at $[2]: ignored a second tool result for call id "a"']);
  });

  test('unreadable entries and no calls: an error; with at least one call: warnings only', () => {
    const empty = collector();
    empty.calls.markUnreadable('$[0]', 'an odd entry');
    expect(() => empty.calls.finish()).toThrow(
      's at $[0]: read as test but found no tool calls: an odd entry. Check the format',
    );
    const some = collector();
    some.calls.markUnreadable('$[0]', 'an odd entry');
    some.calls.add('f', null, '$[1]');
    expect(some.calls.finish()).toHaveLength(1);
    expect(some.warnings).toEqual(['s at $[0]: skipped an odd entry']);
  });
});

describe('readInMemory', () => {
  test('objects with toJSON (SDK classes) are converted; warnings go to onWarning', () => {
    class Response {
      toJSON() {
        return {
          choices: [
            { message: { role: 'assistant', tool_calls: [{ id: '1', function: { name: 'f', arguments: '{' } }] } },
          ],
        };
      }
    }
    const warnings: string[] = [];
    const calls = readInMemory(openaiFormat, new Response(), { source: 'resp', onWarning: (w) => warnings.push(w) });
    expect(calls).toEqual([
      {
        tool: 'f',
        args: {},
        id: '1',
        is_error: true,
        error: 'arguments are not valid JSON: {',
        metadata: { format: 'tool_calls' },
      },
    ]);
    expect(warnings).toEqual([
      'resp at $.choices[0].message.tool_calls[0].function.arguments: arguments are not valid JSON; the call is read as failed, with no arguments',
    ]);
  });
});
