import { readFile } from 'node:fs/promises';
import { ToolscoreInputError } from '../../core/errors.js';
import { BASELINE_FILE_LABEL } from '../../baseline/text.js';
import { DEBUG_TEXT } from '../debug-text.js';
import { canDebug, debugSession } from '../debug.js';
import type { EvaluationResult } from '../../evaluation/result.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { resultsLine } from '../../batch/results-line.js';
import { SummaryBuilder } from '../../batch/summary.js';
import { semanticScoreText } from '../../text/report.js';
import { JOB_SUMMARY_TEXT, REPORT_FILE_LABELS, STDOUT_NAME, nothingReadText } from '../output-text.js';
import { meetsMinScore } from '../../core/grade.js';
import { evaluateTrace } from '../../evaluation/evaluate-trace.js';
import { isNothingReadWarning } from '../../formats/support/call-collector.js';
import { checkFormatName } from '../../formats/registry.js';
import { parseDatabaseUrl } from '../../side-effects/database-url.js';
import { renderReportConsole, renderWarnings } from '../../reports/console.js';
import { REPORT_FORMATS, appendJobSummary, writeReportFiles, type ReportFormat } from '../../reports/files.js';
import { generateJsonReport, renderReportJson } from '../../reports/json.js';
import { displayText, plural } from '../../reports/text.js';
import { buildReportView } from '../../reports/view-model.js';
import { judgeFromFlags, type JudgeFlags } from '../judge-flags.js';
import { explainedExit } from '../explain.js';
import { checkOutputPaths, type InputFile } from '../output-paths.js';
import {
  numberFlag,
  parseBudgetFlags,
  parseLimitFlags,
  parseMinScore,
  parseWeightFlags,
  type ScoringFlags,
} from '../scoring-flags.js';
import { colorEnabled } from '../terminal.js';
import { keeping, startKeeping, type RunKeeper, type StoreFlags } from '../store-run.js';

/** The `-o` value that means the JSON report goes to stdout. */
const STDOUT_PATH = '-';

/** Flags of `toolscore eval`, as commander parsed them. */
export interface EvalFlags extends JudgeFlags, ScoringFlags, StoreFlags {
  /** The run to score, of a trace file that holds several. */
  run?: string;
  /** Path of the JSON report. */
  output: string;
  /** Comma-separated tools the gold does not care about. */
  ignoreTools?: string;
  /** How a conversation's turn scores make its score. */
  turnAggregate?: 'mean' | 'min';
  /** An unknown key in the gold file is an error, not a warning. */
  strictGold?: boolean;
  /** Show every metric; with an undetectable trace, as `explain` (what `-v` did before `--explain`). */
  verbose?: boolean;
  /** When the trace format cannot be detected, list every format, what it looks for and what the trace lacked. */
  explain?: boolean;
  /** Walk through the mismatches on the terminal after the verdict. */
  debug?: boolean;
  /** False after `--no-color`. */
  color: boolean;
  /** False after `--no-side-effects`. */
  sideEffects: boolean;
  /** Keep credentials in the JSON report instead of masking them. */
  showSecrets?: boolean;
  /** Paths of the HTML, Markdown, JUnit XML and CSV reports, when asked for. */
  html?: string;
  markdown?: string;
  junit?: string;
  csv?: string;
  /** Path of the baseline to write, for `toolscore regression`. */
  saveBaseline?: string;
  /** Append the Markdown report to `$GITHUB_STEP_SUMMARY` when it is set. */
  ci?: boolean;
  /** Directory `file_exists` checks resolve against. */
  root?: string;
  /** Database URL for live `sql_rows` checks, and the limits of its queries as typed. */
  db?: string;
  dbAllowSuperuser?: boolean;
  dbTimeout?: string;
  dbMaxRows?: string;
}

/** The SQLite file `--db` names (an input no report may overwrite); a bad URL is an input error here, before anything runs. */
function sqliteFileOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const target = parseDatabaseUrl(url);
  return target.kind === 'sqlite' ? target.path : undefined;
}

/** `--db-allow-superuser`, `--db-timeout SECONDS`, `--db-max-rows N`. */
function parseDatabaseFlags(flags: EvalFlags): {
  dbAllowSuperuser?: boolean;
  dbTimeoutSeconds?: number;
  dbMaxRows?: number;
} {
  const timeout = numberFlag(flags.dbTimeout, '--db-timeout');
  const maxRows = numberFlag(flags.dbMaxRows, '--db-max-rows', true);
  return {
    ...(flags.dbAllowSuperuser === true ? { dbAllowSuperuser: true } : {}),
    ...(timeout === undefined ? {} : { dbTimeoutSeconds: timeout }),
    ...(maxRows === undefined ? {} : { dbMaxRows: maxRows }),
  };
}

/** The report files asked for besides the JSON report, by format. */
function reportPaths(flags: EvalFlags): Partial<Record<ReportFormat, string>> {
  const paths: Partial<Record<ReportFormat, string>> = {};
  for (const format of REPORT_FORMATS) if (flags[format] !== undefined) paths[format] = flags[format];
  return paths;
}

/** `$GITHUB_STEP_SUMMARY` when --ci asks for it: only set in GitHub Actions; elsewhere --ci adds nothing. */
function jobSummaryPath(flags: EvalFlags): string | undefined {
  return flags.ci ? process.env.GITHUB_STEP_SUMMARY || undefined : undefined;
}

/** Every file an `eval` run reads: none of them may be written over. */
function evalInputs(goldFile: string, traceFile: string, flags: EvalFlags): InputFile[] {
  return [
    ['gold file', goldFile],
    ['trace file', traceFile],
    ['forbidden-rules file', flags.forbidden],
    ['tool catalogue', flags.tools],
    ['--db database', sqliteFileOf(flags.db)],
  ];
}

/** Writes the baseline of the result (`--save-baseline`), with the hash of the gold file's bytes. */
async function writeBaseline(result: EvaluationResult, goldFile: string, path: string, now: Date): Promise<void> {
  const { baselineOf } = await import('../../baseline/make.js');
  const baseline = baselineOf(result, { goldText: await readFile(goldFile), now });
  await writeFileAtomic(path, `${JSON.stringify(baseline, null, 2)}\n`);
}

/** What `evaluateTrace` gets from the command line (budgets, then the judge, then the rest: the order of their errors). */
function evaluationOptions(
  goldFile: string,
  traceFile: string,
  format: ReturnType<typeof checkFormatName>,
  weights: ReturnType<typeof parseWeightFlags>,
  flags: EvalFlags,
): Parameters<typeof evaluateTrace>[0] {
  const budgets = parseBudgetFlags(flags);
  const judge = judgeFromFlags(flags);
  return {
    goldFile,
    traceFile,
    format,
    ...(flags.run === undefined ? {} : { run: flags.run }),
    weights,
    strict: flags.strict === true,
    ...(flags.ignoreTools === undefined ? {} : { ignoreTools: toolNames(flags.ignoreTools) }),
    ...(flags.turnAggregate === undefined ? {} : { turnAggregate: flags.turnAggregate }),
    strictGold: flags.strictGold === true,
    forbidden: flags.forbidden,
    validateSideEffects: flags.sideEffects,
    ...(flags.root === undefined ? {} : { root: flags.root }),
    ...(flags.db === undefined ? {} : { db: flags.db }),
    ...parseDatabaseFlags(flags),
    ...(flags.tools === undefined ? {} : { tools: flags.tools }),
    ...(budgets === undefined ? {} : { budgets }),
    limits: parseLimitFlags(flags),
    ...(judge === undefined ? {} : { judge }),
  };
}

/** The exit code of the gates: 1 when --min-score or --fail-on-violations fails (saying why on stderr), else 0. */
function gateExitCode(result: EvaluationResult, minScore: number | undefined, flags: EvalFlags): number {
  let exitCode = 0;
  if (minScore !== undefined && !meetsMinScore(result.score, minScore)) {
    process.stderr.write(`toolscore: score ${result.score} is below --min-score ${minScore}\n`);
    exitCode = 1;
  }
  const forbiddenCalls = result.policyViolations.length;
  const credentials = result.metrics.security_metrics.secret_count;
  const overBudget = result.metrics.budget_metrics?.violation_count ?? 0;
  const failedOutcomes = result.metrics.outcome_metrics?.failed ?? 0;
  if (flags.failOnViolations && result.violationCount > 0) {
    const found = [
      forbiddenCalls > 0 ? plural(forbiddenCalls, 'forbidden call') : '',
      credentials > 0 ? plural(credentials, 'leaked credential') : '',
      overBudget > 0 ? plural(overBudget, 'broken budget') : '',
      failedOutcomes > 0 ? plural(failedOutcomes, 'failed outcome check') : '',
    ]
      .filter(Boolean)
      .join(', ');
    process.stderr.write(`toolscore: --fail-on-violations: ${found}\n`);
    exitCode = 1;
  }
  return exitCode;
}

/**
 * `toolscore eval GOLD TRACE`: scores the trace, writes the JSON report, prints the verdict. Returns the
 * exit code: 1 when a gate (--min-score, --fail-on-violations) fails, else 0. Bad input throws.
 */
export async function runEval(goldFile: string, traceFile: string, flags: EvalFlags): Promise<number> {
  const weights = parseWeightFlags(flags.weight);
  const minScore = flags.minScore === undefined ? undefined : parseMinScore(flags.minScore);
  const format = checkFormatName(flags.format, '--format');
  // Checked first: a walk through the mismatches that cannot read keys should not score anything.
  if (flags.debug && !canDebug()) throw new ToolscoreInputError({ source: '--debug' }, DEBUG_TEXT.noTerminal);
  if (flags.debug && flags.output === STDOUT_PATH)
    throw new ToolscoreInputError({ source: '--debug' }, DEBUG_TEXT.notWithStdout);
  const reports = reportPaths(flags);
  // `-o -` sends the JSON report to stdout, so everything else printed goes to stderr.
  const toStdout = flags.output === STDOUT_PATH;
  const jobSummary = jobSummaryPath(flags);
  checkOutputPaths(
    [
      ...(toStdout ? [] : [['--output', flags.output, 'the report'] as const]),
      ...Object.entries(reports).map(([format, path]) => [`--${format}`, path, 'the report'] as const),
      ...(jobSummary === undefined ? [] : [['$GITHUB_STEP_SUMMARY', jobSummary, 'the job summary'] as const]),
      ...(flags.saveBaseline === undefined ? [] : [['--save-baseline', flags.saveBaseline, 'the baseline'] as const]),
    ],
    evalInputs(goldFile, traceFile, flags),
  );

  const keep = await startKeeping(flags, 'eval', {
    args: [goldFile, traceFile],
    flags,
    gold: goldFile,
    tools: flags.tools,
  });
  let result: Awaited<ReturnType<typeof evaluateTrace>>;
  try {
    result = await evaluateTrace(evaluationOptions(goldFile, traceFile, format, weights, flags));
  } catch (error) {
    await keep?.abort();
    return explainedExit(error, flags.explain === true || flags.verbose === true);
  }
  return keeping(keep, () => finishEval(result, goldFile, traceFile, minScore, flags, keep));
}

/** Writes the reports of a scored trace, prints the verdict, keeps the run; returns the gates' exit code. */
async function finishEval(
  result: EvaluationResult,
  goldFile: string,
  traceFile: string,
  minScore: number | undefined,
  flags: EvalFlags,
  keep: RunKeeper | undefined,
): Promise<number> {
  const reports = reportPaths(flags);
  const toStdout = flags.output === STDOUT_PATH;
  const jobSummary = jobSummaryPath(flags);
  // One moment for every report, so they all carry the same time.
  const now = new Date();
  // A run of a file of several is named file#run in every report, as batch names it.
  const trace = result.traceFile ?? traceFile;
  const jsonSources = { goldFile, traceFile: trace, now, showSecrets: flags.showSecrets === true };
  if (toStdout) process.stdout.write(renderReportJson(result, jsonSources));
  else await generateJsonReport(result, flags.output, jsonSources);
  if (Object.keys(reports).length > 0 || jobSummary !== undefined) {
    const view = buildReportView(result, { goldFile, traceFile: trace, now, minScore });
    await writeReportFiles(view, reports);
    if (jobSummary !== undefined) await appendJobSummary(view, jobSummary);
  }

  const verdict = toStdout ? process.stderr : process.stdout;
  const color = colorEnabled(flags.color, verdict);
  verdict.write(renderReportConsole(result, { verbose: flags.verbose === true, color, goldFile, traceFile: trace }));
  if (result.traceCalls.length === 0 && result.warnings.some(isNothingReadWarning))
    verdict.write(`${nothingReadText(displayText(trace))}\n`);
  if (result.metrics.semantic_metrics) verdict.write(`${semanticScoreText(result.metrics.semantic_metrics)}\n`);
  // A path as typed may hold any character a file name can, escapes included.
  verdict.write(`${REPORT_FILE_LABELS.json}: ${toStdout ? STDOUT_NAME : displayText(flags.output)}\n`);
  for (const [format, path] of Object.entries(reports))
    verdict.write(`${REPORT_FILE_LABELS[format as ReportFormat]}: ${displayText(path)}\n`);
  if (jobSummary !== undefined) verdict.write(`${JOB_SUMMARY_TEXT}\n`);
  if (flags.saveBaseline !== undefined) {
    await writeBaseline(result, goldFile, flags.saveBaseline, now);
    verdict.write(`${BASELINE_FILE_LABEL}: ${displayText(flags.saveBaseline)}\n`);
  }
  if (keep !== undefined) verdict.write(`${await keepEval(keep, result, goldFile, trace, now, minScore)}\n`);
  process.stderr.write(renderWarnings(result.warnings, { color }));
  if (flags.debug) await debugSession(result);

  return gateExitCode(result, minScore, flags);
}

/**
 * Keeps an `eval` run: one case, its results line as batch would write it (named by the trace), its
 * JSON report (credentials masked, whatever --show-secrets says) as the case's detail, and as summary
 * the batch summary of that one line, so every run of the store reads alike.
 */
async function keepEval(
  keep: RunKeeper,
  result: EvaluationResult,
  goldFile: string,
  traceFile: string,
  now: Date,
  minScore: number | undefined,
): Promise<string> {
  const line = resultsLine(traceFile, 0, result);
  const report: unknown = JSON.parse(renderReportJson(result, { goldFile, traceFile, now, showSecrets: false }));
  await keep.writer.addLine(line as unknown as Record<string, unknown>, report);
  const summary = new SummaryBuilder();
  summary.add(line);
  return keep.commit(summary.summary({ createdAt: now, minScore }));
}

/** `--ignore-tools think,calculate`: the names, trimmed, empty ones dropped. */
function toolNames(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
