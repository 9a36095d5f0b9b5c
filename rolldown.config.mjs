// Bundles every entry point of the package (and the sample MCP server the demo launches) into dist/,
// over the per-file JavaScript tsc emitted there, with shared chunks so each class exists once.
// One file per entry instead of ~100 modules halves the cost of importing toolscore and of starting
// the CLI. tsc still provides the .d.ts files and the per-file modules deep imports use.
const entries = {
  index: 'src/index.ts',
  'cli/main': 'src/cli/main.ts',
  'reports/index': 'src/reports/index.ts',
  'judge/index': 'src/judge/index.ts',
  'mcp/index': 'src/mcp/index.ts',
  'batch/index': 'src/batch/index.ts',
  'run/index': 'src/run/index.ts',
  'replay/index': 'src/replay/index.ts',
  // Started as a worker thread by the batch engine, which finds it at ../batch/worker.js beside any built file.
  'batch/worker': 'src/batch/worker.ts',
  'mcp/sample-server-main': 'src/mcp/sample-server-main.ts',
  vitest: 'src/vitest.ts',
  jest: 'src/jest.ts',
  'testing/vitest/global-setup': 'src/testing/vitest/global-setup.ts',
  'testing/jest/global-setup': 'src/testing/jest/global-setup.ts',
  'testing/jest/global-teardown': 'src/testing/jest/global-teardown.ts',
};

/**
 * Named imports of Node built-ins become `process.getBuiltinModule()` calls in the bundles. Node's ES
 * facade of a built-in reads every export when it loads, and node:fs's `promises` getter then loads
 * node:fs/promises and some thirty stream modules (node:util's, its argument parser and MIME types): 1-2 ms
 * of every import and start, for modules a synchronous read never uses. The bindings are the same
 * objects either way; test/e2e/startup.test.ts pins what the import loads.
 */
const NAMED_BUILTIN_IMPORT = /^import \{([^}]*)\} from "(node:[\w/]+)";$/gm;
const builtinsWithoutFacades = {
  name: 'builtins-without-facades',
  renderChunk(code) {
    return code.replace(
      NAMED_BUILTIN_IMPORT,
      (_, names, id) => `const {${names.replaceAll(' as ', ': ')}} = process.getBuiltinModule(${JSON.stringify(id)});`,
    );
  },
};

export default {
  input: entries,
  plugins: [builtinsWithoutFacades],
  platform: 'node',
  // Packages and Node built-ins stay imports: optional peers must load lazily, and only if installed.
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !/^[A-Za-z]:/.test(id),
  output: {
    dir: 'dist',
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    // Source V8 reads as one-byte text, decoded and scanned faster: a single non-ASCII character (a "…"
    // in a comment) made the 840 KB core chunk two-byte. JSDoc is for readers of src/ and the .d.ts files.
    charset: 'ascii',
    comments: { legal: true, annotation: true, jsdoc: false },
    // The pure core, the format adapters evaluate() may need and everything else `import 'toolscore'`
    // loads (the testing helpers, the trial statistics, the report text they print with) are one shared
    // chunk: each file the loader opens costs more than its bytes (the import took 14 files, now 3).
    codeSplitting: {
      groups: [
        // Not the version: `toolscore --version` and `--help` need it and nothing else of the core. Ahead
        // of the core, which would otherwise take it in with the snapshot store that imports it.
        { name: 'version', test: /[\\/]src[\\/]core[\\/]version\./, priority: 2 },
        {
          name: 'core',
          test: /[\\/]src[\\/]((core[\\/](?!version\.)|(match|metrics|pairing|formats|gold|schemas|evaluation|trials)[\\/]|testing[\\/](?!vitest|jest))|text[\\/](report|values)\.|reports[\\/](text|flatten|view-model|colors)\.|io[\\/](atomic-write|file-name)\.)/,
          priority: 1,
        },
        // What `toolscore eval` loads besides the core, in one file rather than a dozen.
        {
          name: 'eval',
          test: /[\\/]src[\\/](cli[\\/](commands[\\/]eval|debug-text|debug|output-text|judge-flags|explain|output-paths|scoring-flags|terminal)\.|reports[\\/](console|files|json)\.|baseline[\\/]text\.)/,
        },
      ],
    },
  },
};
