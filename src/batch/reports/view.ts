import { type Grade, GRADES, type Verdict, letterGrade, meetsMinScore } from '../../core/grade.js';
import type { IssueKind } from '../../core/issues.js';
import { displayText, percent } from '../../reports/text.js';
import { type Band, rateBand, scoreBand } from '../../reports/view-model.js';
import { VERSION } from '../../core/version.js';
import { METRIC_LABELS, REPORT_COLUMNS, REPORT_TEXT, verdictText } from '../../text/report.js';
import {
  BATCH_TEXT,
  batchHeadlineText,
  eachGateText,
  histogramRangeText,
  meanGateText,
  passRateText,
  passedOfText,
  trialCountsText,
  trialsHeadlineText,
  turnsHeadlineText,
  caseTurnsText,
} from './text.js';
import {
  BATCH_METRICS,
  type BatchDistribution,
  type BatchErrorLine,
  type BatchLine,
  type BatchMetric,
  type BatchScoredLine,
  type BatchSummary,
  type BatchToolCounts,
  type BatchTrials,
  type BatchTurns,
} from '../types.js';

/*
 * The one view of a batch that its reports render, built from the summary alone (the header, tables and
 * worst cases) and from one results line at a time (a case's detail). Reports never see evaluation
 * results, so shards merged by `toolscore merge` give the same reports as one run. Every text from the
 * summary or a results line goes through `displayText` here (credentials are masked upstream; this masks
 * again and escapes control characters), so a renderer only encodes it for its format.
 */

/** What every batch report is given: the summary, the results lines in dataset order, and the gate. */
export interface BatchReportInput {
  summary: BatchSummary;
  /** The results lines in dataset order; may be called more than once, each call reading them again. */
  lines: () => AsyncIterable<BatchLine>;
  /** The `--min-score` gate (default: the summary's). */
  minScore?: number;
  /** `--min-score-each`: the gate applies to every case instead of the mean. */
  minScoreEach?: boolean;
  /** When the report was made (default: the summary's `created_at`), so a report depends only on its inputs. */
  now?: Date;
}

/** Longest case id shown in the HTML and Markdown reports before it is cut (the CSV and JUnit reports have it whole). */
export const MAX_ID_TEXT = 200;

/** Longest problem, fix or error sentence shown before it is cut. */
export const MAX_SENTENCE_TEXT = 500;

/** `text` cut to `max` characters, the last one an ellipsis. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A number of the distribution tables: `83.5%`, or `n/a` when no case applies. */
function shareText(value: number | null): string {
  return value === null ? REPORT_TEXT.notApplicable : percent(value);
}

/** The `--min-score` gate over the batch. */
export interface BatchGateView {
  minScore: number;
  minScoreText: string;
  /** True for `--min-score-each`. */
  each: boolean;
  /** Scored cases at or above the minimum. */
  passing: number;
  passRateText: string;
  passed: boolean;
  /** `Mean score 83.5% meets the required 80.0%`, or for each case, how many are below. */
  text: string;
}

/** One row of the distribution table (the score, then each core metric). */
interface DistributionRow {
  key: 'score' | BatchMetric;
  label: string;
  count: number;
  /** Mean, median, p10, p90, min, max as shown. */
  texts: [string, string, string, string, string, string];
  /** How the mean reads (rates of wasted calls: lower is better). */
  band: Band;
}

/** One bar of the score histogram. */
interface HistogramBar {
  /** `80–90%`. */
  range: string;
  count: number;
}

/** Calls of one tool over the batch. */
export interface BatchToolView {
  tool: string;
  expected: number;
  actual: number;
  selectionMisses: number;
  failed: number;
  errorRate: number | null;
  errorRateText: string;
}

/** A top issue made safe to show. */
interface BatchIssueView {
  kind: IssueKind;
  tool: string;
  problem: string;
  fix: string;
}

/** A case of the worst-cases list. */
interface WorstCaseView {
  id: string;
  index: number;
  score: number;
  scoreText: string;
  grade: Grade;
  band: Band;
  issue: BatchIssueView | null;
}

/** A case that could not be scored. */
export interface ErrorCaseView {
  id: string;
  index: number;
  line: number | null;
  error: string;
}

/** Everything the batch reports show about the whole dataset. */
export interface BatchView {
  title: string;
  version: string;
  /** ISO 8601 in UTC. */
  generatedAt: string;
  cases: { total: number; scored: number; failed: number };
  mean: number | null;
  meanText: string;
  /** The letter grade of the mean score, or null when nothing was scored. */
  grade: Grade | null;
  band: Band;
  /** `mean score 83.5%, grade B, over 1000 scored cases`. */
  headline: string;
  gate: BatchGateView | null;
  totals: BatchSummary['totals'];
  distributions: DistributionRow[];
  histogram: HistogramBar[];
  grades: { grade: Grade; count: number; shareText: string }[];
  /** Most calls first (expected plus actual), ties by name. */
  tools: BatchToolView[];
  worstCases: WorstCaseView[];
  errors: ErrorCaseView[];
  /** Cases that could not be scored beyond the listed ones. */
  moreErrors: number;
  /** The trial statistics, when the run's lines carry trials. */
  trials: TrialsView | null;
  /** The turn statistics, when some case has a conversation gold. */
  turns: BatchTurnsView | null;
}

/** What the conversation cases say about their turns. */
interface BatchTurnsView {
  /** `3 conversation cases, 6 of 9 turns passed; mean turn pass rate 69.4%; every turn passed in 1 case`. */
  headline: string;
  meanPassRate: number;
  band: Band;
  /** Cases by their first failing turn, in turn order. */
  firstFailing: { turn: number; cases: number }[];
}

/** pass^k and pass@k for one k. */
interface PassKView {
  k: number;
  passHatK: number;
  passHatKText: string;
  passAtK: number;
  passAtKText: string;
  band: Band;
}

/** One trial of a flaky case: its score, verdict and top issue, or why it could not be scored. */
type TrialView =
  | { trial: number; success: boolean; scoreText: string; verdict: Verdict; band: Band; problem: string | null }
  | { trial: number; success: false; error: string };

/** A flaky case and its trials. */
interface FlakyCaseView {
  id: string;
  n: number;
  c: number;
  /** `1 of 4`. */
  passedText: string;
  meanText: string;
  spreadText: string;
  trials: TrialView[];
}

/** What the trials of a run say. */
export interface TrialsView {
  /** `50 cases × 4 trials, 200 trials in all; a success is a PASS verdict`. */
  headline: string;
  /** `Every trial passed: 10 cases · none passed: 14 · flaky: 26`. */
  countsText: string;
  passK: PassKView[];
  flakyCount: number;
  /** The flaky cases the summary lists (100 at most), worst first. */
  flaky: FlakyCaseView[];
}

/** One case's detail, from its results line. */
export interface CaseView {
  id: string;
  index: number;
  score: number;
  scoreText: string;
  grade: Grade;
  verdict: Verdict;
  band: Band;
  /** `WARN: score 83.5%, grade B`. */
  verdictLine: string;
  counts: { expected: number; actual: number; failed: number; violations: number; secrets: number };
  metrics: { key: BatchMetric; label: string; value: number | null; text: string; band: Band }[];
  tools: BatchToolView[];
  issue: BatchIssueView | null;
  /** `3 of 4 turns passed; first failing turn: 3` for a conversation case; null for a flat gold. */
  turnsText: string | null;
}

/** How a metric's value reads: redundant calls are a rate where lower is better; the rest are shares. */
export function metricBand(key: 'score' | BatchMetric, value: number | null): Band {
  if (value === null) return 'info';
  return key === 'redundant_rate' ? rateBand(value) : scoreBand(value);
}

function distributionRow(key: 'score' | BatchMetric, label: string, d: BatchDistribution): DistributionRow {
  return {
    key,
    label,
    count: d.count,
    texts: [
      shareText(d.mean),
      shareText(d.median),
      shareText(d.p10),
      shareText(d.p90),
      shareText(d.min),
      shareText(d.max),
    ],
    band: metricBand(key, d.mean),
  };
}

/** Tools by most calls (expected plus actual), ties by name in code-unit order, so every run lists them alike. */
function toolViews(tools: Record<string, BatchToolCounts>): BatchToolView[] {
  return Object.keys(tools)
    .map((name) => {
      const counts = tools[name]!;
      const errorRate = counts.actual_calls === 0 ? null : counts.failed_calls / counts.actual_calls;
      return {
        tool: displayText(name),
        expected: counts.expected_calls,
        actual: counts.actual_calls,
        selectionMisses: counts.selection_misses,
        failed: counts.failed_calls,
        errorRate,
        errorRateText: shareText(errorRate),
        order: name,
      };
    })
    .sort(
      (a, b) => b.expected + b.actual - (a.expected + a.actual) || (a.order < b.order ? -1 : a.order > b.order ? 1 : 0),
    )
    .map(({ order: _, ...view }) => view);
}

function issueView(issue: BatchScoredLine['top_issue']): BatchIssueView | null {
  if (issue === null) return null;
  return {
    kind: issue.kind,
    tool: displayText(issue.tool),
    problem: displayText(issue.problem),
    fix: displayText(issue.fix),
  };
}

/**
 * How many scored cases meet `minScore`: from the summary when it was made with the same minimum, else
 * counted over the results lines.
 */
async function passingCases(input: BatchReportInput, minScore: number): Promise<number> {
  const { summary } = input;
  if (summary.min_score === minScore && summary.pass_rate !== null)
    return Math.round(summary.pass_rate * summary.cases.scored);
  let passing = 0;
  for await (const line of input.lines()) if (isScored(line) && meetsMinScore(line.score, minScore)) passing++;
  return passing;
}

/** The minimum score the reports apply: the one given, else the summary's. */
export function effectiveMinScore(input: BatchReportInput): number | null {
  return input.minScore ?? input.summary.min_score;
}

async function gateView(input: BatchReportInput, mean: number | null): Promise<BatchGateView | null> {
  const minScore = effectiveMinScore(input);
  if (minScore === null) return null;
  const { scored } = input.summary.cases;
  const passing = await passingCases(input, minScore);
  const each = input.minScoreEach === true;
  const minScoreText = percent(minScore);
  const passed = each ? passing === scored && scored > 0 : mean !== null && meetsMinScore(mean, minScore);
  return {
    minScore,
    minScoreText,
    each,
    passing,
    passRateText: shareText(scored === 0 ? null : passing / scored),
    passed,
    text: each
      ? eachGateText(scored - passing, scored, minScoreText)
      : meanGateText(shareText(mean), minScoreText, passed),
  };
}

/** `92.0% of the scored cases score at least 80.0%`. */
export function gatePassRateText(gate: BatchGateView): string {
  return passRateText(gate.passRateText, gate.minScoreText);
}

/** Builds the view of the whole batch from its summary (and, for a gate the summary was not made with, its lines). */
export async function buildBatchView(input: BatchReportInput): Promise<BatchView> {
  const { summary } = input;
  const mean = summary.score.mean;
  const grade = mean === null ? null : letterGrade(mean);
  const scored = summary.cases.scored;
  return {
    title: BATCH_TEXT.title,
    version: VERSION,
    generatedAt: input.now ? input.now.toISOString() : summary.created_at,
    cases: { ...summary.cases },
    mean,
    meanText: shareText(mean),
    grade,
    band: mean === null ? 'info' : scoreBand(mean),
    headline: batchHeadlineText(shareText(mean), grade ?? REPORT_TEXT.notApplicable, scored),
    gate: await gateView(input, mean),
    totals: { ...summary.totals },
    distributions: [
      distributionRow('score', REPORT_COLUMNS.score, summary.score),
      ...BATCH_METRICS.map((key) => distributionRow(key, METRIC_LABELS[key], summary.metrics[key])),
    ],
    histogram: summary.histogram.map((count, bin) => ({ range: histogramRangeText(bin), count })),
    grades: GRADES.map((letter) => {
      const count = summary.grades[letter] ?? 0;
      return { grade: letter, count, shareText: shareText(scored === 0 ? null : count / scored) };
    }),
    tools: toolViews(summary.tools),
    worstCases: summary.worst_cases.map((worst) => ({
      id: displayText(worst.id),
      index: worst.index,
      score: worst.score,
      scoreText: percent(worst.score),
      grade: worst.grade,
      band: scoreBand(worst.score),
      issue: issueView(worst.top_issue),
    })),
    errors: summary.errors.map(errorCaseView),
    moreErrors: Math.max(0, summary.cases.failed - summary.errors.length),
    trials: summary.trials === undefined ? null : trialsView(summary.trials, summary.min_score),
    turns: summary.turns === undefined ? null : turnsView(summary.turns),
  };
}

/** The view of `summary.turns`. */
function turnsView(turns: BatchTurns): BatchTurnsView {
  return {
    headline: turnsHeadlineText(
      turns.cases,
      turns.turns,
      turns.passed_turns,
      percent(turns.mean_pass_rate),
      turns.all_passed,
    ),
    meanPassRate: turns.mean_pass_rate,
    band: scoreBand(turns.mean_pass_rate),
    firstFailing: Object.entries(turns.first_failing).map(([turn, cases]) => ({ turn: Number(turn), cases })),
  };
}

/** The view of `summary.trials`. */
function trialsView(trials: BatchTrials, minScore: number | null): TrialsView {
  return {
    headline: trialsHeadlineText(
      trials.cases,
      trials.min_trials,
      trials.max_trials,
      trials.trials,
      minScore === null ? null : percent(minScore),
    ),
    countsText: trialCountsText(trials.always, trials.never, trials.flaky),
    passK: Object.keys(trials.pass_hat_k).map((key) => {
      const passHatK = trials.pass_hat_k[key]!;
      const passAtK = trials.pass_at_k[key]!;
      return {
        k: Number(key),
        passHatK,
        passHatKText: percent(passHatK),
        passAtK,
        passAtKText: percent(passAtK),
        band: scoreBand(passHatK),
      };
    }),
    flakyCount: trials.flaky,
    flaky: trials.flaky_cases.map((flaky) => ({
      id: displayText(flaky.id),
      n: flaky.n,
      c: flaky.c,
      passedText: passedOfText(flaky.c, flaky.n),
      meanText: shareText(flaky.mean_score),
      spreadText: shareText(flaky.score_std_dev),
      trials: flaky.trials.map(
        (trial): TrialView =>
          'error' in trial
            ? { trial: trial.trial, success: false, error: displayText(trial.error) }
            : {
                trial: trial.trial,
                success: trial.success,
                scoreText: percent(trial.score),
                verdict: trial.verdict,
                band: scoreBand(trial.score),
                problem: trial.top_issue === null ? null : displayText(trial.top_issue.problem),
              },
      ),
    })),
  };
}

/** Whether a results line is a scored case (else it is a case that could not be scored). */
export function isScored(line: BatchLine): line is BatchScoredLine {
  return !('error' in line);
}

/** A case that could not be scored, made safe to show. */
export function errorCaseView(line: Pick<BatchErrorLine, 'id' | 'index' | 'line' | 'error'>): ErrorCaseView {
  return { id: displayText(line.id), index: line.index, line: line.line ?? null, error: displayText(line.error) };
}

/** One scored case's detail, from its results line. */
export function buildCaseView(line: BatchScoredLine): CaseView {
  const scoreText = percent(line.score);
  return {
    id: displayText(line.id),
    index: line.index,
    score: line.score,
    scoreText,
    grade: line.grade,
    verdict: line.verdict,
    band: scoreBand(line.score),
    verdictLine: verdictText(line.verdict, scoreText, line.grade),
    counts: {
      expected: line.expected_calls,
      actual: line.actual_calls,
      failed: line.failed_calls,
      violations: line.policy_violations,
      secrets: line.secrets,
    },
    metrics: BATCH_METRICS.map((key) => {
      const value = line.metrics[key];
      return { key, label: METRIC_LABELS[key], value, text: shareText(value), band: metricBand(key, value) };
    }),
    tools: toolViews(line.tools),
    issue: issueView(line.top_issue),
    turnsText:
      line.turns === undefined ? null : caseTurnsText(line.turns.passed, line.turns.count, line.turns.first_failing),
  };
}

/** Orders cases lowest score first, ties by index (the order of the worst cases and of the case table). */
function lowerFirst(a: { score: number; index: number }, b: { score: number; index: number }): number {
  return a.score - b.score || a.index - b.index;
}

/**
 * The `count` lowest-scoring scored cases of the lines (ties by index), lowest first. Keeps at most
 * `count` lines in memory, in a max-heap whose top is the highest kept, whatever the number of lines.
 */
export async function lowestCases(lines: AsyncIterable<BatchLine>, count: number): Promise<BatchScoredLine[]> {
  const heap: BatchScoredLine[] = [];
  const above = (a: BatchScoredLine, b: BatchScoredLine): boolean => lowerFirst(a, b) > 0;
  const swap = (i: number, j: number): void => {
    const held = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = held;
  };
  const siftDown = (from: number): void => {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let top = at;
      if (left < heap.length && above(heap[left]!, heap[top]!)) top = left;
      if (right < heap.length && above(heap[right]!, heap[top]!)) top = right;
      if (top === at) return;
      swap(at, top);
      at = top;
    }
  };
  if (count <= 0) return [];
  for await (const line of lines) {
    if (!isScored(line)) continue;
    if (heap.length < count) {
      heap.push(line);
      for (let at = heap.length - 1; at > 0; ) {
        const parent = (at - 1) >> 1;
        if (!above(heap[at]!, heap[parent]!)) break;
        swap(at, parent);
        at = parent;
      }
    } else if (above(heap[0]!, line)) {
      heap[0] = line;
      siftDown(0);
    }
  }
  return heap.sort(lowerFirst);
}
