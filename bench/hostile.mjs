#!/usr/bin/env node
// Worst-case inputs from docs/security.md, timed once each against the BUILT library (dist/):
// each must give a result or a clear ToolscoreInputError, never hang or crash.
//   node bench/hostile.mjs
import { performance } from 'node:perf_hooks';
import { importDist } from './lib.mjs';

const { evaluate, ToolscoreInputError } = await importDist();

function nested(depth) {
  let value = { a: 1 };
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
}

const cases = [
  [
    'gold $regex (a+)+$ against 30 × "a" + "!"',
    () =>
      evaluate({
        expected: [{ tool: 't', args: { x: { $regex: '(a+)+$' } } }],
        actual: [{ tool: 't', args: { x: `${'a'.repeat(30)}!` } }],
      }),
  ],
  [
    'forbidden $regex ^(a|aa)+$ against 30 × "a" + "!"',
    () =>
      evaluate({
        expected: [],
        actual: [{ tool: 't', args: { x: `${'a'.repeat(30)}!` } }],
        forbidden: [{ tool: 't', args: { x: { $regex: '^(a|aa)+$' } } }],
      }),
  ],
  [
    'arguments nested 100,000 levels (expected side)',
    () => evaluate({ expected: [{ tool: 't', args: nested(100_000) }], actual: [] }),
  ],
  [
    'arguments nested 100,000 levels (actual side)',
    () => evaluate({ expected: [], actual: [{ tool: 't', args: nested(100_000) }] }),
  ],
  [
    '1,000,000 actual calls against 2 expected',
    () =>
      evaluate({
        expected: [{ tool: 'tool_0' }, { tool: 'tool_1' }],
        actual: Array.from({ length: 1_000_000 }, (_, i) => ({ tool: `tool_${i % 20}`, args: { i } })),
      }),
  ],
  [
    'a 100 MB string argument on both sides',
    () => {
      const big = 'x'.repeat(100_000_000);
      return evaluate({
        expected: [{ tool: 'w', args: { text: big } }],
        actual: [{ tool: 'w', args: { text: `${big}!` } }],
      });
    },
  ],
  [
    '3,000 × 3,000 calls of one tool (past the pairing limit)',
    () =>
      evaluate({
        expected: Array.from({ length: 3000 }, (_, i) => ({ tool: 's', args: { i } })),
        actual: Array.from({ length: 3000 }, (_, i) => ({ tool: 's', args: { i } })),
      }),
  ],
];

console.log('| input | outcome | time |');
console.log('| --- | --- | ---: |');
for (const [label, run] of cases) {
  const start = performance.now();
  let outcome;
  try {
    const result = run();
    outcome = `score ${Number(result.score.toFixed(4))}`;
  } catch (error) {
    if (!(error instanceof ToolscoreInputError)) throw error;
    outcome = `input error: ${error.message.length > 90 ? `${error.message.slice(0, 89)}…` : error.message}`;
  }
  console.log(`| ${label} | ${outcome.replace(/\|/g, '\\|')} | ${(performance.now() - start).toFixed(1)} ms |`);
}
