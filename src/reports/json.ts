import { resolve } from 'node:path';
import type { ArgumentDiff, IssueKind } from '../core/issues.js';
import type { Finding } from '../evaluation/findings.js';
import type { Grade, Verdict } from '../core/grade.js';
import {
  toJsonSafe,
  type EvaluationResult,
  expectedRecord,
  goldRecord,
  type GoldRecord,
} from '../evaluation/result.js';
import type { Metrics } from '../metrics/metrics.js';
import { redactDeep } from '../metrics/security.js';
import type { Weights } from '../core/weights.js';
import { topIssueRecord } from '../evaluation/top-issues.js';
import { jsonChunks } from './json-chunks.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { reportHeader, sourceFiles, type ReportOptions } from './view-model.js';

/** Layout version of the JSON report; bumped only on a breaking change (adding keys does not bump it). */
export const JSON_REPORT_SCHEMA_VERSION = '1';

/** The verdict at the top of the report. */
export interface JsonReportSummary {
  /** Composite score in [0, 1]. */
  score: number;
  /** Letter grade of the score. */
  grade: Grade;
  /** PASS ≥ 0.9, WARN ≥ 0.7, else FAIL. */
  verdict: Verdict;
  /** The normalized weights the score was blended with. */
  weights: Weights;
  /** Share of expected calls made without failing; `null` when nothing was expected. */
  required_call_recall: number | null;
  /** Number of trace calls that failed. */
  failed_calls: number;
  /** Number of calls that matched a forbidden rule (0 when no rules were given). */
  policy_violations: number;
  /** Number of credentials found in call arguments. */
  secrets: number;
  /** Number of expected calls. */
  gold_calls_count: number;
  /** Number of actual calls. */
  trace_calls_count: number;
}

/** One argument difference of an argument-mismatch issue. */
export interface JsonReportDiff {
  /** Argument name. */
  key: string;
  /** `mismatch`, `missing` (not passed) or `unexpected` (passed, not expected). */
  kind: ArgumentDiff['kind'];
  /** Expected value, matchers in `$` operator form; absent for `unexpected`. */
  expected?: unknown;
  /** Value passed; absent for `missing`. */
  actual?: unknown;
}

/** One item of "Top issues to fix". */
export interface JsonReportIssue {
  /** `missing`, `wrong_turn`, `failed`, `wrong_result`, `reply`, `state`, `wrong_tool`, `argument_mismatch`, `out_of_order` or `extra` (most urgent first). */
  kind: IssueKind;
  /** The tool the issue is about (the one called, for wrong_tool and extra). */
  tool: string;
  /** 0-based index of the expected call concerned, or null. */
  expected_index: number | null;
  /** 0-based index of the actual call concerned, or null. */
  actual_index: number | null;
  /** What went wrong, in one sentence. */
  problem: string;
  /** A concrete suggestion. */
  fix: string;
  /** Per-argument differences, for argument mismatches. */
  diffs?: JsonReportDiff[];
}

/** An expected call as written in a gold file. */
export interface JsonReportGoldCall {
  /** Tool name. */
  tool: string;
  /** Expected arguments, matchers in `$` operator form; `null` means not checked. */
  args: Record<string, unknown> | null;
  /** What the call is for, when the gold file says. */
  description?: string;
  /** Side-effect checks, when the gold file has them. */
  side_effects?: Record<string, unknown>;
  /** The gold-language marks that changed how the call was scored (docs/gold-language.md). */
  optional?: true;
  extra_args?: 'allow';
  alternatives?: string[];
  any_order_group?: number;
}

/** An actual call with everything the trace recorded; `null` where nothing was. */
export interface JsonReportTraceCall {
  /** Tool name. */
  tool: string;
  /** Arguments as passed; `null` when none were recorded. */
  args: Record<string, unknown> | null;
  /** What the tool returned. */
  result: unknown;
  /** Error message of a failed call. */
  error: string | null;
  /** Whether the call failed. */
  is_error: boolean;
  /** Wall time in seconds. */
  duration: number | null;
  /** Cost in USD. */
  cost: number | null;
  /** Provider or protocol id of the call. */
  id: string | null;
  /** Unix time in seconds at which the call started. */
  timestamp: number | null;
  /** Anything else the source recorded. */
  metadata: Record<string, unknown> | null;
}

/** The JSON report `toolscore eval` always writes (`toolscore.json` unless `-o` says otherwise). */
export interface JsonReport {
  /** Layout version, `"1"`. */
  schema_version: string;
  /** When the report was made, ISO 8601 in UTC. */
  timestamp: string;
  /** Gold file path as given (to the CLI, the report options or evaluateTrace), or null for in-memory calls. */
  gold_file: string | null;
  /** Trace file path as given (to the CLI, the report options or evaluateTrace), or null for in-memory calls. */
  trace_file: string | null;
  /** Score, grade, verdict and the safety counts. */
  summary: JsonReportSummary;
  /** Every metric, under the same keys as `result.metrics`. */
  metrics: Metrics;
  /** Ranked "Top issues to fix", all of them. */
  top_issues: JsonReportIssue[];
  /** Behaviour and safety findings, errors first. */
  findings: Finding[];
  /** Input that was skipped or repaired while reading the trace. */
  warnings: string[];
  /** The gold-language options in force and what they left out of the comparison. */
  gold: GoldRecord;
  /** The expected calls (the effective gold: optional calls not made left out, groups in the agent's order). */
  gold_calls: JsonReportGoldCall[];
  /** The actual calls. */
  trace_calls: JsonReportTraceCall[];
}

/** Where the evaluated calls came from and when the report was made (the other reports' options), and whether to mask credentials. */
export interface JsonReportSources extends ReportOptions {
  /** Keep credentials found in the calls instead of masking them (`--show-secrets`). */
  showSecrets?: boolean;
}

/**
 * The JSON report of an evaluation, as plain JSON data. Credentials anywhere in it (arguments, results,
 * errors, metadata) are masked as `[REDACTED kind: preview]` unless `showSecrets` is set.
 */
export function buildJsonReport(result: EvaluationResult, sources: JsonReportSources = {}): JsonReport {
  const efficiency = result.metrics.efficiency_metrics;
  const header = reportHeader(result, sources);
  const files = sourceFiles(result, sources);
  const report: JsonReport = {
    schema_version: JSON_REPORT_SCHEMA_VERSION,
    timestamp: header.generatedAt,
    gold_file: files.goldFile,
    trace_file: files.traceFile,
    summary: {
      score: result.score,
      grade: result.grade,
      verdict: header.verdict,
      weights: result.weights,
      required_call_recall: result.requiredCallRecall,
      failed_calls: efficiency.error_count,
      policy_violations: result.policyViolations.length,
      secrets: result.metrics.security_metrics.secret_count,
      gold_calls_count: result.goldCalls.length,
      trace_calls_count: result.traceCalls.length,
    },
    metrics: result.metrics,
    top_issues: result.topIssues.map(topIssueRecord),
    findings: [...result.findings],
    warnings: [...result.warnings],
    gold: goldRecord(result.gold),
    gold_calls: result.goldCalls.map((call) => {
      const record: JsonReportGoldCall = expectedRecord(call);
      if (call.description !== undefined) record.description = call.description;
      if (call.side_effects !== undefined) record.side_effects = call.side_effects;
      return record;
    }),
    trace_calls: result.traceCalls.map((call) => ({
      tool: call.tool,
      args: call.args,
      result: call.result ?? null,
      error: call.error ?? null,
      is_error: call.is_error,
      duration: call.duration ?? null,
      cost: call.cost ?? null,
      id: call.id ?? null,
      timestamp: call.timestamp ?? null,
      metadata: call.metadata ?? null,
    })),
  };
  const safe = jsonSafeReport(report);
  return sources.showSecrets ? safe : redactDeep(safe);
}

/**
 * `toJsonSafe(report)` made section by section, metric by metric and call by call: it goes through JSON
 * text, and the text of a whole report of a million calls is longer than a JavaScript string can be.
 */
function jsonSafeReport(report: JsonReport): JsonReport {
  const part = (key: string, value: unknown): unknown =>
    Array.isArray(value)
      ? value.map((item) => toJsonSafe(item))
      : key === 'metrics'
        ? Object.fromEntries(Object.entries(value as Metrics).map(([name, metric]) => [name, toJsonSafe(metric)]))
        : toJsonSafe(value);
  return Object.fromEntries(
    Object.entries(report).map(([key, value]) => [key, part(key, value)]),
  ) as unknown as JsonReport;
}

/** The JSON report as the text written to its file, in one string (`-o -` writes it to stdout). */
export function renderReportJson(result: EvaluationResult, sources: JsonReportSources = {}): string {
  return [...jsonReportChunks(buildJsonReport(result, sources))].join('');
}

/**
 * The text of the JSON report file, `JSON.stringify(report, null, 2)` and a newline, in chunks.
 * @internal Exported for its tests only.
 */
export function* jsonReportChunks(report: JsonReport, chunkChars?: number): Generator<string> {
  yield* jsonChunks(report, chunkChars);
  yield '\n';
}

/**
 * Writes the JSON report to `path` atomically (folders created as needed); returns the absolute path.
 * The text is written in chunks, so a report of millions of calls never has to fit in one string.
 */
export async function generateJsonReport(
  result: EvaluationResult,
  path: string,
  sources: JsonReportSources = {},
): Promise<string> {
  await writeFileAtomic(path, jsonReportChunks(buildJsonReport(result, sources)));
  return resolve(path);
}
