import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { expect } from 'vitest';
import { evaluate } from '../src/evaluation/evaluate.js';
import type { EvaluationResult } from '../src/evaluation/result.js';
import { evaluateTrace } from '../src/evaluation/evaluate-trace.js';
import type { ReportOptions } from '../src/reports/view-model.js';
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
