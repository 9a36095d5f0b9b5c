#!/usr/bin/env node
// Wall time of `toolscore mcp test` (and `toolscore demo`) from the built CLI: the bundled sample server
// and the npm reference server-everything, each started over stdio. Runs against dist/ (npm run build
// first). Prints a table and writes bench/out/mcp.json. See bench/MCP-RESULTS.md for a recorded run.
//
//   MCP_BENCH_RUNS  timed runs of each command (default 5)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = resolve(REPO_ROOT, 'dist/cli/main.js');
const SAMPLE = resolve(REPO_ROOT, 'dist/mcp/sample-server-main.js');
const RUNS = Number(process.env.MCP_BENCH_RUNS ?? 5);
if (!existsSync(CLI) || !existsSync(SAMPLE)) throw new Error('build first: npm run build');

const require = createRequire(import.meta.url);
const everythingManifest = require.resolve('@modelcontextprotocol/server-everything/package.json');
const EVERYTHING = join(dirname(everythingManifest), Object.values(require(everythingManifest).bin)[0]);
const HOSTILE = resolve(REPO_ROOT, 'test/fixtures/mcp/hostile-server.mjs');

const cases = [
  { id: 'demo', label: 'toolscore demo (sample server)', args: ['demo'] },
  { id: 'sample', label: 'mcp test, sample server (5 tools)', args: ['mcp', 'test', '--', process.execPath, SAMPLE] },
  // The gzip tool of server-everything fetches a public URL by default: allow only localhost, so nothing leaves the machine.
  {
    id: 'everything',
    label: 'mcp test, server-everything (13 tools)',
    args: ['mcp', 'test', '-e', 'GZIP_ALLOWED_DOMAINS=localhost', '--', process.execPath, EVERYTHING, 'stdio'],
  },
  // Lint, scenarios and the scorecard must stay linear in the number of tools.
  {
    id: 'many',
    label: 'mcp test, 4,000 tools (fixture)',
    args: ['mcp', 'test', '--', process.execPath, HOSTILE, 'many', '4000'],
  },
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const results = [];
for (const item of cases) {
  const times = [];
  let summary = '';
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const child = spawnSync(process.execPath, [CLI, ...item.args], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 300_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    times.push((performance.now() - started) / 1000);
    if (child.status !== 0) throw new Error(`${item.label}: exit ${child.status}\n${child.stderr}`);
    summary = /Grade [A-F]\s+Score [\d.]+%/.exec(child.stdout)?.[0].replace(/\s+/g, ' ') ?? '';
  }
  const sorted = [...times].sort((a, b) => a - b);
  results.push({
    id: item.id,
    label: item.label,
    runs: RUNS,
    median_s: percentile(sorted, 50),
    min_s: sorted[0],
    max_s: sorted.at(-1),
    result: summary,
  });
}

const header = ['case', 'median', 'min', 'max', 'result'];
const rows = results.map((r) => [
  r.label,
  `${r.median_s.toFixed(2)} s`,
  `${r.min_s.toFixed(2)} s`,
  `${r.max_s.toFixed(2)} s`,
  r.result,
]);
const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)));
for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
mkdirSync(resolve(REPO_ROOT, 'bench/out'), { recursive: true });
writeFileSync(
  resolve(REPO_ROOT, 'bench/out/mcp.json'),
  `${JSON.stringify({ node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model, runs: RUNS, results }, null, 2)}\n`,
);
