// Random golds and traces for property tests of evaluate(): flat golds, golds with file options and
// conversation golds (`turns`), with `$` operators, optional calls, alternatives and outcome keys
// (`result`, `succeeds`); traces of calls with results, failures and turns.
import fc from 'fast-check';

const tools = ['search', 'book', 'pay'] as const;
const plainValue = fc.oneof(
  fc.constantFrom('paris', 'Paris ', 'lisbon', '1', ''),
  fc.integer({ min: -2, max: 3 }),
  fc.constantFrom(1.5, 0.1, true, false, null),
  fc.array(fc.constantFrom('a', 'b', 1), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('x', 'y'), fc.constantFrom(1, 'a', null), { maxKeys: 2 }),
);
/** Gold argument values: literal data or a `$` operator. */
const goldValue = fc.oneof(
  { weight: 3, arbitrary: plainValue },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      { $any: true },
      { $regex: 'p.*', flags: 'i' },
      { $regex: '[a-z]+' },
      { $approx: 1, abs: 0.6 },
      { $contains: 'a' },
      { $one_of: ['paris', 'lisbon'] },
      { $type: ['string', 'null'] },
      { $optional: 'paris' },
      { $literal: { $any: 1 } },
      { nested: { $regex: 'a' } },
    ),
  },
);
const argNames = fc.constantFrom('city', 'date', 'n', 'tags');
const goldArgs = fc.dictionary(argNames, goldValue, { maxKeys: 3 });
const goldCall = fc.record(
  {
    tool: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...tools) },
      { weight: 1, arbitrary: fc.constant({ $one_of: ['search', 'pay'] }) },
    ),
    args: goldArgs,
    optional: fc.boolean(),
    extra_args: fc.constantFrom('allow', 'deny'),
    result: fc.constantFrom({ ok: true }, { $contains: 'ok' }),
    succeeds: fc.boolean(),
    // Not a gold key: a warning on every result (or an error under strictGold).
    arguments: fc.constant({}),
  },
  { requiredKeys: ['tool'] },
);
export const entries = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: goldCall },
    { weight: 1, arbitrary: fc.record({ $any_order: fc.array(goldCall, { minLength: 1, maxLength: 3 }) }) },
  ),
  { maxLength: 5 },
);
export const fileOptions = fc.record(
  {
    order: fc.constantFrom('strict', 'any'),
    extra_args: fc.constantFrom('allow', 'deny'),
    allow_extra_calls: fc.boolean(),
    ignore_tools: fc.constant(['pay']),
    require_success: fc.boolean(),
  },
  { requiredKeys: [] },
);
export const gold = fc.oneof(
  entries,
  fc.tuple(entries, fileOptions).map(([calls, options]) => ({ calls, ...options })),
  fc
    .tuple(
      fc.array(fc.record({ calls: entries, user: fc.constantFrom('hi', 'book it') }, { requiredKeys: ['calls'] }), {
        minLength: 1,
        maxLength: 3,
      }),
      fileOptions,
    )
    .map(([turns, options]) => ({ turns, ...options })),
);
const actualCall = fc.record(
  {
    tool: fc.constantFrom(...tools, 'other'),
    args: fc.dictionary(argNames, plainValue, { maxKeys: 3 }),
    result: fc.constantFrom({ ok: true }, 'ok', null),
    is_error: fc.boolean(),
    turn: fc.integer({ min: 1, max: 3 }),
  },
  { requiredKeys: ['tool', 'args'] },
);
export const traces = fc.array(fc.array(actualCall, { maxLength: 6 }), { minLength: 1, maxLength: 3 });
