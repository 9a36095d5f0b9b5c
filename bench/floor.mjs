#!/usr/bin/env node
// The least work any evaluate() with toolscore's rules must do per case, written as bare loops with no
// library code, to show where the per-case floor lies on this machine:
//   1. walk every expected argument (looking for `$` operators; also where the depth limit is checked),
//   2. walk every actual argument (looking at each string for credentials; also the depth check),
//   3. compare the arguments of calls paired by tool (here simply position by position when the tools
//      agree, which does less than an optimal pairing),
//   4. all three together, in one loop per case.
// It prints µs per case (median of passes) for each. No result objects, no normalization, no pairing
// search, no metrics: a real evaluate() can only be slower.
//
//   node bench/floor.mjs [workload.json]
import { readWorkload, summarize } from './lib.mjs';

const PASSES = Number(process.env.BENCH_PASSES ?? 15);
const hasOwnProperty = Object.prototype.hasOwnProperty;
const CREDENTIAL_PREFIX =
  /-----BEGIN |sk-|gh[pousr]_|github_pat_|AKIA|ASIA|AIza|xox[a-z][-.]|xapp-|hooks\.slack\.com|[sr]k_(?:live|test)_/;

/** Counts `$` keys at any depth (a decoder must look at every key). */
function operatorKeys(value) {
  let found = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (item !== null && typeof item === 'object') found += operatorKeys(item);
    }
    return found;
  }
  for (const key in value) {
    if (!hasOwnProperty.call(value, key)) continue;
    if (key.charCodeAt(0) === 0x24) found++;
    const item = value[key];
    if (item !== null && typeof item === 'object') found += operatorKeys(item);
  }
  return found;
}

/** Counts strings that could hold a credential (a scanner must look at every string). */
function candidateStrings(value) {
  let found = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (typeof item === 'string') found += item.length >= 12 && CREDENTIAL_PREFIX.test(item) ? 1 : 0;
      else if (item !== null && typeof item === 'object') found += candidateStrings(item);
    }
    return found;
  }
  for (const key in value) {
    if (!hasOwnProperty.call(value, key)) continue;
    const item = value[key];
    if (typeof item === 'string') found += item.length >= 12 && CREDENTIAL_PREFIX.test(item) ? 1 : 0;
    else if (item !== null && typeof item === 'object') found += candidateStrings(item);
  }
  return found;
}

/** Lenient equality: numbers by value, strings trimmed, key order ignored. */
function equal(e, a) {
  if (typeof e === 'string') return typeof a === 'string' && (e === a || e.trim() === a.trim());
  if (typeof e !== 'object' || e === null) return e === a;
  if (a === null || typeof a !== 'object') return false;
  if (Array.isArray(e)) {
    if (!Array.isArray(a) || a.length !== e.length) return false;
    for (let i = 0; i < e.length; i++) if (!equal(e[i], a[i])) return false;
    return true;
  }
  let count = 0;
  for (const key in e) {
    if (!hasOwnProperty.call(e, key)) continue;
    count++;
    if (!hasOwnProperty.call(a, key) || !equal(e[key], a[key])) return false;
  }
  for (const key in a) if (hasOwnProperty.call(a, key)) count--;
  return count === 0;
}

function matchingArgs(expected, actual) {
  let count = 0;
  for (const key in expected) {
    if (hasOwnProperty.call(expected, key) && hasOwnProperty.call(actual, key) && equal(expected[key], actual[key]))
      count++;
  }
  return count;
}

const stages = {
  'walk expected arguments': (c) => {
    let n = 0;
    for (const call of c.expected) if (call.args) n += operatorKeys(call.args);
    return n;
  },
  'walk actual arguments (credential prefixes)': (c) => {
    let n = 0;
    for (const call of c.actual) if (call.args) n += candidateStrings(call.args);
    return n;
  },
  'compare arguments of same-tool calls at the same position': (c) => {
    let n = 0;
    const length = Math.min(c.expected.length, c.actual.length);
    for (let i = 0; i < length; i++) {
      const e = c.expected[i];
      const a = c.actual[i];
      if (e.tool === a.tool && e.args && a.args) n += matchingArgs(e.args, a.args);
    }
    return n;
  },
};
stages['all three'] = (c) =>
  stages['walk expected arguments'](c) +
  stages['walk actual arguments (credential prefixes)'](c) +
  stages['compare arguments of same-tool calls at the same position'](c);

const cases = readWorkload(process.argv[2]);
for (const [name, stage] of Object.entries(stages)) {
  let sink = 0;
  for (let k = 0; k < 3; k++) for (const c of cases) sink += stage(c);
  const perCase = [];
  const cpuPerCase = [];
  for (let pass = 0; pass < PASSES; pass++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    for (const c of cases) sink += stage(c);
    const { user, system } = process.cpuUsage(startCpu);
    cpuPerCase.push((user + system) / cases.length);
    perCase.push(((performance.now() - start) * 1000) / cases.length);
  }
  // The CPU time (every thread of this process) is what a loaded machine inflates least.
  console.log(
    `${name.padEnd(60)} ${summarize(perCase).median.toFixed(2)} µs per case, ${summarize(cpuPerCase).median.toFixed(2)} µs CPU (checksum ${sink})`,
  );
}
