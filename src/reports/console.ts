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
function scorePaint(c: Colors, value: number): Paint {
  return value >= 0.9 ? c.green : value >= 0.7 ? c.yellow : c.red;
}

/** Rates of wasted or failed calls, where lower is better. */
function ratePaint(c: Colors, value: number): Paint {
  return value < 0.1 ? c.green : value < 0.3 ? c.yellow : c.red;
}

const VERDICT_PAINT: Readonly<Record<Verdict, (c: Colors) => Paint>> = {
  PASS: (c) => c.green,
  WARN: (c) => c.yellow,
  FAIL: (c) => c.red,
};

/** One metric table row: label, right-aligned value, optional note. */
function row(label: string, value: string, paint: Paint, note = ''): string {
  const line = `  ${label.padEnd(LABEL_WIDTH)}${paint(value.padStart(7))}`;
  return note ? `${line}   ${note}` : line;
}

function recallRow(c: Colors, recall: number | null): string {
  return recall === null ? row('Required call recall', 'n/a', c.dim, 'nothing was expected') : row('Required call recall', percent(recall), scorePaint(c, recall));
}

/**
 * The console verdict of an evaluation: header, score, grade and PASS/WARN/FAIL, a metric table, the
 * required-calls line, "Top issues to fix" and "Behavior and safety". Every text from the input is
 * shown through `displayText` (credentials redacted, control characters escaped).
 */
export function renderConsoleSummary(result: EvaluationResult, options: ConsoleSummaryOptions = {}): string {
  const c = picocolors.createColors(options.color === true);
  const lines: string[] = [];
  const metrics = result.metrics;
  const efficiency = metrics.efficiency_metrics;
  const verdict = verdictFor(result.score);

  const files = options.goldFile !== undefined && options.traceFile !== undefined ? `  ${displayText(options.goldFile)} vs ${displayText(options.traceFile)}` : '';
  lines.push(`${c.bold('Toolscore evaluation')}${c.dim(files)}`, '');
  lines.push(
    `  ${c.bold('Score')} ${scorePaint(c, result.score)(c.bold(percent(result.score)))}   ${c.bold('Grade')} ${scorePaint(c, result.score)(c.bold(result.grade))}   ${c.bold(VERDICT_PAINT[verdict](c)(verdict))}`,
    '',
  );

  if (options.verbose) {
    const tools = metrics.tool_correctness_metrics;
    const sequence = metrics.sequence_metrics;
    const args = metrics.argument_metrics;
    lines.push(`  Expected calls: ${result.goldCalls.length}   Actual calls: ${result.traceCalls.length}`, '');
    lines.push(c.bold('Core metrics'));
    lines.push(
      row('Invocation accuracy', percent(metrics.invocation_accuracy), scorePaint(c, metrics.invocation_accuracy), 'tools called when needed, not otherwise'),
      row('Selection Accuracy', percent(metrics.selection_accuracy), scorePaint(c, metrics.selection_accuracy), 'calls whose tool was expected'),
      row('Tool correctness', percent(tools.tool_correctness), scorePaint(c, tools.tool_correctness), `${tools.correct_count} of ${plural(tools.total_expected, 'expected tool')} called`),
      row('Sequence Accuracy', percent(sequence.sequence_accuracy), scorePaint(c, sequence.sequence_accuracy), `edit distance ${sequence.edit_distance}`),
      row('Argument precision', percent(args.precision), scorePaint(c, args.precision), 'arguments passed that were expected and right'),
      row('Argument recall', percent(args.recall), scorePaint(c, args.recall), 'expected arguments passed right'),
      row('Argument F1', percent(args.f1), scorePaint(c, args.f1)),
      row('Redundant call rate', percent(efficiency.redundant_rate), ratePaint(c, efficiency.redundant_rate), `${efficiency.redundant_count} of ${plural(efficiency.total_calls, 'call')} beyond the expected number`),
      row('Identical call rate', percent(efficiency.identical_rate), ratePaint(c, efficiency.identical_rate), plural(efficiency.identical_count, 'exact repeat')),
      row('Failed call rate', percent(efficiency.error_rate), ratePaint(c, efficiency.error_rate), `${efficiency.error_count} failed`),
      row('Retries after failure', String(efficiency.retry_after_error_count), efficiency.retry_after_error_count === 0 ? c.green : c.yellow, 'failed calls repeated unchanged'),
      recallRow(c, metrics.required_call_recall),
    );
    const weights = WEIGHT_NAMES.map((name) => `${name} ${Math.round(result.weights[name] * 1000) / 10}%`).join(', ');
    lines.push(c.dim(`  Weights: ${weights}`), '');
    lines.push(c.bold('Tool coverage'));
    lines.push(`  Missing tools: ${tools.missing_tools.length ? tools.missing_tools.map(displayText).join(', ') : 'none'}`);
    lines.push(`  Extra tools: ${tools.extra_tools.length ? tools.extra_tools.map(displayText).join(', ') : 'none'}`, '');
  } else {
    lines.push(
      row('Selection Accuracy', percent(metrics.selection_accuracy), scorePaint(c, metrics.selection_accuracy)),
      row('Argument F1', percent(metrics.argument_metrics.f1), scorePaint(c, metrics.argument_metrics.f1)),
      row('Sequence Accuracy', percent(metrics.sequence_metrics.sequence_accuracy), scorePaint(c, metrics.sequence_metrics.sequence_accuracy)),
      recallRow(c, metrics.required_call_recall),
      '',
    );
  }

  const recall = metrics.required_call_recall;
  if (recall !== null && recall < 1) {
    const share = result.weights.required_call_recall;
    const note = share > 0 ? `${Math.round(share * 1000) / 10}% of the score` : 'not part of the score; weight it with --weight required_call_recall=0.3';
    lines.push(`  ${c.yellow(requiredCallsText(recall, result.goldCalls.length))} ${c.dim(`(${note})`)}`, '');
  }

  lines.push(c.bold('Top issues to fix'));
  if (result.topIssues.length === 0) lines.push(`  ${c.green('No tool-calling issues found')}`);
  result.topIssues.slice(0, SHOWN_ISSUES).forEach((issue, k) => {
    lines.push(`  ${k + 1}. ${displayText(issue.problem)}`, `     ${c.dim(`fix: ${displayText(issue.fix)}`)}`);
  });
  const hidden = result.topIssues.length - SHOWN_ISSUES;
  if (hidden > 0) lines.push(`  … and ${plural(hidden, 'more issue')}`);
  lines.push('');

  if (result.findings.length > 0) {
    lines.push(c.bold('Behavior and safety'));
    for (const finding of result.findings) {
      const paint = finding.severity === 'error' ? c.red : c.yellow;
      lines.push(`  ${paint(finding.severity.toUpperCase().padEnd(8))} ${displayText(finding.message)}`);
    }
    lines.push('');
  }

  if (!options.verbose) lines.push(c.dim('Run with --verbose for every metric and the missing and extra tools.'));
  return `${lines.join('\n')}\n`;
}

/** Warnings about skipped or repaired input, one `warning:` line each (the CLI prints them on stderr). */
export function renderWarnings(warnings: readonly string[], options: { color?: boolean } = {}): string {
  const c = picocolors.createColors(options.color === true);
  return warnings.map((warning) => `${c.yellow('warning:')} ${displayText(warning)}\n`).join('');
}
