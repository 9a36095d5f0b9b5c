import { scoreCalls } from '../core/evaluate.js';
import type { EvaluationResult } from '../core/result.js';
import { normalizeWeights, type WeightsInput } from '../core/weights.js';
import { parseForbiddenRules, type ForbiddenRule } from '../metrics/policy.js';
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
}

/** Loads a gold file and a trace file and scores them. Options are checked before any file is read. */
export async function evaluateTrace(options: EvaluateTraceOptions): Promise<EvaluationResult> {
  const weights = normalizeWeights(options.weights);
  const format = checkFormatName(options.format ?? 'auto');
  const strict = options.strict === true;
  const forbidden =
    options.forbidden === undefined ? undefined
    : typeof options.forbidden === 'string' ? await loadForbiddenRules(options.forbidden)
    : parseForbiddenRules(options.forbidden);
  const [expected, trace] = await Promise.all([
    loadGoldFile(options.goldFile, { keepNumberKinds: strict }),
    loadTraceFile(options.traceFile, format, { keepNumberKinds: strict }),
  ]);
  return scoreCalls(expected, trace.calls, { weights, mode: strict ? 'strict' : 'lenient', forbidden, warnings: trace.warnings });
}
