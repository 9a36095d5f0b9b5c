#!/usr/bin/env node
// Scores every case of the workload with the built library and prints a checksum (the sum of the
// scores), so the work cannot be skipped. `bench/run.mjs` times this whole process; it is kept
// self-contained (no bench helpers) so the timing is exactly: start Node, import dist, read, score.
//
//   node bench/score-file.mjs [--no-score] [workload.json]
//
// The workload defaults to $TOOLSCORE_BENCH_WORKLOAD, else ../shared/bench/workload-2000.json beside
// the clone. `--no-score` does everything but the scoring (start, import, read, parse): the floor
// under the whole-process figure.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluate } from '../dist/index.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const noScore = argv.includes('--no-score');
const file = argv.find((arg) => !arg.startsWith('--'));
const path = resolve(
  file ?? process.env.TOOLSCORE_BENCH_WORKLOAD ?? resolve(repoRoot, '../shared/bench/workload-2000.json'),
);
const cases = JSON.parse(readFileSync(path, 'utf8'));

let checksum = 0;
for (const testCase of noScore ? [] : cases) {
  const { score } = evaluate({ expected: testCase.expected, actual: testCase.actual, ...testCase.options });
  if (typeof score !== 'number' || Number.isNaN(score) || score < 0 || score > 1) {
    throw new Error(`score ${score} of case ${testCase.id} is not a number in [0, 1]`);
  }
  checksum += score;
}
process.stdout.write(`cases ${cases.length} checksum ${checksum.toFixed(9)}\n`);
