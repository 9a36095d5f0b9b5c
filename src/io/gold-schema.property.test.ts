import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { readGold } from '../gold/gold.js';
import { unknownGoldKeys } from './gold-keys.js';
import { goldSchema } from './gold-schema.js';

/*
 * The gold schema says yes exactly when the loader does: a document is accepted (by the zod schema and by
 * the committed schemas/gold.json under ajv) if and only if readGold reads it and no key is unknown.
 * The generator writes near-misses of every key and operator, and leaves out only what a schema cannot
 * express (docs/schemas.md): patterns that do not compile, nesting past the limit, `$one_of` tool names
 * equal once trimmed, a `metadata.schema` that is not an object, snapshot keys of the wrong type.
 */

const validate = new Ajv2020({ strict: true }).compile(
  JSON.parse(readFileSync(new URL('../../schemas/gold.json', import.meta.url), 'utf8')),
);

/** Keys that are absent or hold one of the given values. */
const maybe = <T>(...values: fc.Arbitrary<T>[]) => fc.option(fc.oneof(...values), { nil: undefined });
const one = <T>(...values: T[]) => fc.constantFrom(...values);
/** Mostly a value the loader takes, now and then one it rejects: most documents are then one mistake from valid. */
const pick = (valid: unknown[], invalid: unknown[]) =>
  fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: fc.constantFrom(...invalid) });

const { member } = fc.letrec<{ value: unknown; member: unknown; operator: unknown; plain: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: one<unknown>(null, true, 0, 2.5, 'x', '') },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 2, arbitrary: tie('plain') },
    { weight: 4, arbitrary: tie('operator') },
    { weight: 1, arbitrary: fc.record({ $optional: tie('value') }) },
  ),
  member: fc.oneof(tie('value'), fc.record({ $optional: tie('value') })),
  plain: fc.dictionary(one('a', 'b', ''), tie('member'), { maxKeys: 3 }),
  operator: fc.oneof(
    fc.record({ $any: pick([true], [false, 1]) }),
    fc.record(
      { $regex: pick(['a+', '\\d{3}', '(?i)abc'], [5]), flags: maybe(pick(['i', 'ms', null], ['ii', 'g', 3])) },
      { requiredKeys: ['$regex'] },
    ),
    fc.record(
      {
        $approx: pick([1, 0.5], ['x', null]),
        rel: maybe(pick([0.1, 0], [-1, null, '1'])),
        abs: maybe(pick([0.01], [-0.5, null])),
      },
      { requiredKeys: ['$approx'] },
    ),
    fc.record({ $contains: tie('value') }),
    fc.record(
      {
        $one_of: fc.oneof({ weight: 12, arbitrary: fc.array(tie('value'), { maxLength: 3 }) }, one('x', null)),
        normalize: maybe(pick(['bfcl'], ['BFCL', 'case', null])),
      },
      { requiredKeys: ['$one_of'] },
    ),
    fc.record({ $type: pick(['string', 'integer', ['null', 'array']], [[], 'float', ['object', 5]]) }),
    fc.record({ $literal: fc.jsonValue({ maxDepth: 2 }) }),
    {
      weight: 1,
      arbitrary: one(
        { $unknown: 1 },
        { $any: true, $regex: 'a' },
        { $any: true, note: 1 },
        { $contains: 'a', flags: 'i' },
      ),
    },
  ),
}));

const toolName = pick(['search', ' book '], ['', '  ', 5, null]);
const tool = fc.oneof(
  { weight: 8, arbitrary: toolName },
  {
    weight: 3,
    arbitrary: fc.record({
      $one_of: fc.oneof(
        { weight: 6, arbitrary: fc.uniqueArray(one('a', 'b', 'c'), { minLength: 1, maxLength: 3 }) },
        fc.uniqueArray(one('a', ' ', ''), { maxLength: 2 }),
      ),
    }),
  },
  { weight: 1, arbitrary: one({ $one_of: 'a' }, { $one_of: ['a'], note: 1 }, {}) },
);

const call = fc.record(
  {
    tool,
    args: fc.oneof(
      { weight: 12, arbitrary: fc.dictionary(one('q', 'n', '$q'), member, { maxKeys: 3 }) },
      pick([null], ['x', [1]]),
    ),
    description: pick(['d', '', null], [5]),
    side_effects: pick([{}, { file_exists: 'x' }, null], ['x']),
    schema: pick([{ type: 'object' }, null], [3]),
    metadata: one<unknown>(null, 'x', {}, { schema: { type: 'object' } }, { note: 1 }),
    optional: pick([true, false, null], ['yes']),
    extra_args: pick(['allow', 'deny', null], ['maybe']),
    result: fc.jsonValue({ maxDepth: 1 }),
    duration: one<unknown>(1.5, null, 'x'),
    arguments: pick([undefined], [{}]),
  },
  { requiredKeys: ['tool'] },
);

const group = fc.oneof(
  { weight: 6, arbitrary: fc.record({ $any_order: fc.array(call, { maxLength: 3 }) }) },
  fc.record({ $any_order: fc.array(fc.record({ $any_order: fc.array(call, { maxLength: 2 }) }), { maxLength: 1 }) }),
  fc.record({ $any_order: fc.array(call, { minLength: 1, maxLength: 2 }), note: one(1) }),
);
const calls = fc.array(
  fc.oneof({ weight: 12, arbitrary: call }, { weight: 3, arbitrary: group }, one<unknown>('x', null)),
  { maxLength: 4 },
);

/** Gold `"state"` values the loader reads (docs/outcomes.md): `expected`, or `"unchanged": true` (then `allowed_changes`); null is absent. */
const STATES_READ: unknown[] = [
  null,
  { unchanged: true },
  { expected: { a: 1 } },
  { expected: { a: { $regex: 'x' }, b: { $optional: 1 } }, unchanged: true, allowed_changes: ['$.b[*]', '$["k"].*'] },
  { expected: { a: 1 }, unchanged: false },
  { expected: { a: 1 }, allowed_changes: null, unchanged: null },
  { unchanged: true, expected: null, allowed_changes: [] },
  { unchanged: true, expected: {} },
  { expected: { $literal: { $a: 1 } } },
  // A nested {} is a value: the object there must be empty.
  { expected: { db: {} } },
];
/** One mistake each: a state that checks nothing, allowed_changes without unchanged, a bad path, type or operator. */
const STATES_REFUSED: unknown[] = [
  {},
  { unchanged: false },
  { expected: null },
  { unchanged: null },
  { allowed_changes: ['$.a'] },
  { expected: { a: 1 }, allowed_changes: ['$.a'] },
  { expected: { a: 1 }, unchanged: false, allowed_changes: [] },
  { unchanged: true, allowed_changes: ['a'] },
  { unchanged: 'yes' },
  { expected: [] },
  // Names no value, so checks nothing: in a file, in $literal, with "unchanged": false.
  { expected: {} },
  { expected: { $literal: {} } },
  { expected: {}, unchanged: false },
  { expected: { $regex: 'x' } },
  { expected: { $a: 1 } },
  { expected: { a: { $nope: 1 } } },
  { expected: { a: [{ $optional: 1 }] } },
  { unchanged: true, note: 1 },
  'x',
];

const fileForm = fc.record(
  {
    calls,
    $schema: one('https://unpkg.com/toolscore/schemas/gold.json'),
    order: pick(['strict', 'any', null], ['random']),
    extra_args: pick(['allow', 'deny', null], [1]),
    ignore_tools: pick([['log'], ['log', 'log'], [], null], [[' '], 'log']),
    allow_extra_calls: pick([true, false, null], ['yes']),
    state: pick(STATES_READ, STATES_REFUSED),
    schema_version: one(1),
    approved: one(true, false),
    name: one('books a flight'),
    steps: pick([undefined], [[]]),
    // A reply check with an any-of (the form `toolscore bfcl --to-gold` writes for the agentic categories).
    response: fc.record(
      {
        contains_any: pick([['35'], ['35', 'thirty five']], [[], [''], '35', [1]]),
        contains: pick([['x']], ['x']),
        normalize: pick(['bfcl', 'none'], ['BFCL']),
      },
      { requiredKeys: ['contains_any'] },
    ),
  },
  { requiredKeys: ['calls'] },
);

const document = fc.oneof(
  { weight: 4, arbitrary: calls },
  { weight: 4, arbitrary: fileForm },
  fc.record({ calls: fc.record({ expected: calls }, { requiredKeys: [] }), score: one(0.5) }),
  one<unknown>(5, null, { calls: 'x' }, { actions: [] }),
);

/** What the loader says: the document reads as gold, with no key it does not know. */
function loaderAccepts(data: unknown): boolean {
  try {
    readGold(data, 'gold.json');
  } catch {
    return false;
  }
  return unknownGoldKeys(data).length === 0;
}

/** Both schemas' answer must be the loader's. */
function expectSameAnswer(data: unknown): boolean {
  const expected = loaderAccepts(data);
  expect(goldSchema.safeParse(data).success, 'zod').toBe(expected);
  expect(validate(data), 'ajv').toBe(expected);
  return expected;
}

/** Through JSON text, as a file would be: no undefined members. */
const asJson = (data: unknown): unknown => JSON.parse(JSON.stringify(data));

test('the gold schema, in zod and as schemas/gold.json, accepts exactly what the loader reads without a warning', () => {
  let accepted = 0;
  let runs = 0;
  fc.assert(
    fc.property(document.map(asJson), (data) => {
      runs++;
      if (expectSameAnswer(data)) accepted++;
    }),
    // Found by a run (seed 1665183760): a call's result took any JSON in the schema, "$" keys included.
    { numRuns: 1500, examples: [[[{ tool: 'search', result: { $: false } }]]] },
  );
  // Both sides of the equivalence are exercised.
  expect(accepted).toBeGreaterThan(runs / 10);
  expect(accepted).toBeLessThan(runs / 2);
});

test('a gold "state": the schema reads exactly the states the loader reads (an empty state, allowed_changes without unchanged: neither)', () => {
  const answers = (states: unknown[]) =>
    states.map(
      (state) => expectSameAnswer({ calls: [], state }) && expectSameAnswer({ turns: [{ calls: [] }], state }),
    );
  expect(answers(STATES_READ)).toEqual(STATES_READ.map(() => true));
  expect(answers(STATES_REFUSED)).toEqual(STATES_REFUSED.map(() => false));
});

/** One mistake each, in an argument value: the loader rejects every one of them. */
const BAD_VALUES: unknown[] = [
  { $approx: 1, rel: null },
  { $approx: 1, rel: -1 },
  { $approx: 'x' },
  { $regex: 5 },
  { $regex: 'a', flags: 'g' },
  { $regex: 'a', flags: 'ii' },
  { $any: false },
  { $type: [] },
  { $type: 'float' },
  { $unknown: 1 },
  { $any: true, $regex: 'a' },
  { $any: true, note: 1 },
  { $contains: 'a', flags: 'i' },
  { $one_of: 'x' },
  { $one_of: ['x'], normalize: 'lower' },
  [{ $optional: 1 }],
  { $contains: { $optional: 1 } },
  { $optional: { $optional: 1 } },
  { a: { $nope: 1 } },
];
/** One mistake each, in the keys of a call. */
const BAD_CALL_KEYS: Record<string, unknown>[] = [
  { tool: 5 },
  { tool: '  ' },
  { tool: { $one_of: [] } },
  { tool: { $one_of: ['a'], note: 1 } },
  { args: 'x' },
  { description: 5 },
  { side_effects: 'x' },
  { schema: 3 },
  { optional: 'yes' },
  { extra_args: 'maybe' },
  { arguments: {} },
];

/** The call objects of a document the loader reads, wherever they sit. */
function callsOf(data: unknown): Record<string, unknown>[] {
  const record = data as Record<string, unknown>;
  const list = (
    Array.isArray(data)
      ? data
      : Array.isArray(record.calls)
        ? record.calls
        : (record.calls as Record<string, unknown>).expected
  ) as Record<string, unknown>[];
  return list.flatMap((item) => (Array.isArray(item.$any_order) ? item.$any_order : [item]));
}

test('one mistake in a gold file the loader reads is a file both schemas reject', () => {
  const readable = document.map(asJson).filter((data) => loaderAccepts(data) && callsOf(data).length > 0);
  // A bad value goes into the call's arguments, beside the ones it has; a bad key replaces the call's own.
  const mistake = fc.oneof(
    fc.constantFrom(...BAD_VALUES).map((bad) => (call: Record<string, unknown>) => {
      call.args = { ...(call.args as object | null), added: bad };
    }),
    fc.constantFrom(...BAD_CALL_KEYS).map((bad) => (call: Record<string, unknown>) => Object.assign(call, bad)),
  );
  fc.assert(
    fc.property(readable, fc.nat(), mistake, (readableData, at, spoil) => {
      const data = structuredClone(readableData);
      const calls = callsOf(data);
      spoil(calls[at % calls.length]!);
      expect(expectSameAnswer(data)).toBe(false);
    }),
    { numRuns: 600 },
  );
});

test('"mode" takes the four trajectory modes; a contradiction with order is the loader\'s to find', () => {
  for (const mode of ['strict', 'unordered', 'subset', 'superset', null])
    expect(expectSameAnswer({ mode, calls: [{ tool: 'a' }] })).toBe(true);
  expect(expectSameAnswer({ mode: 'exact', calls: [] })).toBe(false);
  // Listed in docs/schemas.md among what a schema cannot check.
  const contradiction = { mode: 'superset', order: 'strict', calls: [] };
  expect(goldSchema.safeParse(contradiction).success).toBe(true);
  expect(loaderAccepts(contradiction)).toBe(false);
});
