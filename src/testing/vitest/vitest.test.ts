import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, vi } from 'vitest';
import { evaluate } from '../../evaluation/evaluate.js';
import { ANY } from '../../match/matchers/any.js';
import { Regex } from '../../match/matchers/regex.js';
import { REPO_ROOT } from '../../../test/corpus.js';
import { SUPPORT_TURNS, lateRefundChat, supportChat } from '../../../test/conversation-fixtures.js';
import { SnapshotStore } from '../snapshots/store.js';
import { test, toolscoreTest } from '../../vitest.js';

const response = [
  { tool: 'search_flights', args: { origin: 'SFO', destination: 'NYC' } },
  { tool: 'book_flight', args: { flight_id: 'FL-123' } },
];

describe('toolscore/vitest matchers', () => {
  test('toCallTools passes, fails with what failed and the table, and negates', () => {
    expect(response).toCallTools([
      { tool: 'search_flights', args: { origin: ANY, destination: 'NYC' } },
      { tool: 'book_flight', args: { flight_id: Regex('FL-\\d+') } },
    ]);
    // Wrong destination: selection 1, F1 2/3, sequence 1, redundancy 0 ⇒ 0.9, which once passed at 0.9.
    const wrong = [{ tool: 'search_flights', args: { origin: 'SFO', destination: 'LA' } }, response[1]];
    expect(() => expect(wrong).toCallTools(response, { minScore: 0.9 })).toThrow(
      /search_flights called with different arguments: destination: expected "NYC", got "LA"[\s\S]*score 0\.90 ≥ 0\.90 required/,
    );
    expect(wrong).not.toCallTools(response);
    expect([{ tool: 'other' }]).not.toCallTools(response);
    expect(() => expect(response).not.toCallTools(response)).toThrow(/score 1\.00 · selection 1\.00/);
  });

  test('toCallTools fails on an unknown key in the expected calls, and .not cannot make it pass', () => {
    const refund = [{ tool: 'refund_order', args: { amount: 4999 } }];
    const typo = [{ tool: 'refund_order', arguments: { amount: 49.99 } }] as unknown as typeof response;
    const message = 'expected at $[0]: unknown key "arguments"; did you mean "args"?';
    expect(() => expect(refund).toCallTools(typo)).toThrow(message);
    expect(() => expect(refund).not.toCallTools(typo)).toThrow(message);
  });

  test('toCallTool checks a tool and, optionally, some of its arguments', () => {
    expect(response).toCallTool('book_flight');
    expect(response).toCallTool('search_flights', { destination: 'NYC' });
    expect(response).not.toCallTool('cancel_booking');
    expect(response).not.toCallTool('search_flights', { destination: 'LA' });
    expect(() => expect(response).toCallTool('search_flights', { destination: 'LA' })).toThrow(
      'expected a call to search_flights(destination="LA"); calls made: search_flights(origin="SFO", destination="NYC"), book_flight(flight_id="FL-123")',
    );
    expect(() => expect(response).not.toCallTool('book_flight')).toThrow(
      'expected no call to book_flight(…), but call 2 was book_flight(flight_id="FL-123")',
    );
  });

  test('toHaveToolScore reads an evaluation', () => {
    const result = evaluate({ expected: response, actual: response });
    expect(result).toHaveToolScore(1);
    expect(() => expect(evaluate({ expected: response, actual: [] })).toHaveToolScore(0.5)).toThrow(
      /MISSING[\s\S]*score 0\.00 < 0\.50 required/,
    );
    expect(() => expect(response).toHaveToolScore(0.5)).toThrow('toHaveToolScore() expects an EvaluationResult');
  });
});

describe('toolscore/vitest fixtures', () => {
  const examples = toolscoreTest({ goldDir: join(REPO_ROOT, 'examples'), traceDir: join(REPO_ROOT, 'examples') });

  test('default folders are tests/gold_standards and tests/traces', ({ toolscoreGoldDir, toolscoreTraceDir }) => {
    expect(toolscoreGoldDir).toBe(join(process.cwd(), 'tests/gold_standards'));
    expect(toolscoreTraceDir).toBe(join(process.cwd(), 'tests/traces'));
  });

  examples('toolscoreEval resolves relative paths against the folders', async ({ toolscoreEval, toolscoreAssert }) => {
    // Hand-computed in test/e2e/cli.test.ts: 0.835, selection 0.8, F1 11/12, sequence 0.8.
    const result = await toolscoreEval('gold.json', 'trace.json');
    expect(result.score).toBeCloseTo(0.835, 12);
    toolscoreAssert.assertSelectionAccuracy(result, 0.8);
    toolscoreAssert.assertArgumentF1(result, 0.9);
    expect(() => toolscoreAssert.assertSequenceAccuracy(result, 0.9)).toThrow(
      'Sequence accuracy 80.0% is below the required 90.0%',
    );
  });

  const typos = mkdtempSync(join(tmpdir(), 'toolscore-fixture-gold-'));
  writeFileSync(join(typos, 'gold.json'), JSON.stringify([{ tool: 'refund_order', arguments: { amount: 49.99 } }]));
  writeFileSync(join(typos, 'trace.json'), JSON.stringify([{ tool: 'refund_order', args: { amount: 4999 } }]));
  const typoed = toolscoreTest({ goldDir: typos, traceDir: typos });

  typoed('toolscoreEval fails on an unknown key in the gold file unless told to warn', async ({ toolscoreEval }) => {
    const gold = join(typos, 'gold.json');
    await expect(toolscoreEval('gold.json', 'trace.json')).rejects.toThrow(
      `${gold} at $[0]: unknown key "arguments"; did you mean "args"?`,
    );
    const loose = await toolscoreEval('gold.json', 'trace.json', { strictGold: false });
    expect(loose.warnings).toEqual([`${gold} at $[0]: unknown key "arguments"; did you mean "args"?`]);
  });

  const chats = mkdtempSync(join(tmpdir(), 'toolscore-fixture-chat-'));
  writeFileSync(join(chats, 'chat.gold.json'), JSON.stringify(SUPPORT_TURNS));
  writeFileSync(join(chats, 'chat.json'), JSON.stringify(supportChat));
  writeFileSync(join(chats, 'late.json'), JSON.stringify(lateRefundChat));
  const typo = { turns: [{ user: 'Where is order 7?', calls: [{ tool: 'get_order', arguments: { id: 7 } }] }] };
  writeFileSync(join(chats, 'typo.gold.json'), JSON.stringify(typo));
  const conversations = toolscoreTest({ goldDir: chats, traceDir: chats });

  conversations('toolscoreEval scores a recorded chat against a turns gold file', async ({ toolscoreEval }) => {
    const right = await toolscoreEval('chat.gold.json', 'chat.json');
    expect([right.score, right.metrics.turn_pass_rate]).toEqual([1, 1]);
    // Turns 1, 0, 0: the refund made one turn late.
    const late = await toolscoreEval('chat.gold.json', 'late.json');
    expect(late.score).toBe(0.333333333333);
    expect(late.metrics.first_failing_turn).toBe(2);
    expect(late.topIssues.map((issue) => issue.problem)).toEqual(['refund_order expected in turn 2, made in turn 3']);
    expect(late).not.toHaveToolScore(0.9);
    await expect(toolscoreEval('typo.gold.json', 'chat.json')).rejects.toThrow(
      `${join(chats, 'typo.gold.json')} at $.turns[0].calls[0]: unknown key "arguments" in turn 1; did you mean "args"?`,
    );
  });

  const root = mkdtempSync(join(tmpdir(), 'toolscore-fixture-'));
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(typos, { recursive: true, force: true });
    rmSync(chats, { recursive: true, force: true });
  });
  const snapshots = toolscoreTest({ snapshotDir: root });

  snapshots('toolscoreSnapshot names snapshots after the test, -2 for the second', ({ toolscoreSnapshot }) => {
    vi.stubEnv('CI', '');
    vi.stubEnv('TOOLSCORE_UPDATE', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(toolscoreSnapshot(response).outcome).toBe('created');
      expect(toolscoreSnapshot(response).outcome).toBe('created');
      const name =
        'src/testing/vitest/vitest.test.ts > toolscore/vitest fixtures > toolscoreSnapshot names snapshots after the test, -2 for the second';
      const store = new SnapshotStore(root);
      expect(store.read(name)?.data).toMatchObject({ name, approved: false, source: 'vitest' });
      expect(store.read(`${name}-2`)?.data).toMatchObject({ approved: false });
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});
