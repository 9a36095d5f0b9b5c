import { createHash } from 'node:crypto';
import { ToolscoreInputError } from '../core/errors.js';
import { VERSION } from '../core/version.js';
import type { BatchLine, BatchTopIssue } from '../batch/types.js';
import { goldMismatchText, forbiddenRulesMissingText } from './text.js';
import { MEASURES, batchValues, isScored, type Measure, type MeasureRule, type Values } from './measures.js';
import type { LoadedBaseline } from './read.js';
import { thresholdOf, type Thresholds } from './thresholds.js';

/** Layout version of `regression.json`. */
const REGRESSION_SCHEMA_VERSION = 1;

/** How a measure moved. */
type ItemStatus = 'regressed' | 'improved' | 'stable' | 'not_measured' | 'not_in_baseline';

/** One measure compared. */
export interface RegressionItem {
  metric: string;
  baseline: number | null;
  current: number | null;
  /** current − baseline; null when either is missing. */
  delta: number | null;
  /** The absolute delta allowed; null for safety counts (any rise is a regression). */
  threshold: number | null;
  rule: MeasureRule;
  better: Measure['better'];
  unit: Measure['unit'];
  status: ItemStatus;
}

/** A case of a batch whose score moved. */
export interface CaseChange {
  id: string;
  baseline_score: number;
  current_score: number;
  delta: number;
  top_issue: BatchTopIssue | null;
}

/** How the cases of a batch compare with the baseline's. */
interface CaseComparison {
  /** Cases scored in both runs. */
  compared: number;
  /** Case ids of this run the baseline does not have, and the reverse. */
  added: number;
  removed: number;
  /** Cases whose score dropped by more than the score's threshold. */
  regressed: number;
  /** The cases that dropped most, worst first (at most `SHOWN_CASES`). */
  worst: CaseChange[];
}

/** A comparison with a baseline: what `regression.json` holds. */
export interface Regression {
  schema_version: typeof REGRESSION_SCHEMA_VERSION;
  toolscore_version: string;
  created_at: string;
  passed: boolean;
  baseline: { file: string; format: LoadedBaseline['format']; kind: LoadedBaseline['kind']; created_at: string | null };
  /** Thresholds are absolute deltas (not percentages) on each measure's scale. */
  thresholds: Thresholds & { kind: 'absolute' };
  /** The gold file's hash in the baseline and now (same algorithm); null when not checked. */
  gold: { baseline: string; current: string; matches: boolean } | null;
  items: RegressionItem[];
  regression_count: number;
  improvement_count: number;
  cases: CaseComparison | null;
  warnings: string[];
}

/** How many regressed cases a comparison lists. */
const SHOWN_CASES = 10;

/** Float sums may land a hair past a threshold; this much is forgiven. */
const SLACK = 1e-9;

function statusOf(
  measure: Measure,
  baseline: number | null | undefined,
  current: number | null | undefined,
  threshold: number,
): ItemStatus {
  if (baseline === undefined) return 'not_in_baseline';
  if (current === undefined) return 'not_measured';
  if (baseline === null || current === null) return baseline === current ? 'stable' : 'not_measured';
  const gain = measure.better === 'higher' ? current - baseline : baseline - current;
  if (measure.rule === 'any_rise') return gain < 0 ? 'regressed' : gain > 0 ? 'improved' : 'stable';
  if (gain < -(threshold + SLACK)) return 'regressed';
  if (gain > threshold + SLACK) return 'improved';
  return 'stable';
}

/** Each measure either run has, in `MEASURES` order, then names only the baseline has (Python metrics we do not know). */
export function compareValues(baseline: Values, current: Values, thresholds: Thresholds): RegressionItem[] {
  const known = new Set(MEASURES.map((measure) => measure.name));
  const unknown: Measure[] = Object.keys(baseline)
    .filter((name) => !known.has(name))
    .map((name) => ({ name, better: 'higher', rule: 'threshold', unit: 'share' }));
  const items: RegressionItem[] = [];
  for (const measure of [...MEASURES, ...unknown]) {
    const before = Object.hasOwn(baseline, measure.name) ? baseline[measure.name] : undefined;
    const now = Object.hasOwn(current, measure.name) ? current[measure.name] : undefined;
    if (before === undefined && (now === undefined || measure.pythonOnly)) continue;
    const threshold = thresholdOf(thresholds, measure.name);
    items.push({
      metric: measure.name,
      baseline: before ?? null,
      current: now ?? null,
      delta: typeof before === 'number' && typeof now === 'number' ? now - before : null,
      threshold: measure.rule === 'any_rise' ? null : threshold,
      rule: measure.rule,
      better: measure.better,
      unit: measure.unit,
      status: statusOf(measure, before, now, threshold),
    });
  }
  return items;
}

/** Cases matched by id: counts added and removed, and lists those whose score dropped most. */
function compareCases(baseline: LoadedBaseline, lines: readonly BatchLine[], scoreThreshold: number): CaseComparison {
  const before = new Map((baseline.cases ?? []).map((entry) => [entry.id, entry]));
  const ids = new Set(lines.map((line) => line.id));
  const changes: CaseChange[] = [];
  let compared = 0;
  for (const line of lines) {
    const old = before.get(line.id);
    if (old === undefined || !isScored(line)) continue;
    compared++;
    const delta = line.score - old.score;
    if (delta < -(scoreThreshold + SLACK))
      changes.push({
        id: line.id,
        baseline_score: old.score,
        current_score: line.score,
        delta,
        top_issue: line.top_issue,
      });
  }
  changes.sort((a, b) => a.delta - b.delta || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    compared,
    added: [...ids].filter((id) => !before.has(id)).length,
    removed: [...before.keys()].filter((id) => !ids.has(id)).length,
    regressed: changes.length,
    worst: changes.slice(0, SHOWN_CASES),
  };
}

/** What a regression run measured. */
export type CurrentRun =
  | {
      kind: 'trace';
      values: Values;
      /** The gold file's bytes, hashed the way the baseline was. */
      goldContent: Uint8Array;
      /** Forbidden rules this run was checked against. */
      forbiddenRules: number;
    }
  | { kind: 'batch'; lines: readonly BatchLine[] };

/** Options of `compareWithBaseline`. */
export interface CompareOptions {
  thresholds: Thresholds;
  /** The baseline's path, as reports name it. */
  baselineFile: string;
  /** A gold file that differs from the baseline's is an error rather than a warning. */
  strictGold?: boolean;
  now?: Date;
}

/** The content's hash under the baseline hash's algorithm (`sha256`, or `md5` for Python baselines). */
function hashLike(baselineHash: string, content: Uint8Array): string {
  const algorithm = baselineHash.slice(0, baselineHash.indexOf(':'));
  return `${algorithm}:${createHash(algorithm).update(content).digest('hex')}`;
}

/**
 * Compares a run with a baseline: each measure by its rule, the gold file's hash (a mismatch warns, or
 * fails under `strictGold`), and for a batch its cases. Passes when no measure regressed.
 */
export function compareWithBaseline(baseline: LoadedBaseline, run: CurrentRun, options: CompareOptions): Regression {
  if (baseline.kind !== run.kind)
    throw new ToolscoreInputError(
      { source: options.baselineFile },
      run.kind === 'batch'
        ? 'is the baseline of one trace; compare it with a trace and --gold-file, or make one from a batch run'
        : 'is the baseline of a batch; compare it with --results RESULTS.jsonl',
    );
  const warnings: string[] = [];
  let gold: Regression['gold'] = null;
  const current = run.kind === 'batch' ? batchValues(run.lines) : run.values;
  if (run.kind === 'trace' && baseline.goldHash !== null) {
    const now = hashLike(baseline.goldHash, run.goldContent);
    gold = { baseline: baseline.goldHash, current: now, matches: now === baseline.goldHash };
    if (!gold.matches) {
      const text = goldMismatchText(baseline.goldHash, now);
      if (options.strictGold)
        throw new ToolscoreInputError({ source: options.baselineFile }, `${text} (--strict-gold)`);
      warnings.push(text);
    }
  }
  if (run.kind === 'trace' && (baseline.settings?.forbidden_rules ?? 0) > 0 && run.forbiddenRules === 0)
    warnings.push(forbiddenRulesMissingText(baseline.settings!.forbidden_rules));
  const items = compareValues(baseline.values, current, options.thresholds);
  const regressions = items.filter((item) => item.status === 'regressed').length;
  return {
    schema_version: REGRESSION_SCHEMA_VERSION,
    toolscore_version: VERSION,
    created_at: (options.now ?? new Date()).toISOString(),
    passed: regressions === 0,
    baseline: {
      file: options.baselineFile,
      format: baseline.format,
      kind: baseline.kind,
      created_at: baseline.createdAt,
    },
    thresholds: { kind: 'absolute', ...options.thresholds },
    gold,
    items,
    regression_count: regressions,
    improvement_count: items.filter((item) => item.status === 'improved').length,
    cases: run.kind === 'batch' ? compareCases(baseline, run.lines, thresholdOf(options.thresholds, 'score')) : null,
    warnings,
  };
}
