/*
 * Type tests of the toolscore matchers as users call them, on Vitest's `expect` (toolscore/vitest) and
 * on Jest's (toolscore/jest); checked by `npm run typecheck`, which `npm test` runs. The calls sit in
 * functions that never run: only their types are tested here (matchers.test.ts tests what they do).
 */
import type { expect as jestExpect } from 'expect';
import { expect, expectTypeOf } from 'vitest';
import type { Args, GoldEntryInput, GoldInput, TrajectoryMode } from '../core/types.js';
import type { WeightsInput } from '../core/weights.js';
import { compileGold, type CompiledGold } from '../evaluation/compiled-gold.js';
import type {
  CallToolOptions,
  CallToolsByTurnOptions,
  CallToolsOptions,
  PassHatKOptions,
  ToolSnapshotOptions,
  TurnExpectation,
} from '../jest.js';
import type { ToolscoreMatchers, TurnExpectation as VitestTurnExpectation } from '../vitest.js';

type Matchers = ToolscoreMatchers<void>;

// The options of each matcher, key by key.
expectTypeOf<Matchers['toCallTools']>().parameters.toEqualTypeOf<
  [expected: readonly GoldEntryInput[] | CompiledGold, options?: CallToolsOptions]
>();
expectTypeOf<CallToolsOptions>().toEqualTypeOf<{
  mode?: TrajectoryMode;
  extraArgs?: 'allow' | 'deny';
  minScore?: number;
  weights?: WeightsInput;
  strict?: boolean;
}>();
expectTypeOf<Matchers['toCallToolsByTurn']>().parameters.toEqualTypeOf<
  [expected: readonly TurnExpectation[], options?: CallToolsByTurnOptions]
>();
// A turn: its calls, or its user message and calls.
expectTypeOf<TurnExpectation>().toEqualTypeOf<
  readonly GoldEntryInput[] | { user?: unknown; calls: readonly GoldEntryInput[] }
>();
expectTypeOf<VitestTurnExpectation>().toEqualTypeOf<TurnExpectation>();
expectTypeOf<CallToolsByTurnOptions>().toEqualTypeOf<{
  mode?: TrajectoryMode;
  extraArgs?: 'allow' | 'deny';
  minScore?: number;
  weights?: WeightsInput;
  strict?: boolean;
  userMessages?: readonly string[];
}>();
expectTypeOf<TrajectoryMode>().toEqualTypeOf<'strict' | 'unordered' | 'subset' | 'superset'>();
expectTypeOf<Matchers['toCallTool']>().parameters.toEqualTypeOf<
  [tool: string, args?: Args, options?: CallToolOptions]
>();
expectTypeOf<CallToolOptions>().toEqualTypeOf<{ extraArgs?: 'allow' | 'deny'; strict?: boolean }>();
expectTypeOf<Matchers['toHaveToolScore']>().parameters.toEqualTypeOf<[minScore: number]>();
expectTypeOf<Matchers['toMatchToolSnapshot']>().parameters.toEqualTypeOf<[options?: ToolSnapshotOptions]>();
expectTypeOf<keyof ToolSnapshotOptions>().toEqualTypeOf<
  'name' | 'allowPending' | 'minScore' | 'weights' | 'strict' | 'store'
>();

expectTypeOf<Matchers['toPassHatK']>().parameters.toEqualTypeOf<[k: number, min: number, options: PassHatKOptions]>();
// It runs the agent: a Promise whatever the runner's return type, so a missing await is visible.
expectTypeOf<Matchers['toPassHatK']>().returns.toEqualTypeOf<Promise<void>>();
expectTypeOf<PassHatKOptions>().toEqualTypeOf<{
  input: unknown;
  expected: GoldInput | CompiledGold;
  trials?: number;
  minScore?: number;
  weights?: WeightsInput;
  strict?: boolean;
  concurrency?: number;
}>();

const calls = [{ tool: 'search', args: { q: 'x' } }];
const agent = (input: string, { trial }: { trial: number }) => [{ tool: 'search', args: { q: `${input}${trial}` } }];

/** Vitest: the matchers are on `expect(x)` and on `.not`, with their options checked. */
export function onVitest(): void {
  expect(calls).toCallTools([{ tool: 'search', args: { q: 'x' } }]);
  expect(calls).toCallTools([{ tool: 'search' }], { mode: 'unordered', extraArgs: 'deny', minScore: 0.9 });
  expect(calls).not.toCallTools([{ tool: 'book' }], { mode: 'subset' });
  expect(calls).toCallTool('search');
  expect(calls).toCallTool('search', { q: 'x' }, { extraArgs: 'deny', strict: true });
  expect({ score: 1 }).toHaveToolScore(0.8);
  expect(calls).toCallToolsByTurn([[{ tool: 'search', args: { q: 'x' } }], [], { user: 'thanks', calls: [] }]);
  expect(calls).not.toCallToolsByTurn([[{ tool: 'book' }]], { mode: 'strict', userMessages: ['a', 'b'] });
  expect(calls).toMatchToolSnapshot({ name: 'search', allowPending: true });
  void expect(agent).toPassHatK(3, 1, { input: 'x', expected: [{ tool: 'search' }] });
  void expect(agent).not.toPassHatK(1, 0.5, { input: 'x', expected: [{ tool: 'search' }], trials: 4, concurrency: 2 });
  // Gold compiled once for the whole file.
  const compiled = compileGold([{ tool: 'search' }], { strictGold: true });
  expect(calls).toCallTools(compiled, { mode: 'strict' });
  void expect(agent).toPassHatK(3, 1, { input: 'x', expected: compiled });

  // @ts-expect-error: not a trajectory mode
  expect(calls).toCallTools([{ tool: 'search' }], { mode: 'exact' });
  // @ts-expect-error: extraArgs is allow or deny
  expect(calls).toCallTools([{ tool: 'search' }], { extraArgs: true });
  // @ts-expect-error: minScore is a number in [0, 1]
  expect(calls).toCallTools([{ tool: 'search' }], { minScore: '0.9' });
  // @ts-expect-error: the expected calls are a list
  expect(calls).toCallTools({ tool: 'search' });
  // @ts-expect-error: toCallTool checks one call; a trajectory mode is toCallTools'
  expect(calls).toCallTool('search', { q: 'x' }, { mode: 'strict' });
  // @ts-expect-error: toCallTool takes no minimum score
  expect(calls).toCallTool('search', undefined, { minScore: 0.5 });
  // @ts-expect-error: the tool is named by its name
  expect(calls).toCallTool({ tool: 'search' });
  // @ts-expect-error: toHaveToolScore takes the minimum score itself
  expect({ score: 1 }).toHaveToolScore({ minScore: 0.8 });
  // @ts-expect-error: each turn is a list of calls (or { user, calls }), not one call
  expect(calls).toCallToolsByTurn([{ tool: 'search' }]);
  // @ts-expect-error: the turns are a list, not a conversation gold
  expect(calls).toCallToolsByTurn({ turns: [{ calls: [] }] });
  // @ts-expect-error: the user's messages are texts
  expect(calls).toCallToolsByTurn([[]], { userMessages: 'hi' });
  // A conversation gold where the expected calls are read as a gold.
  void expect(agent).toPassHatK(1, 1, { input: 'x', expected: { turns: [{ user: 'hi', calls: [] }] } });
  // @ts-expect-error: the input and the expected calls are required
  void expect(agent).toPassHatK(3, 1);
  // @ts-expect-error: k and min come first, as numbers
  void expect(agent).toPassHatK({ k: 3, min: 1 }, { input: 'x', expected: [] });
  // @ts-expect-error: the expected calls are a list
  void expect(agent).toPassHatK(3, 1, { input: 'x', expected: { tool: 'search' } });
}

/** Jest: the same matchers, on the `expect` of Jest's expect package (what @jest/globals re-exports). */
export function onJest(jest: typeof jestExpect): void {
  jest(calls).toCallTools([{ tool: 'search' }], { mode: 'superset', extraArgs: 'allow', minScore: 1 });
  jest(calls).not.toCallTool('book');
  jest(calls).toCallTool('search', { q: 'x' }, { extraArgs: 'deny' });
  jest({ score: 1 }).toHaveToolScore(0.5);
  jest(calls).toCallToolsByTurn([[{ tool: 'search' }], { user: 'thanks', calls: [] }], { extraArgs: 'deny' });
  jest(calls).not.toCallToolsByTurn([[]]);
  expectTypeOf(jest(calls).toCallToolsByTurn).returns.toEqualTypeOf<void>();
  expectTypeOf(jest(calls).toCallTools).returns.toEqualTypeOf<void>();
  expectTypeOf(jest(Promise.resolve(calls)).resolves.toCallTools).returns.toEqualTypeOf<Promise<void>>();

  // @ts-expect-error: not a trajectory mode
  jest(calls).toCallTools([{ tool: 'search' }], { mode: 'exact' });
  // @ts-expect-error: toCallTool checks one call; a trajectory mode is toCallTools'
  jest(calls).toCallTool('search', { q: 'x' }, { mode: 'strict' });
  expectTypeOf(jest(agent).toPassHatK(3, 1, { input: 'x', expected: [] })).toEqualTypeOf<Promise<void>>();
  expectTypeOf(jest(agent).not.toPassHatK(3, 1, { input: 'x', expected: [] })).toEqualTypeOf<Promise<void>>();

  // @ts-expect-error: toHaveToolScore takes a number
  jest({ score: 1 }).toHaveToolScore('0.5');
  // @ts-expect-error: each turn is a list of calls (or { user, calls })
  jest(calls).toCallToolsByTurn([{ tool: 'search' }]);
  // @ts-expect-error: trials is a number
  void jest(agent).toPassHatK(3, 1, { input: 'x', expected: [], trials: '3' });
}
