import type { Args, ExpectedCallInput } from '../core/types.js';
import type { AssertToolsOptions } from './assert-tools.js';
import type { ToolSnapshotOptions } from './matchers.js';

/** The toolscore matchers as `expect(x)` methods; Vitest's and Jest's `Matchers` extend it. */
export interface ToolscoreMatchers<R = unknown> {
  /** The response's calls score at least `minScore` (default 0.9) against `expected`; the failure message is the expected-vs-actual table. */
  toCallTools(expected: readonly ExpectedCallInput[], options?: AssertToolsOptions): R;
  /** Some call is to `tool` and, when `args` are given, has each of them (values may be matchers). */
  toCallTool(tool: string, args?: Args): R;
  /** An `EvaluationResult`'s score is at least `minScore`. */
  toHaveToolScore(minScore: number): R;
  /** The calls match this test's approved snapshot (recorded on first run, pending until `toolscore approve`). */
  toMatchToolSnapshot(options?: ToolSnapshotOptions): R;
}
