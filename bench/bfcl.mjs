#!/usr/bin/env node
// `toolscore bfcl` on the whole corpus run (test/corpus/bfcl: 1,640 judged entries in 10 categories,
// the multi-turn run is bench/bfcl-multi-turn.mjs), in-process, against the floor of reading it.
//
//   npm run build && node bench/bfcl.mjs [--rounds 9] [--scale K]
//
// --scale K judges K copies of the corpus run instead (each entry repeated with `-1` … `-K` on its
// id, written to a scratch folder first), to see where worker threads start to pay for themselves.
//
// Each round times, in this process and in this order: the floor (read every questions, answers and
// results file and JSON.parse every line: what any reader must do), `evaluateBfcl` with jobs 1, and
// with jobs 2 (two worker threads). The ratios are taken within a round, so a machine that slows down
// between rounds moves the three figures together; the medians over rounds are printed.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT, summarize } from './lib.mjs';

const { evaluateBfcl } = await import(resolve(REPO_ROOT, 'dist/bfcl/index.js'));
const argv = process.argv.slice(2);
const rounds = Number(argv[argv.indexOf('--rounds') + 1] ?? 9) || 9;
const scale = Number(argv[argv.indexOf('--scale') + 1] ?? 1) || 1;
const corpus = resolve(REPO_ROOT, 'test/corpus/bfcl');
let sources = {
  questions: join(corpus, 'questions'),
  answers: join(corpus, 'possible_answer'),
  results: join(corpus, 'model_runs/glyphh-ada-1.1'),
};
const scratch = scale > 1 ? mkdtempSync(join(tmpdir(), 'toolscore-bench-bfcl-')) : undefined;
if (scratch !== undefined) {
  const scaled = {};
  for (const [key, dir] of Object.entries(sources)) {
    scaled[key] = join(scratch, key);
    mkdirSync(scaled[key]);
    for (const name of readdirSync(dir)) {
      if (name.includes('_score') || name === 'verdicts.jsonl') continue;
      const copies = [];
      for (const line of readFileSync(join(dir, name), 'utf8').split('\n'))
        if (line !== '')
          for (let k = 1; k <= scale; k++)
            copies.push(line.replace(/"id": "([^"]*)"/, (_, id) => `"id": "${id}-${k}"`));
      writeFileSync(join(scaled[key], name), `${copies.join('\n')}\n`);
    }
  }
  sources = scaled;
}
const ENTRIES = 1640 * scale;
const VALID = 1436 * scale;

function floor() {
  let entries = 0;
  for (const dir of Object.values(sources))
    for (const name of readdirSync(dir)) {
      if (name.includes('_score') || name === 'verdicts.jsonl') continue;
      for (const line of readFileSync(join(dir, name), 'utf8').split('\n'))
        if (line !== '') JSON.parse(line), entries++;
    }
  return entries;
}

async function judge(jobs) {
  const run = evaluateBfcl(sources, { jobs });
  let lines = 0;
  let valid = 0;
  for await (const line of run) {
    lines++;
    if (line.valid) valid++;
  }
  if (lines !== ENTRIES || valid !== VALID)
    throw new Error(`expected ${ENTRIES} entries, ${VALID} valid; got ${lines}, ${valid}`);
  return lines;
}

async function time(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

await judge(1); // warm-up: module loading, JIT
const rows = { floor: [], jobs1: [], jobs2: [] };
for (let round = 0; round < rounds; round++) {
  rows.floor.push(await time(() => (rows.lines = floor())));
  rows.jobs1.push(await time(() => judge(1)));
  rows.jobs2.push(await time(() => judge(2)));
}
const median = (values) => summarize(values).median;
const [f, one, two] = [median(rows.floor), median(rows.jobs1), median(rows.jobs2)];
const ratios = rows.jobs1.map((t, i) => t / rows.floor[i]);
const speedups = rows.jobs1.map((t, i) => t / rows.jobs2[i]);
if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
console.log(`rounds ${rounds}; ${ENTRIES} entries judged (10 categories), the floor reads ${rows.lines} lines`);
console.log(`floor (read + JSON.parse)     ${f.toFixed(1)} ms`);
console.log(
  `evaluateBfcl jobs 1          ${one.toFixed(1)} ms  (${((one / ENTRIES) * 1000).toFixed(1)} ms per 1,000 entries; ${median(ratios).toFixed(2)}× the floor)`,
);
console.log(
  `evaluateBfcl jobs 2          ${two.toFixed(1)} ms  (${((two / ENTRIES) * 1000).toFixed(1)} ms per 1,000 entries; jobs 2 takes ${(1 / median(speedups)).toFixed(2)}× the time of jobs 1)`,
);
