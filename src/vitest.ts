/**
 * `toolscore/vitest`: importing it (in a test file, or in `setupFiles`) registers the toolscore matchers
 * on Vitest's `expect` and types them; it also exports a `test` with the toolscore fixtures. For the
 * one-line snapshot summary after a run, add `globalSetup: ['toolscore/vitest/global-setup']`.
 */
import { expect } from 'vitest';
import type { ToolscoreMatchers } from './testing/matcher-types.js';
import { toolscoreMatchers } from './testing/matchers.js';
import { toolscoreTest } from './testing/vitest/fixtures.js';

expect.extend(toolscoreMatchers('vitest'));

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: the augmentation must repeat vitest's own signature
  interface Matchers<T = any> extends ToolscoreMatchers<T> {}
}

/** Vitest's `test` with the toolscore fixtures (`toolscoreEval`, `toolscoreAssert`, `toolscoreSnapshot`, …) at their default folders. */
export const test = toolscoreTest();
/**
 * The same `test`, under the other name test files use.
 * @alias
 */
export const it = test;
export { toolscoreTest, type ToolscoreFixtureOptions, type ToolscoreFixtures } from './testing/vitest/fixtures.js';
export {
  toolscoreMatchers,
  type CallToolOptions,
  type CallToolsByTurnOptions,
  type CallToolsOptions,
  type MatcherResult,
  type PassHatKOptions,
  type ToolSnapshotOptions,
} from './testing/matchers.js';
export type { ToolscoreMatchers } from './testing/matcher-types.js';
export type { TurnExpectation } from './testing/turn-check.js';
