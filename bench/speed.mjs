#!/usr/bin/env node
// The targets of issue 38, measured side by side in one run, as ratios (read them, not the times: the
// machine is shared). Needs a build (`npm run build`); the Python reference runs when TOOLSCORE_REF
// names its tree (../shared/pyref/README.md; TOOLSCORE_PYREF names that folder when it is not beside
// the clone), and is left out, saying so, when it does not.
//
//   node bench/speed.mjs [--rounds 5] [--no-peers]
//
// 1. evaluate() per case over the workload (median pass), the gold read on every call and the gold
//    compiled once per case outside the timed passes (`compileGold`); bench/floor.mjs "all three", the
//    Python tool's `evaluate` per case and agentevals' strict trajectory match (LangChain's JavaScript
//    package, bench/peers/: installed with `npm ci --prefix bench/peers` on the first run, left out with
//    --no-peers) on the same cases as OpenAI messages, interleaved round by round.
// 2. Processes, interleaved: `node -e 0`, `import('toolscore')`, the CLI's `eval` of the example, the
//    CLI's `--version`, and the Python CLI's `eval` of the same files: wall time, and the CPU time of the
//    child (user + system, as wait4 reports it, through python3 when the machine has it), which a
//    loaded machine inflates far less than the wall time.
// 3. The checksum (Σ score) of the 2000 cases, which must equal the one in bench/RESULTS.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, evaluateArgs, importDist, readWorkload, summarize, workloadPath } from './lib.mjs';

const argv = process.argv.slice(2);
const ROUNDS = Number(argv[argv.indexOf('--rounds') + 1] ?? 5) || 5;
const PASSES = 5;
const PYREF = process.env.TOOLSCORE_PYREF ?? resolve(REPO_ROOT, '../shared/pyref');
const python = process.env.TOOLSCORE_REF !== undefined;

const { evaluate, compileGold } = await importDist();
const cases = readWorkload();
const med = (values) => summarize(values).median;

/** µs of CPU this process has used (every thread: the collector's too). */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * Median µs per case of PASSES passes over the cases, after 2 untimed ones: wall time (`us`), and the
 * process's CPU time (`cpuUs`), which other processes on a loaded machine inflate far less.
 */
function perCase(run) {
  for (let pass = 0; pass < 2; pass++) run();
  const times = [];
  const cpu = [];
  let sum = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const start = performance.now();
    const startCpu = cpuNow();
    sum = run();
    cpu.push((cpuNow() - startCpu) / cases.length);
    times.push(((performance.now() - start) * 1000) / cases.length);
  }
  return { us: med(times), cpuUs: med(cpu), sum };
}

const plain = () => {
  let sum = 0;
  for (const item of cases) sum += evaluate(evaluateArgs(item)).score;
  return sum;
};
// Each case's gold compiled once, as `batch --gold`, a test's matcher or a loop over traces would.
const compiled = cases.map((item) => compileGold(item.expected));
const withCompiled = () => {
  let sum = 0;
  for (let k = 0; k < cases.length; k++) {
    const item = cases[k];
    sum += evaluate({ ...evaluateArgs(item), expected: compiled[k] }).score;
  }
  return sum;
};

// agentevals' `createTrajectoryMatchEvaluator({trajectoryMatchMode: 'strict'})`: each call an assistant
// message with one tool call (arguments as JSON text, as OpenAI sends them) after the user's message;
// the expected calls are the reference trajectory. Its evaluator is async: awaited case by case.
const PEERS = join(REPO_ROOT, 'bench/peers');
async function strictMatcher() {
  if (argv.includes('--no-peers')) return undefined;
  if (!existsSync(join(PEERS, 'node_modules/agentevals/package.json'))) {
    process.stderr.write('installing the benchmark peers: npm ci --prefix bench/peers\n');
    execFileSync('npm', ['ci', '--prefix', PEERS, '--no-audit', '--no-fund', '--ignore-scripts'], { stdio: 'inherit' });
  }
  const { createTrajectoryMatchEvaluator } = await import(
    pathToFileURL(join(PEERS, 'node_modules/agentevals/index.js')).href
  );
  return createTrajectoryMatchEvaluator({ trajectoryMatchMode: 'strict' });
}
const messagesOf = (calls, id) => [
  { role: 'user', content: `case ${id}` },
  ...calls.map((call, k) => ({
    role: 'assistant',
    content: '',
    tool_calls: [
      { id: `call_${k}`, type: 'function', function: { name: call.tool, arguments: JSON.stringify(call.args ?? {}) } },
    ],
  })),
];
const strict = await strictMatcher();
const trajectories = strict
  ? cases.map((item) => ({
      outputs: messagesOf(item.actual, item.id),
      referenceOutputs: messagesOf(Array.isArray(item.expected) ? item.expected : item.expected.calls, item.id),
    }))
  : [];

/** Median µs per case of agentevals over the cases, after 2 untimed passes; the number of matches. */
async function agentevalsUs() {
  if (!strict) return { us: Number.NaN, cpuUs: Number.NaN, matches: Number.NaN };
  const times = [];
  const cpu = [];
  let matches = 0;
  for (let pass = 0; pass < PASSES + 2; pass++) {
    const start = performance.now();
    const startCpu = cpuNow();
    matches = 0;
    for (const trajectory of trajectories) if ((await strict(trajectory)).score === true) matches++;
    if (pass < 2) continue;
    cpu.push((cpuNow() - startCpu) / cases.length);
    times.push(((performance.now() - start) * 1000) / cases.length);
  }
  return { us: med(times), cpuUs: med(cpu), matches };
}

/** bench/floor.mjs "all three": µs per case, wall and CPU. */
function floorUs() {
  const out = execFileSync('node', [join(REPO_ROOT, 'bench/floor.mjs')], { encoding: 'utf8' });
  const [, us, cpuUs] = /all three\s+([\d.]+) µs per case, ([\d.]+) µs CPU/.exec(out);
  return { us: Number(us), cpuUs: Number(cpuUs) };
}

function pythonUs() {
  if (!python) return Number.NaN;
  const out = execFileSync(
    join(PYREF, 'bin/pyref-python'),
    [join(PYREF, 'pyref_eval.py'), 'bench', workloadPath(), '--repeat', '5', '--warmup', '1'],
    { encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').pop()).per_case_us_median;
}

const rows = { plain: [], compiled: [], floor: [], python: [], agentevals: [] };
const cpuRows = { plain: [], compiled: [], agentevals: [], floor: [] };
let checksum;
let strictMatches;
for (let round = 1; round <= ROUNDS; round++) {
  const a = perCase(plain);
  const peer = await agentevalsUs();
  strictMatches = peer.matches;
  rows.agentevals.push(peer.us);
  cpuRows.agentevals.push(peer.cpuUs);
  const b = perCase(withCompiled);
  cpuRows.plain.push(a.cpuUs);
  cpuRows.compiled.push(b.cpuUs);
  if (a.sum !== b.sum) throw new Error(`compiled gold changed the checksum: ${a.sum} against ${b.sum}`);
  if (checksum !== undefined && checksum !== a.sum) throw new Error('checksum changed between rounds');
  checksum = a.sum;
  rows.plain.push(a.us);
  rows.compiled.push(b.us);
  const floor = floorUs();
  rows.floor.push(floor.us);
  cpuRows.floor.push(floor.cpuUs);
  rows.python.push(pythonUs());
  process.stdout.write(
    `round ${round}: evaluate ${a.us.toFixed(2)} µs, compiled gold ${b.us.toFixed(2)} µs, floor ${rows.floor.at(-1).toFixed(2)} µs, Python ${rows.python.at(-1)} µs, agentevals ${peer.us.toFixed(2)} µs\n`,
  );
}

// Processes, interleaved: one run of each command per round, after one untimed round.
const scratch = mkdtempSync(join(tmpdir(), 'toolscore-speed-'));
const cli = join(REPO_ROOT, 'dist/cli/main.js');
const gold = join(REPO_ROOT, 'examples/gold.json');
const trace = join(REPO_ROOT, 'examples/trace.json');
const commands = {
  'node -e 0': ['node', ['-e', '0']],
  "import('toolscore')": ['node', ['-e', `import(${JSON.stringify(join(REPO_ROOT, 'dist/index.js'))})`]],
  'toolscore --version': ['node', [cli, '--version']],
  'toolscore eval': ['node', [cli, 'eval', gold, trace, '-o', join(scratch, 'ts.json')]],
  ...(python
    ? { 'Python toolscore eval': [join(PYREF, 'bin/toolscore'), ['eval', gold, trace, '-o', join(scratch, 'py.json')]] }
    : {}),
};
const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
const cpuTimes = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
// wait4's resource usage (microseconds; /usr/bin/time and bash's `times` round to 10 ms).
const CPU_OF_CHILD =
  'import os, subprocess, sys, time\n' +
  'start = time.perf_counter()\n' +
  'child = subprocess.Popen(sys.argv[1:])\n' +
  '_, status, usage = os.wait4(child.pid, 0)\n' +
  'sys.stderr.write("CPU %f %f %f\\n" % (usage.ru_utime, usage.ru_stime, time.perf_counter() - start))\n' +
  'sys.exit(os.waitstatus_to_exitcode(status))\n';
const withTime = spawnSync('python3', ['-c', 'import os; os.wait4'], { stdio: 'ignore' }).status === 0;
const PROCESS_RUNS = 15;
for (let run = 0; run <= PROCESS_RUNS; run++) {
  // Every other round in reverse order, so no command always follows the same one.
  const order = Object.entries(commands);
  for (const [name, [command, args]] of run % 2 ? order.reverse() : order) {
    const start = performance.now();
    const done = withTime
      ? spawnSync('python3', ['-c', CPU_OF_CHILD, command, ...args], { encoding: 'utf8', cwd: scratch })
      : spawnSync(command, args, { encoding: 'utf8', cwd: scratch });
    const ms = performance.now() - start;
    if (done.status !== 0) throw new Error(`${name} exited ${done.status}: ${done.stderr.slice(0, 300)}`);
    if (run === 0) continue;
    // With the wrapper, the wall time is the child's alone (python3's own start left out).
    const cpu = /^CPU ([\d.]+) ([\d.]+) ([\d.]+)$/m.exec(done.stderr);
    times[name].push(cpu ? Number(cpu[3]) * 1000 : ms);
    if (cpu) cpuTimes[name].push((Number(cpu[1]) + Number(cpu[2])) * 1000);
  }
}
rmSync(scratch, { recursive: true, force: true });

const m = Object.fromEntries(Object.entries(rows).map(([name, values]) => [name, med(values)]));
const p = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, med(values)]));
const c = Object.fromEntries(Object.entries(cpuTimes).map(([name, values]) => [name, med(values)]));
const ratio = (a, b) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : 'not run');
const importCost = p["import('toolscore')"] - p['node -e 0'];
const importCpu = c["import('toolscore')"] - c['node -e 0'];
const lines = [
  `checksum Σ score = ${checksum.toFixed(9)} over ${cases.length} cases`,
  `evaluate() per case: ${m.plain.toFixed(2)} µs; with the gold compiled once: ${m.compiled.toFixed(2)} µs`,
  `CPU time per case: evaluate ${med(cpuRows.plain).toFixed(2)} µs, compiled gold ${med(cpuRows.compiled).toFixed(2)} µs, floor ${med(cpuRows.floor).toFixed(2)} µs, agentevals ${med(cpuRows.agentevals).toFixed(2)} µs`,
  `  evaluate / floor ${ratio(med(cpuRows.plain), med(cpuRows.floor))} · compiled / floor ${ratio(med(cpuRows.compiled), med(cpuRows.floor))} · evaluate / agentevals ${ratio(med(cpuRows.plain), med(cpuRows.agentevals))} · compiled / agentevals ${ratio(med(cpuRows.compiled), med(cpuRows.agentevals))}`,
  `floor (bench/floor.mjs "all three"): ${m.floor.toFixed(2)} µs; Python tool: ${m.python} µs; agentevals strict: ${m.agentevals.toFixed(2)} µs (${strictMatches} of ${cases.length} trajectories match)`,
  `evaluate / floor ${ratio(m.plain, m.floor)} · compiled / floor ${ratio(m.compiled, m.floor)} · evaluate / Python ${ratio(m.plain, m.python)} · compiled / Python ${ratio(m.compiled, m.python)} · evaluate / agentevals ${ratio(m.plain, m.agentevals)} · compiled / agentevals ${ratio(m.compiled, m.agentevals)}`,
  ...Object.entries(p).map(
    ([name, ms]) =>
      `${name.padEnd(24)} ${ms.toFixed(1)} ms wall, ${Number.isFinite(c[name]) ? c[name].toFixed(1) : '—'} ms CPU (medians of ${PROCESS_RUNS})`,
  ),
  `import cost ${importCost.toFixed(1)} ms wall = ${ratio(importCost, p['node -e 0'])} × a bare start; ${importCpu.toFixed(1)} ms CPU = ${ratio(importCpu, c['node -e 0'])} × its CPU`,
  `CLI eval / Python CLI eval ${ratio(p['toolscore eval'], p['Python toolscore eval'])} wall, ${ratio(c['toolscore eval'], c['Python toolscore eval'])} CPU`,
];
process.stdout.write(`${lines.join('\n')}\n`);
