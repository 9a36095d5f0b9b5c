import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { REQUIREMENTS } from './test/requirements.js';
import SkipSummary from './test/skip-summary.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Timeouts only guard against hangs: generous enough for the slowest file on two busy cores (a test
    // that needs longer says why beside it).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Vitest's default keeps a core for itself (one worker on two cores), but the slow files mostly wait
    // on child processes (the CLI, MCP servers, nested test runners): one worker per core measured 26%
    // faster on two cores (test/e2e with the judge, limits and fuzz files: 454 s → 334 s, heavily loaded).
    maxWorkers: availableParallelism(),
    // Tests that need something from the machine carry its tag (test/requirements.ts).
    tags: REQUIREMENTS.map((requirement) => ({
      name: requirement.tag,
      description: `needs ${requirement.kind} support`,
    })),
    reporters: ['default', new SkipSummary()],
    globalSetup: ['test/temporary-folder.ts'],
  },
});
