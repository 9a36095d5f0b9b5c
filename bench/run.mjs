#!/usr/bin/env node
// The benchmark suite. Runs against the BUILT library (dist/), so `npm run bench` builds first.
// Prints a table and writes bench/out/results.json. See bench/RESULTS.md for a recorded run.
//
// Environment:
//   TOOLSCORE_BENCH_WORKLOAD  workload path (default ../shared/bench/workload-2000.json beside the clone)
//   BENCH_PASSES              timed passes over the workload for the per-call figure (default 10)
//   BENCH_RUNS                timed runs of each subprocess (default 15, at least 10 recommended)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { longTraceInput, pairingInput } from './generate.mjs';
import {
  REPO_ROOT,
  checkScore,
  evaluateArgs,
  importDist,
  readWorkload,
  summarize,
  timeProcesses,
  timeSync,
  workloadPath,
} from './lib.mjs';

const PASSES = Number(process.env.BENCH_PASSES ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const OUT_DIR = resolve(REPO_ROOT, 'bench/out');

const lib = await importDist();
const { evaluate, pairCalls, toExpectedCalls, toActualCalls, valuesEqual } = lib;

const rows = [];
const details = {};
function row(id, label, { median, p95, min, unit, target, python, limit, note }) {
  const entry = {
    id,
    label,
    median,
    p95,
    min: min ?? null,
    unit,
    target: target ?? null,
    python: python ?? null,
    limit: limit ?? null,
    note: note ?? null,
  };
  entry.met = limit === undefined || limit === null ? null : median <= limit;
  rows.push(entry);
  return entry;
}
function log(message) {
  process.stderr.write(`${message}\n`);
}

// ---------------------------------------------------------------- machine
function gitInfo() {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    // Uncommitted changes that end up in dist (tsc compiles untracked files under src too).
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((line) => line.trim() !== '');
    return { commit, sourcesDirty: dirty.length > 0, uncommitted: dirty };
  } catch {
    return { commit: null, sourcesDirty: null, uncommitted: [] };
  }
}
function osName() {
  try {
    const release = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]*)"?/m);
    if (release) return `${release[1]} (${os.type()} ${os.release()})`;
  } catch {}
  return `${os.type()} ${os.release()}`;
}
const machine = {
  date: new Date().toISOString(),
  ...gitInfo(),
  node: process.version,
  v8: process.versions.v8,
  os: osName(),
  arch: process.arch,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.availableParallelism?.() ?? os.cpus().length,
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  loadAverageAtStart: os.loadavg(),
  workload: workloadPath(),
};

// Cost of one timer read pair, to put the per-call figures in perspective.
function timerOverheadUs() {
  const samples = new Float64Array(100_000);
  for (let k = 0; k < samples.length; k++) {
    const start = performance.now();
    samples[k] = performance.now() - start;
  }
  return summarize(samples).median * 1000;
}

// ---------------------------------------------------------------- 1. evaluate() per call
log(`[1/6] evaluate() per call: ${PASSES} timed passes over the workload`);
const cases = readWorkload();
const argsOfCase = cases.map(evaluateArgs);
function scorePass(record) {
  let checksum = 0;
  for (let k = 0; k < argsOfCase.length; k++) {
    const start = record ? performance.now() : 0;
    const { score } = evaluate(argsOfCase[k]);
    if (record) record[k] = performance.now() - start;
    checksum += checkScore(score, `case ${cases[k].id}`);
  }
  return checksum;
}
const warmupPasses = 3;
const checksum = scorePass();
for (let k = 1; k < warmupPasses; k++) {
  if (scorePass() !== checksum) throw new Error('sanity check failed: the checksum changed between passes');
}
const perCallMs = new Float64Array(PASSES * cases.length);
const passMs = [];
for (let pass = 0; pass < PASSES; pass++) {
  const record = new Float64Array(cases.length);
  const start = performance.now();
  const sum = scorePass(record);
  passMs.push(performance.now() - start);
  if (sum !== checksum) throw new Error('sanity check failed: the checksum changed between passes');
  perCallMs.set(record, pass * cases.length);
}
// Passes without per-call timers, for the throughput figure.
const plainPassMs = [];
for (let pass = 0; pass < PASSES; pass++) {
  const start = performance.now();
  scorePass();
  plainPassMs.push(performance.now() - start);
}
const perCall = summarize(perCallMs);
const plainPass = summarize(plainPassMs);
const toUs = (ms) => ms * 1000;
details.evaluate = {
  cases: cases.length,
  warmupPasses,
  timedPasses: PASSES,
  checksum: checksum.toFixed(9),
  timerOverheadUs: timerOverheadUs(),
  perCallUs: Object.fromEntries(Object.entries(perCall).map(([k, v]) => [k, k === 'n' ? v : toUs(v)])),
  passMsTimedCalls: summarize(passMs),
  passMs: plainPass,
  perCaseUsFromPass: { median: toUs(plainPass.median) / cases.length, min: toUs(plainPass.min) / cases.length },
};
row('evaluate_per_call', 'evaluate() per call, median over all calls', {
  median: toUs(perCall.median),
  p95: toUs(perCall.p95),
  min: toUs(perCall.min),
  unit: 'µs',
  target: '≤ 5 µs',
  python: '54 µs',
  limit: 5,
});
row('evaluate_per_pass', 'evaluate() pass time / 2000 cases', {
  median: toUs(plainPass.median) / cases.length,
  p95: toUs(plainPass.p95) / cases.length,
  min: toUs(plainPass.min) / cases.length,
  unit: 'µs',
  target: '≤ 5 µs',
  python: '54 µs',
  limit: 5,
  note: `pass median ${plainPass.median.toFixed(1)} ms`,
});

// ---------------------------------------------------------------- 3. pairing
log('[2/6] pairCalls (lenient), one tool');
details.pairing = {};
const PAIRING_SIZES = [
  { n: 12, warmup: 500, samples: 3000, target: null, python: '40–45 µs (exact)' },
  { n: 200, warmup: 5, samples: 40, target: null, python: '1.2–1.4 ms (greedy)' },
  { n: 1000, warmup: 1, samples: 7, target: '< 1000 ms, exact', python: '— (greedy above 12)', limit: 1000 },
];
function matchingArgs(expectedArgs, actualArgs) {
  if (expectedArgs === null) return 0;
  let count = 0;
  for (const key of Object.keys(expectedArgs)) {
    if (
      actualArgs !== null &&
      Object.hasOwn(actualArgs, key) &&
      valuesEqual(expectedArgs[key], actualArgs[key], 'lenient')
    )
      count++;
  }
  return count;
}
for (const { n, warmup, samples, target, python, limit } of PAIRING_SIZES) {
  for (const identical of [false, true]) {
    const input = pairingInput(n, { seed: n, identical });
    const expected = toExpectedCalls(input.expected);
    const actual = toActualCalls(input.actual);
    const timing = timeSync(() => pairCalls(expected, actual, 'lenient'), { warmup, samples });
    // Sanity: everything paired one-to-one, and no worse than the known partners (the pairing is optimal).
    const pairing = timing.result;
    const partners = new Set(pairing.actualFor);
    if (pairing.actualFor.some((j) => j < 0) || partners.size !== n)
      throw new Error(`sanity check failed: ${n}×${n} pairing is not one-to-one`);
    const found = pairing.matchedArgs.reduce((a, b) => a + b, 0);
    const known = expected.reduce(
      (sum, call, i) => sum + matchingArgs(call.args, actual[input.truePartner[i]].args),
      0,
    );
    if (found < known)
      throw new Error(
        `sanity check failed: ${n}×${n} pairing matched ${found} arguments, the known partners match ${known}`,
      );
    const key = `${n}x${n}${identical ? '_ties' : ''}`;
    details.pairing[key] = { ...timing, result: undefined, matchedArgs: found, knownPartnersMatchedArgs: known };
    const scale = timing.median < 1 ? 1000 : 1;
    row(
      `pairing_${key}`,
      `pairCalls ${n}×${n}${identical ? ', all args identical (all tie)' : ', ~20% args changed'}`,
      {
        median: timing.median * scale,
        p95: timing.p95 * scale,
        min: timing.min * scale,
        unit: scale === 1000 ? 'µs' : 'ms',
        target: identical ? null : target,
        python: identical ? null : python,
        limit: limit === undefined ? undefined : scale === 1000 ? limit * 1000 : limit,
        note: `${timing.n} samples`,
      },
    );
  }
}

// ---------------------------------------------------------------- 6. long traces
log('[3/6] evaluate() on 2000 × 2000 calls over 20 tools');
{
  const input = longTraceInput(2000, { tools: 20 });
  const timing = timeSync(() => evaluate({ expected: input.expected, actual: input.actual }), {
    warmup: 2,
    samples: 10,
  });
  const result = timing.result;
  checkScore(result.score, 'the long trace');
  const seq = result.metrics.sequence_metrics;
  const sequenceModule = resolve(REPO_ROOT, 'dist/metrics/sequence.js');
  let editDistanceTiming = null;
  // An internal module, so its export has changed over time: editDistance(names, names) or
  // levenshtein(ids, ids). Skipped when neither is there.
  const sequence = existsSync(sequenceModule) ? await import(pathToFileURL(sequenceModule).href) : {};
  const a = input.expected.map((c) => c.tool);
  const b = input.actual.map((c) => c.tool);
  let distanceOf = null;
  if (typeof sequence.editDistance === 'function') distanceOf = () => sequence.editDistance(a, b);
  else if (typeof sequence.levenshtein === 'function') {
    const ids = new Map();
    const intern = (name) => ids.get(name) ?? (ids.set(name, ids.size), ids.size - 1);
    const left = Int32Array.from(a, intern);
    const right = Int32Array.from(b, intern);
    distanceOf = () => sequence.levenshtein(left, right);
  }
  if (distanceOf) {
    editDistanceTiming = timeSync(distanceOf, { warmup: 3, samples: 20 });
    if (editDistanceTiming.result !== seq.edit_distance)
      throw new Error('sanity check failed: the Levenshtein function disagrees with evaluate()');
  }
  const expected = toExpectedCalls(input.expected);
  const actual = toActualCalls(input.actual);
  const pairingTiming = timeSync(() => pairCalls(expected, actual, 'lenient'), { warmup: 2, samples: 10 });
  details.longTrace = {
    expected: input.expected.length,
    actual: input.actual.length,
    tools: 20,
    score: result.score,
    editDistance: seq.edit_distance,
    evaluateMs: { ...timing, result: undefined },
    editDistanceMs: editDistanceTiming && { ...editDistanceTiming, result: undefined },
    pairCallsMs: { ...pairingTiming, result: undefined },
  };
  row('long_trace_evaluate', 'evaluate() 2000×2000 calls, 20 tools (one call)', {
    median: timing.median,
    p95: timing.p95,
    min: timing.min,
    unit: 'ms',
    target: 'fine (no target)',
    note: `edit distance ${seq.edit_distance}, score ${result.score.toFixed(3)}`,
  });
  if (editDistanceTiming) {
    row('long_trace_edit_distance', '  of which editDistance (2000×2000 Levenshtein)', {
      median: editDistanceTiming.median,
      p95: editDistanceTiming.p95,
      min: editDistanceTiming.min,
      unit: 'ms',
    });
  }
  row('long_trace_pairing', '  of which pairCalls (20 tools × ~100 calls)', {
    median: pairingTiming.median,
    p95: pairingTiming.p95,
    min: pairingTiming.min,
    unit: 'ms',
  });
}

// ---------------------------------------------------------------- 2, 4, 5. processes
log(`[4/6] subprocess wall times, ${RUNS} interleaved runs each`);
const node = process.execPath;
const cliPath = resolve(REPO_ROOT, 'dist/cli/main.js');
const cliInputs = ['examples/gold.json', 'examples/trace.json'].map((p) => resolve(REPO_ROOT, p));
const cliOut = join(os.tmpdir(), `toolscore-bench-cli-${process.pid}.json`);
const cliArgs = [cliPath, 'eval', 'examples/gold.json', 'examples/trace.json', '-o', cliOut];
let cliSkip = null;
const missing = [cliPath, ...cliInputs].filter((p) => !existsSync(p));
if (missing.length > 0) cliSkip = `skipped: ${missing.map((p) => p.slice(REPO_ROOT.length + 1)).join(', ')} missing`;
else {
  // One probe run: a crash is reported, not timed. Exit 1 (score below a threshold) still counts as a run.
  try {
    execFileSync(node, cliArgs, { cwd: REPO_ROOT, stdio: 'pipe' });
  } catch (error) {
    if (error.status !== 1)
      cliSkip = `skipped: the CLI failed (exit ${error.status}): ${String(error.stderr).trim().split('\n')[0]}`;
  }
}
const commands = [
  { label: 'node_empty', command: node, args: ['-e', '0'] },
  { label: 'node_import', command: node, args: ['-e', "import('./dist/index.js')"] },
  { label: 'score_file', command: node, args: ['bench/score-file.mjs'] },
  { label: 'score_file_floor', command: node, args: ['bench/score-file.mjs', '--no-score'] },
];
if (!cliSkip) commands.push({ label: 'cli_eval', command: node, args: cliArgs, options: { allowExit: [0, 1] } });
const processes = timeProcesses(commands, { runs: RUNS, warmup: 2 });
const fileChecksum = processes.score_file.last.stdout.match(/checksum (\S+)/)?.[1];
if (fileChecksum !== checksum.toFixed(9)) {
  throw new Error(
    `sanity check failed: score-file.mjs printed checksum ${fileChecksum}, the in-process passes gave ${checksum.toFixed(9)}`,
  );
}
details.processes = Object.fromEntries(
  Object.entries(processes).map(([label, { last, ...stats }]) => [
    label,
    { ...stats, exitCode: last.status, stdout: last.stdout.trim().slice(0, 500) },
  ]),
);
details.processes.cli_eval ??= { skipped: cliSkip };
const importCost = processes.node_import.median - processes.node_empty.median;
row('score_file_process', 'node bench/score-file.mjs (whole process)', {
  median: processes.score_file.median,
  p95: processes.score_file.p95,
  min: processes.score_file.min,
  unit: 'ms',
  target: '≤ 150 ms',
  python: '425 ms',
  limit: 150,
  note: `checksum ${fileChecksum}`,
});
row('score_file_floor', '  floor: same without scoring (start, import, read, JSON.parse)', {
  median: processes.score_file_floor.median,
  p95: processes.score_file_floor.p95,
  min: processes.score_file_floor.min,
  unit: 'ms',
  note: `scoring adds ≈ ${(processes.score_file.median - processes.score_file_floor.median).toFixed(0)} ms`,
});
row('node_empty', 'node -e "0" (baseline)', {
  median: processes.node_empty.median,
  p95: processes.node_empty.p95,
  min: processes.node_empty.min,
  unit: 'ms',
});
row('node_import', 'node -e "import(\'./dist/index.js\')"', {
  median: processes.node_import.median,
  p95: processes.node_import.p95,
  min: processes.node_import.min,
  unit: 'ms',
  python: '78 ms (import toolscore)',
  note: `import cost ≈ ${importCost.toFixed(1)} ms over the baseline`,
});
if (cliSkip) {
  rows.push({
    id: 'cli_eval',
    label: 'toolscore eval examples (CLI)',
    median: null,
    p95: null,
    min: null,
    unit: 'ms',
    target: null,
    python: '178 ms',
    limit: null,
    met: null,
    note: cliSkip,
  });
} else {
  row('cli_eval', 'toolscore eval examples/gold.json examples/trace.json', {
    median: processes.cli_eval.median,
    p95: processes.cli_eval.p95,
    min: processes.cli_eval.min,
    unit: 'ms',
    python: '178 ms',
    note: `exit code ${processes.cli_eval.last.status}`,
  });
}

// ---------------------------------------------------------------- report
log('[5/6] table');
machine.loadAverageAtEnd = os.loadavg();
const fmtLoad = (load) => load.map((x) => x.toFixed(2)).join(' ');
const fmt = (value) =>
  value === null || value === undefined
    ? '—'
    : value >= 100
      ? value.toFixed(0)
      : value >= 10
        ? value.toFixed(1)
        : value.toFixed(2);
const header = ['Measure', 'Median', 'p95', 'Min', 'Target', 'Python', 'Met', 'Note'];
const withUnit = (r, value) => (value === null || value === undefined ? '—' : `${fmt(value)} ${r.unit}`);
const table = rows.map((r) => [
  r.label,
  withUnit(r, r.median),
  withUnit(r, r.p95),
  withUnit(r, r.min),
  r.target ?? '',
  r.python ?? '',
  r.met === null ? '' : r.met ? 'yes' : 'NO',
  r.note ?? '',
]);
const widths = header.map((h, k) => Math.max(h.length, ...table.map((line) => line[k].length)));
const line = (cells) =>
  cells
    .map((cell, k) => cell.padEnd(widths[k]))
    .join('  ')
    .trimEnd();
process.stdout.write(
  [
    `toolscore bench — ${machine.date} — ${machine.commit?.slice(0, 12) ?? 'no git'}${machine.sourcesDirty ? ` + ${machine.uncommitted.length} uncommitted changes under src` : ''}`,
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.os}; load average ${fmtLoad(machine.loadAverageAtStart)} at start, ${fmtLoad(machine.loadAverageAtEnd)} at end`,
    `workload ${machine.workload}: ${cases.length} cases, checksum ${checksum.toFixed(9)}; timer overhead ${details.evaluate.timerOverheadUs.toFixed(3)} µs`,
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...table.map(line),
    '',
  ].join('\n'),
);

log('[6/6] bench/out/results.json');
mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(join(OUT_DIR, 'results.json'), `${JSON.stringify({ machine, rows, details }, null, 2)}\n`);
const missed = rows.filter((r) => r.met === false).map((r) => r.id);
if (missed.length > 0) log(`targets missed: ${missed.join(', ')}`);
