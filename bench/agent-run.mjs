#!/usr/bin/env node
// `toolscore run`'s runner (`runAgent` of the BUILT dist/run) against what it wraps. Three figures, each a
// ratio taken within one run, so a shared machine's load falls on both sides alike:
//
//   1. Overhead per trial: runAgent over a no-op agent (it returns a fixed list of calls at once) against
//      the same number of plain evaluate() calls on the same expected and actual calls. Rounds alternate
//      A, B, B, A…; the ratio is of the medians.
//   2. Throughput with an agent that sleeps 50 ms, at concurrency 1, 8 and 64: trials/s, and the ratio to
//      concurrency 1 (N× while the runner keeps N trials in flight and the cores keep up with the scoring).
//   3. Peak memory for 1,000 and 10,000 trials, each in a fresh process (`--memory N`): the largest RSS
//      (`process.resourceUsage().maxRSS`) and the largest heap still in use after a full collection. The
//      cases come from a generator and the lines are dropped as they come, so only the runner holds
//      anything: the summary's 8 bytes per trial for each distribution and a small record per trial line.
//
//   node bench/agent-run.mjs          (npm run bench runs it after bench/run.mjs)
//
// Environment: BENCH_AGENT_TRIALS trials per overhead round (default 2000), BENCH_AGENT_ROUNDS rounds of
// each side (default 8).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REPO_ROOT, checkScore, importDist, summarize } from './lib.mjs';

const { evaluate } = await importDist();
const { runAgent } = await import(pathToFileURL(resolve(REPO_ROOT, 'dist/run/index.js')).href);

/** A case as a dataset holds it: three expected calls; the agent answers them all, right. */
function caseAt(k) {
  const expected = [
    {
      tool: 'search_flights',
      args: { from: 'NYC', to: 'PAR', date: `2026-05-${String((k % 28) + 1).padStart(2, '0')}` },
    },
    { tool: 'get_weather', args: { city: 'Paris', units: 'celsius' } },
    { tool: 'book_hotel', args: { city: 'Paris', nights: 1 + (k % 5) } },
  ];
  return { id: `case-${k}`, input: k, expected };
}
function* casesOf(count) {
  for (let k = 0; k < count; k++) yield caseAt(k);
}
/** The agent's answer: the case's expected calls, so every trial scores 1. */
const answerOf = (k) => caseAt(k).expected;
const noOpAgent = async (input) => answerOf(input);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const sleepingAgent = async (input) => {
  await sleep(50);
  return answerOf(input);
};

/** Runs an agent over `cases` cases × `trials`, dropping the lines; answers the wall ms and the run's summary. */
async function drain(agent, cases, trials, concurrency, onLine) {
  const start = performance.now();
  const run = runAgent({ agent, dataset: casesOf(cases), trials, concurrency });
  let lines = 0;
  for await (const line of run) {
    if ('error' in line) throw new Error(`sanity check failed: trial ${line.id} #${line.trial}: ${line.error}`);
    checkScore(line.score, `${line.id} #${line.trial}`);
    lines++;
    onLine?.(lines);
  }
  const ms = performance.now() - start;
  const summary = run.summary();
  if (lines !== cases * trials || summary.score.mean !== 1)
    throw new Error(`sanity check failed: ${lines} lines, mean ${summary.score.mean}`);
  return { ms, summary };
}

// ---------------------------------------------------------------- 3. a child measuring its own peak memory
const argv = process.argv.slice(2);
if (argv[0] === '--memory') {
  const trials = Number(argv[1]);
  // The heap still in use after a full collection, every 500 lines (run with --expose-gc): what the run
  // holds, whatever the collector's timing; RSS is the process's high-water mark, collector slack included.
  let livePeak = 0;
  await drain(noOpAgent, trials / 10, 10, 8, (lines) => {
    if (lines % 500 !== 0) return;
    globalThis.gc();
    livePeak = Math.max(livePeak, process.memoryUsage().heapUsed);
  });
  process.stdout.write(
    `${JSON.stringify({ trials, maxRssMb: process.resourceUsage().maxRSS / 1024, liveHeapPeakMb: livePeak / 2 ** 20 })}\n`,
  );
  process.exit(0);
}

const TRIALS = Number(process.env.BENCH_AGENT_TRIALS ?? 2000);
const ROUNDS = Number(process.env.BENCH_AGENT_ROUNDS ?? 8);
const log = (message) => process.stderr.write(`${message}\n`);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
const loadAtStart = os.loadavg();

// ---------------------------------------------------------------- 1. overhead per trial
log(
  `[1/3] overhead: runAgent (no-op agent, concurrency 4) against evaluate(), ${TRIALS} trials a round, ${ROUNDS} rounds each`,
);
const evaluateArgs = Array.from({ length: TRIALS }, (_, k) => ({ expected: caseAt(k).expected, actual: answerOf(k) }));
function evaluatePass() {
  const start = performance.now();
  let sum = 0;
  for (const args of evaluateArgs) sum += checkScore(evaluate(args).score, 'evaluate()');
  if (sum !== TRIALS) throw new Error(`sanity check failed: evaluate() summed ${sum}`);
  return performance.now() - start;
}
// Warm both paths up (JIT, lazily loaded modules) before timing.
evaluatePass();
await drain(noOpAgent, TRIALS, 1, 4);
const runnerMs = [];
const evaluateMs = [];
for (let round = 0; round < ROUNDS; round++) {
  if (round % 2 === 0) {
    runnerMs.push((await drain(noOpAgent, TRIALS, 1, 4)).ms);
    evaluateMs.push(evaluatePass());
  } else {
    evaluateMs.push(evaluatePass());
    runnerMs.push((await drain(noOpAgent, TRIALS, 1, 4)).ms);
  }
}
const runner = summarize(runnerMs);
const plain = summarize(evaluateMs);
const overhead = {
  runnerUsPerTrial: (runner.median * 1000) / TRIALS,
  evaluateUsPerCall: (plain.median * 1000) / TRIALS,
  ratio: runner.median / plain.median,
};

// ---------------------------------------------------------------- 2. throughput with a 50 ms agent
log('[2/3] throughput: an agent that sleeps 50 ms, concurrency 1, 8, 64 (about 1 s of ideal work each)');
const throughput = [];
for (const concurrency of [1, 8, 64]) {
  const trials = 20 * concurrency;
  const { ms } = await drain(sleepingAgent, trials, 1, concurrency);
  throughput.push({ concurrency, trials, seconds: ms / 1000, perSecond: trials / (ms / 1000) });
}
for (const row of throughput) row.ratio = row.perSecond / throughput[0].perSecond;

// ---------------------------------------------------------------- 3. peak memory
log('[3/3] peak memory: 1,000 and 10,000 trials (100 and 1,000 cases × 10), each in a fresh process');
const self = fileURLToPath(import.meta.url);
const memory = [1000, 10000].map((trials) =>
  JSON.parse(execFileSync(process.execPath, ['--expose-gc', self, '--memory', String(trials)], { encoding: 'utf8' })),
);

const loadAtEnd = os.loadavg();
const fmtLoad = (load) => load.map((x) => x.toFixed(2)).join(' ');
const out = [
  `toolscore bench: the agent runner — ${new Date().toISOString()} — ${commit}`,
  `${os.cpus()[0]?.model ?? 'unknown'}, ${os.availableParallelism()} cores, Node ${process.version}; load average ${fmtLoad(loadAtStart)} at start, ${fmtLoad(loadAtEnd)} at end`,
  '',
  `overhead per trial (median of ${ROUNDS} rounds of ${TRIALS}): runAgent ${overhead.runnerUsPerTrial.toFixed(1)} µs, evaluate() ${overhead.evaluateUsPerCall.toFixed(1)} µs, ratio ${overhead.ratio.toFixed(2)}× (runner p95 ${((runner.p95 * 1000) / TRIALS).toFixed(1)} µs, evaluate() p95 ${((plain.p95 * 1000) / TRIALS).toFixed(1)} µs)`,
  ...throughput.map(
    (row) =>
      `50 ms agent, concurrency ${String(row.concurrency).padStart(2)}: ${String(row.trials).padStart(4)} trials in ${row.seconds.toFixed(2)} s, ${row.perSecond.toFixed(1)} trials/s, ${row.ratio.toFixed(1)}× concurrency 1`,
  ),
  ...memory.map(
    (row) =>
      `${String(row.trials).padStart(6)} trials: peak RSS ${row.maxRssMb.toFixed(1)} MB, live heap high-water ${row.liveHeapPeakMb.toFixed(2)} MB`,
  ),
  `memory, 10,000 against 1,000 trials: RSS ${(memory[1].maxRssMb / memory[0].maxRssMb).toFixed(2)}×, live heap ${(memory[1].liveHeapPeakMb / memory[0].liveHeapPeakMb).toFixed(2)}× (+${(memory[1].liveHeapPeakMb - memory[0].liveHeapPeakMb).toFixed(2)} MB for 9,000 more trials)`,
  '',
];
process.stdout.write(out.join('\n'));
const outDir = resolve(REPO_ROOT, 'bench/out');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, 'agent-run.json'),
  `${JSON.stringify({ commit, loadAtStart, loadAtEnd, overhead, runner, evaluate: plain, throughput, memory }, null, 2)}\n`,
);
