import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { unknownGoldKeys } from './gold-keys.js';

const corpus = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../test/corpus/${path}`, import.meta.url), 'utf8'));

describe('unknown keys in a gold file', () => {
  test.each([
    ['arguments', 'args'],
    ['parameters', 'args'],
    ['params', 'args'],
    ['input', 'args'],
    ['name', 'tool'],
    ['function', 'tool'],
    ['tool_name', 'tool'],
  ])('the synonym "%s" suggests "%s"', (key, suggestion) => {
    expect(unknownGoldKeys([{ tool: 'search', [key]: { q: 'x' } }])).toEqual([
      {
        path: '$[0]',
        key,
        suggestion,
        alsoIn: 0,
        message: `unknown key "${key}"; did you mean "${suggestion}"?`,
      },
    ]);
  });

  test('a file naming its JSON Schema with "$schema" raises nothing', () => {
    expect(
      unknownGoldKeys({ $schema: 'https://unpkg.com/toolscore/schemas/gold.json', calls: [{ tool: 'search' }] }),
    ).toEqual([]);
  });

  test('"state" is a file-level key; a misspelt key inside it suggests the right one', () => {
    expect(unknownGoldKeys({ calls: [], state: { unchanged: true, allowed_changes: ['$.a'] } })).toEqual([]);
    expect(unknownGoldKeys({ calls: [], state: { unchanged: true, allowed_change: [] } })).toEqual([
      {
        path: '$.state',
        key: 'allowed_change',
        suggestion: 'allowed_changes',
        alsoIn: 0,
        message: 'unknown key "allowed_change"; did you mean "allowed_changes"?',
      },
    ]);
  });

  test('"mode" is a file-level key, and "mdoe" suggests it', () => {
    expect(unknownGoldKeys({ mode: 'superset', calls: [{ tool: 'search' }] })).toEqual([]);
    expect(unknownGoldKeys({ mdoe: 'superset', calls: [] }).map((item) => item.message)).toEqual([
      'unknown key "mdoe"; did you mean "mode"?',
    ]);
  });

  test('a typo suggests the key within two edits, transpositions counting one', () => {
    const found = unknownGoldKeys([{ tool: 'a', agrs: {}, descripton: 'x', sideeffects: {} }]);
    expect(found.map((item) => [item.key, item.suggestion])).toEqual([
      ['agrs', 'args'],
      ['descripton', 'description'],
      ['sideeffects', 'side_effects'],
    ]);
  });

  test('a key near nothing lists the known keys instead', () => {
    expect(unknownGoldKeys([{ tool: 'a', weight: 2 }])[0]!.message).toBe(
      'unknown key "weight"; known keys: tool, args, description, side_effects, schema, metadata, optional, extra_args, result, succeeds, $any_order',
    );
  });

  test('one typo repeated in many calls is one warning at the first, counting the rest', () => {
    const found = unknownGoldKeys([{ tool: 'a', arguments: {} }, { tool: 'b' }, { tool: 'c', arguments: {} }]);
    expect(found).toHaveLength(1);
    expect(found[0]!.path).toBe('$[0]');
    expect(found[0]!.message).toBe('unknown key "arguments" (and in 1 more place like it); did you mean "args"?');
  });

  test('members of an any-order group are checked, nested groups too', () => {
    const found = unknownGoldKeys([
      { tool: 'a' },
      { $any_order: [{ tool: 'b', arguments: {} }, { $any_order: [{ tool: 'c', optinal: true }] }] },
    ]);
    expect(found.map((item) => [item.path, item.key, item.suggestion])).toEqual([
      ['$[1].$any_order[0]', 'arguments', 'args'],
      ['$[1].$any_order[1].$any_order[0]', 'optinal', 'optional'],
    ]);
  });

  test('a key beside $any_order, and a misspelt $one_of in a tool, are unknown', () => {
    const found = unknownGoldKeys([{ $any_order: [{ tool: 'a' }], order: 'any' }, { tool: { $oneof: ['a', 'b'] } }]);
    expect(found.map((item) => [item.path, item.key, item.suggestion])).toEqual([
      ['$[0]', 'order', undefined],
      ['$[1].tool', '$oneof', '$one_of'],
    ]);
  });

  test('the keys of the language raise nothing, at the call and the file level', () => {
    const gold = {
      calls: [
        { tool: { $one_of: ['search_flights', 'search_direct_flight'] }, args: { q: 1 }, optional: true },
        {
          $any_order: [
            { tool: 'a', extra_args: 'allow' },
            { tool: 'b', description: 'x', side_effects: {} },
          ],
        },
        { tool: 'c', schema: {}, metadata: { anything: 1 } },
      ],
      extra_args: 'allow',
      order: 'any',
      ignore_tools: ['think'],
      allow_extra_calls: true,
    };
    expect(unknownGoldKeys(gold)).toEqual([]);
  });

  test('an object with no call list: its keys say what was meant', () => {
    expect(unknownGoldKeys({ actions: [{ name: 'book', kwargs: {} }] })[0]!.message).toBe(
      'unknown key "actions"; did you mean "calls"?',
    );
  });

  test('a top-level typo suggests the file key', () => {
    expect(unknownGoldKeys({ calls: [], ignore_tool: ['think'] })[0]!.message).toBe(
      'unknown key "ignore_tool"; did you mean "ignore_tools"?',
    );
  });

  test("the Python tool's gold files raise nothing: hand-written, with metadata.schema, and generated", () => {
    expect(unknownGoldKeys(corpus('comparable-tools/toolscore/gold_calls.json'))).toEqual([]);
    expect(unknownGoldKeys(corpus('comparable-tools/toolscore/datasets__weather_agent.json'))).toEqual([]);
    // What `toolscore generate` writes (reference behaviour §11.4).
    const generated = [
      {
        tool: 'get_weather',
        args: { city: 'Paris' },
        result: null,
        timestamp: null,
        duration: null,
        cost: null,
        metadata: { description: 'normal case', schema: { city: { type: 'string', required: true } } },
      },
    ];
    expect(unknownGoldKeys(generated)).toEqual([]);
  });

  test("a snapshot file and a toDict() record raise nothing: their keys are the record's", () => {
    const snapshot = {
      schema_version: 1,
      name: 'books',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      toolscore_version: '0.1.0',
      approved: true,
      source: 'vitest',
      calls: [{ tool: 'search', args: { q: 'x' } }],
    };
    expect(unknownGoldKeys(snapshot)).toEqual([]);
    const record = {
      schema_version: '1',
      score: 1,
      grade: 'A',
      weights: {},
      metrics: {},
      calls: { expected: [{ tool: 'search', args: null }], actual: [{ tool: 'search', args: {}, result: 1 }] },
      gold_calls_count: 1,
    };
    expect(unknownGoldKeys(record)).toEqual([]);
  });

  test("arguments, schemas and side effects are the user's: their keys are not looked at", () => {
    expect(
      unknownGoldKeys([{ tool: 'a', args: { arguments: 1 }, schema: { nme: 1 }, side_effects: { tol: 1 } }]),
    ).toEqual([]);
  });

  test('in a conversation, unknown keys of a turn and of its calls name the turn and the path', () => {
    const found = unknownGoldKeys({
      turns: [
        { user: 'hi', calls: [] },
        { usr: 'refund it', calls: [{ tool: 'refund_order', arguments: { id: 1 } }] },
      ],
    });
    expect(found.map(({ path, message }) => [path, message])).toEqual([
      ['$.turns[1]', 'unknown key "usr" in turn 2; did you mean "user"?'],
      ['$.turns[1].calls[0]', 'unknown key "arguments" in turn 2; did you mean "args"?'],
    ]);
    expect(unknownGoldKeys({ mode: 'superset', turns: [{ user: 'a', calls: [], order: 'any' }] })).toEqual([]);
  });
});
