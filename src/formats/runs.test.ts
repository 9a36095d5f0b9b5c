import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readWithAdapter } from './auto.js';
import { adkFormat } from './readers/adk.js';
import { mayHoldRuns, runsOf, runSource } from './runs.js';

/** An ADK eval set of cases with these eval ids (undefined: none), each one call of its own. */
function evalSet(ids: readonly (string | undefined)[]): Record<string, unknown> {
  const cases = ids.map((id, i) => ({
    ...(id === undefined ? {} : { eval_id: id }),
    conversation: [{ invocation_id: 'i', intermediate_data: { tool_uses: [{ name: `t${i}`, args: {} }] } }],
  }));
  return { eval_set_id: 's', eval_cases: cases };
}

describe('runsOf', () => {
  test('runs keep their own ids; a missing, empty or repeated one is #n, its position from 1', () => {
    const runs = runsOf(adkFormat, evalSet(['a', undefined, 'a', '', '#2', 'b']));
    expect(runs?.map((run) => run.id)).toEqual(['a', '#2', '#3', '#4', '#5', 'b']);
  });

  test('property: two or more runs get unique ids, their own when unique; one run or none is no split', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string({ maxLength: 3 }), { nil: undefined }), { maxLength: 6 }), (ids) => {
        const runs = runsOf(adkFormat, evalSet(ids));
        if (ids.length < 2) {
          expect(runs).toBeUndefined();
          return;
        }
        const found = runs!.map((run) => run.id);
        expect(new Set(found).size).toBe(ids.length);
        ids.forEach((id, i) => {
          expect([id, `#${i + 1}`]).toContain(found[i]);
          // An id of its own, first of its kind, that no position could take, is kept.
          if (id && !id.startsWith('#') && ids.indexOf(id) === i) expect(found[i]).toBe(id);
        });
      }),
    );
  });

  test('property: a document of one run reads exactly as before: the same calls, no warning about runs', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 3 }), { nil: undefined }), (id) => {
        const data = evalSet([id]);
        expect(runsOf(adkFormat, data)).toBeUndefined();
        expect(readWithAdapter(adkFormat, data, 't', false)).toEqual({
          calls: [{ tool: 't0', args: {}, is_error: false }],
          format: 'adk',
          warnings: [],
          replies: [null],
        });
      }),
    );
  });

  test('a format without runs never splits', () => {
    expect(runsOf({ ...adkFormat, runs: undefined }, evalSet(['a', 'b']))).toBeUndefined();
  });
});

test('mayHoldRuns: the text holds a run key of some format, quoted', () => {
  expect(mayHoldRuns('{"eval_set_id": "s", "eval_cases": []}')).toBe(true);
  expect(mayHoldRuns('{"evalCases": []}')).toBe(true);
  expect(mayHoldRuns(`{"note": "eval cases"}`)).toBe(false);
  expect(mayHoldRuns('[{"tool": "search"}]')).toBe(false);
});

test('runSource names a run by its file and id', () => {
  expect(runSource('evals/home.evalset.json', 'device_off')).toBe('evals/home.evalset.json#device_off');
});
