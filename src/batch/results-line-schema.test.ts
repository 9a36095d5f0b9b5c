import fc from 'fast-check';
import { expect, test } from 'vitest';
import { exampleLines } from '../../test/batch-report-fixtures.js';
import { checkResultsLine } from './results-line.js';
import { resultsLineSchema } from './results-line-schema.js';

/*
 * Reading results back (`checkResultsLine`) checks only what the aggregate needs, quickly, line after
 * line of a large merge; the schema describes the whole line. Every line the reader refuses, the schema
 * refuses too, so a file that validates always reads.
 */

const KEYS = [
  'id',
  'index',
  'score',
  'grade',
  'metrics',
  'failed_calls',
  'policy_violations',
  'secrets',
  'tools',
  'error',
];
const WRONG: unknown[] = [undefined, null, -1, 1.5, 'x', [], {}, Number.NaN];

test('a results line the reader refuses is one the schema refuses', () => {
  const lines = exampleLines();
  fc.assert(
    fc.property(
      fc.constantFrom(...lines),
      fc.constantFrom(...KEYS),
      fc.constantFrom(...WRONG),
      fc.option(fc.constantFrom('argument_f1', 'required_call_recall'), { nil: undefined }),
      (line, key, wrong, metric) => {
        const spoilt: Record<string, unknown> = structuredClone(line) as unknown as Record<string, unknown>;
        if (metric !== undefined && key === 'metrics')
          spoilt.metrics = { ...(spoilt.metrics as object), [metric]: wrong };
        else if (wrong === undefined) delete spoilt[key];
        else spoilt[key] = wrong;
        let read = true;
        try {
          checkResultsLine(spoilt, 'results.jsonl:1');
        } catch {
          read = false;
        }
        if (!read) expect(resultsLineSchema.safeParse(spoilt).success).toBe(false);
      },
    ),
  );
});

test('every fixture line reads and validates', () => {
  for (const line of exampleLines()) {
    expect(checkResultsLine(line, 'results.jsonl:1')).toBe(line);
    expect(resultsLineSchema.safeParse(line).success).toBe(true);
  }
});
