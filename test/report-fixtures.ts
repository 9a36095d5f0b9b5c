import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { expect } from 'vitest';
import { evaluate } from '../src/evaluation/evaluate.js';
import type { EvaluationResult } from '../src/evaluation/result.js';
import { evaluateTrace } from '../src/evaluation/evaluate-trace.js';
import type { ReportOptions } from '../src/reports/view-model.js';
import type { StateMetrics } from '../src/metrics/state.js';
import { VERSION } from '../src/core/version.js';
import { REPO_ROOT } from './corpus.js';

/*
 * Results the report tests share: the bundled example (score 0.835, B, WARN, hand-computed in
 * test/e2e/cli.test.ts) and a hostile trace whose names and values try markup, formulas, mentions,
 * characters XML forbids and a credential.
 */

/** Reports made at a fixed time, so golden files stay put. */
export const FIXED_TIME = new Date('2025-06-14T09:30:00.000Z');

/** Options naming the example files as a user would type them. */
export const EXAMPLE_OPTIONS: ReportOptions = {
  goldFile: 'examples/gold.json',
  traceFile: 'examples/trace.json',
  now: FIXED_TIME,
};

/** examples/gold.json against examples/trace.json. */
export function exampleResult(): Promise<EvaluationResult> {
  return evaluateTrace({
    goldFile: resolve(REPO_ROOT, 'examples/gold.json'),
    traceFile: resolve(REPO_ROOT, 'examples/trace.json'),
  });
}

export const SCRIPT_PAYLOAD = '<script>window.__pwned=1</script>';
export const IMG_PAYLOAD = '<img src=x onerror="window.__pwned=2">';
export const SECRET = 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd';
/** Characters XML 1.0 forbids (NUL, a lone surrogate, U+FFFE) and a CDATA end. */
export const XML_HOSTILE = 'a\u0000b\uD800c\uFFFEd]]>e';

/** Every hostile string at once: in tool names, argument keys and values, and an error message. */
export function hostileResult(): EvaluationResult {
  return evaluate({
    expected: [
      { tool: 'search', args: { q: SCRIPT_PAYLOAD } },
      { tool: IMG_PAYLOAD },
      { tool: '=HYPERLINK("http://x")' },
    ],
    actual: [
      { tool: 'search', args: { q: IMG_PAYLOAD, key: SECRET, who: '@octocat | *bold* [link](http://x)' } },
      {
        tool: SCRIPT_PAYLOAD,
        args: { [IMG_PAYLOAD]: XML_HOSTILE },
        is_error: true,
        error: `${IMG_PAYLOAD} ]]> ${XML_HOSTILE}`,
      },
      { tool: '=HYPERLINK("http://x")', args: { cell: '+1-2', at: '@SUM(A1)' } },
    ],
  });
}

/** Compares a report with its golden file under src/reports/__golden__; TOOLSCORE_UPDATE_GOLDEN=1 rewrites it. */
export function expectGolden(name: string, text: string): void {
  const path = resolve(REPO_ROOT, 'src/reports/__golden__', name);
  // The version is not part of the layout: a release must not rewrite every golden file.
  const stable = text.split(VERSION).join('{version}');
  if (process.env.TOOLSCORE_UPDATE_GOLDEN === '1' || !existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, stable);
    if (process.env.TOOLSCORE_UPDATE_GOLDEN !== '1')
      throw new Error(`golden file ${name} was missing and has been written: review it and run again`);
  }
  expect(stable).toBe(readFileSync(path, 'utf8'));
}

/**
 * A four-turn conversation whose turns 1, 2 and 4 are right and turn 3 (where the user only said
 * thanks) holds an extra call: turn scores 1, 1, 0, 1, so the score is 0.75 (C, WARN), the turn pass
 * rate 3/4 and the first failing turn 3. The user's messages carry a credential and markup.
 */
export function conversationResult(): EvaluationResult {
  return evaluate({
    expected: {
      turns: [
        { calls: [{ tool: 'get_order', args: { id: 7 } }] },
        { calls: [{ tool: 'cancel_order', args: { id: 7 } }] },
        { calls: [] },
        { calls: [{ tool: 'refund', args: { id: 7, amount: 5 } }] },
      ],
    },
    actual: [
      { tool: 'get_order', args: { id: 7 }, turn: 1 },
      { tool: 'cancel_order', args: { id: 7 }, turn: 2 },
      { tool: 'get_order', args: { id: 7 }, turn: 3 },
      { tool: 'refund', args: { id: 7, amount: 5 }, turn: 4 },
    ],
    userMessages: ['Where is order 7?', 'Cancel it.', `Thanks! ${SECRET}`, `Refund ${SCRIPT_PAYLOAD} | *now*`],
  });
}

/** The before-state of {@link outcomeResult}. */
export const OUTCOME_STATE_BEFORE = { lines: { L1: 'active', L2: 'active' }, log: [], tmp: 1 };
/** Its after-state: L1 suspended as asked, L2 suspended too, L3 added, a log line added, `tmp` removed. */
export const OUTCOME_STATE_AFTER = { lines: { L1: 'suspended', L2: 'suspended', L3: 'active' }, log: ['suspend L1'] };

/**
 * `metrics.state` of {@link outcomeResult}, worked out by hand: the diff removes `$.tmp` first (keys only
 * before come first), then walks the after-state's keys; `$.lines.L1` is covered by the expected value,
 * `$.log[0]` by the pattern `$.log`, the other three by nothing.
 */
export const OUTCOME_STATE: StateMetrics = {
  paths_expected: 1,
  paths_matched: 1,
  unchanged_required: true,
  unexpected_changes: 3,
  changes: [
    { path: '$.tmp', change: 'removed', before: 1, covered_by: null },
    { path: '$.lines.L1', change: 'changed', before: 'active', after: 'suspended', covered_by: 'expected' },
    { path: '$.lines.L2', change: 'changed', before: 'active', after: 'suspended', covered_by: null },
    { path: '$.lines.L3', change: 'added', after: 'active', covered_by: null },
    { path: '$.log[0]', change: 'added', after: 'suspend L1', covered_by: 'allowed' },
  ],
};

/**
 * Every kind of outcome failure at once, the calls themselves right: get_order returns status
 * "shipped" where "delivered" is expected (result 0 of 1), the reply says "suspended" but also
 * "refund" (reply 1 of 2), and the state's expected value matches while "unchanged" finds three
 * changes nobody expected (state 1 of 2): 2 of 5 checks pass, rate 0.4. With the outcome weight 0.5
 * the score is (1 + 0.5 × 0.4) / 1.5 = 0.8 (B, WARN).
 */
export function outcomeResult(): EvaluationResult {
  const expected = {
    calls: [
      { tool: 'get_order', args: { id: 7 }, result: { status: 'delivered' } },
      { tool: 'suspend_line', args: { line: 'L1' } },
    ],
    response: { contains: ['suspended'], not_contains: ['refund'] },
    state: { expected: { lines: { L1: 'suspended' } }, allowed_changes: ['$.log'], unchanged: true },
  };
  const result = evaluate({
    expected,
    actual: [
      { tool: 'get_order', args: { id: 7 }, result: '{"id": 7, "status": "shipped"}' },
      { tool: 'suspend_line', args: { line: 'L1' }, result: { ok: true } },
    ],
    replies: ['Line L1 is suspended; your refund is on its way.'],
    stateBefore: OUTCOME_STATE_BEFORE,
    stateAfter: OUTCOME_STATE_AFTER,
    weights: { outcome: 0.5 },
  });
  // The evaluation fills metrics.state (src/metrics/state.ts); until it does, the hand-made record stands in.
  result.metrics.state ??= OUTCOME_STATE;
  return result;
}

/**
 * A state check on hostile states: a key that is markup, a key and a value holding ANSI escapes, and a
 * credential in a value. `"unchanged": true` with nothing expected, so both changes are unexpected.
 */
export function hostileStateResult(): EvaluationResult {
  const before = { [SCRIPT_PAYLOAD]: 'old', notes: { 'tmp\u001b[2J': 1 } };
  const after = { [SCRIPT_PAYLOAD]: IMG_PAYLOAD, notes: { 'tmp\u001b[2J': `key ${SECRET}\u001b[31m` } };
  const expected = { calls: [{ tool: 'a' }], state: { unchanged: true } };
  const result = evaluate({ expected, actual: [{ tool: 'a' }], stateBefore: before, stateAfter: after });
  result.metrics.state ??= {
    paths_expected: 0,
    paths_matched: 0,
    unchanged_required: true,
    unexpected_changes: 2,
    changes: [
      {
        path: `$[${JSON.stringify(SCRIPT_PAYLOAD)}]`,
        change: 'changed',
        before: 'old',
        after: IMG_PAYLOAD,
        covered_by: null,
      },
      {
        path: '$.notes["tmp\\u001b[2J"]',
        change: 'changed',
        before: 1,
        after: `key ${SECRET}\u001b[31m`,
        covered_by: null,
      },
    ],
  };
  return result;
}
