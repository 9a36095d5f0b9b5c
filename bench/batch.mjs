#!/usr/bin/env node
// `toolscore batch` throughput on a large JSON Lines dataset, against the no-score floor.
//
//   node bench/batch.mjs DATASET.jsonl [--rounds 3]
//
// Each round runs, as separate processes under /usr/bin/time (wall time, CPU time as user + system, and
// peak RSS): the floor (this file with --floor: start Node, stream the file, JSON.parse every line), then
// the built CLI with --jobs 1 and --jobs 2 writing the results and the summary to a scratch folder. The
// ratios are taken within a round, so a machine that slows down between rounds moves all three figures
// together; on a shared machine read the CPU ratio (jobs 1 CPU / floor CPU: issue 38's batch target),
// which load moves far less than wall time.
// Make the dataset with `python3 ../shared/bench/gen_workload.py --n 100000 --out /tmp/w.json`, then
// convert it to JSON Lines (one case per line); never commit it.
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from './lib.mjs';

const argv = process.argv.slice(2);

if (argv[0] === '--floor') {
  // The floor: the reading and parsing every batch run does, and nothing else.
  let rest = '';
  let cases = 0;
  for await (const chunk of createReadStream(argv[1], { highWaterMark: 1 << 20, encoding: 'utf8' })) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) if (line !== '') JSON.parse(line), cases++;
  }
  if (rest !== '') JSON.parse(rest), cases++;
  process.stdout.write(`${cases}\n`);
  process.exit(0);
}

const dataset = resolve(argv.find((arg) => !arg.startsWith('--')) ?? '');
const rounds = Number(argv[argv.indexOf('--rounds') + 1] ?? 3) || 3;
const cli = resolve(REPO_ROOT, 'dist/cli/main.js');
const scratch = mkdtempSync(join(tmpdir(), 'toolscore-bench-batch-'));

/** Runs a command under /usr/bin/time; answers its wall seconds, CPU seconds (user + system) and peak RSS in MB. */
function timed(args) {
  const run = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M %U %S', process.execPath, ...args], { encoding: 'utf8' });
  const match = /TIME ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(run.stderr);
  if (run.status !== 0 || match === null) throw new Error(`${args.join(' ')} failed (${run.status}):\n${run.stderr}`);
  return { seconds: Number(match[1]), rssMb: Number(match[2]) / 1024, cpu: Number(match[3]) + Number(match[4]) };
}

const batch = (jobs) => [
  cli,
  'batch',
  dataset,
  '--jobs',
  String(jobs),
  '--no-progress',
  '-o',
  join(scratch, `results-${jobs}.jsonl`),
  '--summary',
  join(scratch, `summary-${jobs}.json`),
];

const results = [];
try {
  for (let round = 1; round <= rounds; round++) {
    const floor = timed([resolve(REPO_ROOT, 'bench/batch.mjs'), '--floor', dataset]);
    const one = timed(batch(1));
    const two = timed(batch(2));
    const load = (await import('node:os')).loadavg()[0];
    results.push({ round, floor, one, two, load });
    process.stdout.write(
      `round ${round} (load ${load.toFixed(2)}): floor ${floor.seconds} s ${floor.rssMb.toFixed(0)} MB · ` +
        `jobs 1 ${one.seconds} s ${one.rssMb.toFixed(0)} MB · jobs 2 ${two.seconds} s ${two.rssMb.toFixed(0)} MB · ` +
        `jobs1/jobs2 ${(one.seconds / two.seconds).toFixed(2)}× · jobs2/floor ${(two.seconds / floor.seconds).toFixed(2)}× · ` +
        `CPU: floor ${floor.cpu.toFixed(2)} s, jobs 1 ${one.cpu.toFixed(2)} s, jobs1/floor ${(one.cpu / floor.cpu).toFixed(2)}×\n`,
    );
  }
  const same = spawnSync('cmp', [join(scratch, 'results-1.jsonl'), join(scratch, 'results-2.jsonl')]).status === 0;
  process.stdout.write(`results of --jobs 1 and --jobs 2 byte-identical: ${same}\n`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
