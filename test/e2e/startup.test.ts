import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { CLI, EXAMPLES, childEnv, useScratchFolder } from './run-cli.js';

/*
 * What starting toolscore loads (issue 38): each JavaScript file the loader opens and each Node built-in
 * outside Node's start-up snapshot adds to the import time. A module-load hook lists the files a
 * process reads as ES modules, require()'s cache the CommonJS ones; Node's own list names the built-ins it loaded.
 */

const LOAD_HOOK =
  'export async function load(url, context, next) { if (url.startsWith("file:")) process.stderr.write("LOADED " + url + "\\n"); return next(url, context); }';
const SETUP = `import { createRequire, register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(LOAD_HOOK)}`)});
const required = createRequire('/').cache;
process.on('exit', () => process.stderr.write('BUILTINS ' + process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)).join(' ') + '\\nREQUIRED ' + Object.keys(required).join(' ') + '\\n'));`;

/**
 * Runs node with the hook; the files it loaded as ES modules (relative to the repository), the packages
 * it required, and the built-ins.
 */
function loaded(args: string[], cwd = REPO_ROOT): { files: string[]; required: string[]; builtins: string[] } {
  const run = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(SETUP)}`, ...args], {
    cwd,
    env: childEnv(),
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  const files = [...run.stderr.matchAll(/^LOADED file:\/\/(.*)$/gm)].map((m) =>
    m[1]!.replace(`${REPO_ROOT}/`, '').replace(/-[\w-]{8}\.js$/, '.js'),
  );
  const builtins = /^BUILTINS (.*)$/m.exec(run.stderr)?.[1]?.split(' ') ?? [];
  const required = [
    ...new Set(
      (/^REQUIRED (.*)$/m.exec(run.stderr)?.[1] ?? '')
        .split(' ')
        .flatMap((path) => /node_modules\/([^/]+)\//.exec(path)?.[1] ?? []),
    ),
  ];
  return { files, required, builtins };
}

/** Built-ins that load dozens of internal modules (child_process: net, dgram, the streams). */
const HEAVY_BUILTINS = ['child_process', 'crypto', 'net', 'tty'];

describe('start-up', () => {
  const scratch = useScratchFolder('toolscore-startup-').fresh;

  it("import 'toolscore' reads three files (the entry, the core, the version) and no heavy built-in or CommonJS package", () => {
    const importing = (url: string) => loaded(['--input-type=module', '-e', `await import(${JSON.stringify(url)});`]);
    const { files, builtins } = importing(pathToFileURL(`${REPO_ROOT}/dist/index.js`).href);
    // The hook and its stderr pipe load built-ins of their own: those of an empty module's import are left out.
    const bare = new Set(importing('data:text/javascript,').builtins);
    expect(files.sort()).toEqual(['dist/chunks/core.js', 'dist/chunks/version.js', 'dist/index.js']);
    const added = builtins.filter((name) => !bare.has(name));
    for (const name of HEAVY_BUILTINS) expect(added).not.toContain(name);
    // Built-ins are taken without their ES facades (rolldown.config.mjs): node:fs's would load its
    // promises and the streams; node:assert loads on the first failed assertion.
    for (const name of ['internal/fs/promises', 'stream', 'internal/streams/readable', 'assert'])
      expect(added).not.toContain(name);
  });

  it('the core chunk is ASCII without JSDoc, so V8 reads it as one-byte source', () => {
    const core = readdirSync(`${REPO_ROOT}/dist/chunks`).find((name) => /^core-[\w-]{8}\.js$/.test(name));
    const text = readFileSync(`${REPO_ROOT}/dist/chunks/${core}`, 'latin1');
    expect(/[^\x00-\x7f]/.exec(text)).toBeNull();
    expect(text).not.toContain('/**');
    expect(text).toContain('process.getBuiltinModule("node:fs")');
    expect(text).not.toMatch(/^import .* from "node:/m);
  });

  it('toolscore --version reads the program and the version, not the core, and requires commander', () => {
    const { files, required, builtins } = loaded([CLI, '--version']);
    expect(new Set(files.filter((file) => file.startsWith('dist/')))).toEqual(
      new Set(['dist/cli/main.js', 'dist/chunks/cli.js', 'dist/chunks/version.js']),
    );
    // commander is CommonJS: imported as an ES module, it would bring its ES wrapper and Node's CommonJS lexer.
    expect(files.filter((file) => file.includes('node_modules/'))).toEqual([]);
    expect(required).toEqual(['commander']);
    expect(builtins).not.toContain('internal/deps/cjs-module-lexer/lexer');
  });

  it('toolscore eval reads the core and one chunk of its own besides the program, no report it was not asked for, and not re2js for simple patterns', () => {
    const dir = scratch();
    const { files, required, builtins } = loaded(
      [CLI, 'eval', EXAMPLES.gold, EXAMPLES.trace, '-o', `${dir}/report.json`],
      dir,
    );
    const ours = files.filter((file) => file.startsWith('dist/'));
    // The example's patterns (`TP\\d{3,4}`, `2025-06-1[4-8]`) run on JavaScript's engine: re2js is not loaded.
    expect(required.sort()).toEqual(['commander', 'picocolors']);
    expect(files.filter((file) => file.includes('node_modules/'))).toEqual([]);
    expect(builtins).not.toContain('internal/deps/cjs-module-lexer/lexer');
    expect(new Set(ours)).toEqual(
      new Set([
        'dist/cli/main.js',
        'dist/chunks/cli.js',
        'dist/chunks/version.js',
        'dist/chunks/core.js',
        'dist/chunks/eval.js',
      ]),
    );
  });
});
