import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../corpus.js';
import { EXAMPLES, runProgram, type Run } from './run-cli.js';

/** Longest any one npm step may take; the install reads from npm's cache first. */
const STEP_TIMEOUT = 100_000;

/** The environment for nested npm runs, without the npm_* settings of an `npm test` that runs us. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  return env;
}

function npm(args: string[], cwd: string): Promise<Run> {
  return runProgram('npm', args, { cwd, env: npmEnv(), timeout: STEP_TIMEOUT });
}

/** Every entry point the package exports, as a consumer names it (`toolscore`, `toolscore/reports`, …). */
const ENTRY_POINTS = Object.keys(
  (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }).exports,
)
  // Data files (the JSON Schemas) are exports too, but no modules: they have a test of their own.
  .filter((key) => key !== './package.json' && !key.startsWith('./schemas/'))
  .map((key) => (key === '.' ? 'toolscore' : `toolscore${key.slice(1)}`));

/** Entry points that only load inside their test runner (they register matchers on its `expect`). */
const RUNNER_ENTRY_POINTS = ['toolscore/vitest', 'toolscore/jest'];

/**
 * A script that loads every entry point with `load` and prints, per entry point, the resolved file and
 * either the sorted export names or the loading error's first line.
 */
function loaderScript(resolveEntry: string, load: string): string {
  return `
    const seen = {};
    for (const name of ${JSON.stringify(ENTRY_POINTS)}) {
      const file = ${resolveEntry}.replace('file://', '').replace(process.cwd() + '/', '');
      try {
        const loaded = ${load};
        seen[name] = { file, exports: Object.keys(loaded).filter((key) => key !== '__esModule').sort() };
      } catch (error) {
        seen[name] = { file, error: String(error.message).split('\\n')[0] };
      }
    }
    console.log(JSON.stringify(seen));`;
}

describe('the npm package', () => {
  let work: string;
  let tarball: string;
  let packedFiles: string[];
  let project: string;

  beforeAll(
    async () => {
      work = mkdtempSync(join(tmpdir(), 'toolscore-pack-'));
      const packed = await npm(['pack', '--json', '--pack-destination', work], REPO_ROOT);
      expect(packed.code, packed.stderr).toBe(0);
      const [entry] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
      tarball = join(work, entry.filename);
      packedFiles = entry.files.map((file) => file.path);

      project = join(work, 'consumer');
      mkdirSync(project);
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({ name: 'consumer', version: '0.0.0', private: true, type: 'module' }),
      );
      const installed = await npm(
        ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'],
        project,
      );
      expect(installed.code, installed.stderr).toBe(0);
    },
    2 * STEP_TIMEOUT + 10_000,
  );

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds the built code, the JSON Schemas, the README and the licence, and no sources or tests', () => {
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'LICENSE',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/cli/main.js',
        'schemas/gold.json',
        'schemas/report.json',
        'schemas/results-line.json',
      ]),
    );
    expect(
      packedFiles.filter(
        (path) =>
          !path.startsWith('dist/') &&
          !path.startsWith('schemas/') &&
          !['package.json', 'README.md', 'LICENSE'].includes(path),
      ),
    ).toEqual([]);
    expect(packedFiles.filter((path) => /\.test(-d)?\.|(^|\/)test\//.test(path))).toEqual([]);
  });

  it('installs a working toolscore bin', async () => {
    const bin = join(project, 'node_modules/.bin/toolscore');
    const version = await runProgram(bin, ['--version'], { cwd: project });
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
    const run = await runProgram(bin, ['eval', EXAMPLES.gold, EXAMPLES.trace, '-o', 'report.json'], { cwd: project });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Score 83.5%   Grade B   WARN');
    expect(readdirSync(project)).toContain('report.json');
  });

  it('expands a --traces glob itself (tinyglobby is a dependency of the package, not only of its tests)', async () => {
    const bin = join(project, 'node_modules/.bin/toolscore');
    mkdirSync(join(project, 'runs'));
    for (const name of ['a', 'b']) writeFileSync(join(project, `runs/${name}.json`), readFileSync(EXAMPLES.trace));
    const run = await runProgram(
      bin,
      ['batch', '--gold', EXAMPLES.gold, '--traces', 'runs/*.json', '--jobs', '1', '-o', 'runs.jsonl'],
      { cwd: project },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^2 cases scored\b/);
  });

  it('passes publint, strict (its warnings count as errors)', async () => {
    const run = await runProgram(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/publint/src/cli.js'), 'run', tarball, '--strict'],
      { cwd: work, timeout: STEP_TIMEOUT },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('All good!');
  });

  it('has types that resolve for every entry, as are-the-types-wrong checks them (offline)', async () => {
    // --no-definitely-typed: attw would otherwise look for @types/toolscore on the registry.
    // The esm-only profile passes over two resolutions by design (docs/architecture.md: ESM only):
    // node10 (TypeScript's pre-exports resolution, which cannot see subpath entries) and node16 from
    // CommonJS (TypeScript's view that require() cannot load ESM; Node 20.19+, our floor, can, as the
    // require() test below shows). Every other resolution must be free of problems.
    const cli = join(REPO_ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js');
    const run = await runProgram(
      process.execPath,
      [cli, tarball, '--no-definitely-typed', '--profile', 'esm-only', '--format', 'json'],
      { cwd: work, timeout: STEP_TIMEOUT },
    );
    expect(run.code, run.stderr).toBe(0);
    type Problem = { kind: string; entrypoint: string; resolutionKind?: string };
    const { analysis } = JSON.parse(run.stdout) as { analysis: { problems: Problem[] } };
    const passedOver = ['node10', 'node16-cjs'];
    expect(analysis.problems.filter((problem) => !passedOver.includes(problem.resolutionKind ?? ''))).toEqual([]);
    // What is passed over stays what the design explains: subpaths unseen by node10, ESM from CJS.
    expect(new Set(analysis.problems.map((problem) => `${problem.resolutionKind} ${problem.kind}`))).toEqual(
      new Set(['node10 NoResolution', 'node16-cjs CJSResolvesToESM']),
    );
  });

  it('can be imported as a library, the README example included', async () => {
    const script = `
      const { evaluate, ANY, Regex } = await import('toolscore');
      const { buildJsonReport, renderReportConsole } = await import('toolscore/reports');
      const result = evaluate({
        expected: [{ tool: 'get_weather', args: { city: 'Lisbon', date: Regex('2025-06-1\\\\d'), units: ANY } }],
        actual: [{ tool: 'get_weather', args: { city: 'Lisbon', date: '2025-06-14', units: 'metric' } }],
      });
      const report = buildJsonReport(result);
      console.log(JSON.stringify({
        score: result.score,
        grade: result.grade,
        f1: result.metrics.argument_metrics.f1,
        issues: result.topIssues.length,
        reportArgs: report.gold_calls[0].args,
        verdict: renderReportConsole(result).includes('Score 100.0%   Grade A   PASS'),
      }));`;
    const run = await runProgram(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      score: 1,
      grade: 'A',
      f1: 1,
      issues: 0,
      reportArgs: { city: 'Lisbon', date: { $regex: '2025-06-1\\d' }, units: { $any: true } },
      verdict: true,
    });
  });

  it('exports its JSON Schemas by name, to require() and to import() with a JSON attribute', async () => {
    const files = ['gold.json', 'report.json', 'results-line.json'];
    const script = `
      const { createRequire } = await import('node:module');
      const require = createRequire(process.cwd() + '/');
      const ids = [];
      for (const file of ${JSON.stringify(files)}) {
        const imported = (await import('toolscore/schemas/' + file, { with: { type: 'json' } })).default;
        ids.push([imported.$id, require('toolscore/schemas/' + file).$id]);
      }
      console.log(JSON.stringify(ids));`;
    const run = await runProgram(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(
      files.map((file) => [
        `https://unpkg.com/toolscore/schemas/${file}`,
        `https://unpkg.com/toolscore/schemas/${file}`,
      ]),
    );
  });

  it('says where it lives and under which licence, with the full Apache-2.0 text', () => {
    const installed = join(project, 'node_modules/toolscore');
    const meta = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect([meta.license, meta.repository, meta.homepage, meta.bugs]).toEqual([
      'Apache-2.0',
      { type: 'git', url: 'git+https://github.com/toolscore/toolscore-ts.git' },
      'https://github.com/toolscore/toolscore-ts#readme',
      { url: 'https://github.com/toolscore/toolscore-ts/issues' },
    ]);
    const licence = readFileSync(join(installed, 'LICENSE'), 'utf8');
    expect(licence).toContain('Apache License\n                           Version 2.0, January 2004');
    expect(licence).toContain('END OF TERMS AND CONDITIONS');
    expect(licence.split('\n')).toHaveLength(203);
  });

  it('every entry point loads with import() and with require() from CommonJS, to the same exports', async () => {
    const esm = await runProgram(
      process.execPath,
      ['--input-type=module', '-e', loaderScript('import.meta.resolve(name)', 'await import(name)')],
      { cwd: project },
    );
    const cjs = await runProgram(
      process.execPath,
      ['--input-type=commonjs', '-e', loaderScript('require.resolve(name)', 'require(name)')],
      { cwd: project },
    );
    expect(esm.code, esm.stderr).toBe(0);
    expect(cjs.code, cjs.stderr).toBe(0);
    // require() of the ESM build is silent: no ExperimentalWarning for a package under node_modules.
    expect(cjs.stderr).toBe('');
    type Seen = Record<string, { file: string; exports?: string[]; error?: string }>;
    const imported = JSON.parse(esm.stdout) as Seen;
    const required = JSON.parse(cjs.stdout) as Seen;
    expect(Object.keys(required)).toEqual(ENTRY_POINTS);
    expect(ENTRY_POINTS).toHaveLength(13);
    for (const name of ENTRY_POINTS) {
      expect([name, required[name]!.file]).toEqual([name, imported[name]!.file]);
      expect([name, required[name]!.file.startsWith('node_modules/toolscore/dist/')]).toEqual([name, true]);
      if (RUNNER_ENTRY_POINTS.includes(name)) continue;
      expect([name, required[name]]).toEqual([name, imported[name]]);
    }
    expect(required.toolscore!.exports).toEqual(
      expect.arrayContaining(['evaluate', 'evaluateTrace', 'ANY', 'Regex', 'Approx', 'ToolscoreInputError']),
    );
    expect(required['toolscore/reports']!.exports).toEqual(
      expect.arrayContaining(['buildJsonReport', 'renderReportConsole']),
    );
    expect(required['toolscore/mcp']!.exports).toEqual(expect.arrayContaining(['McpConnection', 'McpServerError']));
    expect(required['toolscore/judge']!.exports).toEqual(expect.arrayContaining(['JudgeError', 'DEFAULT_JUDGE_MODEL']));
    expect(required['toolscore/replay']!.exports).toEqual(
      expect.arrayContaining(['openCassette', 'replayMiddleware', 'replayTools', 'ReplayMissError']),
    );
    expect(required['toolscore/bfcl']!.exports).toEqual(
      expect.arrayContaining(['evaluateBfcl', 'planBfclRun', 'bfclGoldFiles', 'renderBfclMarkdown']),
    );
    for (const setup of [
      'toolscore/vitest/global-setup',
      'toolscore/jest/global-setup',
      'toolscore/jest/global-teardown',
    ]) {
      expect([setup, required[setup]!.exports]).toEqual([setup, ['default']]);
    }
    // Outside their runner these two stop at their runner's absence, never at the package's exports.
    expect(required['toolscore/jest']!.error).toBe(
      "toolscore/jest: Jest's global expect is missing; import toolscore/jest from setupFilesAfterEnv or a test file, with injectGlobals on",
    );
    expect(required['toolscore/vitest']!.error).toMatch(/^Cannot find (package|module) 'vitest'/);
  });

  it('its declarations type-check in a project without @types/node (tsc with types: [])', async () => {
    // A folder of its own, so Vitest and Jest (which toolscore/vitest and toolscore/jest name) can be
    // linked beside the installed packages without changing what the other tests load; tsc keeps the
    // links' paths (preserveSymlinks), so the package finds them.
    const typed = join(work, 'typed');
    mkdirSync(join(typed, 'node_modules'), { recursive: true });
    for (const name of readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.')))
      symlinkSync(join(project, 'node_modules', name), join(typed, 'node_modules', name), 'dir');
    for (const name of ['vitest', 'jest'])
      symlinkSync(join(REPO_ROOT, 'node_modules', name), join(typed, 'node_modules', name), 'dir');
    const libraries = ENTRY_POINTS.filter((name) => !RUNNER_ENTRY_POINTS.includes(name));
    const consumers: Record<string, string> = {
      // Every entry but the runners', and proof that no Node types are loaded: `process` stays unknown.
      'libraries.ts': [
        ...libraries.map((name, n) => `import * as entry${n} from '${name}';`),
        `export const entries = [${libraries.map((_, n) => `entry${n}`).join(', ')}];`,
        "const result: entry0.EvaluationResult = entry0.evaluate({ expected: [{ tool: 'a' }], actual: [{ tool: 'a' }] });",
        'export const score: number = result.score;',
        "// @ts-expect-error: process is Node's, unknown without @types/node",
        'export const env = process.env;',
        '',
      ].join('\n'),
      // The runners' own types may load Node's, so these two are checked on their own.
      'runners.ts': `${RUNNER_ENTRY_POINTS.map((name) => `import '${name}';`).join('\n')}\nexport {};\n`,
    };
    for (const [file, text] of Object.entries(consumers)) {
      writeFileSync(join(typed, file), text);
      const config = `${file}.tsconfig.json`;
      writeFileSync(
        join(typed, config),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'es2022',
            lib: ['es2023'],
            types: [],
            noEmit: true,
            skipLibCheck: false,
            preserveSymlinks: true,
          },
          files: [file],
        }),
      );
      const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
      const checked = await runProgram(process.execPath, [tsc, '-p', config], { cwd: typed, timeout: STEP_TIMEOUT });
      // Only toolscore's declarations and the consumer count: dependencies' own (the MCP SDK's) are theirs.
      const ours = checked.stdout
        .split('\n')
        .filter((line) => /error TS/.test(line) && (line.startsWith(file) || line.includes('toolscore/dist/')));
      expect([file, ours]).toEqual([file, []]);
    }
  });
});
