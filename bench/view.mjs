// `toolscore view`'s page budget (issue 36): the first page of a 100,000-case run, the compare page of
// two such runs, and the runs page, in under 200 ms each on this machine. Writes a store with the store
// API (two runs of 100,000 cases, as `batch --store` keeps them), starts the viewer on it and times each
// page's first request and the median of later ones, over HTTP as a browser asks. Run after `npm run build`:
//   node bench/view.mjs [cases] [--pg postgres://user:password@host/empty_database]
// With --pg the store is that PostgreSQL database (give an empty one: the bench drops its toolscore_*
// tables first and after).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseDatabaseUrl } from '../dist/side-effects/database-url.js';
import { openPostgresStore } from '../dist/store/postgres.js';
import { openSqliteStore } from '../dist/store/sqlite.js';
import { startViewServer } from '../dist/view/server.js';

const argv = process.argv.slice(2);
const pgUrl = argv.includes('--pg') ? argv[argv.indexOf('--pg') + 1] : undefined;
const CASES = Number(argv.find((arg) => /^[0-9]+$/.test(arg)) ?? 100_000);
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
const dropTables = async () => {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(
    'DROP TABLE IF EXISTS toolscore_run_tools, toolscore_case_lines, toolscore_cases, toolscore_runs, toolscore_migrations, toolscore_meta',
  );
  await client.end();
};
const open = (mode) =>
  pgUrl === undefined
    ? openSqliteStore(join(folder, 'runs.db'), mode)
    : openPostgresStore(parseDatabaseUrl(pgUrl), mode);
try {
  if (pgUrl !== undefined) await dropTables();
  let store = await open('write');
  const writeStart = performance.now();
  const a = await keep(store, '2026-12-01T10:00:00.000Z', 0);
  const b = await keep(store, '2026-12-02T10:00:00.000Z', 13);
  const writeMs = performance.now() - writeStart;
  await store.close();
  // A fresh process state as `toolscore view` starts: the store opened to read, nothing cached.
  store = await open('read');
  const server = await startViewServer({ store });
  const n = CASES.toLocaleString('en-US');
  const pages = {
    'runs page (index.html)': '',
    [`run page, first 50 of ${n} (run-${b}.html)`]: `run-${b}.html`,
    'run page sorted by score, lowest first': `run-${b}.html?sort=score`,
    'run page filtered by grade (F)': `run-${b}.html?grade=F`,
    'run page filtered by tool (tool_3)': `run-${b}.html?tool=tool_3`,
    'run page filtered by issue kind (argument_mismatch), sorted by id': `run-${b}.html?kind=argument_mismatch&sort=id`,
    'run page filtered by text ("case 9")': `run-${b}.html?q=case%209`,
    'run page filtered by text matching one case ("case 12345")': `run-${b}.html?q=case%2012345`,
    'run page filtered (grade F, text "case 9")': `run-${b}.html?grade=F&q=case%209`,
    'run page, last page': `run-${b}.html?page=${Math.ceil(CASES / 50)}`,
    'one case': `case-${b}-${CASES - 1}.html`,
    [`two runs compared (compare-${a}-${b}.html)`]: `compare-${a}-${b}.html`,
    'two runs compared, page 300 (in the improved cases)': `compare-${a}-${b}.html?page=300`,
    'two runs compared, improved only': `compare-${a}-${b}.html?change=improved`,
    'two runs compared, text "case 9"': `compare-${a}-${b}.html?q=case%209`,
  };
  console.log(
    `${pgUrl === undefined ? 'SQLite' : 'PostgreSQL'} store of 2 runs × ${n} cases written in ${(writeMs / 1000).toFixed(1)} s; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
  console.log('| Page | First request | Median of later ones |');
  console.log('| --- | --- | --- |');
  for (const [name, page] of Object.entries(pages)) {
    const first = await time(server.url + page);
    const later = [];
    for (let k = 0; k < REPEATS; k++) later.push(await time(server.url + page));
    console.log(`| ${name} | ${first.toFixed(0)} ms | ${median(later).toFixed(0)} ms |`);
  }
  console.log(
    `load average at the end: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
  await server.close();
  await store.close();
} finally {
  if (pgUrl !== undefined) await dropTables();
  rmSync(folder, { recursive: true, force: true });
}
