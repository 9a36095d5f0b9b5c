#!/usr/bin/env node
// A/B of two builds on this machine, in one run: `node bench/ab.mjs OLD_REPO NEW_REPO` (each a checkout
// with its dist/ built). Runs are interleaved — a pass of A, a pass of B, and again — so load that comes
// and goes on a shared machine falls on both sides alike; the ratio B/A is the figure to read.
//
// Measures: evaluate() over the workload (median pass time), the import cost of dist/index.js, and the
// CLI eval of the bundled example (median wall time of child processes).
//
// Environment: AB_PASSES (default 15), AB_RUNS (default 15), TOOLSCORE_BENCH_WORKLOAD.
//
// Both builds load into this one process, which favours one side: two copies of the same build measure
// B/A 1.05 either way round. For evaluate() prefer bench/evaluate-ab.mjs, for start-up bench/start-ab.mjs
// (a process per side); read this script's ratios to about ±5%.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { evaluateArgs, readWorkload } from './lib.mjs';

const [oldRepo, newRepo] = process.argv.slice(2).map((path) => resolve(path));
if (!oldRepo || !newRepo) {
  process.stderr.write('usage: node bench/ab.mjs OLD_REPO NEW_REPO\n');
  process.exit(2);
}
const PASSES = Number(process.env.AB_PASSES ?? 15);
const RUNS = Number(process.env.AB_RUNS ?? 15);
const sides = [
  { name: 'A', repo: oldRepo },
  { name: 'B', repo: newRepo },
];
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const commit = (repo) => execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();

const cases = readWorkload();
for (const side of sides) {
  side.lib = await import(pathToFileURL(join(side.repo, 'dist/index.js')).href);
  side.commit = commit(side.repo);
  side.passes = [];
  side.importRuns = [];
  side.cliRuns = [];
}

// Both sides must score the workload the same before their times mean anything.
const checksums = sides.map((side) =>
  cases.reduce((sum, testCase) => sum + side.lib.evaluate(evaluateArgs(testCase)).score, 0),
);
if (checksums[0].toFixed(9) !== checksums[1].toFixed(9)) throw new Error(`checksums differ: ${checksums.join(' vs ')}`);

for (let pass = 0; pass < PASSES; pass++) {
  for (const side of pass % 2 ? [...sides].reverse() : sides) {
    const start = performance.now();
    for (const testCase of cases) side.lib.evaluate(evaluateArgs(testCase));
    side.passes.push(performance.now() - start);
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'toolscore-ab-'));
const timeProcess = (args, cwd) => {
  const start = performance.now();
  execFileSync(process.execPath, args, { cwd, stdio: 'ignore' });
  return performance.now() - start;
};
const emptyRuns = [];
for (let run = 0; run < RUNS; run++) {
  emptyRuns.push(timeProcess(['-e', '0'], oldRepo));
  for (const side of run % 2 ? [...sides].reverse() : sides) {
    side.importRuns.push(timeProcess(['-e', "import('./dist/index.js')"], side.repo));
    side.cliRuns.push(
      timeProcess(
        [
          'dist/cli/main.js',
          'eval',
          'examples/gold.json',
          'examples/trace.json',
          '-o',
          join(scratch, `${side.name}.json`),
        ],
        side.repo,
      ),
    );
  }
}
rmSync(scratch, { recursive: true, force: true });

const baseline = median(emptyRuns);
const rows = [
  ['evaluate() per case (median pass ÷ cases)', (side) => (median(side.passes) * 1000) / cases.length, 'µs'],
  ['import cost of dist/index.js (over node -e 0)', (side) => median(side.importRuns) - baseline, 'ms'],
  ['toolscore eval of the example (whole process)', (side) => median(side.cliRuns), 'ms'],
];
const load = execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ').slice(0, 3).join(' ');
process.stdout.write(
  `A = ${sides[0].commit} (${oldRepo}), B = ${sides[1].commit} (${newRepo}); ${PASSES} passes over ${cases.length} cases, ${RUNS} runs of each process, interleaved; load ${load}; checksum ${checksums[0].toFixed(9)}\n`,
);
for (const [label, measure, unit] of rows) {
  const [a, b] = sides.map(measure);
  process.stdout.write(
    `${label.padEnd(48)} A ${a.toFixed(2).padStart(8)} ${unit}   B ${b.toFixed(2).padStart(8)} ${unit}   B/A ${(b / a).toFixed(2)}\n`,
  );
}
