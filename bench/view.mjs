// `toolscore view`'s page budget (issue 36): the first page of a 100,000-case run, and the runs page,
// in under 200 ms each on this machine. Writes a store with the store API (two runs of 100,000 cases,
// as `batch --store` keeps them), starts the viewer on it and times each page's first request and the
// median of later ones, over HTTP as a browser asks. Run after `npm run build`:
//   node bench/view.mjs [cases]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqliteStore } from '../dist/store/sqlite.js';
import { startViewServer } from '../dist/view/server.js';

const CASES = Number(process.argv[2] ?? 100_000);
const REPEATS = 9;

function line(k, shift) {
  const score = ((k * 7919 + shift) % 101) / 100;
  const verdict = score >= 0.9 ? 'PASS' : score >= 0.7 ? 'WARN' : 'FAIL';
  const grade = score >= 0.9 ? 'A' : score >= 0.8 ? 'B' : score >= 0.7 ? 'C' : score >= 0.6 ? 'D' : 'F';
  const tools = { [`tool_${k % 17}`]: { expected_calls: 1, actual_calls: 1, selection_misses: 0, failed_calls: 0 } };
  const issue =
    verdict === 'PASS'
      ? null
      : {
          kind: 'argument_mismatch',
          tool: `tool_${k % 17}`,
          problem: `argument "id" differs in case ${k}`,
          fix: 'pass the id the user gave',
        };
  return JSON.stringify({ id: `case-${k}`, index: k, score, grade, verdict, metrics: {}, tools, top_issue: issue });
}

async function keep(store, started, shift) {
  const writer = await store.begin({
    command: 'batch',
    started_at: started,
    options: {},
    git_commit: null,
    git_branch: 'main',
    gold: 'cases.jsonl',
    gold_sha256: null,
    tools_sha256: null,
  });
  for (let from = 0; from < CASES; from += 10_000) {
    let text = '';
    for (let k = from; k < Math.min(CASES, from + 10_000); k++) text += `${line(k, shift)}\n`;
    await writer.addText(text);
  }
  return writer.commit({ finished_at: started, summary: { pass_rate: 0.5 } });
}

async function time(url) {
  const start = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body}`);
  return performance.now() - start;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const folder = mkdtempSync(join(tmpdir(), 'toolscore-bench-view-'));
try {
  const path = join(folder, 'runs.db');
  let store = await openSqliteStore(path, 'write');
  const writeStart = performance.now();
  const a = await keep(store, '2026-12-01T10:00:00.000Z', 0);
  const b = await keep(store, '2026-12-02T10:00:00.000Z', 13);
  const writeMs = performance.now() - writeStart;
  await store.close();
  // A fresh process state as `toolscore view` starts: the store opened to read, nothing cached.
  store = await openSqliteStore(path, 'read');
  const server = await startViewServer({ store });
  const pages = {
    'runs page (index.html)': '',
    [`run page, first 50 of ${CASES.toLocaleString('en-US')} (run-${b}.html)`]: `run-${b}.html`,
    'run page sorted by score, lowest first': `run-${b}.html?sort=score`,
    'run page filtered (grade F, text "case 9")': `run-${b}.html?grade=F&q=case%209`,
    'run page, last page': `run-${b}.html?page=${Math.ceil(CASES / 50)}`,
    'one case': `case-${b}-${CASES - 1}.html`,
    [`two runs compared (compare-${a}-${b}.html)`]: `compare-${a}-${b}.html`,
  };
  console.log(`store of 2 runs × ${CASES.toLocaleString('en-US')} cases written in ${(writeMs / 1000).toFixed(1)} s`);
  console.log('| Page | First request | Median of later ones |');
  console.log('| --- | --- | --- |');
  for (const [name, page] of Object.entries(pages)) {
    const first = await time(server.url + page);
    const later = [];
    for (let n = 0; n < (name.startsWith('two runs') ? 3 : REPEATS); n++) later.push(await time(server.url + page));
    console.log(`| ${name} | ${first.toFixed(0)} ms | ${median(later).toFixed(0)} ms |`);
  }
  await server.close();
  await store.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
