// Shared helpers of the benchmark scripts: paths, the workload, statistics, timing and sanity checks.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root (the parent of bench/). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The built library; the bench never runs the TypeScript sources. */
export const DIST_ENTRY = resolve(REPO_ROOT, 'dist/index.js');

/** Env var that overrides the workload path. */
export const WORKLOAD_ENV = 'TOOLSCORE_BENCH_WORKLOAD';

/** The workload: `$TOOLSCORE_BENCH_WORKLOAD`, else `../shared/bench/workload-2000.json` beside the clone. */
export function workloadPath() {
  const fromEnv = process.env[WORKLOAD_ENV];
  const path = fromEnv ? resolve(fromEnv) : resolve(REPO_ROOT, '../shared/bench/workload-2000.json');
  if (!existsSync(path)) {
    throw new Error(
      `workload missing: ${path} (it must sit at ../shared/bench/ beside the repository, or set ${WORKLOAD_ENV})`,
    );
  }
  return path;
}

/** Parsed workload cases `{id, tags, expected, actual, options}`. */
export function readWorkload(path = workloadPath()) {
  const cases = JSON.parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(cases) || cases.length === 0)
    throw new Error(`workload ${path} is not a non-empty array of cases`);
  return cases;
}

/** Imports the built library, failing with a hint when it has not been built. */
export async function importDist() {
  if (!existsSync(DIST_ENTRY)) throw new Error(`${DIST_ENTRY} missing: run \`npm run build\` first`);
  return import(pathToFileURL(DIST_ENTRY).href);
}

/** The arguments of `evaluate()` for one workload case. */
export function evaluateArgs(testCase) {
  return { expected: testCase.expected, actual: testCase.actual, ...(testCase.options ?? {}) };
}

/** Throws unless a score is a number in [0, 1]. */
export function checkScore(score, where) {
  if (typeof score !== 'number' || Number.isNaN(score) || score < 0 || score > 1) {
    throw new Error(`sanity check failed: score ${score} of ${where} is not a number in [0, 1]`);
  }
  return score;
}

/** Sorted copy. */
function sorted(values) {
  return Float64Array.from(values).sort();
}

/** Nearest-rank percentile of already sorted values. */
function percentileOfSorted(s, p) {
  if (s.length === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[Math.min(rank, s.length) - 1];
}

/** Median, p95, min, max, mean and count of samples. */
export function summarize(values) {
  const s = sorted(values);
  const n = s.length;
  const median = n % 2 === 1 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  let sum = 0;
  for (const v of s) sum += v;
  return { median, p95: percentileOfSorted(s, 95), min: s[0], max: s[n - 1], mean: sum / n, n };
}

/**
 * Times a synchronous function: `warmup` untimed calls, then `samples` timed ones (ms each).
 * Returns the summary in ms and the last result (kept so the work cannot be skipped).
 */
export function timeSync(fn, { warmup = 3, samples = 20 } = {}) {
  let result;
  for (let k = 0; k < warmup; k++) result = fn();
  const times = new Float64Array(samples);
  for (let k = 0; k < samples; k++) {
    const start = performance.now();
    result = fn();
    times[k] = performance.now() - start;
  }
  return { ...summarize(times), result };
}

/** Wall time (ms) of running a command to completion, as a child process. Throws on a non-zero exit unless allowed. */
export function timeProcess(command, args, { cwd = REPO_ROOT, env = process.env, allowExit = [0] } = {}) {
  const start = performance.now();
  const child = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (child.error) throw child.error;
  if (!allowExit.includes(child.status)) {
    throw new Error(
      `\`${[command, ...args].join(' ')}\` exited with ${child.status ?? child.signal}:\n${child.stderr}`,
    );
  }
  return { ms, stdout: child.stdout, stderr: child.stderr, status: child.status };
}

/**
 * Times several commands over `runs` rounds, interleaved (round-robin) so drift affects them alike;
 * `warmup` untimed rounds first (file cache, code cache). Returns, per label, the summary in ms and the last run.
 */
export function timeProcesses(commands, { runs = 15, warmup = 2 } = {}) {
  const times = Object.fromEntries(commands.map(({ label }) => [label, []]));
  const last = {};
  for (let round = 0; round < warmup + runs; round++) {
    for (const { label, command, args, options } of commands) {
      const run = timeProcess(command, args, options);
      last[label] = run;
      if (round >= warmup) times[label].push(run.ms);
    }
  }
  return Object.fromEntries(commands.map(({ label }) => [label, { ...summarize(times[label]), last: last[label] }]));
}

/** A small deterministic PRNG (mulberry32): returns floats in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
