#!/usr/bin/env node
// A/B of `batch` between two builds in one process: `node bench/batch-ab.mjs OLD_REPO NEW_REPO [--repeat 5]
// [--rounds 6]` (each a checkout with its dist/ built). The workload's cases, repeated (ids suffixed)
// into one JSON Lines file, are scored with `evaluateBatch(…, {jobs: 1})` and every line serialized, as
// the CLI writes it; passes alternate A, B, B, A, … after one untimed pass each, and each pass's CPU time
// (`process.cpuUsage`, the collector's threads too) is taken. Prints the medians, the ratio B/A, and
// checks that both builds give the same Σ score and the same bytes.
//
// Both builds load into this one process, which favours one side by up to 5–9% (bench/RESULTS.md, the
// fourth round of issue 38): read its ratios to that, or time `toolscore batch` processes instead.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readWorkload, summarize } from './lib.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const [oldRepo, newRepo] = argv.filter((arg, k) => !arg.startsWith('--') && !argv[k - 1]?.startsWith('--'));
if (!oldRepo || !newRepo) {
  process.stderr.write('usage: node bench/batch-ab.mjs OLD_REPO NEW_REPO [--repeat 5] [--rounds 6]\n');
  process.exit(2);
}
const REPEAT = option('--repeat', 5);
const ROUNDS = option('--rounds', 6);

const cases = readWorkload();
const scratch = mkdtempSync(join(tmpdir(), 'toolscore-batch-ab-'));
const dataset = join(scratch, 'cases.jsonl');
const lines = [];
for (let r = 0; r < REPEAT; r++)
  for (const item of cases) lines.push(JSON.stringify({ ...item, id: r === 0 ? item.id : `${item.id}~${r}` }));
writeFileSync(dataset, `${lines.join('\n')}\n`);

const sides = [];
for (const [name, repo] of [
  ['A', oldRepo],
  ['B', newRepo],
]) {
  const lib = await import(pathToFileURL(join(resolve(repo), 'dist/batch/index.js')).href);
  sides.push({ name, repo, lib, cpu: [] });
}

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** One pass: every line scored and serialized; its CPU µs per case, Σ score and the bytes' digest. */
async function pass({ lib }) {
  const start = cpuNow();
  const hash = createHash('sha256');
  let sum = 0;
  let count = 0;
  for await (const line of lib.evaluateBatch({ dataset }, { jobs: 1 })) {
    hash.update(lib.serializeLine(line));
    if (typeof line.score === 'number') sum += line.score;
    count++;
  }
  return { us: (cpuNow() - start) / count, sum, digest: hash.digest('hex'), count };
}

const seen = new Map();
for (const side of sides) seen.set(side.name, await pass(side));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? sides : [...sides].reverse();
  for (const side of order) {
    const result = await pass(side);
    side.cpu.push(result.us);
    const first = seen.get(side.name);
    if (result.digest !== first.digest || result.sum !== first.sum) throw new Error(`${side.name}: passes differ`);
  }
}
rmSync(scratch, { recursive: true, force: true });

const [a, b] = sides;
const ma = summarize(a.cpu).median;
const mb = summarize(b.cpu).median;
const sa = seen.get('A');
const sb = seen.get('B');
console.log(`cases per pass: ${sa.count} (the workload × ${REPEAT}); rounds: ${ROUNDS}`);
console.log(`A ${a.repo}: ${ma.toFixed(2)} µs CPU per case (passes: ${a.cpu.map((v) => v.toFixed(1)).join(' ')})`);
console.log(`B ${b.repo}: ${mb.toFixed(2)} µs CPU per case (passes: ${b.cpu.map((v) => v.toFixed(1)).join(' ')})`);
console.log(`ratio B/A: ${(mb / ma).toFixed(3)}`);
console.log(`Σ score per pass: A ${sa.sum.toFixed(9)}, B ${sb.sum.toFixed(9)}; Σ over the first 2000: see --repeat 1`);
console.log(`lines' bytes: ${sa.digest === sb.digest ? 'identical' : 'DIFFER'} (sha256 ${sb.digest.slice(0, 16)})`);
