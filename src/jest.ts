/**
 * `toolscore/jest`: importing it (in `setupFilesAfterEnv`, or in a test file) registers the toolscore
 * matchers on Jest's global `expect` and types them for `@jest/globals`. For the one-line snapshot
 * summary after a run, set `globalSetup: 'toolscore/jest/global-setup'` and
 * `globalTeardown: 'toolscore/jest/global-teardown'`. It imports nothing from Jest itself.
 */
// The augmentation below needs Jest's expect package resolved; a type-only import does that and is erased.
import type {} from 'expect';
import type { ToolscoreMatchers } from './testing/matcher-types.js';
import { toolscoreMatchers } from './testing/matchers.js';

const jestExpect = (globalThis as { expect?: { extend?: (matchers: object) => void } }).expect;
if (typeof jestExpect?.extend !== 'function') {
  throw new Error(
    "toolscore/jest: Jest's global expect is missing; import toolscore/jest from setupFilesAfterEnv or a test file, with injectGlobals on",
  );
}
jestExpect.extend(toolscoreMatchers('jest'));

declare module 'expect' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Matchers<R extends void | Promise<void>, T = unknown> extends ToolscoreMatchers<R> {}
}

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
