import type { Args, GoldEntryInput } from '../core/types.js';
import type { CompiledGold } from '../evaluation/compiled-gold.js';
import type {
  CallToolOptions,
  CallToolsByTurnOptions,
  CallToolsOptions,
  PassHatKOptions,
  ToolSnapshotOptions,
} from './matchers.js';
import type { TurnExpectation } from './turn-check.js';

/** The toolscore matchers as `expect(x)` methods; Vitest's and Jest's `Matchers` extend it. */
export interface ToolscoreMatchers<R = unknown> {
  /**
   * Every expected call (but optional ones) is made with each listed argument matching; by default in the
   * listed order, other calls and other arguments allowed (`mode`, `extraArgs` say otherwise); a score is
   * required only when `minScore` is given. The failure message says what failed above the expected-vs-actual table.
   * A list compiled by `compileGold()` is read once for each `mode` and `extraArgs` it is checked with.
   */
  toCallTools(expected: readonly GoldEntryInput[] | CompiledGold, options?: CallToolsOptions): R;
  /**
   * A conversation meets its expected calls turn by turn: `expected[k]` lists the calls expected after the
   * user's k+1-th message (or is `{ user?, calls }`), each turn checked as `toCallTools` checks its calls;
   * `[]` allows no call in that turn. The failure message names the turn of each failure.
   */
  toCallToolsByTurn(expected: readonly TurnExpectation[], options?: CallToolsByTurnOptions): R;
  /** Some call is to `tool` and, when `args` are given, has each of them matching; other arguments are allowed unless `extraArgs` is `deny`. */
  toCallTool(tool: string, args?: Args, options?: CallToolOptions): R;
  /** An `EvaluationResult`'s score is at least `minScore`. */
  toHaveToolScore(minScore: number): R;
  /** The calls match this test's approved snapshot (recorded on first run, pending until `toolscore approve`). */
  toMatchToolSnapshot(options?: ToolSnapshotOptions): R;
  /**
   * The agent, run `options.trials` times (default k) on `options.input`, reaches pass^k ≥ `min`
   * (`toPassHatK(3, 1, …)`: all 3 trials succeed). Runs the agent, so it is async: await it. The failure
   * message lists every trial with its score, verdict and top issue.
   */
  toPassHatK(k: number, min: number, options: PassHatKOptions): Promise<void>;
}
