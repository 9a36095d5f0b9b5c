import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gold, traces } from '../../test/gold-arbitraries.js';
import { CaseScorer, type BatchItem, type CaseDefaults } from './cases.js';
import { scoreItems, scoreItemsPlainly } from './scored-batch.js';

/*
 * `scoreItems` reads a batch's case texts together before scoring any (a text likely strict, holding a
 * `1.0`-like literal, once keeping number kinds), and takes a line that is not a promise without
 * waiting. Whatever the texts hold (cases, strict or not by default or by their options, `1.0`-like
 * literals, bad JSON, values that are not cases, bad options, trials) and whatever other items sit
 * between them, the batch it gives must be the one of scoring each item the plain way: the same text,
 * digest and stop.
 */

const caseValue = fc.record(
  {
    id: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 3 })),
    trial: fc.constantFrom(1, 2, 0),
    expected: gold,
    actual: traces.map((turns) => turns[0]!),
    options: fc.oneof(
      fc.constant({}),
      fc.constant({ strict: true }),
      fc.constant({ strict: false }),
      fc.constant({ strict: true, forbidden: [{ tool: 'pay', args: { n: 2 } }], weights: { selection: 1 } }),
      fc.constant({ color: 'red' }),
      fc.constant('strict'),
    ),
  },
  { requiredKeys: ['expected', 'actual'] },
);

/**
 * A case whose actual calls repeat its expected ones, but for `m` one more when `shifted`: `1` against
 * `1.0` is then all strict mode can tell apart, and a differing `m` is shown in the top issue as written.
 */
const twinCase = fc
  .tuple(
    fc.array(
      fc.record({
        tool: fc.constantFrom('search', 'pay'),
        args: fc.dictionary(fc.constantFrom('n', 'm'), fc.integer({ min: -2, max: 3 }), { maxKeys: 2 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    fc.constantFrom({}, { strict: true }, { strict: false }),
    fc.boolean(),
  )
  .map(([calls, options, shifted]) => ({
    id: 'twin',
    expected: calls,
    actual: shifted
      ? calls.map(({ tool, args }) => ({ tool, args: 'm' in args ? { ...args, m: args.m! + 1 } : args }))
      : calls,
    options,
  }));

/** A case's JSON text, some of its integral numbers written `1.0` (the bits of `floats` say which): what strict mode reads carefully. */
const caseText = fc.tuple(fc.oneof(caseValue, twinCase), fc.integer({ min: 0, max: 0xffff })).map(([value, floats]) => {
  let seen = 0;
  return JSON.stringify(value).replace(/([:[,])(-?\d+)(?=[,}\]])/g, (literal, before: string, digits: string) =>
    (floats >> (seen++ % 16)) & 1 ? `${before}${digits}.0` : literal,
  );
});

const text = fc.oneof(
  { weight: 6, arbitrary: caseText },
  // Not JSON: cut short, a bare word, a trailing comma.
  { weight: 1, arbitrary: caseText.map((t) => t.slice(0, Math.max(1, t.length >> 1))) },
  { weight: 1, arbitrary: fc.constantFrom('nope', '{"id":"x",}', '[1,2', '"\\u12"') },
  // JSON, but not a case.
  { weight: 1, arbitrary: fc.constantFrom('null', '[]', '3', '"case"', '{"id":"x"}') },
);

const item = fc.oneof(
  { weight: 8, arbitrary: text.map((t) => ({ kind: 'text', text: t }) as const) },
  { weight: 1, arbitrary: caseValue.map((value) => ({ kind: 'value', value }) as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'error', id: 'line 9', error: 'too long' } as const) },
);

function numbered(
  raw: readonly (
    | { kind: 'text'; text: string }
    | { kind: 'value'; value: unknown }
    | { kind: 'error'; id: string; error: string }
  )[],
): BatchItem[] {
  return raw.map((entry, index): BatchItem => {
    if (entry.kind === 'text') return { ...entry, index, where: { file: 'cases.jsonl', line: index + 1 } };
    return { ...entry, index };
  });
}

const defaults = fc.constantFrom<CaseDefaults>(
  { settings: {}, format: 'auto' },
  { settings: { strict: true }, format: 'auto' },
  { settings: {}, format: 'auto', strictGold: true },
);

describe('scoreItems (texts parsed ahead)', () => {
  test('gives the batch of scoring each item the plain way', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { minLength: 1, maxLength: 12 }),
        defaults,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        async (raw, setup, stopAtError, columns, readAhead) => {
          const items = numbered(raw);
          const how = { stopAtError, columns };
          const fast = await scoreItems(new CaseScorer(setup), items, how, readAhead);
          const plain = await scoreItemsPlainly(new CaseScorer(setup), items, how);
          expect(fast).toEqual(plain);
        },
      ),
      { numRuns: 500 },
    );
  });
});
