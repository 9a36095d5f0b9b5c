import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ToolCall } from '../core/types.js';
import { readGold } from '../gold/gold.js';
import { evaluate, resolveSettings } from './evaluate.js';
import { scoreGold } from './turns.js';

/*
 * What scoring turn by turn promises (docs/conversations.md): one turn is a flat gold, a call moved out
 * of the turn that expects it never helps, and a turn's score depends on that turn alone.
 */
type Call = { tool: string; args: Record<string, number> };

const argsArb = fc.dictionary(fc.constantFrom('x', 'y'), fc.integer({ min: 0, max: 2 }), { maxKeys: 2 });
const callArb = (tools: readonly string[]): fc.Arbitrary<Call> =>
  fc.record({ tool: fc.constantFrom(...tools), args: argsArb });
const goldCallArb = fc.record(
  { tool: fc.constantFrom('a', 'b', 'c'), args: argsArb, optional: fc.boolean() },
  { requiredKeys: ['tool', 'args'] },
);

/** Every file-level option that changes a score. */
const optionsArb = fc.record(
  {
    order: fc.constantFrom('strict' as const, 'any' as const),
    extra_args: fc.constantFrom('allow' as const, 'deny' as const),
    allow_extra_calls: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** The record without the conversation's own fields: what a flat gold writes. */
function flatRecord(record: ReturnType<ReturnType<typeof evaluate>['toDict']>) {
  const {
    turns: _turns,
    turn_pass_rate: _rate,
    first_failing_turn: _first,
    turn_aggregate: _how,
    ...metrics
  } = record.metrics;
  return { ...record, metrics };
}

/** Scores calls placed in turns (1-based) against a conversation of `turnCount` turns, every turn reached. */
function scoreTurns(goldTurns: Call[][], placed: { call: Call; turn: number }[]) {
  const calls: ToolCall[] = placed.map(({ call, turn }) => ({ ...call, is_error: false, turn }));
  const userMessages = goldTurns.map((_, k) => `message ${k + 1}`);
  return scoreGold(
    readGold({ turns: goldTurns.map((turn) => ({ calls: turn })) }),
    { calls, userMessages },
    resolveSettings({}),
  ).result().conversation!;
}

describe('scoring turn by turn', () => {
  test('a flat gold and a one-turn conversation give the same result', () => {
    fc.assert(
      fc.property(
        fc.array(goldCallArb, { maxLength: 5 }),
        fc.array(callArb(['a', 'b', 'c', 'd']), { maxLength: 6 }),
        optionsArb,
        (gold, actual, options) => {
          const flat = evaluate({ expected: { calls: gold, ...options }, actual });
          const turn = evaluate({ expected: { turns: [{ calls: gold }], ...options }, actual });
          expect(turn.conversation!.turns).toHaveLength(1);
          expect(flatRecord(turn.toDict())).toEqual(flat.toDict());
          expect(turn.findings).toEqual(flat.findings);
          expect(turn.toDict().metrics.turns![0]!.score).toBe(flat.score);
        },
      ),
      { numRuns: 300 },
    );
  });

  // Each gold tool is expected in one turn only, so a call moved away from its turn answers nothing where it lands.
  const conversationArb = fc
    .tuple(fc.integer({ min: 2, max: 4 }), fc.array(argsArb, { minLength: 6, maxLength: 6 }))
    .chain(([turnCount, goldArgs]) => {
      const tools = ['a', 'b', 'c', 'd', 'e', 'f'];
      return fc
        .array(fc.integer({ min: 0, max: turnCount - 1 }), { minLength: 6, maxLength: 6 })
        .chain((turnOfTool) => {
          const goldTurns: Call[][] = Array.from({ length: turnCount }, () => []);
          const expected = tools.flatMap((tool, k) =>
            k < 2 + (turnCount - 2) * 2 ? [{ tool, args: goldArgs[k]!, turn: turnOfTool[k]! + 1 }] : [],
          );
          for (const call of expected) goldTurns[call.turn - 1]!.push({ tool: call.tool, args: call.args });
          // The trace: each expected call made in its turn, maybe with other arguments, and extra calls of other tools.
          const made = fc.tuple(
            ...expected.map((call) =>
              fc
                .oneof(fc.constant(call.args), argsArb)
                .map((args) => ({ call: { tool: call.tool, args }, turn: call.turn })),
            ),
          );
          const extras = fc.array(
            fc.record({ call: callArb(['x', 'y']), turn: fc.integer({ min: 1, max: turnCount }) }),
            { maxLength: 3 },
          );
          return fc.record({
            goldTurns: fc.constant(goldTurns),
            placed: fc.tuple(made, extras).map(([m, e]) => [...m, ...e]),
            turnCount: fc.constant(turnCount),
          });
        });
    });

  // A call that answers its expected call exactly: a call with wrong arguments can cost more than no call
  // (argument F1 counts it, a missing call costs only selection, sequence and recall), in a flat gold too.
  test('moving a right call out of the turn that expects it never raises the score', () => {
    fc.assert(
      fc.property(conversationArb, fc.nat(), fc.nat(), ({ goldTurns, placed, turnCount }, pick, shift) => {
        const goldArgs = new Map(goldTurns.flat().map((call) => [call.tool, JSON.stringify(call.args)]));
        const movable = placed.flatMap((item, k) =>
          goldArgs.get(item.call.tool) === JSON.stringify(item.call.args) ? [k] : [],
        );
        if (movable.length === 0) return;
        const k = movable[pick % movable.length]!;
        const from = placed[k]!.turn;
        const to = ((from - 1 + 1 + (shift % (turnCount - 1))) % turnCount) + 1;
        const moved = placed.map((item, j) => (j === k ? { ...item, turn: to } : item));
        const before = scoreTurns(goldTurns, placed);
        const after = scoreTurns(goldTurns, moved);
        expect(to).not.toBe(from);
        const score = (conversation: typeof before) =>
          conversation.turns.reduce((sum, turn) => sum + turn.score, 0) / conversation.turns.length;
        expect(score(after)).toBeLessThan(score(before) + 1e-12);
        expect(after.turnPassRate).toBeLessThanOrEqual(before.turnPassRate);
      }),
      { numRuns: 300 },
    );
  });

  test("a turn's score depends on that turn alone", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(callArb(['a', 'b', 'c']), { maxLength: 3 }), { minLength: 2, maxLength: 4 }),
        fc.array(fc.record({ call: callArb(['a', 'b', 'c']), turn: fc.integer({ min: 1, max: 4 }) }), { maxLength: 8 }),
        fc.nat(),
        fc.array(callArb(['a', 'b', 'c']), { maxLength: 3 }),
        fc.array(callArb(['a', 'b', 'c']), { maxLength: 3 }),
        (goldTurns, placedAnywhere, pick, newGold, newCalls) => {
          const placed = placedAnywhere.filter((item) => item.turn <= goldTurns.length);
          const changed = pick % goldTurns.length;
          const otherGold = goldTurns.map((turn, k) => (k === changed ? newGold : turn));
          const otherPlaced = [
            ...placed.filter((item) => item.turn !== changed + 1),
            ...newCalls.map((call) => ({ call, turn: changed + 1 })),
          ];
          const before = scoreTurns(goldTurns, placed);
          const after = scoreTurns(otherGold, otherPlaced);
          before.turns.forEach((turn, k) => {
            if (k !== changed) expect(after.turns[k]!.score).toBe(turn.score);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
