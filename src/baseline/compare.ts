import { createHash } from 'node:crypto';
import { ToolscoreInputError } from '../core/errors.js';
import { VERSION } from '../core/version.js';
import { trialCasesOf, type TrialCase } from '../batch/trials.js';
import type { BatchLine, BatchTopIssue } from '../batch/types.js';
import { isTrialSuccess } from '../trials/case-stats.js';
import { largestK, passHatK, type TrialCount } from '../trials/estimators.js';
import { signTestP } from '../trials/sign-test.js';
import { goldMismatchText, forbiddenRulesMissingText, trialsNotComparedText } from './text.js';
import {
  MEASURES,
  batchValues,
  isScored,
  measureNamed,
  type Measure,
  type MeasureRule,
  type Values,
} from './measures.js';
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

/** A case whose trials all succeeded in the baseline and not now: a regression of its own. */
export interface TrialCaseChange {
  id: string;
  /** `became_flaky`: some trials succeed now (0 < c < n); `stopped_passing`: none does. */
  change: 'became_flaky' | 'stopped_passing';
  baseline: TrialCount;
  current: TrialCount;
  /** The top issue of its first failed trial, or why that trial could not be scored. */
  top_issue: BatchTopIssue | null;
  error?: string;
}

/** How the trials of a run compare with the baseline's (both runs have trials). */
interface TrialComparison {
  /** How a trial's success was counted in both runs: the baseline's rule. */
  success: 'verdict' | 'min_score';
  min_score: number | null;
  /** pass^k is compared for k = 1 … this: the fewest trials of a case in either run. */
  largest_k: number;
  /** Cases with trials in both runs. */
  compared: number;
  became_flaky: number;
  stopped_passing: number;
  /** Those cases, flaky first, each by id (at most `SHOWN_CASES`). */
  regressed_cases: TrialCaseChange[];
  /** The two-sided exact sign test on the compared cases' success rates c/n; ties dropped; it gates nothing. */
  sign_test: { better: number; worse: number; ties: number; p_value: number };
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
  /** Present when both runs have trials: a case that stopped passing every trial fails the run too. */
  trials?: TrialComparison;
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

/** A case of this run as the score check sees it: a line, or the trials of one case (their mean score). */
interface CurrentCase {
  id: string;
  /** Null when the case could not be scored (an error line, or every trial an error). */
  score: number | null;
  top_issue: BatchTopIssue | null;
}

/** The run's cases in order: each line without a trial, and each case of trials once, where it first came. */
function currentCases(lines: readonly BatchLine[], trialCases: ReadonlyMap<string, TrialCase>): CurrentCase[] {
  const cases: CurrentCase[] = [];
  const done = new Set<string>();
  for (const line of lines) {
    const trialCase = line.trial === undefined ? undefined : trialCases.get(line.id);
    if (trialCase === undefined) {
      cases.push({
        id: line.id,
        score: isScored(line) ? line.score : null,
        top_issue: isScored(line) ? line.top_issue : null,
      });
      continue;
    }
    if (done.has(line.id)) continue;
    done.add(line.id);
    // The issue of its lowest-scoring trial: what the mean hides.
    const worst = trialCase.lines.reduce<(typeof trialCase.lines)[number] | undefined>(
      (low, trial) => (trial.score !== null && (low === undefined || trial.score < low.score!) ? trial : low),
      undefined,
    );
    cases.push({ id: line.id, score: trialCase.stats.meanScore, top_issue: worst?.top_issue ?? null });
  }
  return cases;
}

/** Cases matched by id: counts added and removed, and lists those whose score (a case of trials: its mean) dropped most. */
function compareCases(baseline: LoadedBaseline, cases: readonly CurrentCase[], scoreThreshold: number): CaseComparison {
  const before = new Map((baseline.cases ?? []).map((entry) => [entry.id, entry]));
  const ids = new Set(cases.map((entry) => entry.id));
  const changes: CaseChange[] = [];
  let compared = 0;
  for (const entry of cases) {
    const old = before.get(entry.id);
    if (old === undefined || old.score === null || entry.score === null) continue;
    compared++;
    const delta = entry.score - old.score;
    if (delta < -(scoreThreshold + SLACK))
      changes.push({
        id: entry.id,
        baseline_score: old.score,
        current_score: entry.score,
        delta,
        top_issue: entry.top_issue,
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

/** The first failed trial of a case: its top issue, or why it could not be scored. */
function firstFailure(
  trialCase: TrialCase,
  minScore: number | undefined,
): Pick<TrialCaseChange, 'top_issue' | 'error'> {
  const ordered = [...trialCase.lines].sort((a, b) => a.trial - b.trial);
  const failed = ordered.find(
    (line) =>
      !isTrialSuccess(
        line.score === null || line.verdict === null ? null : { score: line.score, verdict: line.verdict },
        minScore,
      ),
  );
  if (failed === undefined) return { top_issue: null };
  return failed.error === undefined ? { top_issue: failed.top_issue } : { top_issue: null, error: failed.error };
}

/**
 * The trials of both runs: pass^k for each k both have (items judged by the threshold of `pass_hat_k`),
 * the cases whose every trial succeeded in the baseline and not now, and the sign test on success rates.
 */
function compareTrials(
  baseline: LoadedBaseline,
  trialCases: ReadonlyMap<string, TrialCase>,
  thresholds: Thresholds,
): { items: RegressionItem[]; trials: TrialComparison } {
  const rule = baseline.trials!;
  const minScore = rule.minScore ?? undefined;
  const before = new Map<string, TrialCount>();
  for (const entry of baseline.cases ?? []) if ('n' in entry) before.set(entry.id, { n: entry.n, c: entry.c });
  const now = new Map([...trialCases].map(([id, { stats }]) => [id, { n: stats.n, c: stats.c }]));
  const largest = Math.min(largestK([...before.values()]), largestK([...now.values()]));
  const measure = measureNamed('pass_hat_k')!;
  const threshold = thresholdOf(thresholds, measure.name);
  const items: RegressionItem[] = [];
  for (let k = 1; k <= largest; k++) {
    const was = passHatK([...before.values()], k);
    const is = passHatK([...now.values()], k);
    items.push({
      metric: `pass^${k}`,
      baseline: was,
      current: is,
      delta: is - was,
      threshold,
      rule: measure.rule,
      better: measure.better,
      unit: measure.unit,
      status: statusOf(measure, was, is, threshold),
    });
  }
  const changes: TrialCaseChange[] = [];
  let better = 0;
  let worse = 0;
  let ties = 0;
  for (const [id, current] of now) {
    const old = before.get(id);
    if (old === undefined) continue;
    const difference = current.c * old.n - old.c * current.n;
    if (difference > 0) better++;
    else if (difference < 0) worse++;
    else ties++;
    if (old.c === old.n && current.c < current.n)
      changes.push({
        id,
        change: current.c > 0 ? 'became_flaky' : 'stopped_passing',
        baseline: old,
        current,
        ...firstFailure(trialCases.get(id)!, minScore),
      });
  }
  changes.sort((a, b) =>
    a.change !== b.change ? (a.change === 'became_flaky' ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const flaky = changes.filter((change) => change.change === 'became_flaky').length;
  return {
    items,
    trials: {
      success: rule.success,
      min_score: rule.minScore,
      largest_k: largest,
      compared: better + worse + ties,
      became_flaky: flaky,
      stopped_passing: changes.length - flaky,
      regressed_cases: changes.slice(0, SHOWN_CASES),
      sign_test: { better, worse, ties, p_value: signTestP(better, worse) },
    },
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
  const lines = run.kind === 'batch' ? run.lines : [];
  const trialCases = trialCasesOf(lines, baseline.trials?.minScore ?? undefined);
  let trials: TrialComparison | undefined;
  if (baseline.trials !== null && trialCases.size > 0) {
    const compared = compareTrials(baseline, trialCases, options.thresholds);
    items.push(...compared.items);
    trials = compared.trials;
  } else if (baseline.trials !== null || trialCases.size > 0)
    warnings.push(trialsNotComparedText(baseline.trials !== null));
  const regressions = items.filter((item) => item.status === 'regressed').length;
  const caseRegressions = trials === undefined ? 0 : trials.became_flaky + trials.stopped_passing;
  return {
    schema_version: REGRESSION_SCHEMA_VERSION,
    toolscore_version: VERSION,
    created_at: (options.now ?? new Date()).toISOString(),
    passed: regressions === 0 && caseRegressions === 0,
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
    cases:
      run.kind === 'batch'
        ? compareCases(baseline, currentCases(run.lines, trialCases), thresholdOf(options.thresholds, 'score'))
        : null,
    ...(trials === undefined ? {} : { trials }),
    warnings,
  };
}
