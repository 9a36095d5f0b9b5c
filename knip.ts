import { readFileSync } from 'node:fs';
import rolldown from './rolldown.config.mjs';

/*
 * knip (in `npm test`) reports unused files, exports and dependencies. Its entries are everything that
 * runs on its own: the package's entries (package.json `exports`, built from src/), what the build
 * bundles besides (the CLI, the batch worker, the demo's sample server: rolldown.config.mjs), the tests,
 * the benchmarks and the examples. A package entry may export what nothing here imports: that is its
 * public surface, which test/api pins.
 */
const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, string | { types?: string }>;
};
const packageEntries = Object.values(manifest.exports).flatMap((target) =>
  typeof target === 'string' || !target.types
    ? []
    : [target.types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')],
);

export default {
  entry: [
    ...packageEntries,
    ...Object.values(rolldown.input),
    'test/**/*.{ts,mjs}',
    // Type tests: npm run typecheck checks them.
    'src/**/*.test-d.ts',
    'bench/*.mjs',
    'examples/**/*.{mjs,ts}',
  ],
  project: ['src/**/*.ts', 'test/**/*.{ts,mjs}', 'bench/**/*.mjs', 'examples/**/*.{ts,mjs}', '*.{ts,mjs}'],
  ignoreDependencies: [
    // Started by path (require.resolve of a name built at run time) by test/e2e/mcp-servers.ts.
    '@modelcontextprotocol/server-filesystem',
    '@modelcontextprotocol/server-memory',
    // Jest runs as a child process in test/e2e/runners; `expect` is the Jest package src/jest.ts augments.
    'jest',
    'expect',
    // Run on the packed tarball by test/e2e/pack.test.ts.
    'publint',
    '@arethetypeswrong/cli',
  ],
  // `script` (util-linux) gives the CLI a terminal in test/e2e/run-cli.ts.
  ignoreBinaries: ['script'],
};
