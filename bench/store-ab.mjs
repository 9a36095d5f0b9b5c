#!/usr/bin/env node
// A/B of `toolscore batch` with and without `--store` (a SQLite file), in one run:
//   node bench/store-ab.mjs DATASET.jsonl [--rounds 3] [--jobs N]
// Each round runs the built CLI twice as separate processes, A (`batch -o results.jsonl`) and B (the same
// with `--store` to a fresh file), in alternating order, so load that comes and goes on a shared machine
// falls on both alike. Prints each round's wall times and B / A; the target is a median of at most
// 1.10 (a 100,000-case store written at no more than 10% over `batch` without it). After each B run the
// store is checked: one run holding exactly as many cases as the results file has lines.
// Make the dataset as bench/batch.mjs says (`gen_workload.py --n 100000`, as JSON Lines); never commit it.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from './lib.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const dataset = resolve(argv.find((arg, i) => !arg.startsWith('--') && !argv[i - 1]?.startsWith('--')) ?? '');
const rounds = Number(option('--rounds', 3)) || 3;
const jobs = option('--jobs', undefined);
const cli = resolve(REPO_ROOT, 'dist/cli/main.js');
const scratch = mkdtempSync(join(os.tmpdir(), 'toolscore-bench-store-'));
const Sqlite = createRequire(import.meta.url)('better-sqlite3');

/** Runs the CLI under /usr/bin/time; answers its wall seconds, CPU seconds (user + system) and peak RSS in MB. */
function timed(args) {
  const env = { ...process.env, TOOLSCORE_STORE: '' };
  const run = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M %U %S', process.execPath, cli, ...args], {
    encoding: 'utf8',
    env,
  });
  const match = /TIME ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(run.stderr);
  if (run.status !== 0 || match === null) throw new Error(`${args.join(' ')} failed (${run.status}):\n${run.stderr}`);
  return { seconds: Number(match[1]), rssMb: Number(match[2]) / 1024, cpu: Number(match[3]) + Number(match[4]) };
}

const batch = (results, extra) => [
  'batch',
  dataset,
  '--no-progress',
  ...(jobs === undefined ? [] : ['--jobs', jobs]),
  '-o',
  results,
  ...extra,
];

/** The store holds one run, with one row per results line. */
function checkStore(path, results) {
  const lines = readFileSync(results, 'utf8').split('\n').filter(Boolean).length;
  const db = new Sqlite(path, { readonly: true });
  const runs = db.prepare('SELECT id, cases FROM toolscore_runs').all();
  const rows = db.prepare('SELECT COUNT(*) AS n FROM toolscore_cases').get().n;
  db.close();
  if (runs.length !== 1 || runs[0].cases !== lines || rows !== lines)
    throw new Error(`the store holds ${JSON.stringify(runs)} and ${rows} rows; the results ${lines} lines`);
  return lines;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
} catch {}
process.stdout.write(
  `store A/B: ${dataset}, ${rounds} rounds, commit ${commit}, ${os.cpus().length} × ${os.cpus()[0]?.model}, node ${process.version}, ${new Date().toISOString()}\n`,
);
process.stdout.write(
  '| round | load | A: batch | B: batch --store | B / A | CPU A, B | CPU B / A | cases | peak RSS A, B |\n|---|---:|---:|---:|---:|---:|---:|---:|---|\n',
);
const ratios = [];
const cpuRatios = [];
for (let round = 1; round <= rounds; round++) {
  const store = join(scratch, `runs-${round}.db`);
  const a = () => timed(batch(join(scratch, 'a.jsonl'), []));
  const b = () => timed(batch(join(scratch, 'b.jsonl'), ['--store', store]));
  const load = os.loadavg()[0].toFixed(2);
  let ta;
  let tb;
  if (round % 2) {
    ta = a();
    tb = b();
  } else {
    tb = b();
    ta = a();
  }
  const cases = checkStore(store, join(scratch, 'b.jsonl'));
  rmSync(store, { force: true });
  const ratio = tb.seconds / ta.seconds;
  ratios.push(ratio);
  cpuRatios.push(tb.cpu / ta.cpu);
  process.stdout.write(
    `| ${round} | ${load} | ${ta.seconds.toFixed(2)} s | ${tb.seconds.toFixed(2)} s | ${ratio.toFixed(3)} | ${ta.cpu.toFixed(2)}, ${tb.cpu.toFixed(2)} s | ${(tb.cpu / ta.cpu).toFixed(3)} | ${cases} | ${ta.rssMb.toFixed(0)}, ${tb.rssMb.toFixed(0)} MB |\n`,
  );
}
process.stdout.write(
  `median B / A: wall ${median(ratios).toFixed(3)} (target ≤ 1.10), CPU ${median(cpuRatios).toFixed(3)}\n`,
);
rmSync(scratch, { recursive: true, force: true });
