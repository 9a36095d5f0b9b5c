import { ToolscoreInputError } from '../core/errors.js';
import type { ToolCall } from '../core/types.js';
import { resolveSettings, scoreCalls, type ScoreSettings } from '../evaluation/evaluate.js';
import { scoreGold } from '../evaluation/turns.js';
import { readGold } from '../gold/gold.js';
import { lineTopIssue } from '../batch/results-line.js';
import { redactDeep, redactSecrets } from '../metrics/security.js';
import type { EvaluationResult } from '../evaluation/result.js';
import { agenticAnswerTexts, agenticVerdict } from './agentic.js';
import { planCategory } from './categories.js';
import { UncheckableEntry, astChecker } from './checker.js';
import { type Decoded, answerCalls, decodeResult, entryObject, isEmptyOutput, offeredFunctions } from './decode.js';
import { agenticGold, bfclGold } from './gold.js';
import { judgeMultiTurn } from './multi-turn-checker.js';
import { multiTurnCalls, multiTurnGold, userMessages } from './multi-turn.js';
import { pyValue, toJson } from './python-values.js';
import type {
  BfclCall,
  BfclItem,
  BfclLine,
  BfclSettings,
  BfclTurnsLine,
  BfclVerdictLine,
  CheckResult,
  ParameterNames,
} from './types.js';

/**
 * Judges entries: the leaderboard's verdict, and toolscore's diagnosis of the same calls against the
 * possible answer as gold. Built once per thread.
 */
export class BfclJudge {
  private readonly scoring: ScoreSettings = resolveSettings({});
  /**
   * An agentic entry is scored on its reply alone, as the leaderboard judges it: the outcome weight is
   * the only one (the calls on the way are not compared with anything).
   */
  private readonly replyScoring: ScoreSettings = resolveSettings({
    weights: {
      selection_accuracy: 0,
      argument_f1: 0,
      sequence_accuracy: 0,
      redundant_rate: 0,
      required_call_recall: 0,
      outcome: 1,
    },
  });

  constructor(private readonly settings: BfclSettings) {}

  /** The verdicts line of an entry, or the one-line reason it could not be judged. */
  judge(item: BfclItem): BfclLine {
    const { id, index, category } = item;
    try {
      if (item.missing === 'question')
        throw new ToolscoreInputError(
          { source: item.where },
          `result ${JSON.stringify(id)} has no question of that id in the ${category} questions`,
        );
      const plan = planCategory(category, item.ruleset);
      if ('reason' in plan)
        throw new ToolscoreInputError({ source: item.where }, `category ${category} ${plan.reason}`);
      // The schema's types are names ("float"), never numbers: the question needs no number kinds, and is the
      // largest text; a multi-turn one's initial_config does (the APIs keep `5.0` a float).
      const question = entryObject(item.question, `${item.where} (question)`, plan.kind === 'multi_turn');
      if (plan.kind === 'multi_turn') return multiTurnLine(item, question, this.scoring, this.settings.parameters);
      if (plan.kind === 'agentic') return this.agenticLine(item);
      const functions = offeredFunctions(question, `question ${id}`);
      const result = resultEntry(item);
      const decoded = decodeResult(result.result, functions, item.where, this.settings.underscoreToDot);
      let answers: BfclCall[] = [];
      let verdict: CheckResult;
      if (plan.kind === 'ast') {
        answers = answerCalls(answerEntry(item), item.ruleset, `possible answer ${id}`);
        verdict = astVerdict(decoded, (calls) => astChecker(functions, calls, answers, category, item.ruleset));
      } else {
        verdict = relevanceVerdict(plan.kind, decoded, item.ruleset);
      }
      const gold = readGold(bfclGold(plan.kind, category, item.ruleset, functions, answers), `possible answer ${id}`);
      const actual: ToolCall[] = ('calls' in decoded ? decoded.calls : []).map((call) => ({
        tool: call.name,
        args: toJson(call.args) as ToolCall['args'],
        is_error: false,
      }));
      return this.line(item, verdict, scoreCalls(gold.calls, actual, { ...this.scoring, gold: gold.options }).result());
    } catch (error) {
      // Messages quote names and values from the files: credentials in them are masked.
      if (error instanceof UncheckableEntry)
        return { id, index, category, error: redactSecrets(`${item.where}: ${error.message}`) };
      if (error instanceof ToolscoreInputError) return { id, index, category, error: redactSecrets(error.message) };
      // Hostile nesting (arguments thousands of levels deep) ends the entry, not the run.
      if (error instanceof RangeError && /call stack/i.test(error.message))
        return { id, index, category, error: `${item.where}: the entry is nested too deeply to judge` };
      throw error;
    }
  }

  /**
   * An agentic entry: the leaderboard's verdict on the last message that is not a call, and toolscore's
   * reading of the same message against the possible answers as gold (`contains_any`).
   */
  private agenticLine(item: BfclItem): BfclVerdictLine {
    const result = resultEntry(item);
    const source = `possible answer ${item.id}`;
    const answer = answerEntry(item);
    if (!Object.hasOwn(answer, 'ground_truth'))
      throw new ToolscoreInputError({ source, path: '$.ground_truth' }, 'expected the possible answers, got nothing');
    const { verdict, reply } = agenticVerdict(
      pyValue(result.result, result, 'result'),
      pyValue(answer.ground_truth, answer, 'ground_truth'),
    );
    const gold = readGold(agenticGold(agenticAnswerTexts(answer, source)), source);
    const scored = scoreGold(gold, { calls: [], replies: [reply] }, this.replyScoring).result();
    return this.line(item, verdict, scored);
  }

  private line(item: BfclItem, verdict: CheckResult, result: EvaluationResult): BfclVerdictLine {
    return {
      id: item.id,
      index: item.index,
      category: item.category,
      valid: verdict.valid,
      // The leaderboard's messages quote function names and values: credentials in them are masked.
      ...(verdict.valid
        ? {}
        : { error_type: verdict.error_type ?? 'unclear', error: redactDeep(verdict.error.map(toJson)) }),
      score: result.score,
      grade: result.grade,
      argument_f1: result.metrics.argument_metrics.f1,
      selection_accuracy: result.metrics.selection_accuracy,
      top_issue: lineTopIssue(result),
    };
  }
}

/** The entry's result line, which must hold a `result`. */
function resultEntry(item: BfclItem): Record<string, unknown> {
  const result = entryObject(item.result, item.where, true);
  if (!Object.hasOwn(result, 'result'))
    throw new ToolscoreInputError({ source: item.where }, 'expected a result entry {id, result}, with no "result" key');
  return result;
}

/** The entry's possible answer, which every category but the relevance ones must have. */
function answerEntry(item: BfclItem): Record<string, unknown> {
  if (item.answer === undefined)
    throw new ToolscoreInputError({ source: item.where }, `entry ${item.id} has no possible answer`);
  return entryObject(item.answer, `possible answer ${item.id}`, true);
}

/**
 * A multi-turn entry: the leaderboard's verdict (multi-turn-checker.ts), and toolscore's diagnosis, the
 * result's turn k scored against the possible answer's turn k (the question's user messages saying how
 * many turns there are) and the first turn whose state differs.
 */
function multiTurnLine(
  item: BfclItem,
  question: Record<string, unknown>,
  scoring: ScoreSettings,
  parameters: ParameterNames | undefined,
): BfclTurnsLine {
  const result = resultEntry(item);
  const answer = answerEntry(item);
  const gold = readGold(multiTurnGold(question, answer, parameters, item.id), `possible answer ${item.id}`);
  const { verdict, firstStateDifference } = judgeMultiTurn(
    item.id,
    question,
    answer.ground_truth as string[][],
    result.result,
    item.where,
  );
  const { calls, turns } = multiTurnCalls(result.result, item.where);
  const users = userMessages(question, item.id)
    .slice(0, turns)
    .map((text) => text ?? '');
  const scored = scoreGold(gold, { calls, userMessages: users }, scoring).result();
  const conversation = scored.conversation!;
  return {
    id: item.id,
    index: item.index,
    category: item.category,
    valid: verdict.valid,
    ...(verdict.valid ? {} : { error_type: verdict.error_type!, error: redactDeep(verdict.error) }),
    score: scored.score,
    grade: scored.grade,
    turn_pass_rate: conversation.turnPassRate,
    first_failing_turn: conversation.firstFailingTurn,
    turns: conversation.turns.map((turn) => ({
      turn: turn.turn,
      score: turn.score,
      grade: turn.grade,
      verdict: turn.verdict,
    })),
    first_state_difference: firstStateDifference,
    top_issue: lineTopIssue(scored),
  };
}

/** The leaderboard's AST runner: a result that does not decode, or decodes to the wrong shape, fails before any check. */
function astVerdict(decoded: Decoded, check: (calls: BfclCall[]) => CheckResult): CheckResult {
  if ('error' in decoded)
    return {
      valid: false,
      error: [`Invalid syntax. Failed to decode AST. ${decoded.error}`],
      error_type: 'ast_decoder:decoder_failed',
    };
  if ('wrongFormat' in decoded)
    return {
      valid: false,
      error: [
        'Did not output in the specified format. Note: the model_result is wrapped in a string to ensure json serializability.',
      ],
      error_type: 'ast_decoder:decoder_wrong_output_format',
    };
  return check(decoded.calls);
}

/** The leaderboard's relevance runner: irrelevance is valid when no call decodes, relevance when one does. */
function relevanceVerdict(
  kind: 'irrelevance' | 'relevance',
  decoded: Decoded,
  ruleset: BfclItem['ruleset'],
): CheckResult {
  const called = !isEmptyOutput(decoded, ruleset);
  if (kind === 'irrelevance')
    return called
      ? {
          valid: false,
          error: ['Valid syntax. Successfully decode AST when it should not.'],
          // In 2024-08 the category was named "relevance", and so was its error.
          error_type: ruleset === 'v1' ? 'relevance_error:decoder_success' : 'irrelevance_error:decoder_success',
        }
      : { valid: true, error: [] };
  return called
    ? { valid: true, error: [] }
    : {
        valid: false,
        error: [
          `Invalid syntax. Failed to decode AST when it should have. ${'error' in decoded ? decoded.error : ''}`.trimEnd(),
        ],
        error_type: 'relevance_error:decoder_failed',
      };
}
