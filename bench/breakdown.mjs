#!/usr/bin/env node
// Where the time of evaluate() goes: times each stage of scoreCalls() on its own over the whole
// workload, with the inputs of each stage precomputed, in steady state. It imports dist's internal
// modules (not the public API), so it is a diagnostic for maintainers, not part of `npm run bench`;
// a stage whose module or export has moved is reported as missing instead of failing.
//
//   npm run build && node bench/breakdown.mjs        (BENCH_PASSES passes per stage, default 10)
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, evaluateArgs, importDist, readWorkload, summarize } from './lib.mjs';

const PASSES = Number(process.env.BENCH_PASSES ?? 10);
const log = (message) => process.stderr.write(`${message}\n`);

async function internal(path) {
  const file = resolve(REPO_ROOT, 'dist', path);
  return existsSync(file) ? import(pathToFileURL(file).href) : {};
}

const { evaluate } = await importDist();
const m = {
  ...(await internal('formats/support/calls.js')),
  // The gold language's reader and view (toExpectedCalls moved here with it).
  ...(await internal('gold/gold.js')),
  ...(await internal('pairing/gold-view.js')),
  ...(await internal('core/weights.js')),
  ...(await internal('evaluation/evaluate.js')),
  ...(await internal('core/grade.js')),
  ...(await internal('evaluation/result.js')),
  ...(await internal('evaluation/top-issues.js')),
  ...(await internal('evaluation/findings.js')),
  ...(await internal('formats/auto.js')),
  ...(await internal('pairing/pairing.js')),
  ...(await internal('metrics/invocation.js')),
  ...(await internal('metrics/selection.js')),
  ...(await internal('metrics/tool-correctness.js')),
  ...(await internal('metrics/sequence.js')),
  ...(await internal('metrics/trajectory.js')),
  ...(await internal('metrics/arguments.js')),
  ...(await internal('metrics/efficiency.js')),
  ...(await internal('metrics/recall.js')),
  ...(await internal('metrics/security.js')),
  ...(await internal('pairing/tool-index.js')),
};

const cases = readWorkload();
const args = cases.map(evaluateArgs);
// Precomputed inputs of every stage, from the same functions evaluate() uses.
const prepared = args.map((a) => {
  const expected = m.toExpectedCalls(a.expected, 'expected');
  const actual = m.autoExtract(a.actual, 'actual').calls;
  const mode = a.strict ? 'strict' : 'lenient';
  // Newer cores intern tool names once (indexTools) and pass the index to each metric; older ones
  // ignore the extra argument.
  const index = m.indexTools?.(expected, actual);
  const pairing = m.pairCalls(expected, actual, mode, index);
  const result = evaluate(a);
  return {
    a,
    expected,
    actual,
    mode,
    index,
    pairing,
    weights: m.normalizeWeights(a.weights),
    metrics: result.metrics,
    result,
  };
});

/** Median over passes of (pass time / cases), in µs. */
function stage(fn) {
  for (let k = 0; k < 3; k++) for (const p of prepared) fn(p);
  const perCase = [];
  let sink = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const start = performance.now();
    for (const p of prepared) sink ^= fn(p) === undefined ? 1 : 0;
    perCase.push(((performance.now() - start) * 1000) / prepared.length);
  }
  if (sink === -1) console.log(sink);
  return summarize(perCase).median;
}

const stages = [
  ['evaluate() (whole)', () => (p) => evaluate(p.a)],
  ['normalizeWeights', () => m.normalizeWeights && ((p) => m.normalizeWeights(p.a.weights))],
  ['toExpectedCalls', () => m.toExpectedCalls && ((p) => m.toExpectedCalls(p.a.expected, 'expected'))],
  ['readGold', () => m.readGold && ((p) => m.readGold(p.a.expected, 'expected'))],
  ['autoExtract (actual)', () => m.autoExtract && ((p) => m.autoExtract(p.a.actual, 'actual'))],
  ['  of which isCallList', () => m.isCallList && ((p) => m.isCallList(p.a.actual))],
  ['indexTools', () => m.indexTools && ((p) => m.indexTools(p.expected, p.actual))],
  ['pairCalls', () => m.pairCalls && ((p) => m.pairCalls(p.expected, p.actual, p.mode, p.index))],
  [
    'goldView (pairing included)',
    () =>
      m.goldView &&
      ((p) => m.goldView(p.expected, p.actual, p.mode, { ignoreTools: new Set(), allowExtraCalls: false })),
  ],
  ['invocationAccuracy', () => m.invocationAccuracy && ((p) => m.invocationAccuracy(p.expected, p.actual, p.index))],
  ['selectionAccuracy', () => m.selectionAccuracy && ((p) => m.selectionAccuracy(p.expected, p.actual, p.index))],
  [
    'toolCorrectnessMetrics',
    () => m.toolCorrectnessMetrics && ((p) => m.toolCorrectnessMetrics(p.expected, p.actual, p.index)),
  ],
  ['sequenceMetrics', () => m.sequenceMetrics && ((p) => m.sequenceMetrics(p.expected, p.actual, p.index))],
  [
    'trajectoryMetrics',
    () =>
      m.trajectoryMetrics &&
      ((p) => m.trajectoryMetrics(p.expected, p.actual, p.mode === 'lenient' ? p.pairing : undefined)),
  ],
  ['argumentMetrics', () => m.argumentMetrics && ((p) => m.argumentMetrics(p.expected, p.actual, p.pairing))],
  ['efficiencyMetrics', () => m.efficiencyMetrics && ((p) => m.efficiencyMetrics(p.expected, p.actual, p.index))],
  ['requiredCallRecall', () => m.requiredCallRecall && ((p) => m.requiredCallRecall(p.expected, p.actual, p.index))],
  ['securityMetrics', () => m.securityMetrics && ((p) => m.securityMetrics(p.actual))],
  [
    'compositeScore + letterGrade',
    () =>
      m.compositeScore &&
      m.letterGrade &&
      ((p) => m.letterGrade(m.compositeScore(p.metrics, p.weights, p.expected.length, p.actual.length))),
  ],
  // Built on first use (result.topIssues / result.findings) in newer cores, so not in evaluate() any more.
  [
    'buildTopIssues (on first use)',
    () => m.buildTopIssues && ((p) => m.buildTopIssues(p.expected, p.actual, p.pairing, p.mode)),
  ],
  [
    'buildFindings (on first use)',
    () =>
      m.buildFindings &&
      (m.buildFindings.length === 2
        ? (p) => m.buildFindings(p.actual, p.metrics)
        : (p) => m.buildFindings(p.actual, p.metrics.efficiency_metrics, p.metrics.security_metrics.secrets, [])),
  ],
  [
    'new EvaluationResult',
    () =>
      m.EvaluationResult &&
      ((p) =>
        new m.EvaluationResult({
          score: p.result.score,
          grade: p.result.grade,
          weights: p.weights,
          metrics: p.metrics,
          goldCalls: p.expected,
          traceCalls: p.actual,
          pairing: p.pairing,
          mode: p.mode,
          topIssues: p.result.topIssues,
          findings: p.result.findings,
          warnings: [],
        })),
  ],
];

const out = [];
let sum = 0;
for (const [name, make] of stages) {
  let fn = make();
  // Internal signatures move; a stage that no longer runs with these inputs is reported, not fatal.
  try {
    if (fn) fn(prepared[0]);
  } catch (error) {
    log(`${name}: ${error.message}`);
    fn = undefined;
  }
  if (!fn) {
    out.push([name, null]);
    continue;
  }
  const us = stage(fn);
  if (!name.startsWith(' ') && name !== 'evaluate() (whole)' && !name.includes('first use')) sum += us;
  out.push([name, us]);
}
const whole = out[0][1];
const shape = prepared.reduce(
  (acc, p) => {
    acc.expected += p.expected.length;
    acc.actual += p.actual.length;
    return acc;
  },
  { expected: 0, actual: 0 },
);
console.log(
  `${cases.length} cases, ${(shape.expected / cases.length).toFixed(1)} expected and ${(shape.actual / cases.length).toFixed(1)} actual calls per case on average; ${PASSES} passes per stage`,
);
console.log(`${'stage'.padEnd(36)} ${'µs/case'.padStart(8)} ${'share'.padStart(6)}`);
for (const [name, us] of out) {
  console.log(
    `${name.padEnd(36)} ${us === null ? 'n/a'.padStart(8) : us.toFixed(2).padStart(8)} ${us === null ? '' : `${((100 * us) / whole).toFixed(0)}%`.padStart(6)}`,
  );
}
console.log(
  `${'sum of the stages evaluate() runs'.padEnd(36)} ${sum.toFixed(2).padStart(8)} ${`${((100 * sum) / whole).toFixed(0)}%`.padStart(6)}`,
);
