import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { childPath } from '../core/errors.js';
import { type CollectedCall, collectedCall, referenceCollectedCall } from './support/call-collector.js';
import { ChildPath, type LazyPath, pathText } from './support/calls.js';

/** The readers' shortcuts (built calls, paths as objects) agree with the plain versions they stand for. */
describe('fast paths of the readers agree with their reference versions', () => {
  const key = fc.oneof(fc.nat({ max: 50 }), fc.string({ maxLength: 6 }), fc.constantFrom('tool_calls', 'a b', '"q"'));

  test('pathText of a ChildPath is childPath applied step by step, also nested and below closures', () => {
    const base: fc.Arbitrary<LazyPath> = fc.oneof(
      fc.constantFrom('$', '$.messages', '$[3]'),
      fc.constantFrom('$.input').map((text) => () => text),
    );
    fc.assert(
      fc.property(
        base,
        fc.array(fc.tuple(key, fc.option(key, { nil: undefined })), { maxLength: 4 }),
        (root, steps) => {
          let lazy: LazyPath = root;
          let text = pathText(root);
          for (const [first, next] of steps) {
            lazy = new ChildPath(lazy, first, next);
            text = childPath(text, first);
            if (next !== undefined) text = childPath(text, next);
          }
          expect(pathText(lazy)).toBe(text);
        },
      ),
    );
  });

  const json = fc.jsonValue({ maxDepth: 2 });
  const collected: fc.Arbitrary<CollectedCall> = fc.record({
    tool: fc.constantFrom('search', 'get_weather', 'f'),
    args: fc.oneof(
      fc.constant(null),
      fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 3 }),
      // Not what a reader hands over: the reference's check must decide.
      fc.constantFrom<unknown>('text', 3, [1]) as fc.Arbitrary<Record<string, unknown>>,
    ),
    id: fc.option(fc.string({ minLength: 1, maxLength: 6 }), { nil: undefined }),
    metadata: fc.option(fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 2 }), { nil: undefined }),
    path: fc.constantFrom('$[0]', '$.messages[2].tool_calls[0]'),
    outcome: fc.option(
      fc.record(
        {
          result: fc.option(json, { nil: undefined }),
          failed: fc.boolean(),
          error: fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
        },
        { requiredKeys: [] },
      ),
      { nil: undefined },
    ),
  });

  const outcomeOf = (build: () => unknown): { value?: unknown; keys?: string[]; error?: string } => {
    try {
      const value = build();
      return { value, keys: Object.keys(value as object) };
    } catch (error) {
      return { error: String(error) };
    }
  };

  test('collectedCall builds what toActualCall makes of the same fields, key order included, or throws as it does', () => {
    fc.assert(
      fc.property(collected, (call) => {
        const fast = outcomeOf(() => collectedCall(call, 'trace.json'));
        const reference = outcomeOf(() => referenceCollectedCall(call, 'trace.json'));
        expect(fast).toStrictEqual(reference);
      }),
      { numRuns: 500 },
    );
  });

  test('the metadata of a built call is its own copy', () => {
    const metadata = { format: 'tool_calls' };
    const built = collectedCall(
      { tool: 'f', args: {}, id: 'c1', metadata, path: '$[0]', outcome: undefined },
      'trace.json',
    );
    expect(built).toEqual({ tool: 'f', args: {}, id: 'c1', is_error: false, metadata: { format: 'tool_calls' } });
    expect(built.metadata).not.toBe(metadata);
  });
});
