import { autoExtract } from '../formats/auto.js';
import { parseBudgets, type Budgets } from '../metrics/budget.js';
import { readToolCatalogue } from '../schemas/catalogue.js';
import { parseForbiddenRules, type ForbiddenRule } from '../metrics/policy.js';
import { readToolList } from '../gold/gold.js';
import { readCheckedGold } from '../io/gold-check.js';
import { checkStateLimits, resolveLimits, withStackGuard, type EvaluationLimits } from '../core/limits.js';
import type { EvaluationResult, TurnAggregate } from './result.js';
import type { ActualCallInput, Gold, GoldInput } from '../core/types.js';
import { ToolscoreInputError, describeType } from '../core/errors.js';
import { normalizeWeights, type WeightsInput } from '../core/weights.js';
import type { ScoreSettings } from './score.js';
import { TURN_AGGREGATES, scoreGold } from './turns.js';
import { CompiledGold } from './compiled-gold.js';

export { compositeScore, scoreCalls, type CheckedMetrics, type ScoreSettings } from './score.js';

/** Options of `evaluate()`. */
export interface EvaluateOptions {
  /**
   * Expected calls: `{tool, args?, optional?, extra_args?}` entries and `{"$any_order": [...]}` groups, or a
   * gold file's object form `{calls, order?, extra_args?, ignore_tools?, allow_extra_calls?}`
   * (docs/gold-language.md); `args` may hold matchers or `$` operators. A `compileGold()` result is
   * used as it is, read once for any number of evaluations.
   */
  expected: GoldInput | CompiledGold;
  /** Actual calls (`{tool, args?, result?, error?, is_error?, ...}`), or a raw response to auto-extract. */
  actual: readonly ActualCallInput[] | unknown;
  /** Weights merged over the defaults and renormalized. */
  weights?: WeightsInput;
  /** Compare arguments strictly: same JSON type and value, no trimming. */
  strict?: boolean;
  /** Calls the agent must never make; adds `metrics.policy_metrics`. */
  forbidden?: readonly ForbiddenRule[];
  /** The tools offered to the agent (OpenAI or Anthropic `tools`, an MCP `tools/list` result); adds `metrics.schema_metrics`. */
  tools?: unknown;
  /** Limits on calls, time and cost; adds `metrics.budget_metrics`. */
  budgets?: Budgets;
  /** Bounds on nesting depth and work for hostile or huge input (see `DEFAULT_LIMITS`). */
  limits?: Partial<EvaluationLimits>;
  /** Tools whose calls the gold does not care about, added to the gold's own `ignore_tools`. */
  ignoreTools?: readonly string[];
  /**
   * An unknown key in `expected` (`"arguments"` for `"args"`) throws an `UnknownGoldKeyError` instead of
   * adding a warning to `result.warnings`. The test APIs always set it: in a test a typo is a bug.
   */
  strictGold?: boolean;
  /** How a conversation's turn scores make its score: their `mean` (default) or their `min` (a `turns` gold only). */
  turnAggregate?: TurnAggregate;
  /**
   * The user's messages of the conversation, in order, for a `turns` gold: they say how many turns the
   * trace has and are checked against each turn's `user`. A recorded conversation's reader reports them
   * itself; give them when `actual` is a list of calls with `turn`.
   */
  userMessages?: readonly string[];
  /**
   * The agent's reply in each turn (index k-1 = turn k; its last assistant text, null for none), read by
   * the gold's `response` checks (docs/outcomes.md). A recorded conversation's reader reports them itself;
   * give them when `actual` is a list of calls. Absent: a `response` check finds "no reply recorded".
   */
  replies?: readonly (string | null)[];
  /**
   * The world before the run (a JSON document), for the gold's `state` (docs/outcomes.md). Give it with
   * `stateAfter`; absent: a `state` check finds "no before-state and after-state given".
   */
  stateBefore?: unknown;
  /** The world after the run (a JSON document): `expected` reads it, `unchanged` compares it with `stateBefore`. */
  stateAfter?: unknown;
}

/** Scores actual tool calls against expected ones. Synchronous, pure, no I/O. */
export function evaluate(options: EvaluateOptions): EvaluationResult {
  if (typeof options.expected === 'string') throw pathAsGoldError(options.expected);
  return withStackGuard(() => evaluateUnguarded(options), 'evaluate');
}

/** `expected: "gold.json"`: gold is never a string, and the likely mistake is a file path, so say where files are read. */
function pathAsGoldError(given: string): ToolscoreInputError {
  const shown = JSON.stringify(given.length > 80 ? `${given.slice(0, 79)}…` : given);
  return new ToolscoreInputError(
    { source: 'expected', path: '$' },
    `expected a JSON array of calls (or {"calls": [...]}), got a string (${shown}); evaluate() reads no files: for a gold file use evaluateTrace({ goldFile: ${shown}, traceFile }), or pass the parsed calls`,
  );
}

function evaluateUnguarded(options: EvaluateOptions): EvaluationResult {
  const settings = resolveSettings(options);
  const warnings: string[] = [];
  const gold = readExpected(options.expected, options.strictGold === true, settings.limits.maxDepth, warnings);
  const actual = autoExtract(options.actual, 'actual');
  warnings.push(...actual.warnings);
  const userMessages = readUserMessages(options.userMessages) ?? actual.userMessages;
  // The readers' replies (a field of the reading once they report them), unless the caller gives them.
  const replies = readReplies(options.replies) ?? (actual as { replies?: readonly (string | null)[] }).replies;
  const state = readStates(options, settings.limits);
  // The settings are this evaluation's own: they take its warnings and a flat gold's options without a copy.
  settings.warnings = warnings;
  if (gold.turns === undefined) settings.gold = gold.options;
  return scoreGold(gold, { calls: actual.calls, userMessages, replies, state }, settings).result();
}

/** The gold of `expected`: a compiled gold as it is (when read with the same options), else read now. */
function readExpected(
  expected: GoldInput | CompiledGold,
  strictGold: boolean,
  maxDepth: number,
  warnings: string[],
): Gold {
  if (expected instanceof CompiledGold && expected.readsAs(strictGold, maxDepth, 'expected')) {
    warnings.push(...expected.warnings);
    return expected.gold;
  }
  const input = expected instanceof CompiledGold ? expected.input : expected;
  return readCheckedGold(input, 'expected', { strictGold, warnings, maxDepth });
}

/** `stateBefore` and `stateAfter`: both or neither, each within the limits. */
function readStates(
  options: EvaluateOptions,
  limits: EvaluationLimits,
): { before: unknown; after: unknown } | undefined {
  const { stateBefore: before, stateAfter: after } = options;
  if (before === undefined && after === undefined) return undefined;
  if (before === undefined || after === undefined)
    throw new ToolscoreInputError(
      { source: before === undefined ? 'stateBefore' : 'stateAfter', path: '$' },
      'expected both stateBefore and stateAfter (the state check compares them), got only one',
    );
  checkStateLimits(before, 'stateBefore', limits);
  checkStateLimits(after, 'stateAfter', limits);
  return { before, after };
}

function readReplies(value: unknown): (string | null)[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value))
    throw new ToolscoreInputError(
      { source: 'replies', path: '$' },
      `expected an array of the agent's replies, one per turn, got ${describeType(value)}`,
    );
  const bad = value.findIndex((text) => typeof text !== 'string' && text !== null);
  if (bad >= 0)
    throw new ToolscoreInputError(
      { source: 'replies', path: `$[${bad}]` },
      `expected the reply as a string (or null for none), got ${describeType(value[bad])}`,
    );
  return value;
}

function readUserMessages(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value))
    throw new ToolscoreInputError(
      { source: 'userMessages', path: '$' },
      `expected an array of the user's messages, got ${describeType(value)}`,
    );
  const bad = value.findIndex((text) => typeof text !== 'string');
  if (bad >= 0)
    throw new ToolscoreInputError(
      { source: 'userMessages', path: `$[${bad}]` },
      `expected the user's message as a string, got ${describeType(value[bad])}`,
    );
  return value;
}

/** The options every way of scoring shares: `evaluate()`, `evaluateTrace()` and snapshot checks. */
export interface SettingsInput {
  weights?: WeightsInput | undefined;
  strict?: boolean | undefined;
  /** Rules as data (a rules file is loaded by its caller). */
  forbidden?: readonly ForbiddenRule[] | undefined;
  /** Tool definitions as data (a tools file is loaded by its caller). */
  tools?: unknown;
  budgets?: Budgets | undefined;
  limits?: Partial<EvaluationLimits> | undefined;
  /** Tools whose calls are set aside, beside the gold file's `ignore_tools` (`--ignore-tools`). */
  ignoreTools?: readonly string[] | undefined;
  /** How a conversation's turn scores make its score (`--turn-aggregate`; default `mean`). */
  turnAggregate?: TurnAggregate | undefined;
}

/**
 * Checks and normalizes the shared options, once, before any call is read: weights merged and
 * renormalized, rules and tool schemas parsed, budgets and limits checked.
 */
export function resolveSettings(options: SettingsInput): ScoreSettings {
  const limits = resolveLimits(options.limits);
  return {
    weights: normalizeWeights(options.weights),
    mode: options.strict ? 'strict' : 'lenient',
    forbidden:
      options.forbidden === undefined
        ? undefined
        : parseForbiddenRules(options.forbidden, 'forbidden', limits.maxDepth),
    catalogue: options.tools === undefined ? undefined : readToolCatalogue(options.tools),
    budgets: options.budgets === undefined ? undefined : parseBudgets(options.budgets),
    limits,
    ignoreTools: readToolList(options.ignoreTools, 'ignoreTools', '$'),
    turnAggregate: readTurnAggregate(options.turnAggregate),
  };
}

function readTurnAggregate(value: unknown): TurnAggregate {
  if (value === undefined || value === null) return 'mean';
  if (typeof value !== 'string' || !(TURN_AGGREGATES as readonly string[]).includes(value))
    throw new ToolscoreInputError(
      { source: 'turnAggregate' },
      `expected ${TURN_AGGREGATES.map((name) => JSON.stringify(name)).join(' or ')}, got ${typeof value === 'string' ? JSON.stringify(value) : describeType(value)}`,
    );
  return value as TurnAggregate;
}
