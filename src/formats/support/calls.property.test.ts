import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toActualCall, toActualCallPlainly, unreadableArguments } from './calls.js';

/*
 * `toActualCall` reads a `{tool, args}` call on a fast path (its other keys not looked up). Calls at and
 * around that shape (a blank or non-string tool, arguments that are not an object, arguments a reader
 * could not read, one more key of any kind) must read as the plain path reads them, or fail alike.
 */

const value = fc.oneof(
  fc.constantFrom('paris', ' x ', '', 0, 1.5, true, false, null),
  fc.array(fc.constantFrom('a', 1, null), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('x', 'y'), fc.constantFrom(1, 'a', null), { maxKeys: 2 }),
);
const args = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom('city', 'n', '$x'), value, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, 'city=paris', [1], 7) },
  { weight: 1, arbitrary: fc.constant(null).map(() => unreadableArguments('{"city": ', 'unreadable arguments')) },
);
const plainCall = fc.record(
  {
    tool: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('search', ' pay ', 'book') },
      { weight: 1, arbitrary: fc.constantFrom('', '  ', 7, null, {}) },
    ),
    args,
  },
  { requiredKeys: [] },
);
const otherKey = fc.constantFrom(
  ['result', { ok: true }],
  ['result', undefined],
  ['error', 'boom'],
  ['error', true],
  ['error', ''],
  ['is_error', false],
  ['is_error', 'yes'],
  ['duration', 1.5],
  ['cost', 'free'],
  ['id', 7],
  ['turn', 2],
  ['turn', 0],
  ['metadata', { run: 1 }],
  ['trace_id', 'abc'],
);
const call = fc.oneof(
  { weight: 4, arbitrary: plainCall },
  {
    weight: 2,
    arbitrary: fc.tuple(plainCall, otherKey).map(([item, [name, v]]) => ({ ...item, [name as string]: v })),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, 'search', [], 3) },
);

function read(normalize: typeof toActualCall, item: unknown): unknown {
  try {
    return { call: normalize(item, '$[0]', 'trace.json') };
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message };
  }
}

describe('toActualCall (fast path for {tool, args} calls)', () => {
  test('reads every call as the plain path does, or fails alike', () => {
    fc.assert(
      fc.property(call, (item) => {
        expect(read(toActualCall, item)).toStrictEqual(read(toActualCallPlainly, item));
      }),
      { numRuns: 3000 },
    );
  });

  test('a {tool, args} call keeps its arguments object', () => {
    const given = { city: 'Paris' };
    const call = toActualCall({ tool: ' search ', args: given }, '$[0]');
    expect(call).toStrictEqual({ tool: 'search', args: { city: 'Paris' }, is_error: false });
    expect(call.args).toBe(given);
    expect(toActualCall({ tool: 'pay' }, '$[1]')).toStrictEqual({ tool: 'pay', args: null, is_error: false });
  });

  test('arguments a reader could not read still fail the call', () => {
    const call = toActualCall({ tool: 'search', args: unreadableArguments('{"city": ', 'bad JSON') }, '$[0]');
    expect(call).toStrictEqual({ tool: 'search', args: {}, is_error: true, error: 'bad JSON' });
  });
});
