import { dirname } from 'node:path';
import { scoreCalls } from '../core/evaluate.js';
import type { EvaluationResult } from '../core/result.js';
import { resolveLimits, withStackGuard, type EvaluationLimits } from '../core/limits.js';
import { normalizeWeights, type WeightsInput } from '../core/weights.js';
import type { JudgeOption } from '../judge/config.js';
import { parseBudgets, type Budgets } from '../metrics/budget.js';
import { parseForbiddenRules, type ForbiddenRule } from '../metrics/policy.js';
import { readToolCatalogue, type ToolCatalogue } from '../schemas/catalogue.js';
import { resolveDatabaseLimits } from '../side-effects/database.js';
import { parseDatabaseUrl } from '../side-effects/database-url.js';
import { sideEffectMetrics } from '../side-effects/run.js';
import { readJsonFile } from './files.js';
import { loadGoldFile } from './gold.js';
import { loadForbiddenRules } from './rules.js';
import { checkFormatName, loadTraceFile } from './trace.js';

/** Options of `evaluateTrace()`. */
export interface EvaluateTraceOptions {
  /** Path of the gold standard (JSON array of expected calls, or `{"calls": [...]}`). */
  goldFile: string;
  /** Path of the trace. */
  traceFile: string;
  /** Trace format; `auto` (default) detects it. */
  format?: string;
  /** Weights merged over the defaults and renormalized. */
  weights?: WeightsInput;
  /** Compare arguments strictly; numbers written `1.0` in a file differ from `1`. */
  strict?: boolean;
  /** Forbidden rules, or the path of a rules file. */
  forbidden?: readonly ForbiddenRule[] | string;
  /** Run the gold file's `side_effects` checks (default true). */
  validateSideEffects?: boolean;
  /** Directory `file_exists` checks resolve against (default: the gold file's directory). */
  root?: string;
  /** Database for live `sql_rows` checks: `sqlite:path.db` or `postgres://…` (checked before any file is read, opened only when a check needs it). */
  db?: string;
  /** Let live checks connect to PostgreSQL as a superuser or a member of the server-file roles (refused by default). */
  dbAllowSuperuser?: boolean;
  /** Seconds a live query may run before it is stopped and its check fails (default 10). */
  dbTimeoutSeconds?: number;
  /** Most rows a live query may return; more fails its check (default 100,000). */
  dbMaxRows?: number;
  /** The tools offered to the agent, or the path of a file holding them (OpenAI/Anthropic tools, MCP tools/list). */
  tools?: unknown;
  /** Limits on calls, time and cost. */
  budgets?: Budgets;
  /** Bounds on nesting depth and work for hostile or huge input (see `DEFAULT_LIMITS`). */
  limits?: Partial<EvaluationLimits>;
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
  const weights = normalizeWeights(options.weights);
  const format = checkFormatName(options.format ?? 'auto');
  const strict = options.strict === true;
  const budgets = options.budgets === undefined ? undefined : parseBudgets(options.budgets);
  const limits = resolveLimits(options.limits);
  const db = options.db === undefined ? undefined : parseDatabaseUrl(options.db);
  const dbLimits = resolveDatabaseLimits(options);
  // The judge and its provider SDK are loaded only when asked for.
  const judge = options.judge === undefined || options.judge === false ? undefined : await (await import('../judge/judge.js')).createJudge(options.judge);
  const forbidden =
    options.forbidden === undefined ? undefined
    : typeof options.forbidden === 'string' ? await loadForbiddenRules(options.forbidden)
    : parseForbiddenRules(options.forbidden);
  const catalogue = await loadCatalogue(options.tools);
  const [expected, trace] = await Promise.all([
    loadGoldFile(options.goldFile, { keepNumberKinds: strict }, limits.maxDepth),
    loadTraceFile(options.traceFile, format, { keepNumberKinds: strict }),
  ]);
  const result = withStackGuard(() => scoreCalls(expected, trace.calls, { weights, mode: strict ? 'strict' : 'lenient', forbidden, catalogue, budgets, limits, warnings: trace.warnings }), options.traceFile);
  if (options.validateSideEffects !== false) {
    result.metrics.side_effect_metrics = await sideEffectMetrics(result.goldCalls, result.traceCalls, result.pairing, {
      root: options.root ?? dirname(options.goldFile),
      db,
      dbLimits,
    });
  }
  if (judge) result.metrics.semantic_metrics = await judge.score(result.goldCalls, result.traceCalls, result.pairing);
  return result;
}

async function loadCatalogue(tools: unknown): Promise<ToolCatalogue | undefined> {
  if (tools === undefined) return undefined;
  if (typeof tools === 'string') return readToolCatalogue(await readJsonFile(tools), tools);
  return readToolCatalogue(tools);
}
