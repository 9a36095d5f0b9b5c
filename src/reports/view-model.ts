import { alignCalls, type AlignedRow, type RowStatus } from '../evaluation/alignment.js';
import {
  type BAND_TEXT,
  FAILURE_TABLE,
  METRIC_LABELS,
  OUTCOME_CHECK_LABELS,
  REPORT_TEXT,
  STATE_CHANGE_LABELS,
  STATE_COVER_LABELS,
  metricNoteText,
  outcomeCountText,
  outcomeSummaryText,
  requiredCallsNoteText,
  requiredCallsText,
  semanticScoreText,
  stateSummaryText,
  turnsSummaryText,
  verdictCauseText,
  verdictText,
  wrongToolStatus,
  type MetricKey,
} from '../text/report.js';
import { argumentDiffText, outcomeFailureText, stateChangeText } from '../evaluation/text.js';
import { errorFindingCount, type Finding } from '../evaluation/findings.js';
import { cutText, formatValue, secondsText, usdText } from '../text/values.js';
import type { ArgumentDiff, IssueKind } from '../core/issues.js';
import { meetsMinScore, verdictFor, type Grade, type Verdict, type VerdictCause } from '../core/grade.js';
import type { EvaluationResult } from '../evaluation/result.js';
import type { TopIssue } from '../evaluation/top-issues.js';
import type { Metrics } from '../metrics/metrics.js';
import type { OutcomeMetrics } from '../metrics/outcome.js';
import type { StateChangeRecord, StateMetrics } from '../metrics/state.js';
import { formatPath, parsePathPattern } from '../core/state-paths.js';
import type { ExpectedCall, ToolCall } from '../core/types.js';
import { WEIGHT_NAMES, type WeightName } from '../core/weights.js';
import { VERSION } from '../core/version.js';
import { flattenMetrics, type FlatMetric } from './flatten.js';
import { displayText, percent } from './text.js';

/*
 * The one view of an evaluation that every report renders. Numbers are kept as numbers beside the text
 * every report shows for them; every text that came from a gold file, a trace or a rules file has been
 * through `displayText` (credentials redacted, control characters escaped), so a renderer only has to
 * encode it for its format (HTML, Markdown, XML or CSV).
 */

/** What the reports are told besides the result. */
export interface ReportOptions {
  /** Gold file path, named in the header (default: the file the result was read from, if any). */
  goldFile?: string;
  /** Trace file path, named in the header (default: the file the result was read from, if any). */
  traceFile?: string;
  /** When the report was made (default: now); fixed in tests so reports are reproducible. */
  now?: Date;
  /** The `--min-score` gate: shown beside the score, and it decides whether the score passed. */
  minScore?: number;
}

/** How a number reads: good, needs attention, bad, or just information. */
export type Band = keyof typeof BAND_TEXT;

/** Which part of the report a metric belongs to. */
export type MetricGroup = 'core' | 'safety' | 'checks' | 'performance';

/** One metric with its value, the text every report shows for it, and how it reads. */
export interface MetricRow {
  key: MetricKey;
  label: string;
  group: MetricGroup;
  /** The number, or null when it does not apply. */
  value: number | null;
  /** `83.5%`, `3`, `5.85 s`, `$0.0020`, `n/a`. */
  text: string;
  band: Band;
  /** A short explanation; may be empty. */
  note: string;
  /** Share of the score this metric carries (0 when it is not part of the score). */
  weight: number;
}

/** "Required calls completed: k of N", when anything was expected. */
export interface RequiredCallsView {
  completed: number;
  expected: number;
  recall: number;
  /** `Required calls completed: 3 of 4`. */
  text: string;
  /** `23.1% of the score`, or how to make it part of the score. */
  note: string;
  band: Band;
}

/** The `--min-score` gate. */
export interface GateView {
  minScore: number;
  minScoreText: string;
  passed: boolean;
}

/** One argument of a call in the call table. */
export interface ArgView {
  key: string;
  /** The value as JSON (matchers by their text form), cut when long; `none` when only the other side has the key. */
  value: string;
  /** False for a key only the other side has, listed so the difference shows on both sides. */
  present: boolean;
  /** How it differs from the other side, or null when it matches. */
  diff: ArgumentDiff['kind'] | null;
}

/** One side of a row of the call table. */
export interface CallView {
  /** 1-based position among the expected or the actual calls. */
  number: number;
  tool: string;
  /** The arguments; null when an expected call does not check them or an actual call recorded none. */
  args: ArgView[] | null;
  /** The call on one line: `search(city="NYC", days=3)`, `search(…any args…)`. */
  text: string;
  failed: boolean;
  /** Error text of a failed call. */
  error: string | null;
  /** Seconds, when recorded. */
  duration: number | null;
  /** USD, when recorded. */
  cost: number | null;
}

/** One item of "Top issues to fix", made safe to show. */
export interface IssueView {
  kind: IssueKind;
  tool: string;
  /** 1-based expected call, or null. */
  expectedNumber: number | null;
  /** 1-based actual call, or null. */
  actualNumber: number | null;
  problem: string;
  fix: string;
}

/** One row of the expected-vs-actual table, aligned by the core's pairing. */
export interface CallRowView {
  status: RowStatus;
  /** `✓`, `FAILED`, `MISSING`, `EXTRA`, `tool: 'a' ≠ 'b'` or the argument differences (see `rowStatus`). */
  statusText: string;
  band: Band;
  expected: CallView | null;
  actual: CallView | null;
  /** The Top issues about this row's calls. */
  issues: IssueView[];
}

/** Expected and actual calls of one tool (the per-tool chart). */
export interface ToolView {
  tool: string;
  expected: number;
  actual: number;
  failed: number;
  /** Seconds spent in its calls, when any recorded a duration. */
  duration: number | null;
  /** USD spent on its calls, when any recorded a cost. */
  cost: number | null;
}

/** A failed call and its error. */
export interface FailedCallView {
  number: number;
  tool: string;
  error: string;
}

/** One side-effect check. */
export interface SideEffectView {
  tool: string;
  check: string;
  passed: boolean;
  reason: string;
  expectedNumber: number;
  actualNumber: number | null;
}

/** One pair the LLM judge scored. */
export interface SemanticPairView {
  expectedNumber: number;
  actualNumber: number;
  /** The expected call's tool. */
  tool: string;
  score: number;
  scoreText: string;
  band: Band;
  explanation: string;
}

/** What the LLM judge found, when it was asked. */
export interface SemanticView {
  /** `LLM judge (openai gpt-4o-mini): semantic score 90.0% over 3 pairs`. */
  summary: string;
  pairs: SemanticPairView[];
}

/** Everything a report shows about one evaluation. */
export interface ReportView {
  title: string;
  /** ISO 8601 in UTC. */
  generatedAt: string;
  version: string;
  goldFile: string | null;
  traceFile: string | null;
  score: number;
  /** `83.5%`. */
  scoreText: string;
  grade: Grade;
  /** From `result.verdict`: the score's band, FAIL on error findings, at most WARN while required calls are incomplete. */
  verdict: Verdict;
  /** What decided the verdict. */
  verdictCause: VerdictCause;
  /** Why the verdict is worse than the score's band (`1 behavior and safety error`); empty when the score decided. */
  verdictNote: string;
  /** `WARN: score 83.5%, grade B`, with the cause when it is not the score: `FAIL: score 100.0%, grade A (1 behavior and safety error)`. */
  verdictLine: string;
  scoreBand: Band;
  /** Present when a minimum score was given. */
  gate: GateView | null;
  /** Null when nothing was expected. */
  requiredCalls: RequiredCallsView | null;
  counts: { expected: number; actual: number; failed: number; violations: number };
  metrics: MetricRow[];
  topIssues: IssueView[];
  findings: Finding[];
  calls: CallRowView[];
  tools: ToolView[];
  coverage: { missing: string[]; extra: string[] };
  failedCalls: FailedCallView[];
  /** Null when no side effect was checked. */
  sideEffects: SideEffectView[] | null;
  /** Null when the LLM judge was not asked. */
  semantic: SemanticView | null;
  warnings: string[];
  /** Every metric, flattened to one row each (CSV, and the full metrics of HTML and Markdown). */
  flat: FlatMetric[];
  /** A conversation gold's turns, one row each; null for a flat gold. */
  turns: TurnsView | null;
  /** The outcome checks (`metrics.outcome_metrics`); null when the gold checks no outcome. */
  outcomes: OutcomesView | null;
  /** The state diff (`metrics.state`); null when the gold has no `state` or no states were given. */
  state: StateView | null;
}

/** One kind of outcome check that ran. */
interface OutcomeCountView {
  check: OutcomeKind;
  /** `result`, `success`, `reply`, `state`. */
  label: string;
  checks: number;
  passed: number;
  band: Band;
  /** `reply 1 of 2`. */
  text: string;
}

/** One outcome check that failed. */
interface OutcomeFailureView {
  check: OutcomeKind;
  label: string;
  /** 1-based expected call checked (result and success checks), or null. */
  expectedNumber: number | null;
  /** 1-based actual call that answered it, or null. */
  actualNumber: number | null;
  /** The expected call's tool, or null (reply and state checks). */
  tool: string | null;
  /** The failure's sentence, its turn in front in a conversation: `turn 2: the reply does not say "refund"`. */
  message: string;
}

/** The outcome checks as the reports show them. */
interface OutcomesView {
  checks: number;
  passed: number;
  failed: number;
  rate: number;
  /** `60.0%`. */
  rateText: string;
  band: Band;
  /** `3 of 5 outcome checks passed (60.0%)`. */
  summary: string;
  /** The kinds that ran, in the order result, success, reply, state. */
  counts: OutcomeCountView[];
  /** Calls first in gold order, then replies, then the state. */
  failures: OutcomeFailureView[];
}

/** One path of the state diff. */
export interface StateChangeView {
  /** `$.lines.L2.status`. */
  path: string;
  /** The path in pieces that join to it, `$` first: `$`, `.lines`, `.L2`, `.status` (the HTML report's tree). */
  segments: string[];
  change: StateChangeRecord['change'];
  /** `added`, `removed`, `changed`. */
  changeText: string;
  /** The value before as JSON, cut when long; null when added. */
  before: string | null;
  /** The value after as JSON, cut when long; null when removed. */
  after: string | null;
  /** The path with its old and new value: `$.lines.L2.status "active" → "suspended"`. */
  text: string;
  coveredBy: StateChangeRecord['covered_by'];
  /** `expected`, `allowed`, `nothing`. */
  coveredText: string;
  /** Covered by nothing while the gold asks `"unchanged": true`: what fails the check. */
  unexpected: boolean;
}

/** The state diff as the reports show it. */
interface StateView {
  pathsExpected: number;
  pathsMatched: number;
  unchangedRequired: boolean;
  unexpected: number;
  /** `3 paths changed, 1 unexpected; expected values matched: 1 of 2`. */
  summary: string;
  /** Every path that differs, in the diff's order. */
  changes: StateChangeView[];
}

type OutcomeKind = keyof typeof OUTCOME_CHECK_LABELS;

/** A conversation's turns as the reports show them. */
interface TurnsView {
  /** `3 of 4 turns passed (75.0%); score: the mean of the turns; first failing turn: 4`. */
  summary: string;
  /** Share of the turns whose verdict is PASS. */
  passRate: number;
  /** The first turn whose verdict is not PASS, or null. */
  firstFailingTurn: number | null;
  rows: TurnRowView[];
}

/** One turn of a conversation. */
interface TurnRowView {
  turn: number;
  /** The user's message that opened it in the trace, shown safely and cut; null when the trace does not record it. */
  user: string | null;
  scoreText: string;
  band: Band;
  grade: Grade;
  verdict: Verdict;
  reached: boolean;
  diverged: boolean;
  /** `FAIL: score 0.0%, grade F`. */
  verdictLine: string;
  /** The turn's Top issues (call numbers within the turn); the first is the one a table shows. */
  issues: IssueView[];
}

/** Longest user message shown in a turn row before it is cut. */
const MAX_USER_TEXT = 40;

function turnsView(result: EvaluationResult): TurnsView | null {
  const conversation = result.conversation;
  if (conversation === null) return null;
  const passed = conversation.turns.filter((turn) => turn.verdict === 'PASS').length;
  return {
    passRate: conversation.turnPassRate,
    firstFailingTurn: conversation.firstFailingTurn,
    summary: turnsSummaryText(
      passed,
      conversation.turns.length,
      percent(conversation.turnPassRate),
      conversation.aggregate,
      conversation.firstFailingTurn,
    ),
    rows: conversation.turns.map((turn) => ({
      turn: turn.turn,
      user: turn.user === null ? null : displayText(cutText(turn.user, MAX_USER_TEXT)),
      scoreText: percent(turn.score),
      band: scoreBand(turn.score),
      grade: turn.grade,
      verdict: turn.verdict,
      reached: turn.reached,
      diverged: turn.diverged,
      verdictLine: verdictText(turn.verdict, percent(turn.score), turn.grade, ''),
      issues: turn.topIssues.map(issueView),
    })),
  };
}

const OUTCOME_COUNTS: Readonly<Record<OutcomeKind, keyof OutcomeMetrics>> = {
  result: 'result_checks',
  success: 'success_checks',
  reply: 'reply_checks',
  state: 'state_checks',
};

function outcomesView(outcome: OutcomeMetrics | undefined): OutcomesView | null {
  if (outcome === undefined) return null;
  const kinds = Object.keys(OUTCOME_CHECK_LABELS) as OutcomeKind[];
  return {
    checks: outcome.checks,
    passed: outcome.passed,
    failed: outcome.failed,
    rate: outcome.rate,
    rateText: percent(outcome.rate),
    band: scoreBand(outcome.rate),
    summary: outcomeSummaryText(outcome.passed, outcome.checks, percent(outcome.rate)),
    counts: kinds.flatMap((check) => {
      const { checks, passed } = outcome[OUTCOME_COUNTS[check]] as { checks: number; passed: number };
      if (checks === 0) return [];
      const label = OUTCOME_CHECK_LABELS[check];
      return [
        {
          check,
          label,
          checks,
          passed,
          band: scoreBand(passed / checks),
          text: outcomeCountText(label, passed, checks),
        },
      ];
    }),
    failures: outcome.failures.map((failure) => ({
      check: failure.check,
      label: OUTCOME_CHECK_LABELS[failure.check],
      expectedNumber: failure.expected_index === null ? null : failure.expected_index + 1,
      actualNumber: failure.actual_index === null ? null : failure.actual_index + 1,
      tool: failure.tool === null ? null : displayText(failure.tool),
      message: displayText(outcomeFailureText(failure)),
    })),
  };
}

/** `$.a["b c"][0]` in pieces that join to it: `$`, `.a`, `["b c"]`, `[0]`; the whole path when it does not parse. */
function pathSegments(path: string): string[] {
  const steps = parsePathPattern(path);
  if (typeof steps === 'string' || steps.includes(null)) return [path];
  const segments = ['$'];
  for (let k = 1; k <= steps.length; k++)
    segments.push(formatPath(steps.slice(0, k)).slice(formatPath(steps.slice(0, k - 1)).length));
  // A path written another way than formatPath writes it is kept whole rather than shown rewritten.
  return segments.join('') === path ? segments : [path];
}

function stateView(state: StateMetrics | undefined): StateView | null {
  if (state === undefined) return null;
  const value = (present: boolean, data: unknown): string | null =>
    present ? displayText(formatValue(data, MAX_ARG_TEXT)) : null;
  return {
    pathsExpected: state.paths_expected,
    pathsMatched: state.paths_matched,
    unchangedRequired: state.unchanged_required,
    unexpected: state.unexpected_changes,
    summary: stateSummaryText({
      changes: state.changes.length,
      unexpected: state.unexpected_changes,
      unchangedRequired: state.unchanged_required,
      pathsExpected: state.paths_expected,
      pathsMatched: state.paths_matched,
    }),
    changes: state.changes.map((change) => ({
      path: displayText(change.path),
      segments: pathSegments(change.path).map(displayText),
      change: change.change,
      changeText: STATE_CHANGE_LABELS[change.change],
      before: value(change.change !== 'added', change.before),
      after: value(change.change !== 'removed', change.after),
      text: displayText(stateChangeText(change)),
      coveredBy: change.covered_by,
      coveredText: STATE_COVER_LABELS[change.covered_by ?? 'none'],
      unexpected: change.covered_by === null && state.unchanged_required,
    })),
  };
}

/** The metrics the short console view shows. */
export const HEADLINE_METRICS: readonly MetricKey[] = [
  'selection_accuracy',
  'argument_f1',
  'sequence_accuracy',
  'required_call_recall',
];

/** Longest argument value shown in the call table before it is cut. */
const MAX_ARG_TEXT = 200;

/** Scores and shares, where higher is better: the verdict's bands (≥ 0.9 good, ≥ 0.7 needs attention). */
export function scoreBand(value: number): Band {
  const verdict = verdictFor(value);
  return verdict === 'PASS' ? 'good' : verdict === 'WARN' ? 'warn' : 'bad';
}

/** Rates of wasted or failed calls, where lower is better: < 0.1 good, < 0.3 needs attention. */
export function rateBand(value: number): Band {
  return value < 0.1 ? 'good' : value < 0.3 ? 'warn' : 'bad';
}

/** Counts of things that must not happen. */
function countBand(count: number, whenAny: Band = 'bad'): Band {
  return count === 0 ? 'good' : whenAny;
}

const WEIGHT_OF: Partial<Record<MetricKey, WeightName>> = Object.fromEntries(WEIGHT_NAMES.map((name) => [name, name]));

function metricRow(
  result: EvaluationResult,
  key: MetricKey,
  group: MetricGroup,
  value: number | null,
  text: string,
  band: Band,
): MetricRow {
  const weightName = WEIGHT_OF[key];
  return {
    key,
    label: METRIC_LABELS[key],
    group,
    value,
    text,
    band,
    note: displayText(metricNoteText(key, result.metrics)),
    weight: weightName === undefined ? 0 : result.weights[weightName],
  };
}

function metricRows(result: EvaluationResult): MetricRow[] {
  const m: Metrics = result.metrics;
  const efficiency = m.efficiency_metrics;
  const share = (key: MetricKey, value: number, band = scoreBand(value), group: MetricGroup = 'core'): MetricRow =>
    metricRow(result, key, group, value, percent(value), band);
  const count = (key: MetricKey, value: number, band: Band, group: MetricGroup): MetricRow =>
    metricRow(result, key, group, value, String(value), band);
  const rows: MetricRow[] = [
    share('invocation_accuracy', m.invocation_accuracy),
    share('selection_accuracy', m.selection_accuracy),
    share('tool_correctness', m.tool_correctness_metrics.tool_correctness),
    share('sequence_accuracy', m.sequence_metrics.sequence_accuracy),
    share('argument_precision', m.argument_metrics.precision),
    share('argument_recall', m.argument_metrics.recall),
    share('argument_f1', m.argument_metrics.f1),
    share('trajectory_accuracy', m.trajectory_metrics.trajectory_accuracy),
    share('redundant_rate', efficiency.redundant_rate, rateBand(efficiency.redundant_rate)),
    share('identical_rate', efficiency.identical_rate, rateBand(efficiency.identical_rate)),
    share('error_rate', efficiency.error_rate, rateBand(efficiency.error_rate)),
    count(
      'retry_after_error_count',
      efficiency.retry_after_error_count,
      countBand(efficiency.retry_after_error_count, 'warn'),
      'core',
    ),
    m.required_call_recall === null
      ? metricRow(result, 'required_call_recall', 'core', null, REPORT_TEXT.notApplicable, 'info')
      : share('required_call_recall', m.required_call_recall),
  ];
  if (m.policy_metrics)
    rows.push(
      count('forbidden_calls', m.policy_metrics.violation_count, countBand(m.policy_metrics.violation_count), 'safety'),
    );
  rows.push(
    count('leaked_credentials', m.security_metrics.secret_count, countBand(m.security_metrics.secret_count), 'safety'),
  );
  if (m.budget_metrics)
    rows.push(
      count('broken_budgets', m.budget_metrics.violation_count, countBand(m.budget_metrics.violation_count), 'safety'),
    );
  if (m.schema_metrics)
    rows.push(
      share(
        'schema_compliance_rate',
        m.schema_metrics.schema_compliance_rate,
        scoreBand(m.schema_metrics.schema_compliance_rate),
        'checks',
      ),
    );
  if (m.side_effect_metrics && m.side_effect_metrics.total_checks > 0)
    rows.push(
      share(
        'side_effect_success_rate',
        m.side_effect_metrics.success_rate,
        scoreBand(m.side_effect_metrics.success_rate),
        'checks',
      ),
    );
  if (m.outcome_metrics) {
    const rate = m.outcome_metrics.rate;
    rows.push({ ...share('outcome_rate', rate, scoreBand(rate), 'checks'), weight: result.weights.outcome ?? 0 });
  }
  if (m.semantic_metrics)
    rows.push(
      share(
        'semantic_score',
        m.semantic_metrics.semantic_score,
        scoreBand(m.semantic_metrics.semantic_score),
        'checks',
      ),
    );
  const latency = m.latency_metrics;
  if (latency) {
    for (const key of ['total_duration', 'average_duration', 'max_duration'] as const) {
      rows.push(metricRow(result, key, 'performance', latency[key], secondsText(latency[key]), 'info'));
    }
  }
  const cost = m.cost_metrics;
  if (cost) {
    for (const key of ['total_cost', 'average_cost'] as const)
      rows.push(metricRow(result, key, 'performance', cost[key], usdText(cost[key]), 'info'));
  }
  return rows;
}

function requiredCallsView(result: EvaluationResult): RequiredCallsView | null {
  const recall = result.requiredCallRecall;
  if (recall === null) return null;
  const expected = result.goldCalls.length;
  const share = result.weights.required_call_recall;
  return {
    completed: Math.round(recall * expected),
    expected,
    recall,
    text: requiredCallsText(recall, expected),
    note: requiredCallsNoteText(share > 0 ? percent(share) : null),
    band: scoreBand(recall),
  };
}

function argViews(
  args: Record<string, unknown>,
  diffs: ReadonlyMap<string, ArgumentDiff['kind']>,
  side: 'expected' | 'actual',
): ArgView[] {
  const views: ArgView[] = Object.keys(args).map((key) => ({
    key: displayText(key),
    value: displayText(formatValue(args[key], MAX_ARG_TEXT, args, key)),
    present: true,
    diff: diffs.get(key) ?? null,
  }));
  // A key the other side has but this side lacks is shown as absent, so the difference is visible on both sides.
  for (const [key, kind] of diffs) {
    if ((side === 'actual' && kind === 'missing') || (side === 'expected' && kind === 'unexpected')) {
      views.push({ key: displayText(key), value: REPORT_TEXT.none, present: false, diff: kind });
    }
  }
  return views;
}

/** `search(city="NYC", days=3)`; keys only the other side has are left out. */
function callLine(tool: string, args: readonly ArgView[] | null, whenNull: string): string {
  if (args === null) return `${tool}(${whenNull})`;
  return `${tool}(${args
    .filter((arg) => arg.present)
    .map((arg) => `${arg.key}=${arg.value}`)
    .join(', ')})`;
}

function expectedView(call: ExpectedCall, index: number, diffs: ReadonlyMap<string, ArgumentDiff['kind']>): CallView {
  const tool = displayText(call.tool);
  const args = call.args === null ? null : argViews(call.args, diffs, 'expected');
  return {
    number: index + 1,
    tool,
    args,
    text: callLine(tool, args, FAILURE_TABLE.anyArgs),
    failed: false,
    error: null,
    duration: null,
    cost: null,
  };
}

function actualView(call: ToolCall, index: number, diffs: ReadonlyMap<string, ArgumentDiff['kind']>): CallView {
  const tool = displayText(call.tool);
  const args = call.args === null ? null : argViews(call.args, diffs, 'actual');
  return {
    number: index + 1,
    tool,
    args,
    text: callLine(tool, args, ''),
    failed: call.is_error,
    error: call.is_error ? errorText(call) : null,
    duration: call.duration ?? null,
    cost: call.cost ?? null,
  };
}

function errorText(call: ToolCall): string {
  return call.error === undefined ? REPORT_TEXT.noErrorMessage : displayText(call.error);
}

const ROW_BAND: Readonly<Record<RowStatus, Band>> = {
  match: 'good',
  failed: 'bad',
  argument_mismatch: 'warn',
  wrong_tool: 'bad',
  missing: 'bad',
  extra: 'bad',
  not_scored: 'info',
};

/**
 * The status of a row of the call table, in the words every report uses (HTML, Markdown, JUnit, the
 * assertion failure table): `✓`, `FAILED` (then any argument differences), the differences,
 * `tool: 'a' ≠ 'b'`, `MISSING`, `EXTRA`; safe to show.
 */
export function rowStatus(result: EvaluationResult, row: AlignedRow): { text: string; band: Band } {
  const diffs = row.diffs.map(argumentDiffText).join('; ');
  const band = ROW_BAND[row.status];
  switch (row.status) {
    case 'match':
      return { text: FAILURE_TABLE.match, band };
    case 'failed':
      return { text: displayText(diffs ? `${FAILURE_TABLE.failed}; ${diffs}` : FAILURE_TABLE.failed), band };
    case 'argument_mismatch':
      return { text: displayText(diffs), band };
    case 'wrong_tool':
      return {
        text: displayText(
          wrongToolStatus(result.goldCalls[row.expectedIndex!]!.tool, result.traceCalls[row.actualIndex!]!.tool),
        ),
        band,
      };
    case 'missing':
      return { text: FAILURE_TABLE.missing, band };
    case 'extra':
      return { text: FAILURE_TABLE.extra, band };
    case 'not_scored':
      return { text: FAILURE_TABLE.notScored, band };
  }
}

function callRows(result: EvaluationResult, issues: readonly IssueView[]): CallRowView[] {
  // Issue positions by the call numbers they name, so a row finds its issues without scanning them all.
  const positionsBy = (side: 'expectedNumber' | 'actualNumber'): Map<number, number[]> => {
    const positions = new Map<number, number[]>();
    issues.forEach((issue, at) => {
      const number = issue[side];
      if (number === null) return;
      const list = positions.get(number);
      if (list) list.push(at);
      else positions.set(number, [at]);
    });
    return positions;
  };
  const byExpected = positionsBy('expectedNumber');
  const byActual = positionsBy('actualNumber');
  return alignCalls(result).map((row) => {
    const expected = row.expectedIndex === null ? undefined : result.goldCalls[row.expectedIndex];
    const actual = row.actualIndex === null ? undefined : result.traceCalls[row.actualIndex];
    const diffs = new Map(row.diffs.map((diff) => [diff.key, diff.kind]));
    const status = rowStatus(result, row);
    const expectedNumber = row.expectedIndex === null ? null : row.expectedIndex + 1;
    const actualNumber = row.actualIndex === null ? null : row.actualIndex + 1;
    const positions = new Set([
      ...(expectedNumber === null ? [] : (byExpected.get(expectedNumber) ?? [])),
      ...(actualNumber === null ? [] : (byActual.get(actualNumber) ?? [])),
    ]);
    // In the order of the issues, as a filter over them would give.
    const rowIssues = [...positions].sort((a, b) => a - b).map((at) => issues[at]!);
    return {
      status: row.status,
      statusText: status.text,
      // An extra or wrong call that also failed reads bad as well.
      band: actual?.is_error ? 'bad' : status.band,
      expected: expected ? expectedView(expected, row.expectedIndex!, diffs) : null,
      actual: actual ? actualView(actual, row.actualIndex!, diffs) : null,
      issues: rowIssues,
    };
  });
}

/** Per tool, by first appearance (expected calls first): expected and actual counts, failures, time and cost. */
function toolViews(result: EvaluationResult): ToolView[] {
  const tools = new Map<string, ToolView>();
  const get = (tool: string): ToolView => {
    let view = tools.get(tool);
    if (!view) {
      view = { tool: displayText(tool), expected: 0, actual: 0, failed: 0, duration: null, cost: null };
      tools.set(tool, view);
    }
    return view;
  };
  for (const call of result.goldCalls) get(call.tool).expected++;
  for (const call of result.traceCalls) {
    const view = get(call.tool);
    view.actual++;
    if (call.is_error) view.failed++;
    if (call.duration !== undefined) view.duration = (view.duration ?? 0) + call.duration;
    if (call.cost !== undefined) view.cost = (view.cost ?? 0) + call.cost;
  }
  return [...tools.values()];
}

function issueView(issue: TopIssue): IssueView {
  return {
    kind: issue.kind,
    tool: displayText(issue.tool),
    expectedNumber: issue.expectedIndex === null ? null : issue.expectedIndex + 1,
    actualNumber: issue.actualIndex === null ? null : issue.actualIndex + 1,
    problem: displayText(issue.problem),
    fix: displayText(issue.fix),
  };
}

function issueViews(result: EvaluationResult): IssueView[] {
  return result.topIssues.map(issueView);
}

/** The gold and trace files a report names: the ones given, else the ones the result was read from (not yet made safe to show). */
export function sourceFiles(
  result: EvaluationResult,
  options: ReportOptions,
): { goldFile: string | null; traceFile: string | null } {
  return { goldFile: options.goldFile ?? result.goldFile, traceFile: options.traceFile ?? result.traceFile };
}

/** The header of every report: when, what, and the verdict (the JSON report reads these too). */
export function reportHeader(
  result: EvaluationResult,
  options: ReportOptions = {},
): Pick<
  ReportView,
  'generatedAt' | 'score' | 'grade' | 'verdict' | 'verdictCause' | 'verdictNote' | 'verdictLine' | 'gate'
> {
  const { minScore } = options;
  const { verdict, cause } = result.verdictDecision;
  const recall = result.requiredCallRecall ?? 1;
  const note =
    cause === 'score'
      ? ''
      : verdictCauseText(cause, {
          errors: errorFindingCount(result.findings),
          completed: Math.round(recall * result.goldCalls.length),
          expected: result.goldCalls.length,
        });
  return {
    generatedAt: (options.now ?? new Date()).toISOString(),
    score: result.score,
    grade: result.grade,
    verdict,
    verdictCause: cause,
    verdictNote: note,
    verdictLine: verdictText(verdict, percent(result.score), result.grade, note),
    gate:
      minScore === undefined
        ? null
        : { minScore, minScoreText: percent(minScore), passed: meetsMinScore(result.score, minScore) },
  };
}

function semanticView(result: EvaluationResult): SemanticView | null {
  const semantic = result.metrics.semantic_metrics;
  if (!semantic) return null;
  return {
    summary: displayText(semanticScoreText(semantic)),
    pairs: semantic.pairs.map((pair, k) => {
      const score = semantic.per_call_scores[k] ?? 0;
      return {
        expectedNumber: pair.expected_index + 1,
        actualNumber: pair.actual_index + 1,
        tool: displayText(result.goldCalls[pair.expected_index]?.tool ?? ''),
        score,
        scoreText: percent(score),
        band: scoreBand(score),
        explanation: displayText(semantic.explanations[k] ?? ''),
      };
    }),
  };
}

/** The verdict and the weights as flat rows, ahead of the metrics. */
function summaryRows(view: Omit<ReportView, 'flat'>, result: EvaluationResult): FlatMetric[] {
  const rows: FlatMetric[] = [{ category: 'summary', metric: 'generated_at', value: view.generatedAt }];
  if (view.goldFile !== null) rows.push({ category: 'summary', metric: 'gold_file', value: view.goldFile });
  if (view.traceFile !== null) rows.push({ category: 'summary', metric: 'trace_file', value: view.traceFile });
  rows.push(
    { category: 'summary', metric: 'score', value: view.score },
    { category: 'summary', metric: 'grade', value: view.grade },
    { category: 'summary', metric: 'verdict', value: view.verdict },
  );
  if (view.gate)
    rows.push(
      { category: 'summary', metric: 'min_score', value: view.gate.minScore },
      { category: 'summary', metric: 'passed', value: view.gate.passed },
    );
  if (view.requiredCalls)
    rows.push({ category: 'summary', metric: 'required_calls_completed', value: view.requiredCalls.completed });
  rows.push(
    { category: 'summary', metric: 'gold_calls_count', value: view.counts.expected },
    { category: 'summary', metric: 'trace_calls_count', value: view.counts.actual },
    { category: 'summary', metric: 'failed_calls', value: view.counts.failed },
    { category: 'summary', metric: 'violations', value: view.counts.violations },
  );
  for (const name of WEIGHT_NAMES) rows.push({ category: 'weights', metric: name, value: result.weights[name] });
  // The opt-in outcome weight is in `weights` only when it was given.
  if (result.weights.outcome !== undefined)
    rows.push({ category: 'weights', metric: 'outcome', value: result.weights.outcome });
  return rows;
}

/** Builds the view every report renders. */
export function buildReportView(result: EvaluationResult, options: ReportOptions = {}): ReportView {
  const view = viewWithoutFlat(result, options);
  return { ...view, flat: [...summaryRows(view, result), ...flattenMetrics(result.metrics)] };
}

function viewWithoutFlat(result: EvaluationResult, options: ReportOptions): Omit<ReportView, 'flat'> {
  const metrics = result.metrics;
  const topIssues = issueViews(result);
  const files = sourceFiles(result, options);
  return {
    title: REPORT_TEXT.title,
    ...reportHeader(result, options),
    version: VERSION,
    goldFile: files.goldFile === null ? null : displayText(files.goldFile),
    traceFile: files.traceFile === null ? null : displayText(files.traceFile),
    scoreText: percent(result.score),
    scoreBand: scoreBand(result.score),
    requiredCalls: requiredCallsView(result),
    counts: {
      expected: result.goldCalls.length,
      actual: result.traceCalls.length,
      failed: metrics.efficiency_metrics.error_count,
      violations: result.violationCount,
    },
    metrics: metricRows(result),
    topIssues,
    findings: result.findings.map((finding) => ({ severity: finding.severity, message: displayText(finding.message) })),
    calls: callRows(result, topIssues),
    tools: toolViews(result),
    coverage: {
      missing: metrics.tool_correctness_metrics.missing_tools.map(displayText),
      extra: metrics.tool_correctness_metrics.extra_tools.map(displayText),
    },
    failedCalls: result.traceCalls.flatMap((call, index) =>
      call.is_error ? [{ number: index + 1, tool: displayText(call.tool), error: errorText(call) }] : [],
    ),
    sideEffects:
      metrics.side_effect_metrics && metrics.side_effect_metrics.total_checks > 0
        ? metrics.side_effect_metrics.details.map((detail) => ({
            tool: displayText(detail.tool),
            check: displayText(detail.check),
            passed: detail.passed,
            reason: displayText(detail.reason),
            expectedNumber: detail.expected_index + 1,
            actualNumber: detail.actual_index === null ? null : detail.actual_index + 1,
          }))
        : null,
    semantic: semanticView(result),
    warnings: result.warnings.map(displayText),
    turns: turnsView(result),
    outcomes: outcomesView(metrics.outcome_metrics),
    state: stateView(metrics.state),
  };
}
