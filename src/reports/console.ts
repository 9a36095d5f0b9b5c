import picocolors from 'picocolors';
import { requiredCallsText } from '../core/findings.js';
import { verdictFor, type Verdict } from '../core/grade.js';
import type { EvaluationResult } from '../core/result.js';
import { WEIGHT_NAMES } from '../core/weights.js';
import { displayText, percent, plural } from './text.js';

/** ANSI colour functions, or pass-throughs when colour is off. */
type Colors = ReturnType<typeof picocolors.createColors>;
type Paint = Colors['red'];

/** Options of `renderConsoleSummary()`. */
export interface ConsoleSummaryOptions {
  /** Show every core metric, the call counts and the missing and extra tools. */
  verbose?: boolean;
  /** Colour the text with ANSI escapes (the CLI decides from the terminal, NO_COLOR and --no-color). */
  color?: boolean;
  /** Gold file path, named in the header. */
  goldFile?: string;
  /** Trace file path, named in the header. */
  traceFile?: string;
}

/** How many Top issues are listed before "… and N more". */
const SHOWN_ISSUES = 8;

/** Width of the label column of metric tables. */
const LABEL_WIDTH = 24;

/** Scores: green from 0.9 (PASS), yellow from 0.7 (WARN), else red. */
function scorePaint(colors: Colors, value: number): Paint {
  return value >= 0.9 ? colors.green : value >= 0.7 ? colors.yellow : colors.red;
}

/** Rates of wasted or failed calls, where lower is better. */
function ratePaint(colors: Colors, value: number): Paint {
  return value < 0.1 ? colors.green : value < 0.3 ? colors.yellow : colors.red;
}

const VERDICT_PAINT: Readonly<Record<Verdict, (colors: Colors) => Paint>> = {
  PASS: (colors) => colors.green,
  WARN: (colors) => colors.yellow,
  FAIL: (colors) => colors.red,
};

/** One metric table row: label, right-aligned value, optional note. */
function row(label: string, value: string, paint: Paint, note = ''): string {
  const line = `  ${label.padEnd(LABEL_WIDTH)}${paint(value.padStart(7))}`;
  return note ? `${line}   ${note}` : line;
}

function recallRow(colors: Colors, recall: number | null): string {
  return recall === null ? row('Required call recall', 'n/a', colors.dim, 'nothing was expected') : row('Required call recall', percent(recall), scorePaint(colors, recall));
}

/**
 * The console verdict of an evaluation: header, score, grade and PASS/WARN/FAIL, a metric table, the
 * required-calls line, "Top issues to fix" and "Behavior and safety". Every text from the input is
 * shown through `displayText` (credentials redacted, control characters escaped).
 */
export function renderConsoleSummary(result: EvaluationResult, options: ConsoleSummaryOptions = {}): string {
  const colors = picocolors.createColors(options.color === true);
  const lines: string[] = [];
  const metrics = result.metrics;
  const efficiency = metrics.efficiency_metrics;
  const verdict = verdictFor(result.score);

  const files = options.goldFile !== undefined && options.traceFile !== undefined ? `  ${displayText(options.goldFile)} vs ${displayText(options.traceFile)}` : '';
  lines.push(`${colors.bold('Toolscore evaluation')}${colors.dim(files)}`, '');
  const scoreColor = scorePaint(colors, result.score);
  const score = scoreColor(colors.bold(percent(result.score)));
  const grade = scoreColor(colors.bold(result.grade));
  lines.push(`  ${colors.bold('Score')} ${score}   ${colors.bold('Grade')} ${grade}   ${colors.bold(VERDICT_PAINT[verdict](colors)(verdict))}`, '');

  if (options.verbose) {
    const tools = metrics.tool_correctness_metrics;
    const sequence = metrics.sequence_metrics;
    const args = metrics.argument_metrics;
    lines.push(`  Expected calls: ${result.goldCalls.length}   Actual calls: ${result.traceCalls.length}`, '');
    lines.push(colors.bold('Core metrics'));
    lines.push(
      row('Invocation accuracy', percent(metrics.invocation_accuracy), scorePaint(colors, metrics.invocation_accuracy), 'tools called when needed, not otherwise'),
      row('Selection Accuracy', percent(metrics.selection_accuracy), scorePaint(colors, metrics.selection_accuracy), 'calls whose tool was expected'),
      row('Tool correctness', percent(tools.tool_correctness), scorePaint(colors, tools.tool_correctness), `${tools.correct_count} of ${plural(tools.total_expected, 'expected tool')} called`),
      row('Sequence Accuracy', percent(sequence.sequence_accuracy), scorePaint(colors, sequence.sequence_accuracy), `edit distance ${sequence.edit_distance}`),
      row('Argument precision', percent(args.precision), scorePaint(colors, args.precision), 'arguments passed that were expected and right'),
      row('Argument recall', percent(args.recall), scorePaint(colors, args.recall), 'expected arguments passed right'),
      row('Argument F1', percent(args.f1), scorePaint(colors, args.f1)),
      row('Redundant call rate', percent(efficiency.redundant_rate), ratePaint(colors, efficiency.redundant_rate), `${efficiency.redundant_count} of ${plural(efficiency.total_calls, 'call')} beyond the expected number`),
      row('Identical call rate', percent(efficiency.identical_rate), ratePaint(colors, efficiency.identical_rate), plural(efficiency.identical_count, 'exact repeat')),
      row('Failed call rate', percent(efficiency.error_rate), ratePaint(colors, efficiency.error_rate), `${efficiency.error_count} failed`),
      row('Retries after failure', String(efficiency.retry_after_error_count), efficiency.retry_after_error_count === 0 ? colors.green : colors.yellow, 'failed calls repeated unchanged'),
      recallRow(colors, metrics.required_call_recall),
    );
    const weights = WEIGHT_NAMES.map((name) => `${name} ${percent(result.weights[name])}`).join(', ');
    lines.push(colors.dim(`  Weights: ${weights}`), '');
    lines.push(colors.bold('Tool coverage'));
    lines.push(`  Missing tools: ${tools.missing_tools.length ? tools.missing_tools.map(displayText).join(', ') : 'none'}`);
    lines.push(`  Extra tools: ${tools.extra_tools.length ? tools.extra_tools.map(displayText).join(', ') : 'none'}`, '');
  } else {
    lines.push(
      row('Selection Accuracy', percent(metrics.selection_accuracy), scorePaint(colors, metrics.selection_accuracy)),
      row('Argument F1', percent(metrics.argument_metrics.f1), scorePaint(colors, metrics.argument_metrics.f1)),
      row('Sequence Accuracy', percent(metrics.sequence_metrics.sequence_accuracy), scorePaint(colors, metrics.sequence_metrics.sequence_accuracy)),
      recallRow(colors, metrics.required_call_recall),
      '',
    );
  }

  const recall = metrics.required_call_recall;
  if (recall !== null && recall < 1) {
    const share = result.weights.required_call_recall;
    const note = share > 0 ? `${percent(share)} of the score` : 'not part of the score; weight it with --weight required_call_recall=0.3';
    lines.push(`  ${colors.yellow(requiredCallsText(recall, result.goldCalls.length))} ${colors.dim(`(${note})`)}`, '');
  }

  lines.push(colors.bold('Top issues to fix'));
  if (result.topIssues.length === 0) lines.push(`  ${colors.green('No tool-calling issues found')}`);
  result.topIssues.slice(0, SHOWN_ISSUES).forEach((issue, k) => {
    lines.push(`  ${k + 1}. ${displayText(issue.problem)}`, `     ${colors.dim(`fix: ${displayText(issue.fix)}`)}`);
  });
  const hidden = result.topIssues.length - SHOWN_ISSUES;
  if (hidden > 0) lines.push(`  … and ${plural(hidden, 'more issue')}`);
  lines.push('');

  if (result.findings.length > 0) {
    lines.push(colors.bold('Behavior and safety'));
    for (const finding of result.findings) {
      const paint = finding.severity === 'error' ? colors.red : colors.yellow;
      lines.push(`  ${paint(finding.severity.toUpperCase().padEnd(8))} ${displayText(finding.message)}`);
    }
    lines.push('');
  }

  if (!options.verbose) lines.push(colors.dim('Run with --verbose for every metric and the missing and extra tools.'));
  return `${lines.join('\n')}\n`;
}

/** Warnings about skipped or repaired input, one `warning:` line each (the CLI prints them on stderr). */
export function renderWarnings(warnings: readonly string[], options: { color?: boolean } = {}): string {
  const colors = picocolors.createColors(options.color === true);
  return warnings.map((warning) => `${colors.yellow('warning:')} ${displayText(warning)}\n`).join('');
}
