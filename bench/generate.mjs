// Deterministic synthetic inputs for the pairing and long-trace benchmarks.
import { prng } from './lib.mjs';

const KEYS = [
  'query',
  'limit',
  'offset',
  'lang',
  'city',
  'user_id',
  'verbose',
  'filters',
  'tags',
  'date',
  'sort',
  'page_size',
];
const WORDS = [
  'Paris',
  'NYC',
  'alpha',
  'beta',
  'main',
  'urgent',
  'hello world',
  'fr',
  'en',
  '2024-06-01',
  'report.pdf',
  'SELECT 1',
];

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}

function randomString(rand) {
  if (rand() < 0.5) return pick(rand, WORDS);
  let s = '';
  const length = 4 + Math.floor(rand() * 16);
  for (let k = 0; k < length; k++) s += String.fromCharCode(97 + Math.floor(rand() * 26));
  return s;
}

/** A JSON value of a mixed type: string, integer, float, boolean, null, short list or small object. */
function randomValue(rand, depth = 0) {
  const r = rand();
  if (r < 0.3) return randomString(rand);
  if (r < 0.5) return Math.floor(rand() * 5000) - 100;
  if (r < 0.6) return Math.round(rand() * 1e5) / 1000;
  if (r < 0.7) return rand() < 0.5;
  if (r < 0.75) return null;
  if (r < 0.88 || depth > 0)
    return Array.from({ length: 1 + Math.floor(rand() * 3) }, () =>
      rand() < 0.5 ? randomString(rand) : Math.floor(rand() * 100),
    );
  return { [pick(rand, KEYS)]: randomValue(rand, depth + 1), note: randomString(rand) };
}

/** A value whose JSON differs from `old` (so lenient equality, which trims strings, also differs). */
function changedValue(rand, old) {
  for (;;) {
    const value = randomValue(rand);
    if (JSON.stringify(value) !== JSON.stringify(old)) return value;
  }
}

/** Arguments with 3–5 distinct keys of mixed types. */
function randomArgs(rand) {
  const keys = KEYS.slice();
  const count = 3 + Math.floor(rand() * 3);
  const args = {};
  for (let k = 0; k < count; k++) {
    const key = keys.splice(Math.floor(rand() * keys.length), 1)[0];
    args[key] = randomValue(rand);
  }
  return args;
}

function shuffle(rand, list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/**
 * `n` expected calls of one tool and `n` actual calls: the expected calls shuffled, with each argument
 * changed with probability `changeRate`. With `identical`, every call has the same arguments (every
 * pair ties). Returns the raw calls and, for each expected call, the index of its true partner.
 */
export function pairingInput(n, { seed = 1, changeRate = 0.2, identical = false, tool = 'search_web' } = {}) {
  const rand = prng(seed);
  const shared = randomArgs(rand);
  const expected = Array.from({ length: n }, () => ({
    tool,
    args: identical ? structuredClone(shared) : randomArgs(rand),
  }));
  const order = shuffle(
    rand,
    Array.from({ length: n }, (_, i) => i),
  );
  const actual = order.map((i) => {
    const args = structuredClone(expected[i].args);
    if (!identical) {
      for (const key of Object.keys(args)) if (rand() < changeRate) args[key] = changedValue(rand, args[key]);
    }
    return { tool, args };
  });
  const truePartner = new Array(n);
  order.forEach((i, j) => (truePartner[i] = j));
  return { expected, actual, truePartner };
}

/**
 * A long trace: `n` expected calls over `tools` tool names, and an actual trace derived from it by
 * random drops, insertions, swaps with the next call, renamed tools and changed arguments (about
 * `mutationRate` of the calls each), so the edit distance is neither 0 nor the maximum.
 */
export function longTraceInput(n, { tools = 20, seed = 7, mutationRate = 0.05 } = {}) {
  const rand = prng(seed);
  const names = Array.from({ length: tools }, (_, k) => `tool_${String(k).padStart(2, '0')}`);
  const expected = Array.from({ length: n }, () => ({ tool: pick(rand, names), args: randomArgs(rand) }));
  const actual = [];
  for (let i = 0; i < expected.length; i++) {
    const call = { tool: expected[i].tool, args: structuredClone(expected[i].args) };
    const r = rand();
    if (r < mutationRate) continue; // drop
    if (r < 2 * mutationRate)
      actual.push({ tool: pick(rand, names), args: randomArgs(rand) }); // insert before
    else if (r < 3 * mutationRate)
      call.tool = pick(rand, names); // rename
    else if (r < 4 * mutationRate) {
      const key = pick(rand, Object.keys(call.args));
      call.args[key] = changedValue(rand, call.args[key]);
    }
    actual.push(call);
  }
  // Swaps with the next call.
  for (let j = 0; j + 1 < actual.length; j++) {
    if (rand() < mutationRate) [actual[j], actual[j + 1]] = [actual[j + 1], actual[j]];
  }
  // Trim or pad to exactly n actual calls, so the case is n × n.
  actual.length = Math.min(actual.length, n);
  while (actual.length < n) actual.push({ tool: pick(rand, names), args: randomArgs(rand) });
  return { expected, actual };
}
