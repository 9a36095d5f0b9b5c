import { ToolscoreInputError } from '../core/errors.js';
import { checkMinScore } from '../core/grade.js';
import { depthCeilingError, MAX_DEPTH_CEILING, type EvaluationLimits } from '../core/limits.js';
import { normalizeWeights, type WeightsInput } from '../core/weights.js';
import type { Budgets } from '../metrics/budget.js';

/**
 * The scoring flags `eval`, `batch` and `merge` share (their table is `SCORING_OPTIONS` in
 * commands.ts), and the one parser of each.
 */
export interface ScoringFlags {
  /** Trace format name, or `auto`. */
  format: string;
  /** Repeated `--weight NAME=VALUE` texts. */
  weight: string[];
  /** Compare arguments strictly. */
  strict?: boolean;
  /** Path of a forbidden-rules file. */
  forbidden?: string;
  /** `--min-score` as typed. */
  minScore?: string;
  /** Exit 1 when a call matches a forbidden rule, passes a credential or breaks a budget. */
  failOnViolations?: boolean;
  /** Tool catalogue file (OpenAI/Anthropic tools, MCP tools/list). */
  tools?: string;
  /** Budget flags as typed. */
  maxCalls?: string;
  maxCallsPerTool: string[];
  maxDuration?: string;
  maxCallDuration?: string;
  maxCost?: string;
  /** Limit flags as typed. */
  maxDepth?: string;
  maxPairingCells?: string;
  maxSequenceCells?: string;
  maxLineBytes?: string;
  maxRegexChars?: string;
  maxStateBytes?: string;
}

/** A non-negative number flag. */
export function numberFlag(text: string | undefined, flag: string, whole = false): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || (whole && !Number.isInteger(value))) {
    throw new ToolscoreInputError(
      { source: flag },
      `expected a non-negative ${whole ? 'whole ' : ''}number, got ${JSON.stringify(text)}`,
    );
  }
  return value;
}

/** Budgets from `--max-calls`, `--max-calls-per-tool N` or `TOOL=N` (repeatable), `--max-duration`, `--max-call-duration`, `--max-cost`. */
export function parseBudgetFlags(flags: ScoringFlags): Budgets | undefined {
  const budgets: Budgets = {};
  const maxCalls = numberFlag(flags.maxCalls, '--max-calls', true);
  if (maxCalls !== undefined) budgets.max_calls = maxCalls;
  for (const text of flags.maxCallsPerTool) {
    const at = text.lastIndexOf('=');
    if (at < 0) {
      budgets.max_calls_per_tool = numberFlag(text, '--max-calls-per-tool', true)!;
      continue;
    }
    const perTool = typeof budgets.max_calls_per_tool === 'object' ? budgets.max_calls_per_tool : {};
    perTool[text.slice(0, at)] = numberFlag(text.slice(at + 1), '--max-calls-per-tool', true)!;
    budgets.max_calls_per_tool = perTool;
  }
  const seconds = numberFlag(flags.maxDuration, '--max-duration');
  if (seconds !== undefined) budgets.max_duration = seconds;
  const callSeconds = numberFlag(flags.maxCallDuration, '--max-call-duration');
  if (callSeconds !== undefined) budgets.max_call_duration = callSeconds;
  const cost = numberFlag(flags.maxCost, '--max-cost');
  if (cost !== undefined) budgets.max_cost = cost;
  return Object.keys(budgets).length > 0 ? budgets : undefined;
}

/** Limits from `--max-depth`, `--max-pairing-cells`, `--max-sequence-cells`, `--max-line-bytes`, `--max-regex-chars`. */
export function parseLimitFlags(flags: ScoringFlags): Partial<EvaluationLimits> {
  const limits: Partial<EvaluationLimits> = {};
  const depth = numberFlag(flags.maxDepth, '--max-depth', true);
  if (depth !== undefined && depth > MAX_DEPTH_CEILING) throw depthCeilingError('--max-depth');
  if (depth !== undefined) limits.maxDepth = depth;
  const pairing = numberFlag(flags.maxPairingCells, '--max-pairing-cells', true);
  if (pairing !== undefined) limits.maxPairingCells = pairing;
  const sequence = numberFlag(flags.maxSequenceCells, '--max-sequence-cells', true);
  if (sequence !== undefined) limits.maxSequenceCells = sequence;
  const lineBytes = numberFlag(flags.maxLineBytes, '--max-line-bytes', true);
  if (lineBytes !== undefined) limits.maxLineBytes = lineBytes;
  const regexChars = numberFlag(flags.maxRegexChars, '--max-regex-chars', true);
  if (regexChars !== undefined) limits.maxRegexChars = regexChars;
  const stateBytes = numberFlag(flags.maxStateBytes, '--max-state-bytes', true);
  if (stateBytes !== undefined) limits.maxStateBytes = stateBytes;
  return limits;
}

/**
 * Turns `--weight NAME=VALUE` texts into weights; later repeats of a name win.
 * @internal Exported for its tests only.
 */
export function parseWeightFlags(texts: readonly string[]): WeightsInput | undefined {
  if (texts.length === 0) return undefined;
  // No prototype, so `__proto__=1` is an own key that normalizeWeights reports as unknown, not a prototype change.
  const weights: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const text of texts) {
    const at = text.indexOf('=');
    const name = text.slice(0, at).trim();
    const valueText = text.slice(at + 1).trim();
    if (at < 0 || name === '') {
      throw new ToolscoreInputError(
        { source: '--weight' },
        `expected NAME=VALUE such as required_call_recall=0.3, got ${JSON.stringify(text)}`,
      );
    }
    const value = Number(valueText);
    if (valueText === '' || !Number.isFinite(value)) {
      throw new ToolscoreInputError({ source: '--weight' }, `expected a number after "=", got ${JSON.stringify(text)}`);
    }
    weights[name] = value;
  }
  // Checked here so a bad name is reported against --weight, before any file is read.
  normalizeWeights(weights, '--weight');
  return weights as WeightsInput;
}

/** `--min-score` as a number in [0, 1]. */
export function parseMinScore(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || Number.isNaN(value)) {
    throw new ToolscoreInputError(
      { source: '--min-score' },
      `expected a number between 0 and 1, got ${JSON.stringify(text)}`,
    );
  }
  return checkMinScore(value, '--min-score');
}
