import { defineConfig } from 'vitest/config';
import { REQUIREMENTS } from './test/requirements.js';
import SkipSummary from './test/skip-summary.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    // Tests that need something from the machine carry its tag (test/requirements.ts).
    tags: REQUIREMENTS.map((requirement) => ({ name: requirement.tag, description: `needs ${requirement.kind} support` })),
    reporters: ['default', new SkipSummary()],
  },
});
