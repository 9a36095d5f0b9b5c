import fc from 'fast-check';
import { expect, test } from 'vitest';
import { diffStates, type StateChange } from './state.js';

/** Applies reported changes to a copy of `before`: removals last and from the end, so indices stay put. */
function apply(before: unknown, changes: readonly StateChange[]): unknown {
  const root = { value: structuredClone(before) as unknown };
  const holder = (steps: readonly (string | number)[]): Record<string | number, unknown> => {
    let at: Record<string | number, unknown> = root as Record<string, unknown>;
    let key: string | number = 'value';
    for (const step of steps) {
      at = at[key] as Record<string | number, unknown>;
      key = step;
    }
    return at;
  };
  const last = (steps: readonly (string | number)[]): string | number => (steps.length === 0 ? 'value' : steps.at(-1)!);
  for (const change of changes)
    if (change.change !== 'removed')
      // Defined, not assigned: JSON may hold an own "__proto__" key.
      Object.defineProperty(holder(change.steps), last(change.steps), {
        value: structuredClone(change.after),
        writable: true,
        enumerable: true,
        configurable: true,
      });
  for (const change of [...changes].reverse())
    if (change.change === 'removed') {
      const at = holder(change.steps);
      const key = last(change.steps);
      if (Array.isArray(at)) at.splice(key as number, 1);
      else delete at[key];
    }
  return root.value;
}

const json = fc.jsonValue({ maxDepth: 4 });
/** Pairs that share most of their shape, so the diff walks deep before it differs. */
const nearPair = json.chain((before) =>
  fc.tuple(fc.constant(before), fc.oneof(json, fc.constant(structuredClone(before)), fc.constant({ wrap: before }))),
);

test('diff(x, x) is empty', () => {
  fc.assert(
    fc.property(json, (x) => {
      expect(diffStates(x, structuredClone(x))).toEqual([]);
    }),
  );
});

test('applying the reported changes to the before-state gives the after-state', () => {
  fc.assert(
    fc.property(fc.oneof(fc.tuple(json, json), nearPair), ([before, after]) => {
      expect(apply(before, diffStates(before, after))).toEqual(after);
    }),
    { numRuns: 500, examples: [[[{}, JSON.parse('{"__proto__": null}')]]] },
  );
});
