import { valuesEqual } from '../match/equality.js';
import { encodeOperators } from '../match/operators.js';
import { ToolscoreInputError } from '../core/errors.js';
import { letterGrade } from '../core/grade.js';
import { ISSUE_KINDS } from '../core/issues.js';
import type { ExpectedCall, Gold, GoldOptions, GoldTurn, ResponseCheck, ToolCall } from '../core/types.js';
import type { ReplyCheck } from './outcomes.js';
import { stateOutcomeChecks } from './state.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Pairing } from '../pairing/pairing.js';
import type { Finding } from './findings.js';
import {
  type Conversation,
  EvaluationResult,
  type GoldApplied,
  NO_GOLD_APPLIED,
  type TurnAggregate,
  type TurnResult,
} from './result.js';
import { roundScore, scoreCalls, type CheckedMetrics, type ScoreSettings, type Scoring } from './score.js';
import { topIssueRecord, uncalledOutcomeIssue, type TopIssue } from './top-issues.js';
import { beyondGoldText, divergedText, issueText, missingTurnText, wrongTurnText } from './text.js';

/*
 * A conversation gold (`{"turns": [...]}`) scored turn by turn (docs/conversations.md): the trace's calls
 * are split by `call.turn` (unmarked calls are turn 1), turn k of the gold is scored against turn k of
 * the trace with the flat scoring, and the turns' scores make the conversation's. A trace turn beyond
 * the gold is scored only when calls were made in it, as a turn expecting none.
 */

/** The ways turn scores make a conversation's score (`--turn-aggregate`). */
export const TURN_AGGREGATES: readonly TurnAggregate[] = ['mean', 'min'];

/** The calls read from a trace and, when it records them, its user messages in order. */
export interface TraceReading {
  calls: ToolCall[];
  userMessages?: string[] | undefined;
  /** The agent's reply in each turn (its last assistant text, null for none); absent when the format records none. */
  replies?: readonly (string | null)[] | undefined;
  /** The world before and after the run, for the gold's `state` (docs/outcomes.md); absent when not given. */
  state?: { before: unknown; after: unknown } | undefined;
}

/** Scores a gold standard against a trace: a flat gold as one list, a conversation gold turn by turn. */
export function scoreGold(gold: Gold, trace: TraceReading, settings: ScoreSettings): Scoring {
  if (gold.turns === undefined) {
    // Nearly every gold: no reply or state to check, so only the gold's options to add to the settings
    // (which `evaluate()`, owning its settings, has already set).
    if (gold.response === undefined && gold.state === undefined)
      return scoreCalls(
        gold.calls,
        trace.calls,
        settings.gold === gold.options ? settings : { ...settings, gold: gold.options },
      );
    return scoreCalls(gold.calls, trace.calls, {
      ...settings,
      gold: gold.options,
      ...(gold.response ? { replyChecks: [finalReplyCheck(gold.response, trace)] } : {}),
      ...stateSettings(gold, trace, settings),
    });
  }
  return scoreConversation(gold, gold.turns, trace, settings);
}

/**
 * The gold's `state` checks against the trace's states, `metrics.state`, and the warnings of
 * `allowed_changes` patterns that name nothing; without states the checks fail: never a pass.
 */
function stateSettings(
  gold: Gold,
  trace: TraceReading,
  settings: ScoreSettings,
): Pick<ScoreSettings, 'stateChecks' | 'stateMetrics' | 'warnings'> {
  if (gold.state === undefined) return {};
  if (trace.state === undefined)
    return {
      stateChecks: [
        {
          kind: 'state',
          failure: {
            check: 'state',
            expected_index: null,
            actual_index: null,
            tool: null,
            turn: null,
            message: NO_STATE,
          },
        },
      ],
    };
  const outcome = stateOutcomeChecks(gold.state, trace.state.before, trace.state.after, settings.mode);
  return {
    stateChecks: outcome.checks,
    stateMetrics: outcome.metrics,
    ...(outcome.warnings.length === 0 ? {} : { warnings: [...(settings.warnings ?? []), ...outcome.warnings] }),
  };
}

/** What a state check says when no states were given. */
const NO_STATE = 'no before-state and after-state given';

/** A file-level `response`: read against the trace's last reply (a flat gold's only one). */
function finalReplyCheck(check: ResponseCheck, trace: TraceReading): ReplyCheck {
  const replies = trace.replies ?? [];
  return { check, reply: replies[replies.length - 1] ?? null, turn: null };
}

/** A turn's calls: their positions in the trace, in order. */
function positionsByTurn(calls: readonly ToolCall[]): Map<number, number[]> {
  const byTurn = new Map<number, number[]>();
  calls.forEach((call, j) => {
    const turn = call.turn ?? 1;
    const list = byTurn.get(turn);
    if (list) list.push(j);
    else byTurn.set(turn, [j]);
  });
  return byTurn;
}

/** One scored turn before the conversation is put together. */
interface TurnScoring {
  turn: number;
  positions: readonly number[];
  result: EvaluationResult;
  reached: boolean;
  user: string | null;
  diverged: boolean;
}

/** A call the gold expects in one turn, made in another. */
interface WrongTurn {
  tool: string;
  /** Index into the scored turns, and the call's index within that turn. */
  expectedTurn: number;
  expectedIndex: number;
  madeTurn: number;
  actualIndex: number;
}

function scoreConversation(
  gold: Gold,
  turns: readonly GoldTurn[],
  trace: TraceReading,
  settings: ScoreSettings,
): Scoring {
  const { sources: _sources, warnings = [], ...turnSettings } = settings;
  // The conversation read as one list gives the metrics of `result.metrics`; first, so that what rejects
  // input (the nesting guard, the credential scan) names the calls by their place in the whole trace.
  const state = stateSettings(gold, trace, settings);
  const whole = scoreCalls(gold.calls, trace.calls, {
    ...wholeSettings(gold, turnSettings),
    replyChecks: conversationReplyChecks(gold, turns, trace),
    ...state,
  });
  const byTurn = positionsByTurn(trace.calls);
  let highestCallTurn = 0;
  for (const turn of byTurn.keys()) if (turn > highestCallTurn) highestCallTurn = turn;
  const traceTurns = Math.max(trace.userMessages?.length ?? 0, highestCallTurn, 1);
  // The gold's turns, then only the trace turns beyond them that hold calls (a `turn` may be any number).
  const beyond = [...byTurn.keys()].filter((turn) => turn > turns.length).sort((a, b) => a - b);
  const scoredTurns = [...turns.keys()].map((k) => k + 1).concat(beyond);
  const findings: Finding[] = [];
  const scored: TurnScoring[] = [];
  let diverging = false;
  for (const turn of scoredTurns) {
    const positions = byTurn.get(turn) ?? [];
    const goldTurn: GoldTurn = turns[turn - 1] ?? { calls: [], options: gold.options };
    if (turn > turns.length) {
      findings.push({ severity: 'warning', message: beyondGoldText(turn, turns.length, positions.length) });
    }
    const calls = positions.map((j) => trace.calls[j]!);
    const turnReplies: ReplyCheck[] = goldTurn.response
      ? [{ check: goldTurn.response, reply: trace.replies?.[turn - 1] ?? null, turn }]
      : [];
    // The file's `response` reads the final reply, and is scored in the gold's last turn.
    if (gold.response && turn === turns.length) turnReplies.push(finalReplyCheck(gold.response, trace));
    const result = inTurn(turn, () =>
      scoreCalls(goldTurn.calls, calls, { ...turnSettings, gold: goldTurn.options, replyChecks: turnReplies }).result(),
    );
    const reached = turn <= traceTurns;
    if (!reached)
      findings.push({ severity: 'warning', message: missingTurnText(turn, traceTurns, goldTurn.calls.length) });
    const user = trace.userMessages?.[turn - 1] ?? null;
    const diverged =
      !diverging && goldTurn.user !== undefined && user !== null && !valuesEqual(goldTurn.user, user, settings.mode);
    if (diverged) {
      diverging = true;
      findings.push({ severity: 'warning', message: divergedText(turn, expectedUserText(goldTurn.user), user!) });
    }
    scored.push({ turn, positions, result, reached, user, diverged });
  }
  const wrongTurns = findWrongTurns(scored);
  for (const wrong of wrongTurns)
    findings.push({
      severity: 'warning',
      message: wrongTurnText(wrong.tool, scored[wrong.expectedTurn]!.turn, scored[wrong.madeTurn]!.turn),
    });

  const turnResults = scored.map((turn, t) => turnResult(turn, t, scored, wrongTurns));
  const scores = turnResults.map((turn) => turn.score);
  const aggregate = settings.turnAggregate ?? 'mean';
  const score = roundScore(
    aggregate === 'min'
      ? scores.reduce((a, b) => Math.min(a, b), 1)
      : scores.reduce((a, b) => a + b, 0) / scores.length,
  );
  const failing = turnResults.find((turn) => turn.verdict !== 'PASS');
  const layout = conversationLayout(scored, trace.calls.length);
  const conversation: Conversation = {
    turns: turnResults,
    aggregate,
    turnPassRate: turnResults.filter((turn) => turn.verdict === 'PASS').length / turnResults.length,
    firstFailingTurn: failing === undefined ? null : failing.turn,
    findings,
    // The state is the whole run's, not a turn's: its failed checks join the turns' issues.
    topIssues: [
      ...conversationIssues(turnResults, scored, layout, wrongTurns),
      ...(state.stateChecks ?? []).flatMap(({ failure }) =>
        failure === null ? [] : [uncalledOutcomeIssue('state', failure.message)],
      ),
    ].sort((a, b) => rank(a) - rank(b)),
    requiredCallsComplete: turnResults.every(
      (turn) => turn.reached && (turn.result.requiredCallRecall === null || turn.result.requiredCallRecall >= 1),
    ),
  };
  const applied = appliedGold(whole.result().gold, scored);
  return {
    expected: layout.goldCalls,
    actual: trace.calls,
    pairing: layout.pairing,
    result: (checked: CheckedMetrics = {}) => {
      const flat = whole.result(checked);
      return new EvaluationResult({
        score,
        grade: letterGrade(score),
        weights: flat.weights,
        metrics: () => withTurns(flat.metrics, conversation),
        goldCalls: layout.goldCalls,
        traceCalls: trace.calls,
        pairing: layout.pairing,
        mode: flat.mode,
        warnings: state.warnings ?? warnings,
        gold: applied,
        conversation,
        ...(settings.sources ?? {}),
      });
    },
  };
}

/** A gold turn's `user` as findings quote it: the text in quotes, or the matcher in its `$` form. */
export function expectedUserText(user: unknown): string {
  return typeof user === 'string' ? JSON.stringify(user) : JSON.stringify(encodeOperators(user));
}

/** Every turn's `response` against its turn's reply, then the file's against the last reply. */
function conversationReplyChecks(gold: Gold, turns: readonly GoldTurn[], trace: TraceReading): ReplyCheck[] {
  const checks: ReplyCheck[] = [];
  turns.forEach((turn, k) => {
    if (turn.response) checks.push({ check: turn.response, reply: trace.replies?.[k] ?? null, turn: k + 1 });
  });
  if (gold.response) checks.push(finalReplyCheck(gold.response, trace));
  return checks;
}

/**
 * The settings for reading the conversation as one list: a tool ignored (by the file or the caller) but
 * expected in some turn is not ignored there; each turn, scored first, says whether that is a contradiction.
 */
function wholeSettings(gold: Gold, settings: ScoreSettings): ScoreSettings {
  const expected = new Set(gold.calls.flatMap((call) => call.alternatives ?? [call.tool]));
  const kept = (tools: readonly string[]) => tools.filter((tool) => !expected.has(tool));
  const ignored = kept(gold.options.ignore_tools);
  const options: GoldOptions =
    ignored.length === gold.options.ignore_tools.length ? gold.options : { ...gold.options, ignore_tools: ignored };
  return { ...settings, gold: options, ignoreTools: kept(settings.ignoreTools ?? []) };
}

/** Scores one turn, an input error saying which turn it is about (`turn 2: tool "think" is both expected ...`). */
function inTurn<T>(turn: number, score: () => T): T {
  try {
    return score();
  } catch (error) {
    if (error instanceof ToolscoreInputError)
      throw new ToolscoreInputError(error.location, `turn ${turn}: ${error.reason}`);
    throw error;
  }
}

/**
 * The metrics with the conversation's fields after them, as files write them. Required call recall counts
 * a call completed only in its own turn (the turns' recalls pooled over their expected calls), as the
 * verdict does; the other metrics read the conversation as one list.
 */
function withTurns(metrics: Metrics, conversation: Conversation): Metrics {
  let expected = 0;
  let completed = 0;
  for (const turn of conversation.turns) {
    const recall = turn.result.requiredCallRecall;
    if (recall === null) continue;
    expected += turn.result.goldCalls.length;
    // A turn's recall is a count of its expected calls over them: recovered whole, so one turn divides as a flat gold does.
    completed += turn.reached ? Math.round(recall * turn.result.goldCalls.length) : 0;
  }
  metrics.required_call_recall = expected === 0 ? null : completed / expected;
  metrics.turns = conversation.turns.map((turn) => ({
    turn: turn.turn,
    user: turn.user,
    reached: turn.reached,
    score: turn.score,
    grade: turn.grade,
    verdict: turn.verdict,
    metrics: turn.result.metrics,
    top_issues: turn.topIssues.map(topIssueRecord),
  }));
  metrics.turn_pass_rate = conversation.turnPassRate;
  metrics.first_failing_turn = conversation.firstFailingTurn;
  metrics.turn_aggregate = conversation.aggregate;
  return metrics;
}

/**
 * Calls the gold expects in one turn and the agent made in another: an expected call left unanswered in
 * its turn, matched with an unexpected call of its tool in the nearest other turn (each call once).
 */
function findWrongTurns(scored: readonly TurnScoring[]): WrongTurn[] {
  // The unexpected calls of every turn, by tool, in turn order.
  const extras = new Map<string, { turn: number; index: number; used: boolean }[]>();
  scored.forEach(({ result }, t) => {
    const unscored = new Set(result.gold.unscoredCalls);
    result.pairing.expectedFor.forEach((i, j) => {
      if (i >= 0 || unscored.has(j)) return;
      const tool = result.traceCalls[j]!.tool;
      const list = extras.get(tool);
      const extra = { turn: t, index: j, used: false };
      if (list) list.push(extra);
      else extras.set(tool, [extra]);
    });
  });
  const wrong: WrongTurn[] = [];
  scored.forEach(({ result }, t) => {
    result.pairing.actualFor.forEach((j, i) => {
      if (j >= 0) return;
      const call = result.goldCalls[i]!;
      let best: { turn: number; index: number; used: boolean } | undefined;
      let bestTool = call.tool;
      for (const tool of call.alternatives ?? [call.tool]) {
        for (const extra of extras.get(tool) ?? []) {
          if (extra.used || extra.turn === t) continue;
          if (best === undefined || Math.abs(extra.turn - t) < Math.abs(best.turn - t)) {
            best = extra;
            bestTool = tool;
          }
        }
      }
      if (best === undefined) return;
      best.used = true;
      wrong.push({ tool: bestTool, expectedTurn: t, expectedIndex: i, madeTurn: best.turn, actualIndex: best.index });
    });
  });
  return wrong;
}

/** A wrong-turn issue: one sentence, said in both turns. */
function wrongTurnIssue(
  wrong: WrongTurn,
  scored: readonly TurnScoring[],
  expectedIndex: number | null,
  actualIndex: number | null,
): TopIssue {
  return {
    kind: 'wrong_turn',
    tool: wrong.tool,
    expectedIndex,
    actualIndex,
    ...issueText('wrong_turn', wrong.tool, {
      expectedTurn: scored[wrong.expectedTurn]!.turn,
      madeTurn: scored[wrong.madeTurn]!.turn,
    }),
  };
}

const rank = (issue: TopIssue): number => ISSUE_KINDS.indexOf(issue.kind);

/** A turn's Top issues, its calls made in other turns named as such instead of as missing or extra. */
function turnIssues(t: number, scored: readonly TurnScoring[], wrongTurns: readonly WrongTurn[]): TopIssue[] {
  const { result } = scored[t]!;
  const expectedHere = new Map(wrongTurns.filter((w) => w.expectedTurn === t).map((w) => [w.expectedIndex, w]));
  const madeHere = new Map(wrongTurns.filter((w) => w.madeTurn === t).map((w) => [w.actualIndex, w]));
  if (expectedHere.size === 0 && madeHere.size === 0) return [...result.topIssues];
  const issues: TopIssue[] = [];
  for (const issue of result.topIssues) {
    const expected = issue.expectedIndex === null ? undefined : expectedHere.get(issue.expectedIndex);
    const made = issue.actualIndex === null ? undefined : madeHere.get(issue.actualIndex);
    if (issue.kind === 'missing' && expected) issues.push(wrongTurnIssue(expected, scored, issue.expectedIndex, null));
    else if (issue.kind === 'extra' && made) issues.push(wrongTurnIssue(made, scored, null, issue.actualIndex));
    else if (issue.kind === 'wrong_tool' && (expected || made)) {
      // The pair zipped into "wrong tool" are two things: a call made in another turn, and the other call.
      const wanted = result.goldCalls[issue.expectedIndex!]!;
      issues.push(
        expected
          ? wrongTurnIssue(expected, scored, issue.expectedIndex, null)
          : {
              kind: 'missing',
              tool: wanted.tool,
              expectedIndex: issue.expectedIndex,
              actualIndex: null,
              ...issueText('missing', wanted.tool, {}),
            },
      );
      issues.push(
        made
          ? wrongTurnIssue(made, scored, null, issue.actualIndex)
          : {
              kind: 'extra',
              tool: issue.tool,
              expectedIndex: null,
              actualIndex: issue.actualIndex,
              ...issueText('extra', issue.tool, {}),
            },
      );
    } else issues.push(issue);
  }
  return issues.sort((a, b) => rank(a) - rank(b));
}

function turnResult(
  turn: TurnScoring,
  t: number,
  scored: readonly TurnScoring[],
  wrongTurns: readonly WrongTurn[],
): TurnResult {
  const score = turn.reached ? turn.result.score : 0;
  return {
    turn: turn.turn,
    user: turn.user,
    reached: turn.reached,
    diverged: turn.diverged,
    score,
    grade: letterGrade(score),
    verdict: turn.reached ? turn.result.verdict : 'FAIL',
    result: turn.result,
    topIssues: turnIssues(t, scored, wrongTurns),
  };
}

/** Where each turn's calls sit in the whole conversation: the turns' effective gold in turn order, and one pairing. */
interface ConversationLayout {
  goldCalls: ExpectedCall[];
  /** For each scored turn, the position of its first expected call in `goldCalls`. */
  offsets: number[];
  pairing: Pairing;
}

function conversationLayout(scored: readonly TurnScoring[], actualCount: number): ConversationLayout {
  const goldCalls: ExpectedCall[] = [];
  const offsets: number[] = [];
  const actualFor: number[] = [];
  const matchedArgs: number[] = [];
  const expectedFor = new Array<number>(actualCount).fill(-1);
  for (const { result, positions } of scored) {
    const offset = goldCalls.length;
    offsets.push(offset);
    goldCalls.push(...result.goldCalls);
    result.pairing.actualFor.forEach((j, i) => {
      actualFor.push(j < 0 ? -1 : positions[j]!);
      matchedArgs.push(result.pairing.matchedArgs[i]!);
    });
    result.pairing.expectedFor.forEach((i, j) => {
      if (i >= 0) expectedFor[positions[j]!] = offset + i;
    });
  }
  return { goldCalls, offsets, pairing: { actualFor, expectedFor, matchedArgs } };
}

/** Every turn's Top issues in the whole conversation's positions, ranked; a wrong-turn issue once, from the turn that expected the call. */
function conversationIssues(
  turns: readonly TurnResult[],
  scored: readonly TurnScoring[],
  layout: ConversationLayout,
  wrongTurns: readonly WrongTurn[],
): TopIssue[] {
  const issues: TopIssue[] = [];
  turns.forEach((turn, t) => {
    const positions = scored[t]!.positions;
    for (const issue of turn.topIssues) {
      if (issue.kind === 'wrong_turn') {
        if (issue.expectedIndex === null) continue;
        const wrong = wrongTurns.find((w) => w.expectedTurn === t && w.expectedIndex === issue.expectedIndex)!;
        issues.push({
          ...issue,
          expectedIndex: layout.offsets[t]! + issue.expectedIndex,
          actualIndex: scored[wrong.madeTurn]!.positions[wrong.actualIndex]!,
        });
        continue;
      }
      issues.push({
        ...issue,
        expectedIndex: issue.expectedIndex === null ? null : layout.offsets[t]! + issue.expectedIndex,
        actualIndex: issue.actualIndex === null ? null : positions[issue.actualIndex]!,
        // A one-turn conversation reads as a flat gold does.
        problem: turns.length === 1 ? issue.problem : `turn ${turn.turn}: ${issue.problem}`,
      });
    }
  });
  return issues.sort((a, b) => rank(a) - rank(b));
}

/** What the gold's options did across the turns: the whole's options, the turns' skipped optional calls and unscored calls. */
function appliedGold(whole: GoldApplied, scored: readonly TurnScoring[]): GoldApplied {
  let skippedOptional = 0;
  const unscored: number[] = [];
  for (const { result, positions } of scored) {
    skippedOptional += result.gold.skippedOptional;
    for (const j of result.gold.unscoredCalls) unscored.push(positions[j]!);
  }
  unscored.sort((a, b) => a - b);
  if (whole === NO_GOLD_APPLIED && skippedOptional === 0 && unscored.length === 0) return NO_GOLD_APPLIED;
  return { options: whole.options, skippedOptional, unscoredCalls: unscored };
}
