import { defineConfig } from 'vitest/config';

// The examples run as a project of their own, the way a user's project would use toolscore.
export default defineConfig({
  test: {
    include: ['*.test.ts'],
    // Registers toCallTools, toCallTool, toHaveToolScore, toMatchToolSnapshot and toPassHatK on expect.
    setupFiles: ['toolscore/vitest'],
    // Prints "toolscore: N snapshots passed" after the run.
    globalSetup: ['toolscore/vitest/global-setup'],
  },
});
