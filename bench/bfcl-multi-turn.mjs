#!/usr/bin/env node
// `toolscore bfcl` on the leaderboard's four multi-turn categories (test/corpus/bfcl/multi-turn-full:
// glyphh-ada-1.1's run of PR #1308, 800 entries), in-process, against the floor of reading them. Each
// entry runs both sides' calls, turn after turn, on the ported simulated APIs and compares their states
// and results, then scores the turns against the possible answer as gold.
//
//   npm run build && node bench/bfcl-multi-turn.mjs [--rounds 9]
//
// The corpus keeps the files gzipped: they are written out to a scratch folder first (not timed).
// Each round times, in this process and in this order: the floor (read every questions, answers and
// results file and JSON.parse every line: what any reader must do) and `evaluateBfcl` with jobs 1.
// The ratio is taken within a round; the medians over rounds are printed.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { REPO_ROOT, summarize } from './lib.mjs';

const { evaluateBfcl } = await import(resolve(REPO_ROOT, 'dist/bfcl/index.js'));
const argv = process.argv.slice(2);
const rounds = Number(argv[argv.indexOf('--rounds') + 1] ?? 9) || 9;
const corpus = resolve(REPO_ROOT, 'test/corpus/bfcl');
const full = join(corpus, 'multi-turn-full');
const CATEGORIES = ['multi_turn_base', 'multi_turn_long_context', 'multi_turn_miss_func', 'multi_turn_miss_param'];
// The score files' summary lines: 121 + 112 + 102 + 95 of 200 each.
const ENTRIES = 800;
const VALID = 430;

const scratch = mkdtempSync(join(tmpdir(), 'toolscore-bench-bfcl-mt-'));
const sources = {
  questions: join(scratch, 'questions'),
  answers: join(scratch, 'possible_answer'),
  results: join(scratch, 'result'),
};
for (const dir of Object.values(sources)) mkdirSync(dir);
for (const category of CATEGORIES) {
  const name = `BFCL_v4_${category}`;
  const unzip = (from, to) => writeFileSync(to, gunzipSync(readFileSync(from)));
  unzip(join(full, `${name}.json.gz`), join(sources.questions, `${name}.json`));
  unzip(join(full, 'possible_answer', `${name}.json.gz`), join(sources.answers, `${name}.json`));
  unzip(join(full, 'glyphh-ada-1.1', `${name}_result.json.gz`), join(sources.results, `${name}_result.json`));
}
cpSync(join(corpus, 'questions/multi_turn_func_doc'), join(sources.questions, 'multi_turn_func_doc'), {
  recursive: true,
});

function floor() {
  let entries = 0;
  for (const dir of Object.values(sources))
    for (const name of readdirSync(dir).filter((name) => name.endsWith('.json')))
      for (const line of readFileSync(join(dir, name), 'utf8').split('\n'))
        if (line !== '') JSON.parse(line), entries++;
  return entries;
}

async function judge() {
  let lines = 0;
  let valid = 0;
  for await (const line of evaluateBfcl(sources, { jobs: 1 })) {
    lines++;
    if (line.valid) valid++;
  }
  if (lines !== ENTRIES || valid !== VALID)
    throw new Error(`expected ${ENTRIES} entries, ${VALID} valid; got ${lines}, ${valid}`);
}

async function time(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

try {
  await judge(); // warm-up: module loading, JIT
  const rows = { floor: [], judged: [] };
  for (let round = 0; round < rounds; round++) {
    rows.floor.push(await time(() => (rows.lines = floor())));
    rows.judged.push(await time(judge));
  }
  const median = (values) => summarize(values).median;
  const [f, judged] = [median(rows.floor), median(rows.judged)];
  const ratios = rows.judged.map((t, i) => t / rows.floor[i]);
  console.log(`rounds ${rounds}; ${ENTRIES} multi-turn entries judged, the floor reads ${rows.lines} lines`);
  console.log(`floor (read + JSON.parse)     ${f.toFixed(1)} ms`);
  console.log(
    `evaluateBfcl jobs 1          ${judged.toFixed(1)} ms  (${(judged / ENTRIES).toFixed(2)} ms per entry; ${median(ratios).toFixed(1)}× the floor)`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
