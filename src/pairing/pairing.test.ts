import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Args, ExpectedCall, ToolCall } from '../core/types.js';
import type { EqualityMode } from '../match/equality.js';
import { ANY } from '../match/matchers/any.js';
import { minCostAssignment } from './assignment.js';
import { countMatchingArgs } from './argument-weights.js';
import { pairCalls, type Pairing } from './pairing.js';

const exp = (tool: string, args: Args | null = null): ExpectedCall => ({ tool, args });
const act = (tool: string, args: Args | null = null): ToolCall => ({ tool, args, is_error: false });

/** Checks the invariants every pairing has, whatever its quality. */
function checkShape(
  expected: readonly ExpectedCall[],
  actual: readonly ToolCall[],
  pairing: Pairing,
  mode: EqualityMode,
): void {
  expect(pairing.actualFor).toHaveLength(expected.length);
  expect(pairing.expectedFor).toHaveLength(actual.length);
  expect(pairing.matchedArgs).toHaveLength(expected.length);
  pairing.actualFor.forEach((j, i) => {
    if (j === -1) {
      expect(pairing.matchedArgs[i]).toBe(0);
      return;
    }
    expect(actual[j]!.tool).toBe(expected[i]!.tool);
    expect(pairing.expectedFor[j]).toBe(i);
    expect(pairing.matchedArgs[i]).toBe(countMatchingArgs(expected[i]!.args, actual[j]!.args, mode));
  });
  pairing.expectedFor.forEach((i, j) => {
    if (i !== -1) expect(pairing.actualFor[i]).toBe(j);
  });
}

interface Best {
  pairs: number;
  weight: number;
  distance: number;
}

/**
 * Exhaustive search over every one-to-one same-tool assignment (each expected call takes a free
 * same-tool actual call or none): the best (most pairs, then most matching arguments, then least
 * total distance between ranks within the tool).
 */
function bruteForce(expected: readonly ExpectedCall[], actual: readonly ToolCall[], mode: EqualityMode): Best {
  const rank = (calls: readonly { tool: string }[]) =>
    calls.map((call, k) => calls.slice(0, k).filter((other) => other.tool === call.tool).length);
  const expectedRank = rank(expected);
  const actualRank = rank(actual);
  const weight = expected.map((e) =>
    actual.map((a) => (e.tool === a.tool ? countMatchingArgs(e.args, a.args, mode) : -1)),
  );
  const used = new Array<boolean>(actual.length).fill(false);
  let best: Best = { pairs: -1, weight: -1, distance: Infinity };
  const visit = (i: number, pairs: number, total: number, distance: number): void => {
    if (i === expected.length) {
      if (
        pairs > best.pairs ||
        (pairs === best.pairs && (total > best.weight || (total === best.weight && distance < best.distance)))
      ) {
        best = { pairs, weight: total, distance };
      }
      return;
    }
    visit(i + 1, pairs, total, distance);
    for (let j = 0; j < actual.length; j++) {
      if (used[j] || weight[i]![j]! < 0) continue;
      used[j] = true;
      visit(i + 1, pairs + 1, total + weight[i]![j]!, distance + Math.abs(expectedRank[i]! - actualRank[j]!));
      used[j] = false;
    }
  };
  visit(0, 0, 0, 0);
  return best;
}

function score(expected: readonly ExpectedCall[], actual: readonly ToolCall[], pairing: Pairing): Best {
  const rank = (calls: readonly { tool: string }[], k: number) =>
    calls.slice(0, k).filter((other) => other.tool === calls[k]!.tool).length;
  let pairs = 0;
  let distance = 0;
  pairing.actualFor.forEach((j, i) => {
    if (j < 0) return;
    pairs++;
    distance += Math.abs(rank(expected, i) - rank(actual, j));
  });
  return { pairs, weight: pairing.matchedArgs.reduce((a, b) => a + b, 0), distance };
}

// Small argument objects over few keys and values, so equal arguments are common.
const argValue = fc.constantFrom<unknown>(1, 2, 1.0, 'p', ' p', 'q', true, null, [1], { k: 1 });
const args = fc.option(fc.dictionary(fc.constantFrom('x', 'y', 'z'), argValue, { maxKeys: 3 }), { nil: null, freq: 4 });
const calls = (tools: readonly string[]) =>
  fc.array(fc.record({ tool: fc.constantFrom(...tools), args }), { maxLength: 7 });
const scenario = fc
  .subarray(['search', 'fetch', 'book'], { minLength: 1 })
  .chain((tools) => fc.tuple(calls(tools), calls(tools)))
  .map(([e, a]) => [e.map((c) => exp(c.tool, c.args)), a.map((c) => act(c.tool, c.args))] as const);
const mode = fc.constantFrom<EqualityMode>('lenient', 'strict');

describe('pairCalls against brute force', () => {
  test('most pairs, then most matching arguments, then the closest ranks', () => {
    fc.assert(
      fc.property(scenario, mode, ([expected, actual], m) => {
        const pairing = pairCalls(expected, actual, m);
        checkShape(expected, actual, pairing, m);
        expect(score(expected, actual, pairing)).toEqual(bruteForce(expected, actual, m));
      }),
      { numRuns: 400 },
    );
  });

  test('as many pairs as possible: every expected call is paired while same-tool actual calls remain', () => {
    fc.assert(
      fc.property(scenario, ([expected, actual]) => {
        const pairing = pairCalls(expected, actual, 'lenient');
        for (const tool of new Set(expected.map((call) => call.tool))) {
          const wanted = expected.filter((call) => call.tool === tool).length;
          const made = actual.filter((call) => call.tool === tool).length;
          const paired = pairing.actualFor.filter((j, i) => j >= 0 && expected[i]!.tool === tool).length;
          expect(paired).toBe(Math.min(wanted, made));
        }
      }),
    );
  });

  test('deterministic: the same input gives the same pairing', () => {
    fc.assert(
      fc.property(scenario, mode, ([expected, actual], m) => {
        const copyE = expected.map((call) => exp(call.tool, call.args === null ? null : { ...call.args }));
        const copyA = actual.map((call) => act(call.tool, call.args === null ? null : { ...call.args }));
        expect(pairCalls(copyE, copyA, m)).toEqual(pairCalls(expected, actual, m));
      }),
    );
  });

  test('calls of unrelated tools change nothing', () => {
    const unrelated = fc.array(fc.tuple(fc.nat(), fc.constantFrom('other', 'misc'), args), { maxLength: 4 });
    fc.assert(
      fc.property(scenario, unrelated, unrelated, ([expected, actual], extraE, extraA) => {
        const before = pairCalls(expected, actual, 'lenient');
        // insert the unrelated calls at random places, remembering where each original call went
        const insert = <T extends { tool: string }>(
          list: readonly T[],
          extra: [number, string, Args | null][],
          make: (tool: string, a: Args | null) => T,
        ) => {
          const out: T[] = [...list];
          const origin: number[] = list.map((_, k) => k);
          for (const [at, tool, a] of extra) {
            const pos = at % (out.length + 1);
            out.splice(pos, 0, make(tool, a));
            origin.splice(pos, 0, -1);
          }
          return { out, where: list.map((_, k) => origin.indexOf(k)) };
        };
        const e = insert(expected, extraE, exp);
        const a = insert(actual, extraA, act);
        const after = pairCalls(e.out, a.out, 'lenient');
        expected.forEach((_, i) => {
          const j = before.actualFor[i]!;
          expect(after.actualFor[e.where[i]!]).toBe(j < 0 ? -1 : a.where[j]);
          expect(after.matchedArgs[e.where[i]!]).toBe(before.matchedArgs[i]);
        });
      }),
    );
  });
});

describe('pairCalls: worked examples', () => {
  test('reordered same-tool calls pair crosswise', () => {
    const pairing = pairCalls(
      [exp('search', { q: 'a' }), exp('search', { q: 'b' })],
      [act('search', { q: 'b' }), act('search', { q: 'a' })],
      'lenient',
    );
    expect(pairing).toEqual({ actualFor: [1, 0], expectedFor: [1, 0], matchedArgs: [1, 1] });
  });

  test('a wrong attempt followed by the right one pairs with the right one', () => {
    const pairing = pairCalls(
      [exp('book', { flight: 'FL-2' })],
      [act('book', { flight: 'FL-1' }), act('book', { flight: 'FL-2' })],
      'lenient',
    );
    expect(pairing).toEqual({ actualFor: [1], expectedFor: [-1, 0], matchedArgs: [1] });
  });

  test('ties keep the calls in order', () => {
    expect(
      pairCalls([exp('search'), exp('search')], [act('search', { q: 'x' }), act('search', { q: 'y' })], 'lenient'),
    ).toEqual({
      actualFor: [0, 1],
      expectedFor: [0, 1],
      matchedArgs: [0, 0],
    });
    expect(pairCalls([exp('s'), exp('s'), exp('s')], [act('s'), act('s'), act('s')], 'lenient').actualFor).toEqual([
      0, 1, 2,
    ]);
    expect(pairCalls([exp('s')], [act('s'), act('s'), act('s')], 'lenient').actualFor).toEqual([0]);
    expect(pairCalls([exp('s'), exp('s')], [act('s'), act('s'), act('s')], 'lenient').actualFor).toEqual([0, 1]);
    expect(pairCalls([exp('s'), exp('s'), exp('s')], [act('s'), act('s')], 'lenient').actualFor).toEqual([0, 1, -1]);
    // equal weights for both pairings of the same two calls: in order
    expect(
      pairCalls([exp('f', { a: 1 }), exp('f', { b: 1 })], [act('f', { a: 1, b: 1 }), act('f', {})], 'lenient')
        .actualFor,
    ).toEqual([0, 1]);
  });

  test('the best total beats taking the best partner in order (greedy would match 2 arguments, not 3)', () => {
    const pairing = pairCalls(
      [exp('f', { a: 1, b: 1 }), exp('f', { b: 1, c: 1 })],
      [act('f', { a: 1, b: 1, c: 1 }), act('f', { a: 1 })],
      'lenient',
    );
    expect(pairing).toEqual({ actualFor: [1, 0], expectedFor: [1, 0], matchedArgs: [1, 2] });
  });

  test('more pairs beat more matching arguments', () => {
    // pairing e1 with a0 alone would match 2 arguments; two pairs match 1 + 0
    const pairing = pairCalls([exp('f', { a: 1 }), exp('f', { a: 2, b: 2 })], [act('f', { a: 2, b: 2 })], 'lenient');
    expect(pairing.actualFor).toEqual([-1, 0]);
    const two = pairCalls(
      [exp('f', { a: 1 }), exp('f', { a: 2, b: 2 })],
      [act('f', { a: 2, b: 2 }), act('f', {})],
      'lenient',
    );
    expect(two).toEqual({ actualFor: [1, 0], expectedFor: [1, 0], matchedArgs: [0, 2] });
  });

  test('only calls of the same tool pair; order across tools does not matter', () => {
    expect(pairCalls([exp('a')], [act('b')], 'lenient')).toEqual({
      actualFor: [-1],
      expectedFor: [-1],
      matchedArgs: [0],
    });
    const pairing = pairCalls(
      [exp('web_search', { q: 'x' }), exp('web_fetch', { url: 'u' })],
      [act('web_fetch', { url: 'u' }), act('web_search', { q: 'x' })],
      'lenient',
    );
    expect(pairing).toEqual({ actualFor: [1, 0], expectedFor: [1, 0], matchedArgs: [1, 1] });
    expect(pairCalls([], [act('a')], 'lenient')).toEqual({ actualFor: [], expectedFor: [-1], matchedArgs: [] });
    expect(pairCalls([exp('a')], [], 'lenient')).toEqual({ actualFor: [-1], expectedFor: [], matchedArgs: [0] });
  });

  test('strict mode changes the weights, and so the pairing', () => {
    const expected = [exp('f', { city: 'NYC' })];
    const actual = [act('f', { city: ' NYC ' }), act('f', { city: 'NYC' })];
    expect(pairCalls(expected, actual, 'lenient')).toEqual({ actualFor: [0], expectedFor: [0, -1], matchedArgs: [1] });
    expect(pairCalls(expected, actual, 'strict')).toEqual({ actualFor: [1], expectedFor: [-1, 0], matchedArgs: [1] });
  });

  test('a 1000 × 1000 single-tool case pairs every call with its twin', () => {
    const n = 1000;
    // a fixed pseudo-random permutation (linear congruential shuffle)
    const order = Array.from({ length: n }, (_, k) => k);
    let seed = 12345;
    for (let k = n - 1; k > 0; k--) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const r = seed % (k + 1);
      [order[k], order[r]] = [order[r]!, order[k]!];
    }
    const expected = Array.from({ length: n }, (_, k) => exp('lookup', { id: k, kind: 'x' }));
    const actual = order.map((k) => act('lookup', { id: k, kind: 'x' }));
    const pairing = pairCalls(expected, actual, 'lenient');
    const positionOf = new Array<number>(n);
    order.forEach((k, j) => (positionOf[k] = j));
    expect(pairing.actualFor).toEqual(positionOf);
    expect(pairing.expectedFor).toEqual(order);
    expect(pairing.matchedArgs.every((count) => count === 2)).toBe(true);
  });
});

describe('countMatchingArgs', () => {
  test('counts expected keys present in the actual call with an equal value', () => {
    expect(countMatchingArgs({ a: 1, b: 'x', c: [1] }, { a: 1.0, b: ' x ', c: [2], d: 9 }, 'lenient')).toBe(2);
    expect(countMatchingArgs({ a: 1, b: 'x', c: [1] }, { a: 1.0, b: ' x ', c: [2], d: 9 }, 'strict')).toBe(1);
    expect(countMatchingArgs({}, { a: 1 }, 'lenient')).toBe(0);
  });

  test('null expected arguments count nothing; null actual arguments are {}', () => {
    expect(countMatchingArgs(null, { a: 1 }, 'lenient')).toBe(0);
    expect(countMatchingArgs({ a: 1 }, null, 'lenient')).toBe(0);
    expect(countMatchingArgs({ a: ANY }, null, 'lenient')).toBe(0);
  });

  test('ANY needs the key; a present null counts', () => {
    expect(countMatchingArgs({ q: ANY }, {}, 'lenient')).toBe(0);
    expect(countMatchingArgs({ q: ANY }, { q: null }, 'lenient')).toBe(1);
    expect(countMatchingArgs({ q: undefined }, {}, 'lenient')).toBe(0);
  });

  test('only own keys count, __proto__ included', () => {
    expect(countMatchingArgs({ constructor: 1 }, {}, 'lenient')).toBe(0);
    expect(countMatchingArgs({ toString: ANY }, {}, 'lenient')).toBe(0);
    expect(
      countMatchingArgs(JSON.parse('{"__proto__": 1}') as Args, JSON.parse('{"__proto__": 1}') as Args, 'lenient'),
    ).toBe(1);
    expect(countMatchingArgs(JSON.parse('{"__proto__": 1}') as Args, {}, 'lenient')).toBe(0);
  });
});

describe('minCostAssignment', () => {
  function bruteMin(cost: Float64Array, rows: number, columns: number): number {
    const used = new Array<boolean>(columns).fill(false);
    let best = Infinity;
    const visit = (i: number, total: number): void => {
      if (i === rows) {
        best = Math.min(best, total);
        return;
      }
      for (let j = 0; j < columns; j++) {
        if (used[j]) continue;
        used[j] = true;
        visit(i + 1, total + cost[i * columns + j]!);
        used[j] = false;
      }
    };
    visit(0, 0);
    return best;
  }

  const matrix = fc
    .integer({ min: 1, max: 6 })
    .chain((columns) => fc.tuple(fc.constant(columns), fc.integer({ min: 0, max: columns })))
    .chain(([columns, rows]) =>
      fc.tuple(
        fc.constant(rows),
        fc.constant(columns),
        fc.oneof(
          fc.array(fc.integer({ min: 0, max: 4 }), { minLength: rows * columns, maxLength: rows * columns }),
          fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: rows * columns, maxLength: rows * columns }),
          fc.array(fc.double({ min: -100, max: 100, noNaN: true }), {
            minLength: rows * columns,
            maxLength: rows * columns,
          }),
        ),
      ),
    );

  test('finds a minimum-cost assignment of distinct columns (against brute force)', () => {
    fc.assert(
      fc.property(matrix, ([rows, columns, values]) => {
        const cost = Float64Array.from(values);
        const assigned = minCostAssignment(cost, rows, columns);
        expect(assigned).toHaveLength(rows);
        const columnsUsed = new Set(assigned);
        expect(columnsUsed.size).toBe(rows);
        for (const column of assigned) expect(column >= 0 && column < columns).toBe(true);
        const total = Array.from(assigned).reduce((sum, column, row) => sum + cost[row * columns + column]!, 0);
        const best = bruteMin(cost, rows, columns);
        if (Number.isInteger(best)) expect(total).toBe(best);
        else expect(total).toBeCloseTo(best, 9);
      }),
      { numRuns: 500 },
    );
  });

  test('hand examples', () => {
    // rows × columns = 2 × 2: the off-diagonal is cheaper (1 + 1 < 0 + 5)
    expect(Array.from(minCostAssignment(Float64Array.from([0, 1, 1, 5]), 2, 2))).toEqual([1, 0]);
    // 1 × 3: the cheapest column
    expect(Array.from(minCostAssignment(Float64Array.from([4, 2, 3]), 1, 3))).toEqual([1]);
    // 2 × 3 where both rows prefer column 0: 3 + 0 beats 0 + 4
    expect(Array.from(minCostAssignment(Float64Array.from([0, 3, 9, 0, 4, 9]), 2, 3))).toEqual([1, 0]);
    expect(Array.from(minCostAssignment(new Float64Array(0), 0, 3))).toEqual([]);
    expect(Array.from(minCostAssignment(new Float64Array(0), 0, 0))).toEqual([]);
  });

  test('more rows than columns is refused', () => {
    expect(() => minCostAssignment(new Float64Array(6), 3, 2)).toThrow(RangeError);
  });
});
