import { describe, expect, test } from 'vitest';
import { readerFor } from '../../../test/adapter.js';
import { corpusPath, readCorpusJson, readCorpusJsonl } from '../../../test/corpus.js';
import { loadTraceFile } from '../../io/trace.js';
import { detectFormat } from '../registry.js';
import { geminiFormat } from '../readers/gemini.js';

type Json = Record<string, any>;

const read = readerFor(geminiFormat);

const fixtureParts = (name: string): string[] => ['providers', 'vercel-ai-fixtures', 'google', name];
const call = (tool: string, args: Json): Json => ({
  tool,
  args,
  is_error: false,
  metadata: { format: 'functionCall' },
});

describe('gemini stream: whole function calls per chunk (vercel/ai fixtures, one chunk per line)', () => {
  test.each(['google-tool-call', 'google-tool-call-gemini3'])(
    '%s: the same call as the non-streamed response of the scenario',
    async (name) => {
      const file = corpusPath(...fixtureParts(`${name}.chunks.jsonl`));
      const expected = [call('weather', { location: 'San Francisco' })];
      // The closing chunk's empty text part is no reply: the turn has none.
      const reading = { calls: expected, format: 'gemini', warnings: [], replies: [null] };
      expect(await loadTraceFile(file, 'auto')).toEqual(reading);
      expect(await loadTraceFile(file, 'gemini')).toEqual(reading);
      expect(read(readCorpusJson(...fixtureParts(`${name}.json`))).calls).toEqual(expected);
    },
  );
});

describe('gemini stream: streamed function call arguments (partialArgs)', () => {
  test('two getWeather calls, each opened by {name, willContinue}, filled by partialArgs and closed by {}', () => {
    expect(read(readCorpusJsonl(...fixtureParts('google-stream-tool-call-arguments.chunks.jsonl')))).toEqual({
      calls: [call('getWeather', { location: 'Boston' }), call('getWeather', { location: 'San Francisco' })],
      warnings: [],
    });
  });

  test('a call without arguments sent whole ({name} only), then three streamed read_screen calls', () => {
    expect(read(readCorpusJsonl(...fixtureParts('google-stream-no-args-tool-call.chunks.jsonl')))).toEqual({
      calls: [
        call('read_theme', {}),
        call('read_screen', { id: 'A' }),
        call('read_screen', { id: 'B' }),
        call('read_screen', { id: 'C' }),
      ],
      warnings: [],
    });
  });

  test('array arguments; the last piece has no willContinue and no terminal {} follows: the call is complete', () => {
    expect(
      read(
        readCorpusJsonl(
          ...fixtureParts('google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.jsonl'),
        ),
      ),
    ).toEqual({
      calls: [
        call('writeItems', {
          operations: [
            { action: 'add', description: 'Fresh red apple', itemid: 'apple_001', price: 0.5 },
            { action: 'add', description: 'Ripe yellow banana', itemid: 'banana_001', price: 0.3 },
          ],
        }),
      ],
      warnings: [],
    });
  });

  test('Vertex nested arguments (75 chunks): objects in a list under an object, and strings sent in several pieces', async () => {
    const file = corpusPath(...fixtureParts('google-vertex-stream-tool-call-arguments-nested.1.chunks.jsonl'));
    const { calls, format, warnings } = await loadTraceFile(file, 'auto');
    expect([format, warnings, calls.map((c) => c.tool)]).toEqual(['gemini', [], ['cookRecipe']]);
    const recipe = (calls[0]!.args as Json).recipe;
    expect(Object.keys(recipe)).toEqual(['ingredients', 'name', 'steps']);
    expect(recipe.name).toBe('Lasagna');
    expect(recipe.ingredients).toHaveLength(10);
    expect(recipe.ingredients[0]).toEqual({ amount: '16 oz', name: 'Lasagna noodles' });
    expect(recipe.ingredients[9]).toEqual({ amount: '1/2 tsp', name: 'Pepper' });
    expect(recipe.steps).toHaveLength(10);
    expect(recipe.steps[0]).toBe('Preheat oven to 375°F (190°C).');
    // "…drain and set aside" + "." and "In a 9x13 baking dish, spread a" + " thin layer of meat sauce."
    expect(recipe.steps[1]).toBe('Cook lasagna noodles according to package directions, drain and set aside.');
    expect(recipe.steps[4]).toBe('In a 9x13 baking dish, spread a thin layer of meat sauce.');
    expect(recipe.steps[9]).toBe('Let stand for 15 minutes before serving.');
  });
});

describe('gemini stream: shapes the corpus lacks', () => {
  const chunk = (functionCall: Json, finishReason?: string): Json => ({
    candidates: [{ content: { role: 'model', parts: [{ functionCall }] }, ...(finishReason ? { finishReason } : {}) }],
  });

  test('a stream cut mid-call keeps what arrived, with a warning', () => {
    const chunks = [
      chunk({ name: 'f', willContinue: true }),
      chunk({ partialArgs: [{ jsonPath: '$.city', stringValue: 'Par', willContinue: true }], willContinue: true }),
    ];
    expect(read(chunks)).toEqual({
      calls: [call('f', { city: 'Par' })],
      warnings: [
        't at $[0].candidates[0].content.parts[0]: the stream ended before this call was complete; kept the arguments received so far',
      ],
    });
  });

  test('numbers, booleans and nulls; hostile paths are skipped with warnings, "__proto__" stays data', () => {
    const chunks = [
      chunk({ name: 'f', willContinue: true }),
      chunk({
        partialArgs: [
          { jsonPath: '$.n', numberValue: 2 },
          { jsonPath: '$.ok', boolValue: true },
          { jsonPath: '$.none', nullValue: 'NULL_VALUE' },
          { jsonPath: '$.list[5]', stringValue: 'far' },
          { jsonPath: 'list', stringValue: 'x' },
          { jsonPath: '$.__proto__.polluted', stringValue: 'yes' },
        ],
        willContinue: true,
      }),
      chunk({}, 'STOP'),
    ];
    const { calls, warnings } = read(chunks);
    expect(warnings).toEqual([
      't at $[1].candidates[0].content.parts[0].functionCall.partialArgs[3]: skipped a partial argument at "$.list[5]": it does not fit the arguments built so far',
      't at $[1].candidates[0].content.parts[0].functionCall.partialArgs[4]: skipped a partial argument at "list": expected a JSON path such as $.a.b[0]',
    ]);
    const args = calls[0]!.args as Json;
    expect([args.n, args.ok, args.none, args.list]).toEqual([2, true, null, []]);
    expect(Object.getOwnPropertyDescriptor(args, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(({} as Json).polluted).toBeUndefined();
  });

  test('quoted keys in a jsonPath are read; a key whose escapes are not JSON is skipped with a warning', () => {
    const chunks = [
      chunk({ name: 'f', willContinue: true }),
      chunk({
        partialArgs: [
          { jsonPath: `$['a b'].c`, stringValue: 'x' },
          { jsonPath: '$["d\\"e"]', numberValue: 1 },
          { jsonPath: '$["bad\\u12"]', numberValue: 2 },
        ],
      }),
    ];
    expect(read(chunks)).toEqual({
      calls: [call('f', { 'a b': { c: 'x' }, 'd"e': 1 })],
      warnings: [
        't at $[1].candidates[0].content.parts[0].functionCall.partialArgs[2]: skipped a partial argument at "$[\\"bad\\\\u12\\"]": expected a JSON path such as $.a.b[0]',
      ],
    });
  });

  test('partial arguments with no call opened are skipped with a warning', () => {
    expect(read([chunk({ partialArgs: [{ jsonPath: '$.a', stringValue: 'x' }] })])).toEqual({
      calls: [],
      warnings: [
        't at $[0].candidates[0].content.parts[0].functionCall: skipped partial arguments: no streamed call was opened by a named functionCall with willContinue',
      ],
    });
  });

  test('a list of whole responses is also a stream: detected as gemini, each call read', () => {
    const chunks = [
      chunk({ name: 'a', args: { x: 1 } }, 'STOP'),
      chunk({ name: 'b', args: { y: 2 } }, 'STOP'),
      { usageMetadata: { totalTokenCount: 3 } },
    ];
    expect(detectFormat(chunks)).toBe('gemini');
    expect(read(chunks).calls).toEqual([call('a', { x: 1 }), call('b', { y: 2 })]);
  });
});
