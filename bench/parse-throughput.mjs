#!/usr/bin/env node
// Parse throughput of the trace adapters, and memory of JSON Lines streaming.
// Runs against the BUILT library (dist/, or $TOOLSCORE_DIST). See bench/PARSE-RESULTS.md for a recorded run.
//
//   node --expose-gc bench/parse-throughput.mjs            throughput (OTLP, OpenAI) + streaming memory (1 GB JSONL)
//   node --expose-gc bench/parse-throughput.mjs throughput only the in-memory / file throughput part
//   node --expose-gc bench/parse-throughput.mjs stream     only the JSON Lines memory part
//
// Environment:
//   TOOLSCORE_DIST        folder of the built library (default dist/ beside bench/)
//   PARSE_BENCH_MB        size of the generated JSON documents for throughput (default 200)
//   PARSE_BENCH_OPENAI_MB size of the OpenAI document, when it must differ (default PARSE_BENCH_MB)
//   PARSE_BENCH_RUNS      timed runs per measurement (default 5; the median is reported)
//   PARSE_BENCH_JSONL_MB  sizes of the generated JSON Lines files, comma-separated (default 256,1024)
//   PARSE_BENCH_TMP       where the generated files go (default the OS temp folder); they are deleted afterwards
//
// Throughput is bytes of JSON text per second. "JSON.parse" parses the text and nothing else; "adapter"
// is the adapter alone on the already parsed value; "parse + adapter" is both (what loading costs after the
// file is read); "loadTraceFile" reads the file from disk, parses and adapts. The JSON Lines part loads
// each file in a fresh process, sampling its resident set size every 20 ms; /usr/bin/time -v confirms
// the peak when present.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateSpans, openaiDocument, otlpDocument } from './trace-documents.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const DIST = resolve(process.env.TOOLSCORE_DIST ?? join(HERE, '..', 'dist'));
const MB = 1024 * 1024;

async function importDist() {
  const entry = join(DIST, 'index.js');
  if (!existsSync(entry)) throw new Error(`${entry} missing: run \`npm run build\` first (or set TOOLSCORE_DIST)`);
  return import(pathToFileURL(entry).href);
}

// ---------------------------------------------------------------------------------------------------------
// Deterministic generators
// ---------------------------------------------------------------------------------------------------------

/** An OpenAI Chat Completions history of about `bytes`: assistant tool_calls and their role:tool results. */

// ---------------------------------------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------------------------------------

function gc() {
  if (typeof globalThis.gc === 'function') globalThis.gc();
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Times several functions in turns (a, b, c, a, b, c, ...) after one warm-up each, so that load from
 * other processes falls on all of them alike; returns the median and minimum of each.
 */
function timeInTurns(fns, runs) {
  const samples = fns.map(() => []);
  for (const fn of fns) fn();
  for (let i = 0; i < runs; i++) {
    fns.forEach((fn, j) => {
      gc();
      const start = performance.now();
      fn();
      samples[j].push(performance.now() - start);
    });
  }
  return samples.map((values) => ({ median: median(values), min: Math.min(...values) }));
}

/** `timeInTurns` for async functions. */
async function timeInTurnsAsync(fns, runs) {
  const samples = fns.map(() => []);
  for (const fn of fns) await fn();
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < fns.length; j++) {
      gc();
      const start = performance.now();
      await fns[j]();
      samples[j].push(performance.now() - start);
    }
  }
  return samples.map((values) => ({ median: median(values), min: Math.min(...values) }));
}

const mbps = (bytes, ms) => bytes / MB / (ms / 1000);
const fmt = (n, digits = 1) => n.toFixed(digits);

async function throughput(lib, tmp) {
  const megabytes = Number(process.env.PARSE_BENCH_MB ?? 200);
  const runs = Number(process.env.PARSE_BENCH_RUNS ?? 5);
  const rows = [];
  const cases = [
    { format: 'otel', label: 'OTLP/JSON export (otel)', build: otlpDocument, size: megabytes },
    {
      format: 'openai',
      label: 'OpenAI chat history (openai)',
      build: openaiDocument,
      size: Number(process.env.PARSE_BENCH_OPENAI_MB ?? megabytes),
    },
  ];
  for (const { format, label, build, size } of cases) {
    const adapter = lib.getFormat(format);
    if (!adapter) {
      rows.push({ format, label, missing: true });
      continue;
    }
    const { text, calls } = build(size * MB);
    const bytes = Buffer.byteLength(text);
    const path = join(tmp, `${format}.json`);
    writeFileSync(path, text);
    const context = { source: path, warn() {}, unrecognised() {} };
    const check = adapter.parse(JSON.parse(text), context);
    if (check.length !== calls) throw new Error(`${format}: expected ${calls} calls, the adapter read ${check.length}`);
    const parsed = JSON.parse(text);
    const [jsonParse, adapterOnly, both] = timeInTurns(
      [() => JSON.parse(text), () => adapter.parse(parsed, context), () => adapter.parse(JSON.parse(text), context)],
      runs,
    );
    const [readParse, load] = await timeInTurnsAsync(
      [async () => JSON.parse(readFileSync(path, 'utf8')), () => lib.loadTraceFile(path, format)],
      runs,
    );
    rows.push({
      format,
      label,
      bytes,
      calls,
      jsonParse: mbps(bytes, jsonParse.median),
      adapter: mbps(bytes, adapterOnly.median),
      parseAndAdapter: mbps(bytes, both.median),
      ratio: jsonParse.median / both.median,
      bestRatio: jsonParse.min / both.min,
      loadTraceFile: mbps(bytes, load.median),
      loadRatio: readParse.median / load.median,
      readAndParse: mbps(bytes, readParse.median),
      ms: {
        jsonParse: jsonParse.median,
        adapter: adapterOnly.median,
        parseAndAdapter: both.median,
        loadTraceFile: load.median,
        readAndParse: readParse.median,
      },
    });
    rmSync(path, { force: true });
    gc();
  }
  console.log(`\nParse throughput, median of ${runs} runs after one warm-up (MB = 2^20 bytes)\n`);
  console.log(
    '| input | calls | JSON.parse | adapter alone | JSON.parse + adapter | ratio to JSON.parse (median / best) | readFile + JSON.parse | loadTraceFile (ratio) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    if (row.missing) {
      console.log(`| ${row.label} | adapter not registered in this build | | | | | | |`);
      continue;
    }
    console.log(
      `| ${row.label}, ${fmt(row.bytes / MB)} MB | ${row.calls} | ${fmt(row.jsonParse)} MB/s | ${fmt(row.adapter)} MB/s | ${fmt(row.parseAndAdapter)} MB/s | ${fmt(row.ratio, 2)} / ${fmt(row.bestRatio, 2)} | ${fmt(row.readAndParse)} MB/s | ${fmt(row.loadTraceFile)} MB/s (${fmt(row.loadRatio, 2)}) |`,
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// JSON Lines streaming memory
// ---------------------------------------------------------------------------------------------------------

/** Writes about `bytes` of spans, one per line; `historyBytes` sizes the chat spans (and so bytes per call). */
function writeJsonl(path, bytes, historyBytes) {
  const fd = openSync(path, 'w');
  let buffer = '';
  try {
    const calls = generateSpans(bytes, historyBytes, (_span, text) => {
      buffer += `${text}\n`;
      if (buffer.length > 8 * MB) {
        writeSync(fd, buffer);
        buffer = '';
      }
    });
    writeSync(fd, buffer);
    return calls;
  } finally {
    closeSync(fd);
  }
}

/** Child mode: load one JSON Lines file, sampling RSS; print a JSON line. */
async function childLoad(path) {
  const lib = await importDist();
  let peak = process.memoryUsage().rss;
  const baseline = peak;
  const timer = setInterval(() => {
    const rss = process.memoryUsage().rss;
    if (rss > peak) peak = rss;
  }, 20);
  const start = performance.now();
  const trace = await lib.loadTraceFile(path);
  const ms = performance.now() - start;
  clearInterval(timer);
  const rss = process.memoryUsage().rss;
  if (rss > peak) peak = rss;
  const failed = trace.calls.filter((call) => call.is_error).length;
  console.log(
    JSON.stringify({
      format: trace.format,
      calls: trace.calls.length,
      failed,
      warnings: trace.warnings.length,
      ms,
      baselineRss: baseline,
      peakRss: peak,
      heapUsed: process.memoryUsage().heapUsed,
    }),
  );
}

async function streaming(tmp) {
  const sizes = (process.env.PARSE_BENCH_JSONL_MB ?? '256,1024').split(',').map(Number);
  const smallest = Math.min(...sizes);
  // Each size with chat spans of 24 KiB of history (bytes and calls grow together), and the largest
  // size once more with as many calls as the smallest file (4x longer histories): memory should follow
  // the calls, not the bytes.
  const files = sizes.map((size) => ({ size, historyBytes: 24 * 1024 }));
  const largest = Math.max(...sizes);
  if (largest > smallest) files.push({ size: largest, historyBytes: Math.round(24 * 1024 * (largest / smallest)) });
  const rows = [];
  const hasTime = existsSync('/usr/bin/time');
  for (const { size, historyBytes } of files) {
    const path = join(tmp, `spans-${size}mb.jsonl`);
    const started = performance.now();
    const calls = writeJsonl(path, size * MB, historyBytes);
    const bytes = statSync(path).size;
    const generatedIn = performance.now() - started;
    const args = ['--expose-gc', fileURLToPath(import.meta.url), '--child-load', path];
    let result;
    let maxRssKb;
    if (hasTime) {
      const run = spawnSync('/usr/bin/time', ['-v', process.execPath, ...args], {
        encoding: 'utf8',
        env: { ...process.env, TOOLSCORE_DIST: DIST },
        maxBuffer: 64 * MB,
      });
      if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
      result = JSON.parse(run.stdout.trim().split('\n').pop());
      maxRssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)?.[1]);
    } else {
      result = JSON.parse(
        execFileSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, TOOLSCORE_DIST: DIST } })
          .trim()
          .split('\n')
          .pop(),
      );
    }
    if (result.calls !== calls) throw new Error(`JSONL ${size} MB: expected ${calls} calls, loaded ${result.calls}`);
    rows.push({ bytes, calls, historyBytes, generatedMs: generatedIn, ...result, maxRssKb });
    rmSync(path, { force: true });
  }
  console.log('\nJSON Lines streaming (one span per line, fresh process per file)\n');
  console.log(
    '| file | chat history per step | tool calls | load time | throughput | RSS before load | peak RSS (sampled) | max RSS (/usr/bin/time) | heap after load |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${fmt(row.bytes / MB, 0)} MB | ${fmt(row.historyBytes / 1024, 0)} KiB | ${row.calls} (${row.failed} failed) | ${fmt(row.ms / 1000, 2)} s | ${fmt(mbps(row.bytes, row.ms))} MB/s | ${fmt(row.baselineRss / MB, 0)} MB | ${fmt(row.peakRss / MB, 0)} MB | ${row.maxRssKb ? `${fmt(row.maxRssKb / 1024, 0)} MB` : 'n/a'} | ${fmt(row.heapUsed / MB, 0)} MB |`,
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  if (process.argv[2] === '--child-load') return childLoad(process.argv[3]);
  const mode = process.argv[2] ?? 'all';
  const lib = await importDist();
  const tmp = mkdtempSync(join(process.env.PARSE_BENCH_TMP ?? os.tmpdir(), 'toolscore-parse-bench-'));
  console.log(
    `node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} x${os.cpus().length}, ${fmt(os.totalmem() / 1024 ** 3)} GiB RAM, ${os.platform()} ${os.release()}`,
  );
  if (typeof globalThis.gc !== 'function') console.log('(run with --expose-gc for steadier figures)');
  const results = {
    node: process.version,
    cpu: os.cpus()[0]?.model,
    cores: os.cpus().length,
    date: new Date().toISOString(),
  };
  try {
    if (mode === 'all' || mode === 'throughput') results.throughput = await throughput(lib, tmp);
    if (mode === 'all' || mode === 'stream') results.streaming = await streaming(tmp);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  if (process.env.PARSE_BENCH_JSON)
    writeFileSync(process.env.PARSE_BENCH_JSON, `${JSON.stringify(results, null, 2)}\n`);
}

await main();
