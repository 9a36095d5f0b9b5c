#!/usr/bin/env node
// A/B of two builds' start-up, in one run: `node bench/start-ab.mjs OLD_REPO NEW_REPO [--runs 25]` (each
// a checkout with its dist/ built). Each round runs `node -e 0`, then for A and B (in alternating order)
// `import('toolscore')`, `toolscore --version` and the CLI's `eval` of the bundled example, one process
// each, after one untimed round. Reads the CPU time of each child (user + system, from wait4 through a
// python3 wrapper), which a loaded machine inflates far less than the wall time, and its wall time;
// prints the medians, the costs over a bare start and the ratios B/A. With TOOLSCORE_REF set (the Python
// reference, ../shared/pyref/README.md; TOOLSCORE_PYREF names that folder when it is not beside the
// clone), the Python CLI's `eval` of the same files runs in each round too, against both builds' `eval`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from './lib.mjs';

const argv = process.argv.slice(2);
const runsAt = argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(argv[runsAt + 1]) : 25;
const repos = argv.filter((arg, k) => !arg.startsWith('--') && argv[k - 1] !== '--runs').map((path) => resolve(path));
if (repos.length !== 2) {
  process.stderr.write('usage: node bench/start-ab.mjs OLD_REPO NEW_REPO [--runs 25]\n');
  process.exit(2);
}
const PYREF = process.env.TOOLSCORE_PYREF ?? resolve(REPO_ROOT, '../shared/pyref');
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const commit = (repo) => execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();

// wait4's resource usage in microseconds (/usr/bin/time and bash's `times` round to 10 ms), and the
// child's wall time (python3's own start left out).
const CPU_OF_CHILD =
  'import os, subprocess, sys, time\n' +
  'start = time.perf_counter()\n' +
  'child = subprocess.Popen(sys.argv[1:])\n' +
  '_, status, usage = os.wait4(child.pid, 0)\n' +
  'sys.stderr.write("CPU %f %f\\n" % (usage.ru_utime + usage.ru_stime, time.perf_counter() - start))\n' +
  'sys.exit(os.waitstatus_to_exitcode(status))\n';

const scratch = mkdtempSync(join(tmpdir(), 'toolscore-start-ab-'));
const example = (repo) => [join(repo, 'examples/gold.json'), join(repo, 'examples/trace.json')];
const commandsOf = (repo, side) => {
  const cli = join(repo, 'dist/cli/main.js');
  return {
    [`${side} import`]: [process.execPath, '-e', `import(${JSON.stringify(join(repo, 'dist/index.js'))})`],
    [`${side} --version`]: [process.execPath, cli, '--version'],
    [`${side} eval`]: [process.execPath, cli, 'eval', ...example(repo), '-o', join(scratch, `${side}.json`)],
  };
};
const sides = [commandsOf(repos[0], 'A'), commandsOf(repos[1], 'B')];
const fixed = { bare: [process.execPath, '-e', '0'] };
if (process.env.TOOLSCORE_REF !== undefined)
  fixed.python = [join(PYREF, 'bin/toolscore'), 'eval', ...example(repos[1]), '-o', join(scratch, 'py.json')];
const cpu = {};
const wall = {};
for (const name of [...Object.keys(fixed), ...sides.flatMap((side) => Object.keys(side))]) {
  cpu[name] = [];
  wall[name] = [];
}

const timed = (args) => {
  const done = spawnSync('python3', ['-c', CPU_OF_CHILD, ...args], { encoding: 'utf8', cwd: scratch });
  if (done.status !== 0) throw new Error(`${args.join(' ')} exited ${done.status}: ${done.stderr.slice(0, 300)}`);
  const [, cpuSeconds, wallSeconds] = /^CPU ([\d.]+) ([\d.]+)$/m.exec(done.stderr);
  return [Number(cpuSeconds) * 1000, Number(wallSeconds) * 1000];
};
for (let run = 0; run <= RUNS; run++) {
  // Every other round in reverse order, so no command always follows the same one.
  const all = [...Object.entries(fixed), ...sides.flatMap((side) => Object.entries(side))];
  const results = (run % 2 ? all.reverse() : all).map(([name, args]) => [name, timed(args)]);
  if (run === 0) continue;
  for (const [name, [cpuMs, wallMs]] of results) {
    cpu[name].push(cpuMs);
    wall[name].push(wallMs);
  }
}
rmSync(scratch, { recursive: true, force: true });

const lines = [`A ${repos[0]} (${commit(repos[0])}), B ${repos[1]} (${commit(repos[1])}); medians of ${RUNS} runs, ms`];
for (const [label, times] of [
  ['CPU', cpu],
  ['wall', wall],
]) {
  const m = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]));
  lines.push(`${label}: node -e 0 ${m.bare.toFixed(1)}${m.python ? `, Python CLI eval ${m.python.toFixed(1)}` : ''}`);
  for (const what of ['import', '--version', 'eval']) {
    const a = m[`A ${what}`];
    const b = m[`B ${what}`];
    lines.push(
      `  ${what.padEnd(10)} A ${a.toFixed(1)} (+${(a - m.bare).toFixed(1)}), B ${b.toFixed(1)} (+${(b - m.bare).toFixed(1)}); B/A ${(b / a).toFixed(3)}, over a bare start B/A ${((b - m.bare) / (a - m.bare)).toFixed(3)}`,
    );
  }
  lines.push(
    `  import over a bare start / a bare start: A ${((m['A import'] - m.bare) / m.bare).toFixed(3)}, B ${((m['B import'] - m.bare) / m.bare).toFixed(3)}`,
  );
  if (m.python)
    lines.push(
      `  eval / Python CLI eval: A ${(m['A eval'] / m.python).toFixed(3)}, B ${(m['B eval'] / m.python).toFixed(3)}`,
    );
}
process.stdout.write(`${lines.join('\n')}\n`);
