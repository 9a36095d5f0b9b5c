import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

describe('the npm package', () => {
  let work: string;
  let tarball: string;
  let packedFiles: string[];
  let project: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'toolscore-pack-'));
    const packed = await npm(['pack', '--json', '--pack-destination', work], REPO_ROOT);
    expect(packed.code, packed.stderr).toBe(0);
    const [entry] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
    tarball = join(work, entry.filename);
    packedFiles = entry.files.map((file) => file.path);

    project = join(work, 'consumer');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '0.0.0', private: true, type: 'module' }));
    const installed = await npm(['install', tarball, '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'], project);
    expect(installed.code, installed.stderr).toBe(0);
  }, 2 * STEP_TIMEOUT + 10_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds the built code and the README, and no sources or tests', () => {
    expect(packedFiles).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/cli/main.js']));
    expect(packedFiles.filter((path) => !path.startsWith('dist/') && !['package.json', 'README.md'].includes(path))).toEqual([]);
    expect(packedFiles.filter((path) => /\.test\.|(^|\/)test\//.test(path))).toEqual([]);
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

  it('can be imported as a library, the README example included', async () => {
    const script = `
      const { evaluate, ANY, Regex } = await import('toolscore');
      const { buildJsonReport, renderConsoleSummary } = await import('toolscore/reports');
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
        verdict: renderConsoleSummary(result).includes('Score 100.0%   Grade A   PASS'),
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
});
