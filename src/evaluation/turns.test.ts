import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate.js';
import { readGold } from '../gold/gold.js';
import { resolveSettings } from './evaluate.js';
import { scoreGold } from './turns.js';

/*
 * Every number here is worked out by hand with the default weights (selection 0.4, argument F1 0.3,
 * sequence 0.2, redundancy 0.1): a turn scored alone is a flat evaluation of its calls.
 */

/** Scores a trace given as calls with `turn` and the user's messages (what a reader reports). */
const scoreTrace = (
  expected: unknown,
  calls: { tool: string; args?: Record<string, unknown>; turn?: number }[],
  userMessages: string[],
  options: Parameters<typeof resolveSettings>[0] = {},
) =>
  scoreGold(
    readGold(expected),
    { calls: calls.map((call) => ({ args: null, ...call, is_error: false })), userMessages },
    resolveSettings(options),
  ).result();

const USER = ['Where is order 7?', 'Please refund it', 'Thanks!'];

const SUPPORT_CHAT = {
  turns: [
    { user: 'Where is order 7?', calls: [{ tool: 'get_order', args: { id: 7 } }] },
    { user: { $regex: '(?i)refund' }, calls: [{ tool: 'refund_order', args: { id: 7 } }] },
    { user: 'Thanks!', calls: [] },
  ],
};

describe('a conversation gold scored turn by turn', () => {
  it('a right conversation scores 1 in every turn', () => {
    const result = scoreTrace(
      SUPPORT_CHAT,
      [
        { tool: 'get_order', args: { id: 7 }, turn: 1 },
        { tool: 'refund_order', args: { id: 7 }, turn: 2 },
      ],
      USER,
    );
    expect(result.score).toBe(1);
    expect(result.verdict).toBe('PASS');
    expect(result.conversation!.turns.map((turn) => [turn.turn, turn.score, turn.verdict])).toEqual([
      [1, 1, 'PASS'],
      [2, 1, 'PASS'],
      [3, 1, 'PASS'],
    ]);
    expect(result.conversation!.turnPassRate).toBe(1);
    expect(result.conversation!.firstFailingTurn).toBeNull();
    expect(result.topIssues).toEqual([]);
    const metrics = result.toDict().metrics;
    expect(metrics.turn_pass_rate).toBe(1);
    expect(metrics.first_failing_turn).toBeNull();
    expect(metrics.turn_aggregate).toBe('mean');
    expect(metrics.turns!.map((turn) => [turn.turn, turn.score, turn.grade, turn.verdict, turn.reached])).toEqual([
      [1, 1, 'A', 'PASS', true],
      [2, 1, 'A', 'PASS', true],
      [3, 1, 'A', 'PASS', true],
    ]);
  });

  it('a call one turn late is named as such, and costs turn 2 (missing) and turn 3 (extra)', () => {
    const result = evaluate({
      expected: SUPPORT_CHAT,
      actual: [
        { tool: 'get_order', args: { id: 7 }, turn: 1 },
        { tool: 'refund_order', args: { id: 7 }, turn: 3 },
      ],
    });
    // Turn 2: nothing made, 0. Turn 3: one call where none was expected: selection 0, F1 0, sequence 0,
    // redundancy 1/1, so 0. Mean (1 + 0 + 0) / 3.
    expect(result.conversation!.turns.map((turn) => turn.score)).toEqual([1, 0, 0]);
    expect(result.score).toBe(0.333333333333);
    expect(result.conversation!.firstFailingTurn).toBe(2);
    expect(
      result.topIssues.map((issue) => [issue.kind, issue.problem, issue.expectedIndex, issue.actualIndex]),
    ).toEqual([['wrong_turn', 'refund_order expected in turn 2, made in turn 3', 1, 1]]);
    expect(result.conversation!.turns[1]!.topIssues.map((issue) => issue.kind)).toEqual(['wrong_turn']);
    expect(result.conversation!.turns[2]!.topIssues.map((issue) => issue.kind)).toEqual(['wrong_turn']);
    expect(result.findings.map((finding) => finding.message)).toEqual([
      'refund_order expected in turn 2, made in turn 3',
    ]);
    // Read as one list, every call is right: the metrics say so, the turns do not; required call recall
    // counts a call only in its own turn.
    expect(result.metrics.selection_accuracy).toBe(1);
    expect(result.requiredCallRecall).toBe(0.5);
    expect(result.toDict().required_call_recall).toBe(0.5);
  });

  it('a call made a turn early, and one of a $one_of call made in another turn, are named as such', () => {
    const result = scoreTrace(
      {
        turns: [
          { calls: [] },
          { calls: [{ tool: 'refund_order' }] },
          { calls: [{ tool: { $one_of: ['email', 'sms'] } }] },
        ],
      },
      [
        { tool: 'refund_order', turn: 1 },
        { tool: 'sms', turn: 2 },
      ],
      ['hello', 'refund it', 'tell me'],
    );
    expect(result.topIssues.map((issue) => [issue.kind, issue.problem, issue.fix])).toEqual([
      [
        'wrong_turn',
        'refund_order expected in turn 2, made in turn 1',
        'stop the agent from calling refund_order before the user asks for it (turn 2); or, if it may act early, move the call to turn 1 of the gold',
      ],
      [
        'wrong_turn',
        'sms expected in turn 3, made in turn 2',
        'stop the agent from calling sms before the user asks for it (turn 3); or, if it may act early, move the call to turn 2 of the gold',
      ],
    ]);
    // The sms call in turn 2 sits where refund_order was expected: two things, not one wrong tool.
    expect(result.conversation!.turns[1]!.topIssues.map((issue) => issue.kind)).toEqual(['wrong_turn', 'wrong_turn']);
  });

  it('a turn that should be answered without a tool, with an extra call', () => {
    const result = evaluate({
      expected: SUPPORT_CHAT,
      actual: [
        { tool: 'get_order', args: { id: 7 }, turn: 1 },
        { tool: 'refund_order', args: { id: 7 }, turn: 2 },
        { tool: 'get_order', args: { id: 7 }, turn: 3 },
      ],
    });
    expect(result.conversation!.turns.map((turn) => turn.score)).toEqual([1, 1, 0]);
    expect(result.score).toBe(0.666666666667);
    expect(result.conversation!.turnPassRate).toBe(2 / 3);
    expect(result.topIssues.map((issue) => [issue.kind, issue.problem])).toEqual([
      ['extra', 'turn 3: unexpected call to get_order'],
    ]);
  });

  it('four turns, three right: turn pass rate 0.75, the score the mean', () => {
    const result = evaluate({
      expected: {
        turns: [
          { calls: [{ tool: 'get_order', args: { id: 7 } }] },
          { calls: [{ tool: 'cancel_order', args: { id: 7 } }] },
          { calls: [{ tool: 'get_balance', args: {} }] },
          { calls: [{ tool: 'refund', args: { id: 7, amount: 5 } }] },
        ],
      },
      actual: [
        { tool: 'get_order', args: { id: 7 }, turn: 1 },
        { tool: 'cancel_order', args: { id: 7 }, turn: 2 },
        { tool: 'get_balance', args: {}, turn: 3 },
        { tool: 'refund', args: { id: 7, amount: 50 }, turn: 4 },
      ],
    });
    // Turn 4: 1 of 2 arguments right, F1 0.5: 0.4 + 0.15 + 0.2 + 0.1 = 0.85 (B, WARN).
    expect(result.conversation!.turns.map((turn) => [turn.score, turn.verdict])).toEqual([
      [1, 'PASS'],
      [1, 'PASS'],
      [1, 'PASS'],
      [0.85, 'WARN'],
    ]);
    expect(result.conversation!.turnPassRate).toBe(0.75);
    expect(result.score).toBe(0.9625);
    expect(result.conversation!.firstFailingTurn).toBe(4);
    expect(result.topIssues.map((issue) => issue.problem)).toEqual([
      'turn 4: refund called with different arguments: amount: expected 5, got 50',
    ]);
  });

  it('--turn-aggregate min takes the worst turn', () => {
    const result = scoreTrace(
      SUPPORT_CHAT,
      [
        { tool: 'get_order', args: { id: 7 }, turn: 1 },
        { tool: 'refund_order', args: { id: 8 }, turn: 2 },
      ],
      USER,
      { turnAggregate: 'min' },
    );
    // Turn 2: F1 0, so 0.7.
    expect(result.score).toBe(0.7);
    expect(result.toDict().metrics.turn_aggregate).toBe('min');
    expect(() => evaluate({ expected: [], actual: [], turnAggregate: 'max' as 'min' })).toThrow(
      'turnAggregate: expected "mean" or "min", got "max"',
    );
  });

  it('a diverged conversation is a finding at the first turn whose user message does not match', () => {
    const gold = readGold(SUPPORT_CHAT);
    const scoring = scoreGold(
      gold,
      {
        calls: [
          { tool: 'get_order', args: { id: 7 }, is_error: false, turn: 1 },
          { tool: 'cancel_order', args: { id: 7 }, is_error: false, turn: 2 },
        ],
        userMessages: ['Where is order 7?', 'Actually, cancel it', 'Thanks!'],
      },
      resolveSettings({}),
    );
    const result = scoring.result();
    expect(result.conversation!.turns.map((turn) => [turn.user, turn.diverged])).toEqual([
      ['Where is order 7?', false],
      ['Actually, cancel it', true],
      ['Thanks!', false],
    ]);
    expect(result.findings.map((finding) => finding.message)).toEqual([
      'the conversation diverged at turn 2: the user was expected to say {"$regex":"refund","flags":"i"}, the trace has "Actually, cancel it"',
    ]);
    // Turn 2: cancel_order where refund_order was expected: selection 0, F1 0, sequence 0, and the one
    // call is beyond the expected count of its tool (redundancy 1/1): 0. Mean (1 + 0 + 1) / 3.
    expect(result.conversation!.turns[1]!.score).toBe(0);
    expect(result.score).toBe(0.666666666667);
  });

  it('a call list without user messages has as many turns as its last call says', () => {
    const result = evaluate({
      expected: SUPPORT_CHAT,
      actual: [
        { tool: 'get_order', args: { id: 7 }, turn: 1 },
        { tool: 'refund_order', args: { id: 7 }, turn: 2 },
      ],
    });
    expect(result.conversation!.turns.map((turn) => [turn.reached, turn.score])).toEqual([
      [true, 1],
      [true, 1],
      [false, 0],
    ]);
  });

  it('a trace with fewer turns than the gold: the missing turns score 0, a finding each, no crash', () => {
    const gold = readGold(SUPPORT_CHAT);
    const result = scoreGold(
      gold,
      { calls: [{ tool: 'get_order', args: { id: 7 }, is_error: false }] },
      resolveSettings({}),
    ).result();
    expect(result.conversation!.turns.map((turn) => [turn.reached, turn.score, turn.verdict])).toEqual([
      [true, 1, 'PASS'],
      [false, 0, 'FAIL'],
      [false, 0, 'FAIL'],
    ]);
    expect(result.findings.map((finding) => finding.message)).toEqual([
      'the trace ends after turn 1; turn 2 (1 expected call) was never reached',
      'the trace ends after turn 1; turn 3 (0 expected calls) was never reached',
    ]);
    expect(result.verdict).toBe('FAIL');
  });

  it('calls in a trace turn beyond the gold are scored as a turn expecting none', () => {
    const result = evaluate({
      expected: { turns: [{ calls: [{ tool: 'a' }] }] },
      actual: [
        { tool: 'a', turn: 1 },
        { tool: 'b', turn: 3 },
      ],
    });
    expect(result.conversation!.turns.map((turn) => [turn.turn, turn.score])).toEqual([
      [1, 1],
      [3, 0],
    ]);
    expect(result.score).toBe(0.5);
    expect(result.findings.map((finding) => finding.message)).toEqual([
      "turn 3 of the trace is beyond the gold's 1 turns: its 1 call is scored as a turn expecting none",
    ]);
  });

  it('a call in a far-off turn is one turn beyond the gold, not a billion turns to walk', () => {
    const result = evaluate({
      expected: { turns: [{ calls: [{ tool: 'a' }] }, { calls: [] }] },
      actual: [
        { tool: 'a', turn: 1 },
        { tool: 'a', turn: 1_000_000_000 },
      ],
    });
    expect(result.conversation!.turns.map((turn) => [turn.turn, turn.reached, turn.score])).toEqual([
      [1, true, 1],
      [2, true, 1],
      [1_000_000_000, true, 0],
    ]);
    expect(result.score).toBe(0.666666666667);
  });

  it('a tool a turn expects and the file ignores is an error naming the turn', () => {
    expect(() =>
      evaluate({
        expected: { ignore_tools: ['think'], turns: [{ calls: [] }, { ignore_tools: [], calls: [{ tool: 'think' }] }] },
        actual: [],
        ignoreTools: ['think'],
      }),
    ).toThrow(
      'ignore_tools: turn 2: tool "think" is both expected (call 1 of the gold) and ignored; remove it from one of them',
    );
  });

  it('a flat gold writes no turn fields', () => {
    const record = evaluate({ expected: [{ tool: 'a' }], actual: [{ tool: 'a', turn: 2 }] }).toDict();
    expect(Object.keys(record.metrics)).not.toContain('turns');
    expect(record.metrics.turn_pass_rate).toBeUndefined();
  });
});

describe('evaluate() with the user messages of a call list', () => {
  it("counts the turns from them and checks them against each turn's user", () => {
    const result = evaluate({
      expected: SUPPORT_CHAT,
      actual: [
        { tool: 'get_order', args: { id: 7 }, turn: 1 },
        { tool: 'refund_order', args: { id: 7 }, turn: 2 },
      ],
      userMessages: USER,
    });
    expect(result.score).toBe(1);
    expect(result.conversation!.turns.map((turn) => turn.user)).toEqual(USER);
  });

  it('refuses what is not a list of strings, naming the place', () => {
    expect(() =>
      evaluate({ expected: SUPPORT_CHAT, actual: [], userMessages: ['a', 3] as unknown as string[] }),
    ).toThrow("userMessages at $[1]: expected the user's message as a string, got a number");
  });
});

describe('a recorded conversation, read by its reader', () => {
  it('an OpenAI message list: its calls carry their turns and its user messages reach the scoring', () => {
    const call = (id: string, name: string, args: object) => ({
      id,
      type: 'function',
      function: { name, arguments: JSON.stringify(args) },
    });
    const messages = [
      { role: 'user', content: 'Where is order 7?' },
      { role: 'assistant', content: null, tool_calls: [call('c1', 'get_order', { id: 7 })] },
      { role: 'tool', tool_call_id: 'c1', content: '{"status": "shipped"}' },
      { role: 'assistant', content: 'It has shipped.' },
      { role: 'user', content: 'Actually, cancel it' },
      { role: 'assistant', content: null, tool_calls: [call('c2', 'cancel_order', { id: 7 })] },
      { role: 'tool', tool_call_id: 'c2', content: '{"ok": true}' },
      { role: 'user', content: 'Thanks!' },
      { role: 'assistant', content: 'You are welcome.' },
    ];
    const result = evaluate({ expected: SUPPORT_CHAT, actual: messages });
    expect(result.conversation!.turns.map((turn) => [turn.turn, turn.user, turn.score, turn.diverged])).toEqual([
      [1, 'Where is order 7?', 1, false],
      [2, 'Actually, cancel it', 0, true],
      [3, 'Thanks!', 1, false],
    ]);
    expect(result.score).toBe(0.666666666667);
  });
});

describe("a conversation gold's state", () => {
  it('is a Top issue of the conversation when it fails, ranked above an argument detail of a turn', () => {
    const result = evaluate({
      expected: {
        turns: [{ calls: [{ tool: 'find', args: { id: 1 } }] }, { calls: [{ tool: 'suspend' }] }],
        state: { unchanged: true, allowed_changes: ['$.lines.L1.status'] },
      },
      actual: [
        { tool: 'find', args: { id: 2 }, turn: 1 },
        { tool: 'suspend', turn: 2 },
      ],
      stateBefore: { lines: { L1: { status: 'active' }, L2: { status: 'active' } } },
      stateAfter: { lines: { L1: { status: 'suspended' }, L2: { status: 'suspended' } } },
    });
    expect(result.topIssues.map((issue) => [issue.kind, issue.problem])).toEqual([
      ['state', 'changes nobody expected: $.lines.L2.status "active" → "suspended"'],
      ['argument_mismatch', 'turn 1: find called with different arguments: id: expected 1, got 2'],
    ]);
    expect(result.metrics.state?.unexpected_changes).toBe(1);
  });
});
