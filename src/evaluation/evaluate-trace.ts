import { dirname } from 'node:path';
import { resolveSettings, type CheckedMetrics } from './evaluate.js';
import { scoreGold } from './turns.js';
import type { EvaluationResult, TurnAggregate } from './result.js';
import { withStackGuard, type EvaluationLimits } from '../core/limits.js';
import type { WeightsInput } from '../core/weights.js';
import type { JudgeOption } from '../judge/config.js';
import type { Budgets } from '../metrics/budget.js';
import type { ForbiddenRule } from '../metrics/policy.js';
import { readToolCatalogue } from '../schemas/catalogue.js';
import { sideEffectMetrics } from '../side-effects/run.js';
import { readJsonFile } from '../io/files.js';
import { loadGold } from '../io/gold.js';
import { refuseGoldAsTrace } from '../io/gold-check.js';
import { loadForbiddenRules } from '../io/rules.js';
import { loadTraceFile } from '../io/trace.js';
import { checkFormatName } from '../formats/registry.js';
import { runSource, severalRunsText } from '../formats/runs.js';
import { ToolscoreInputError } from '../core/errors.js';
import { parseDatabaseUrl } from '../side-effects/database-url.js';
import { resolveDatabaseLimits } from '../side-effects/database.js';
import { loadStates, stateSources, type StateSourceOptions } from './state-sources.js';

/** Options of `evaluateTrace()`. */
export interface EvaluateTraceOptions extends StateSourceOptions {
  /** Path of the gold standard (JSON array of expected calls, or `{"calls": [...]}`). */
  goldFile: string;
  /** Path of the trace. */
  traceFile: string;
  /** Trace format; `auto` (default) detects it. */
  format?: string;
  /**
   * The run to score, by its id, when the trace file holds several (an ADK eval set's `eval_id`): such a
   * file is an error without it, as scoring every run against one gold is rarely what is meant.
   */
  run?: string;
  /** Weights merged over the defaults and renormalized. */
  weights?: WeightsInput;
  /** Compare arguments strictly; numbers written `1.0` in a file differ from `1`. */
  strict?: boolean;
  /** Forbidden rules, or the path of a rules file. */
  forbidden?: readonly ForbiddenRule[] | string;
  /** An unknown key in the gold file is an error instead of a warning (`--strict-gold`). */
  strictGold?: boolean;
  /** Run the gold file's `side_effects` checks (default true). */
  validateSideEffects?: boolean;
  /** Directory `file_exists` checks resolve against (default: the gold file's directory). */
  root?: string;
  /** Database for live `sql_rows` checks: `sqlite:path.db` or `postgres://…` (checked before any file is read, opened only when a check needs it). */
  db?: string;
  /** Let live checks connect to PostgreSQL as a superuser or a member of the server-file roles (refused by default). */
  dbAllowSuperuser?: boolean;
  /** Seconds a live query may run before it is stopped and its check fails, or its state is refused (default 10). */
  dbTimeoutSeconds?: number;
  /** Most rows a live query may return; more fails its check, or refuses its state (default 100,000). */
  dbMaxRows?: number;
  /** The tools offered to the agent, or the path of a file holding them (OpenAI/Anthropic tools, MCP tools/list). */
  tools?: unknown;
  /** Limits on calls, time and cost. */
  budgets?: Budgets;
  /** Tools whose calls the gold does not care about, added to the gold file's `ignore_tools`. */
  ignoreTools?: readonly string[];
  /** Bounds on nesting depth and work for hostile or huge input (see `DEFAULT_LIMITS`). */
  limits?: Partial<EvaluationLimits>;
  /** How a conversation's turn scores make its score: `mean` (default) or `min` (a `turns` gold only). */
  turnAggregate?: TurnAggregate;
  /**
   * Also ask an LLM judge about semantic equivalence (adds `metrics.semantic_metrics`): `true` for the
   * defaults, a model name, or a JudgeConfig. Off by default. Unlike the Python tool, every judge failure
   * throws: a bad config, a missing key or SDK before any file is read, a failed request after the
   * retries; none becomes a warning, an `error` entry or a zero score.
   */
  judge?: JudgeOption | false;
}

/** Loads a gold file and a trace file and scores them. Options are checked before any file is read. */
export async function evaluateTrace(options: EvaluateTraceOptions): Promise<EvaluationResult> {
  const format = checkFormatName(options.format ?? 'auto');
  // Rules and tools given as paths are loaded below, after every option was checked.
  const settings = resolveSettings({
    ...options,
    forbidden: typeof options.forbidden === 'string' ? undefined : options.forbidden,
    tools: typeof options.tools === 'string' ? undefined : options.tools,
  });
  const db = options.db === undefined ? undefined : parseDatabaseUrl(options.db);
  const dbLimits = resolveDatabaseLimits(options);
  const states = stateSources(options);
  // The judge and its provider SDK are loaded only when asked for.
  const judge =
    options.judge === undefined || options.judge === false
      ? undefined
      : await (await import('../judge/judge.js')).createJudge(options.judge);
  if (typeof options.forbidden === 'string')
    settings.forbidden = await loadForbiddenRules(options.forbidden, settings.limits.maxDepth);
  if (typeof options.tools === 'string')
    settings.catalogue = readToolCatalogue(await readJsonFile(options.tools), options.tools);
  const keepNumberKinds = settings.mode === 'strict';
  const goldWarnings: string[] = [];
  const [gold, trace] = await Promise.all([
    loadGold(
      options.goldFile,
      { keepNumberKinds, strictGold: options.strictGold === true, warnings: goldWarnings },
      settings.limits.maxDepth,
    ),
    loadTraceFile(options.traceFile, format, {
      keepNumberKinds,
      maxLineBytes: settings.limits.maxLineBytes,
      ...(options.run === undefined ? {} : { run: options.run }),
    }),
  ]);
  if (trace.runs !== undefined)
    throw new ToolscoreInputError({ source: options.traceFile }, severalRunsText(trace.runs));
  // A run of a file of several is named as batch names it, in every report.
  const traceFile = options.run === undefined ? options.traceFile : runSource(options.traceFile, options.run);
  const sources = { goldFile: options.goldFile, traceFile };
  refuseGoldAsTrace(trace.calls, options.traceFile);
  const state = states === undefined ? undefined : await loadStates(states, settings.limits, dbLimits, keepNumberKinds);
  const warnings = [...goldWarnings, ...trace.warnings];
  const scoring = withStackGuard(
    () => scoreGold(gold, { ...trace, state }, { ...settings, warnings, sources }),
    options.traceFile,
  );
  const checked: CheckedMetrics = {};
  if (options.validateSideEffects !== false) {
    checked.side_effect_metrics = await sideEffectMetrics(scoring.expected, scoring.actual, scoring.pairing, {
      root: options.root ?? dirname(options.goldFile),
      db,
      dbLimits,
    });
  }
  if (judge) checked.semantic_metrics = await judge.score(scoring.expected, scoring.actual, scoring.pairing);
  return scoring.result(checked);
}
