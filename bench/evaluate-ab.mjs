#!/usr/bin/env node
// A/B of `evaluate()` between two builds as CPU time, each build in processes of its own:
// `node bench/evaluate-ab.mjs OLD_REPO NEW_REPO [--rounds 8]` (each a checkout with its dist/ built).
// Each round starts one process per build, in alternating order (A B, B A, …); a process imports one
// build, runs the workload through `evaluate()` 3 times untimed and 12 times timed, and reports its CPU
// µs per case (`process.cpuUsage`) and Σ score. Prints the medians and the ratio B/A.
//
// Why processes: with both builds loaded into one process, the same build measured against a copy of
// itself came out 5–9% apart (B/A 0.91 by CPU time, 1.05 by `bench/ab.mjs`); in processes of their
// own, 1.00 and 1.04 (8 and 6 processes each, load 4–6).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { evaluateArgs, readWorkload, summarize, workloadPath } from './lib.mjs';

const argv = process.argv.slice(2);

if (argv[0] === '--one') {
  const { evaluate } = await import(pathToFileURL(join(resolve(argv[1]), 'dist/index.js')).href);
  const cases = readWorkload();
  const pass = () => {
    let sum = 0;
    for (const testCase of cases) sum += evaluate(evaluateArgs(testCase)).score;
    return sum;
  };
  for (let k = 0; k < 3; k++) pass();
  const start = process.cpuUsage();
  let sum = 0;
  for (let k = 0; k < 12; k++) sum = pass();
  const { user, system } = process.cpuUsage(start);
  process.stdout.write(`${(user + system) / 12 / cases.length} ${sum.toFixed(9)}\n`);
  process.exit(0);
}

const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const [oldRepo, newRepo] = argv.filter((arg, k) => !arg.startsWith('--') && !argv[k - 1]?.startsWith('--'));
if (!oldRepo || !newRepo) {
  process.stderr.write('usage: node bench/evaluate-ab.mjs OLD_REPO NEW_REPO [--rounds 8]\n');
  process.exit(2);
}
const ROUNDS = option('--rounds', 8);
workloadPath(); // the workload's absence said once, here, before any process starts
const sides = [
  { name: 'A', repo: resolve(oldRepo), cpu: [], sums: new Set() },
  { name: 'B', repo: resolve(newRepo), cpu: [], sums: new Set() },
];
for (let round = 0; round < ROUNDS; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const out = execFileSync(process.execPath, [process.argv[1], '--one', side.repo], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [us, sum] = out.trim().split(' ');
    side.cpu.push(Number(us));
    side.sums.add(sum);
  }
}
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
for (const side of sides) {
  console.log(
    `${side.name} ${side.repo}: ${summarize(side.cpu).median.toFixed(2)} µs CPU per case (processes: ${side.cpu.map((v) => v.toFixed(2)).join(' ')}); Σ score ${[...side.sums].join(', ')}`,
  );
}
const [a, b] = sides.map((side) => summarize(side.cpu).median);
console.log(`ratio B/A: ${(b / a).toFixed(3)} (${ROUNDS} processes each, alternating; load ${load})`);
if (sides.some((side) => side.sums.size !== 1) || [...sides[0].sums][0] !== [...sides[1].sums][0])
  throw new Error('the builds score the workload differently');
