import { ToolscoreInputError, describeType } from '../core/errors.js';
import { isObject } from '../core/objects.js';
import type { Gold, GoldEntryInput, GoldInput, GoldTurnInput } from '../core/types.js';
import type { Conversation } from '../evaluation/result.js';
import { divergedText, missingTurnText } from '../evaluation/text.js';
import { expectedUserText } from '../evaluation/turns.js';
import { type CompiledGold, compileGold } from '../evaluation/compiled-gold.js';
import {
  callExpectationGold,
  noArgumentsMeansNone,
  unmetExpectations,
  type CallExpectationOptions,
} from './call-check.js';

/*
 * `toCallToolsByTurn()`: a conversation's expected calls given turn by turn, each turn checked as
 * `toCallTools` checks its calls, and `[]` meaning "answer without calling a tool" (docs/testing.md).
 */

/** One turn of a call expectation: the calls expected after the user's message, or `{ user?, calls }`. */
export type TurnExpectation = readonly GoldEntryInput[] | { user?: unknown; calls: readonly GoldEntryInput[] };

/**
 * The conversation gold a turn-by-turn expectation scores against: each turn's calls read as
 * `callExpectationGold` reads a call list (the options at file level, so every turn has them), except
 * that a turn expecting no call allows none whatever the options say.
 */
export function turnExpectationGold(
  turns: readonly TurnExpectation[],
  options: CallExpectationOptions,
): Exclude<GoldInput, readonly GoldEntryInput[] | { calls: unknown }> {
  if (!Array.isArray(turns))
    throw new ToolscoreInputError(
      { source: 'expected', path: '$' },
      `expected an array of turns, each a list of calls or {user?, calls}, got ${describeType(turns)}`,
    );
  const { calls: _calls, ...file } = callExpectationGold([], options) as { calls: unknown };
  const gold = turns.map((turn): GoldTurnInput => {
    // Anything else is left as it is, for the gold reader to name.
    const given = (Array.isArray(turn) ? { calls: turn } : turn) as GoldTurnInput;
    if (!isObject(given) || !Array.isArray(given.calls)) return given;
    const calls = given.calls.map(noArgumentsMeansNone);
    return calls.length === 0 ? { ...given, calls, allow_extra_calls: false } : { ...given, calls };
  });
  return { ...file, turns: gold };
}

/**
 * Reads the expectation's gold once (compiled) under `strictGold` (a typo in a test is a bug, never a pass), an error's
 * path given as the test wrote it: `$[1][0]` for the first call of a turn given as a list, `$[1].calls[0]`
 * for one given as `{ user, calls }`.
 */
export function checkedTurnGold(gold: GoldInput, turns: readonly TurnExpectation[]): CompiledGold {
  try {
    return compileGold(gold, { strictGold: true });
  } catch (error) {
    if (!(error instanceof ToolscoreInputError) || error.location.path === undefined) throw error;
    const Error = error.constructor as typeof ToolscoreInputError;
    throw new Error({ ...error.location, path: testPath(error.location.path, turns) }, error.reason);
  }
}

const TURN_PATH = /^\$\.turns(?:\[(\d+)\](\.calls(?=$|[.[]))?)?/;

function testPath(path: string, turns: readonly TurnExpectation[]): string {
  const match = TURN_PATH.exec(path);
  if (match === null) return path;
  const rest = path.slice(match[0].length);
  if (match[1] === undefined) return `$${rest}`;
  const listed = Array.isArray(turns[Number(match[1])]);
  return `$[${match[1]}]${listed ? '' : (match[2] ?? '')}${rest}`;
}

/**
 * What fails a turn-by-turn expectation, each naming its turn: a turn the trace never reached, the first
 * turn whose user message differs from the expected one, and in every turn what `unmetExpectations`
 * names (a call expected there and made in another turn is said once, as such).
 */
export function unmetTurnExpectations(conversation: Conversation, gold: Gold): { problem: string }[] {
  const unmet: { problem: string }[] = [];
  const traceTurns = conversation.turns.filter((turn) => turn.reached).length;
  for (const turn of conversation.turns) {
    const goldTurn = gold.turns?.[turn.turn - 1];
    if (!turn.reached) {
      unmet.push({ problem: missingTurnText(turn.turn, traceTurns, goldTurn?.calls.length ?? 0) });
      continue;
    }
    if (turn.diverged && goldTurn?.user !== undefined)
      unmet.push({ problem: divergedText(turn.turn, expectedUserText(goldTurn.user), turn.user ?? '') });
    const issues = turn.topIssues.filter((issue) => issue.kind !== 'wrong_turn' || issue.expectedIndex !== null);
    for (const issue of unmetExpectations(turn.result, 'all', issues))
      unmet.push({ problem: issue.kind === 'wrong_turn' ? issue.problem : `turn ${turn.turn}: ${issue.problem}` });
  }
  return unmet;
}
