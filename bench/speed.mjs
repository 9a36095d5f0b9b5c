#!/usr/bin/env node
// The targets of issue 38, measured side by side in one run, as ratios (read them, not the times: the
// machine is shared). Needs a build (`npm run build`); the Python reference runs when TOOLSCORE_REF
// names its tree (../shared/pyref/README.md; TOOLSCORE_PYREF names that folder when it is not beside
// the clone), and is left out, saying so, when it does not.
//
//   node bench/speed.mjs [--rounds 5]
//
// 1. evaluate() per case over the workload (median pass), the gold read on every call and the gold
//    compiled once per case outside the timed passes (`compileGold`); bench/floor.mjs "all three" and
//    the Python tool's `evaluate` per case, interleaved round by round.
// 2. Processes, interleaved: `node -e 0`, `import('toolscore')`, the CLI's `eval` of the example, the
//    CLI's `--version`, and the Python CLI's `eval` of the same files.
// 3. The checksum (Σ score) of the 2000 cases, which must equal the one in bench/RESULTS.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT, evaluateArgs, importDist, readWorkload, summarize, workloadPath } from './lib.mjs';

const argv = process.argv.slice(2);
const ROUNDS = Number(argv[argv.indexOf('--rounds') + 1] ?? 5) || 5;
const PASSES = 5;
const PYREF = process.env.TOOLSCORE_PYREF ?? resolve(REPO_ROOT, '../shared/pyref');
const python = process.env.TOOLSCORE_REF !== undefined;

const { evaluate, compileGold } = await importDist();
const cases = readWorkload();
const med = (values) => summarize(values).median;

/** Median µs per case of PASSES passes over the cases, after 2 untimed ones. */
function perCase(run) {
  for (let pass = 0; pass < 2; pass++) run();
  const times = [];
  let sum = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const start = performance.now();
    sum = run();
    times.push(((performance.now() - start) * 1000) / cases.length);
  }
  return { us: med(times), sum };
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

function floorUs() {
  const out = execFileSync('node', [join(REPO_ROOT, 'bench/floor.mjs')], { encoding: 'utf8' });
  return Number(/all three\s+([\d.]+) µs/.exec(out)[1]);
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

const rows = { plain: [], compiled: [], floor: [], python: [] };
let checksum;
for (let round = 1; round <= ROUNDS; round++) {
  const a = perCase(plain);
  const b = perCase(withCompiled);
  if (a.sum !== b.sum) throw new Error(`compiled gold changed the checksum: ${a.sum} against ${b.sum}`);
  if (checksum !== undefined && checksum !== a.sum) throw new Error('checksum changed between rounds');
  checksum = a.sum;
  rows.plain.push(a.us);
  rows.compiled.push(b.us);
  rows.floor.push(floorUs());
  rows.python.push(pythonUs());
  process.stdout.write(
    `round ${round}: evaluate ${a.us.toFixed(2)} µs, compiled gold ${b.us.toFixed(2)} µs, floor ${rows.floor.at(-1).toFixed(2)} µs, Python ${rows.python.at(-1)} µs\n`,
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
const PROCESS_RUNS = 15;
for (let run = 0; run <= PROCESS_RUNS; run++) {
  for (const [name, [command, args]] of Object.entries(commands)) {
    const start = performance.now();
    const done = spawnSync(command, args, { encoding: 'utf8', cwd: scratch });
    const ms = performance.now() - start;
    if (done.status !== 0) throw new Error(`${name} exited ${done.status}: ${done.stderr.slice(0, 300)}`);
    if (run > 0) times[name].push(ms);
  }
}
rmSync(scratch, { recursive: true, force: true });

const m = Object.fromEntries(Object.entries(rows).map(([name, values]) => [name, med(values)]));
const p = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, med(values)]));
const ratio = (a, b) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : 'not run');
const importCost = p["import('toolscore')"] - p['node -e 0'];
const lines = [
  `checksum Σ score = ${checksum.toFixed(9)} over ${cases.length} cases`,
  `evaluate() per case: ${m.plain.toFixed(2)} µs; with the gold compiled once: ${m.compiled.toFixed(2)} µs`,
  `floor (bench/floor.mjs "all three"): ${m.floor.toFixed(2)} µs; Python tool: ${m.python} µs`,
  `evaluate / floor ${ratio(m.plain, m.floor)} · compiled / floor ${ratio(m.compiled, m.floor)} · evaluate / Python ${ratio(m.plain, m.python)} · compiled / Python ${ratio(m.compiled, m.python)}`,
  ...Object.entries(p).map(([name, ms]) => `${name.padEnd(24)} ${ms.toFixed(1)} ms (median of ${PROCESS_RUNS})`),
  `import cost ${importCost.toFixed(1)} ms = ${ratio(importCost, p['node -e 0'])} × a bare start`,
  `CLI eval / Python CLI eval ${ratio(p['toolscore eval'], p['Python toolscore eval'])}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
