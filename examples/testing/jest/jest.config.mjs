// Jest runs ESM tests with: node --experimental-vm-modules node_modules/jest/bin/jest.js
export default {
  testMatch: ['**/*.test.mjs'],
  transform: {},
  // Registers toCallTools, toCallTool, toHaveToolScore and toMatchToolSnapshot on expect.
  setupFilesAfterEnv: ['toolscore/jest'],
  // Print "toolscore: N snapshots passed" after the run.
  globalSetup: 'toolscore/jest/global-setup',
  globalTeardown: 'toolscore/jest/global-teardown',
};
