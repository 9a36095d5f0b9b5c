import { GRADES, type Grade, meetsMinScore } from '../core/grade.js';
import { VERSION } from '../core/version.js';
import { isScoredLine, sortedRecord } from './results-line.js';
import { trialLineOf, trialsSummary, type TrialLine } from './trials.js';
import {
  BATCH_METRICS,
  BATCH_SCHEMA_VERSION,
  type BatchDistribution,
  type BatchLine,
  type BatchMetric,
  type BatchSummary,
  type BatchToolCounts,
  type BatchTurns,
} from './types.js';

/** How many of the lowest-scoring cases a summary lists. */
const WORST_CASES = 10;
/** How many error lines a summary repeats (all of them stay in the results file). */
const SUMMARY_ERRORS = 100;
/** How many distinct gold warnings a summary repeats (every one stays on its case's line). */
const SUMMARY_GOLD_WARNINGS = 100;
/** Bins of the score histogram. */
const HISTOGRAM_BINS = 10;

/** The numbers of one distribution, kept as doubles (8 bytes a case), since percentiles need them all. */
class Numbers {
  private values = new Float64Array(1024);
  private length = 0;
  private sum = 0;

  add(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
    this.sum += value;
  }

  /** The values, in the order they came. */
  taken(): Float64Array {
    return this.values.slice(0, this.length);
  }

  /** How many values meet a minimum score (`meetsMinScore`). */
  countMeeting(minScore: number): number {
    let count = 0;
    for (let i = 0; i < this.length; i++) if (meetsMinScore(this.values[i]!, minScore)) count++;
    return count;
  }

  /**
   * Mean, and nearest-rank percentiles: the p-th percentile of n sorted values is the value at rank
   * ⌈p/100 · n⌉ (1-based), so every percentile is one of the values; the median is the 50th (for an even
   * count, the lower of the two middle values).
   */
  distribution(): BatchDistribution {
    const n = this.length;
    if (n === 0) return { count: 0, mean: null, median: null, p10: null, p90: null, min: null, max: null };
    const sorted = this.values.slice(0, n).sort();
    const rank = (p: number): number => sorted[Math.max(1, Math.ceil((p / 100) * n)) - 1]!;
    return {
      count: n,
      mean: this.sum / n,
      median: rank(50),
      p10: rank(10),
      p90: rank(90),
      min: sorted[0]!,
      max: sorted[n - 1]!,
    };
  }
}

type WorstCase = BatchSummary['worst_cases'][number];

/**
 * What a SummaryBuilder holds, as plain data a worker can post: merged into another builder in index
 * order, it adds exactly what feeding that builder the same lines would (the values in their order, so
 * even the float sums are equal to the bit; a batch's worst cases contain any of the run's).
 */
export interface SummaryDigest {
  /** The score's values, then each metric's (nulls left out), in index order. */
  values: Float64Array[];
  grades: number[];
  histogram: number[];
  tools: [string, BatchToolCounts][];
  worst: WorstCase[];
  errors: BatchSummary['errors'];
  totals: BatchSummary['totals'];
  goldWarnings: BatchSummary['gold_warnings'];
  scored: number;
  failed: number;
  /** The lines with a trial, in index order. */
  trials: TrialLine[];
  /** What the conversation cases said of their turns, in index order. */
  turns: TurnDigest;
}

/** The turn statistics of the conversation cases seen: each case's pass rate in order (for an exact mean), the counts. */
interface TurnDigest {
  rates: Float64Array;
  turns: number;
  passed: number;
  allPassed: number;
  /** [turn, cases whose first failing turn it is]. */
  firstFailing: [number, number][];
}

/**
 * Builds the aggregate of a run from its results lines, fed in index order (a run and a merge of its
 * shards feed the same lines in the same order, so sums, and so the summaries, are equal to the bit).
 * Memory: 8 bytes per case for each of the 7 distributions, the tools seen, 10 worst cases, 100 errors,
 * and a small record per line with a trial.
 */
export class SummaryBuilder {
  private readonly score = new Numbers();
  private readonly metrics = Object.fromEntries(BATCH_METRICS.map((name) => [name, new Numbers()])) as Record<
    BatchMetric,
    Numbers
  >;
  private readonly grades = Object.fromEntries(GRADES.map((grade) => [grade, 0])) as Record<Grade, number>;
  private readonly histogram = new Array<number>(HISTOGRAM_BINS).fill(0);
  private readonly tools = new Map<string, BatchToolCounts>();
  private readonly worst: WorstCase[] = [];
  private readonly errors: BatchSummary['errors'] = [];
  private readonly totals = { failed_calls: 0, policy_violations: 0, secrets: 0, budget_violations: 0 };
  private readonly goldWarnings = { cases: 0, warnings: [] as string[] };
  /** The lines with a trial, kept whole to the end (a case's trials may be anywhere in the run). */
  private readonly trials: TrialLine[] = [];
  /** The conversation cases' turn pass rates, and their turn counts. */
  private readonly turnRates = new Numbers();
  private readonly turnCounts = { turns: 0, passed: 0, allPassed: 0 };
  private readonly firstFailing = new Map<number, number>();
  private scored = 0;
  private failed = 0;

  add(line: BatchLine): void {
    const trial = trialLineOf(line);
    if (trial !== undefined) this.trials.push(trial);
    if (!isScoredLine(line)) {
      this.failed++;
      if (this.errors.length < SUMMARY_ERRORS) this.errors.push(line);
      return;
    }
    this.scored++;
    this.score.add(line.score);
    for (const name of BATCH_METRICS) {
      const value = line.metrics[name];
      if (value !== null) this.metrics[name].add(value);
    }
    this.grades[line.grade]++;
    this.histogram[Math.min(HISTOGRAM_BINS - 1, Math.floor(line.score * HISTOGRAM_BINS))]!++;
    for (const tool in line.tools) this.sumTool(tool, line.tools[tool]!);
    this.totals.failed_calls += line.failed_calls;
    this.totals.policy_violations += line.policy_violations;
    this.totals.secrets += line.secrets;
    this.totals.budget_violations += line.budget_violations;
    if (line.gold_warnings !== undefined && line.gold_warnings.length > 0) {
      this.goldWarnings.cases++;
      this.keepGoldWarnings(line.gold_warnings);
    }
    if (line.turns !== undefined) {
      this.turnRates.add(line.turns.pass_rate);
      this.turnCounts.turns += line.turns.count;
      this.turnCounts.passed += line.turns.passed;
      if (line.turns.first_failing === null) this.turnCounts.allPassed++;
      else this.countFirstFailing(line.turns.first_failing, 1);
    }
    this.keepIfWorst({
      id: line.id,
      index: line.index,
      score: line.score,
      grade: line.grade,
      top_issue: line.top_issue,
    });
  }

  /** This builder's state (see `SummaryDigest`). */
  digest(): SummaryDigest {
    return {
      values: [this.score.taken(), ...BATCH_METRICS.map((name) => this.metrics[name].taken())],
      grades: GRADES.map((grade) => this.grades[grade]),
      histogram: [...this.histogram],
      tools: [...this.tools],
      worst: [...this.worst],
      errors: [...this.errors],
      totals: { ...this.totals },
      goldWarnings: { cases: this.goldWarnings.cases, warnings: [...this.goldWarnings.warnings] },
      scored: this.scored,
      failed: this.failed,
      trials: [...this.trials],
      turns: {
        rates: this.turnRates.taken(),
        turns: this.turnCounts.turns,
        passed: this.turnCounts.passed,
        allPassed: this.turnCounts.allPassed,
        firstFailing: [...this.firstFailing],
      },
    };
  }

  /** Adds a digest of the lines that follow the ones seen so far. */
  merge(digest: SummaryDigest): void {
    const [scores, ...metrics] = digest.values;
    for (const value of scores!) this.score.add(value);
    BATCH_METRICS.forEach((name, i) => {
      for (const value of metrics[i]!) this.metrics[name].add(value);
    });
    GRADES.forEach((grade, i) => {
      this.grades[grade] += digest.grades[i]!;
    });
    digest.histogram.forEach((count, bin) => {
      this.histogram[bin]! += count;
    });
    for (const [tool, counts] of digest.tools) this.sumTool(tool, counts);
    for (const entry of digest.worst) this.keepIfWorst(entry);
    for (const error of digest.errors) if (this.errors.length < SUMMARY_ERRORS) this.errors.push(error);
    this.totals.failed_calls += digest.totals.failed_calls;
    this.totals.policy_violations += digest.totals.policy_violations;
    this.totals.secrets += digest.totals.secrets;
    this.totals.budget_violations += digest.totals.budget_violations;
    this.goldWarnings.cases += digest.goldWarnings.cases;
    this.keepGoldWarnings(digest.goldWarnings.warnings);
    this.scored += digest.scored;
    this.failed += digest.failed;
    for (const trial of digest.trials) this.trials.push(trial);
    for (const rate of digest.turns.rates) this.turnRates.add(rate);
    this.turnCounts.turns += digest.turns.turns;
    this.turnCounts.passed += digest.turns.passed;
    this.turnCounts.allPassed += digest.turns.allPassed;
    for (const [turn, cases] of digest.turns.firstFailing) this.countFirstFailing(turn, cases);
  }

  /** Cases scored and cases that could not be. */
  get counts(): { scored: number; failed: number } {
    return { scored: this.scored, failed: this.failed };
  }

  /**
   * The summary; `createdAt` is its one timestamp, `minScore` the gate its pass rate is measured at (and
   * what a trial's success is, when given).
   */
  summary(options: { createdAt: Date; minScore?: number | undefined }): BatchSummary {
    const { minScore } = options;
    const trials = trialsSummary(this.trials, minScore);
    const turns = this.turnsSummary();
    const tools = new Map<string, BatchToolCounts & { error_rate: number | null }>();
    for (const [tool, counts] of this.tools)
      tools.set(tool, {
        ...counts,
        error_rate: counts.actual_calls === 0 ? null : counts.failed_calls / counts.actual_calls,
      });
    return {
      schema_version: BATCH_SCHEMA_VERSION,
      toolscore_version: VERSION,
      created_at: options.createdAt.toISOString(),
      cases: { total: this.scored + this.failed, scored: this.scored, failed: this.failed },
      score: this.score.distribution(),
      metrics: Object.fromEntries(BATCH_METRICS.map((name) => [name, this.metrics[name].distribution()])) as Record<
        BatchMetric,
        BatchDistribution
      >,
      grades: { ...this.grades },
      min_score: minScore ?? null,
      pass_rate: minScore === undefined || this.scored === 0 ? null : this.score.countMeeting(minScore) / this.scored,
      histogram: [...this.histogram],
      tools: sortedRecord(tools),
      worst_cases: [...this.worst],
      errors: [...this.errors],
      totals: { ...this.totals },
      gold_warnings: { cases: this.goldWarnings.cases, warnings: [...this.goldWarnings.warnings] },
      ...(trials === undefined ? {} : { trials }),
      ...(turns === undefined ? {} : { turns }),
    };
  }

  /** The turn statistics, when a conversation case was scored. */
  private turnsSummary(): BatchTurns | undefined {
    const rates = this.turnRates.distribution();
    if (rates.mean === null) return undefined;
    const firstFailing: Record<string, number> = {};
    for (const turn of [...this.firstFailing.keys()].sort((a, b) => a - b))
      firstFailing[String(turn)] = this.firstFailing.get(turn)!;
    return {
      cases: rates.count,
      turns: this.turnCounts.turns,
      passed_turns: this.turnCounts.passed,
      mean_pass_rate: rates.mean,
      all_passed: this.turnCounts.allPassed,
      first_failing: firstFailing,
    };
  }

  private countFirstFailing(turn: number, cases: number): void {
    this.firstFailing.set(turn, (this.firstFailing.get(turn) ?? 0) + cases);
  }

  /**
   * Keeps warnings not seen yet, up to SUMMARY_GOLD_WARNINGS: one gold file behind every trace gives
   * the same warnings on every line, listed once (merged digests keep the same first ones, in order).
   */
  private keepGoldWarnings(warnings: readonly string[]): void {
    const kept = this.goldWarnings.warnings;
    for (const warning of warnings) {
      if (kept.length === SUMMARY_GOLD_WARNINGS) return;
      if (!kept.includes(warning)) kept.push(warning);
    }
  }

  private sumTool(tool: string, counts: BatchToolCounts): void {
    let sum = this.tools.get(tool);
    if (sum === undefined) {
      sum = { expected_calls: 0, actual_calls: 0, selection_misses: 0, failed_calls: 0 };
      this.tools.set(tool, sum);
    }
    sum.expected_calls += counts.expected_calls;
    sum.actual_calls += counts.actual_calls;
    sum.selection_misses += counts.selection_misses;
    sum.failed_calls += counts.failed_calls;
  }

  /** Keeps the WORST_CASES lowest scores, ties to the lower index (lines arrive in index order). */
  private keepIfWorst(entry: WorstCase): void {
    const worst = this.worst;
    if (worst.length === WORST_CASES && entry.score >= worst[WORST_CASES - 1]!.score) return;
    let at = worst.length;
    while (at > 0 && worst[at - 1]!.score > entry.score) at--;
    worst.splice(at, 0, entry);
    if (worst.length > WORST_CASES) worst.pop();
  }
}
