#!/usr/bin/env node
// A/B of a reader's parse throughput (the OpenAI reader, or the otel one), two builds in one run:
//   node --expose-gc bench/parse-ab.mjs OLD NEW     (each a folder holding a built dist/)
// On one generated document (bench/trace-documents.mjs: an OpenAI chat history, or with PARSE_AB_FORMAT=otel
// an @ai-sdk/otel-style OTLP/JSON export), each round times JSON.parse alone,
// then JSON.parse + the A adapter and JSON.parse + the B adapter, the two in alternating order, so load
// that comes and goes on a shared machine falls on both alike. Prints each side's ratio to JSON.parse
// (the median JSON.parse time ÷ the median JSON.parse + adapter time; the target is at least 0.5) and the
// adapter time alone of B over A.
//
// Environment: PARSE_AB_FORMAT (openai or otel, default openai), PARSE_AB_MB (default 100), PARSE_AB_RUNS (default 9).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { openaiDocument, otlpDocument } from './trace-documents.mjs';

const folders = process.argv.slice(2, 4).map((path) => resolve(path));
if (folders.length !== 2) {
  process.stderr.write('usage: node --expose-gc bench/parse-ab.mjs OLD NEW\n');
  process.exit(2);
}
const MB = 1024 * 1024;
const megabytes = Number(process.env.PARSE_AB_MB ?? 100);
const runs = Number(process.env.PARSE_AB_RUNS ?? 9);
const gc = () => globalThis.gc?.();
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const label = (folder) => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: folder,
      encoding: 'utf8',
      stdio: 'pipe',
    }).trim();
  } catch {
    return folder;
  }
};

const format = process.env.PARSE_AB_FORMAT ?? 'openai';
const documents = {
  openai: { title: 'OpenAI chat history', build: openaiDocument },
  otel: { title: 'OTLP/JSON export', build: otlpDocument },
};
if (!(format in documents)) {
  process.stderr.write(`PARSE_AB_FORMAT: expected openai or otel, got ${JSON.stringify(format)}\n`);
  process.exit(2);
}
const { text, calls } = documents[format].build(megabytes * MB);
const context = { source: `${format}.json`, warn() {}, unrecognised() {} };
const sides = [];
for (const [name, folder] of [
  ['A', folders[0]],
  ['B', folders[1]],
]) {
  const lib = await import(pathToFileURL(join(folder, 'dist/index.js')).href);
  const adapter = lib.getFormat(format);
  const read = adapter.parse(JSON.parse(text), context).length;
  if (read !== calls) throw new Error(`${name}: expected ${calls} calls, the adapter read ${read}`);
  sides.push({ name, folder, adapter, both: [], alone: [] });
}

const parsed = JSON.parse(text);
const time = (fn) => {
  gc();
  const start = performance.now();
  fn();
  return performance.now() - start;
};
const jsonParse = [];
for (let round = -1; round < runs; round++) {
  // Round -1 warms every path up and is not counted.
  const parse = time(() => JSON.parse(text));
  const order = round % 2 ? sides : [...sides].reverse();
  const both = order.map((side) => time(() => side.adapter.parse(JSON.parse(text), context)));
  const alone = order.map((side) => time(() => side.adapter.parse(parsed, context)));
  if (round < 0) continue;
  jsonParse.push(parse);
  order.forEach((side, i) => {
    side.both.push(both[i]);
    side.alone.push(alone[i]);
  });
}

const load = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(' ');
process.stdout.write(
  `${documents[format].title}, ${(Buffer.byteLength(text) / MB).toFixed(1)} MB, ${calls} calls; ${runs} rounds; node ${process.version}, ${os.cpus().length} CPUs, load ${load}\n`,
);
process.stdout.write(`JSON.parse: median ${median(jsonParse).toFixed(0)} ms\n`);
for (const side of sides) {
  process.stdout.write(
    `${side.name} = ${label(side.folder)}: JSON.parse + adapter median ${median(side.both).toFixed(0)} ms, adapter alone ${median(side.alone).toFixed(0)} ms, ratio to JSON.parse ${(median(jsonParse) / median(side.both)).toFixed(2)}\n`,
  );
}
const [a, b] = sides;
process.stdout.write(`adapter alone B/A ${(median(b.alone) / median(a.alone)).toFixed(2)}\n`);
