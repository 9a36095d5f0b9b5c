import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolscoreInputError } from '../../src/core/errors.js';
import { evaluate } from '../../src/evaluation/evaluate.js';
import { readWithFormat } from '../../src/formats/auto.js';
import { FORMATS } from '../../src/formats/registry.js';
import { goldCallsOf } from '../../src/io/gold.js';
import { parseJson } from '../../src/io/json.js';
import { parseForbiddenRules } from '../../src/metrics/policy.js';

/**
 * The "no crash, ever" fuzz suite: arbitrary JSON, call-shaped JSON and arbitrary bytes into every
 * loader, adapter, detection and evaluate(). Only ToolscoreInputError may come out. `npm test` runs
 * a few thousand cases; `npm run fuzz` sets TOOLSCORE_FUZZ_RUNS=100000.
 */
const RUNS = Number(process.env.TOOLSCORE_FUZZ_RUNS ?? 500);
const SEED = process.env.TOOLSCORE_FUZZ_SEED === undefined ? undefined : Number(process.env.TOOLSCORE_FUZZ_SEED);
const settings = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };
// Generous: a property at 100,000 runs takes minutes on a busy two-core machine.
const TIMEOUT = Math.max(20_000, RUNS * 10);

/** Runs `fn`; anything thrown must be a ToolscoreInputError with a one-line message. */
function onlyInputErrors(fn: () => unknown): void {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof ToolscoreInputError)) throw error;
    expect(error.message).not.toContain('\n');
  }
}

const anyJson = fc.jsonValue({ maxDepth: 4 });
const key = fc.oneof(
  fc.constantFrom(
    'tool',
    'name',
    'args',
    'arguments',
    'input',
    'role',
    'content',
    'type',
    'id',
    'tool_calls',
    'function',
    'calls',
    'messages',
    'choices',
    'parts',
    'steps',
    'jsonrpc',
    'method',
    'params',
    'result',
    'error',
    'is_error',
    'isError',
    '__proto__',
    'constructor',
    '$regex',
    '$any',
    '$one_of',
    'resourceSpans',
    'spans',
    'attributes',
    'newItems',
    'candidates',
    'output',
    'message',
    'done',
    'model',
    'toolUse',
    'toolResult',
    'toolUseId',
    'contentBlockStart',
    'contentBlockDelta',
    'contentBlockIndex',
    'delta',
    'index',
    'tool_plan',
    'tool_call_id',
    'tool_name',
    'finish_reason',
    'stopReason',
  ),
  fc.string({ maxLength: 6 }),
);
// Objects built from the keys every format looks for, so generated inputs get past the first checks.
const shaped: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, anyJson, tie('object'), tie('array')),
  object: fc.dictionary(key, tie('node'), { maxKeys: 5 }),
  array: fc.array(tie('node'), { maxLength: 4 }),
})).node;
const callLike = fc.record(
  {
    tool: fc.oneof(fc.string(), fc.constant(''), fc.integer(), fc.constant(null)),
    args: fc.oneof(fc.dictionary(fc.string(), shaped, { maxKeys: 4 }), shaped, fc.string()),
    error: shaped,
    is_error: shaped,
    duration: shaped,
    result: shaped,
  },
  { requiredKeys: [] },
);
const bytes = fc.uint8Array({ maxLength: 300 }).map((array) => new TextDecoder().decode(array));

describe('fuzz: nothing crashes', () => {
  test(
    'gold loader on arbitrary and call-shaped JSON',
    () => {
      fc.assert(
        fc.property(fc.oneof(shaped, fc.array(callLike)), (data) =>
          onlyInputErrors(() => goldCallsOf(data, 'gold.json')),
        ),
        settings,
      );
    },
    TIMEOUT,
  );

  test(
    'auto-detection on arbitrary and call-shaped JSON',
    () => {
      fc.assert(
        fc.property(fc.oneof(shaped, fc.array(callLike)), (data) =>
          onlyInputErrors(() => readWithFormat(data, 'auto', 'trace.json')),
        ),
        settings,
      );
    },
    TIMEOUT,
  );

  test.each([...FORMATS.keys()])(
    'the %s adapter on arbitrary and call-shaped JSON',
    (format) => {
      fc.assert(
        fc.property(shaped, (data) => onlyInputErrors(() => readWithFormat(data, format, 'trace.json'))),
        settings,
      );
    },
    TIMEOUT,
  );

  test(
    'evaluate() on call-shaped input: only input errors, scores in [0, 1]',
    () => {
      fc.assert(
        fc.property(
          fc.array(callLike, { maxLength: 5 }),
          fc.oneof(fc.array(callLike, { maxLength: 6 }), shaped),
          fc.option(shaped),
          (expected, actual, rules) =>
            onlyInputErrors(() => {
              const forbidden = rules === null ? undefined : parseForbiddenRules(rules);
              const result = evaluate({ expected: expected as never, actual, ...(forbidden ? { forbidden } : {}) });
              expect(result.score).toBeGreaterThanOrEqual(0);
              expect(result.score).toBeLessThanOrEqual(1);
              expect(Number.isNaN(result.argumentF1)).toBe(false);
              expect(result.topIssues.length).toBeGreaterThanOrEqual(0);
              JSON.stringify(result.toDict());
            }),
        ),
        settings,
      );
    },
    TIMEOUT,
  );

  test(
    'arbitrary bytes as a JSON file, then as gold and as a trace',
    () => {
      fc.assert(
        fc.property(bytes, (text) =>
          onlyInputErrors(() => {
            const data = parseJson(text, 'x.json', { keepNumberKinds: true });
            onlyInputErrors(() => goldCallsOf(data, 'x.json'));
            onlyInputErrors(() => readWithFormat(data, 'auto', 'x.json'));
          }),
        ),
        settings,
      );
    },
    TIMEOUT,
  );
});
