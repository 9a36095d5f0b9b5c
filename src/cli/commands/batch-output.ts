import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolscoreInputError } from '../../core/errors.js';
import { meetsMinScore } from '../../core/grade.js';
import { readResultsFile } from '../../batch/results-file.js';
import type { BatchRun } from '../../batch/run.js';
import { BATCH_METRICS, type BatchSummary, type BatchTrials, type BatchTurns } from '../../batch/types.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { baselineFromBatch } from '../../baseline/make.js';
import { readResults } from '../../baseline/results.js';
import { BASELINE_FILE_LABEL } from '../../baseline/text.js';
import { appendJobSummaryText } from '../../reports/files.js';
import { displayText, plural } from '../../reports/text.js';
import {
  DISTRIBUTION_HEADER,
  ERRORS_TITLE,
  NOTHING_SCORED_TEXT,
  OUTPUT_LABELS,
  TOOLS_TITLE,
  WORST_CASES_TITLE,
  casesBelowText,
  casesText,
  distributionRow,
  flakyCaseText,
  flakyTitle,
  moreFlakyText,
  PASS_K_LABELS,
  trialCountsText,
  trialLineText,
  trialsTitle,
  turnsTitle,
  FIRST_FAILING_LABELS,
  failFastText,
  goldWarningsTitle,
  gradesText,
  lostCasesText,
  meanBelowText,
  minPassHatKFormatText,
  MORE_GOLD_WARNINGS_TEXT,
  noTrialsText,
  passHatKBelowText,
  passHatKBeyondText,
  moreText,
  passRateText,
  violationsText,
  worstCaseText,
} from '../../batch/text.js';
import { JOB_SUMMARY_TEXT, REPORT_FILE_LABELS, STDOUT_NAME } from '../output-text.js';
import type { OutputFile } from '../output-paths.js';
import { keptChunks, type RunKeeper } from '../store-run.js';
import { numberFlag } from '../scoring-flags.js';

/** The `-o` value that sends the results lines to stdout. */
export const STDOUT_PATH = '-';

/** Flags of what `batch` and `merge` write and gate on. */
export interface BatchOutputFlags {
  /** Results lines (JSON Lines); `-` for stdout. */
  output?: string;
  /** The aggregate, as JSON. */
  summary?: string;
  html?: string;
  markdown?: string;
  junit?: string;
  csv?: string;
  ci?: boolean;
  /** `--min-score` as typed. */
  minScore?: string;
  /** Gate each case on --min-score instead of the mean. */
  minScoreEach?: boolean;
  failOnViolations?: boolean;
  /** `--max-errors N` as typed: how many cases may be lost (not read or scored) before the run fails. */
  maxErrors?: string;
  /** Also write a baseline of the run, for `toolscore regression BASELINE --results`. */
  saveBaseline?: string;
  /** `--min-pass-hat-k k=X` as typed, repeatable. */
  minPassHatK: string[];
}

/** A `--min-pass-hat-k k=X` gate: pass^k of the run's trials must be at least X. */
export interface PassHatKGate {
  k: number;
  min: number;
}

/** `--min-pass-hat-k`, checked before the run starts: each `k=X`, k a whole number ≥ 1, X in [0, 1]. */
export function parseMinPassHatK(flags: BatchOutputFlags): PassHatKGate[] {
  return (flags.minPassHatK ?? []).map((text) => {
    const match = /^\s*(\d{1,6})\s*=\s*([^\s=]+)\s*$/.exec(text);
    const k = match === null ? 0 : Number(match[1]);
    const min = match === null ? Number.NaN : Number(match[2]);
    if (k < 1 || !Number.isFinite(min) || min < 0 || min > 1)
      throw new ToolscoreInputError({ source: '--min-pass-hat-k' }, minPassHatKFormatText(text));
    return { k, min };
  });
}

/** `--max-errors`, checked before the run starts: a whole number, 0 (no lost case allowed) when not given. */
export function parseMaxErrors(flags: BatchOutputFlags): number {
  return numberFlag(flags.maxErrors, '--max-errors', true) ?? 0;
}

/** The batch reports, by flag. */
const REPORT_FLAGS = ['html', 'markdown', 'junit', 'csv'] as const;
type ReportFlag = (typeof REPORT_FLAGS)[number];

/** `$GITHUB_STEP_SUMMARY` when `--ci` asks for it and GitHub Actions set it. */
function jobSummaryPath(flags: BatchOutputFlags): string | undefined {
  return flags.ci ? process.env.GITHUB_STEP_SUMMARY || undefined : undefined;
}

/** Every file the run writes, for `checkOutputPaths`. */
export function batchOutputs(flags: BatchOutputFlags): OutputFile[] {
  const outputs: OutputFile[] = [];
  if (flags.output !== undefined && flags.output !== STDOUT_PATH)
    outputs.push(['--output', flags.output, 'the results']);
  if (flags.summary !== undefined) outputs.push(['--summary', flags.summary, 'the summary']);
  if (flags.saveBaseline !== undefined) outputs.push(['--save-baseline', flags.saveBaseline, 'the baseline']);
  for (const flag of REPORT_FLAGS) {
    const path = flags[flag];
    if (path !== undefined) outputs.push([`--${flag}`, path, 'the report']);
  }
  const jobSummary = jobSummaryPath(flags);
  if (jobSummary !== undefined) outputs.push(['$GITHUB_STEP_SUMMARY', jobSummary, 'the job summary']);
  return outputs;
}

/**
 * Drains a run: writes the results lines (to `-o`, stdout, or a temporary file when only the reports
 * need them), then the summary, the reports, the printed summary; returns the exit code: 2 when no case
 * could be read (or `--fail-fast` stopped), 1 when a gate failed (more cases lost than `maxErrors`
 * allows is one), else 0.
 */
export async function finishRun(
  run: BatchRun,
  flags: BatchOutputFlags,
  options: {
    minScore: number | undefined;
    maxErrors: number;
    /** The `--min-pass-hat-k` gates (required, so no command that declares the flag can forget to apply it). */
    passHatK: readonly PassHatKGate[];
    failFast?: boolean;
    print: NodeJS.WritableStream;
    onEnd?: () => void;
    /** How the results file is written (default: atomically, through a temporary file removed on Ctrl-C). */
    writeResults?: (path: string, chunks: AsyncIterable<string>) => Promise<void>;
    /** The run being kept in the store (`--store`): the lines go there as they pass, the summary at the end. */
    keep?: RunKeeper | undefined;
  },
): Promise<number> {
  const { minScore } = options;
  const jobSummary = jobSummaryPath(flags);
  const reports = REPORT_FLAGS.filter((flag) => flags[flag] !== undefined);
  const toStdout = flags.output === STDOUT_PATH;
  const needsFile = reports.length > 0 || jobSummary !== undefined || flags.saveBaseline !== undefined;
  const scratch =
    needsFile && (flags.output === undefined || toStdout)
      ? await mkdtemp(join(tmpdir(), 'toolscore-batch-'))
      : undefined;
  const resultsPath = scratch === undefined ? flags.output : join(scratch, 'results.jsonl');
  try {
    const text = options.keep === undefined ? run.text() : keptChunks(run.chunks(), options.keep.writer);
    const chunks = toStdout ? echoed(text) : text;
    if (resultsPath !== undefined && resultsPath !== STDOUT_PATH)
      await (options.writeResults ?? writeFileAtomic)(resultsPath, chunks);
    else for await (const _ of chunks);
    options.onEnd?.();
    const summary = run.summary();
    if (flags.summary !== undefined) await writeFileAtomic(flags.summary, `${JSON.stringify(summary, null, 2)}\n`);
    if (resultsPath !== undefined && resultsPath !== STDOUT_PATH && (reports.length > 0 || jobSummary !== undefined))
      await writeReports(summary, resultsPath, flags, reports, jobSummary, minScore);
    if (flags.saveBaseline !== undefined && resultsPath !== undefined) {
      // Made from the summary and the lines as written, so a merged run's baseline is a whole run's.
      const baseline = baselineFromBatch(summary, await readResults(resultsPath), {
        now: new Date(summary.created_at),
      });
      await writeFileAtomic(flags.saveBaseline, `${JSON.stringify(baseline, null, 2)}\n`);
    }
    const out = options.print;
    out.write(renderSummary(summary));
    if (flags.output !== undefined)
      out.write(`${OUTPUT_LABELS.results}: ${toStdout ? STDOUT_NAME : displayText(flags.output)}\n`);
    if (flags.summary !== undefined) out.write(`${OUTPUT_LABELS.summary}: ${displayText(flags.summary)}\n`);
    for (const flag of reports) out.write(`${REPORT_FILE_LABELS[flag]}: ${displayText(flags[flag]!)}\n`);
    if (flags.saveBaseline !== undefined) out.write(`${BASELINE_FILE_LABEL}: ${displayText(flags.saveBaseline)}\n`);
    if (jobSummary !== undefined) out.write(`${JOB_SUMMARY_TEXT}\n`);
    if (options.keep !== undefined) out.write(`${await options.keep.commit(summary)}\n`);
    return exitCode(summary, flags, options);
  } catch (error) {
    await options.keep?.abort();
    throw error;
  } finally {
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
  }
}

/** The chunks, also written to stdout as they pass (`-o -`), waiting whenever stdout is full. */
async function* echoed(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const chunk of chunks) {
    if (!process.stdout.write(chunk)) await new Promise((done) => process.stdout.once('drain', done));
    yield chunk;
  }
}

function exitCode(
  summary: BatchSummary,
  flags: BatchOutputFlags,
  options: {
    minScore: number | undefined;
    maxErrors: number;
    passHatK?: readonly PassHatKGate[];
    failFast?: boolean;
  },
): number {
  // The run stopped at its first bad case, which is the first error of the summary.
  const firstError = summary.errors[0];
  if (options.failFast && firstError !== undefined) {
    process.stderr.write(`${failFastText(displayText(firstError.error))}\n`);
    return 2;
  }
  if (summary.cases.scored === 0) {
    process.stderr.write(`${NOTHING_SCORED_TEXT}\n`);
    return 2;
  }
  let code = 0;
  // A lost case is one the gates below never saw: more of them than allowed fails the run.
  if (summary.cases.failed > options.maxErrors) {
    process.stderr.write(`${lostCasesText(summary.cases.failed, summary.cases.total, options.maxErrors)}\n`);
    code = 1;
  }
  const { minScore } = options;
  if (minScore !== undefined) {
    // pass_rate is passed / scored, so this is the count of cases below, exactly (far below 2^53 cases).
    const below = summary.cases.scored - Math.round(summary.pass_rate! * summary.cases.scored);
    if (flags.minScoreEach && below > 0) {
      process.stderr.write(`${casesBelowText(below, minScore)}\n`);
      code = 1;
    }
    const mean = summary.score.mean!;
    if (!flags.minScoreEach && !meetsMinScore(mean, minScore)) {
      process.stderr.write(`${meanBelowText(mean, minScore)}\n`);
      code = 1;
    }
  }
  const { policy_violations: forbidden, secrets, budget_violations: budgets } = summary.totals;
  if (flags.failOnViolations && forbidden + secrets + budgets > 0) {
    const found = [
      forbidden > 0 ? plural(forbidden, 'forbidden call') : '',
      secrets > 0 ? plural(secrets, 'leaked credential') : '',
      budgets > 0 ? plural(budgets, 'broken budget') : '',
    ]
      .filter(Boolean)
      .join(', ');
    process.stderr.write(`${violationsText(found)}\n`);
    code = 1;
  }
  return Math.max(code, passHatKCode(summary, options.passHatK ?? []));
}

/**
 * The `--min-pass-hat-k` gates: 1 when pass^k is below X; 2 when the run cannot answer (no line has a
 * trial, or a case has fewer than k trials): a gate that cannot be measured never passes.
 */
function passHatKCode(summary: BatchSummary, gates: readonly PassHatKGate[]): number {
  let code = 0;
  for (const { k, min } of gates) {
    const trials = summary.trials;
    if (trials === undefined) {
      process.stderr.write(`${noTrialsText(k)}\n`);
      code = 2;
    } else if (k > trials.min_trials) {
      process.stderr.write(`${passHatKBeyondText(k, trials.min_trials)}\n`);
      code = 2;
    } else {
      const value = trials.pass_hat_k[String(k)]!;
      if (!meetsMinScore(value, min)) {
        process.stderr.write(`${passHatKBelowText(k, value, min)}\n`);
        code = Math.max(code, 1);
      }
    }
  }
  return code;
}

/** The batch reports, rendered from the summary and the results file read again. */
async function writeReports(
  summary: BatchSummary,
  resultsPath: string,
  flags: BatchOutputFlags,
  reports: readonly ReportFlag[],
  jobSummary: string | undefined,
  minScore: number | undefined,
): Promise<void> {
  const renderers = await import('../../batch/reports/index.js');
  const input = {
    summary,
    lines: () => readResultsFile(resultsPath),
    ...(minScore === undefined ? {} : { minScore }),
    minScoreEach: flags.minScoreEach === true,
    now: new Date(summary.created_at),
  };
  for (const flag of reports) {
    const path = flags[flag]!;
    if (flag === 'html') await writeFileAtomic(path, renderers.renderBatchHtml(input));
    else if (flag === 'markdown') await writeFileAtomic(path, await renderers.renderBatchMarkdown(input));
    else if (flag === 'junit') await writeFileAtomic(path, renderers.renderBatchJunit(input));
    else await writeFileAtomic(path, renderers.renderBatchCsv(input));
  }
  if (jobSummary !== undefined)
    await appendJobSummaryText(`${await renderers.renderBatchMarkdown(input)}\n`, jobSummary);
}

/** How many errors the printed summary lists (the summary file keeps 100, the results all). */
const PRINTED_ERRORS = 5;

/** The printed summary: counts, score and metric distributions, grades, pass rate, tools, worst cases, errors. */
function renderSummary(summary: BatchSummary): string {
  const lines = [casesText(summary.cases.scored, summary.cases.failed)];
  if (summary.cases.scored > 0) {
    const rows = [
      [...DISTRIBUTION_HEADER],
      distributionRow('score', summary.score),
      ...BATCH_METRICS.map((name) => distributionRow(name, summary.metrics[name])),
    ];
    lines.push(...table(rows));
    lines.push(gradesText(summary.grades));
    if (summary.min_score !== null) lines.push(passRateText(summary.min_score, summary.pass_rate));
    const tools = Object.entries(summary.tools);
    if (tools.length > 0) {
      lines.push(TOOLS_TITLE);
      lines.push(
        ...table(
          tools.map(([tool, t]) => [
            `  ${displayText(tool)}`,
            String(t.expected_calls),
            String(t.actual_calls),
            String(t.selection_misses),
            t.error_rate === null ? '–' : `${(t.error_rate * 100).toFixed(1)}%`,
          ]),
        ),
      );
    }
    lines.push(WORST_CASES_TITLE);
    // Ids padded to the longest, so scores line up (ids come from files: shown escaped, at most 40 wide).
    const ids = summary.worst_cases.map((worst) => displayText(worst.id));
    const width = Math.min(40, Math.max(0, ...ids.map((id) => id.length)));
    summary.worst_cases.forEach((worst, k) => {
      const issue = worst.top_issue === null ? undefined : displayText(worst.top_issue.problem);
      lines.push(worstCaseText(ids[k]!.padEnd(width), worst.score, worst.grade, issue));
    });
  }
  if (summary.trials !== undefined) lines.push(...renderTrials(summary.trials, summary.min_score));
  if (summary.turns !== undefined) lines.push(...renderTurns(summary.turns));
  if (summary.cases.failed > 0) {
    lines.push(ERRORS_TITLE);
    for (const error of summary.errors.slice(0, PRINTED_ERRORS)) lines.push(`  ${displayText(error.error)}`);
    if (summary.cases.failed > PRINTED_ERRORS) lines.push(moreText(summary.cases.failed - PRINTED_ERRORS));
  }
  const gold = summary.gold_warnings;
  if (gold.cases > 0) {
    lines.push(goldWarningsTitle(gold.cases));
    for (const warning of gold.warnings.slice(0, PRINTED_ERRORS)) lines.push(`  ${displayText(warning)}`);
    if (gold.warnings.length > PRINTED_ERRORS) lines.push(MORE_GOLD_WARNINGS_TEXT);
  }
  return `${lines.join('\n')}\n`;
}

/** How many flaky cases the printed summary lists, each with its trials (the summary file keeps 100). */
const PRINTED_FLAKY_CASES = 5;

/** The trials part of the printed summary: pass^k and pass@k for each k, the counts, the worst flaky cases. */
function renderTrials(trials: BatchTrials, minScore: number | null): string[] {
  const ks = Object.keys(trials.pass_hat_k);
  const lines = [
    trialsTitle(trials.cases, trials.min_trials, trials.max_trials, trials.trials, minScore),
    ...table([
      [`  ${PASS_K_LABELS.k}`, ...ks],
      [`  ${PASS_K_LABELS.hat}`, ...ks.map((k) => trials.pass_hat_k[k]!.toFixed(3))],
      [`  ${PASS_K_LABELS.at}`, ...ks.map((k) => trials.pass_at_k[k]!.toFixed(3))],
    ]),
    trialCountsText(trials.always, trials.never, trials.flaky),
  ];
  if (trials.flaky === 0) return lines;
  lines.push(flakyTitle(trials.flaky));
  for (const flaky of trials.flaky_cases.slice(0, PRINTED_FLAKY_CASES)) {
    lines.push(flakyCaseText(displayText(flaky.id), flaky.c, flaky.n, flaky.mean_score, flaky.score_std_dev));
    for (const trial of flaky.trials)
      lines.push(
        trialLineText(
          trial.trial,
          'error' in trial
            ? { error: displayText(trial.error) }
            : {
                score: trial.score,
                verdict: trial.verdict,
                issue: trial.top_issue === null ? undefined : displayText(trial.top_issue.problem),
              },
        ),
      );
  }
  if (trials.flaky > PRINTED_FLAKY_CASES) lines.push(moreFlakyText(trials.flaky - PRINTED_FLAKY_CASES));
  return lines;
}

/** The turns part of the printed summary: the counts and mean pass rate, then cases by their first failing turn. */
function renderTurns(turns: BatchTurns): string[] {
  const lines = [turnsTitle(turns.cases, turns.turns, turns.passed_turns, turns.mean_pass_rate, turns.all_passed)];
  const failing = Object.entries(turns.first_failing);
  if (failing.length > 0)
    lines.push(
      ...table([
        [`  ${FIRST_FAILING_LABELS.turn}`, ...failing.map(([turn]) => turn)],
        [`  ${FIRST_FAILING_LABELS.cases}`, ...failing.map(([, cases]) => String(cases))],
      ]),
    );
  return lines;
}

/** Rows padded into columns: the first left-aligned, the rest right-aligned. */
function table(rows: readonly string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd(),
  );
}
