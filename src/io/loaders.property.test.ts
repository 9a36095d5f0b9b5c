import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../core/errors.js';
import { evaluate } from '../core/evaluate.js';
import { readWithFormat } from '../formats/auto.js';
import { goldCallsOf } from './gold.js';
import { parseJson } from './json.js';

/** Runs `fn`; anything thrown must be a ToolscoreInputError with a one-line message. */
function onlyInputErrors(fn: () => unknown): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolscoreInputError);
    expect((error as Error).message).not.toContain('\n');
  }
}

// Call-shaped values so the generators reach deep into the loaders, not only their first check.
const argValue = fc.jsonValue({ maxDepth: 3 });
const operatorish = fc.oneof(
  fc.record({ $regex: fc.oneof(fc.string(), fc.integer()) }),
  fc.record({ $any: fc.jsonValue({ maxDepth: 1 }) }),
  fc.record({ $approx: fc.oneof(fc.double(), fc.string()), rel: fc.double() }, { requiredKeys: ['$approx'] }),
  fc.record({ $one_of: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ $type: fc.jsonValue({ maxDepth: 1 }) }),
  fc.dictionary(fc.constantFrom('$x', '$contains', '$literal', 'flags', 'a'), argValue, { maxKeys: 3 }),
);
const callLike = fc.record(
  {
    tool: fc.oneof(fc.string(), fc.constant(''), fc.integer(), fc.constant(null)),
    name: fc.string(),
    args: fc.oneof(fc.dictionary(fc.string(), fc.oneof(argValue, operatorish), { maxKeys: 4 }), argValue, fc.string()),
    arguments: fc.oneof(fc.string(), fc.json()),
    error: argValue,
    is_error: argValue,
    duration: argValue,
    result: argValue,
    id: argValue,
  },
  { requiredKeys: [] },
);
const traceLike = fc.oneof(fc.array(fc.oneof(callLike, argValue), { maxLength: 6 }), fc.record({ calls: fc.oneof(fc.array(callLike, { maxLength: 4 }), argValue) }), fc.jsonValue());

describe('no input crashes the loaders', () => {
  test('gold loader: only input errors, on arbitrary JSON and call-shaped values', () => {
    fc.assert(fc.property(fc.oneof(traceLike, fc.jsonValue()), (data) => onlyInputErrors(() => goldCallsOf(data, 'gold.json'))), { numRuns: 1500 });
  });

  test('auto-detection and every registered adapter: only input errors', () => {
    fc.assert(fc.property(traceLike, (data) => onlyInputErrors(() => readWithFormat(data, 'auto', 'trace.json'))), { numRuns: 1500 });
    fc.assert(fc.property(traceLike, (data) => onlyInputErrors(() => readWithFormat(data, 'custom', 'trace.json'))), { numRuns: 500 });
  });

  test('evaluate(): only input errors, and every score it returns is in [0, 1]', () => {
    fc.assert(
      fc.property(fc.array(callLike, { maxLength: 5 }), traceLike, (expected, actual) =>
        onlyInputErrors(() => {
          const result = evaluate({ expected: expected as never, actual });
          expect(result.score).toBeGreaterThanOrEqual(0);
          expect(result.score).toBeLessThanOrEqual(1);
          expect(Number.isNaN(result.argumentF1)).toBe(false);
          result.topIssues;
          JSON.stringify(result.toDict());
        }),
      ),
      { numRuns: 1500 },
    );
  });

  test('JSON text: arbitrary strings give a value or an input error', () => {
    fc.assert(fc.property(fc.string(), (text) => onlyInputErrors(() => parseJson(text, 'x.json', { keepNumberKinds: true }))), { numRuns: 2000 });
  });
});
