import picocolors from 'picocolors';
import type { ExpectedCall, ToolCall } from '../core/types.js';
import type { ExtractedCalls } from '../formats/auto.js';
import { encodeArgs } from '../match/operators.js';
import { countedNames, displayText, plural } from './text.js';

/** What `toolscore validate` found in a file: it read as gold, as a trace, or both. */
export interface ValidationView {
  /** The file as named by the user. */
  file: string;
  /** The expected calls, when the file reads as a gold standard. */
  gold?: readonly ExpectedCall[];
  /** The calls, format and warnings, when the file reads as a trace. */
  trace?: ExtractedCalls;
  /** Why the file is not a gold standard, when it was tried as one and only the trace reading worked. */
  goldError?: string;
}

/** How many calls are listed with their arguments. */
const SHOWN_CALLS = 5;

/** Longest argument text shown for one call. */
const MAX_ARGS_TEXT = 120;

function argsText(args: Record<string, unknown> | null, whenNull: string): string {
  if (args === null) return whenNull;
  const text = displayText(JSON.stringify(args));
  return text.length > MAX_ARGS_TEXT ? `${text.slice(0, MAX_ARGS_TEXT - 1)}…` : text;
}

function callLines(
  calls: readonly { tool: string; args: Record<string, unknown> | null }[],
  whenNull: string,
): string[] {
  const lines = calls
    .slice(0, SHOWN_CALLS)
    .map((call, k) => `    ${k + 1}. ${displayText(call.tool)} ${argsText(call.args, whenNull)}`);
  if (calls.length > SHOWN_CALLS) lines.push(`    … and ${plural(calls.length - SHOWN_CALLS, 'more call')}`);
  return lines;
}

function failedLines(calls: readonly ToolCall[]): string[] {
  const failed = calls.map((call, index) => ({ call, index })).filter(({ call }) => call.is_error);
  if (failed.length === 0) return ['  Failed calls: none'];
  const lines = [`  Failed calls: ${failed.length}`];
  for (const { call, index } of failed.slice(0, SHOWN_CALLS)) {
    const error = call.error === undefined ? 'failed without a message' : JSON.stringify(call.error);
    lines.push(`    call ${index + 1} (${displayText(call.tool)}): ${displayText(error)}`);
  }
  if (failed.length > SHOWN_CALLS) lines.push(`    … and ${plural(failed.length - SHOWN_CALLS, 'more failed call')}`);
  return lines;
}

/** The `toolscore validate` summary: what the file is, its tools, its first calls, failures and warnings. */
export function renderValidation(view: ValidationView, options: { color?: boolean } = {}): string {
  const colors = picocolors.createColors(options.color === true);
  const { gold, trace } = view;
  const goldPart = gold && `gold (${plural(gold.length, 'expected call')})`;
  const tracePart = trace && `a trace (${trace.format} format, ${plural(trace.calls.length, 'call')})`;
  const verdict =
    goldPart && tracePart ? `valid as ${goldPart} and as ${tracePart}` : `valid as ${goldPart ?? tracePart}`;
  const lines = [`${displayText(view.file)}: ${colors.green(verdict)}`];
  if (view.goldError !== undefined) lines.push(colors.dim(`  Not a gold file: ${displayText(view.goldError)}`));

  const calls = gold ?? trace?.calls ?? [];
  lines.push(`  Tools: ${calls.length ? displayText(countedNames(calls.map((call) => call.tool))) : 'none'}`);
  if (trace) lines.push(...failedLines(trace.calls));
  if (gold)
    lines.push(
      '  Calls (arguments in gold-file form):',
      ...callLines(
        gold.map((call) => ({ tool: call.tool, args: encodeArgs(call.args) })),
        '(arguments not checked)',
      ),
    );
  else if (trace) lines.push('  Calls:', ...callLines(trace.calls, '(no arguments recorded)'));
  if (trace && trace.warnings.length > 0) {
    lines.push(
      colors.yellow(`  Warnings: ${trace.warnings.length}`),
      ...trace.warnings.map((warning) => `    ${displayText(warning)}`),
    );
  }
  return `${lines.join('\n')}\n`;
}
